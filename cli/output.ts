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
 * and exits 3, the file cut back to what it held before where nothing else wrote to it
 * meanwhile (outputOf). A pipe or terminal is written as before, by its own stream: it takes every
 * byte or emits an error (bin/poolsim.js handles it), and a non-blocking pipe could refuse
 * a direct write with EAGAIN.
 */
import { fstatSync, ftruncateSync, writeSync } from 'node:fs';

/** What a command writes its output to. */
export interface Output {
  write(text: string): void;
  /**
   * Take back everything written so far (a stop signal came during the writes, main's
   * holdingStops): undefined where it was (or nothing was written), else why it could not be.
   */
  takeBack?(): string | undefined;
}

/** fs.writeSync's shape as used here (tests substitute one that writes short). */
export type WriteSync = (fd: number, buffer: Uint8Array, offset: number, length: number) => number;

/** The output could not be written whole: `message` says why (the system's words); `written` bytes of it were taken first. */
export class OutputFailed extends Error {
  constructor(
    message: string,
    readonly written = 0,
  ) {
    super(message);
  }
}

function isRegularFile(fd: number): boolean {
  try {
    return fstatSync(fd).isFile();
  } catch {
    return false;
  }
}

/** Write all of `bytes` to `fd`, however many calls it takes (returns how many: all); a failure is OutputFailed, with the bytes taken before it. */
export function writeWhole(fd: number, bytes: Uint8Array, write: WriteSync = writeSync): number {
  let done = 0;
  while (done < bytes.length) {
    let n: number;
    try {
      n = write(fd, bytes, done, bytes.length - done);
    } catch (e) {
      throw new OutputFailed((e as Error).message, done);
    }
    // A regular file takes at least a byte or fails; a write of none would loop forever.
    if (!(n > 0)) throw new OutputFailed(`the system took none of the last ${(bytes.length - done).toLocaleString('en')} bytes`, done);
    done += n;
  }
  return done;
}

/**
 * `out` (process.stdout, or a test's capture) as an Output: a regular file behind it is
 * written whole by writeWhole. Where a write fails, what this process wrote is cut off
 * again, so that no partial output is left to be read as the whole (`> result.json`, which
 * the shell emptied, is left empty; `>> log` as it was before the command), but only where
 * the file is as this process left it: its size that before the first write plus every
 * byte written since. A file other processes write too (a shared `>> log`, nohup.out,
 * `{ a & b & } > f`) grew by their lines as well, and cutting it back to its old size
 * deleted their output (a review): there, what was written is left in the file and the
 * message says so. (Another process's write between the size looked at and the cut is a
 * window no file call closes: it is a few microseconds, only after a write failed.)
 * Anything else is written by `out.write`, as it was.
 */
export function outputOf(out: NodeJS.WritableStream, write: WriteSync = writeSync): Output {
  const fd = (out as { fd?: unknown }).fd;
  if (typeof fd !== 'number' || !isRegularFile(fd)) {
    let wrote = false;
    return {
      write: (text) => {
        wrote ||= text.length > 0;
        void out.write(text);
      },
      takeBack: () => (wrote ? 'what goes to a pipe or a terminal cannot be taken back' : undefined),
    };
  }
  let before: number | undefined;
  let written = 0;
  /** Cut the file back to its size before the first write, where it is as this process left it. */
  const cutBack = (): boolean => {
    if (before === undefined || written === 0) return true;
    try {
      if (fstatSync(fd).size !== before + written) return false;
      ftruncateSync(fd, before);
      written = 0;
      return true;
    } catch {
      return false;
    }
  };
  return {
    takeBack: () => (cutBack() ? undefined : 'the file was not cut back: something else wrote to it too, and only a file as this command left it is'),
    write: (text) => {
      before ??= fstatSync(fd).size;
      try {
        written += writeWhole(fd, Buffer.from(text, 'utf8'), write);
      } catch (e) {
        if (!(e instanceof OutputFailed)) throw e;
        written += e.written;
        if (written === 0) throw e;
        const wrote = written;
        // Not cut: said below, and the exit status is 3 all the same.
        if (cutBack()) throw e;
        throw new OutputFailed(
          `${e.message}; the ${wrote.toLocaleString('en')} bytes written before it were left in the file, partial` +
            ` (it was written to by something else too, so it was not cut back: only a file as this command left it is)`,
          written,
        );
      }
    },
  };
}
