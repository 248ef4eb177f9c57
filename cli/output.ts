/**
 * What a command prints on stdout (run, merge, solve and diff: the result JSON or text)
 * goes through here, so that it is written whole or the command fails.
 *
 * Where stdout is a regular file (`poolsim run --json > result.json`), Node writes it with
 * a stream that calls fs.writeSync once per write and ignores how many bytes it took: on a
 * nearly full disk the first write is short, the rest is dropped without an error, and the
 * command exited 0 with cut-off JSON (an audit). Here a regular file is written by a loop
 * of fs.writeSync until every byte is taken; a short write is followed by the next, which
 * then fails with the reason (ENOSPC), and main says "the output could not be written"
 * and exits 3, the file cut back to what it held before (outputOf). A pipe or terminal is written as before, by its own stream: it takes every
 * byte or emits an error (bin/poolsim.js handles it), and a non-blocking pipe could refuse
 * a direct write with EAGAIN.
 */
import { fstatSync, ftruncateSync, writeSync } from 'node:fs';

/** What a command writes its output to. */
export interface Output {
  write(text: string): void;
}

/** fs.writeSync's shape as used here (tests substitute one that writes short). */
export type WriteSync = (fd: number, buffer: Uint8Array, offset: number, length: number) => number;

/** The output could not be written whole: `message` says why (the system's words). */
export class OutputFailed extends Error {}

function isRegularFile(fd: number): boolean {
  try {
    return fstatSync(fd).isFile();
  } catch {
    return false;
  }
}

/** Write all of `bytes` to `fd`, however many calls it takes; a failure is OutputFailed. */
export function writeWhole(fd: number, bytes: Uint8Array, write: WriteSync = writeSync): void {
  let done = 0;
  while (done < bytes.length) {
    let n: number;
    try {
      n = write(fd, bytes, done, bytes.length - done);
    } catch (e) {
      throw new OutputFailed((e as Error).message);
    }
    // A regular file takes at least a byte or fails; a write of none would loop forever.
    if (!(n > 0)) throw new OutputFailed(`the system took none of the last ${(bytes.length - done).toLocaleString('en')} bytes`);
    done += n;
  }
}

/**
 * `out` (process.stdout, or a test's capture) as an Output: a regular file behind it is
 * written whole by writeWhole, and where a write fails the file is cut back to the size it
 * had before the command's first write, so that no partial output is left to be read as
 * the whole (`> result.json` leaves an empty file; `>>` the file as it was). Anything else
 * is written by `out.write`, as it was.
 */
export function outputOf(out: NodeJS.WritableStream, write: WriteSync = writeSync): Output {
  const fd = (out as { fd?: unknown }).fd;
  if (typeof fd !== 'number' || !isRegularFile(fd)) return { write: (text) => void out.write(text) };
  let before: number | undefined;
  return {
    write: (text) => {
      before ??= fstatSync(fd).size;
      try {
        writeWhole(fd, Buffer.from(text, 'utf8'), write);
      } catch (e) {
        try {
          if (fstatSync(fd).size > before) ftruncateSync(fd, before);
        } catch {
          // What was written stays; the failure is still said, and the exit status is 3.
        }
        throw e;
      }
    },
  };
}
