/** Calling the command line in-process with captured stdout and stderr. */
import { main, type CliContext } from '../../cli/main.ts';

export const FIXTURES = 'tests/fixtures/parallel';
export const HEIST = `${FIXTURES}/heist-sweep.json`;
export const AMBUSH = `${FIXTURES}/ambush.yaml`;

/** A stream that keeps what is written to it. */
export class Capture {
  text = '';
  isTTY?: boolean;
  columns = 100;
  constructor(tty = false) {
    if (tty) this.isTTY = true;
  }
  write(chunk: string | Uint8Array): boolean {
    this.text += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString();
    return true;
  }
  // What readline's cursor functions call on a TTY stream (the progress bar).
  on() {
    return this;
  }
  once() {
    return this;
  }
  emit() {
    return false;
  }
  removeListener() {
    return this;
  }
}

/**
 * Run `poolsim ARGS` in this process. Unless the test says otherwise every chunk runs on
 * the pool (POOLSIM_POOL_ONLY), so a run with workers proves the workers' numbers, not
 * the main thread's.
 */
export async function poolsim(args: string[], context: CliContext = {}, tty = false) {
  const out = new Capture();
  const err = new Capture(tty);
  const code = await main(args, out as unknown as NodeJS.WritableStream, err as unknown as NodeJS.WritableStream, {
    ...context,
    env: { POOLSIM_POOL_ONLY: '1', ...context.env },
  });
  return { code, stdout: out.text, stderr: err.text };
}
