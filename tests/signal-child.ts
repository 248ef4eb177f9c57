/**
 * A child process for tests/write-signals.test.ts: it writes a command's output and sends
 * itself a stop signal in the middle of the write, as a user's Ctrl-C lands at the worst
 * moment (a signal to the test runner's own process would stop the suite).
 *
 *   node --import tsx tests/signal-child.ts file SIGNAL OUT -- poolsim args…   stdout a regular file, OUT
 *   node --import tsx tests/signal-child.ts pipe SIGNAL -- poolsim args…       stdout this process's (a pipe)
 *   node --import tsx tests/signal-child.ts part SIGNAL OUT                     a part file written at OUT
 *
 * Exits with the command's status (the part: 130/143 when interrupted, 0 when written).
 */
import { closeSync, openSync, writeFileSync, writeSync } from 'node:fs';
import { main } from '../cli/main.ts';
import { writeAtomically } from '../cli/shard.ts';
import { Interrupted } from '../workers/schedule.ts';

const [mode, signal, ...rest] = process.argv.slice(2);
const args = rest.slice(rest.indexOf('--') + 1);
let sent = false;
/** The signal, sent once, after the first bytes are written. */
const sendOnce = () => {
  if (sent) return;
  sent = true;
  process.kill(process.pid, signal);
};

if (mode === 'file') {
  const fd = openSync(rest[0], 'w');
  // A write at most 4 KB a call: the signal comes after the first, with the rest to go.
  const hook = (f: number, buffer: Uint8Array, offset: number, length: number) => {
    const n = writeSync(f, buffer, offset, Math.min(length, 4096));
    sendOnce();
    return n;
  };
  const stdout = { fd, write: (chunk: string) => (hook(fd, Buffer.from(chunk), 0, Buffer.byteLength(chunk)), true) };
  process.exitCode = await main(args, stdout as unknown as NodeJS.WritableStream, process.stderr, { writeSync: hook });
  closeSync(fd);
} else if (mode === 'pipe') {
  const stdout = {
    write: (chunk: string) => {
      const half = Math.floor(chunk.length / 2);
      process.stdout.write(chunk.slice(0, half));
      sendOnce();
      return process.stdout.write(chunk.slice(half));
    },
  };
  process.exitCode = await main(args, stdout as unknown as NodeJS.WritableStream, process.stderr);
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
    process.exitCode = e instanceof Interrupted ? (signal === 'SIGTERM' ? 143 : 130) : 1;
  }
} else {
  throw new Error(`signal-child.ts: unknown mode ${mode}`);
}
