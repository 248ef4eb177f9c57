/**
 * A stop signal that comes as a command writes its output (an audit, December 2026): with
 * no listener left once the run was done, Node ended mid-write, and `run --json > r.json`
 * left 14 MB of an 84 MB result, a shard its `.partial` file, both unsaid, exit 130/143.
 * Now the signal lands once the write is whole (cli/signals.ts), and the output is taken
 * back: nothing written, said, exit 128 + the signal's number. Each case runs in a child
 * process that signals itself in the middle of the write (tests/signal-child.ts).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { poolsim } from './helpers.ts';

const dir = mkdtempSync(join(tmpdir(), 'poolsim-write-signals-'));
const CHILD = join(import.meta.dirname, 'signal-child.ts');
const AMBUSH = join(import.meta.dirname, '..', 'scenarios', 'ambush-d4.yaml');
const HEIST = join(import.meta.dirname, '..', 'scenarios', 'solve-heist.yaml');

function child(...args: string[]) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', CHILD, ...args], { encoding: 'utf8', env: { ...process.env, CI: 'true' }, maxBuffer: 64 * 1024 * 1024 });
  return { code: r.status, killedBy: r.signal, out: r.stdout, err: r.stderr };
}

describe('a stop signal as the output is written', () => {
  test('to a file (`> result.json`): the file is cut back to nothing, "nothing was written", 130 or 143', async () => {
    const result = join(dir, 'base.json');
    writeFileSync(result, (await poolsim('run', AMBUSH, '--trials', '2000', '--json')).out);
    const cases: [string, string[]][] = [
      ['SIGINT', ['run', AMBUSH, '--trials', '2000', '--workers', '1', '--json']],
      ['SIGTERM', ['solve', HEIST, '--workers', '1', '--json']],
      ['SIGINT', ['diff', result, result, '--json']],
    ];
    for (const [signal, args] of cases) {
      const out = join(dir, `${args[0]}-out.json`);
      const r = child('file', signal, out, '--', ...args);
      expect(r.killedBy, `${args[0]}: ended by the signal itself, mid-write`).toBeNull();
      expect(r.err, args[0]).toBe(`poolsim: interrupted by ${signal}, nothing was written\n`);
      expect(r.code).toBe(signal === 'SIGINT' ? 130 : 143);
      expect(readFileSync(out, 'utf8'), `${args[0]}: the file after the signal`).toBe('');
    }
  }, 120_000);

  test('to a pipe, which cannot be taken back: written whole first, and said so', async () => {
    const whole = await poolsim('run', AMBUSH, '--trials', '2000', '--workers', '1', '--json');
    const r = child('pipe', 'SIGINT', '--', 'run', AMBUSH, '--trials', '2000', '--workers', '1', '--json');
    expect(r.killedBy).toBeNull();
    expect(r.out).toBe(whole.out);
    expect(r.err).toBe('poolsim: interrupted by SIGINT as the output was written: it was written whole first, and what goes to a pipe or a terminal cannot be taken back\n');
    expect(r.code).toBe(130);
  }, 60_000);

  test('a shard\'s part file: not published, its temporary file removed', () => {
    const folder = mkdtempSync(join(dir, 'part-'));
    const r = child('part', 'SIGTERM', join(folder, 'part.json'));
    expect(r.killedBy).toBeNull();
    expect(r.err).toBe('interrupted by SIGTERM\n');
    expect(r.code).toBe(143);
    expect(readdirSync(folder)).toEqual([]);
  }, 60_000);
});
