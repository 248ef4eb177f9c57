/**
 * `poolsim solve FILE... [--json] [--seed S] [--trials N] [--max-trials N] [--workers N]`:
 * answer each file's `solve` blocks (sim/solve/) — exactly where the mechanic is exact,
 * else by a sequential Monte Carlo search — and print each answer as a sentence, or with
 * `--json` the files' solve results (one object for one file, an array for several). Exit
 * 1 when an `expect` on a solved value fails (an undecided answer fails it too), 2 on bad
 * input, 3 when a chunk fails, 130 on Ctrl-C. A search is a sequence of rounds, each
 * depending on the last; a round's chunks run on every core once rounds are long enough
 * for threads to pay off (cli/solving.ts), and the answers do not depend on --workers.
 */
import { realpathSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { ScenarioError, ScenarioErrors, type ScenarioPlan } from '../sim/scenario.ts';
import { pathWords, valueWords } from '../reports/sweep.ts';
import { DEFAULT_MAX_TRIALS_FACTOR, solveSearches } from '../sim/solve/plan.ts';
import type { SolveSearch } from '../sim/solve/search.ts';
import type { SolveResult } from '../sim/solve/result.ts';
import { afterName } from '../sim/solve/sentence.ts';
import { describeSolveExpect } from '../reports/solveSection.ts';
import { loadPlans, refuseReadingOutput } from './load.ts';
import { parseFlags, UsageError } from './options.ts';
import type { Output } from './output.ts';
import { jsonText, plainText } from './text.ts';
import { checkGoneRelatives } from '../reports/target.ts';
import { solveAll } from './solving.ts';
import type { CliContext } from './main.ts';

export const SOLVE_USAGE = `  poolsim solve FILE|DIR... [--json] [--seed S] [--trials N] [--max-trials N] [--workers N]

  answers each file's "solve" blocks: which value of a field brings a metric to a
  target — exact where the mechanic is exact, else a Monte Carlo search that runs each
  value until it is decided at 95% or reaches --max-trials (a whole number of the
  mechanic's chunks, 65,536 trials for most; default: each block's "maxTrials", or
  16 × the file's trials) and then says "undecided". --trials N sets that file's trials,
  so the cap of a Monte Carlo search whose block has no "maxTrials" (16 × N); where no
  block would use it, it is refused, as --max-trials and --seed are where every block is
  exact. A folder's scenarios without solve blocks are passed over; a FILE named must have
  them. --json prints one object when one scenario is answered, an array for several.
  --workers N as for run: a search's longer rounds run on every core; the answers do not
  depend on it`;

/**
 * `--trials N` sets, in a solve, one thing: the cap per value of a Monte Carlo search whose
 * block gives no `maxTrials` (16 × N). Where no block would use it — each is answered
 * exactly or has its own cap, or `--max-trials` sets every cap — it would change nothing,
 * and is refused rather than taken unsaid.
 */
function refuseUnusedTrials(trials: number, maxTrials: number | undefined, plans: readonly ScenarioPlan[], searches: readonly SolveSearch[][]): void {
  const what = `--trials ${trials} sets the cap per value of a Monte Carlo search whose block gives no "maxTrials" (${DEFAULT_MAX_TRIALS_FACTOR} × ${trials} = ${(DEFAULT_MAX_TRIALS_FACTOR * trials).toLocaleString('en')} trials, rounded up to whole chunks)`;
  if (maxTrials !== undefined) throw new UsageError(`${what}; --max-trials ${maxTrials} sets every block's cap, so --trials would change nothing: give one of them`);
  if (searches.some((s) => s.some((search) => search.method === 'montecarlo' && search.problem.block.maxTrials === undefined))) return;
  const blocks = plans.flatMap((plan, j) =>
    searches[j]!.map((search) => `${plan.file} "${search.problem.block.name}" ${search.method === 'exact' ? 'is answered exactly' : `has maxTrials ${search.problem.block.maxTrials!.toLocaleString('en')}`}`),
  );
  // An exact answer runs no trials at all: --max-trials would not help it either.
  const capped = searches.some((s) => s.some((search) => search.method === 'montecarlo'));
  throw new UsageError(`${what}, and here none would use it (${blocks.join('; ')}), so it would change nothing: leave it out${capped ? ', or set every cap with --max-trials' : ''}`);
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** The file `path` is, whatever the spelling (relative, absolute, through a link). */
function realOf(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}

/** What `poolsim solve --json` prints for one file. */
export interface SolveFileResult {
  name: string;
  system: string;
  mechanic: string;
  seed: string | number;
  solve: SolveResult[];
}

export async function solveCommand(args: string[], out: Output, context: CliContext = {}): Promise<number> {
  const { values, positionals } = parseFlags(args, ['json', 'seed', 'trials', 'max-trials', 'workers']);
  if (positionals.length === 0) throw new UsageError('solve needs at least one scenario file with "solve" blocks');
  const trials = values.trials;
  const maxTrials = values['max-trials'];
  checkGoneRelatives(positionals.map((p): [string, string] => [p, 'a scenario file or folder']));
  refuseReadingOutput(out, positionals);
  const loaded = loadPlans(positionals, { trials, seed: values.seed });
  // A folder holds scenarios of every kind: its files without solve blocks are not asked
  // anything. A file named on the command line was meant to be solved, so it must have them.
  // Matched as files, not as spellings: a file reached first through a folder named before
  // it keeps the folder's spelling, and the file named again (absolute, through a link)
  // was passed over unsaid (an audit). Said as the command line names it.
  const named = new Map(positionals.filter(isFile).map((f) => [realOf(f), f]));
  const without = loaded.filter((p) => !p.scenario.solve?.length && named.has(realOf(p.file)));
  if (without.length > 0) {
    throw new ScenarioErrors(without.map((p) => new ScenarioError(named.get(realOf(p.file))!, 'solve', 'missing: expected a list of solve blocks (docs/solve.md)')));
  }
  const plans = loaded.filter((p) => p.scenario.solve?.length);
  if (plans.length === 0) {
    throw new ScenarioErrors(positionals.map((p) => new ScenarioError(p, '', 'no scenario here has "solve" blocks (docs/solve.md)')));
  }
  // Each search knows here whether it is exact (its values are computed as it is made);
  // nothing has run yet.
  const searches = plans.map((plan) => solveSearches(plan, { maxTrials, words: pathWords(plan.scenario), valueWords: valueWords(plan.scenario) }));
  if (trials !== undefined) refuseUnusedTrials(trials, maxTrials, plans, searches);
  // --max-trials caps Monte Carlo searches only: with every block answered exactly it
  // would change nothing, and is refused as --trials is.
  if (maxTrials !== undefined && searches.every((s) => s.every((search) => search.method === 'exact'))) {
    const blocks = plans.flatMap((plan, j) => searches[j]!.map((search) => `${plan.file} "${search.problem.block.name}"`));
    throw new UsageError(`--max-trials ${maxTrials} caps the trials of a Monte Carlo search, and here every block is answered exactly (${blocks.join('; ')}), so it would change nothing: leave it out`);
  }
  // A search runs whole chunks (a value's trials are a `run` point's, chunk by chunk), so a
  // cap between two chunk counts cannot be kept: refused, not rounded up unsaid (500 ran
  // 65,536 trials a value). Checked once some search is known to run trials: of an
  // all-exact file the cap was said to need a multiple of 65,536, and that multiple was
  // then refused as changing nothing (an audit).
  const uneven = maxTrials === undefined ? undefined : plans.find((p) => maxTrials % p.chunkTrials !== 0);
  if (maxTrials !== undefined && uneven) {
    // Chunk sizes are powers of two: a multiple of the largest suits every file given.
    const chunk = Math.max(...plans.map((p) => p.chunkTrials));
    const below = Math.max(1, Math.floor(maxTrials / chunk)) * chunk;
    const above = Math.ceil(maxTrials / chunk) * chunk;
    throw new UsageError(
      `--max-trials ${maxTrials}: a solve runs whole chunks of ${uneven.chunkTrials.toLocaleString('en')} trials for ${uneven.scenario.mechanic} (${uneven.file}), so its cap must be a multiple of that${chunk === uneven.chunkTrials ? '' : ` (and of ${chunk.toLocaleString('en')} for every file given)`}: ${below === above ? below : `${below} or ${above}`}`,
    );
  }
  // --seed names the streams of Monte Carlo searches: likewise (it was accepted, and the
  // answer's JSON then named a seed no stream was run on).
  if (values.seed !== undefined && searches.every((s) => s.every((search) => search.method === 'exact'))) {
    const blocks = plans.flatMap((plan, j) => searches[j]!.map((search) => `${plan.file} "${search.problem.block.name}"`));
    throw new UsageError(`--seed ${values.seed} names the streams of a Monte Carlo search, and here every block is answered exactly (${blocks.join('; ')}), so it would change nothing: leave it out`);
  }
  const answers = await solveAll(plans, searches, { workers: values.workers, signal: context.signal, workerFile: context.workerFile, env: context.env });
  const results: SolveFileResult[] = plans.map((plan, j) => ({
    name: plan.scenario.name,
    system: plan.scenario.system,
    mechanic: plan.scenario.mechanic,
    seed: plan.seed,
    solve: answers[j]!,
  }));
  const failed = results.flatMap((r) => r.solve.filter((s) => s.expect && !s.expect.pass).map((s) => `${r.name}: solve "${s.name}"`));
  if (values.json) {
    out.write(jsonText(results.length === 1 ? results[0] : results) + '\n');
  } else {
    // One write: the whole text, or the command fails (cli/output.ts). Names, values and
    // file names come from the files: their control characters shown escaped, as run and
    // report show them (a block's name set the terminal's title).
    const lines: string[] = [];
    for (const [j, r] of results.entries()) {
      lines.push(`${r.name}  (${plans[j].file})`);
      for (const s of r.solve) {
        lines.push(`  ${s.name}: ${afterName(s.sentence)}`);
        if (s.exactSkipped) lines.push(`    (${s.exactSkipped})`);
        if (s.expect) lines.push(`    ${s.expect.pass ? 'ok  ' : 'FAIL'}  ${describeSolveExpect(s.expect, true, s.vary)}`);
      }
      lines.push('');
    }
    if (failed.length > 0) lines.push(`${failed.length} check(s) failed:`, ...failed.map((f) => `  ${f}`));
    out.write(plainText(lines.join('\n') + '\n'));
  }
  return failed.length > 0 ? 1 : 0;
}
