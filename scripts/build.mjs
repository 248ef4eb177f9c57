// Compiles the command line to JavaScript (esbuild), so `poolsim` starts without
// transpiling TypeScript: `npm install` runs it (the `prepare` script), and
// bin/poolsim.js rebuilds through it when the sources have changed since.
//
// Two bundles, one per entry, both CommonJS and both loaded through V8's code cache
// (load.cjs), because an ES module cannot be (Node 20): parsing and compiling the
// command's 1.2 MB as an ES module took ~55 ms of its ~300 ms start (`runStartMs` in
// `npm run bench`; docs/build.md):
//   build/<hash>/cli.cjs    cli/main.ts: every command. The report renderer is in it, but
//                           its modules run only when `report` imports them, and its
//                           libraries (Plot, d3, arquero, linkedom: ES modules only) are
//                           imported by reports/libraries.ts at that moment, never by `run`
//   build/<hash>/worker.cjs the piscina worker: loads worker-bundle.cjs
//                           (workers/piscina-worker.ts) the same way
//   build/<hash>/load.cjs   the loader: compiles a bundle with its .cache (V8's bytecode of
//                           the functions that ran while the bundle loaded, made here)
//   build/current.json      { dir, hash, inputs }: the build bin/poolsim.js runs
// <hash> is a digest of every source file that went into the bundles (esbuild's own list
// of inputs) plus ALWAYS: package.json, the lock file and the installed packages' list (the
// bundled dependencies), tsconfig.json (how the sources compile) and this script. A build
// folder is written under a temporary name and renamed into place whole, and
// current.json is replaced by a rename, so two commands rebuilding at once never see
// half a build. bin/poolsim.js recomputes the digest from the listed inputs at every
// start: a source edited since the build runs only after a rebuild.
//
// Plain JavaScript, run by plain Node: it is what makes TypeScript runnable.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const BUILD = join(ROOT, 'build');
export const CURRENT = join(BUILD, 'current.json');

/**
 * Files outside esbuild's list of inputs that decide what a build contains. The lock file
 * says what should be installed, node_modules/.package-lock.json (npm's record of what is)
 * what the bundles were made from: a pull that changed the lock file, run before `npm ci`,
 * built against the old packages, and the `npm ci` after found that build up to date (an
 * audit: yaml 2.9.1 kept in a build of 2.8.1's lock). tsconfig.json sets how esbuild
 * compiles the sources (useDefineForClassFields, docs/build.md); an edit to it ran the old
 * build, unsaid (the same audit).
 */
const ALWAYS = ['package.json', 'package-lock.json', 'node_modules/.package-lock.json', 'tsconfig.json', 'scripts/build.mjs', 'scripts/load-bundle.cjs'];

/**
 * The report renderer's libraries: ES modules only, imported by reports/libraries.ts (one
 * `import()` each) when `report` runs.
 */
const RENDERER_LIBRARIES = ['@observablehq/plot', 'd3', 'arquero', 'linkedom'];

/**
 * Loaded from node_modules at run time, not bundled: the report renderer's libraries, big
 * and only ever needed by `poolsim report`.
 */
const EXTERNAL = [...RENDERER_LIBRARIES];

/**
 * piscina is bundled into the command (its main-thread side: loading it from node_modules
 * took ~25 ms of the command's thread each time a run started its pool), but its worker
 * threads still start its own dist/worker.js from node_modules, which it finds beside its
 * index.js (`__dirname`): in the bundle that is found by resolving `piscina` from the
 * bundle (its `__filename`, given by load.cjs).
 * The build fails, rather than the pool later, should a new piscina find it otherwise.
 */
const piscinaWorkerFromNodeModules = {
  name: 'piscina-worker-from-node-modules',
  setup(b) {
    b.onLoad({ filter: /piscina[\\/]dist[\\/]index\.js$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      const beside = "(0, node_path_1.resolve)(__dirname, 'worker.js')";
      if (!source.includes(beside)) throw new Error(`${args.path}: piscina no longer starts its worker as ${beside}; see piscinaWorkerFromNodeModules`);
      return { contents: source.replace(beside, "(0, node_path_1.join)((0, node_path_1.dirname)(require('node:module').createRequire(__filename).resolve('piscina')), 'worker.js')"), loader: 'js' };
    });
  },
};

/**
 * The renderer's libraries in the command's CommonJS bundle. They are ES modules only, and
 * a CommonJS bundle's `import * as Plot from '@observablehq/plot'` becomes a `require()`,
 * which Node 20 refuses for an ES module. So reports/libraries.ts imports them (run by
 * `report` before it loads the renderer), and every static import of them reads what it
 * imported (rendererLibrary). The renderer's modules run only when `report` imports them,
 * after that, so they always find them there.
 */
const rendererLibrariesFromImport = {
  name: 'renderer-libraries-from-import',
  setup(b) {
    const filter = new RegExp(`^(${RENDERER_LIBRARIES.map((n) => n.replace(/[/.]/g, '\\$&')).join('|')})$`);
    b.onResolve({ filter }, (args) =>
      args.kind === 'import-statement' ? { path: args.path, namespace: 'poolsim-renderer-library' } : { path: args.path, external: true },
    );
    b.onLoad({ filter: /.*/, namespace: 'poolsim-renderer-library' }, (args) => ({
      contents: `module.exports = require('./reports/libraries.ts').rendererLibrary(${JSON.stringify(args.path)});`,
      loader: 'js',
      resolveDir: ROOT,
    }));
  },
};

/**
 * zod's error messages in English only: its other locales (about a third of the bundle,
 * only ever used through `z.locales.*`, which poolsim does not call) would be parsed at
 * every start for nothing.
 */
const zodEnglishOnly = {
  name: 'zod-english-only',
  setup(b) {
    b.onLoad({ filter: /zod[\\/]v4[\\/]locales[\\/]index\.js$/ }, (args) => ({
      contents: "export { default as en } from './en.js';",
      loader: 'js',
      resolveDir: dirname(args.path),
    }));
  },
};

/** The worker bundle's `zod` is workers/no-zod.ts: a worker never validates (that file says why). */
const zodNotInWorker = {
  name: 'zod-not-in-worker',
  setup(b) {
    b.onResolve({ filter: /^zod(\/.*)?$/ }, () => ({ path: join(ROOT, 'workers/no-zod.ts') }));
  },
};

/**
 * seedrandom `require('crypto')`s at load, for autoseeding only (`seedrandom()` without a
 * seed), which poolsim never does: every stream has its key (sim/random.ts). Loading
 * node:crypto cost ~5 ms of each start, the command's and every worker thread's. Given an
 * empty module, seedrandom falls back to the global Web Crypto should anything autoseed.
 */
const seedrandomWithoutNodeCrypto = {
  name: 'seedrandom-without-node-crypto',
  setup(b) {
    b.onResolve({ filter: /^crypto$/ }, (args) => (/seedrandom/.test(args.importer) ? { path: 'crypto', namespace: 'poolsim-empty' } : undefined));
    b.onLoad({ filter: /.*/, namespace: 'poolsim-empty' }, () => ({ contents: 'module.exports = {};', loader: 'js' }));
  },
};

/**
 * The piscina entry, worker.cjs: every worker thread would otherwise parse and compile the
 * whole kernel bundle (zod, every mechanic) anew, about a third of a thread's start
 * (`workerStartMs` in `npm run bench`), so it loads the bundle through load.cjs.
 */
const WORKER_ENTRY = `// Generated by scripts/build.mjs: the piscina worker, loading worker-bundle.cjs through its code cache (load.cjs).
'use strict';
const { join } = require('node:path');
const { loadBundle } = require('./load.cjs');

const bundle = loadBundle(join(__dirname, 'worker-bundle.cjs'));
// The chunk function itself (piscina takes a function, or its \`default\`; import() sees it as default).
module.exports = bundle.exports.default;
/** Whether the code cache was there and V8 took it (tests/startup.test.ts). */
module.exports.codeCacheUsed = bundle.codeCacheUsed;
`;

/**
 * What runs before each bundle's code cache is taken (load.cjs writeCodeCache): a first
 * answer, so that the functions it calls are in the cache too, not only those loading
 * calls (measured: a 1,000-trial `poolsim run` ~20 ms sooner). The question is the
 * commonest, a clash, asked from a YAML file; any other mechanic still runs, compiling
 * what it calls on first use as without a cache. Given the bundle's exports, the path of
 * WARM_UP_SCENARIO written beside it, and load.cjs's path and the folder of both bundles.
 */
const WARM_UP = {
  'cli.cjs': `async (cli, file) => {
    const sink = { write: () => true };
    const code = await cli.main(['run', file, '--json'], sink, sink);
    if (code !== 0) throw new Error('the warm-up run exited ' + code);
  }`,
  // The thread's message, made as the command makes it: planned by the command's bundle
  // beside this one (loaded without its cache; it only writes the message).
  'worker-bundle.cjs': `async (worker, file, loader, dir) => {
    const cli = require(loader).loadBundle(require('node:path').join(dir, 'cli.cjs')).exports;
    const [plan] = cli.loadPlans([file]);
    worker.default(structuredClone(cli.chunkTask(plan, 0, 0, 65536)));
  }`,
};
/** The file both warm-ups read: JSON is YAML too. */
const WARM_UP_SCENARIO = {
  name: 'warm-up',
  system: 'viciousness',
  mechanic: 'clash',
  trials: 1000,
  seed: 'warm-up',
  setup: { sides: [{ name: 'a', combatants: [{ name: 'captain', dice: ['d6'] }, { name: 'minion', count: 2 }] }, { name: 'b', combatants: [{ name: 'minion', count: 4 }] }] },
};

/**
 * Write a bundle's code cache (load.cjs writeCodeCache, after WARM_UP) in a fresh `node`:
 * no flags of this process, which may run under a test runner (V8 only accepts a cache
 * made with the same flags).
 */
function writeCodeCache(loader, bundle, name, scenario) {
  const warmUp = WARM_UP[basename(bundle)];
  const code = `require(${JSON.stringify(loader)})
    .writeCodeCache(${JSON.stringify(bundle)}, ${JSON.stringify(name)}, (bundle) => (${warmUp})(bundle, ${JSON.stringify(scenario)}, ${JSON.stringify(loader)}, ${JSON.stringify(dirname(bundle))}))
    .catch((e) => { console.error(e); process.exitCode = 1; });`;
  const r = spawnSync(process.execPath, ['-e', code], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });
  if (r.status !== 0) throw new Error(`making the code cache of ${bundle} failed: ${r.stderr}`);
}

/** Old builds are removed once unused this long (bin/poolsim.js marks the one it runs; a command still running may be using one). */
const KEEP_OLD_MS = 24 * 3600 * 1000;

/** The digest of a build's inputs (paths relative to the repository root), as they are now. */
export function digest(inputs) {
  const hash = createHash('sha256');
  for (const file of [...ALWAYS, ...inputs].sort()) {
    hash.update(file + '\0');
    try {
      hash.update(readFileSync(join(ROOT, file)));
    } catch {
      hash.update('\0missing\0');
    }
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

/** Size and modification time of each file: unchanged stats spare reading every file at each start. */
function statsOf(inputs) {
  return [...ALWAYS, ...inputs].map((file) => {
    try {
      const s = statSync(join(ROOT, file));
      return `${s.size}:${s.mtimeMs}`;
    } catch {
      return 'missing';
    }
  });
}

/**
 * The build that matches the sources as they are now, or undefined (none yet, or stale).
 * Only when a file's size or time differs from the build's are the contents hashed (a
 * `git checkout` touches files without changing them).
 */
export function currentBuild() {
  let current;
  try {
    current = JSON.parse(readFileSync(CURRENT, 'utf8'));
  } catch {
    return undefined;
  }
  const dir = join(BUILD, current.dir);
  const stats = statsOf(current.inputs);
  if (stats.join('|') !== current.stats?.join('|') && digest(current.inputs) !== current.hash) return undefined;
  if (!existsSync(join(dir, 'cli.cjs'))) return undefined;
  return { dir, hash: current.hash, inputs: current.inputs, code: current.code ?? codeDigest(dir) };
}

/**
 * The digest of the code that draws and reports the numbers: the two bundles a build runs
 * (cli.cjs, worker-bundle.cjs). A shard's part names it and merge checks it (cli/shard.ts).
 * Not the build's `hash`, which also covers node_modules/.package-lock.json, and so the
 * native dev tools npm installed for the machine (esbuild's linux-x64 or linux-arm64, a
 * musl or glibc binary): the same commit's shards on two kinds of machine were refused,
 * their bundles byte for byte the same (a review).
 */
function codeDigest(dir) {
  const hash = createHash('sha256');
  for (const bundle of ['worker-bundle.cjs', 'cli.cjs']) hash.update(readFileSync(join(dir, bundle))).update('\0');
  return hash.digest('hex').slice(0, 16);
}

/** The piscina entry of a build, as a file URL: what `poolsim`'s pool starts (workers/pool.ts NODE_WORKER). */
export function workerUrl(build) {
  return pathToFileURL(join(build.dir, 'worker.cjs')).href;
}

/**
 * Compile the sources; returns the new build (as currentBuild does). A build of the same
 * digest already in place is kept (another command made it from the same inputs), unless
 * `replace`: `npm run build:cli -- --force`, for a build that went wrong in a way the
 * digest cannot see, which otherwise kept the old folder and said "built". `quiet`: esbuild
 * prints nothing (its errors come back in the exception).
 */
export async function build({ replace = false, quiet = false } = {}) {
  const esbuild = await import('esbuild');
  mkdirSync(BUILD, { recursive: true });
  const tmp = join(BUILD, `.tmp-${process.pid}-${Date.now()}`);
  try {
    const common = {
      absWorkingDir: ROOT,
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'cjs',
      outdir: tmp,
      outExtension: { '.js': '.cjs' },
      external: EXTERNAL,
      // workers/pool.ts: in this build the piscina worker is worker.cjs beside the bundle.
      // import.meta does not exist in CommonJS: the bundle's own URL stands in for it.
      // reports/libraries.ts: import() through the loader (scripts/load-bundle.cjs says why).
      define: { POOLSIM_BUILD: 'true', 'import.meta.url': '__poolsimBundleUrl', POOLSIM_IMPORT: '__poolsimImport' },
      banner: { js: "const __poolsimBundleUrl = require('node:url').pathToFileURL(__filename).href;" },
      plugins: [zodEnglishOnly, seedrandomWithoutNodeCrypto, rendererLibrariesFromImport, piscinaWorkerFromNodeModules],
      metafile: true,
      // `quiet`: bin/poolsim.js says a failed rebuild in one line of its own.
      logLevel: quiet ? 'silent' : 'warning',
    };
    const worker = await esbuild.build({ ...common, plugins: [zodNotInWorker, ...common.plugins], entryPoints: { 'worker-bundle': 'workers/piscina-worker.ts' } });
    const cli = await esbuild.build({ ...common, entryPoints: { cli: 'cli/main.ts' } });
    const metafile = {
      inputs: { ...worker.metafile.inputs, ...cli.metafile.inputs },
      outputs: { ...worker.metafile.outputs, ...cli.metafile.outputs },
    };
    const inputs = Object.keys(metafile.inputs)
      .filter((f) => !f.startsWith('node_modules/') && !f.includes('/node_modules/'))
      .sort();
    const hash = digest(inputs);
    const dir = join(BUILD, hash);
    const loader = join(tmp, 'load.cjs');
    writeFileSync(loader, readFileSync(join(ROOT, 'scripts/load-bundle.cjs')));
    writeFileSync(join(tmp, 'worker.cjs'), WORKER_ENTRY);
    // Named as they will be once renamed into place: a script compiled from a code cache
    // keeps the name it had when the cache was made (stack traces show it).
    const scenario = join(tmp, 'warm-up.yaml');
    writeFileSync(scenario, JSON.stringify(WARM_UP_SCENARIO));
    for (const bundle of ['worker-bundle.cjs', 'cli.cjs']) writeCodeCache(loader, join(tmp, bundle), join(dir, bundle), scenario);
    rmSync(scenario);
    writeFileSync(join(tmp, 'inputs.json'), JSON.stringify(inputs, null, 1) + '\n');
    // What each output loads (tests/startup.test.ts reads it: `run` never loads Plot…).
    writeFileSync(join(tmp, 'meta.json'), JSON.stringify(metafile));
    if (replace && existsSync(dir)) {
      // Moved aside whole, then removed: the folder is never half old, half new.
      const old = join(BUILD, `.old-${process.pid}-${Date.now()}`);
      renameSync(dir, old);
      rmSync(old, { recursive: true, force: true });
    }
    try {
      renameSync(tmp, dir);
    } catch (e) {
      // Another command built the same sources first: use its folder.
      if (!existsSync(join(dir, 'cli.cjs'))) throw e;
    }
    const code = codeDigest(dir);
    const next = join(BUILD, `.current-${process.pid}-${Date.now()}.json`);
    writeFileSync(next, JSON.stringify({ dir: hash, hash, code, inputs, stats: statsOf(inputs) }) + '\n');
    renameSync(next, CURRENT);
    pruneOld(hash);
    return { dir, hash, inputs, code };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** Remove builds (and leftovers of interrupted ones) unused for a day (by their folder's time, which each start of poolsim sets), except `keep`. */
function pruneOld(keep) {
  const now = Date.now();
  for (const name of readdirSync(BUILD)) {
    if (name === keep || name === 'current.json') continue;
    const path = join(BUILD, name);
    try {
      if (now - statSync(path).mtimeMs > KEEP_OLD_MS) rmSync(path, { recursive: true, force: true });
    } catch {
      // Removed meanwhile by another command.
    }
  }
}

// `node scripts/build.mjs` (npm's `prepare`, or by hand): build unless already current.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const force = process.argv.includes('--force');
  const existing = force ? undefined : currentBuild();
  const t0 = performance.now();
  const built = existing ?? (await build({ replace: force }));
  const what = existing ? 'up to date' : `built in ${Math.round(performance.now() - t0)} ms`;
  process.stdout.write(`poolsim: ${relative(process.cwd(), built.dir) || built.dir} ${what} (${built.inputs.length} source files)\n`);
}
