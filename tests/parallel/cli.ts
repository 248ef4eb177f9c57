/** Calling the command line in-process with captured stdout and stderr. */
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
