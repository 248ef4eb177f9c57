// Compiles the command line to JavaScript (esbuild), so `poolsim` starts without
// transpiling TypeScript: `npm install` runs it (the `prepare` script), and
// bin/poolsim.js rebuilds through it when the sources have changed since.
//
// Two bundles, one per entry, with the code they share split into chunks beside them:
//   build/<hash>/cli.js     cli/main.ts: every command (`report` loads its renderer,
//                           reports/write.ts, as a separate chunk, only when it runs)
//   build/<hash>/worker.js  workers/piscina-worker.ts: the piscina worker
//   build/current.json      { dir, hash, inputs }: the build bin/poolsim.js runs
// <hash> is a digest of every source file that went into the bundles (esbuild's own list
// of inputs) plus package.json and package-lock.json (the bundled dependencies). A build
// folder is written under a temporary name and renamed into place whole, and
// current.json is replaced by a rename, so two commands rebuilding at once never see
// half a build. bin/poolsim.js recomputes the digest from the listed inputs at every
// start: a source edited since the build runs only after a rebuild.
//
// Plain JavaScript, run by plain Node: it is what makes TypeScript runnable.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const BUILD = join(ROOT, 'build');
export const CURRENT = join(BUILD, 'current.json');

/** Files outside esbuild's list of inputs that decide what a build contains. */
const ALWAYS = ['package.json', 'package-lock.json', 'scripts/build.mjs'];

/**
 * Loaded from node_modules at run time, not bundled: piscina, whose worker code must
 * share its module (and symbols) with ours; and the report renderer's libraries, big and
 * only ever needed by `poolsim report`.
 */
const EXTERNAL = ['piscina', '@observablehq/plot', 'd3', 'linkedom', 'arquero'];

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

/** Old builds are removed once this old (a command still running may be using one). */
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
  if (!existsSync(join(dir, 'cli.js'))) return undefined;
  return { dir, hash: current.hash, inputs: current.inputs };
}

/** Compile the sources; returns the new build (as currentBuild does). */
export async function build() {
  const esbuild = await import('esbuild');
  mkdirSync(BUILD, { recursive: true });
  const tmp = join(BUILD, `.tmp-${process.pid}-${Date.now()}`);
  try {
    const result = await esbuild.build({
      absWorkingDir: ROOT,
      entryPoints: { cli: 'cli/main.ts', worker: 'workers/piscina-worker.ts' },
      outdir: tmp,
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      external: EXTERNAL,
      // The bundled CommonJS packages (yaml, seedrandom, cli-progress) call require().
      banner: { js: "import { createRequire as __poolsimRequire } from 'node:module'; const require = __poolsimRequire(import.meta.url);" },
      // workers/pool.ts: in this build the piscina worker is worker.js beside the bundle.
      define: { POOLSIM_BUILD: 'true' },
      plugins: [zodEnglishOnly],
      metafile: true,
      logLevel: 'warning',
    });
    const inputs = Object.keys(result.metafile.inputs)
      .filter((f) => !f.startsWith('node_modules/') && !f.includes('/node_modules/'))
      .sort();
    const hash = digest(inputs);
    const dir = join(BUILD, hash);
    writeFileSync(join(tmp, 'inputs.json'), JSON.stringify(inputs, null, 1) + '\n');
    // What each output loads (tests/startup.test.ts reads it: `run` never loads Plot…).
    writeFileSync(join(tmp, 'meta.json'), JSON.stringify(result.metafile));
    try {
      renameSync(tmp, dir);
    } catch (e) {
      // Another command built the same sources first: use its folder.
      if (!existsSync(join(dir, 'cli.js'))) throw e;
    }
    const next = join(BUILD, `.current-${process.pid}-${Date.now()}.json`);
    writeFileSync(next, JSON.stringify({ dir: hash, hash, inputs, stats: statsOf(inputs) }) + '\n');
    renameSync(next, CURRENT);
    pruneOld(hash);
    return { dir, hash, inputs };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** Remove builds (and leftovers of interrupted ones) a day old, except `keep`. */
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
  const built = existing ?? (await build());
  const what = existing ? 'up to date' : `built in ${Math.round(performance.now() - t0)} ms`;
  process.stdout.write(`poolsim: ${relative(process.cwd(), built.dir) || built.dir} ${what} (${built.inputs.length} source files)\n`);
}
