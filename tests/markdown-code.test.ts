/**
 * Names in Markdown code spans (report.md, changes.md, the CI summary) are shown as typed,
 * a backtick included: it was printed as an apostrophe, another name than the metric's (a
 * CI audit: `win.d4'x` for win.d4`x).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { codeSpan } from '../reports/markdown.ts';
import { poolsim, tempFolders } from './helpers.ts';

/** This file's temporary folders, removed after its tests (helpers.ts tempFolders). */
const tempFolder = tempFolders();

describe('codeSpan', () => {
  test('fences a backtick with one more, pads a span that starts or ends with one, escapes the table\'s |', () => {
    expect(codeSpan('win.a')).toBe('`win.a`');
    expect(codeSpan('win.d4`x')).toBe('``win.d4`x``');
    expect(codeSpan('a``b')).toBe('```a``b```');
    expect(codeSpan('`edge')).toBe('`` `edge ``');
    expect(codeSpan('a|b')).toBe('`a\\|b`');
  });

  test('report.md names a metric with a backtick as typed', async () => {
    const dir = tempFolder('poolsim-md-code-');
    const f = join(dir, 'tick.json');
    const sides = [{ name: 'd4`x', combatants: [{ name: 'captain', dice: ['d4'] }] }, { name: 'b', combatants: [{ name: 'boss' }] }];
    writeFileSync(f, JSON.stringify({ name: 'tick', system: 'viciousness', mechanic: 'clash', trials: 1000, seed: 't', setup: { sides }, expect: [{ metric: 'top.d4`x', atLeast: 0 }] }));
    const r = await poolsim('report', f, '--out', join(dir, 'out'), '--workers', '1');
    expect(r.code, r.err).toBe(0);
    const md = readFileSync(join(dir, 'out', 'tick', 'report.md'), 'utf8');
    expect(md).toContain('``top.d4`x``');
    expect(md).not.toContain("top.d4'x");
  });
});
