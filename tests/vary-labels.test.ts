/**
 * Issue #12 item 5: a sweep path has one name. The dashboard's Vary, Compare and Find
 * pickers and the reports' charts, check lines and tables all take it from
 * reports/sweep.ts `sweepLabel`, in the words of the mechanic's form (reports/fields/):
 * "guards › guard › how many", never `sides.1.combatants.0.count` in one place and
 * "guards › guard › how many" in another. The pickers' choices are read from the function
 * that builds their <select> (dashboard/ui/setup.ts pathChoices); the browser tests
 * (dashboard-honest-e2e) read the drawn options in Chromium.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parseScenarioText } from '../sim/scenarioText.ts';
import { pointFileText, pointLabel, sweepLabel, sweepValueLabel } from '../reports/sweep.ts';
import { describeCheck } from '../reports/render.ts';
import { forms } from '../reports/fields/index.ts';
import { newScenario } from '../dashboard/model/scenario.ts';
import { sweepOverlap } from '../dashboard/model/compare.ts';
import { pathChoices, variables } from '../dashboard/ui/setup.ts';
import { joinPath } from '../reports/fields/paths.ts';
import type { SystemName } from '../sim/rules.ts';
import { quoted } from '../sim/words.ts';

const SCENARIOS = join(import.meta.dirname, '..', 'scenarios');
type Scenario = Record<string, any>;
const shipped: [string, Scenario][] = readdirSync(SCENARIOS)
  .filter((f) => /\.(json|ya?ml)$/.test(f))
  .sort()
  .map((f) => [f, parseScenarioText(readFileSync(join(SCENARIOS, f), 'utf8'), f) as Scenario]);

/** What a path picker (Vary, Compare, Find) shows for `path` when it is the one picked. */
function shown(scenario: Scenario, path: string, numbersOnly = false): string | undefined {
  const vars = variables(scenario).filter((v) => !numbersOnly || v.field.kind === 'number');
  return pathChoices(scenario, vars, path).find((c) => c.value === path)?.label;
}

/** The paths a scenario names: what it varies, where its checks look, what it solves for. */
function pathsOf(s: Scenario): string[] {
  const paths = new Set<string>(Object.keys(s.sweep ?? {}));
  for (const e of s.expect ?? []) for (const p of Object.keys(e.point ?? {})) paths.add(p);
  for (const b of s.solve ?? []) if (typeof b.vary === 'string') paths.add(b.vary);
  return [...paths];
}

describe('every shipped scenario: its paths read the same in the dashboard and the reports', () => {
  test('the library names paths at all (the test has something to check)', () => {
    expect(shipped.length).toBeGreaterThan(20);
    expect(shipped.filter(([, s]) => Object.keys(s.sweep ?? {}).length > 0).length).toBeGreaterThan(15);
    expect(shipped.some(([, s]) => (s.solve ?? []).length > 0)).toBe(true);
  });

  test.each(shipped)('%s', (_file, scenario) => {
    const name = (path: string) => sweepLabel(path, scenario.setup, scenario);
    for (const path of pathsOf(scenario)) {
      // Vary and Compare show it by sweepLabel's name, never as the raw path: a field of
      // the form as the form says it, a whole list item (berzerker-worth-d4 sweeps a
      // combatant) by its names, "vipers › captain".
      expect(shown(scenario, path), path).toBe(name(path));
      expect(name(path)).not.toBe(path);
      expect(name(path)).not.toMatch(/\bsetup\b|\.\d+\./);
    }
    for (const b of scenario.solve ?? []) expect(shown(scenario, b.vary, true), `Find: ${b.vary}`).toBe(name(b.vary));
    // Compare's refusal (B changes a swept path) names both paths so too.
    for (const path of Object.keys(scenario.sweep ?? {})) {
      const overlap = sweepOverlap(scenario, { path, value: ['d12'] });
      expect(overlap.kind).toBe('refused');
      if (overlap.kind === 'refused') expect(overlap.problem).toContain(`B changes ${quoted(name(path))}, which Vary sweeps (${quoted(name(path))})`);
    }
    // The reports' check lines say each point in the same words as the pickers.
    for (const e of scenario.expect ?? []) {
      if (!e.point) continue;
      const line = describeCheck({ ...e, pass: true }, scenario.setup, scenario);
      for (const path of Object.keys(e.point)) expect(line, path).toContain(`${name(path)} = `);
      expect(line).not.toMatch(/= (,|$)/);
    }
  });
});

describe("every mechanic's default setup: every choice the pickers offer", () => {
  test.each(forms.map((f) => [`${f.system} ${f.mechanic}`, f] as const))('%s', (_name, form) => {
    const scenario = newScenario(form.system as SystemName, form.mechanic);
    const vars = variables(scenario);
    expect(vars.length).toBeGreaterThan(0);
    const choices = pathChoices(scenario, vars, joinPath(vars[0]!.path));
    expect(choices.map((c) => c.value)).toEqual(vars.map((v) => joinPath(v.path)));
    for (const c of choices) expect(c.label, c.value).toBe(sweepLabel(c.value, scenario.setup, scenario));
    // Each by a name of its own: two choices never read alike.
    const labels = choices.map((c) => c.label);
    expect(labels.filter((l, i) => labels.indexOf(l) !== i)).toEqual([]);
    // A path the form does not show (a newer file's) is offered by the same name.
    expect(pathChoices(scenario, vars, 'setup.somethingNew').at(-1)).toEqual({ value: 'setup.somethingNew', label: sweepLabel('setup.somethingNew', scenario.setup, scenario) });
  });
});

describe('names and values', () => {
  test('items by name in the setup, else by place; rules by what they decide; the form’s words per mechanic', () => {
    const battle = { system: 'viciousness', mechanic: 'battle' };
    const setup = { sides: [{ name: 'crew', combatants: [] }, { name: 'guards', combatants: [{ name: 'guard', count: 4 }] }] };
    expect(sweepLabel('setup.sides.1.combatants.0.count', setup, battle)).toBe('guards › guard › how many');
    expect(sweepLabel('setup.sides.1.combatants.0.count', undefined, battle)).toBe('side 2 › combatant 1 › how many');
    expect(sweepLabel('rules.hitOn', undefined, battle)).toBe('rule: a hit is');
    // The same key in two mechanics, each in its own form's words.
    expect(sweepLabel('setup.a.dice', undefined, { system: 'sorcerer', mechanic: 'contest' })).toBe('side A › dice');
    expect(sweepLabel('setup.a.dice', undefined, { system: 'sorcerer', mechanic: 'conflict' })).toBe('character A › attack dice');
    // With the setup, a named side reads by its name, as the metrics do ("P(win: sorcerer)").
    expect(sweepLabel('setup.a.dice', { a: { name: 'sorcerer', dice: 3 }, b: { name: 'demon', dice: 3 } }, { system: 'sorcerer', mechanic: 'contest' })).toBe('sorcerer › dice');
    expect(sweepLabel('setup.b.will', { a: { name: 'jo' }, b: { name: 'thug' } }, { system: 'sorcerer', mechanic: 'conflict' })).toMatch(/^thug › /);
    // So does a field that is a side's though it sits beside them: the contest's tries are side a's.
    expect(sweepLabel('setup.tries', { a: { name: 'sorcerer', dice: 3 }, b: { name: 'demon', dice: 3 } }, { system: 'sorcerer', mechanic: 'contest' })).toBe('tries (sorcerer)');
    expect(sweepLabel('setup.tries', { a: { dice: 3 }, b: { dice: 3 } }, { system: 'sorcerer', mechanic: 'contest' })).toBe('tries (side A)');
    // A group that is not a side keeps its own word: the company is "company", whatever its name.
    expect(sweepLabel('setup.company.rank', { company: { name: 'co' } }, { system: 'viciousness', mechanic: 'campaign' })).toBe('company › wealth rank');
    // A path no form has keeps its keys, its items still named.
    expect(sweepLabel('setup.sides.1.newKey', setup, battle)).toBe('guards › newKey');
  });

  test('no blank after "=": an empty list is "none", an empty text ""', () => {
    const knavery = { system: 'viciousness', mechanic: 'knavery' };
    const setup = { participants: [{ name: 'captain' }] };
    expect(pointLabel({ 'setup.participants.0.dice': [] }, setup, knavery)).toBe('captain › trait dice = none');
    expect(pointLabel({ 'setup.participants.0.name': '' }, setup, knavery)).toBe('captain › name = ""');
    expect(pointLabel({ 'setup.challenges': 3, 'setup.participants.0.dice': ['2d4', 'd6'] }, setup, knavery)).toBe('challenges = 3, captain › trait dice = 2d4 + d6');
  });

  test('a rule’s value in the words its select shows, quoted, where the path is named in words; the file’s value kept for a title', () => {
    const conflict = { system: 'sorcerer', mechanic: 'conflict' };
    // sorcerer-conflict-next-penalty read "rule: a “next” penalty taken before acting cuts = nextRound";
    // a setup choice's value, in the words its select shows (it read "= fullDefence").
    expect(pointLabel({ 'rules.nextPenalty': 'nextRound', 'setup.a.defend': 'fullDefence' }, { a: { name: 'a' } }, conflict)).toBe(
      'rule: a “next” penalty taken before acting cuts = “the next round’s action”, a › defence before acting = “full defence”',
    );
    expect(sweepValueLabel('rules.sacrificeCurrency', 'carried', undefined, conflict)).toBe('“joins the full defence”');
    // A value the rule does not have, and a rule without its system: as written.
    expect(sweepValueLabel('rules.nextPenalty', 'sideways', undefined, conflict)).toBe('sideways');
    expect(sweepValueLabel('rules.nextPenalty', 'nextRound')).toBe('nextRound');
    // A flag rule's values too ("Speed Chess" = false read as the file's false).
    expect(sweepValueLabel('rules.speedChess', true, undefined, { system: 'viciousness', mechanic: 'rivals' })).toBe('“played”');
    expect(pointFileText({ 'rules.nextPenalty': 'nextRound', 'setup.a.stamina': 4 })).toBe('rules.nextPenalty = "nextRound", setup.a.stamina = 4');
  });
});
