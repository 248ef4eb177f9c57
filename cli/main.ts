/**
 * The `poolsim` command line. Exit codes: 0 every `expect` check passed, 1 a check failed,
 * 2 bad input (nothing runs, nothing is written), 3 a chunk failed while running (nothing
 * is written) or the output could not be written whole (cli/output.ts), 130 interrupted by Ctrl-C (143 by SIGTERM, 129 by
 * SIGHUP; nothing is written).
 */
import { existsSync, realpathSync, statSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';
import { ScenarioErrors, capErrors, oneLine } from '../sim/scenario.ts';
import { assembleResult } from '../sim/assemble.ts';
import { widestHalfWidth } from '../sim/precision.ts';
import type { ScenarioPlan } from '../sim/scenario.ts';
import type { Tally } from '../sim/stats.ts';
import type { ScenarioResult } from '../sim/result.ts';
import { parseFlags, UsageError } from './options.ts';
import { reportCommand, REPORT_USAGE } from './report-command.ts';
import { diffCommand, DIFF_USAGE } from './diff-command.ts';
import { solveCommand, SOLVE_USAGE } from './solve-command.ts';
import { expandPaths, loadPlans, refuseReadingOutput } from './load.ts';
import { jsonText, plainText } from './text.ts';
import { OutputFailed, outputAmong, outputIsInput, outputOf, type Output, type WriteSync } from './output.ts';
import { HeldSignals, InterruptedAfterOutput } from './signals.ts';
import { TargetRefused, checkCurrentFolder, checkGoneRelatives, realOf, within } from '../reports/target.ts';
import { formatResult } from './format.ts';
import { describeCheck, measured } from '../reports/checkText.ts';
import { ChunkFailed, Interrupted, PoolFailed, STOP_SIGNALS, runBatch, type Shard } from './runner.ts';
import { ShardError, checkPartTarget, mergeParts, partOf, readPart, resolveShard, writeAtomically, type PartTarget } from './shard.ts';

export { UsageError };

/**
 * For the build's warm-up of the worker's code cache (scripts/build.mjs WARM_UP): a file
 * planned as `run` plans it, and the message a pool thread gets for one of its chunks.
 */
export { loadPlans } from './load.ts';
export { chunkTask } from '../workers/chunk.ts';
// For bench/fresh-run.cjs: a whole run in a fresh process, on the compiled command.
export { runBatch } from './runner.ts';

/** `--max-trials` when `--precision` is given without it: a point stops here even if short of the target. */
export const DEFAULT_MAX_TRIALS = 100_000_000;

const USAGE = `poolsim — Monte Carlo and exact odds for Viciousness, VDP and Sorcerer

usage:
  poolsim run FILE|DIR... [--trials N] [--seed S] [--json] [--workers N]
              [--precision P [--max-trials N]]
              [--shard I/N --out PART.json | --shards N --out PART.json]
  poolsim merge PART.json... [--json]

  --trials N       trials per result point (overrides the file's "trials")
  --seed S         seed (overrides the file's "seed")
  --json           print the result JSON (docs/scenario-format.md) and nothing else;
                   one object for one scenario (a folder of one too), an array
                   for several
  --workers N      at most N threads (default: one per core; 1 runs in this thread);
                   a run too short to gain from more stays in this thread
                   (docs/parallel.md). The numbers do not depend on it
  --precision P    instead of a fixed number of trials, run each point until every
                   metric's 95% interval is at most 2P wide (half-width P); each point
                   reports the trials it took, the top-level "trials" is the cap
  --max-trials N   the cap for --precision (default ${DEFAULT_MAX_TRIALS.toLocaleString('en')} per point)
  --shard I/N      run only shard I of N (0 ≤ I < N) and write it with --out; the index
                   can come from $JOB_COMPLETION_INDEX or $POOLSIM_SHARD_INDEX with
                   --shards N (or $POOLSIM_SHARDS) instead
  --out PART.json  where a shard's part goes; \`poolsim merge\` adds all N parts up into
                   the same result one machine would print (docs/parallel.md)

${REPORT_USAGE}

${DIFF_USAGE}

${SOLVE_USAGE}

exit status: 0 all expect checks pass, 1 a check fails, 2 bad input, 3 a run failed
(or its output could not be written whole),
130 interrupted (143 by SIGTERM, 129 by SIGHUP); nothing is written unless every scenario ran to the end
(bad input, a failed run or an interrupt write nothing; a failed check still writes the
reports that show it, and exits 1)`;

const COMMANDS = ['run', 'merge', 'report', 'diff', 'solve'];

/** What the command line reads from outside its arguments; tests substitute parts. */
export interface CliContext {
  env?: NodeJS.ProcessEnv;
  /** Stops the run as Ctrl-C does (tests). */
  signal?: AbortSignal;
  /** The piscina worker entry (tests substitute one that throws). */
  workerFile?: string;
  /** Show the progress bar after this long (tests; default cli/progress.ts SHOW_AFTER_MS). */
  progressAfterMs?: number;
  /** How a regular file behind stdout is written (tests substitute one that writes short; cli/output.ts). */
  writeSync?: WriteSync;
  /** The compiled code running (bin/poolsim.js: the digest of its bundles, scripts/build.mjs codeDigest): named in a part, checked by merge. */
  build?: string;
}

export async function main(
  argv: string[],
  stdout: NodeJS.WritableStream = process.stdout,
  err: NodeJS.WritableStream = process.stderr,
  context: CliContext = {},
): Promise<number> {
  const [command, ...rest] = argv;
  // Every command's output is written whole, or the command fails (cli/output.ts).
  const out = outputOf(stdout, context.writeSync, (err as { fd?: unknown }).fd as number | undefined);
  try {
    if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
      out.write(USAGE + '\n');
      return command === undefined ? 2 : 0;
    }
    // `poolsim run --help`: the usage, as for `poolsim --help` (before a `--`, after which
    // everything is a file name).
    const flags = rest.indexOf('--') < 0 ? rest : rest.slice(0, rest.indexOf('--'));
    if (COMMANDS.includes(command) && (flags.includes('--help') || flags.includes('-h'))) {
      out.write(USAGE + '\n');
      return 0;
    }
    if (command === 'run') return await holdingStops(out, (held) => runCommand(rest, held, err, context));
    if (command === 'merge') return await holdingStops(out, (held) => mergeCommand(rest, held, err, context.build));
    if (command === 'report') return await reportCommand(rest, out, err, context);
    if (command === 'diff') return await holdingStops(out, (held) => diffCommand(rest, held, err));
    if (command === 'solve') return await holdingStops(out, (held) => solveCommand(rest, held, context));
    throw new UsageError(`unknown command "${command}"`);
  } catch (e) {
    if (e instanceof ScenarioErrors) {
      err.write(`poolsim: bad input, nothing was run:\n${capErrors(e.errors).map((line) => `  ${plainText(line)}`).join('\n')}\n`);
      return 2;
    }
    if (e instanceof UsageError) {
      // The whole usage after an unknown command; after a known command's bad flag, one
      // line pointing to it (fifty lines of usage scrolled the message itself away).
      // One line, a path's newline included (sim/scenario.ts oneLine).
      const said = plainText(oneLine(e.message));
      err.write(COMMANDS.includes(command) ? `poolsim: ${said}\n(poolsim ${command} --help lists every command and flag)\n` : `poolsim: ${said}\n\n${USAGE}\n`);
      return 2;
    }
    if (e instanceof TargetRefused) {
      // Refused once the scenarios had run (reports/write.ts looks again): they ran.
      err.write(`poolsim: ${plainText(oneLine(e.message))}; ${e.afterRun ? 'the scenarios ran, but no report was written' : 'nothing was run or written'}\n`);
      return 2;
    }
    if (e instanceof ShardError) {
      err.write(`poolsim: ${plainText(e.lines.map(oneLine).join('\n'))}; nothing was written\n`);
      return 2;
    }
    if (e instanceof ChunkFailed || e instanceof PoolFailed) {
      err.write(`poolsim: a run failed, nothing was written:\n  ${plainText(e.message)}\n`);
      return 3;
    }
    if (e instanceof OutputFailed) {
      // As bin/poolsim.js says it of a pipe or terminal that refused the output.
      err.write(`poolsim: the output could not be written: ${plainText(e.message)}\n`);
      return 3;
    }
    if (e instanceof Interrupted) {
      err.write(e instanceof InterruptedAfterOutput ? `poolsim: ${e.message}\n` : `poolsim: ${e.message}, nothing was written\n`);
      // 128 + the signal's number, as a shell reports a process it killed: 130 Ctrl-C (or
      // an abort through the context's signal), 143 SIGTERM, 129 SIGHUP (bin/poolsim.js
      // then ends by SIGHUP itself).
      return 128 + STOP_SIGNALS[e.signal ?? 'SIGINT'];
    }
    throw e;
  }
}

/**
 * Run a command whose product is what it writes to stdout (run, merge, diff, solve) with
 * the stop signals held from its first write to its end (cli/signals.ts), where stdout is
 * a regular file: one that comes as the output is written lands once it is whole, and the
 * file is then cut back to what it held before and the command ends as interrupted,
 * nothing written; where it cannot be cut back (cli/output.ts), said so. A pipe or a
 * terminal is not held (the signal ends the command, as before). (`report`'s product is
 * its folder, whose write holds the signals itself; its lines on stdout are a summary.)
 */
async function holdingStops(out: Output, command: (held: Output) => Promise<number> | number): Promise<number> {
  if (out.takeBack === undefined) return await command(out);
  let held: HeldSignals | undefined;
  try {
    const code = await command({
      file: out.file,
      write: (text) => {
        held ??= new HeldSignals();
        out.write(text);
      },
    });
    const by = held && (await held.landed());
    if (by !== undefined) {
      const why = out.takeBack?.();
      throw why === undefined ? new Interrupted(by) : new InterruptedAfterOutput(by, why);
    }
    return code;
  } finally {
    held?.release();
  }
}

async function runCommand(args: string[], out: Output, err: NodeJS.WritableStream, context: CliContext): Promise<number> {
  const env = context.env ?? process.env;
  const { values, positionals } = parseFlags(args, ['trials', 'seed', 'json', 'workers', 'precision', 'max-trials', 'shard', 'shards', 'out']);
  if (positionals.length === 0) throw new UsageError('run needs at least one scenario file or folder (unlike report, it has no default folder): poolsim run FILE|DIR..., e.g. poolsim run scenarios');
  const { trials, workers, precision, 'max-trials': maxTrials } = values;
  if (precision !== undefined && trials !== undefined) {
    throw new UsageError('--precision runs until the interval is narrow enough, so it takes no --trials: cap it with --max-trials');
  }
  if (maxTrials !== undefined && precision === undefined) throw new UsageError('--max-trials caps --precision: give --precision too, or use --trials');
  if ((values.shard !== undefined || values.shards !== undefined) && values.out === undefined) {
    throw new UsageError('--shard and --shards write a part file: give --out PART.json');
  }
  // A shard writes its part, and prints no result: --json there only hid the one line on
  // stderr, while it promises the result JSON (an audit).
  if (values.out !== undefined && values.json) throw new UsageError('--out writes a shard\'s part file, not results, so --json would print nothing: leave it out, and print the result JSON with poolsim merge PARTS --json');
  let shard: Shard | undefined;
  if (values.out !== undefined) {
    if (precision !== undefined) throw new UsageError('--precision cannot be split into shards: each round depends on every chunk before it');
    try {
      shard = resolveShard({ shard: values.shard, shards: values.shards }, env);
    } catch (e) {
      if (e instanceof ShardError) throw new UsageError(e.message);
      throw e;
    }
  }

  // Before anything runs: --out must not be a file poolsim did not write, nor lie in a
  // folder being run, where the next shard's run of that folder would read it as a scenario.
  let partBefore: PartTarget | undefined;
  if (shard && values.out !== undefined) {
    // From a folder deleted since, a relative --out leads nowhere: said so, exit 2, as
    // `report` says it (it gave "ENOENT … uv_cwd", exit 3: a review).
    checkCurrentFolder([[values.out, '--out'], ...positionals.map((p): [string, string] => [p, 'a scenario file or folder'])]);
    const out = resolve(values.out);
    for (const input of positionals) {
      // Compared by what the names lead to too: a link to the folder being run let the
      // part be written into it (then the next run of the folder failed on it).
      if (existsSync(input) && statSync(input).isDirectory() && (within(out, resolve(input)) || within(realOf(out), realOf(input)))) {
        // Under a hidden name the next run passes it over (cli/load.ts), but a part is kept
        // out of the folders being run all the same: said as it is (a review: "would read").
        const below = within(out, resolve(input)) ? relative(resolve(input), out) : relative(realOf(input), realOf(out));
        const hidden = below.split(sep).some((name) => name.startsWith('.') && name !== '..');
        const why = hidden ? 'poolsim keeps parts out of the folders it runs, whatever the name (the next run passes a hidden name over)' : 'the next run of it would read the part as a scenario';
        throw new UsageError(`--out ${values.out}: is in the folder ${input}, which is being run, and ${why}: write the parts elsewhere (parts/part-${shard.index}.json, say)`);
      }
    }
    // And by the folders the run reads, links inside them followed (cli/load.ts expandPaths):
    // a link in the folder being run to the parts folder, or an --out through a link and
    // "..", put the part where the next shard read it (an audit). Bad input is said below.
    const folders = new Set<string>();
    try {
      expandPaths(positionals, folders);
    } catch {
      // loadPlans says what is wrong with the inputs.
    }
    // The folder the part goes in as the system finds it: "lnk/.." is the folder above
    // where lnk leads, which resolve() and realpathSync() (both "lnk/.." → ".") miss.
    const outFolder = nativeRealOf(dirname(values.out));
    if (outFolder !== undefined && folders.has(outFolder)) {
      throw new UsageError(`--out ${values.out}: is in ${outFolder}, a folder the run reads (through ${positionals.join(', ')}), and the next run of it would read the part as a scenario: write the parts in a folder the run does not reach`);
    }
  }
  checkGoneRelatives(positionals.map((p): [string, string] => [p, 'a scenario file or folder']));
  // A shard's run prints its one line on stderr and writes only its part: stdout reads nothing.
  if (shard === undefined) refuseReadingOutput(out, positionals);
  const plans = loadPlans(positionals, { trials: precision !== undefined ? (maxTrials ?? DEFAULT_MAX_TRIALS) : trials, seed: values.seed });
  // Whether the part may be written there is tried with a file of its own (checkPartTarget):
  // last of the checks, so that a run refused for its inputs or its folder leaves the
  // folder untouched, not even a file made and removed (an audit watched one come and go).
  if (shard && values.out !== undefined) partBefore = checkPartTarget(values.out);
  const runs = await runBatch(plans, {
    workers,
    precision,
    shard,
    signal: context.signal,
    workerFile: context.workerFile,
    progress: values.json ? undefined : err,
    progressAfterMs: context.progressAfterMs,
    env,
  });

  if (shard && values.out !== undefined) {
    await writeAtomically(values.out, JSON.stringify(partOf(plans, runs, shard, context.build)) + '\n', undefined, partBefore);
    if (!values.json) {
      const chunks = runs.flat().reduce((n, r) => n + r.chunks.length, 0);
      const ran = runs.flat().reduce((n, r) => n + r.tally.trials, 0);
      err.write(`poolsim: shard ${shard.index}/${shard.count}: ${chunks} chunk${chunks === 1 ? '' : 's'}, ${ran.toLocaleString('en')} trials of ${plans.length} file${plans.length === 1 ? '' : 's'} written to ${plainText(oneLine(values.out))}\n`);
    }
    return 0;
  }

  const tallies = runs.map((points) => points.map((r) => r.tally));
  if (precision !== undefined) warnShortOfPrecision(plans, tallies, precision, err);
  return printResults(plans, tallies, values.json, out, err, precision);
}

function mergeCommand(args: string[], out: Output, err: NodeJS.WritableStream, build?: string): number {
  const { values, positionals } = parseFlags(args, ['json']);
  if (positionals.length === 0) throw new UsageError('merge needs the part files written by `poolsim run --shard I/N --out PART.json`');
  checkGoneRelatives(positionals.map((p): [string, string] => [p, 'a part file']));
  const output = outputAmong(out, positionals);
  if (output !== undefined) throw new ShardError(`${output}: ${outputIsInput(output)}`);
  const { plans, tallies } = mergeParts(positionals, positionals.map(readPart), build);
  return printResults(plans, tallies, values.json, out, err);
}

/**
 * Print the results (readable or `--json`) and return the exit status of their checks.
 * A file's solve blocks are not answered here, and their `expect` not judged: said on
 * stderr, so that a CI job gating on `run` is not taken for one gating on them (an audit).
 */
function printResults(plans: readonly ScenarioPlan[], tallies: readonly Tally[][], json: boolean, out: Output, err: NodeJS.WritableStream, precision?: number): number {
  for (const plan of plans) {
    const blocks = plan.scenario.solve ?? [];
    if (blocks.length === 0) continue;
    const one = blocks.length === 1;
    const checked = blocks.some((b) => b.expect !== undefined) ? (one ? ', nor its expect check judged' : ', nor their expect checks judged') : '';
    err.write(plainText(`poolsim: ${plan.file}: ${one ? 'its solve block' : `its ${blocks.length} solve blocks`} (${blocks.map((b) => `"${b.name}"`).join(', ')}) ${one ? 'is' : 'are'} not answered by run or merge${checked}: poolsim solve or poolsim report answers ${one ? 'it' : 'them'}`) + '\n');
  }
  const results: ScenarioResult[] = plans.map((plan, j) => {
    const result = assembleResult(plan, tallies[j]);
    if (precision === undefined) return result;
    // `precision` beside `trials`, which is then the cap (docs/scenario-format.md, "The result JSON").
    const { name, system, mechanic, trials, ...others } = result;
    return { name, system, mechanic, trials, precision, ...others };
  });
  if (json) {
    out.write(jsonText(results.length === 1 ? results[0] : results) + '\n');
  } else {
    for (const [j, result] of results.entries()) out.write(plainText(formatResult(result, plans[j].file, plans[j].scenario.setup)) + '\n\n');
  }
  const failed = results.flatMap((r) => r.expect.filter((e) => !e.pass).map((e) => `${r.name}: ${e.metric}`));
  if (!json && failed.length > 0) out.write(plainText(`${failed.length} check(s) failed:\n${failed.map((f) => `  ${f}`).join('\n')}\n`));
  if (json && failed.length > 0) {
    // stdout is the result JSON alone; the exit 1 that fails a CI job says why in its log
    // too, as `report` does: each failed check, what was measured, and its why (an audit:
    // a sharded job's `merge --json` went red with nothing said).
    const lines = results.flatMap((r, j) =>
      r.expect
        .filter((e) => !e.pass)
        .flatMap((e) => [`  ${r.name}: ${describeCheck(e, plans[j].scenario.setup, r)}; measured ${measured(r, e, plans[j].scenario.setup)}`, ...(e.why ? [`    why: ${e.why}`] : [])]),
    );
    err.write(plainText(`poolsim: ${failed.length} check(s) failed:\n${lines.join('\n')}\n`));
  }
  return failed.length > 0 ? 1 : 0;
}

/** Points that hit --max-trials before every half-width reached the target: said on stderr. */
function warnShortOfPrecision(plans: readonly ScenarioPlan[], tallies: readonly Tally[][], precision: number, err: NodeJS.WritableStream): void {
  const short: string[] = [];
  plans.forEach((plan, j) =>
    tallies[j].forEach((tally, p) => {
      const h = widestHalfWidth(tally);
      if (h > precision) {
        const at = Object.keys(plan.points[p].point).length > 0 ? ` ${JSON.stringify(plan.points[p].point)}` : '';
        short.push(plainText(`${plan.file}: result point ${p}${at}: ±${h.toPrecision(3)} after ${tally.trials.toLocaleString('en')} trials`));
      }
    }),
  );
  if (short.length === 0) return;
  const shown = short.slice(0, 10).map((s) => `  ${s}`);
  if (short.length > 10) shown.push(`  … and ${short.length - 10} more`);
  err.write(`poolsim: --precision ${precision} not reached within --max-trials at ${short.length} point(s):\n${shown.join('\n')}\n`);
}

/** Where `path` leads as the system resolves it (links, then ".."), or undefined where it leads nowhere. */
function nativeRealOf(path: string): string | undefined {
  try {
    return realpathSync.native(path);
  } catch {
    return undefined;
  }
}
