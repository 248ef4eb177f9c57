#!/usr/bin/env node
// The `poolsim` command. Node 20 cannot run TypeScript itself, so register tsx's loader
// in this process (and, through execArgv, in worker threads) and hand over to the CLI.
import { register } from 'tsx/esm/api';

register();
// `poolsim run … --json | head` closes the pipe early: that is not an error.
process.stdout.on('error', (e) => {
  if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw e;
});
const { main } = await import('../cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
