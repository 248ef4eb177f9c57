/**
 * Every scenario of the library says what it asks: its report page, its Markdown and the
 * report index open with the `description` (a question kept only in YAML comments never
 * reaches a reader — marksman-push and campaign-marksman-push had theirs so until
 * December 2026).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';

const SCENARIOS = resolve(import.meta.dirname, '..', 'scenarios');
const files = readdirSync(SCENARIOS).filter((f) => /\.(json|ya?ml)$/.test(f)).sort();

describe('the library', () => {
  test('has scenarios to check', () => expect(files.length).toBeGreaterThan(50));

  test.each(files)('%s has a description', (file) => {
    const scenario = parse(readFileSync(join(SCENARIOS, file), 'utf8')) as { description?: unknown };
    expect(typeof scenario.description, file).toBe('string');
    expect((scenario.description as string).trim().length, file).toBeGreaterThan(40);
  });
});
