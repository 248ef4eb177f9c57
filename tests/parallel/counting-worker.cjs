// A piscina worker entry like the compiled worker that adds a line to the file
// $POOLSIM_TEST_THREADS_FILE as its thread starts, so a test counts the threads a pool
// started (tests/solve-parallel.test.ts; CommonJS: compiled.cjs says why).
'use strict';
const { appendFileSync } = require('node:fs');
const { threadId } = require('node:worker_threads');

if (process.env.POOLSIM_TEST_THREADS_FILE) appendFileSync(process.env.POOLSIM_TEST_THREADS_FILE, `${threadId}\n`);
module.exports = require('./compiled.cjs');
