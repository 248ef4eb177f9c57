/**
 * A child process for tests/write-signals.test.ts: it writes a command's output and sends
 * itself a stop signal in the middle of the write, as a user's Ctrl-C lands at the worst
 * moment (a signal to the test runner's own process would stop the suite).
 *
 *   node --import tsx tests/signal-child.ts file SIGNAL -- poolsim args…   stdout (fd 1, a regular file the parent opened)
 *   node --import tsx tests/signal-child.ts part SIGNAL OUT                a part file written at OUT
 *
 * SIGNAL may list several, sent at once: SIGINT,SIGINT is Ctrl-C twice.
 *
 * Exits with the command's status (the part: 130/143 when interrupted, 0 when written).
 */
import { writeFileSync, writeSync } from 'node:fs';
import { main } from '../cli/main.ts';
import { writeAtomically } from '../cli/shard.ts';
import { Interrupted } from '../workers/schedule.ts';

const [mode, signal, ...rest] = process.argv.slice(2);
const args = rest.slice(rest.indexOf('--') + 1);
let sent = false;
/** The signal(s), sent once, after the first bytes are written ("SIGINT,SIGINT": Ctrl-C twice). */
const sendOnce = () => {
  if (sent) return;
  sent = true;
  for (const one of signal.split(',')) process.kill(process.pid, one);
};

if (mode === 'file') {
  // A write at most 4 KB a call: the signal comes after the first, with the rest to go.
  const hook = (f: number, buffer: Uint8Array, offset: number, length: number) => {
    const n = writeSync(f, buffer, offset, Math.min(length, 4096));
    sendOnce();
    return n;
  };
  // process.stdout on a regular file, as Node makes it: one writeSync a write.
  const stdout = { fd: 1, write: (chunk: string) => (hook(1, Buffer.from(chunk), 0, Buffer.byteLength(chunk)), true) };
  process.exitCode = await main(args, stdout as unknown as NodeJS.WritableStream, process.stderr, { writeSync: hook });
} else if (mode === 'part') {
  const text = `${JSON.stringify({ part: 'x'.repeat(100_000) })}\n`;
  try {
    await writeAtomically(rest[0], text, (fd, t) => {
      writeFileSync(fd, t.slice(0, 1000));
      sendOnce();
      writeFileSync(fd, t.slice(1000));
    });
    process.exitCode = 0;
  } catch (e) {
    process.stderr.write(`${(e as Error).message}\n`);
    process.exitCode = e instanceof Interrupted ? (signal.startsWith('SIGTERM') ? 143 : 130) : 1;
  }
} else {
  throw new Error(`signal-child.ts: unknown mode ${mode}`);
}
