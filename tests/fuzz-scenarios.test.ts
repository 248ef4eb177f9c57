/**
 * A property-based fuzz of scenario validation (issue 19): the shipped scenarios, mutated
 * by a seeded generator (a value swapped for a hostile one, a field dropped or added, a
 * list grown, a sweep path bent), must either be refused with one-line messages naming
 * the file — never a stack trace, never another kind of error — or plan and run to a
 * result whose every number is finite. No case may take more than 10 s.
 *
 * In this process, with few trials, so the whole test stays within seconds on a loaded
 * two-core machine. The seed is fixed, so a failure is reproduced by running it again;
 * the failing case is printed in full.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import seedrandom from 'seedrandom';
import { describe, expect, test } from 'vitest';
import { parseScenarioText } from '../sim/scenarioText.ts';
import { capErrors, planScenario, ScenarioErrors, MAX_ERRORS } from '../sim/scenario.ts';
import { runPlan } from '../sim/assemble.ts';

const SEED = 'issue-19-fuzz';
/**
 * Every one runs, whatever the machine's load (all 400 take ~1–2 s here), so the same cases
 * are checked on every machine; the test's own timeout is the guard against a slow one.
 */
const CASES = 400;
/** A single case running this long is taken for a hang (each takes milliseconds). */
const CASE_LIMIT_MS = 10_000;

const dir = join(import.meta.dirname, '..', 'scenarios');
const library = readdirSync(dir)
  .sort()
  .map((f) => ({ file: f, value: parseScenarioText(readFileSync(join(dir, f), 'utf8'), f) }));

let nested: unknown = 1;
for (let i = 0; i < 40; i++) nested = [nested];

/** Values a hostile or careless author might put anywhere. */
const HOSTILE: unknown[] = [
  -1, 0, 1, 2, 3, 7, 100, 1000, 1e9, 1e308, -1e308, 2.5, -0.5, Number.MAX_SAFE_INTEGER + 2,
  '', 'x', 'd6', '3d6', 'd1', '100d100', 'd1000', 'a.b', '__proto__', '\u001b[31mred', 'x'.repeat(3000),
  null, true, false, [], {}, [1, 2], { name: 'x' }, nested, Array.from({ length: 150 }, () => 1),
  { __proto__: null, constructor: 1 }, JSON.parse('{"__proto__": {"polluted": 1}}'),
];

/** Every path (as keys) to a value inside `v`. */
function paths(v: unknown, at: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  out.push(at);
  if (Array.isArray(v)) v.forEach((x, i) => paths(x, [...at, i], out));
  else if (v && typeof v === 'object') for (const k of Object.keys(v)) paths((v as Record<string, unknown>)[k], [...at, k], out);
  return out;
}

function parentOf(root: any, path: (string | number)[]): any {
  let v = root;
  for (const k of path.slice(0, -1)) v = v[k];
  return v;
}

/** One random mutation of `root` (in place; `root` is a fresh copy). */
function mutate(root: any, rnd: () => number): any {
  const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)];
  const all = paths(root).filter((p) => p.length > 0);
  const path = pick(all);
  const parent = parentOf(root, path);
  const key = path[path.length - 1];
  const dotted = path.join('.');
  switch (Math.floor(rnd() * 8)) {
    case 0:
    case 1:
      parent[key] = structuredClone(pick(HOSTILE));
      break;
    case 2:
      if (Array.isArray(parent)) parent.splice(Number(key), 1);
      else delete parent[key];
      break;
    case 3:
      if (Array.isArray(parent)) parent.push(structuredClone(parent[Number(key)]));
      else parent[pick(['extra', 'trails', 'name', '__proto__', 'a.b'])] = pick(HOSTILE);
      break;
    case 4: {
      // A sweep over a path that exists, or one bent out of shape.
      const bent = pick([dotted, `${dotted}.0`, dotted.replace(/\.0(\.|$)/, '.00$1'), `setup.__proto__.x`, `setup.constructor.prototype.x`, `rules.${pick(['hitOn', 'nope'])}`, `${dotted}.`]);
      root.sweep = { ...(root.sweep ?? {}), [bent]: [structuredClone(parent[key]), pick(HOSTILE)] };
      break;
    }
    case 5:
      root.expect = [...(Array.isArray(root.expect) ? root.expect : []), { metric: pick(['success', 'win.a', 'draw', 'x']), point: rnd() < 0.5 ? undefined : { [dotted]: 1 }, atLeast: pick([0, 0.5, 2, 'x']) }];
      break;
    case 6:
      if (typeof parent[key] === 'number') parent[key] = pick([parent[key] * 10, parent[key] + 1, -parent[key], parent[key] + 0.5]);
      else parent[key] = structuredClone(pick(HOSTILE));
      break;
    default:
      // Type swaps: a value wrapped in a list, a list unwrapped.
      parent[key] = Array.isArray(parent[key]) ? parent[key][0] : [parent[key]];
  }
  return root;
}

/** Every number in a result, to check none is NaN or infinite. */
function numbers(v: unknown, out: number[] = []): number[] {
  if (typeof v === 'number') out.push(v);
  else if (Array.isArray(v)) v.forEach((x) => numbers(x, out));
  else if (v && typeof v === 'object') Object.values(v).forEach((x) => numbers(x, out));
  return out;
}

describe('fuzz: mutated shipped scenarios', () => {
  test(`${CASES} mutants (seed "${SEED}"): refused in one line each, or a valid run; never a crash, never > ${CASE_LIMIT_MS / 1000} s`, () => {
    const rnd = seedrandom(SEED);
    const started = Date.now();
    let refused = 0;
    let ran = 0;
    for (let n = 0; n < CASES; n++) {
      const base = library[Math.floor(rnd() * library.length)];
      let mutant = structuredClone(base.value);
      const times = 1 + Math.floor(rnd() * 3);
      for (let k = 0; k < times; k++) mutant = mutate(mutant, rnd);
      const label = `case ${n} from ${base.file}: ${JSON.stringify(mutant).slice(0, 2000)}`;
      const t0 = Date.now();
      let plan;
      try {
        plan = planScenario(mutant, 'fuzz.json', { trials: 64 });
      } catch (e) {
        expect(e, label).toBeInstanceOf(ScenarioErrors);
        const lines = capErrors((e as ScenarioErrors).errors);
        expect(lines.length, label).toBeLessThanOrEqual(MAX_ERRORS + 1);
        for (const line of lines) {
          expect(line, label).not.toContain('\n');
          expect(line, label).toMatch(/^(fuzz\.json: |… and )/);
          expect(line, label).not.toMatch(/\n\s+at |Error:/);
        }
        refused++;
        expect(Date.now() - t0, label).toBeLessThan(CASE_LIMIT_MS);
        continue;
      }
      // Every point was checked; two of them run (a sweep of 72 would spend the budget on one case).
      let result;
      try {
        result = runPlan({ ...plan, points: plan.points.slice(0, 2) });
      } catch (e) {
        throw new Error(`${label}\nran into ${(e as Error).stack}`);
      }
      const broken = numbers(result.results).filter((x) => !Number.isFinite(x));
      expect(broken, label).toEqual([]);
      expect(({} as Record<string, unknown>).polluted, label).toBeUndefined();
      expect(Date.now() - t0, label).toBeLessThan(CASE_LIMIT_MS);
      ran++;
    }
    // The fuzz did something of both kinds (373 and 27 with this seed).
    expect(refused + ran).toBe(CASES);
    expect(refused).toBeGreaterThan(20);
    expect(ran).toBeGreaterThan(5);
    console.log(`fuzz: ${refused} refused, ${ran} ran, ${Date.now() - started} ms`);
  }, 60_000);
});
