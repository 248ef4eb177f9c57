/**
 * A shard's part file (`run --shard I/N --out PART`) is written whole or not at all, and
 * never over a file poolsim did not write (an audit, December 2026): not through a link
 * planted at its temporary name, nor over a file put at `--out` while the shard ran.
 */
import { lstatSync, mkdtempSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { writeAtomically } from '../cli/shard.ts';

const part = (n: number) => `{"format":"poolsim-part","n":${n}}\n`;

describe('the part is written to a temporary name of its own', () => {
  test('a link planted at the name the temporary file once had (<out>.<pid>.partial) is never written through', () => {
    const dir = mkdtempSync(join(tmpdir(), 'poolsim-part-'));
    const out = join(dir, 'part.json');
    const victim = join(dir, 'victim.txt');
    writeFileSync(victim, 'my notes');
    const planted = `${out}.${process.pid}.partial`;
    symlinkSync(victim, planted);
    writeAtomically(out, part(1));
    expect(readFileSync(victim, 'utf8')).toBe('my notes');
    expect(lstatSync(out).isFile()).toBe(true);
    expect(readFileSync(out, 'utf8')).toBe(part(1));
    // The planted link is not poolsim's: left alone; no temporary file of its own is left.
    expect(lstatSync(planted).isSymbolicLink()).toBe(true);
    expect(readdirSync(dir).sort()).toEqual(['part.json', 'part.json.' + process.pid + '.partial', 'victim.txt'].sort());
  });
});
