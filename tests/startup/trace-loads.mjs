// `node --import ./tests/startup/trace-loads.mjs …`: records every module the process (and
// its worker threads) resolves through the ESM loader, one URL a line, in the file named
// by $POOLSIM_TRACE_LOADS. tests/startup.test.ts reads it.
import { register } from 'node:module';

register('./trace-loads-hooks.mjs', import.meta.url, { data: { file: process.env.POOLSIM_TRACE_LOADS } });
