// Loads a bundle of the compiled build (scripts/build.mjs copies this file into each build
// as load.cjs): bin/poolsim.js loads cli.cjs through it, every worker thread
// worker-bundle.cjs (worker.cjs).
//
// A bundle is one CommonJS file compiled through vm.Script with the code cache the build
// made beside it (<bundle>.cache: V8's bytecode of the functions that ran while the bundle
// loaded), so a start does not parse and compile a megabyte of JavaScript anew. V8 checks
// the cache against the source and its own version and flags, and compiles from the
// source when it does not fit (same code, only slower to start); nothing is written at
// run time. Plain CommonJS: piscina `require()`s its worker entry, and an ES module there
// brought up the thread's ESM loader for nothing (~20 ms of each thread's start).
'use strict';
const Module = require('node:module');
const { readFileSync, writeFileSync } = require('node:fs');
const { dirname } = require('node:path');
const { Script } = require('node:vm');

/**
 * A bundle is wrapped as Node wraps a CommonJS module, with one more parameter: how to
 * import an ES module. V8 compiles an `import()` inside the bundle against the code cache's
 * script, which (Node 20) has lost vm.Script's importModuleDynamically, so the bundle's
 * `import()` would throw; this file's own, compiled by Node, works (reports/libraries.ts
 * imports the report renderer's libraries through it, POOLSIM_IMPORT in scripts/build.mjs).
 */
const PARAMETERS = 'exports, require, module, __filename, __dirname, __poolsimImport';
const importModule = (specifier) => import(specifier);

function compile(file, cachedData, name = file) {
  return new Script(`(function (${PARAMETERS}) {${readFileSync(file, 'utf8')}\n})`, { filename: name, cachedData });
}

function run(script, file) {
  const module = { exports: {} };
  script.runInThisContext()(module.exports, Module.createRequire(file), module, file, dirname(file), importModule);
  return module.exports;
}

/** The bundle's exports, and whether the code cache was there and V8 took it (tests/startup.test.ts). */
exports.loadBundle = function loadBundle(file) {
  let cachedData;
  try {
    cachedData = readFileSync(file + '.cache');
  } catch {
    // No cache: compiled from the source.
  }
  const script = compile(file, cachedData);
  return { exports: run(script, file), codeCacheUsed: cachedData !== undefined && !script.cachedDataRejected };
};

/**
 * Make <file>.cache: the bundle compiled and run here, then `warmUp(its exports)` awaited,
 * and the cache taken after, so that it holds the functions loading and a first answer run
 * (V8 compiles a function when it is first called; the cache keeps what was compiled). The
 * build calls it in a fresh `node` without flags (V8 only accepts a cache made with the
 * flags it runs with), before the build is renamed into place: `name` is the file's path
 * then, which scripts compiled from the cache keep.
 */
exports.writeCodeCache = async function writeCodeCache(file, name = file, warmUp = async () => {}) {
  const script = compile(file, undefined, name);
  await warmUp(run(script, file));
  writeFileSync(file + '.cache', script.createCachedData());
};
