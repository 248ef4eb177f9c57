/**
 * The `poolsim` command line. Exit codes: 0 every `expect` check passed, 1 a check failed,
 * 2 bad input (nothing runs, nothing is written).
 */
import { ScenarioErrors } from '../sim/scenario.ts';
import { parseOptions, positiveInteger, UsageError } from './options.ts';
import { reportCommand, REPORT_USAGE } from './report-command.ts';
import { runPlans } from './runner.ts';
import { loadPlans } from './load.ts';
import { formatResult } from './format.ts';
import type { ScenarioResult } from '../sim/result.ts';

const USAGE = `poolsim — Monte Carlo and exact odds for Viciousness, VDP and Sorcerer

usage:
  poolsim run FILE|DIR... [--trials N] [--seed S] [--json]

  --trials N   trials per result point (overrides the file's "trials")
  --seed S     seed (overrides the file's "seed")
  --json       print the result JSON (SCENARIOS.md) and nothing else; one object for
               one file, an array for several


${REPORT_USAGE}

exit status: 0 all expect checks pass, 1 a check fails, 2 bad input`;

export async function main(argv: string[], out = process.stdout, err = process.stderr): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
      out.write(USAGE + '\n');
      return command === undefined ? 2 : 0;
    }
    if (command === 'run') return await runCommand(rest, out);
    if (command === 'report') return await reportCommand(rest, out);
    throw new UsageError(`unknown command "${command}"`);
  } catch (e) {
    if (e instanceof ScenarioErrors) {
      err.write(`poolsim: bad input, nothing was run:\n${e.errors.map((x) => `  ${x.message}`).join('\n')}\n`);
      return 2;
    }
    if (e instanceof UsageError) {
      err.write(`poolsim: ${e.message}\n\n${USAGE}\n`);
      return 2;
    }
    throw e;
  }
}

async function runCommand(args: string[], out: NodeJS.WritableStream): Promise<number> {
  const { values, positionals } = parseOptions(args, {
    trials: { type: 'string' },
    seed: { type: 'string' },
    json: { type: 'boolean', default: false },
  });
  if (positionals.length === 0) throw new UsageError('run needs at least one scenario file or folder');
  const plans = loadPlans(positionals, { trials: positiveInteger('--trials', values.trials), seed: values.seed });
  const results: ScenarioResult[] = await runPlans(plans);
  if (!values.json) results.forEach((result, i) => out.write(formatResult(result, plans[i].file) + '\n\n'));
  if (values.json) out.write(JSON.stringify(results.length === 1 ? results[0] : results, null, 2) + '\n');
  const failed = results.flatMap((r) => r.expect.filter((e) => !e.pass).map((e) => `${r.name}: ${e.metric}`));
  if (!values.json && failed.length > 0) out.write(`${failed.length} check(s) failed:\n${failed.map((f) => `  ${f}`).join('\n')}\n`);
  return failed.length > 0 ? 1 : 0;
}
