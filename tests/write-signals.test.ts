/**
 * A stop signal that comes as a command writes its output to a file (an audit, December
 * 2026): with no listener left once the run was done, Node ended mid-write, and
 * `run --json > r.json` left 14 MB of an 84 MB result, a shard its `.partial` file, both
 * unsaid, exit 130/143. Now the signal lands once the write is whole (cli/signals.ts), and
 * the output is taken back: nothing written, said, exit 128 + the signal's number. Each case
 * runs in a child process that signals itself in the middle of the write
 * (tests/signal-child.ts), its stdout a file opened as a shell opens one.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { poolsim, tempFolders } from './helpers.ts';

/** This file's temporary folders, removed after its tests (helpers.ts tempFolders). */
const tempFolder = tempFolders();

const dir = tempFolder('poolsim-write-signals-');
const CHILD = join(import.meta.dirname, 'signal-child.ts');
const AMBUSH = join(import.meta.dirname, '..', 'scenarios', 'ambush-d4.yaml');
const HEIST = join(import.meta.dirname, '..', 'scenarios', 'solve-heist.yaml');
const RUN = ['run', AMBUSH, '--trials', '2000', '--workers', '1', '--json'];

/**
 * The child with stdout on `file`, opened as `>` ('w') or `>>` ('a') opens it, and stderr
 * piped here, or on the same open file (`2>&1`).
 */
function child(file: string, flags: 'w' | 'a', errToo: boolean | 'opened again', ...args: string[]) {
  const fd = openSync(file, flags);
  // `2> f` beside `> f`: the same file opened a second time, with an offset of its own.
  const again = errToo === 'opened again' ? openSync(file, flags) : undefined;
  try {
    const r = spawnSync(process.execPath, ['--import', 'tsx', CHILD, ...args], { encoding: 'utf8', env: { ...process.env, CI: 'true' }, stdio: ['ignore', fd, again ?? (errToo ? fd : 'pipe')] });
    return { code: r.status, killedBy: r.signal, err: r.stderr ?? '', file: readFileSync(file, 'utf8') };
  } finally {
    closeSync(fd);
    if (again !== undefined) closeSync(again);
  }
}

describe('a stop signal as the output is written to a file', () => {
  test('`> result.json`: the file is cut back to nothing, "nothing was written", 130 or 143 (run, solve, diff)', async () => {
    const result = join(dir, 'base.json');
    writeFileSync(result, (await poolsim(...RUN.filter((a) => a !== '--workers' && a !== '1'))).out);
    const cases: [string, string[]][] = [
      ['SIGINT', RUN],
      ['SIGTERM', ['solve', HEIST, '--workers', '1', '--json']],
      ['SIGINT', ['diff', result, result, '--json']],
    ];
    for (const [signal, args] of cases) {
      const r = child(join(dir, `${args[0]}-out.json`), 'w', false, 'file', signal, '--', ...args);
      expect(r.killedBy, `${args[0]}: ended by the signal itself, mid-write`).toBeNull();
      expect(r.err, args[0]).toBe(`poolsim: interrupted by ${signal}, nothing was written\n`);
      expect(r.code).toBe(signal === 'SIGINT' ? 130 : 143);
      expect(r.file, `${args[0]}: the file after the signal`).toBe('');
    }
  }, 120_000);

  test('`>> log 2>&1`: cut back to what the log held, and the line said after it', () => {
    const log = join(dir, 'appended.log');
    writeFileSync(log, 'an earlier line\n');
    const r = child(log, 'a', true, 'file', 'SIGINT', '--', ...RUN);
    expect(r.code).toBe(130);
    expect(r.file).toBe('an earlier line\npoolsim: interrupted by SIGINT, nothing was written\n');
  }, 60_000);

  test('`> f 2>&1`: not cut back, which would leave zero bytes in front of the line (a review); written whole first, and said so', async () => {
    const whole = await poolsim(...RUN);
    const r = child(join(dir, 'shared.log'), 'w', true, 'file', 'SIGINT', '--', ...RUN);
    expect(r.code).toBe(130);
    expect(r.file).not.toContain('\0');
    expect(r.file).toBe(`${whole.out}poolsim: interrupted by SIGINT as the output was written: it was written whole first, and left there: stderr writes to the same open file (2>&1), not opened for append (or this system does not say), and cutting it back there would leave zero bytes in front of what comes next\n`);
  }, 60_000);

  test('`> f 2> f`, the file opened twice: each has its own offset, so it is cut back, and the line is all it holds (it was left whole and blamed on 2>&1: a review)', () => {
    const r = child(join(dir, 'twice.log'), 'w', 'opened again', 'file', 'SIGINT', '--', ...RUN);
    expect(r.code).toBe(130);
    expect(r.file).toBe('poolsim: interrupted by SIGINT, nothing was written\n');
  }, 60_000);

  test('a shard\'s part file: not published, its temporary file removed; Ctrl-C twice as well (the second ended the process and left the .partial: a review)', () => {
    for (const signal of ['SIGTERM', 'SIGINT,SIGINT']) {
      const folder = mkdtempSync(join(dir, 'part-'));
      const r = spawnSync(process.execPath, ['--import', 'tsx', CHILD, 'part', signal, join(folder, 'part.json')], { encoding: 'utf8', env: { ...process.env, CI: 'true' } });
      expect(r.signal, signal).toBeNull();
      expect(r.stderr).toBe(`interrupted by ${signal.split(',')[0]}\n`);
      expect(r.status).toBe(signal === 'SIGTERM' ? 143 : 130);
      expect(readdirSync(folder)).toEqual([]);
    }
  }, 60_000);
});

describe('a stop signal as the new reports are swapped in', () => {
  test('lands once the swap is done: the reports stay, it is said, with its exit code (a files audit: dropped, exit 0)', async () => {
    // The signal after the write's last look (cli/report-command.ts): as if during the swap.
    const { withWriteSignals } = await import('../cli/report-command.ts');
    const { InterruptedAfterOutput } = await import('../cli/signals.ts');
    const done = withWriteSignals(undefined, async (signal) => {
      expect(signal.aborted).toBe(false);
      process.emit('SIGTERM');
      return 'swapped';
    });
    const error = await done.then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(InterruptedAfterOutput);
    expect((error as { signal?: string }).signal).toBe('SIGTERM');
    expect((error as Error).message).toBe('interrupted by SIGTERM as the output was written: it was written whole first, and left there: the new reports were already in place when the signal came');
    // And none: the work's own result.
    await expect(withWriteSignals(undefined, async () => 'swapped')).resolves.toBe('swapped');
  });
});
