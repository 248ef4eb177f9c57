/**
 * Runs split across machines (docs/parallel.md). `poolsim run --shard i/n --out PART`
 * runs only the chunks that shardOf (cli/runner.ts) gives to shard i and writes their
 * merged tallies, as whole numbers, to a part file; `poolsim merge PART...` checks that
 * the parts belong together and cover every chunk exactly once, adds their tallies and
 * assembles the same result JSON one machine would have printed, byte for byte.
 */
import { createHash, randomBytes } from 'node:crypto';
import { accessSync, chmodSync, chownSync, closeSync, constants, fstatSync, linkSync, lstatSync, openSync, readSync, renameSync, statSync, unlinkSync, writeFileSync, type Stats } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { z } from 'zod';
import { lazySchema } from '../sim/lazySchema.ts';
// Imported, not read beside this file: the compiled CLI (scripts/build.mjs) lives elsewhere.
import packageJson from '../package.json' with { type: 'json' };
import { CHUNK_TRIALS, chunkCount, chunkSize, layoutOf } from '../sim/run.ts';
import { MAX_TRIALS, ScenarioError, ScenarioErrors, planScenario, zodErrors, type ScenarioPlan } from '../sim/scenario.ts';
import { poolsimFileKind } from './load.ts';
import { isMountPoint } from '../reports/mounts.ts';
import { missingInTheWay, NotAFolder, systemPath } from '../reports/target.ts';
import { PART_FORMAT, parseJsonText, parseScenarioText } from '../sim/scenarioText.ts';
import type { Tally, TallyLayout } from '../sim/stats.ts';
import { Interrupted, type PointRun, type Shard } from '../workers/schedule.ts';
import { HeldSignals, InterruptedAfterOutput } from './signals.ts';

export { PART_FORMAT };
/** 2: parts name their `build` (version 1 did not, and is refused: its build is not known). */
export const PART_VERSION = 2;

/** This build's version: parts from another build may compute different numbers. */
export const POOLSIM_VERSION: string = packageJson.version;

/** A shard that cannot be run or parts that cannot be merged: exit 2, nothing written. */
export class ShardError extends Error {
  /** One line per problem (a path's own newline is not a new line: sim/scenario.ts oneLine). */
  readonly lines: readonly string[];

  constructor(message: string | readonly string[]) {
    const lines = typeof message === 'string' ? [message] : message;
    super(lines.join('\n'));
    this.lines = lines;
    this.name = 'ShardError';
  }
}

// ---------------------------------------------------------------- which shard

/** `"1/3"` → shard 1 of 3 (shards count from 0, as Kubernetes' JOB_COMPLETION_INDEX). */
/** Most shards a run may be split into: more machines than any batch engine runs, and merge lists each one. */
export const MAX_SHARDS = 100_000;

export function parseShard(text: string, from = '--shard'): Shard {
  const m = /^(\d{1,12})\/(\d{1,12})$/.exec(text.trim());
  if (!m) throw new ShardError(`${from} expects I/N (shard I of N, counting from 0), got "${text.slice(0, 60)}"`);
  const index = Number(m[1]);
  const count = Number(m[2]);
  if (count > MAX_SHARDS) throw new ShardError(`${from}: at most ${MAX_SHARDS.toLocaleString('en')} shards, got "${text}"`);
  if (count < 1) throw new ShardError(`${from}: the number of shards must be at least 1, got "${text}"`);
  if (index >= count) throw new ShardError(`${from}: shard index ${index} is not below ${count} (shards count from 0: 0/${count} … ${count - 1}/${count}), got "${text}"`);
  return { index, count };
}

function wholeNumber(text: string, from: string): number {
  if (!/^\d{1,12}$/.test(text.trim())) throw new ShardError(`${from} expects a whole number, got "${text}"`);
  return Number(text.trim());
}

/**
 * The environment variables a batch engine sets for the shard index: Kubernetes Indexed
 * Jobs set JOB_COMPLETION_INDEX; anything else can set POOLSIM_SHARD_INDEX.
 */
export const SHARD_INDEX_VARIABLES = ['JOB_COMPLETION_INDEX', 'POOLSIM_SHARD_INDEX'] as const;
/** The number of shards, when not given by `--shards`. */
export const SHARD_COUNT_VARIABLE = 'POOLSIM_SHARDS';

/**
 * The shard a `--out` run computes: `--shard I/N`, or `--shards N` (else $POOLSIM_SHARDS)
 * with the index from $JOB_COMPLETION_INDEX (else $POOLSIM_SHARD_INDEX).
 */
export function resolveShard(flags: { shard?: string; shards?: string }, env: NodeJS.ProcessEnv): Shard {
  if (flags.shard !== undefined) {
    if (flags.shards !== undefined) throw new ShardError('give --shard I/N or --shards N, not both');
    return parseShard(flags.shard);
  }
  const countText = flags.shards ?? env[SHARD_COUNT_VARIABLE];
  const countFrom = flags.shards !== undefined ? '--shards' : `$${SHARD_COUNT_VARIABLE}`;
  if (countText === undefined || countText === '') {
    throw new ShardError(`--out writes one shard's part: give --shard I/N, or --shards N with $${SHARD_INDEX_VARIABLES.join(' or $')} set`);
  }
  const count = wholeNumber(countText, countFrom);
  const set = SHARD_INDEX_VARIABLES.filter((v) => env[v] !== undefined && env[v] !== '');
  const variable = set[0];
  if (!variable) throw new ShardError(`${countFrom} ${count} needs the shard index in $${SHARD_INDEX_VARIABLES.join(' or $')}`);
  // Both set and disagreeing: which shard this is cannot be guessed.
  if (set.length > 1 && wholeNumber(env[set[0]]!, `$${set[0]}`) !== wholeNumber(env[set[1]]!, `$${set[1]}`)) {
    throw new ShardError(`$${set[0]} is ${JSON.stringify(env[set[0]])} and $${set[1]} is ${JSON.stringify(env[set[1]])}: set one of them, or both alike`);
  }
  return parseShard(`${wholeNumber(env[variable]!, `$${variable}`)}/${count}`, `$${variable} with ${countFrom}`);
}

// ---------------------------------------------------------------- part files

const integer = z.number().int();

// Strict at every level, as a scenario is: a field this build does not write (a hand edit,
// another build's) is refused by name, never merged as if it were not there.
const partSchema = lazySchema(() => z.strictObject({
  format: z.literal(PART_FORMAT),
  version: z.literal(PART_VERSION),
  poolsim: z.string(),
  // Its form, at the field: an empty one was said "written by build ; this is build …", and
  // from the sources "merge with the compiled command of build , " (a review of e2925c81).
  /** The compiled command's code (the digest of its bundles, scripts/build.mjs codeDigest); absent from the sources (tests). */
  build: z.string().regex(/^[0-9a-f]{16}$/, 'expected the 16 hex digits of the build that ran the shard (scripts/build.mjs codeDigest), as `poolsim run --shard` writes them').optional(),
  chunkTrials: integer.min(1),
  shard: z.strictObject({ index: integer.min(0), count: integer.min(1).max(MAX_SHARDS) }),
  files: z.array(
    z.strictObject({
      file: z.string(),
      hash: z.string(),
      seed: z.union([z.string(), z.number()]),
      // No more than a scenario may ask for (sim/scenario.ts MAX_TRIALS): 1e15 trials made
      // merge count its chunks into an array too long for JavaScript (a RangeError, exit 3).
      trials: integer.min(1).max(MAX_TRIALS),
      scenario: z.unknown(),
      points: z.array(z.strictObject({ chunks: z.array(integer.min(0)), tally: z.array(integer) })),
      /** SHA-256 of the points (chunks and tallies): an edited tally is refused. */
      tallyHash: z.string(),
    }),
  ),
}));

export type PartFile = z.output<typeof partSchema>;

/** JSON with object keys sorted at every level, so equal values hash equally. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * What a part's numbers depend on: the scenario, its seed and trials, the chunk size and
 * the build (its version, and the code digest where a compiled command wrote it: a part
 * from the sources names none, and hashes as parts did before they named one). Parts merge
 * only when these are equal; a `build` written into a part, or taken out, by hand no longer
 * matches the hash (an audit: one taken out merged unsaid).
 */
export function scenarioHash(scenario: unknown, seed: string | number, trials: number, chunkTrials = CHUNK_TRIALS, build?: string): string {
  const key = canonical({ scenario, seed, trials, chunkTrials, poolsim: POOLSIM_VERSION, ...(build === undefined ? {} : { build }) });
  return createHash('sha256').update(key).digest('hex');
}

/** What a part's tallies hash to: their chunks and counts, as whole numbers. */
export function tallyHash(points: readonly { chunks: readonly number[]; tally: readonly number[] }[]): string {
  return createHash('sha256').update(canonical(points)).digest('hex');
}

/**
 * Why the tally `values` of `layout` cannot be what chunks of `trials` trials add up to,
 * or undefined: every count ≥ 0; a probability's sum within 0…trials × scale; a mean's
 * sum of squares ≥ 0, at least |sum| (integers) and at least sum² / trials
 * (Cauchy–Schwarz); every distribution's bins ≥ 0 and adding up to the trials.
 */
export function tallyProblem(layout: TallyLayout, values: ArrayLike<number>, trials: number): string | undefined {
  if (values[0] !== trials) return `it counts ${values[0]} trials where its chunks hold ${trials}`;
  const n = trials;
  for (let i = 0; i < layout.metrics.length; i++) {
    const m = layout.metrics[i];
    const sum = values[1 + 2 * i];
    const squares = values[2 + 2 * i];
    const scale = m.scale ?? 1;
    if (squares < 0 || squares < Math.abs(sum) || sum * sum > n * squares * (1 + 1e-12)) return `metric ${m.name}: a sum of ${sum} and of squares ${squares} no ${n} whole numbers have`;
    if (m.kind === 'probability') {
      if (sum < 0 || sum > n * scale) return `metric ${m.name}: ${sum} is not a count of 0 to ${n * scale}`;
      // Each trial adds a whole number from 0 to `scale` (1 for a chance, a count of deaths
      // out of `scale` combatants for a scaled one), whose square is at most scale × itself.
      if (squares > scale * sum) return `metric ${m.name}: a sum of squares ${squares} above ${scale} × its sum ${sum}, which outcomes of 0 to ${scale} a trial cannot give`;
    } else if (m.min !== undefined && sum < m.min * n) {
      // A count (or a rank) below its least value in every trial: no run gives it.
      return `metric ${m.name}: a sum of ${sum} below ${m.min} a trial over ${n} trials`;
    } else if (m.max !== undefined && sum > m.max * n) {
      return `metric ${m.name}: a sum of ${sum} above ${m.max} a trial over ${n} trials`;
    }
  }
  for (let d = 0; d < layout.distributions.length; d++) {
    const at = layout.distributionOffsets[d];
    let total = 0;
    for (let k = 0; k < layout.distributions[d].size; k++) {
      if (values[at + k] < 0) return `distribution ${layout.distributions[d].name}: a negative count`;
      total += values[at + k];
    }
    if (total !== n) return `distribution ${layout.distributions[d].name}: its bins count ${total} trials, not ${n}`;
  }
  for (let c = 0; c < layout.counters.length; c++) {
    const at = layout.counterOffsets[c];
    for (let k = 0; k < layout.counters[c].size; k++) if (values[at + k] < 0) return `counter ${layout.counters[c].name}: a negative count`;
  }
  return undefined;
}

/** The part file of one shard's run. */
export function partOf(plans: readonly ScenarioPlan[], runs: readonly PointRun[][], shard: Shard, build?: string): PartFile {
  return {
    format: PART_FORMAT,
    version: PART_VERSION,
    poolsim: POOLSIM_VERSION,
    // The code that drew the numbers, not only its version: the version stayed 0.2.0 while
    // commits changed a clash's draws, and a part left from before a `git pull` merged into
    // figures neither build gives (a determinism audit: wasted 0.0345 where the builds give
    // 0.0159 and 0.0702). merge refuses parts of two builds, or of a build not its own, and
    // what it cannot check: a part naming no build under a compiled merge, a part naming one
    // under a merge from the sources. The scenario's hash covers it, so an edit is seen.
    ...(build === undefined ? {} : { build }),
    // The build's default chunk size (a mechanic's own, Mechanic.chunkTrials, is fixed by
    // the same build): with `poolsim`, which build ran the shards.
    chunkTrials: CHUNK_TRIALS,
    shard,
    files: plans.map((plan, j) => ({
      file: plan.file,
      hash: scenarioHash(plan.scenario, plan.seed, plan.trials, CHUNK_TRIALS, build),
      seed: plan.seed,
      trials: plan.trials,
      // The validated file: merge re-plans from it as the run did.
      scenario: plan.scenario,
      points: runs[j].map((r) => ({ chunks: r.chunks, tally: Array.from(r.tally.values) })),
      tallyHash: tallyHash(runs[j].map((r) => ({ chunks: r.chunks, tally: Array.from(r.tally.values) }))),
    })),
  };
}

/** Why the file at `path` (lstat'ed as `st`) is not a part file poolsim may replace, or undefined where it is one. */
function notAPart(path: string, st: Stats): string | undefined {
  if (!st.isFile()) return st.isDirectory() ? 'is a folder' : 'is not a regular file';
  const head = Buffer.alloc(64);
  let read = 0;
  try {
    const fd = openSync(path, 'r');
    try {
      read = readSync(fd, head, 0, head.length, 0);
    } finally {
      closeSync(fd);
    }
  } catch (e) {
    return `cannot be read (${(e as NodeJS.ErrnoException).code})`;
  }
  if (!head.subarray(0, read).toString('utf8').startsWith(`{"format":"${PART_FORMAT}"`)) return 'is a file poolsim did not write';
  return undefined;
}

/** Why a mount point is refused as a part's `--out`. */
const MOUNTED = 'is a mount point (a file system is mounted there), which the part cannot be renamed over';

/** What every refusal of a part's `--out` ends with. */
const ONLY_PARTS = 'a part file replaces only a part file an earlier shard wrote — give a new file name';

/**
 * What was at a part's `--out` before the shard ran (checkPartTarget): `null` where nothing
 * was, else the part file an earlier shard wrote, by inode. The part replaces only that
 * (publish): a part another shard put there meanwhile, given the same `--out` by mistake,
 * was renamed over, both shards saying they had written it, until an audit.
 */
export type PartTarget = { dev: number; ino: number; ctimeMs: number; size: number } | null;

/**
 * Throws ShardError unless `path` is somewhere a part file may go: nothing there yet, or
 * a part file an earlier shard wrote (poolsim replaces only what it wrote itself). Returns
 * what is there (PartTarget), for writeAtomically to find it so again once the shard has run.
 */
export function checkPartTarget(path: string): PartTarget {
  const refuse = (why: string) => {
    throw new ShardError(`--out ${path}: ${why}; ${ONLY_PARTS}`);
  };
  // A name ending in "/" names a folder, which the part (a file) cannot be: "newp.json/"
  // passed this check and failed after the whole shard had run.
  if (/[\\/]$/.test(path)) refuse('ends in "/", which names a folder');
  // The part is written beside it under a name TEMPORARY_EXTRA bytes longer first: a name
  // near the 255 bytes a file name may have ran the whole shard, then failed (ENAMETOOLONG).
  const bytes = Buffer.byteLength(basename(path));
  if (bytes + TEMPORARY_EXTRA > NAME_MAX) {
    throw new ShardError(`--out ${path}: a file name of ${bytes} bytes is too long: the part is written beside it first, under a name ${TEMPORARY_EXTRA} bytes longer (${basename(path).slice(0, 20)}….<random>.partial), and a file name may have at most ${NAME_MAX} bytes — give a shorter name`);
  }
  let st;
  try {
    st = lstatSync(path);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT') refuse(`cannot be read (${code})`);
    // A missing folder and a `..` after it (`missing/../p.json`): resolve() below takes the
    // `..` away and finds a folder that is there, but the system opens nothing through the
    // missing one, and the probe said that folder "takes no new file" (an audit).
    const missing = missingInTheWay(path);
    if (missing !== undefined) throw new ShardError(`--out ${path}: the folder ${missing} does not exist, so the path cannot go on past it (ENOENT)`);
    // Nothing there yet: the folder it goes in must take it, found now rather than after
    // a shard's hours of work: the folder the system finds (partFolder), not one a `..`
    // after a link takes away as written.
    const folder = partFolder(path);
    try {
      if (!statSync(folder).isDirectory()) throw new ShardError(`--out ${path}: ${folder} is not a folder`);
      accessSync(folder, constants.W_OK);
    } catch (e) {
      if (e instanceof ShardError) throw e;
      const code = (e as NodeJS.ErrnoException).code;
      throw new ShardError(`--out ${path}: ${code === 'ENOENT' ? `the folder ${folder} does not exist` : `the folder ${folder} cannot be written (${code})`}`);
    }
    probe(path);
    return null;
  }
  const problem = notAPart(path, st);
  if (problem) refuse(problem);
  // A file mounted there (a bind mount) cannot be renamed over (EBUSY): found after the run.
  // Read from the kernel's list of mount points (reports/mounts.ts): comparing st.dev with
  // the folder's missed a bind mount from the same file system, and refused a part on
  // overlayfs (Docker) whose layer is another file system than its folder's.
  if (isMountPoint(path)) refuse(MOUNTED);
  probe(path);
  // With its change time and size: a part deleted meanwhile frees its inode number, which
  // the file system may give at once to the next file made there (a review: another shard's
  // part, so taken for the one seen, was renamed over).
  return { dev: st.dev, ino: st.ino, ctimeMs: st.ctimeMs, size: st.size };
}

/**
 * The folder a part at `path` goes in, as the system finds it: through a link and a `..`
 * after it (`lnk/../gone/p.json`, lnk → real/sub) that is real/gone, where resolve() reads
 * ./gone; the probe's refusal named ./gone, there and writable, as the folder that "takes no
 * new file" (a review of ce140747). As written where no `..` follows a link (systemPath).
 */
function partFolder(path: string): string {
  try {
    return dirname(resolve(systemPath(path)));
  } catch (e) {
    if (e instanceof NotAFolder) throw new ShardError(`--out ${path}: ${e.message}`);
    throw e;
  }
}

/**
 * Make and remove the temporary file the part will be written to, as the run will once it
 * is done: a folder that takes no new file (read-only, full of names, a name too long for
 * its file system) is found before the shard runs, not after.
 */
function probe(path: string): void {
  const temporary = temporaryName(path);
  try {
    closeSync(openSync(temporary, 'wx'));
  } catch (e) {
    throw new ShardError(`--out ${path}: the part is written beside it first, and ${partFolder(path)} takes no new file there (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  removeQuietly(temporary);
}

/** Remove `path`, saying nothing where it cannot be: a clean-up on the way out of an error says that error, not its own. */
function removeQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // Gone already, or cannot be: the error being thrown says what went wrong.
  }
}

/**
 * The temporary name a part is written to beside `path`: `<path>.<12 hex digits>.partial`,
 * random, so that no one can plant a link there beforehand (it was `<path>.<pid>.partial`,
 * and a link planted at it had the part written through it, over the file it led to).
 */
function temporaryName(path: string): string {
  return `${path}.${randomBytes(6).toString('hex')}.partial`;
}
/** How many bytes longer temporaryName is than the name it is for. */
const TEMPORARY_EXTRA = '.123456789abc.partial'.length;
/** The longest file name (in bytes) of nearly every file system (NAME_MAX). */
const NAME_MAX = 255;

/**
 * Put the finished `temporary` file (holding `text`) at `path`, as checkPartTarget allowed
 * before the run: a new file only where nothing is there — a hard link, which fails
 * (EEXIST) where anything appeared meanwhile, where a rename would replace it — or in place
 * of a part file an earlier shard wrote, looked at again right before the rename. A file of
 * the user's put at `--out` while the shard ran was replaced by it until an audit.
 *
 * One window is left open: between the last look at an earlier part (notAPart) and the
 * rename over it, a file put at `path` in its place would be replaced. No portable call
 * renames only over a given file (Linux's renameat2 cannot say "only over this inode", and
 * Node has none of it); the window is the microseconds between two system calls, at the
 * end of a run, on a name the user gave to a part that is already there.
 */
function publish(temporary: string, path: string, text: string, write: (fd: number, text: string) => void, before: PartTarget | undefined): void {
  const appeared = (what: string) => new ShardError(`--out ${path}: ${what}, so the part was not written; ${ONLY_PARTS}, and run the shard again`);
  let st: Stats | undefined;
  try {
    st = lstatSync(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  // Where the look before the run found nothing, anything there now came while the shard
  // ran — another shard's part, given the same --out, among them — and is kept; where it
  // found an earlier part, only that very file is replaced.
  if (st !== undefined && before === null) throw appeared('something was put there while the shard ran (another shard\'s part given the same --out?)');
  if (st !== undefined && before && (st.dev !== before.dev || st.ino !== before.ino || st.ctimeMs !== before.ctimeMs || st.size !== before.size)) {
    throw appeared('the part file there before the shard ran was replaced while it ran (another shard\'s part given the same --out?)');
  }
  if (st === undefined) {
    try {
      linkSync(temporary, path);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') {
        // NFS may say EEXIST of a link() it made: a call retried after its answer was lost
        // finds the link the first one made (a review). Ours when `path` is the temporary
        // file itself (the same inode), and the part is then in place.
        if (sameInode(temporary, path)) {
          removeQuietly(temporary);
          return;
        }
        throw appeared('something was put there while the shard ran');
      }
      // A file system without hard links (FAT, some network ones): the part is copied to a
      // file made new at `path` (O_CREAT|O_EXCL), which fails where anything is there by
      // then, so nothing is ever replaced. (It was renamed, after a look that nothing was
      // there: a file put there between the two was replaced.) Not atomic, unlike the link:
      // a process killed outright mid-write leaves the part cut short at `path` (the next
      // shard replaces it only where its first bytes are a part's, notAPart), and a merge
      // meanwhile may read it half-written
      // (docs/parallel.md says so).
      if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'ENOSYS') throw e;
      let fd: number;
      try {
        fd = openSync(path, 'wx');
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'EEXIST') throw appeared('something was put there while the shard ran');
        throw e;
      }
      let whole = false;
      try {
        write(fd, text);
        whole = true;
      } finally {
        closeSync(fd);
        // The file made new here is this run's (O_EXCL): a part cut short goes again.
        if (!whole) removeQuietly(path);
      }
      removeQuietly(temporary);
      return;
    }
    // The part is in place; a second name of it left beside it would be all that is amiss.
    removeQuietly(temporary);
    return;
  }
  const problem = notAPart(path, st);
  if (problem) throw appeared(`what is there now ${problem}, put there while the shard ran`);
  try {
    renameSync(temporary, path);
  } catch (e) {
    const x = e as NodeJS.ErrnoException;
    // Mounted there since the look before the run, or one no look could tell (EBUSY): said
    // as what it is, an output failure (exit 3) after the run.
    if (x.code !== 'EBUSY') throw e;
    throw Object.assign(new Error(`it ${MOUNTED} (${x.code})`, { cause: e }), { code: x.code, errno: x.errno, syscall: x.syscall });
  }
}

/** Whether `a` and `b` are one file (links not followed): false where either cannot be looked at. */
function sameInode(a: string, b: string): boolean {
  try {
    const x = lstatSync(a);
    const y = lstatSync(b);
    return x.dev === y.dev && x.ino === y.ino;
  } catch {
    return false;
  }
}

/**
 * Write a file whole or not at all: to a temporary name first, then renamed. The temporary
 * file is made new (O_CREAT|O_EXCL: never a file or link already there). A write that
 * fails (a full disk) throws the system's error, with the file named; `write` is node's
 * writeFileSync but in the tests, which pass one that fails as a full disk does. `before`:
 * what checkPartTarget found at `path` before the run (left out, whatever is there now is
 * judged alone, as notAPart judges it).
 */
export async function writeAtomically(path: string, text: string, write: (fd: number, text: string) => void = writeFileSync, before?: PartTarget): Promise<void> {
  const temporary = temporaryName(path);
  let made = false;
  // A stop signal as the part is written lands once the temporary file is whole, and the
  // part is then not published (cli/signals.ts): a `.partial` file was left, unsaid.
  const held = new HeldSignals();
  try {
    const fd = openSync(temporary, 'wx');
    made = true;
    try {
      write(fd, text);
    } finally {
      closeSync(fd);
    }
    // The part it replaces keeps its mode and group (a files audit: a part made read-only
    // came back rw-r--r--).
    keepFileAccess(path, temporary);
    const by = await held.landed();
    if (by !== undefined) throw new Interrupted(by);
    publish(temporary, path, text, write, before);
    // One that came as the part was put in place (it is there, whole, and what it replaced
    // is gone): said, with its exit code, not dropped by release() (a files audit: exit 0).
    const late = await held.landed();
    if (late !== undefined) throw new InterruptedAfterOutput(late, `the part was already at ${path} when the signal came`);
  } catch (e) {
    if (made) removeQuietly(temporary);
    if (e instanceof ShardError || e instanceof Interrupted) throw e;
    const x = e as NodeJS.ErrnoException;
    if (x?.syscall === undefined) throw e;
    // Not bad input (a ShardError, exit 2, said a full disk was): the output failed, which
    // bin/poolsim.js says as a system error, exit 3, as it says every other output failure.
    throw Object.assign(new Error(`cannot write ${path}: ${x.message}; the part was not written`, { cause: e }), { code: x.code, errno: x.errno, syscall: x.syscall, path });
  } finally {
    held.release();
  }
}

/** Gives the file `made` the mode and group of the file at `old`, where there is one, as far as this user may. */
function keepFileAccess(old: string, made: string): void {
  let st;
  try {
    st = lstatSync(old);
  } catch {
    return;
  }
  if (!st.isFile()) return;
  try {
    chownSync(made, -1, st.gid);
  } catch {
    // not a member of that group
  }
  try {
    chmodSync(made, st.mode & 0o7777);
  } catch {
    // a file system without modes
  }
}

/** A YAML file's value, or undefined where it is not YAML either. */
function yamlValue(text: string, path: string): unknown {
  try {
    return parseScenarioText(text, path);
  } catch {
    return undefined;
  }
}

/**
 * The largest part file read. A part holds, per result point, the chunks it ran and their
 * tally: a billion trials of a wide sweep come to some megabytes; /dev/zero is endless
 * (`merge /dev/zero` grew to 6 GB before an audit).
 */
export const MAX_PART_BYTES = 256 * 1024 * 1024;

/**
 * A part file's text, read whole: a file, or a pipe (`merge <(ssh host cat part.json)`),
 * of at most MAX_PART_BYTES; a device or socket is refused before it is opened.
 */
function readPartText(path: string): string {
  const tooBig = (size: string) => new ShardError(`${path}: ${size}: a part file is at most ${MAX_PART_BYTES.toLocaleString('en')} bytes (merge expects the part files \`poolsim run --shard I/N --out PART.json\` writes)`);
  let st: Stats;
  try {
    st = statSync(path);
  } catch (e) {
    // Said as run, solve and report say a missing file, with what was expected, not Node's
    // "ENOENT: no such file or directory, stat '…'" (a docs audit).
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file (or a link to nothing)' : code === 'ELOOP' ? 'a link that loops back on itself' : `cannot be read (${code ?? (e as Error).message})`;
    throw new ShardError(`${path}: (top level): ${why}: expected a part file \`poolsim run --shard I/N --out PART.json\` writes`);
  }
  // A folder of parts: name them (a shell's parts/*.json), rather than "EISDIR".
  if (st.isDirectory()) throw new ShardError(`${path}: is a folder: expected the part files themselves (poolsim merge ${path.replace(/\/+$/, '')}/*.json)`);
  if (st.isCharacterDevice() || st.isBlockDevice() || st.isSocket()) {
    throw new ShardError(`${path}: is ${st.isSocket() ? 'a socket' : 'a device'}, not a file: merge expects the part files \`poolsim run --shard I/N --out PART.json\` writes`);
  }
  if (st.isFile() && st.size > MAX_PART_BYTES) throw tooBig(`${st.size.toLocaleString('en')} bytes`);
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    const fd = openSync(path, 'r');
    try {
      // Looked at again once open: what was stat'ed may have been swapped since.
      const opened = fstatSync(fd);
      if (!opened.isFile() && !opened.isFIFO()) throw new ShardError(`${path}: is not a file: merge expects the part files \`poolsim run --shard I/N --out PART.json\` writes`);
      for (;;) {
        const buffer = Buffer.alloc(1 << 20);
        const n = readSync(fd, buffer, 0, buffer.length, null);
        if (n === 0) break;
        total += n;
        // A pipe, or a file grown since: read no further than the limit.
        if (total > MAX_PART_BYTES) throw tooBig(`more than ${MAX_PART_BYTES.toLocaleString('en')} bytes`);
        chunks.push(n === buffer.length ? buffer : buffer.subarray(0, n));
      }
    } finally {
      closeSync(fd);
    }
  } catch (e) {
    if (e instanceof ShardError) throw e;
    throw new ShardError(`${path}: cannot read: ${(e as Error).message}`);
  }
  return Buffer.concat(chunks, total).toString('utf8');
}

export function readPart(path: string): PartFile {
  const text = readPartText(path);
  let value: unknown;
  try {
    value = parseJsonText(text, path);
  } catch (e) {
    // A YAML scenario is not JSON at all: said what it is, as diff says it.
    const yaml = /\.ya?ml$/i.test(path) ? yamlValue(text, path) : undefined;
    if (poolsimFileKind(yaml) !== undefined) value = yaml;
    else throw new ShardError(e instanceof ScenarioErrors ? e.errors.map((x) => x.message) : `${path}: not valid JSON: ${(e as Error).message}`);
  }
  if (value === null || typeof value !== 'object' || (value as { format?: unknown }).format !== PART_FORMAT) {
    // Named for what it is (a result, a scenario…), as diff names a file it does not take,
    // and with what merge expects. (It said "written by `poolsim run --shard I/N --out
    // results.json`" of a result: advice, it read, to write a part over that file.)
    const known = poolsimFileKind(value);
    // A list of parts (`jq -s` of them, a CI step's habit) is no part file either: said so,
    // not "is a part file …, not a part file" (an audit).
    const what =
      Array.isArray(value) && known?.kind === 'part' ? `is a list of ${value.length} part files in one file, not a part file`
      : known === undefined ? 'not a poolsim part file'
      : `is ${known.what}, not a part file`;
    throw new ShardError(
      new ScenarioError(path, '', `${what}: merge expects the part files of a sharded run, one per shard, as \`poolsim run FILE --shard I/N --out PART.json\` writes them`).message,
    );
  }
  const version = (value as { version?: unknown }).version;
  if (typeof version === 'number' && version !== PART_VERSION) {
    throw new ShardError(`${path}: a part file of format version ${version}, written by an ${version < PART_VERSION ? 'earlier' : 'later'} poolsim; this one merges version ${PART_VERSION}: rerun its shard with this build`);
  }
  const parsed = partSchema.safeParse(value);
  if (!parsed.success) {
    // What was expected and what was found, as a scenario's problems are said.
    throw new ShardError(zodErrors(path, [], parsed.error, value).slice(0, 10).map((e) => e.message));
  }
  // No shard's run writes an index at or above its count (parseShard refuses it): said here,
  // with the file and the field, not as "missing shard 1/2 … (given: shards 0/2, 5/2)" (an audit).
  const { index, count } = parsed.data.shard;
  if (index >= count) {
    throw new ShardError(new ScenarioError(path, 'shard.index', `expected a shard index below shard.count (${count}: 0 … ${count - 1}), got ${index}`).message);
  }
  return parsed.data;
}

// ---------------------------------------------------------------- merging

/** One place where two values differ: its path (`files.0.scenario.setup.challenges`) and the value on each side (undefined where absent). */
interface Difference {
  path: string;
  a: unknown;
  b: unknown;
}

/** Where `a` and `b` differ, leaf by leaf, under `path`, keys in order: the first `most`. */
function differences(a: unknown, b: unknown, path: string, most = DIFFERENCES_NAMED + 1): Difference[] {
  const found: Difference[] = [];
  const walk = (x: unknown, y: unknown, at: string) => {
    if (found.length >= most) return;
    const bothArrays = Array.isArray(x) && Array.isArray(y);
    const bothObjects = !bothArrays && x !== null && y !== null && typeof x === 'object' && typeof y === 'object' && !Array.isArray(x) && !Array.isArray(y);
    if (bothArrays) {
      for (let i = 0; i < Math.max(x.length, y.length); i++) walk(x[i], y[i], `${at}.${i}`);
    } else if (bothObjects) {
      const keys = [...new Set([...Object.keys(x), ...Object.keys(y)])].sort();
      // Own fields only: a field on one side alone is absent on the other, never what every
      // object inherits under its name (`constructor`, `toString`: a function, which threw
      // an internal error, exit 3; `__proto__`: Object.prototype, no difference named).
      for (const key of keys) walk(ownField(x, key), ownField(y, key), `${at}.${key}`);
    } else if (canonical(x) !== canonical(y)) {
      found.push({ path: at, a: x, b: y });
    }
  };
  walk(a, b, path);
  return found;
}
const DIFFERENCES_NAMED = 3;

/** `value[key]` where `value` has it itself, else undefined (what it inherits is not its own). */
function ownField(value: object, key: string): unknown {
  return Object.hasOwn(value, key) ? (value as Record<string, unknown>)[key] : undefined;
}

/** What the other part has where this one has a value and it none: a list's element past its end is no field (`dice.1`). */
function absentThere(path: string): string {
  return /\.\d+$/.test(path) ? 'no such element (its list is shorter)' : 'no such field';
}

/** A value in a message: its JSON, cut short past 60 characters; "absent" where there is none. */
function shownValue(value: unknown): string {
  if (value === undefined) return 'absent';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

/** `; files.0.seed: "x" in A, "y" in B; …`, the first few, for a message; '' where there are none. */
function atPaths(found: readonly Difference[], aPath: string, bPath: string): string {
  if (found.length === 0) return '';
  const shown = found.slice(0, DIFFERENCES_NAMED).map((d) => `${d.path}: ${shownValue(d.a)} in ${aPath}, ${shownValue(d.b)} in ${bPath}`);
  return `: ${shown.join('; ')}${found.length > DIFFERENCES_NAMED ? '; and more' : ''}`;
}

/**
 * Why file `j` of part `k`, whose scenario, seed and trials do not hash to its `hash`, was
 * refused: where another part given holds the same file as that hash says (its own hash
 * kept and equal), the fields this one changed, each by its path in the part
 * (`files.0.seed`), with the value the hash was made of; where one holds what this one
 * holds under another hash, the hash itself was changed. Where no part given can tell (one
 * part, or every part edited alike), what the hash covers, all of which is expected as
 * the shard wrote it: a hash says only that something under it changed, not what.
 */
function editedPart(paths: readonly string[], parts: readonly PartFile[], intact: readonly (readonly boolean[])[], k: number, j: number): string {
  const f = parts[k].files[j];
  const held = { seed: f.seed, trials: f.trials, scenario: f.scenario };
  const heldText = canonical(held);
  // Every intact file of the other parts, this file's own first (the same path, then the
  // same place in the run), another file's after: a hash copied from the other file of a
  // part was said as every field of this file "edited", each named with the other file's
  // value (a review), where its own, holding what this part holds, says the hash was edited.
  const intactFiles: { m: number; i: number; rank: number }[] = [];
  for (let m = 0; m < parts.length; m++) {
    if (m === k) continue;
    parts[m].files.forEach((g, i) => {
      if (intact[m][i]) intactFiles.push({ m, i, rank: g.file === f.file ? 0 : i === j ? 1 : 2 });
    });
  }
  intactFiles.sort((x, y) => x.rank - y.rank);
  for (const { m, i } of intactFiles) {
    const g = parts[m].files[i];
    if (canonical({ seed: g.seed, trials: g.trials, scenario: g.scenario }) === heldText) {
      return `${paths[k]}: ${f.file}: files.${j}.hash is ${JSON.stringify(f.hash)}, but the scenario, seed and trials the part holds hash to ${JSON.stringify(g.hash)}, as ${paths[m]}, which holds the same, says: the hash was edited (was the part file edited?)`;
    }
    if (g.hash === f.hash) {
      // What this file's hash was made of, kept whole in another part: the edit is the difference.
      // Seed and trials first: a changed seed is not to be lost behind three scenario fields.
      const all = Number.MAX_SAFE_INTEGER;
      const found = [
        ...differences(f.seed, g.seed, `files.${j}.seed`, all),
        ...differences(f.trials, g.trials, `files.${j}.trials`, all),
        ...differences(f.scenario, g.scenario, `files.${j}.scenario`, all),
      ];
      const shown = found
        .slice(0, DIFFERENCES_NAMED)
        .map((d) => `${d.path} is ${shownValue(d.a)} where ${paths[m]} has ${d.b === undefined ? absentThere(d.path) : shownValue(d.b)}`);
      const more = found.length > DIFFERENCES_NAMED ? `, and ${found.length - DIFFERENCES_NAMED} more` : '';
      return `${paths[k]}: ${f.file}: edited since its shard wrote it: ${shown.join('; ')}${more} — its hash (files.${j}.hash) was made of what ${paths[m]} holds at files.${i}, as the shard ran it: run that shard again, or undo the edit (was the part file edited?)`;
    }
  }
  const alone = parts.length === 1 ? 'it is the only part given' : 'no other part given holds this file as its hash says';
  return (
    `${paths[k]}: ${f.file}: the stored scenario does not match its hash, which covers the build that wrote it too (was the part file edited?): ` +
    `${alone}, so which field was changed cannot be told; expected files.${j}.scenario, files.${j}.seed, files.${j}.trials, build, poolsim and chunkTrials as the shard wrote them (their SHA-256 is files.${j}.hash): run that shard again`
  );
}

/** Shards named in a message: the first ten, then how many more (a part of a 100,000-shard split listed 99,999 missing, 1.4 MB of message: an audit). */
function listShards(indices: number[], count: number): string {
  const shown = indices.slice(0, SHARDS_NAMED).map((i) => `${i}/${count}`).join(', ');
  return indices.length > SHARDS_NAMED ? `${shown} and ${(indices.length - SHARDS_NAMED).toLocaleString('en')} more` : shown;
}
const SHARDS_NAMED = 10;

/**
 * Check that `parts` (read from `paths`) are every shard of one run, exactly once, and
 * add up their tallies. Refuses, naming the part files, when they come from different
 * builds, scenarios, seeds or trials, or when shards overlap or are missing. `build` is the
 * compiled command's (bin/poolsim.js), undefined from the sources: the parts' build must be
 * it, and where one side has none the other cannot be checked, so that is refused too.
 */
export function mergeParts(paths: readonly string[], parts: readonly PartFile[], build?: string): { plans: ScenarioPlan[]; tallies: Tally[][] } {
  if (parts.length === 0) throw new ShardError('merge needs at least one part file');
  const [first] = parts;
  const firstPath = paths[0];
  const builtBy = (part: PartFile) => (part.build === undefined ? 'the sources (no build)' : `build ${part.build}`);

  parts.forEach((part, k) => {
    if (part.poolsim !== first.poolsim || part.chunkTrials !== first.chunkTrials) {
      throw new ShardError(`${paths[k]} was written by poolsim ${part.poolsim} (default chunk size ${part.chunkTrials}), ${firstPath} by poolsim ${first.poolsim} (default chunk size ${first.chunkTrials}): run every shard with the same build`);
    }
    if (part.build !== first.build) {
      throw new ShardError(`${paths[k]} was written by ${builtBy(part)}, ${firstPath} by ${builtBy(first)}: the same version may draw other numbers, so rerun every shard with the same build`);
    }
    if (part.shard.count !== first.shard.count) {
      throw new ShardError(`${paths[k]} is shard ${part.shard.index}/${part.shard.count} but ${firstPath} is shard ${first.shard.index}/${first.shard.count}: every part must come from the same split`);
    }
  });
  // Every part names the same build (or none) by now. Checked only where both sides had one,
  // parts whose `build` was taken out by hand merged under any compiled build, exit 0 (an
  // audit), while docs/parallel.md said merge refuses parts "of a build other than its own".
  if (build !== undefined && first.build === undefined) {
    const others = parts.length === 1 ? '' : parts.length === 2 ? ' (nor does the other part given)' : ` (nor do the other ${parts.length - 1} parts given)`;
    throw new ShardError(
      `${firstPath} names no build${others}: expected a part written by \`poolsim run --shard\` of build ${build}, which names it; a part written from the sources (through tsx, as the tests run poolsim) cannot be checked against this build: merge it from the sources too, with the runner that wrote it, or rerun its shards with this build`,
    );
  }
  if (build !== undefined && first.build !== build) {
    throw new ShardError(`${firstPath} was written by build ${first.build}; this is build ${build}: merge with the build that ran the shards, or rerun them with this one`);
  }
  // From the sources the merge's own build is not known (what they would compile to may not
  // be the build that drew the part): not taken on trust either.
  if (build === undefined && first.build !== undefined) {
    throw new ShardError(`${firstPath} was written by build ${first.build}; this merge runs from the sources (no build), which cannot be checked against it: merge with the compiled command (\`poolsim merge\`) of build ${first.build}, or rerun the shards from the sources too`);
  }
  if (first.poolsim !== POOLSIM_VERSION || first.chunkTrials !== CHUNK_TRIALS) {
    throw new ShardError(`${firstPath} was written by poolsim ${first.poolsim} (default chunk size ${first.chunkTrials}); this is poolsim ${POOLSIM_VERSION} (default chunk size ${CHUNK_TRIALS}): merge with the build that ran the shards`);
  }

  const count = first.shard.count;
  const seen = new Map<number, string>();
  parts.forEach((part, k) => {
    const other = seen.get(part.shard.index);
    if (other !== undefined) throw new ShardError(`overlapping shards: ${other} and ${paths[k]} are both shard ${part.shard.index}/${count}`);
    seen.set(part.shard.index, paths[k]);
  });
  const missing = Array.from({ length: count }, (_, i) => i).filter((i) => !seen.has(i));
  if (missing.length > 0) {
    throw new ShardError(`missing shard${missing.length > 1 ? 's' : ''} ${listShards(missing, count)}: merge needs all ${count} parts (given: shard${seen.size > 1 ? 's' : ''} ${listShards([...seen.keys()].sort((a, b) => a - b), count)})`);
  }

  // The same scenarios, in the same order, with the same seeds and trials.
  const intact = parts.map((part) => part.files.map((f) => f.hash === scenarioHash(f.scenario, f.seed, f.trials, part.chunkTrials, part.build)));
  parts.forEach((part, k) => {
    part.files.forEach((f, j) => {
      if (!intact[k][j]) {
        // A build written into a part from the sources (to pass a compiled merge) is said as that.
        if (part.build !== undefined && f.hash === scenarioHash(f.scenario, f.seed, f.trials, part.chunkTrials)) {
          throw new ShardError(`${paths[k]}: ${f.file}: names build ${part.build}, but its hash was made with none (a part written from the sources): the build was written in by hand (was the part file edited?)`);
        }
        throw new ShardError(editedPart(paths, parts, intact, k, j));
      }
    });
    if (k === 0) return;
    const names = (p: PartFile) => p.files.map((f) => f.file).join(', ');
    // Files match by name or by content: pods and runners mount the same scenarios at
    // different paths (`my/s.yaml`, `/app/my/s.yaml`), and the hash covers all they hold.
    // By the scenario alone too, so that one run at other trials or seed is said as that
    // (a files audit: "every shard must run the same files" of the same file by two paths).
    const sameFile = (f: PartFile['files'][number], g: PartFile['files'][number]) => f.file === g.file || f.hash === g.hash || canonical(f.scenario) === canonical(g.scenario);
    if (part.files.length !== first.files.length || part.files.some((f, j) => !sameFile(f, first.files[j]))) {
      // The same files in another order (`run b.json a.json` on one machine, `run a.json
      // b.json` on another): said as that, not as other files (an audit). Refused all the
      // same: the result lists the files in the order a run was given them, and the two
      // shards were given two orders, so which one the merged result is to have is not known.
      const unmatched = [...first.files];
      const matched = part.files.length === first.files.length && part.files.every((f) => {
        const at = unmatched.findIndex((g) => sameFile(f, g));
        return at >= 0 && unmatched.splice(at, 1).length === 1;
      });
      if (matched) {
        throw new ShardError(
          `${paths[k]} ran ${names(part)} but ${firstPath} ran ${names(first)}: the same files in another order — the result lists the files in the order they were given, so give every shard the files in the same order (a folder is read in name order)`,
        );
      }
      throw new ShardError(`${paths[k]} ran ${names(part) || 'no files'} but ${firstPath} ran ${names(first) || 'no files'}: every shard must run the same files`);
    }
    part.files.forEach((f, j) => {
      const g = first.files[j];
      if (f.hash === g.hash) return;
      const what =
        JSON.stringify(f.seed) !== JSON.stringify(g.seed)
          ? String(f.seed) === String(g.seed)
            ? // The same streams (a seed is read as its text), but the merged result would print
              // one of two seeds (an audit: "a different seed" of 0 and "0" read as wrong numbers).
              `the seed written two ways (${JSON.stringify(f.seed)} in ${paths[k]}, ${JSON.stringify(g.seed)} in ${firstPath}: the same draws, but the result prints one of them) — give every shard the seed the same way`
            : `a different seed (${JSON.stringify(f.seed)} in ${paths[k]}, ${JSON.stringify(g.seed)} in ${firstPath})`
          : f.trials !== g.trials
            ? `different trials (${f.trials} in ${paths[k]}, ${g.trials} in ${firstPath})`
            : `a different scenario (the file changed between shards${atPaths(differences(f.scenario, g.scenario, `files.${j}.scenario`), paths[k], firstPath)})`;
      throw new ShardError(`${f.file}: ${paths[k]} and ${firstPath} ran it with ${what}`);
    });
  });

  // A shard's run writes one entry per scenario file it ran, at least one, and `run`
  // refuses two scenarios of one name: parts made by hand with none, or with one scenario
  // twice, merged into an empty result or into two results that diff, --baseline and
  // merge itself match by name (an audit).
  if (first.files.length === 0) throw new ShardError(`${firstPath}: holds no scenario files: a shard's part holds every file its run ran, at least one (was the part file edited?)`);

  const plans: ScenarioPlan[] = [];
  const tallies: Tally[][] = [];
  const firstOf = new Map<string, string>();
  // Each file named as the lowest shard's part names it, whatever order the parts are given
  // in: shards may name one file by different paths (a pod mounting the repository
  // elsewhere), and the readable table and the notes name it (a files audit: `merge b a`
  // printed another path than `merge a b`).
  const namer = parts.reduce((a, b) => (b.shard.index < a.shard.index ? b : a));
  first.files.forEach((f, j) => {
    let plan;
    try {
      plan = planScenario(f.scenario, namer.files[j].file, { trials: f.trials, seed: f.seed });
    } catch (e) {
      if (e instanceof ScenarioErrors) throw new ShardError(e.errors.map((x) => `${firstPath}: ${x.message}`));
      throw e;
    }
    const other = firstOf.get(plan.scenario.name);
    if (other !== undefined) {
      throw new ShardError(`${firstPath}: ${f.file} and ${other} are both named "${plan.scenario.name}": results are matched by name (diff, --baseline), so \`poolsim run\` never runs two of one name, and a part holding them was not written by it (was the part file edited?)`);
    }
    firstOf.set(plan.scenario.name, f.file);
    plans.push(plan);
    const chunks = chunkCount(f.trials, plan.chunkTrials);
    // One entry per result point, no more and no fewer: a part with a point too many (a hand
    // edit, its hash recomputed) merged with exit 0, the extra point dropped unsaid (an audit).
    parts.forEach((part, k) => {
      const held = part.files[j].points.length;
      if (held !== plan.points.length) throw new ShardError(`${paths[k]}: ${f.file} has ${held} result points, the scenario ${plan.points.length}`);
    });
    tallies.push(
      plan.points.map((p, i) => {
        const total = layoutOf(p.simulation).create();
        const owner = new Map<number, string>();
        const held: { path: string; tally: readonly number[]; trials: number }[] = [];
        // Shard order, so the sum is taken in the same order every time.
        const inOrder = parts.map((part, k) => ({ part, path: paths[k] })).sort((a, b) => a.part.shard.index - b.part.shard.index);
        for (const { part, path } of inOrder) {
          const stored = part.files[j].points[i]!;
          if (stored.tally.length !== total.values.length) {
            throw new ShardError(`${path}: ${f.file} point ${i}: a tally of ${stored.tally.length} entries where ${total.values.length} were expected`);
          }
          let trials = 0;
          for (const c of stored.chunks) {
            if (c >= chunks) throw new ShardError(`${path}: ${f.file} point ${i}: chunk ${c} is beyond the ${chunks} chunks of ${f.trials} trials`);
            const other = owner.get(c);
            if (other !== undefined) throw new ShardError(`overlapping parts: ${f.file} point ${i} chunk ${c} is in both ${other} and ${path}`);
            owner.set(c, path);
            trials += chunkSize(f.trials, c, plan.chunkTrials);
          }
          held.push({ path, tally: stored.tally, trials });
          try {
            total.merge(Float64Array.from(stored.tally));
          } catch (e) {
            // Past 2^53 (Tally.merge): the parts are sound, their sum would not be exact.
            throw new ShardError(`${f.file} point ${i}: ${(e as Error).message}`);
          }
        }
        if (owner.size !== chunks) {
          const lost = Array.from({ length: chunks }, (_, c) => c).filter((c) => !owner.has(c));
          const given = paths.length > 5 ? `${paths.slice(0, 5).join(', ')} and ${paths.length - 5} more` : paths.join(', ');
          throw new ShardError(`${f.file} point ${i}: chunk${lost.length > 1 ? 's' : ''} ${lost.slice(0, 10).join(', ')}${lost.length > 10 ? ', …' : ''} ${lost.length > 1 ? 'are' : 'is'} in none of the parts given (${given})`);
        }
        // After the chunk checks, whose messages say more about how parts were mixed up.
        for (const h of held) {
          const problem = tallyProblem(total.layout, h.tally, h.trials);
          if (problem) throw new ShardError(`${h.path}: ${f.file} point ${i}: a tally no run can give (was the part file edited?): ${problem}`);
        }
        return total;
      }),
    );
    parts.forEach((part, k) => {
      if (part.files[j].tallyHash !== tallyHash(part.files[j].points)) {
        throw new ShardError(`${paths[k]}: ${f.file}: the stored tallies do not match their hash (was the part file edited?)`);
      }
    });
  });
  return { plans, tallies };
}
