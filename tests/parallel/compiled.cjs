// The compiled worker bundle (scripts/build.mjs; tests/global-setup.ts brings it up to date
// before any test) for the tests' own worker entries: CommonJS, loaded with `require`.
// They were ES modules importing the sources through tsx with a top-level await, and a pool
// destroyed while one of its threads was still loading them (a run failing on another
// thread's first chunk) could abort the whole test process inside V8
// ("v8::Module::IsGraphAsync must be used on an instantiated module": Node 20 terminating a
// worker during module loading). A CommonJS entry has no module graph to abort.
'use strict';
const { readFileSync } = require('node:fs');
const { join } = require('node:path');

const build = join(__dirname, '..', '..', 'build');
const { dir } = JSON.parse(readFileSync(join(build, 'current.json'), 'utf8'));
const { loadBundle } = require(join(build, dir, 'load.cjs'));
// Loading the bundle tells the pool this thread is ready (workers/piscina-worker.ts).
module.exports = loadBundle(join(build, dir, 'worker-bundle.cjs')).exports;
