/**
 * Reading scenario files from disk: JSON or YAML (`.yaml`/`.yml`), with line and column
 * for syntax errors, and folders expanded to the scenario files inside them.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml, YAMLParseError } from 'yaml';
import { ScenarioError, ScenarioErrors, planScenario, type ScenarioPlan } from '../sim/scenario.ts';

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

/** Line and column (1-based) of a character offset. */
function lineAndColumn(text: string, offset: number): string {
  const before = text.slice(0, offset).split('\n');
  return `line ${before.length}, column ${before[before.length - 1].length + 1}`;
}

/** Parse a scenario file's text as JSON or YAML by its extension. */
export function parseScenarioText(text: string, file: string): unknown {
  if (/\.ya?ml$/i.test(file)) {
    try {
      return parseYaml(text, { prettyErrors: true });
    } catch (err) {
      if (err instanceof YAMLParseError) {
        const at = err.linePos?.[0] ? `line ${err.linePos[0].line}, column ${err.linePos[0].col}` : '';
        throw new ScenarioErrors([new ScenarioError(file, at, `not valid YAML: ${err.message.split('\n')[0]}`)]);
      }
      throw err;
    }
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    const message = (err as Error).message;
    const pos = /position (\d+)/.exec(message);
    const at = pos ? lineAndColumn(text, Number(pos[1])) : '';
    throw new ScenarioErrors([new ScenarioError(file, at, `not valid JSON: ${message}`)]);
  }
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
