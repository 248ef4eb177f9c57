/**
 * Runs planned scenarios and returns their result JSON. In this thread for now; the
 * worker pool (issue: parallel runs) plugs in here.
 */
import { runPlan } from '../sim/assemble.ts';
import type { ScenarioPlan } from '../sim/scenario.ts';
import type { ScenarioResult } from '../sim/result.ts';

export async function runPlans(plans: readonly ScenarioPlan[]): Promise<ScenarioResult[]> {
  return plans.map((plan) => runPlan(plan));
}
