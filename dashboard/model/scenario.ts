/**
 * Starting scenarios: a new one per mechanic from its form's template, and the one the
 * dashboard opens with (the heist of docs/scenario-format.md).
 */
import { formFor } from '../../reports/fields/index.ts';
import type { SystemName } from '../../sim/rules.ts';

/** Trials a new scenario starts with: ±0.3 points on a probability, a second or two here. */
export const NEW_SCENARIO_TRIALS = 100_000;

export function newScenario(system: SystemName, mechanic: string): Record<string, unknown> {
  const form = formFor(system, mechanic);
  return {
    name: form ? form.title : `${system} ${mechanic}`,
    system,
    mechanic,
    trials: NEW_SCENARIO_TRIALS,
    seed: '1',
    rules: {},
    setup: form ? form.template() : {},
  };
}

export function defaultScenario(): Record<string, unknown> {
  return { ...newScenario('viciousness', 'knavery'), name: 'Knavery: a 3-person heist' };
}
