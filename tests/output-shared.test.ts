/**
 * A command's stdout that is a file others write too (`>> log`, nohup.out, `{ a & b & } > f`)
 * keeps their lines when the command's own output fails part way (a review: outputOf cut
 * the file back to its size before the command, and deleted a line another process had
 * appended meanwhile).
 */
import { appendFileSync, closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync as fsWriteSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { OutputFailed, outputOf } from '../cli/output.ts';

const dir = mkdtempSync(join(tmpdir(), 'poolsim-output-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const quota = () => Object.assign(new Error('EDQUOT: disk quota exceeded, write'), { code: 'EDQUOT', errno: -122, syscall: 'write' });

/** A log opened for append holding `start`; stdout on it, whose writes take `room` bytes, then fail (EDQUOT). */
function sharedLog(name: string, start: string, room: number) {
  const path = join(dir, name);
  appendFileSync(path, start);
  const fd = openSync(path, 'a');
  const write = (fd: number, buffer: Uint8Array, offset: number, length: number) => {
    if (room === 0) throw quota();
    const n = Math.min(room, length);
    room -= n;
    return fsWriteSync(fd, buffer, offset, n);
  };
  const out = outputOf({ fd, write: () => true } as unknown as NodeJS.WritableStream, write);
  return { path, out, close: () => closeSync(fd) };
}

function failure(f: () => void): OutputFailed {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(OutputFailed);
    return e as OutputFailed;
  }
  throw new Error('no failure');
}

describe('a failed write to a shared file never removes what others wrote', () => {
  test('another process\'s line appended between this one\'s writes survives; the output is left, partial, and the message says so', () => {
    const log = sharedLog('shared.log', 'earlier line\n', 5);
    try {
      log.out.write('hello'); // 5 bytes: taken
      appendFileSync(log.path, 'another process\'s line\n'); // a second writer on the same log
      const e = failure(() => log.out.write(' world, and the rest of the result\n'));
      expect(e.message).toBe('EDQUOT: disk quota exceeded, write; the 5 bytes written before it were left in the file, partial (it was written to by something else too, so it was not cut back: only a file as this command left it is)');
      expect(readFileSync(log.path, 'utf8')).toBe('earlier line\nhelloanother process\'s line\n');
    } finally {
      log.close();
    }
  });

  test('a file nothing else wrote to is cut back to what it held before the command (`>>`), with the system\'s words alone', () => {
    const log = sharedLog('own.log', 'earlier line\n', 8);
    try {
      log.out.write('hello');
      const e = failure(() => log.out.write(' world\n'));
      expect(e.message).toBe('EDQUOT: disk quota exceeded, write');
      expect(readFileSync(log.path, 'utf8')).toBe('earlier line\n');
    } finally {
      log.close();
    }
  });

  test('where nothing of this command\'s was written, nothing is cut, even if the file grew', () => {
    const log = sharedLog('none.log', 'earlier line\n', 0);
    try {
      appendFileSync(log.path, 'another\n');
      const e = failure(() => log.out.write('hello\n'));
      expect(e.message).toBe('EDQUOT: disk quota exceeded, write');
      expect(readFileSync(log.path, 'utf8')).toBe('earlier line\nanother\n');
    } finally {
      log.close();
    }
  });
});
