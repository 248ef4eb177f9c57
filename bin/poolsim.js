#!/usr/bin/env node
// The `poolsim` command. Node 20 cannot run TypeScript itself, so register tsx's loader
// in this process (and, through execArgv, in worker threads) and hand over to the CLI.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
