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
import { fstatSync, ftruncateSync, readFileSync, readdirSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/** What a command writes its output to. */
export interface Output {
  write(text: string): void;
  /**
   * Where stdout is a regular file: take back everything written so far (a stop signal
   * came during the writes, main's holdingStops): undefined where it was (or nothing was
   * written), else why it could not be.
   */
  takeBack?(): string | undefined;
  /** Where stdout is a regular file: which one (device and inode), so that a command never reads it as an input (outputAmong). */
  readonly file?: { readonly dev: number; readonly ino: number };
}

/**
 * The first of `files` that is the regular file the output goes to, or undefined: `poolsim
 * merge part-0.json part-1.json --json >> part-1.json` appended the result to the part it
 * read, and `run s.json --json >> s.json` to the scenario (a files audit: exit 0, the file
 * no longer JSON). A command refuses such an input before anything runs, as `cat f >> f`
 * does. A folder among `files` is looked into one level (a report folder's
 * `<scenario>/results.json`, what `diff` reads); a name that leads nowhere is passed over
 * (the command says what is wrong with it).
 */
export function outputAmong(out: Output, files: readonly string[]): string | undefined {
  const file = out.file;
  if (file === undefined) return undefined;
  const same = (path: string) => {
    try {
      const st = statSync(path);
      return st.dev === file.dev && st.ino === file.ino;
    } catch {
      return false;
    }
  };
  for (const path of files) {
    if (same(path)) return path;
    let names: string[];
    try {
      if (!statSync(path).isDirectory()) continue;
      names = readdirSync(path);
    } catch {
      continue;
    }
    const inside = names.map((name) => join(path, name, 'results.json')).find(same);
    if (inside !== undefined) return inside;
  }
  return undefined;
}

/** Why `file` (outputAmong) is not read: said as bad input, with the file. */
export function outputIsInput(file: string): string {
  let emptied = false;
  try {
    emptied = statSync(file).size === 0;
  } catch {
    // gone: said as the output all the same
  }
  // The redirect is not named by this path: stdout may reach the file by another name (a
  // link) or as /dev/stdin, and an empty file may have been empty before (a review).
  return `is the file this command's standard output goes to (sent there by \`>\` or \`>>\`, by this name or another)${emptied ? '; it is empty now, as a \`>\` onto it leaves it before poolsim starts' : ''}: the output would be written into a file it reads; send the output to another file`;
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
 * `errFd`, stderr's descriptor: where it is the same file, not opened for append (`> f
 * 2>&1`), nothing is cut back either (cutBack says why). Anything else (a pipe, a
 * terminal) is written by `out.write`, as it was, and has no `takeBack`.
 */
export function outputOf(out: NodeJS.WritableStream, write: WriteSync = writeSync, errFd?: number): Output {
  const fd = (out as { fd?: unknown }).fd;
  if (typeof fd !== 'number' || !isRegularFile(fd)) return { write: (text) => void out.write(text) };
  const { dev, ino } = fstatSync(fd);
  let before: number | undefined;
  let written = 0;
  /**
   * Cut the file back to its size before the first write: undefined where it was (or
   * nothing was written), else why not. Not where something else wrote to it too, and not
   * where stderr writes to the same file without O_APPEND (`> f 2>&1`): ftruncate leaves
   * the shared file offset where it was (Node cannot move it back), so the message after
   * it, and anything written next, landed past a hole of zero bytes (a review).
   */
  const cutBack = (): string | undefined => {
    if (before === undefined || written === 0) return undefined;
    if (errFd !== undefined && errFd !== fd && sharesOffset(fd, errFd) && !appending(fd)) {
      return 'stderr writes to the same open file (2>&1), not opened for append (or this system does not say), and cutting it back there would leave zero bytes in front of what comes next';
    }
    try {
      if (fstatSync(fd).size !== before + written) return 'it was written to by something else too, so it was not cut back: only a file as this command left it is';
      ftruncateSync(fd, before);
      written = 0;
      return undefined;
    } catch (e) {
      return `it could not be cut back (${(e as Error).message})`;
    }
  };
  return {
    file: { dev, ino },
    takeBack: cutBack,
    write: (text) => {
      before ??= fstatSync(fd).size;
      try {
        written += writeWhole(fd, Buffer.from(text, 'utf8'), write);
      } catch (e) {
        if (!(e instanceof OutputFailed)) throw e;
        written += e.written;
        if (written === 0) throw e;
        const wrote = written;
        const why = cutBack();
        // Not cut: said, and the exit status is 3 all the same.
        if (why === undefined) throw e;
        throw new OutputFailed(`${e.message}; the ${wrote.toLocaleString('en')} bytes written before it were left in the file, partial (${why})`, written);
      }
    },
  };
}

/**
 * Whether two descriptors write through one file offset (`> f 2>&1`: one open file), as far
 * as can be told: one file, and, where Linux's /proc says, the same position. `> f 2> f`
 * opens the file twice, each with its own offset: there stderr's line is written at its
 * own, and cutting stdout's back leaves no hole (it was refused and blamed on 2>&1: a review).
 */
function sharesOffset(a: number, b: number): boolean {
  try {
    const x = fstatSync(a);
    const y = fstatSync(b);
    if (x.dev !== y.dev || x.ino !== y.ino) return false;
  } catch {
    return false;
  }
  const pa = fdinfo(a, 'pos');
  const pb = fdinfo(b, 'pos');
  return pa === undefined || pb === undefined || pa === pb;
}

/** Whether `fd` was opened O_APPEND (`>>`), from Linux's /proc; false where that cannot be read. */
function appending(fd: number): boolean {
  const flags = fdinfo(fd, 'flags');
  // Octal; O_APPEND is 02000 on Linux.
  return flags !== undefined && (parseInt(flags, 8) & 0o2000) !== 0;
}

/** A field of Linux's /proc/self/fdinfo/FD (`pos`, `flags`), or undefined where there is none. */
function fdinfo(fd: number, field: string): string | undefined {
  try {
    return new RegExp(`^${field}:\\s*([0-9]+)`, 'm').exec(readFileSync(`/proc/self/fdinfo/${fd}`, 'utf8'))?.[1];
  } catch {
    return undefined;
  }
}
