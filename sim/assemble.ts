/**
 * From a plan and its points' merged tallies to the result JSON (docs/scenario-format.md). Pure and
 * deterministic: the same tallies always give the same bytes.
 */
import { evaluateChecks, type ScenarioPlan } from './scenario.ts';
import { layoutOf, pointResult, runPoint } from './run.ts';
import type { Tally } from './stats.ts';
import type { ScenarioResult } from './result.ts';

export function assembleResult(plan: ScenarioPlan, tallies: readonly Tally[]): ScenarioResult {
  return resultOf(plan, tallies, plan.points.map((_, i) => i));
}

/**
 * A run's result so far (the dashboard's live view): the points with at least one trial
 * merged, each as wide as its trials so far make it, and the checks on those points
 * (provisional until every chunk is in).
 */
export function partialResult(plan: ScenarioPlan, tallies: readonly Tally[], exactPending?: (point: number) => boolean): ScenarioResult {
  return resultOf(
    plan,
    tallies,
    plan.points.flatMap((_, i) => (tallies[i].trials > 0 ? [i] : [])),
    exactPending,
  );
}

/**
 * `exactPending`: the points whose exact values are still being computed elsewhere (the
 * dashboard's workers): given none and marked `exactPending`, never computed here.
 */
function resultOf(plan: ScenarioPlan, tallies: readonly Tally[], points: readonly number[], exactPending?: (point: number) => boolean): ScenarioResult {
  const results = points.map((i) => {
    const p = plan.points[i];
    const pending = p.simulation.exact !== undefined && exactPending?.(i) === true;
    const r = pointResult(p.point, tallies[i], pending ? undefined : p.simulation.exact?.(), p.simulation);
    const notes = [...(p.simulation.exactSkipped ? [p.simulation.exactSkipped] : []), ...(p.simulation.setupNotes ?? []), ...(p.simulation.tallyNotes?.(tallies[i]) ?? [])];
    if (notes.length > 0) r.notes = notes;
    if (pending) r.exactPending = true;
    return r;
  });
  return {
    name: plan.scenario.name,
    ...(plan.scenario.description !== undefined ? { description: plan.scenario.description } : {}),
    system: plan.scenario.system,
    mechanic: plan.scenario.mechanic,
    trials: plan.trials,
    seed: plan.seed,
    rules: plan.rules,
    setup: plan.scenario.setup,
    results,
    expect: evaluateChecks(plan.scenario.expect ?? [], results),
  } as ScenarioResult;
}

/** Run every point of a plan in this thread (the `--workers 1` path and the tests'). */
export function runPlan(plan: ScenarioPlan): ScenarioResult {
  const tallies = plan.points.map((p) => runPoint(p.simulation, plan.seed, p.stream, plan.trials, plan.chunkTrials));
  return assembleResult(plan, tallies);
}

/** An empty tally for each point (to merge chunk tallies into). */
export function emptyTallies(plan: ScenarioPlan): Tally[] {
  return plan.points.map((p) => layoutOf(p.simulation).create());
}
