/**
 * Reading scenario files from disk: JSON or YAML (`.yaml`/`.yml`), with line and column
 * for syntax errors, and folders expanded to the scenario files inside them.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ScenarioError, ScenarioErrors, planScenario, type ScenarioPlan } from '../sim/scenario.ts';
import { parseScenarioText } from '../sim/scenarioText.ts';

export { parseScenarioText };

const SCENARIO_FILE = /\.(json|ya?ml)$/i;

/** Files named on the command line, folders expanded (sorted, recursively). */
export function expandPaths(paths: readonly string[]): string[] {
  const out: string[] = [];
  for (const p of paths) {
    let st;
    try {
      st = statSync(p);
    } catch {
      throw new ScenarioErrors([new ScenarioError(p, '', 'no such file or folder')]);
    }
    if (st.isDirectory()) {
      const inside = readdirSync(p)
        .sort()
        .map((name) => join(p, name))
        .filter((f) => statSync(f).isDirectory() || SCENARIO_FILE.test(f));
      out.push(...expandPaths(inside));
    } else {
      out.push(p);
    }
  }
  return out;
}

export function readScenario(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new ScenarioErrors([new ScenarioError(file, '', `cannot read: ${(err as Error).message}`)]);
  }
  return parseScenarioText(text, file);
}

/** Read and plan every file; every file's problems are collected before throwing. */
export function loadPlans(
  paths: readonly string[],
  overrides: { trials?: number; seed?: string | number } = {},
): ScenarioPlan[] {
  const files = expandPaths(paths);
  if (files.length === 0) throw new ScenarioErrors([new ScenarioError(paths.join(' '), '', 'no scenario files (.json, .yaml, .yml) found')]);
  const plans: ScenarioPlan[] = [];
  const errors: ScenarioError[] = [];
  for (const file of files) {
    try {
      plans.push(planScenario(readScenario(file), file, overrides));
    } catch (err) {
      if (err instanceof ScenarioErrors) errors.push(...err.errors);
      else throw err;
    }
  }
  if (errors.length > 0) throw new ScenarioErrors(errors);
  return plans;
}
