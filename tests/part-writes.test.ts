/**
 * A shard's part file (`run --shard I/N --out PART`) is written whole or not at all, and
 * never over a file poolsim did not write (an audit, December 2026): not through a link
 * planted at its temporary name, nor over a file put at `--out` while the shard ran.
 */
import { lstatSync, mkdtempSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ShardError, checkPartTarget, writeAtomically } from '../cli/shard.ts';

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

describe('a file put at --out while the shard ran is never replaced', () => {
  test('where nothing was there before the run, a file that appeared since is kept and the part refused', () => {
    const dir = mkdtempSync(join(tmpdir(), 'poolsim-part-'));
    const out = join(dir, 'race.json');
    checkPartTarget(out); // before the run: nothing there
    writeFileSync(out, 'notes'); // the user, while it runs
    expect(() => writeAtomically(out, part(1))).toThrow(ShardError);
    expect(() => writeAtomically(out, part(1))).toThrow(`--out ${out}: what is there now is a file poolsim did not write, put there while the shard ran, so the part was not written; a part file replaces only a part file an earlier shard wrote — give a new file name, and run the shard again`);
    expect(readFileSync(out, 'utf8')).toBe('notes');
    expect(readdirSync(dir)).toEqual(['race.json']);
  });

  test('where a part was there before the run, it is looked at again before it is replaced', () => {
    const dir = mkdtempSync(join(tmpdir(), 'poolsim-part-'));
    const out = join(dir, 'part.json');
    writeFileSync(out, part(0));
    checkPartTarget(out); // an earlier shard's part: may be replaced
    writeAtomically(out, part(1));
    expect(readFileSync(out, 'utf8')).toBe(part(1));
    writeFileSync(out, 'notes'); // the part replaced by the user's own file while the next shard runs
    expect(() => writeAtomically(out, part(2))).toThrow(`--out ${out}: what is there now is a file poolsim did not write, put there while the shard ran, so the part was not written`);
    expect(readFileSync(out, 'utf8')).toBe('notes');
    expect(readdirSync(dir)).toEqual(['part.json']);
  });
});
