/**
 * The malformed-scenario corpus (tests/malformed/): every file is refused before anything
 * runs, with a message naming the file, the path inside it and what was expected.
 * expected.json holds the message each file must produce.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test, vi } from 'vitest';
import { loadPlans } from '../cli/load.ts';
import { ScenarioErrors } from '../sim/scenario.ts';

const dir = join(import.meta.dirname, 'malformed');
const expected: Record<string, string> = JSON.parse(readFileSync(join(dir, 'expected.json'), 'utf8'));
const files = readdirSync(dir).filter((f) => f !== 'expected.json');

describe('malformed scenario files', () => {
  test('every file in the corpus has its expected message, and there are at least 15', () => {
    expect(files.sort()).toEqual(Object.keys(expected).sort());
    expect(files.length).toBeGreaterThanOrEqual(15);
  });

  test.each(files)('%s', (file) => {
    // Refused cleanly: no library warning on stderr beside the message (a YAML key that is
    // a list printed Node's "Keys with collection values will be stringified").
    const warnings: string[] = [];
    const warning = vi.spyOn(process, 'emitWarning').mockImplementation((w) => void warnings.push(String(w)));
    let error: unknown;
    try {
      loadPlans([join(dir, file)]);
    } catch (e) {
      error = e;
    } finally {
      warning.mockRestore();
    }
    expect(warnings).toEqual([]);
    expect(error).toBeInstanceOf(ScenarioErrors);
    const messages = (error as ScenarioErrors).errors.map((e) => e.message);
    expect(messages.join('\n')).toContain(expected[file]);
    // The file is named, and so is where inside it.
    for (const m of messages) expect(m.startsWith(join(dir, file) + ': ')).toBe(true);
  });
});
