/**
 * Rule variants a mechanic does not play (sim/mechanic.ts `variants`): a scenario that sets
 * one to other than its default is refused before anything runs — the run would be the
 * default's whatever the file says — and the list each mechanic declares is the truth,
 * read off what its simulation actually reads.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { findMechanic, mechanics, mechanicsPlaying } from '../sim/mechanics.ts';
import { rulesBySystem, type SystemName } from '../sim/rules.ts';
import { ruleToggles } from '../reports/fields/rules.ts';
import { planScenario, ScenarioErrors } from '../sim/scenario.ts';
import { runChunk } from '../sim/run.ts';

const contest = { name: 'contest', system: 'sorcerer', mechanic: 'contest', trials: 1000, setup: { a: { name: 'a', dice: 4 }, b: { name: 'b', dice: 3 } } };

function refusal(raw: unknown): string[] {
  try {
    planScenario(raw, 'f.json');
  } catch (e) {
    if (e instanceof ScenarioErrors) return e.errors.map((x) => x.message);
    throw e;
  }
  return [];
}

describe('a rule variant the mechanic does not play is refused', () => {
  test('a Sorcerer contest with the conflict’s nextPenalty and totallyDefensive: each named, with the mechanic that plays it', () => {
    const messages = refusal({ ...contest, rules: { nextPenalty: 'thisAction', totallyDefensive: 'never', exhausted: 'remaining' } });
    expect(messages).toHaveLength(2);
    expect(messages).toContain(
      'f.json: rules.nextPenalty: sorcerer contest does not play nextPenalty, so "thisAction" would change nothing (it is played by conflict only): expected nextPenalty left out, or its default "nextRound"',
    );
    expect(messages.find((m) => m.startsWith('f.json: rules.totallyDefensive: '))).toContain('"never" would change nothing (it is played by conflict only)');
  });

  test('one set to its default changes nothing and is let be; one the mechanic plays is taken', () => {
    expect(refusal({ ...contest, rules: { nextPenalty: 'nextRound', totallyDefensive: 'sacrifice', exhausted: 'remaining' } })).toEqual([]);
  });

  test('several mechanics named; a sweep, and the file before it, named where each was written', () => {
    const knavery = { name: 'k', system: 'viciousness', mechanic: 'knavery', trials: 1000, setup: { participants: [{ name: 'a' }], challenges: 2 } };
    expect(refusal({ ...knavery, rules: { hitOn: '4+' } })).toEqual([
      'f.json: rules.hitOn: viciousness knavery does not play hitOn, so "4+" would change nothing (it is played by clash, battle and campaign only): expected hitOn left out, or its default "exact4"',
    ]);
    const swept = refusal({ ...knavery, sweep: { 'rules.speedChess': [false, true] } });
    expect(swept).toHaveLength(1);
    expect(swept[0]).toMatch(/^f\.json: sweep\.rules\.speedChess: viciousness knavery does not play speedChess, so true would change nothing \(it is played by rivals and campaign only\).* \(at sweep point \{"rules\.speedChess":true\}\)$/);
    const before = refusal({ ...knavery, rules: { invest: 'spread' }, sweep: { 'setup.challenges': [1, 2] } });
    expect(before).toHaveLength(1);
    // The sweep sets no rule: it is not said to (a user's audit).
    expect(before[0]).toMatch(/^f\.json: rules\.invest: /);
    expect(before[0]).not.toContain('before the sweep');
  });

  test('a solve block that varies one is refused at its values', () => {
    const messages = refusal({ ...contest, solve: [{ name: 'which', vary: 'rules.nextPenalty', values: ['nextRound', 'thisAction'], metric: 'win.a', target: 0.5, find: 'closest' }] });
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/^f\.json: solve\.0\.values\.1: rules\.nextPenalty: sorcerer contest does not play nextPenalty/);
  });

  test('every variant of every system is played by some mechanic', () => {
    for (const [system, schema] of Object.entries(rulesBySystem)) {
      for (const key of Object.keys(schema.parse({}) as object)) expect(mechanicsPlaying(system, key), `${system} ${key}`).not.toEqual([]);
    }
  });
});

/** A library scenario's files, parsed. */
function library(): [string, any][] {
  const dir = join(import.meta.dirname, '..', 'scenarios');
  return readdirSync(dir)
    .filter((f) => /\.(json|ya?ml)$/.test(f))
    .map((f) => [f, parse(readFileSync(join(dir, f), 'utf8'))]);
}

/** Extra setups where a variant is read only in a case the library does not have. */
const extra: { system: SystemName; mechanic: string; setup: unknown }[] = [
  // targeting: only with three or more sides.
  {
    system: 'viciousness',
    mechanic: 'clash',
    setup: { sides: ['a', 'b', 'c'].map((name) => ({ name, combatants: [{ name: 'captain' }, { name: 'minion', count: 2 }] })) },
  },
];

describe('each mechanic’s variants are the ones its simulation reads', () => {
  // Every variant read while preparing, running 64 trials and computing the exact values
  // (of each library scenario's first point and the extra setups) is listed by the
  // mechanic, and every variant a mechanic lists is read by one of them: a variant read
  // but not listed would be refused where it matters, one listed but not read accepted
  // where it changes nothing.
  const read = new Map<string, Set<string>>();
  const cases = [
    ...library().map(([file, raw]) => {
      const point = planScenario(raw, file).points[0];
      return { label: file, system: raw.system as SystemName, mechanic: raw.mechanic as string, setup: point.inputs.setup, rules: point.inputs.rules };
    }),
    ...extra.map((c) => ({ label: `${c.system} ${c.mechanic}`, ...c, setup: findMechanic(c.system, c.mechanic)!.setup.parse(c.setup), rules: rulesBySystem[c.system].parse({}) })),
  ];

  test.each(cases.map((c) => [c.label, c] as const))('%s', (_, c) => {
    const mechanic = findMechanic(c.system, c.mechanic)!;
    const seen = read.get(mechanic.name) ?? new Set<string>();
    read.set(mechanic.name, seen);
    const variants = Object.keys(rulesBySystem[c.system].parse({}) as object);
    const rules = new Proxy(structuredClone(c.rules) as object, {
      get(target, key, receiver) {
        if (typeof key === 'string' && variants.includes(key)) seen.add(key);
        return Reflect.get(target, key, receiver);
      },
    });
    const simulation = mechanic.prepare(structuredClone(c.setup), rules);
    runChunk(simulation, 'variants', 0, 0, 64);
    if ((simulation.exactCost?.() ?? 0) < 1e7) simulation.exact?.();
    for (const key of seen) expect(mechanic.variants, `${mechanic.name} reads ${key}`).toContain(key);
  });

  test('every variant a mechanic lists is read by one of its cases', () => {
    for (const m of mechanics) expect([...(read.get(m.name) ?? [])].sort(), m.name).toEqual([...m.variants].sort());
  });
});

describe('the docs name exactly the variants the code takes, and who plays them', () => {
  const root = join(import.meta.dirname, '..');
  const text = readFileSync(join(root, 'docs', 'rules.md'), 'utf8');
  const rows = [...text.matchAll(/^\| (viciousness|vdp|sorcerer) \| `(\w+)`([^|]*) \| ([^|]*) \| ([^|]*) \|/gm)].map((m) => ({ system: m[1]!, key: m[2]!, aside: m[3]!, playedBy: m[4]!, values: m[5]! }));
  const variants = Object.entries(rulesBySystem).flatMap(([system, schema]) => Object.keys(schema.parse({}) as object).map((key) => `${system} ${key}`));

  test('docs/rules.md’s table of variants: each system’s toggles, no other (a side’s policy is not one), each with the mechanics that play it', () => {
    expect(rows.map((r) => `${r.system} ${r.key}`).sort()).toEqual([...variants].sort());
    for (const { system, key, aside, playedBy } of rows) {
      expect(aside, `${system} ${key}`).toBe('');
      expect(playedBy, `${system} ${key}`).toBe(mechanicsPlaying(system, key).map((m) => `\`${m}\``).join(', '));
    }
  });

  test('docs/rules.md’s table of variants: each toggle with every value the code takes, in its order (a value added is documented)', () => {
    for (const { system, key, values } of rows) {
      const toggle = ruleToggles(system as SystemName).find((t) => t.key === key)!;
      expect(values.trim(), `${system} ${key}`).toBe(toggle.values.map((v) => `\`${String(v)}\``).join(', '));
    }
  });

  test('README’s list of what `rules` holds names every variant of every system', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const list = /^- `rules` holds the variant toggles[\s\S]*?(?=^- )/m.exec(readme)?.[0] ?? '';
    const named = (name: string) => new RegExp(`\\b${name}\\b[\\s\\S]*?—`).exec(list)?.[0] ?? '';
    const bySystem: Record<string, string> = { viciousness: 'Viciousness', vdp: 'VDP', sorcerer: 'Sorcerer' };
    for (const v of variants) {
      const [system, key] = v.split(' ') as [string, string];
      // Each under its own system's name: "Sorcerer `exhausted`, `nextPenalty`, …" up to the next system or the dash.
      const part = named(bySystem[system]!).split(/;/)[0]!;
      expect(part, v).toContain(`\`${key}\``);
    }
  });
});
