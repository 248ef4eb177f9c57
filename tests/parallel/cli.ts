/** Calling the command line in-process with captured stdout and stderr, or as its own process to be signalled. */
import { spawn } from 'node:child_process';
import { main, type CliContext } from '../../cli/main.ts';
import { Capture, compiledWorkerFile } from '../helpers.ts';

export const FIXTURES = 'tests/fixtures/parallel';
export const HEIST = `${FIXTURES}/heist-sweep.json`;
export const AMBUSH = `${FIXTURES}/ambush.yaml`;

/** stderr as a terminal (the progress bar draws only on one). */
export class TerminalCapture extends Capture {
  readonly isTTY = true;
  readonly columns = 100;
}

/**
 * Run `poolsim ARGS` in this process. Unless the test says otherwise every chunk runs on
 * the pool (POOLSIM_POOL_ONLY), so a run with workers proves the workers' numbers, not
 * the main thread's, and the pool runs the compiled worker.cjs the shipped command uses
 * (compiledWorkerFile).
 */
export async function poolsim(args: string[], context: CliContext = {}, tty = false) {
  const out = new Capture();
  const err = tty ? new TerminalCapture() : new Capture();
  const code = await main(args, out as unknown as NodeJS.WritableStream, err as unknown as NodeJS.WritableStream, {
    workerFile: compiledWorkerFile(),
    ...context,
    env: { POOLSIM_POOL_ONLY: '1', ...context.env },
  });
  return { code, stdout: out.text, stderr: err.text };
}

/**
 * `node bin/poolsim.js ARGS` as its own process (CI=true: no progress bar), sent `signal`
 * once it says it is running (its handlers are in place, however long a loaded machine
 * takes to get there) and `afterMs` more; resolves to its exit code (null where a signal
 * ended it: `killedBy`), output and the ms from the signal to its exit.
 */
export async function signalled(args: string[], signal: NodeJS.Signals, afterMs = 0) {
  const child = spawn(process.execPath, ['bin/poolsim.js', ...args], { env: { ...process.env, CI: 'true' }, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d) => (stdout += d));
  child.stderr!.on('data', (d) => (stderr += d));
  const exited = new Promise<[number | null, NodeJS.Signals | null]>((r) => child.on('exit', (c, s) => r([c, s])));
  await new Promise<void>((r) => child.on('message', (m: { poolsim?: string }) => m.poolsim === 'running' && r()));
  if (afterMs > 0) await new Promise((r) => setTimeout(r, afterMs));
  const t0 = performance.now();
  child.kill(signal);
  const [code, killedBy] = await exited;
  return { code, killedBy, stdout, stderr, ms: performance.now() - t0 };
}
