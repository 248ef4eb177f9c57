/**
 * Issue #18, time to first answer. `poolsim` runs the compiled JavaScript in build/
 * (scripts/build.mjs, made by `npm install`), never a build older than its sources;
 * `run` and `merge` load nothing of the report renderer; a run that this thread finishes
 * sooner than worker threads start starts none. (Speed itself is `npm run bench`'s
 * `runStartMs`, `workerStartMs`…: wall-clock figures belong to the bench, not to tests.)
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { currentBuild } from '../scripts/build.mjs';
import { createHash } from 'node:crypto';
import { benchClash } from '../bench/core.ts';
import { poolsim } from './parallel/cli.ts';
import { tempFolders } from './helpers.ts';
import { POOL_PAYS_OFF_MS, PoolDecision } from '../cli/runner.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TRACE_HOOK = join(ROOT, 'tests/startup/trace-loads.mjs');
/** The report renderer's libraries, as node_modules paths. */
const RENDERER = /\/node_modules\/(@observablehq\/plot|d3|d3-[a-z-]+|linkedom|arquero)\//;

/** This file's temporary folders, removed after its tests (helpers.ts tempFolders). */
const tempFolder = tempFolders();
const temp = tempFolder('poolsim-startup-');

const clashFile = join(temp, 'clash.json');
writeFileSync(clashFile, JSON.stringify({ name: 'startup clash', system: 'viciousness', mechanic: 'clash', trials: 1000, seed: 'startup', setup: benchClash }));

/**
 * A `node` with none of the user's $NODE_OPTIONS, as scripts/build.mjs makes the code cache:
 * V8 rejects a cache made under other flags (a heap size, --max-old-space-size=512 say) and
 * compiles from the source, slower only (scripts/load-bundle.cjs), so these tests failed
 * wherever a user had set one (a portability audit).
 */
const PLAIN_NODE: NodeJS.ProcessEnv = { ...process.env, NODE_OPTIONS: '' };

/** `node bin/poolsim.js ARGS` in `cwd`, with extra Node options. */
function spawnPoolsim(args: string[], options: { cwd?: string; node?: string[]; env?: NodeJS.ProcessEnv } = {}) {
  const r = spawnSync(process.execPath, [...(options.node ?? []), 'bin/poolsim.js', ...args], {
    cwd: options.cwd ?? ROOT,
    encoding: 'utf8',
    env: { ...process.env, CI: 'true', ...options.env },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The module URLs a `poolsim` command loads (ESM loader hooks, tests/startup/trace-loads.mjs). */
function modulesLoadedBy(args: string[], env: NodeJS.ProcessEnv = {}): { code: number | null; modules: string[] } {
  const trace = join(temp, `trace-${args[0]}-${Math.random().toString(36).slice(2)}.txt`);
  writeFileSync(trace, '');
  const r = spawnPoolsim(args, { node: ['--import', TRACE_HOOK], env: { ...env, POOLSIM_TRACE_LOADS: trace } });
  expect(r.stderr).not.toMatch(/compiling/);
  return { code: r.code, modules: readFileSync(trace, 'utf8').split('\n').filter(Boolean) };
}

/** The folder of the build a repository copy's `poolsim` runs (its build/current.json). */
function currentBuildIn(repo: string): string {
  return join(repo, 'build', JSON.parse(readFileSync(join(repo, 'build/current.json'), 'utf8')).dir);
}

describe('the compiled command', () => {
  it('runs the build in build/ that matches the sources, through bin/poolsim.js', () => {
    const build = currentBuild();
    expect(build, 'tests/global-setup.ts built it').toBeDefined();
    const { modules } = modulesLoadedBy(['run', clashFile, '--json']);
    // cli.cjs itself is compiled by the loader (vm.Script), which no loader hook sees.
    // A URL, not `file://` + the path: a checkout under a path with a space or a non-ASCII
    // letter is loaded as file:///…%20…%C3%A9… (a portability audit).
    expect(modules).toContain(pathToFileURL(join(build!.dir, 'load.cjs')).href);
    // No TypeScript is loaded: no tsx, no .ts file.
    expect(modules.filter((m) => /\.ts$|\/tsx\//.test(m))).toEqual([]);
  });

  it('`run` and `merge` never load Plot, linkedom, arquero or d3; `report` does', () => {
    const part = join(temp, 'part.json');
    const run = modulesLoadedBy(['run', clashFile, '--json']);
    expect(run.code).toBe(0);
    expect(run.modules.filter((m) => RENDERER.test(m))).toEqual([]);
    // `run` with worker threads (made to start for this short run): nothing of it in the
    // threads either (the trace sees them too).
    const threads = modulesLoadedBy(['run', clashFile, '--json', '--workers', '2', '--trials', '300000'], { POOLSIM_POOL_ONLY: '1' });
    expect(threads.code).toBe(0);
    expect(threads.modules.filter((m) => m.endsWith('/worker.cjs'))).toHaveLength(2);
    expect(threads.modules.filter((m) => RENDERER.test(m))).toEqual([]);
    expect(modulesLoadedBy(['run', clashFile, '--shard', '0/1', '--out', part]).code).toBe(0);
    // The part names the build that drew it, which merge checks (cli/shard.ts).
    expect(JSON.parse(readFileSync(part, 'utf8')).build).toBe(currentBuild()!.code);
    // The digest of the two bundles alone: not the build's hash, which covers the native
    // tools npm installed for the machine, so that the same commit's shards on x86-64 and
    // ARM were refused (a review).
    const code = createHash('sha256');
    for (const bundle of ['worker-bundle.cjs', 'cli.cjs']) code.update(readFileSync(join(currentBuild()!.dir, bundle))).update('\0');
    expect(currentBuild()!.code).toBe(code.digest('hex').slice(0, 16));
    const merge = modulesLoadedBy(['merge', part, '--json']);
    expect(merge.code).toBe(0);
    expect(merge.modules.filter((m) => RENDERER.test(m))).toEqual([]);

    // The trace would show them: `report` loads every one.
    const report = modulesLoadedBy(['report', clashFile, '--out', join(temp, 'reports')]);
    expect(report.code).toBe(0);
    for (const lib of ['@observablehq/plot', 'linkedom', 'arquero', 'd3-']) {
      expect(report.modules.some((m) => m.includes(`/node_modules/${lib}`)), lib).toBe(true);
    }
  }, 120_000);

  it("the build's module list: the command's bundle imports the renderer's libraries only by import()", () => {
    const build = currentBuild()!;
    const meta = JSON.parse(readFileSync(join(build.dir, 'meta.json'), 'utf8')) as {
      outputs: Record<string, { imports: { path: string; kind: string; external?: boolean }[]; inputs: Record<string, unknown> }>;
    };
    const outputs = meta.outputs;
    const key = (file: string) => Object.keys(outputs).find((o) => o.endsWith(`/${file}`))!;
    // One file: the renderer is in it, deferred (its modules start when `report` imports
    // them; the trace above shows `run` never loads the libraries).
    const cli = outputs[key('cli.cjs')];
    expect(Object.keys(cli.inputs)).toEqual(expect.arrayContaining(['sim/run.ts', 'reports/write.ts', 'reports/libraries.ts']));
    // The packages it imports from node_modules: the renderer's libraries, by import()
    // alone (reports/libraries.ts), never a require() of one (piscina is required by
    // workers/pool.ts when a pool starts, by a path esbuild does not follow).
    const packages = cli.imports.filter((i) => !isBuiltin(i.path));
    expect(packages.filter((i) => i.kind !== 'dynamic-import').map((i) => i.path)).toEqual([]);
    expect(packages.filter((i) => i.kind === 'dynamic-import').map((i) => i.path).sort()).toEqual(['@observablehq/plot', 'arquero', 'd3', 'linkedom']);

    // The worker threads' bundle: the kernel and the planning it needs, nothing of the
    // command line, the YAML reader or the report renderer.
    const worker = outputs[key('worker-bundle.cjs')];
    const workerInputs = Object.keys(worker.inputs);
    expect(workerInputs).toContain('workers/chunk.ts');
    expect(workerInputs.filter((i) => /^cli\/|^reports\/|node_modules\/(yaml|cli-progress|@observablehq|d3|linkedom|arquero)\//.test(i))).toEqual([]);
    // No package outside the bundle: not even piscina (its worker code loads its own
    // modules; ours returns plain values), nor node:crypto (seedrandom's, for autoseeding).
    expect(worker.imports.filter((i) => !i.path.startsWith('node:')).map((i) => i.path)).toEqual([]);
    expect(worker.imports.map((i) => i.path)).not.toContain('node:crypto');
  });

  it("a worker thread loads its bundle through the build's code cache, and V8 takes it", () => {
    const build = currentBuild()!;
    // In a plain process (no parent port), as the threads load it.
    const url = pathToFileURL(join(build.dir, 'worker.cjs')).href;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', `const m = await import(${JSON.stringify(url)}); console.log(m.codeCacheUsed, typeof m.default)`], {
      cwd: ROOT,
      encoding: 'utf8',
      env: PLAIN_NODE,
    });
    expect(r.stderr).toBe('');
    expect(r.stdout.trim()).toBe('true function');
  });

  it("the command loads its bundle through the build's code cache, and V8 takes it", () => {
    const build = currentBuild()!;
    const code = `const b = require(${JSON.stringify(join(build.dir, 'load.cjs'))}).loadBundle(${JSON.stringify(join(build.dir, 'cli.cjs'))}); console.log(b.codeCacheUsed, typeof b.exports.main)`;
    const r = spawnSync(process.execPath, ['-e', code], { cwd: ROOT, encoding: 'utf8', env: PLAIN_NODE });
    expect(r.stderr).toBe('');
    expect(r.stdout.trim()).toBe('true function');
  });

  it('a source edited since the build is compiled before it runs; an unchanged one is not; without esbuild a stale build is refused', () => {
    // A copy of the repository (its node_modules linked), so the edit touches no one else's files.
    const repo = join(temp, 'repo');
    mkdirSync(repo);
    for (const entry of ['bin', 'scripts', 'cli', 'sim', 'workers', 'reports', 'package.json', 'package-lock.json', 'tsconfig.json']) {
      cpSync(join(ROOT, entry), join(repo, entry), { recursive: true, filter: (src) => !src.includes(join('reports', 'out')) });
    }
    symlinkSync(join(ROOT, 'node_modules'), join(repo, 'node_modules'), 'dir');

    const first = spawnPoolsim(['run', clashFile, '--json'], { cwd: repo });
    expect(first.stderr).toMatch(/^poolsim: the sources changed since the last build, compiling them first/);
    expect(first.code).toBe(0);
    const again = spawnPoolsim(['run', clashFile, '--json'], { cwd: repo });
    expect(again.stderr).toBe('');
    expect(again.stdout).toBe(first.stdout);

    // Each start marks its build as in use (its folder's time), so that a build made days
    // ago and still run is not pruned as old under a command running it.
    const days = new Date(Date.now() - 3 * 24 * 3600 * 1000);
    utimesSync(currentBuildIn(repo), days, days);
    expect(spawnPoolsim(['--help'], { cwd: repo }).code).toBe(0);
    expect(Date.now() - statSync(currentBuildIn(repo)).mtimeMs).toBeLessThan(10 * 60 * 1000);

    // Touched, not changed (a `git checkout` does that): the contents decide, no rebuild.
    const main = join(repo, 'cli/main.ts');
    const later = new Date(Date.now() + 5000);
    utimesSync(main, later, later);
    expect(spawnPoolsim(['--help'], { cwd: repo }).stderr).toBe('');

    // Changed: the next command compiles it first and runs the new code.
    writeFileSync(main, readFileSync(main, 'utf8').replace('\nusage:\n', '\nusage (edited):\n'));
    const edited = spawnPoolsim(['--help'], { cwd: repo });
    expect(edited.stderr).toMatch(/compiling them first/);
    expect(edited.stdout).toContain('usage (edited):');
    expect(spawnPoolsim(['--help'], { cwd: repo }).stderr).toBe('');

    // How the sources compile changed (tsconfig.json): compiled again (an audit found the
    // old build run, unsaid).
    const tsconfig = join(repo, 'tsconfig.json');
    writeFileSync(tsconfig, readFileSync(tsconfig, 'utf8').replace('"compilerOptions": {', '"compilerOptions": {\n    "useDefineForClassFields": false,'));
    expect(spawnPoolsim(['--help'], { cwd: repo }).stderr).toMatch(/compiling them first/);
    expect(spawnPoolsim(['--help'], { cwd: repo }).stderr).toBe('');

    // Other packages installed (npm's record of them, node_modules/.package-lock.json,
    // changed: an `npm ci` after a pull that changed the lock file): compiled again, the
    // bundled packages being those now installed.
    rmSync(join(repo, 'node_modules'));
    mkdirSync(join(repo, 'node_modules'));
    for (const name of readdirSync(join(ROOT, 'node_modules'))) {
      if (name !== '.package-lock.json') symlinkSync(join(ROOT, 'node_modules', name), join(repo, 'node_modules', name), 'dir');
    }
    const installed = JSON.parse(readFileSync(join(ROOT, 'node_modules/.package-lock.json'), 'utf8'));
    installed.packages['node_modules/yaml'].version += '-other';
    writeFileSync(join(repo, 'node_modules/.package-lock.json'), JSON.stringify(installed));
    expect(spawnPoolsim(['--help'], { cwd: repo }).stderr).toMatch(/compiling them first/);
    expect(spawnPoolsim(['--help'], { cwd: repo }).stderr).toBe('');

    // `build:cli --force` makes the build anew, even where one of the same sources is in
    // place (it kept the old folder and said "built").
    const built = currentBuildIn(repo);
    writeFileSync(join(built, 'cli.cjs'), readFileSync(join(built, 'cli.cjs'), 'utf8') + '\n// damaged\n');
    const forced = spawnSync(process.execPath, ['scripts/build.mjs', '--force'], { cwd: repo, encoding: 'utf8' });
    expect(forced.status).toBe(0);
    expect(currentBuildIn(repo)).toBe(built);
    expect(readFileSync(join(built, 'cli.cjs'), 'utf8')).not.toContain('// damaged');

    // A mistake in a source: its file and line, and what to do about it (not "a user who
    // can write there": a review).
    const good = readFileSync(main, 'utf8');
    writeFileSync(main, `${good}\nconst broken = ;\n`);
    const typo = spawnPoolsim(['--help'], { cwd: repo });
    expect(typo.code).toBe(3);
    expect(typo.stderr).toMatch(/could not be rebuilt in .*build: cli\/main\.ts:\d+:\d+: Unexpected ";"\n {2}fix the source it names/);
    writeFileSync(main, good);

    // A rebuild that cannot write build/ (a read-only checkout, a full disk; here a file in
    // its place): one line and exit 3, the command could not run. It printed esbuild's
    // stack trace and exited 1, "a check failed", to CI.
    const buildDir = join(repo, 'build');
    cpSync(buildDir, join(repo, 'build-kept'), { recursive: true });
    rmSync(buildDir, { recursive: true });
    writeFileSync(buildDir, 'not a folder');
    const unwritable = spawnPoolsim(['--help'], { cwd: repo });
    expect(unwritable.code).toBe(3);
    expect(unwritable.stdout).toBe('');
    expect(unwritable.stderr).toMatch(/^poolsim: the sources changed since the last build, compiling them first.*\npoolsim: the compiled command could not be rebuilt in .*build: .*\n  run `npm run build:cli` in the poolsim folder/s);
    expect(unwritable.stderr).not.toMatch(/^\s+at /m);
    rmSync(buildDir);
    // The same where esbuild itself cannot write its output (build/ a folder it cannot
    // create in: here /proc, on Linux): still the two lines alone, not esbuild's error
    // block beside them (a review).
    if (existsSync('/proc/self/fdinfo')) {
      symlinkSync('/proc/self/fdinfo', buildDir);
      const cannot = spawnPoolsim(['--help'], { cwd: repo });
      expect(cannot.code).toBe(3);
      expect(cannot.stderr.split('\n').filter(Boolean).map((line) => line.slice(0, 40))).toEqual([
        'poolsim: the sources changed since the la',
        'poolsim: the compiled command could not ',
        '  run `npm run build:cli` in the poolsim ',
      ].map((line) => line.slice(0, 40)));
      rmSync(buildDir);
    }
    cpSync(join(repo, 'build-kept'), buildDir, { recursive: true });

    // Without esbuild (a production install) a stale build is refused, never run.
    rmSync(join(repo, 'node_modules'), { recursive: true });
    mkdirSync(join(repo, 'node_modules'));
    for (const name of readdirSync(join(ROOT, 'node_modules'))) {
      if (name !== 'esbuild' && name !== '.bin') symlinkSync(join(ROOT, 'node_modules', name), join(repo, 'node_modules', name), 'dir');
    }
    writeFileSync(main, readFileSync(main, 'utf8').replace('usage (edited):', 'usage (edited twice):'));
    const refused = spawnPoolsim(['--help'], { cwd: repo });
    expect(refused.code).toBe(2);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toMatch(/older than the sources, and esbuild .* is not installed to rebuild it: run `npm install`/s);
  }, 120_000);
});

describe('warm workers', () => {
  const broken = new URL('./parallel/broken-worker.cjs', import.meta.url).href;

  it('a run this thread finishes sooner than threads could start starts none', async () => {
    // Three chunks of the benchmark clash, a few ms of work: with a worker entry that
    // cannot even load, the run still succeeds, because no thread was started. The
    // threshold is raised from POOL_PAYS_OFF_MS (whose decisions the synthetic clocks below
    // check) so that a machine loaded enough to make the cold first chunk take 250 ms
    // cannot start the broken pool: this checks the runner's wiring, not the machine.
    const r = await poolsim(['run', clashFile, '--json', '--workers', '2', '--trials', '150000'], {
      workerFile: broken,
      env: { POOLSIM_POOL_ONLY: '0', POOLSIM_POOL_PAYS_OFF_MS: '5000' },
    });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).trials).toBe(150000);
  });

  /** Feed a decision chunk times (ms, `trials` each) of a run of `total` trials: the chunk after which it starts the threads (1-based), or 0. */
  function startsAfter(times: number[], trials: number, total: number, paysOffMs = POOL_PAYS_OFF_MS): number {
    const decision = new PoolDecision(1000, paysOffMs);
    let now = 1000;
    for (const [i, ms] of times.entries()) {
      now += ms;
      if (decision.chunkDone(now, (i + 1) * trials, total)) return i + 1;
    }
    return 0;
  }

  it("decides from the chunks' speed once the kernel is warm, not from the first chunks", () => {
    const clash = [14, 7, 2.5, 2, 1.3, 1, 1, 1, 1, 1, 1, 1];
    // 5M benchmark clashes (77 chunks of 65,536): ~70 ms to go once warm, though the first
    // chunk alone, at 14 ms, would have said a second.
    expect(startsAfter(clash, 65536, 5_000_000)).toBe(0);
    // 50M: ~750 ms to go; started when the last three chunks agree (1.3, 1, 1), not sooner.
    expect(startsAfter(clash, 65536, 50_000_000)).toBe(7);
    // One chunk slowed by a garbage collection does not start the threads of a short run.
    expect(startsAfter([...clash, 1, 1, 6, 1, 1, 1], 65536, 10_000_000)).toBe(0);
    // A campaign (2,048 trials a chunk): ~140 ms cold, then ~25–35 ms.
    expect(startsAfter([138, 33, 27.5, 22, 23.5], 2048, 100_000)).toBe(4);
    expect(startsAfter([138, 33, 27.5, 22, 23.5], 2048, 16_384)).toBe(0);
    // Speeds that never settle (a sweep's points): decided once the run has lasted POOL_PAYS_OFF_MS.
    const uneven = Array.from({ length: 60 }, (_, i) => (i % 2 === 0 ? 10 : 1));
    expect(startsAfter(uneven, 65536, 200 * 65536)).toBe(45);
    // POOLSIM_POOL_PAYS_OFF_MS=0 (the tests of a pool sharing the run): after the first chunk.
    expect(startsAfter(clash, 65536, 5_000_000, 0)).toBe(1);
  });

  it('refuses a $POOLSIM_POOL_PAYS_OFF_MS that is not a number of ms, running nothing', async () => {
    for (const bad of ['soon', '-5']) {
      const r = await poolsim(['run', clashFile, '--json', '--workers', '2'], { env: { POOLSIM_POOL_ONLY: '0', POOLSIM_POOL_PAYS_OFF_MS: bad } });
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain(`$POOLSIM_POOL_PAYS_OFF_MS expects a number of milliseconds, 0 or more, got "${bad}"`);
    }
  });

  it('refuses a $POOLSIM_POOL_ONLY other than 1 or 0 ("true" read as off, unsaid), running nothing', async () => {
    for (const bad of ['true', 'yes']) {
      const r = await poolsim(['run', clashFile, '--json', '--workers', '2'], { env: { POOLSIM_POOL_ONLY: bad } });
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain(`$POOLSIM_POOL_ONLY expects 1 (every chunk on the pool) or 0, got "${bad}"`);
    }
  });

  it('refuses --json beside a shard\'s --out, which prints no results (it only hid the line on stderr)', async () => {
    const part = join(tempFolder('poolsim-json-part-'), 'part.json');
    const r = await poolsim(['run', clashFile, '--json', '--shard', '0/2', '--out', part]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('--out writes a shard\'s part file, not results, so --json would print nothing');
    expect(existsSync(part)).toBe(false);
  });

  it('refuses a $POOLSIM_CHUNK_TIMEOUT_S that is not a number of seconds, with or without a pool', async () => {
    for (const [bad, workers] of [['abc', '2'], ['0', '1'], ['-3', '2']]) {
      const r = await poolsim(['run', clashFile, '--json', '--workers', workers], { env: { POOLSIM_POOL_ONLY: '0', POOLSIM_CHUNK_TIMEOUT_S: bad } });
      expect(r.code, bad).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain(`$POOLSIM_CHUNK_TIMEOUT_S expects a number of seconds above 0, got "${bad}"`);
    }
    // Beyond what a Node timer holds (it would fire at once and fail every chunk as stuck).
    const huge = await poolsim(['run', clashFile, '--json', '--workers', '2'], { env: { POOLSIM_POOL_ONLY: '0', POOLSIM_CHUNK_TIMEOUT_S: '3000000' } });
    expect(huge.code).toBe(2);
    expect(huge.stderr).toContain('$POOLSIM_CHUNK_TIMEOUT_S expects at most 2147483 seconds (about 24 days), got "3000000"');
  });

  it('a long run does start them (the same broken entry fails it)', async () => {
    const r = await poolsim(['run', clashFile, '--json', '--workers', '2', '--trials', '1000000000'], { workerFile: broken, env: { POOLSIM_POOL_ONLY: '0' } });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('the worker pool failed: cannot find module "kernel.ts"');
  }, 60_000);
});
