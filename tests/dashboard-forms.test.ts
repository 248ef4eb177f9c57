/**
 * The dashboard's form ↔ scenario conversion, without a browser: forms match the kernel's
 * setup schemas field for field, typed text becomes the file's values, problems land at
 * the field they are about with the CLI's own words, sweeps and compare changes read as
 * typed, links and opened files round-trip, and unreadable files say why as the CLI does.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { staleCheckWords, withoutStaleChecks } from '../dashboard/model/removal.ts';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { mechanics } from '../sim/mechanics.ts';
import { planScenario } from '../sim/scenario.ts';
import { runPlan } from '../sim/assemble.ts';
import { wilson } from '../sim/stats.ts';
import { forms, formFor } from '../reports/fields/index.ts';
import { ruleFields, ruleLabel, ruleToggles } from '../reports/fields/rules.ts';
import { fieldAt, leaves, shownDefault, type ChoiceField, type Field } from '../reports/fields/spec.ts';
import { swapD4D6 } from '../reports/fields/viciousness.ts';
import { numberFromText, seedFromText, diceChips, normaliseDice, textFieldValue, typedDice } from '../dashboard/model/coerce.ts';
import { getAt, pruneEmpty, withValue, withItem, withoutItem } from '../reports/fields/paths.ts';
import { defaultScenario, newScenario } from '../dashboard/model/scenario.ts';
import { checkScenario, placeErrors } from '../dashboard/model/validate.ts';
import { choiceBoxes, choiceValuesText, formatSweepValues, parseSweepValues, startDice, sweepReadings, toggleChoice } from '../dashboard/model/sweep.ts';
import { ruleWords } from '../reports/ruleWords.ts';
import { pointLabel, sweepLabel } from '../reports/sweep.ts';
import { droppedWords, noteWords, problemWords } from '../reports/setupWords.ts';
import { switchMechanic } from '../dashboard/model/switch.ts';
import { pointNotes } from '../reports/pointNotes.ts';
import { decodeLink, encodeLink } from '../dashboard/model/url.ts';
import { readOpenedFile, scenarioFileName, scenarioFileText, scenarioOfResult, trialsRan } from '../dashboard/model/files.ts';
import { NotUtf8, decodeUtf8 } from '../sim/scenarioText.ts';
import { difference, scenarioB, seedOfB, sweepOverlap, valueOrDefault } from '../dashboard/model/compare.ts';
import { poolsim, tempFolders } from './helpers.ts';

/** This file's temporary folders, removed after its tests (helpers.ts tempFolders). */
const tempFolder = tempFolders();

const dir = tempFolder('poolsim-dashboard-');
function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

type JsonSchema = { type?: string; properties?: Record<string, JsonSchema>; items?: JsonSchema; enum?: unknown[]; anyOf?: JsonSchema[] };

/** The JSON types a form field of each kind writes. */
const WRITES: Record<Field['kind'], string> = {
  number: 'integer',
  text: 'string',
  flag: 'boolean',
  dice: 'array',
  die: 'string',
  choice: 'enum',
  group: 'object',
  list: 'array',
};

function typeOf(s: JsonSchema): string {
  if (s.enum) return 'enum';
  // A field the schema takes in several shapes (a count or a list of names): any field fits.
  if (s.type === undefined && !s.anyOf) return 'any';
  if (s.anyOf) return s.anyOf.map(typeOf).includes('array') ? 'array' : typeOf(s.anyOf[0]!);
  return s.type ?? 'any';
}

/** Every mismatch between a form's fields and a setup schema's properties, both ways. */
function mismatches(fields: readonly Field[], schema: JsonSchema, at: string): string[] {
  const out: string[] = [];
  const props = schema.properties ?? {};
  for (const f of fields) {
    const p = props[f.key];
    if (!p) {
      out.push(`${at}${f.key}: the form has it, the setup schema does not`);
      continue;
    }
    const writes = f.kind === 'choice' && f.options.every((o) => typeof o.value === 'boolean') ? 'boolean' : WRITES[f.kind];
    // A text field with `read` writes what it reads (a count or a list of names), not the text.
    const reads = f.kind === 'text' && f.read !== undefined;
    if (typeOf(p) !== 'any' && !reads && writes !== typeOf(p)) out.push(`${at}${f.key}: the form writes ${writes}, the schema wants ${typeOf(p)}`);
    if (f.kind === 'choice' && p.enum) {
      const offered = f.options.map((o) => o.value).sort();
      if (JSON.stringify(offered) !== JSON.stringify([...p.enum].sort())) out.push(`${at}${f.key}: offers ${offered}, the schema allows ${p.enum}`);
    }
    if (f.kind === 'group') out.push(...mismatches(f.fields, p, `${at}${f.key}.`));
    if (f.kind === 'list') out.push(...mismatches(f.fields, p.items ?? {}, `${at}${f.key}.N.`));
  }
  for (const key of Object.keys(props)) {
    if (!fields.some((f) => f.key === key)) out.push(`${at}${key}: the setup schema has it, the form does not`);
  }
  return out;
}

/** A note as the page says it, and as the file's text (the title), from its pieces. */
const said = (pieces: ReturnType<typeof noteWords>) => pieces.map((p) => (typeof p === 'string' ? p : p.words)).join('');
const raw = (pieces: ReturnType<typeof noteWords>) => pieces.map((p) => (typeof p === 'string' ? p : p.raw)).join('');
/**
 * A test planning and running several setups for their notes, the exact engines included
 * (a battle's chain with flight, a VDP fight's opening): 19 s on a quiet 2-core machine,
 * 28 s with both cores busy, and past the default minute once under heavier load.
 */
const HEAVY_NOTES_TIMEOUT = 180_000;
/** Every note of a short run of `scenario`, with its pieces in the form's words. */
const notesOf = (scenario: Record<string, unknown>) => {
  const result = runPlan(planScenario({ trials: 20, seed: 1, ...scenario } as never, 'n.json'));
  return pointNotes(result).map((note) => ({ note, pieces: noteWords(note, result, scenario.setup) }));
};
/** The note starting `start`, said in the form's words; its pieces must give back the file's text. */
const findNote = (notes: ReturnType<typeof notesOf>, start: string) => {
  const n = notes.find((x) => x.note.startsWith(start));
  if (!n) throw new Error(`no note starting ${start}: ${notes.map((x) => x.note).join(' | ')}`);
  expect(raw(n.pieces)).toBe(n.note);
  return said(n.pieces);
};

describe('every mechanic has a form in its own words', () => {
  test.each(mechanics.map((m) => [`${m.system} ${m.name}`, m] as const))('%s: the form has exactly the setup’s fields, of the setup’s types', (_name, m) => {
    const form = formFor(m.system, m.name);
    expect(form, `no form for ${m.system} ${m.name}`).toBeDefined();
    const schema = z.toJSONSchema(m.setup, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
    expect(mismatches(form!.fields, schema, 'setup.')).toEqual([]);
  });

  test.each(mechanics.map((m) => [`${m.system} ${m.name}`, m] as const))('%s: a new scenario from the form’s template runs as it stands', (_name, m) => {
    const scenario = newScenario(m.system, m.name);
    const plan = planScenario(scenario, 'new.json');
    expect(plan.points).toHaveLength(1);
    // Every preset's sweep is valid for the template too.
    for (const preset of formFor(m.system, m.name)!.presets ?? []) {
      if (preset.compare) {
        const change = preset.compare(scenario);
        if ('needs' in change) throw new Error(`${preset.label}: refused on the template (${change.holds})`);
        expect(() => planScenario(scenarioB(scenario, change), 'b.json'), preset.label).not.toThrow();
      } else {
        expect(() => planScenario(preset.apply(scenario), 'preset.json'), preset.label).not.toThrow();
      }
    }
  });

  test('a "one more" preset adds one to the number there (its default where left out), and refuses text: it neither did nothing nor compared with 1 die as if the text were 0', () => {
    const preset = (system: string, mechanic: string, label: string) => formFor(system, mechanic)!.presets!.find((p) => p.label === label)!;
    const knavery = newScenario('viciousness', 'knavery');
    const more = preset('viciousness', 'knavery', 'one more challenge?');
    expect(more.compare!(withValue(knavery, ['setup', 'challenges'], 3))).toEqual({ path: 'setup.challenges', value: 4 });
    expect(more.compare!(withValue(knavery, ['setup', 'challenges'], undefined))).toEqual({ path: 'setup.challenges', needs: 'a number', holds: 'it is empty' });
    expect(more.compare!(withValue(knavery, ['setup', 'challenges'], 'three'))).toEqual({ path: 'setup.challenges', needs: 'a number', holds: 'it holds "three"' });
    const contest = newScenario('sorcerer', 'contest');
    const die = preset('sorcerer', 'contest', 'one more die?');
    expect(die.compare!(withValue(contest, ['setup', 'a', 'bonus'], undefined))).toEqual({ path: 'setup.a.bonus', value: 1 });
    expect(die.compare!(withValue(contest, ['setup', 'a', 'bonus'], 'two'))).toEqual({ path: 'setup.a.bonus', needs: 'a number', holds: 'it holds "two"' });
    const campaign = newScenario('viciousness', 'campaign');
    const troupe = preset('viciousness', 'campaign', 'one more troupe?');
    // One more, as it says: 3 troupes in the entry → 4, not doubled.
    expect(troupe.help).not.toContain('doubled');
    expect(troupe.compare!(withValue(campaign, ['setup', 'troupes', 0, 'count'], 3))).toEqual({ path: 'setup.troupes.0.count', value: 4 });
    expect(troupe.compare!(withValue(campaign, ['setup', 'troupes', 0, 'count'], undefined))).toEqual({ path: 'setup.troupes.0.count', value: 2 });
    expect(troupe.compare!(withValue(campaign, ['setup', 'troupes', 0, 'count'], 'x'))).toEqual({ path: 'setup.troupes.0.count', needs: 'a number', holds: 'it holds "x"' });
  });

  test('the Edge Charge preset sweeps the hold the first fighter’s weapon allows, and runs either way', () => {
    const preset = formFor('vdp', 'combat')!.presets!.find((p) => p.label === 'Edge Charge buys for the first')!;
    const melee = newScenario('vdp', 'combat');
    const chars = (melee.setup as { characters: Record<string, unknown>[] }).characters;
    const ranged = { ...melee, setup: { characters: [{ ...chars[0], ranged: true }, ...chars.slice(1)] } };
    const buys = (s: Record<string, unknown>) => (preset.apply(s).sweep as Record<string, string[]>)['setup.characters.0.chargeBuy'];
    expect(buys(melee)).toContain('grapple');
    expect(buys(melee)).not.toContain('entangleShock');
    expect(buys(ranged)).toContain('entangleShock');
    expect(buys(ranged)).not.toContain('grapple');
    expect(() => planScenario(preset.apply(ranged), 'preset.json')).not.toThrow();
    // Break off only against a grappler.
    expect(buys(melee)).not.toContain('breakOff');
    const grappled = { ...melee, setup: { characters: [chars[0], { ...chars[1], chargeBuy: 'grapple' }] } };
    expect(buys(grappled)).toContain('breakOff');
    expect(() => planScenario(preset.apply(grappled), 'preset.json')).not.toThrow();
    // Armor Pierce only against armour: the template's second has none.
    expect(buys(melee)).not.toContain('armourPierce');
    const armoured = { ...melee, setup: { characters: [chars[0], { ...chars[1], armour: 1 }] } };
    expect(buys(armoured)).toContain('armourPierce');
    expect(() => planScenario(preset.apply(armoured), 'preset.json')).not.toThrow();
    // Teams: what counts is the first's enemies, wherever they are listed, as the setup says.
    const [a, b] = chars;
    const team = (c: Record<string, unknown>, t: string, extra: Record<string, unknown> = {}) => ({ ...c, team: t, ...extra });
    const allyArmoured = { ...melee, setup: { characters: [team(a, 'x'), team(b, 'x', { name: 'ally', armour: 2, chargeBuy: 'grapple' }), team(b, 'y', { name: 'foe' })] } };
    expect(buys(allyArmoured)).not.toContain('armourPierce');
    expect(buys(allyArmoured)).not.toContain('breakOff');
    const foeThird = { ...melee, setup: { characters: [team(a, 'x'), team(b, 'x', { name: 'ally' }), team(b, 'y', { name: 'foe', armour: 2, chargeBuy: 'grapple' })] } };
    expect(buys(foeThird)).toContain('armourPierce');
    expect(buys(foeThird)).toContain('breakOff');
    expect(() => planScenario(preset.apply(foeThird), 'preset.json')).not.toThrow();
    // Break off on an ally ("Releasing charge on oneself or an ally takes an action"): a first
    // no grapple is put on (Mental damage) is offered it while an ally could be held, and
    // not where none could, nor when ranged ("Break off ... Melee": it frees only itself).
    const foeGrapples = team(b, 'y', { name: 'foe', chargeBuy: 'grapple' });
    const mentalBesideAlly = { ...melee, setup: { characters: [team(a, 'x', { damageType: 'mental' }), team(b, 'x', { name: 'ally' }), foeGrapples] } };
    expect(buys(mentalBesideAlly)).toContain('breakOff');
    expect(() => planScenario(preset.apply(mentalBesideAlly), 'preset.json')).not.toThrow();
    expect(buys({ ...melee, setup: { characters: [team(a, 'x', { damageType: 'mental' }), team(b, 'x', { name: 'ally', damageType: 'mental' }), foeGrapples] } })).not.toContain('breakOff');
    expect(buys({ ...melee, setup: { characters: [team(a, 'x', { damageType: 'mental', ranged: true }), team(b, 'x', { name: 'ally' }), foeGrapples] } })).not.toContain('breakOff');
    // What the first's buy does to the others counts: with the second breaking off the first's
    // grapple, only the grapple keeps the setup whole (the reviewer's case: the sweep offered
    // buys that left the Break off with nothing to break).
    const breaking = { ...melee, setup: { characters: [{ ...a, chargeBuy: 'grapple' }, { ...b, chargeBuy: 'breakOff' }] } };
    expect(buys(breaking)).toEqual(['grapple']);
    expect(() => planScenario(preset.apply(breaking), 'preset.json')).not.toThrow();
    // A current buy that is refused is not offered back.
    const refusedNow = { ...melee, setup: { characters: [{ ...a, chargeBuy: 'armourPierce' }, b] } };
    expect(buys(refusedNow)).not.toContain('armourPierce');
    expect(buys(refusedNow)).toContain('none');
    // Human shield only in melee against two or more enemies, one of them ranged: never in
    // the template's duel, nor for a ranged first, nor against a gang with no gun.
    expect(buys(melee)).not.toContain('humanShield');
    const gunner = { ...chars[1], name: 'gunner', team: 'Jack', ranged: true };
    const gang = { ...melee, setup: { characters: [...chars, gunner] } };
    expect(buys(gang)).toContain('humanShield');
    expect(() => planScenario(preset.apply(gang), 'preset.json')).not.toThrow();
    expect(buys({ ...gang, setup: { characters: [{ ...chars[0], ranged: true }, ...chars.slice(1), gunner] } })).not.toContain('humanShield');
    expect(buys({ ...gang, setup: { characters: [...chars, { ...gunner, ranged: false }] } })).not.toContain('humanShield');
    // Two of one gunner are two enemies; a gunner on the first's own side is no enemy.
    expect(buys({ ...melee, setup: { characters: [chars[0], { ...gunner, count: 2 }] } })).toContain('humanShield');
    expect(buys({ ...gang, setup: { characters: [chars[0], { ...gunner, team: chars[0].name as string }, chars[1]] } })).not.toContain('humanShield');
  });

  test('a default that depends on its item is that item’s: a side’s medics and aid beside a Medic combatant, a troupe’s aid beside a Medic PC (Compare refused B = medics 1 there as “the default A leaves it at”, where it moves deaths from 0.117 to 0.011: a defaults audit)', () => {
    const battle = (traits: string[]) => ({ name: 'b', system: 'viciousness', mechanic: 'battle', setup: { sides: [{ name: 'crew', combatants: [{ name: 'doc', traits }, { name: 'thug', count: 3 }] }, { name: 'guards', combatants: [{ name: 'guard', count: 4 }] }] } });
    const withMedic = battle(['medic']);
    expect(valueOrDefault(withMedic, 'setup.sides.0.medics', undefined)).toBe(0);
    expect(valueOrDefault(withMedic, 'setup.sides.0.aid', undefined)).toBe('medic');
    expect(valueOrDefault(battle([]), 'setup.sides.0.medics', undefined)).toBe(1);
    expect(valueOrDefault(battle([]), 'setup.sides.0.aid', undefined)).toBe('none');
    // B of one more Medic not listed is a change, and runs as one; B at the real default is refused.
    expect(sweepOverlap(withMedic, { path: 'setup.sides.0.medics', value: 1 }).kind).toBe('none');
    expect(sweepOverlap(withMedic, { path: 'setup.sides.0.medics', value: 0 }).kind).toBe('refused');
    expect(sweepOverlap(withMedic, { path: 'setup.sides.0.aid', value: 'medic' }).kind).toBe('refused');
    const deaths = (scenario: object) => runPlan(planScenario(scenario, 'b.json')).results[0]!.metrics['deaths.crew']!.exact!;
    expect(deaths(scenarioB(withMedic, { path: 'setup.sides.0.medics', value: 1 }))).toBeLessThan(deaths(withMedic) - 0.05);
    // Vary setting the combatant's traits: the default is each point's, so none is said for
    // A, and B = medics 1 is not refused (a review: at the point with a Medic it acts).
    const swept = { ...battle([]), sweep: { 'setup.sides.0.combatants.0.traits': [[], ['medic']] } };
    expect(valueOrDefault(swept, 'setup.sides.0.medics', undefined)).toBeUndefined();
    expect(sweepOverlap(swept, { path: 'setup.sides.0.medics', value: 1 }).kind).toBe('none');
    // A sweep in that side that leaves the default where it is keeps it known (a review:
    // varying the side's flee let B = medics 1 run as A).
    for (const sweep of [{ 'setup.sides.0.flee': ['never', 'lostHalf'] }, { 'setup.sides.0.combatants.1.count': [2, 3] }, { 'setup.sides.0.combatants.0.traits': [[], ['duelist']] }]) {
      expect(valueOrDefault({ ...battle([]), sweep }, 'setup.sides.0.medics', undefined)).toBe(1);
      expect(sweepOverlap({ ...battle([]), sweep }, { path: 'setup.sides.0.medics', value: 1 }).kind).toBe('refused');
    }
    // A campaign troupe with a Medic PC: its aid is a Medic's.
    const campaign = (traits: string[]) => ({ name: 'c', system: 'viciousness', mechanic: 'campaign', setup: { turns: 4, troupes: [{ name: 't', captain: { traits } }] } });
    expect(valueOrDefault(campaign(['medic']), 'setup.troupes.0.aid', undefined)).toBe('medic');
    expect(valueOrDefault(campaign([]), 'setup.troupes.0.aid', undefined)).toBe('none');
    expect(sweepOverlap(campaign(['medic']), { path: 'setup.troupes.0.aid', value: 'medic' }).kind).toBe('refused');
  });

  test('a preset that replaces the sweep leaves out, and names, the checks that pointed at it: the library’s Edge Charge duel', () => {
    // Without this the scenario would be refused at expect.0.point once the sweep changed.
    const scenario = parseYaml(readFileSync(new URL('../scenarios/vdp-combat-edge-charge.yaml', import.meta.url), 'utf8')) as Record<string, unknown>;
    const preset = formFor('vdp', 'combat')!.presets!.find((p) => p.label === 'every split for the first')!;
    const { scenario: next, dropped } = withoutStaleChecks(preset.apply(scenario));
    expect(dropped.length).toBe((scenario.expect as unknown[]).length);
    expect(dropped[0]).toMatch(/^the check on win\.a at setup\.characters\.0\.chargeBuy = "none"$/);
    expect(next.expect).toBeUndefined();
    expect(() => planScenario(next, 'preset.json')).not.toThrow();
    // Checks still pointing at swept values are kept, and a scenario without checks is as it was.
    const kept = withoutStaleChecks({ ...scenario, sweep: { 'setup.characters.0.chargeBuy': ['none', 'probeDefence'] } });
    expect((kept.scenario.expect as unknown[]).length).toBe(2);
    const bare = { ...scenario, expect: undefined };
    expect(withoutStaleChecks(bare).dropped).toEqual([]);
  });

  test('the checks a preset leaves out are said in the form’s words, as a removed item’s are (they read “win.vipers at setup.sides.0.berzerkerPush = \"always\"”: a dashboard audit)', () => {
    const scenario = parseYaml(readFileSync(new URL('../scenarios/berzerker-push.yaml', import.meta.url), 'utf8')) as Record<string, unknown>;
    const preset = formFor('viciousness', 'battle')!.presets!.find((p) => p.label === 'guards 2 to 6')!;
    const { checks } = withoutStaleChecks(preset.apply(scenario));
    const words = staleCheckWords(checks, scenario);
    expect(words).toHaveLength((scenario.expect as unknown[]).length);
    expect(words).toContain('the expect check on “P(win: vipers)” at “vipers › Berzerker’s push” = “at the start”');
    for (const w of words) expect(w).not.toMatch(/setup\.|win\.vipers/);
  });

  test('the allocation presets offer the policies the setup accepts: a Change Focus buyer has no "0/4" (it is refused there, and the whole sweep was)', () => {
    const fighter = (name: string, team: string) => ({ name, team, attack: { attribute: 3, skill: 1 }, defence: { attribute: 3, skill: 1 }, timing: 6, fortitude: 2, type: 'trained' });
    const scenario = { name: 'focus', system: 'vdp', mechanic: 'combat', trials: 200, seed: 1, setup: { characters: [{ ...fighter('boss', 'b'), chargeBuy: 'changeFocus', chargeCashIn: 'both' }, { ...fighter('m', 'g'), count: 2 }] } };
    const presets = formFor('vdp', 'combat')!.presets!;
    const split = presets.find((p) => p.label === 'every split for the first')!.apply(scenario);
    const swept = (split.sweep as Record<string, string[]>)['setup.characters.0.allocation'];
    expect(swept).not.toContain('0/4');
    expect(swept).toContain('4/0');
    expect(() => planScenario(split, 'preset.json')).not.toThrow();
    const matrix = presets.find((p) => p.label === 'allocation matrix')!.apply(scenario);
    expect((matrix.sweep as Record<string, string[]>)['setup.characters.0.allocation']).not.toContain('0/4');
    // The minions buy nothing: every policy.
    expect((matrix.sweep as Record<string, string[]>)['setup.characters.1.allocation']).toContain('0/4');
    expect(() => planScenario(matrix, 'preset.json')).not.toThrow();
    // Without the buy, every policy, as before.
    const plain = presets.find((p) => p.label === 'every split for the first')!.apply({ ...scenario, setup: { characters: [fighter('boss', 'b'), { ...fighter('m', 'g'), count: 2 }] } });
    expect((plain.sweep as Record<string, string[]>)['setup.characters.0.allocation']).toContain('0/4');
  });

  test('forms exist only for mechanics of the contract (and their systems are right)', () => {
    const contract: Record<string, string[]> = {
      viciousness: ['clash', 'battle', 'knavery', 'discovery', 'knowledge', 'rivals', 'campaign'],
      vdp: ['check', 'risky', 'opposed', 'combat', 'extended', 'contestRound'],
      sorcerer: ['contest', 'conflict'],
    };
    for (const f of forms) expect(contract[f.system], `${f.system} ${f.mechanic}`).toContain(f.mechanic);
  });

  test('rule variants come from the kernel’s schemas, with their values and defaults', () => {
    expect(ruleToggles('viciousness').find((t) => t.key === 'hitOn')).toEqual({ key: 'hitOn', values: ['exact4', '4+'], words: { exact4: 'exactly 4', '4+': '4 or more' }, default: 'exact4' });
    expect(ruleToggles('viciousness').find((t) => t.key === 'speedChess')).toEqual({ key: 'speedChess', values: [false, true], words: { false: 'not played', true: 'played' }, default: false });
    const clash = ruleFields('viciousness', 'clash').map((f) => f.key);
    expect(clash).toEqual(['hitOn', 'targeting', 'equipment', 'woundOrder', 'push', 'outnumbered']);
    expect(ruleFields('vdp', 'combat').map((f) => f.key)).toEqual(['effectsOn', 'retarget', 'stunned', 'entangledFortitude', 'coverRoll', 'damagePenalty', 'givenUpBlock', 'chargeRelease']);
    expect(ruleFields('vdp', 'risky').map((f) => f.key)).toEqual(['advantageOn']);
    // A contest's blocks make combat's defensive effects, so combat's effect rule changes its odds.
    expect(ruleFields('vdp', 'contestRound').map((f) => f.key)).toEqual(['effectsOn']);
    expect(ruleFields('viciousness', 'knavery')).toEqual([]);
  });

  test('rule choices show each value in the game’s words, declared beside the values in sim/rules.ts; the file keeps the value', () => {
    // The audit: "never" / "fullDefence" and "never" / "ifNoHit" were offered as written in the file.
    const choice = (system: 'viciousness' | 'sorcerer', mechanic: string, key: string) => ruleFields(system, mechanic).find((f) => f.key === key) as ChoiceField;
    const passion = choice('sorcerer', 'conflict', 'passionDefence');
    expect(passion.options).toEqual([{ value: 'never', label: 'stay with the action' }, { value: 'fullDefence', label: 'join the full defence' }]);
    expect(passion.placeholder).toBe('stay with the action (default)');
    const push = choice('viciousness', 'clash', 'push');
    expect(push.options).toEqual([{ value: 'never', label: 'never' }, { value: 'ifNoHit', label: 'when its dice show no hit' }]);
    expect(choice('viciousness', 'clash', 'hitOn').placeholder).toBe('exactly 4 (default)');
    // VDP's block given up offers its four readings, the glancing hit and the undefended attack among them.
    const givenUp = ruleFields('vdp', 'combat').find((f) => f.key === 'givenUpBlock') as ChoiceField;
    expect(givenUp.options).toEqual([
      { value: 'hit', label: 'lets the attack hit (one wound)' },
      { value: 'nothing', label: 'lets nothing through' },
      { value: 'glancing', label: 'lets a glancing hit through (no wound)' },
      { value: 'undefended', label: 'lets the attack meet no defence' },
    ]);
    expect(givenUp.placeholder).toBe('lets the attack hit (one wound) (default)');
    // Every value of every toggle has words of its own, none shared within the toggle, so
    // no choice falls back to the file's value and no two read alike.
    for (const system of ['viciousness', 'vdp', 'sorcerer'] as const) {
      for (const t of ruleToggles(system)) {
        expect(Object.keys(t.words), `${system} ${t.key}`).toEqual(t.values.map(String));
        expect(new Set(Object.values(t.words)).size, `${system} ${t.key}`).toBe(t.values.length);
        for (const w of Object.values(t.words)) expect(w.trim(), `${system} ${t.key}`).not.toBe('');
      }
    }
  });

  test('a form offers only the rule variants its mechanic plays (sim/mechanic.ts variants)', () => {
    // A Sorcerer contest reads only `exhausted` and its tries' `repeatPenalty`; the conflict's others would change nothing.
    expect(ruleFields('sorcerer', 'contest').map((f) => f.key)).toEqual(['exhausted', 'repeatPenalty']);
    expect(ruleFields('sorcerer', 'conflict').map((f) => f.key)).toEqual(['exhausted', 'totallyDefensive', 'nextPenalty', 'attackCurrency', 'standUpCovers', 'tiedExchange', 'passionDefence', 'sacrificeCurrency', 'injuryPenalties', 'passionPenalties', 'failedStandUp']);
  });

  test('and only the values it plays: medicReach "window" in a battle\'s form, not in a campaign\'s (which refuses it)', () => {
    const reach = (mechanic: string) => (ruleFields('viciousness', mechanic).find((f) => f.key === 'medicReach') as ChoiceField).options.map((o) => o.value);
    expect(reach('battle')).toEqual(['one', 'window', 'all']);
    expect(reach('campaign')).toEqual(['one', 'all']);
  });
});

describe('what a designer types becomes the scenario file', () => {
  test('the trials box reads "100,000" as the page writes it ("100,000 trials"), and only a comma that can only be a thousands separator', () => {
    expect(numberFromText('100,000', true)).toBe(100000);
    expect(numberFromText(' 1,000,000 ', true)).toBe(1000000);
    // Anything else with a comma is no such count: kept as typed, for the schema to refuse.
    for (const typed of ['1,5', '1,0000', '2,500.5', ',100', '100,', '-1,000']) expect(numberFromText(typed, true), typed).toBe(typed);
    // A box that is no count the page writes so reads no commas at all.
    expect(numberFromText('100,000')).toBe('100,000');
  });

  test('number fields: numbers as numbers, empty left out, anything else kept for the schema to name', () => {
    expect(numberFromText('3')).toBe(3);
    expect(numberFromText(' -2 ')).toBe(-2);
    expect(numberFromText('2.5')).toBe(2.5);
    expect(numberFromText('')).toBeUndefined();
    expect(numberFromText('  ')).toBeUndefined();
    expect(numberFromText('three')).toBe('three');
    expect(numberFromText('1e3')).toBe(1000);
    expect(numberFromText('0x10')).toBe('0x10');
    expect(seedFromText('42')).toBe(42);
    expect(seedFromText('heist-1')).toBe('heist-1');
    expect(seedFromText('')).toBeUndefined();
    // Another seed than 7 on the command line (the stream key is the text): kept as typed.
    expect(seedFromText('007')).toBe('007');
    expect(seedFromText(' 42 ')).toBe(' 42 ');
    expect(seedFromText('-0')).toBe('-0');
    expect(seedFromText('-3')).toBe(-3);
  });

  test('a rival\'s assets: a count, or names; a number that is no count stays a number for the schema to refuse', async () => {
    const { assetsField } = await import('../reports/fields/campaign.ts');
    expect(assetsField.read!('4')).toBe(4);
    expect(assetsField.read!('a cathedral, a fleet')).toEqual(['a cathedral', 'a fleet']);
    for (const t of ['-1', '2.5', '1e1']) expect(assetsField.read!(t)).toBe(Number(t));
    const rivals = (assets: unknown) => checkScenario({ name: 'r', system: 'viciousness', mechanic: 'rivals', setup: { turns: 4, rivals: [{ name: 'duke', rank: 3, assets, designs: [{ severity: 'light' }] }] } }, 'r.json');
    const refused = rivals(assetsField.read!('-1'));
    expect(refused.ok ? [] : refused.errors.map((e) => e.message)).toEqual(['r.json: setup.rivals.0.assets: expected a number of assets (0 to 1000) or a list of asset names, got -1']);
  });

  test('dice fields: chips from a list or a lone dice string; typed dice normalised', () => {
    expect(diceChips(['2d4', 'd6'])).toEqual(['2d4', 'd6']);
    expect(diceChips('d6')).toEqual(['d6']);
    expect(diceChips(undefined)).toEqual([]);
    expect(normaliseDice(' 2D4 ')).toBe('2d4');
    expect(normaliseDice('d6+1')).toBe('d6+1');
    // A box's text of several dice is several chips, as the Vary row reads it.
    expect(typedDice(' d6 D8, 2d4 ')).toEqual(['d6', 'd8', '2d4']);
    expect(typedDice('d6+1')).toEqual(['d6+1']);
    expect(swapD4D6(['d4'])).toEqual(['d6']);
    expect(swapD4D6(['2d4', 'd8'])).toEqual(['2d6', 'd8']);
    expect(swapD4D6(['d6'])).toEqual(['d4']);
    expect(swapD4D6(undefined)).toEqual(['d6']);
  });

  test('edits copy along the path, leave the rest shared, and an empty optional field leaves the file', () => {
    const s = defaultScenario();
    const t = withValue(s, ['setup', 'participants', 1, 'count'], 3);
    expect(getAt(t, ['setup', 'participants', 1, 'count'])).toBe(3);
    expect(getAt(s, ['setup', 'participants', 1, 'count'])).toBe(2);
    expect((t.setup as any).participants[0]).toBe((s.setup as any).participants[0]);
    const u = withValue(t, ['setup', 'participants', 1, 'count'], undefined);
    expect('count' in (u.setup as any).participants[1]).toBe(false);
    expect(getAt(withValue({}, ['sweep', 'setup.challenges'], [1, 2]), ['sweep', 'setup.challenges'])).toEqual([1, 2]);
    expect(withValue({}, ['a', 0, 'b'], 1)).toEqual({ a: [{ b: 1 }] });
    // Clearing the last field of an optional group takes the group out; `setup` stays.
    const job = withValue(newScenario('viciousness', 'campaign'), ['setup', 'policy'], { job: { method: 'rare' } });
    const cleared = pruneEmpty(withValue(job, ['setup', 'policy', 'job', 'method'], undefined), ['setup', 'policy', 'job', 'method']);
    expect('policy' in (cleared.setup as object)).toBe(false);
    const knowledge = withValue(newScenario('viciousness', 'knowledge'), ['setup', 'rattled'], undefined);
    expect(pruneEmpty(knowledge, ['setup', 'rattled']).setup).toEqual({});
    const added = withItem(s, ['setup', 'participants'], { name: 'x' });
    expect((added.setup as any).participants).toHaveLength(3);
    expect((withoutItem(added, ['setup', 'participants'], 0).setup as any).participants.map((p: any) => p.name)).toEqual(['minion', 'x']);
  });

  test('fields are found by path and named after the items they belong to', () => {
    const s = defaultScenario();
    const form = formFor('viciousness', 'knavery')!;
    expect(fieldAt(form.fields, ['participants', 0, 'dice'], s.setup)?.labels).toEqual(['captain', 'trait dice']);
    expect(fieldAt(form.fields, ['challenges'], s.setup)?.field.kind).toBe('number');
    expect(fieldAt(form.fields, ['nope'], s.setup)).toBeUndefined();
    const labels = leaves(form.fields, s.setup).map((l) => l.label);
    expect(labels).toEqual([
      'challenges', 'challenges removed', 'prepared',
      'captain › name', 'captain › how many', 'captain › trait dice', 'captain › rattled', 'captain › pushes a trait to remove one',
      'minion › name', 'minion › how many', 'minion › trait dice', 'minion › rattled', 'minion › pushes a trait to remove one',
      'pushes to reroll', 'free pushes from 6s',
    ]);
    expect(leaves(form.fields, s.setup)[4]!.path).toEqual(['setup', 'participants', 0, 'count']);
  });
});

describe('problems are shown at their field, in the CLI’s words', () => {
  const fields = ['name', 'trials', 'setup', 'setup.challenges', 'setup.participants', 'setup.participants.0', 'setup.participants.0.count', 'setup.participants.0.dice', 'sweep', 'sweep.setup.challenges'];

  test('the company’s ambition box says what it takes in its own words ("N jobs" or "next rank"), not "expected an object"; a bare "rank" is not guessed to be "next rank"', () => {
    const campaign = newScenario('viciousness', 'campaign') as Record<string, unknown>;
    const ambition = fieldAt(formFor('viciousness', 'campaign')!.fields, ['policy', 'ambition'], campaign.setup)!.field;
    if (ambition.kind !== 'text') throw new Error('the ambition box is a text box');
    const boxSays = (typed: string) => {
      const s = withValue(campaign, ['setup', 'policy', 'ambition'], textFieldValue(ambition, typed)) as Record<string, unknown>;
      const checked = checkScenario(s, 'c.json');
      return checked.ok ? [] : placeErrors(checked.errors, ['setup.policy.ambition', 'setup.policy.advance', 'setup.policy'], s).atField.get('setup.policy.ambition');
    };
    const takes = '“N jobs” (N a whole number from 1 to 1000) or “next rank”';
    for (const typed of ['x', '-1', '1.5', '-5 jobs', 'rank', 'Next Ranks']) expect(boxSays(typed), typed).toEqual([`expected ${takes}, got ${JSON.stringify(typed)}`]);
    // Read, but out of range: said in the box's words too, as the box shows it.
    expect(boxSays('0 jobs')).toEqual([`expected ${takes}, got "0 jobs"`]);
    expect(textFieldValue(ambition, 'rank')).toBe('rank');
    expect(textFieldValue(ambition, 'next rank')).toEqual({ rank: 'next' });
    expect(textFieldValue(ambition, '5 jobs')).toEqual({ jobs: 5 });
    // A value from a file that its words would not give back keeps the CLI's words, which
    // say what is wrong in it (the box said 'got "next rank"' of {"rank": "prev"}).
    const fromFile = (value: unknown) => {
      const s = withValue(campaign, ['setup', 'policy', 'ambition'], value) as Record<string, unknown>;
      const checked = checkScenario(s, 'c.json');
      return checked.ok ? [] : placeErrors(checked.errors, ['setup.policy.ambition'], s).atField.get('setup.policy.ambition');
    };
    expect(fromFile({ rank: 'prev' })![0]).toContain('"prev"');
    expect(fromFile({ jobs: '5' })![0]).not.toContain('got "5 jobs"');
    expect(fromFile({ jobs: 5, extra: 1 })![0]).toContain('extra');
    // What poolsim run says of the file is unchanged (the status lists it as the CLI does).
    const x = checkScenario(withValue(campaign, ['setup', 'policy', 'ambition'], 'x'), 'c.json');
    expect(!x.ok && placeErrors(x.errors, ['setup.policy.ambition']).atField.get('setup.policy.ambition')![0]).toMatch(/^expected an object/);
  });

  test('a Find question’s refusal names its metric by its label, as the picker does, not by its key ("success is a probability…")', () => {
    const s = { ...defaultScenario(), solve: [{ name: 'find', vary: 'setup.challenges', range: [1, 8], metric: 'success', target: 1.5 }] };
    const checked = checkScenario(s, 'x.json');
    if (checked.ok) throw new Error('expected a problem');
    expect(checked.errors.map((e) => e.problem)).toContain('success is a probability, between 0 and 1, and the target is 1.5: expected a target from 0 to 1');
    const placed = placeErrors(checked.errors, ['solve.0', 'solve.0.target'], s);
    expect(placed.atField.get('solve.0.target')).toEqual(['“P(plan succeeds)” is a probability, between 0 and 1, and the target is 1.5: expected a target from 0 to 1']);
    // An expect check's likewise; its key inside another word is left alone.
    const checks = { ...defaultScenario(), expect: [{ metric: 'success', atLeast: 50 }] };
    const refused = checkScenario(checks, 'x.json');
    if (refused.ok) throw new Error('expected a problem');
    const atCheck = placeErrors(refused.errors, ['expect.0'], checks).atField.get('expect.0')!;
    expect(atCheck.join(' ')).toContain('“P(plan succeeds)” is a probability, from 0 to 1');
    expect(atCheck.join(' ')).not.toMatch(/(^|: )success is/);
  });

  test('a bad trials count, then a negative challenge count and a one-sided die: each at its field, as poolsim run says it', async () => {
    let s = defaultScenario();
    s = withValue(s, ['setup', 'challenges'], numberFromText('-1'));
    s = withValue(s, ['setup', 'participants', 0, 'dice'], ['d1']);
    s = withValue(s, ['trials'], numberFromText('many'));
    const path = file('heist.json', scenarioFileText(s));
    // A top-level problem stops the check before the setup is looked at, in the CLI too.
    const top = checkScenario(s, path);
    if (top.ok) throw new Error('expected a problem');
    expect(placeErrors(top.errors, fields).atField.get('trials')).toEqual(['expected a number, got "many"']);
    const cli = await poolsim('run', path, '--json');
    expect(cli.code).toBe(2);
    for (const e of top.errors) expect(cli.err).toContain(e.message);

    const fixed = withValue(s, ['trials'], 1000);
    const fixedPath = file('heist.json', scenarioFileText(fixed));
    const checked = checkScenario(fixed, fixedPath);
    if (checked.ok) throw new Error('expected a problem');
    const placed = placeErrors(checked.errors, fields);
    expect(placed.atField.get('setup.challenges')).toEqual(['expected a number ≥ 0, got -1']);
    expect(placed.atField.get('setup.participants.0.dice')).toEqual(['"d1" has 1 side: a die has 2 to 100 sides']);
    expect(placed.general).toEqual([]);
    const cli2 = await poolsim('run', fixedPath, '--json');
    expect(cli2.code).toBe(2);
    expect(checked.errors.map((e) => e.path)).toEqual(['setup.challenges', 'setup.participants.0.dice.0']);
    for (const e of checked.errors) expect(cli2.err).toContain(e.message);
  });

  test('Find\'s emptied boxes say they are empty, where the schema\'s words read got ""', () => {
    const s = { ...defaultScenario(), solve: [{ name: 'find', vary: 'setup.challenges', range: [0, ''], metric: 'success', atLeast: '' }] };
    const checked = checkScenario(s, 'x.json');
    if (checked.ok) throw new Error('expected a problem');
    const placed = placeErrors(checked.errors, [...fields, 'solve.0', 'solve.0.range.1', 'solve.0.atLeast']);
    expect(placed.atField.get('solve.0.atLeast')).toEqual(['expected a number: the box is empty']);
    expect(placed.atField.get('solve.0.range.1')).toEqual(['expected a number: the box is empty']);
    // The file's words are kept where no box shows the value (as poolsim run says them).
    expect(placeErrors(checked.errors, fields).general).toContain('x.json: solve.0.atLeast: expected a number, got ""');
  });

  test('a Find range end the setup refuses is named at that end, for the page to mark it alone (not the whole row)', () => {
    const findFields = [...fields, 'solve.0', 'solve.0.range', 'solve.0.range.0', 'solve.0.range.1', 'solve.0.atLeast'];
    const at = (range: unknown[]) => {
      const checked = checkScenario({ ...defaultScenario(), solve: [{ name: 'find', vary: 'setup.challenges', range, metric: 'success', atLeast: 0.5 }] }, 'x.json');
      if (checked.ok) throw new Error('expected a problem');
      return [...placeErrors(checked.errors, findFields).atField.keys()];
    };
    expect(at([-1, 3])).toEqual(['solve.0.range.0']);
    expect(at([-3, -1])).toEqual(['solve.0.range.0']);
    // The CLI says the same place.
    const checked = checkScenario({ ...defaultScenario(), solve: [{ name: 'find', vary: 'setup.challenges', range: [-1, 3], metric: 'success', atLeast: 0.5 }] }, 'x.json');
    expect(checked.ok ? [] : checked.errors.map((e) => e.message)).toEqual([expect.stringMatching(/^x\.json: solve\.0\.range\.0: setup\.challenges: expected a number ≥ 0, got -1 \(with setup\.challenges = -1\)/)]);
  });

  test('a problem deeper than any field goes to the nearest field above it; one no field owns is general', () => {
    let s = defaultScenario();
    s = withValue(s, ['setup', 'participants', 0, 'charm'], 3);
    s = withValue(s, ['colour'], 'red');
    const checked = checkScenario(s, 'x.json');
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    const placed = placeErrors(checked.errors, fields);
    expect(placed.general).toEqual(['x.json: colour: unknown field "colour": expected one of "name", "description", "system", "mechanic", "trials", "seed", "rules", "setup", "sweep", "expect", "solve"']);
    const again = checkScenario(withValue(s, ['colour'], undefined), 'x.json');
    if (again.ok) throw new Error('expected a problem');
    expect(placeErrors(again.errors, fields).atField.get('setup.participants.0')).toEqual(['unknown field "charm": expected one of "name", "count", "dice", "rattled", "removesChallenge"']);
  });

  test('an unknown-field problem carries the path of each field it names, for the remove buttons', () => {
    const problems = (s: unknown) => {
      const checked = checkScenario(s, 'x.json');
      if (checked.ok) throw new Error('expected a problem');
      return checked.errors.map((e) => [e.path, e.unknownKeys]);
    };
    // One alone names its own path; two in one object are one problem at the object.
    expect(problems(withValue(defaultScenario(), ['colour'], 'red'))).toEqual([['colour', ['colour']]]);
    const two = withValue(withValue(defaultScenario(), ['setup', 'participants', 0, 'charm'], 3), ['setup', 'participants', 0, 'guile'], 4);
    expect(problems(two)).toEqual([['setup.participants.0', ['setup.participants.0.charm', 'setup.participants.0.guile']]]);
    // Any other problem names none.
    expect(problems(withValue(defaultScenario(), ['trials'], 'many'))).toEqual([['trials', []]]);
  });

  test('a Sorcerer contest’s tries and retry penalty: the form has them after the sides, and their problems land there', async () => {
    const form = formFor('sorcerer', 'contest')!;
    expect(form.fields.map((f) => f.key)).toEqual(['die', 'a', 'b', 'tries', 'retryPenalty']);
    // The penalty's help quotes the rule it plays.
    expect(form.fields.find((f) => f.key === 'retryPenalty')!.help).toContain('“Repeating a task after failing -1”');
    let s = withValue(newScenario('sorcerer', 'contest'), ['setup', 'tries'], numberFromText('0'));
    s = withValue(s, ['trials'], 1000);
    const at = ['setup.tries', 'setup.retryPenalty'];
    const zero = checkScenario(s, 'contest.json');
    if (zero.ok) throw new Error('expected a problem');
    expect(placeErrors(zero.errors, at).atField.get('setup.tries')).toEqual(['expected a number ≥ 1, got 0']);
    // A penalty with no tries to repeat is refused at the penalty, in the CLI's words.
    const alone = withValue(withValue(s, ['setup', 'tries'], undefined), ['setup', 'retryPenalty'], 1);
    const checked = checkScenario(alone, 'contest.json');
    if (checked.ok) throw new Error('expected a problem');
    expect(placeErrors(checked.errors, at).atField.get('setup.retryPenalty')?.[0]).toMatch(/^a penalty for repeating a failed task needs "tries"/);
    const cli = await poolsim('run', file('contest.json', scenarioFileText(alone)), '--json');
    expect(cli.code).toBe(2);
    for (const e of checked.errors) expect(cli.err).toContain(e.problem);
    expect(checkScenario(withValue(alone, ['setup', 'tries'], 3), 'contest.json').ok).toBe(true);
  });

  test('a sweep path that does not exist is shown at its sweep row', () => {
    const s = { ...defaultScenario(), sweep: { 'setup.participants.5.count': [1, 2] } };
    const checked = checkScenario(s, 'x.json');
    if (checked.ok) throw new Error('expected a problem');
    const placed = placeErrors(checked.errors, [...fields, 'sweep.setup.participants.5.count']);
    expect(placed.atField.get('sweep.setup.participants.5.count')?.[0]).toMatch(/does not exist: "setup.participants" is a list of 2/);
  });
});

describe('sweeps as typed', () => {
  test('numbers, ranges, flags, named values and dice lists', () => {
    expect(parseSweepValues('1-8', 'number')).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(parseSweepValues('1, 3, 5', 'number')).toEqual([1, 3, 5]);
    expect(parseSweepValues('-2..1', 'number')).toEqual([-2, -1, 0, 1]);
    expect(parseSweepValues('4-2', 'number')).toEqual([4, 3, 2]);
    // Any range a sweep's list can hold is expanded (the grid's own cap is the scenario's
    // check); a longer one stays as typed, and the check says how long it is.
    expect(parseSweepValues('1-2000', 'number')).toHaveLength(2000);
    expect(parseSweepValues('1-2500', 'number')).toHaveLength(2500);
    expect(parseSweepValues('1-2501', 'number')).toEqual(['1-2501']);
    expect(parseSweepValues('-1, two', 'number')).toEqual([-1, 'two']);
    expect(parseSweepValues('false, true, maybe', 'flag')).toEqual([false, true, 'maybe']);
    expect(parseSweepValues('exact4, 4+', 'choice')).toEqual(['exact4', '4+']);
    expect(parseSweepValues('true, false', 'choice', [true, false])).toEqual([true, false]);
    expect(parseSweepValues('none | d4 | 2D4 d6', 'dice')).toEqual([[], ['d4'], ['2d4', 'd6']]);
    // Commas separate setups as in every other row ("e.g. 1, 2, 3"), not dice of one setup.
    expect(parseSweepValues('d4, d6', 'dice')).toEqual([['d4'], ['d6']]);
    expect(parseSweepValues('none, d4 d6, 2d4', 'dice')).toEqual([[], ['d4', 'd6'], ['2d4']]);
    expect(parseSweepValues('d4, d6 | 2d4', 'dice')).toEqual([['d4', 'd6'], ['2d4']]);
    expect(parseSweepValues('d6', 'dice')).toEqual([['d6']]);
    // A blank entry is kept blank, for the row to refuse (it was dropped without a word);
    // no dice is said with "none".
    expect(parseSweepValues('d4, d6,', 'dice')).toEqual([['d4'], ['d6'], '']);
    expect(parseSweepValues('d4, , d6', 'dice')).toEqual([['d4'], '', ['d6']]);
    expect(parseSweepValues('d4 | | none', 'dice')).toEqual([['d4'], '', []]);
    expect(parseSweepValues('', 'number')).toEqual([]);
    expect(parseSweepValues('  ', 'dice')).toEqual([]);
  });

  test('a blank item is refused at its row, saying which, never dropped ("1, , 3" ran 1 and 3 without a word)', () => {
    expect(parseSweepValues('1, , 3', 'number')).toEqual([1, '', 3]);
    expect(parseSweepValues('1, 2,', 'number')).toEqual([1, 2, '']);
    expect(parseSweepValues('a, , b', 'text')).toEqual(['a', '', 'b']);
    expect(parseSweepValues('d4, , d6', 'die')).toEqual(['d4', '', 'd6']);
    expect(parseSweepValues('true, ', 'flag')).toEqual([true, '']);
    for (const [path, values, said] of [
      ['setup.challenges', parseSweepValues('1, , 3', 'number'), 'item 2 of 3 is blank'],
      ['setup.challenges', parseSweepValues(', 2,', 'number'), 'items 1 and 3 of 3 are blank'],
      ['setup.participants.0.dice', parseSweepValues('d4, , d6', 'dice'), 'item 2 of 3 is blank'],
    ] as const) {
      const scenario = { ...defaultScenario(), sweep: { [path]: values } };
      const checked = checkScenario(scenario, 'x.json');
      expect(checked.ok, path).toBe(false);
      if (checked.ok) continue;
      const problems = placeErrors(checked.errors, [`sweep.${path}`], scenario).atField.get(`sweep.${path}`);
      expect(problems, path).toEqual([`${said} (nothing between its commas, or after the last): type a value there, or take its comma out`]);
    }
  });

  test('dice typed in capitals are read in lower case, and the row says so ("D6" became "d6" without a word)', () => {
    expect(parseSweepValues('D4, 2D6 d8', 'dice')).toEqual([['d4'], ['2d6', 'd8']]);
    expect(sweepReadings('D4, 2D6 d8', 'dice')).toBe('Read “D4” as “d4” and “2D6” as “2d6”: dice are written in lower case, as the file has them.');
    expect(sweepReadings('D4 | d4', 'dice')).toBe('Read “D4” as “d4”: dice are written in lower case, as the file has them.');
    expect(sweepReadings('D6, d8', 'die')).toBe('Read “D6” as “d6”: dice are written in lower case, as the file has them.');
    expect(sweepReadings('d4, d6', 'dice')).toBeUndefined();
    expect(sweepReadings('1, 2', 'number')).toBeUndefined();
    expect(sweepReadings('A, B', 'text')).toBeUndefined();
  });

  test('formatting reads back to the same values', () => {
    for (const [values, kind] of [
      [[1, 2, 3, 4], 'number'],
      [[1, 3, 5], 'number'],
      [[false, true], 'flag'],
      [[[], ['d4'], ['2d4', 'd6']], 'dice'],
      [['exact4', '4+'], 'choice'],
    ] as const) {
      expect(parseSweepValues(formatSweepValues(values, kind), kind)).toEqual(values);
    }
    expect(formatSweepValues([1, 2, 3, 4, 5, 6, 7, 8], 'number')).toBe('1-8');
    expect(formatSweepValues([[], ['d4']], 'dice')).toBe('none | d4');
  });
});

describe('links and files', () => {
  test('a link holds the scenario and the compare change, names in any script included', () => {
    const scenario = { ...defaultScenario(), name: 'Gaunerei — “Überfall” 🎲' };
    const compare = { path: 'setup.challenges', value: 4 };
    const hash = encodeLink({ scenario, compare });
    expect(hash).toMatch(/^#s=[A-Za-z0-9_-]+&c=[A-Za-z0-9_-]+$/);
    expect(decodeLink(hash)).toEqual({ scenario, compare });
    expect(decodeLink(encodeLink({ scenario }))).toEqual({ scenario });
    expect(decodeLink('')).toBeUndefined();
    expect(decodeLink(hash.slice(0, 30))).toHaveProperty('problem');
    // A comparison that is read as JSON but names nothing to change is not dropped unsaid.
    const noPath = encodeLink({ scenario }).replace(/$/, `&c=${Buffer.from(JSON.stringify({ value: 3 })).toString('base64url')}`);
    expect(decodeLink(noPath)).toEqual({ problem: "the link's comparison (c=) holds no path to change" });
    // Nor one changing what the comparison sets itself (B's seed, its trials).
    for (const path of ['seed', 'trials']) {
      const own = encodeLink({ scenario }).replace(/$/, `&c=${Buffer.from(JSON.stringify({ path, value: 10 })).toString('base64url')}`);
      expect(decodeLink(own)).toEqual({ problem: `the link's comparison (c=) changes "${path}": Compare changes a setup field or a rule (B runs A's trials on its own seed)` });
    }
    expect(decodeLink('#s=' + Buffer.from('[1,2]').toString('base64url'))).toEqual({ problem: 'the link holds no scenario object' });
    // From an audit of the page: a broken comparison was said to be the setup; an empty s= was no link at all.
    const good = encodeLink({ scenario });
    expect(decodeLink(`${good}&c=bm90IGpzb24`)).toMatchObject({ problem: expect.stringMatching(/^the link's comparison \(c=\) cannot be read/) });
    expect(decodeLink('#s=')).toEqual({ problem: "the link's setup (s=) is empty; it may have been cut short" });
    // Parameters the page never writes were ignored without a word.
    expect(decodeLink(`${good}&trials=5`)).toEqual({ problem: 'the link holds "trials=", which the page never writes: expected s= (the setup), at most one c= (the comparison) and at most one at= (a part of the page to go to)' });
    expect(decodeLink(`${good}&${good.slice(1)}`)).toEqual({ problem: 'the link holds s= more than once, which the page never writes: expected s= (the setup), at most one c= (the comparison) and at most one at= (a part of the page to go to)' });
    const proto = encodeLink({ scenario, compare: { path: 'setup.__proto__.polluted', value: 1 } });
    expect(decodeLink(proto)).toEqual({ problem: 'the link\'s comparison (c=) changes "setup.__proto__.polluted": "__proto__" cannot be a field name' });
  });

  test('a downloaded scenario opens as the same scenario, and poolsim run accepts it unchanged', async () => {
    const scenario = { ...defaultScenario(), trials: 2000, sweep: { 'setup.challenges': [1, 2] }, expect: [{ metric: 'success', atLeast: 0 }] };
    const text = scenarioFileText(scenario);
    const opened = readOpenedFile(text, scenarioFileName(scenario));
    expect(opened).toEqual({ kind: 'scenario', file: 'knavery-a-3-person-heist.json', scenario });
    const cli = await poolsim('run', file(scenarioFileName(scenario), text), '--json');
    expect(cli.err).toBe('');
    expect(cli.code).toBe(0);
    expect(JSON.parse(cli.out).results).toHaveLength(2);
  });

  test('YAML scenarios open too', () => {
    const opened = readOpenedFile('name: x\nsystem: viciousness\nmechanic: discovery\nsetup:\n  value: 2\n', 'x.yaml');
    expect(opened).toEqual({ kind: 'scenario', file: 'x.yaml', scenario: { name: 'x', system: 'viciousness', mechanic: 'discovery', setup: { value: 2 } } });
  });

  test('a report’s results.json (or poolsim’s list of results) opens as results', () => {
    const result = runPlan(planScenario({ ...defaultScenario(), trials: 1000 }, 'x.json'));
    const one = readOpenedFile(JSON.stringify(result, null, 2), 'results.json');
    expect(one.kind).toBe('results');
    if (one.kind === 'results') expect(one.results).toEqual([result]);
    const two = readOpenedFile(JSON.stringify([result, result]), 'all.json');
    expect(two.kind === 'results' && two.results.length).toBe(2);
    // A scenario with a stray `results` key is still a scenario (the CLI refuses the key).
    const stray = readOpenedFile(JSON.stringify({ ...defaultScenario(), results: [] }), 'stray.json');
    expect(stray.kind).toBe('scenario');
    const broken = structuredClone(result) as any;
    broken.results[0].metrics.success.estimate = 'high';
    expect(readOpenedFile(JSON.stringify(broken), 'results.json')).toEqual({
      kind: 'unreadable',
      file: 'results.json',
      message: 'results.json: not a result JSON: results.0.metrics.success: expected {"estimate": number, "ci95": [low, high]}',
    });
  });

  test('a file poolsim run refuses is refused by Open file in the same words (an audit of the page)', async () => {
    // Latin-1 and UTF-16 bytes: the page's File.text() made "Caf\ufffd heist" and ran it.
    const latin1 = Uint8Array.from(Buffer.from('{"name": "Caf\xe9 heist"}', 'latin1'));
    expect(() => decodeUtf8(latin1)).toThrow(NotUtf8);
    expect(() => decodeUtf8(latin1)).toThrow('is not UTF-8 text (line 1 holds bytes UTF-8 does not allow');
    const utf16 = Uint8Array.from([0xff, 0xfe, 0x7b, 0x00, 0x7d, 0x00]);
    expect(() => decodeUtf8(utf16)).toThrow('is UTF-16 text (it begins with a UTF-16 byte order mark): expected UTF-8');
    const cli = await poolsim('run', file('latin1.json', Buffer.from(JSON.stringify({ ...defaultScenario(), name: 'Caf\xe9 heist' }), 'latin1') as never));
    expect(cli.code).toBe(2);
    expect(cli.err).toContain('is not UTF-8 text (line 1 holds bytes UTF-8 does not allow');
    // Empty, or only YAML comments: "the file is empty", as the command says, not "not valid JSON".
    for (const [text, name] of [['', 'e.json'], ['  \n', 'e.json'], ['# a note\n', 'e.yaml']]) {
      expect(readOpenedFile(text, name)).toEqual({ kind: 'unreadable', file: name, message: `${name}: (top level): the file is empty: expected a scenario (name, system, mechanic, setup…)` });
    }
    // A shard's part file: said to be one, not a scenario with six unknown fields.
    const part = readOpenedFile(JSON.stringify({ format: 'poolsim-part', version: 1 }), 'part.json');
    expect(part.kind === 'unreadable' && part.message).toMatch(/^part\.json: \(top level\): a part file of a sharded run/);
    // A result whose figures poolsim never writes (edited): refused as poolsim diff refuses it.
    const result = runPlan(planScenario({ ...defaultScenario(), trials: 1000 }, 'x.json'));
    const edited = structuredClone(result) as any;
    edited.results[0].metrics.success.estimate = 0.99;
    const outside = readOpenedFile(JSON.stringify(edited), 'results.json');
    expect(outside.kind === 'unreadable' && outside.message).toMatch(/^results\.json: not a result JSON: results\.0\.metrics\.success: 0\.99 lies outside its own ci95/);
    edited.results[0].metrics.success = { estimate: 5, ci95: [4, 6], kind: 'probability' };
    const five = readOpenedFile(JSON.stringify(edited), 'results.json');
    expect(five.kind === 'unreadable' && five.message).toContain('a probability of 5: expected figures within [0, 1]');
    edited.results[0].metrics.success = { estimate: 0.5, ci95: [0.4, 0.6], kind: 'banana' };
    const banana = readOpenedFile(JSON.stringify(edited), 'results.json');
    expect(banana.kind === 'unreadable' && banana.message).toContain('results.0.metrics.success: kind "banana": expected "probability" or "mean"');
  });

  test('a result that carries its setup gives back a scenario that runs to the same numbers', () => {
    // A two-axis sweep with a failing check: the sweep is read off the points, the check's verdict dropped.
    const scenario = {
      name: 'grid', system: 'viciousness', mechanic: 'knavery', trials: 500, seed: 'g',
      setup: { challenges: 2, participants: [{ name: 'crew', count: 2 }] },
      sweep: { 'setup.participants.0.count': [1, 3], 'setup.challenges': [2, 1, 4] },
      expect: [{ metric: 'success', point: { 'setup.challenges': 4, 'setup.participants.0.count': 1 }, atLeast: 0.9, why: 'fails' }],
    };
    const result = runPlan(planScenario(scenario, 'grid.json'));
    expect(result.expect[0]!.pass).toBe(false);
    const back = scenarioOfResult(result)!;
    expect(back.sweep).toEqual(scenario.sweep);
    expect(back.expect).toEqual(scenario.expect);
    expect(back.setup).toEqual(scenario.setup);
    expect(runPlan(planScenario(back, 'back.json'))).toEqual(result);
    // Not from a file without its setup, nor from a --precision run.
    const { setup: _setup, ...older } = result;
    expect(scenarioOfResult(older)).toBeUndefined();
    expect(scenarioOfResult({ ...result, precision: 0.01 })).toBeUndefined();
  });

  test('an unreadable file says why, with the line and column poolsim run gives', async () => {
    const text = '{ "name": "bad", "system": "vdp", ';
    const opened = readOpenedFile(text, 'broken.json');
    expect(opened.kind).toBe('unreadable');
    const cli = await poolsim('run', file('broken.json', text));
    expect(cli.code).toBe(2);
    if (opened.kind === 'unreadable') {
      expect(opened.message).toMatch(/^broken\.json: line 1, column \d+: not valid JSON: /);
      expect(cli.err).toContain(opened.message.replace('broken.json', join(dir, 'broken.json')));
    }
    expect(readOpenedFile('[1, 2]', 'list.json')).toMatchObject({ kind: 'unreadable', message: expect.stringContaining('expected a scenario') });
    expect(readOpenedFile('name: [unclosed', 'bad.yaml')).toMatchObject({ kind: 'unreadable', message: expect.stringMatching(/^bad\.yaml: line 1, column \d+: not valid YAML/) });
  });
});

describe('compare: B is A with one change, on a seed of its own', () => {
  test('B has the change, B’s name and seed, and nothing else differs', () => {
    const a = defaultScenario();
    const b = scenarioB(a, { path: 'setup.participants.0.dice', value: ['d4'] });
    expect(getAt(b, ['setup', 'participants', 0, 'dice'])).toEqual(['d4']);
    expect(b.seed).toBe('1 / B');
    expect(seedOfB(undefined)).toBe('0 / B');
    expect({ ...b, name: a.name, seed: a.seed, setup: a.setup }).toEqual(a);
    expect(getAt(a, ['setup', 'participants', 0, 'dice'])).toEqual(['d6']);
  });

  test('the difference of two proportions has Newcombe’s hybrid score interval (his example: 56/70 − 48/80)', () => {
    // Newcombe (1998), Stat Med 17:873–890, Table II, example (a), method 10: 0.0524 to 0.3339.
    const d = difference(wilson(48, 80), wilson(56, 70));
    expect(d.estimate).toBeCloseTo(0.2, 12);
    expect(d.ci95[0]).toBeCloseTo(0.0524, 4);
    expect(d.ci95[1]).toBeCloseTo(0.3339, 4);
    expect(d.exact).toBeUndefined();
  });

  test('for means the interval is the usual √(hA² + hB²), and exact differences are exact', () => {
    const d = difference({ estimate: 2, ci95: [1.7, 2.3], exact: 2 }, { estimate: 3, ci95: [2.6, 3.4], exact: 3.1 });
    expect(d.estimate).toBe(1);
    expect(d.ci95[0]).toBeCloseTo(1 - 0.5, 12);
    expect(d.ci95[1]).toBeCloseTo(1 + 0.5, 12);
    expect(d.exact).toBeCloseTo(1.1, 12);
  });
});

describe('removing an item moves the paths that name later items with them', () => {
  test('the Compare change, Vary rows and Find questions follow their participant; those about the one removed are left out, said', async () => {
    const { removeItem, pathAfterRemoval } = await import('../dashboard/model/removal.ts');
    expect(pathAfterRemoval('setup.participants.2.count', ['setup', 'participants'], 1)).toBe('setup.participants.1.count');
    expect(pathAfterRemoval('setup.participants.1.count', ['setup', 'participants'], 1)).toBeNull();
    expect(pathAfterRemoval('setup.participants.0.count', ['setup', 'participants'], 1)).toBe('setup.participants.0.count');
    expect(pathAfterRemoval('setup.challenges', ['setup', 'participants'], 1)).toBe('setup.challenges');
    expect(pathAfterRemoval('setup.participants.10.dice', ['setup', 'participants'], 1)).toBe('setup.participants.9.dice');
    const scenario = {
      ...defaultScenario(),
      setup: { challenges: 2, participants: [{ name: 'captain' }, { name: 'minion', count: 2 }, { name: 'thief', dice: ['d8'] }] },
      sweep: { 'setup.participants.2.count': [1, 2], 'setup.participants.1.count': [1, 3] },
      solve: [{ name: 'thieves', vary: 'setup.participants.2.count', range: [0, 3], metric: 'success', target: 0.5 }],
    };
    // Removing the minion: the thief's Compare change, Vary row and Find question move up with it.
    const noMinion = removeItem(scenario, ['setup', 'participants'], 1, { path: 'setup.participants.2.count', value: 3 });
    expect(noMinion.compare).toEqual({ path: 'setup.participants.1.count', value: 3 });
    expect(noMinion.scenario.sweep).toEqual({ 'setup.participants.1.count': [1, 2] });
    expect((noMinion.scenario.solve as { vary: string }[])[0]!.vary).toBe('setup.participants.1.count');
    expect(noMinion.dropped).toEqual(['the Vary row setup.participants.1.count']);
    expect(checkScenario(noMinion.scenario, 'k.json').ok).toBe(true);
    // Removing the thief the comparison was about: no phantom participant in B, said instead.
    const noThief = removeItem(scenario, ['setup', 'participants'], 2, { path: 'setup.participants.2.dice', value: ['d8', 'd4'] });
    expect(noThief.compare).toBeUndefined();
    expect(noThief.dropped).toEqual(['the Compare change of setup.participants.2.dice', 'the Vary row setup.participants.2.count', 'the Find question "thieves" (setup.participants.2.count)']);
    expect(noThief.scenario.solve).toBeUndefined();
  });

  test('an expect check’s point follows its swept path; one at a Vary row left out goes with it, said (a review: the points stayed behind)', async () => {
    const { removeItem } = await import('../dashboard/model/removal.ts');
    const scenario = {
      ...defaultScenario(),
      setup: { challenges: 2, participants: [{ name: 'captain' }, { name: 'minion', count: 2 }, { name: 'thief', count: 1 }] },
      sweep: { 'setup.participants.2.count': [1, 2], 'setup.participants.1.count': [1, 3] },
      expect: [
        { metric: 'success', point: { 'setup.participants.2.count': 2, 'setup.participants.1.count': 3 }, atLeast: 0.1 },
        { metric: 'success', point: { 'setup.participants.2.count': 1 }, atMost: 0.9 },
        { metric: 'success', atLeast: 0 },
      ],
    };
    const noMinion = removeItem(scenario, ['setup', 'participants'], 1, undefined);
    expect(noMinion.scenario.expect).toEqual([
      { metric: 'success', point: { 'setup.participants.1.count': 1 }, atMost: 0.9 },
      { metric: 'success', atLeast: 0 },
    ]);
    expect(noMinion.dropped).toEqual(['the Vary row setup.participants.1.count', 'the expect check (success)']);
    expect(checkScenario(noMinion.scenario, 'k.json').ok).toBe(true);
  });

  test('a Find question’s sameAs paths follow their item too; one about the item removed leaves the question out, said', async () => {
    const { removeItem } = await import('../dashboard/model/removal.ts');
    const scenario = {
      ...newScenario('viciousness', 'clash'),
      setup: {
        sides: [
          { name: 'us', combatants: [{ name: 'captain', dice: [] }, { name: 'minion', count: 2 }] },
          { name: 'them', combatants: [{ name: 'captain', dice: ['d6'] }, { name: 'minion', count: 2 }] },
        ],
      },
      solve: [{ name: 'd4s worth a d6', vary: 'setup.sides.0.combatants.0.dice', values: [[], ['d4']], metric: 'top.us', sameAs: { 'setup.sides.1.combatants.0.dice': ['d8'] } }],
    };
    // Removing them › captain: sameAs would otherwise ask of them › minion.
    const noCaptain = removeItem(scenario, ['setup', 'sides', 1, 'combatants'], 0, undefined);
    expect(noCaptain.dropped).toEqual(['the Find question "d4s worth a d6" (sameAs setup.sides.1.combatants.0.dice)']);
    expect(noCaptain.scenario.solve).toBeUndefined();
    // Removing side "them": the same.
    const noThem = removeItem(scenario, ['setup', 'sides'], 1, undefined);
    expect(noThem.dropped).toEqual(['the Find question "d4s worth a d6" (sameAs setup.sides.1.combatants.0.dice)']);
    // A side before it removed: the sameAs path moves up with its side, its value kept.
    const three = { ...scenario, setup: { sides: [{ name: 'extra', combatants: [{ name: 'x' }] }, ...scenario.setup.sides] }, solve: [{ ...scenario.solve[0]!, vary: 'setup.sides.1.combatants.0.dice', sameAs: { 'setup.sides.2.combatants.0.dice': ['d8'] } }] };
    const noExtra = removeItem(three, ['setup', 'sides'], 0, undefined);
    expect(noExtra.dropped).toEqual([]);
    expect(noExtra.scenario.solve).toEqual([{ ...scenario.solve[0]!, vary: 'setup.sides.0.combatants.0.dice', sameAs: { 'setup.sides.1.combatants.0.dice': ['d8'] } }]);
  });
});

describe('switching what is rolled keeps what both mechanics have', () => {
  /** Switches as the page makes them (dashboard/ui/app.ts): its memory of each mechanic left, and the untouched setup. */
  const asThePage = (start: Record<string, unknown>) => {
    const memory = new Map<string, Record<string, unknown>>();
    let current = start;
    let untouched: Record<string, unknown> | undefined;
    return {
      current: () => current,
      edit: (scenario: Record<string, unknown>) => (current = scenario),
      go: (to: string) => {
        memory.set(String(current.mechanic), current);
        const out = switchMechanic(current, current.system as never, to, undefined, memory.get(to), untouched);
        current = out.scenario;
        untouched = out.untouched;
        return out;
      },
    };
  };
  test('every typed value a switch leaves behind is said, where the new mechanic has no such field at all (knavery challenges 5 → clash went without a word)', async () => {
    const { switchMechanic } = await import('../dashboard/model/switch.ts');
    const switched = (from: [string, string], path: (string | number)[], value: unknown, to: [string, string]) => {
      const old = withValue(newScenario(from[0] as never, from[1]), path, value) as Record<string, unknown>;
      const out = switchMechanic(old, to[0] as never, to[1], undefined);
      return { out, words: out.dropped.map((d) => droppedWords(d, old)) };
    };
    const clash = switched(['viciousness', 'knavery'], ['setup', 'challenges'], 5, ['viciousness', 'clash']);
    expect(clash.out.dropped).toEqual(["the setup's challenges"]);
    expect(clash.words).toEqual(["the setup's “challenges”"]);
    // A risky check has no target: it ran its own successTarget 12 where 7 had been typed.
    const risky = switched(['vdp', 'check'], ['setup', 'target'], 7, ['vdp', 'risky']);
    expect(risky.out.dropped).toEqual(["the setup's target"]);
    // Only what was typed, inside a list the new mechanic lacks: one attribute, not every character.
    const round = switched(['vdp', 'combat'], ['setup', 'characters', 0, 'attack', 'attribute'], 5, ['vdp', 'contestRound']);
    expect(round.out.dropped).toEqual(["the setup's characters.0.attack.attribute"]);
    expect(round.words[0]).toMatch(/^the setup's “.*attack.*”$/);
    // Each once: a side's flee the clash lacks, in a setup whose count the clash refuses too,
    // was named twice (a review).
    const battle = withValue(withValue(newScenario('viciousness', 'battle'), ['setup', 'sides', 0, 'flee'], 'never'), ['setup', 'sides', 1, 'combatants', 0, 'count'], 100000) as Record<string, unknown>;
    const lost = switchMechanic(battle, 'viciousness', 'clash', undefined).dropped;
    expect(lost).toContain("the setup's sides.0.flee");
    expect(lost.length).toBe(new Set(lost).size);
    // The template as it was, untouched: nothing typed, nothing said.
    expect(switchMechanic(newScenario('viciousness', 'knavery'), 'viciousness', 'clash', undefined).dropped).toEqual([]);
    expect(switchMechanic(defaultScenario(), 'vdp', 'risky', undefined).dropped).toEqual([]);
  });

  test('a clash’s sides, rules and compare become the battle’s; a battle side’s flee is left out of a clash', async () => {
    const { switchMechanic } = await import('../dashboard/model/switch.ts');
    let clash = newScenario('viciousness', 'clash');
    clash = withValue(clash, ['setup', 'sides', 0, 'name'], 'raiders');
    clash = withValue(clash, ['setup', 'sides', 0, 'bonus'], ['d4']);
    clash = withValue(clash, ['rules', 'hitOn'], '4+');
    clash = withValue(clash, ['trials'], 1234);
    const change = { path: 'setup.sides.0.combatants.0.dice', value: ['d6'] };
    const battle = switchMechanic(clash, 'viciousness', 'battle', change);
    expect(battle.scenario.mechanic).toBe('battle');
    expect(getAt(battle.scenario, ['setup', 'sides'])).toEqual(getAt(clash, ['setup', 'sides']));
    expect(battle.scenario.rules).toEqual({ hitOn: '4+' });
    expect(battle.scenario.trials).toBe(1234);
    expect(battle.compare).toEqual(change);
    expect(checkScenario(battle.scenario, 'battle.json').ok).toBe(true);

    // Set after the switch, to the battle template's own value: still the designer's (the
    // setup the battle started from, carried from the clash, had none), so named below.
    const fleeing = withValue(battle.scenario, ['setup', 'sides', 1, 'flee'], 'lostHalf');
    const back = switchMechanic(fleeing, 'viciousness', 'clash', undefined, undefined, battle.untouched);
    expect(getAt(back.scenario, ['setup', 'sides', 0, 'name'])).toBe('raiders');
    expect(getAt(back.scenario, ['setup', 'sides', 1, 'flee'])).toBeUndefined();
    // Said (an audit of the page: it went without a word).
    expect(back.dropped).toEqual(["the setup's sides.1.flee"]);
    expect(checkScenario(back.scenario, 'clash.json').ok).toBe(true);

    // Nothing in common: the new mechanic's own template, rules of another system dropped.
    const contest = switchMechanic(clash, 'sorcerer', 'contest', change);
    expect(contest.scenario.setup).toEqual(newScenario('sorcerer', 'contest').setup);
    expect(contest.scenario.rules).toEqual({});
    expect(contest.compare).toBeUndefined();
    // What was typed into the sides, which a contest has not at all, is said too.
    expect(contest.dropped).toEqual(["the setup's sides.0.name", "the setup's sides.0.bonus", 'the Compare change of setup.sides.0.combatants.0.dice']);

    // The checks, bands on the old mechanic's figures, are left behind and said (an audit
    // of the page: they went without a word).
    const checked = { ...clash, expect: [{ metric: 'top.raiders', atLeast: 0.3 }, { metric: 'top.raiders', atMost: 0.9 }] };
    const switched = switchMechanic(checked, 'viciousness', 'battle', undefined);
    expect(switched.scenario.expect).toBeUndefined();
    expect(switched.dropped).toContain('the 2 expect checks (top.raiders)');
    // Said on the page by the metric's label in the setup it was set in, as its pickers named it.
    const { metricsOf } = await import('../dashboard/model/metrics.ts');
    const labels = new Map(metricsOf(checked).map((m) => [m.name, m.label]));
    expect(labels.get('top.raiders')).toBeDefined();
    expect(droppedWords('the 2 expect checks (top.raiders)', checked as Record<string, unknown>, (m) => labels.get(m) ?? m)).toBe(`the 2 expect checks on “${labels.get('top.raiders')}”`);
  });

  test('switching back to the mechanic switched away from brings back its Find questions (their expect too) and expect checks, said; without it they stayed lost', () => {
    const heist = parseYaml(readFileSync(new URL('../scenarios/solve-heist.yaml', import.meta.url), 'utf8')) as Record<string, unknown>;
    const checked = { ...heist, expect: [{ metric: 'success', atLeast: 0.1 }] };
    const battle = switchMechanic(checked, 'viciousness', 'battle', undefined);
    expect(battle.scenario.solve).toBeUndefined();
    // Back with no memory of the heist: nothing to bring back (as before).
    expect(switchMechanic(battle.scenario, 'viciousness', 'knavery', undefined).scenario.solve).toBeUndefined();
    const back = switchMechanic(battle.scenario, 'viciousness', 'knavery', undefined, checked);
    expect(back.scenario.solve).toEqual(heist.solve);
    expect(back.scenario.expect).toEqual(checked.expect);
    expect(back.notes).toEqual(['the Find question "even heist" is back as it was on “Knavery: a plan”', 'the Find question "favoured heist" is back as it was on “Knavery: a plan”', 'the expect check set on “Knavery: a plan” is back']);
    expect(checkScenario(back.scenario, 'heist.json').ok).toBe(true);
    // A memory of another mechanic brings nothing.
    expect(switchMechanic(battle.scenario, 'viciousness', 'clash', undefined, checked).notes).toEqual([]);
  });

  test('back on a Sorcerer contest from a conflict, its setup is as it was there: the tries its Find questions ask of come back, and the questions with them (a dashboard audit: they went without a word)', () => {
    const keepTrying = parseYaml(readFileSync(new URL('../scenarios/sorcerer-keep-trying.yaml', import.meta.url), 'utf8')) as Record<string, unknown>;
    const conflict = switchMechanic(keepTrying, 'sorcerer', 'conflict', undefined);
    expect(conflict.scenario.solve).toBeUndefined();
    const back = switchMechanic(conflict.scenario, 'sorcerer', 'contest', undefined, keepTrying);
    expect((back.scenario.setup as Record<string, unknown>).tries).toEqual((keepTrying.setup as Record<string, unknown>).tries);
    expect(back.scenario.solve).toEqual(keepTrying.solve);
    expect(back.notes.filter((n) => n.startsWith('the Find question'))).toHaveLength((keepTrying.solve as unknown[]).length);
    // Its Vary rows and expect checks too (they went without a word).
    expect(back.scenario.sweep).toEqual(keepTrying.sweep);
    // Said in the form's words, as the Compare change's note is (it said `setup.…`).
    const varyNotes = back.notes.filter((n) => n.startsWith('the Vary row'));
    expect(varyNotes).toHaveLength(Object.keys(keepTrying.sweep as object).length);
    for (const n of varyNotes) expect(n).toMatch(/^the Vary row “[^”]+” is back as it was on “Contest: one opposed roll”$/);
    expect(back.scenario.expect).toEqual(keepTrying.expect);
    expect(checkScenario(back.scenario, 'keep-trying.json').ok).toBe(true);
    // A question that cannot come back is said, with why (here one asking of a metric the
    // contest has not).
    const [first] = keepTrying.solve as Record<string, unknown>[];
    const memory = { ...keepTrying, solve: [{ ...first, metric: 'retry.nope' }] };
    const refused = switchMechanic(conflict.scenario, 'sorcerer', 'contest', undefined, memory);
    expect(refused.scenario.solve).toBeUndefined();
    expect(refused.notes.some((n) => /^the Find question "[^"]+" set on “Contest: one opposed roll” cannot come back: solve\.0/.test(n))).toBe(true);
  });

  test('a conflict to a contest and back, nothing touched: the conflict\'s own fighters again, no contest dice as attack dice, nothing named as left behind on the next way out (a review)', () => {
    const page = asThePage(newScenario('sorcerer', 'conflict'));
    const go = page.go;
    go('contest');
    const back = go('conflict');
    // The contest's untouched dice 4 and 3 were the fighters' attack dice (0.761 against 0.671).
    expect(back.scenario.setup).toEqual(newScenario('sorcerer', 'conflict').setup);
    expect([back.dropped, back.notes]).toEqual([[], []]);
    // Out again: the conflict's untouched stamina, will and weapon were named as left behind.
    expect(go('contest').dropped).toEqual([]);
    // Typed on the conflict, it is named, on every way out.
    page.edit(withValue(go('conflict').scenario, ['setup', 'a', 'stamina'], 6) as Record<string, unknown>);
    expect(go('contest').dropped).toEqual(["the setup's a.stamina"]);
    expect(getAt(go('conflict').scenario, ['setup', 'a', 'stamina'])).toBe(6);
    expect(go('contest').dropped).toEqual(["the setup's a.stamina"]);
  });

  test('a battle to a clash and back: each side\'s flee comes back as it was (the guards\' "lostHalf" was lost, and they fled at the default: a review); typed, it is named on the way out each time', () => {
    const page = asThePage(newScenario('viciousness', 'battle'));
    const go = page.go;
    expect(getAt(page.current(), ['setup', 'sides', 1, 'flee'])).toBe('lostHalf');
    expect(go('clash').dropped).toEqual([]);
    expect(getAt(go('battle').scenario, ['setup', 'sides', 1, 'flee'])).toBe('lostHalf');
    expect(go('clash').dropped).toEqual([]);
    go('battle');
    page.edit(withValue(page.current(), ['setup', 'sides', 1, 'flee'], 'never') as Record<string, unknown>);
    expect(go('clash').dropped).toEqual(["the setup's sides.1.flee"]);
    expect(getAt(go('battle').scenario, ['setup', 'sides', 1, 'flee'])).toBe('never');
    expect(go('clash').dropped).toEqual(["the setup's sides.1.flee"]);
  });

  test('a single value nobody touched stays the new template\'s (a basic check\'s modifier 3 became a risky check\'s, whose own is 4: a review); typed, or asked of by a Vary row, it goes along', () => {
    const check = newScenario('vdp', 'check');
    expect(switchMechanic(check, 'vdp', 'risky', undefined).scenario.setup).toEqual(newScenario('vdp', 'risky').setup);
    expect(getAt(switchMechanic(withValue(check, ['setup', 'modifier'], 5) as Record<string, unknown>, 'vdp', 'risky', undefined).scenario, ['setup', 'modifier'])).toBe(5);
    const swept = { ...check, sweep: { 'setup.modifier': [1, 2, 3] } };
    const withRow = switchMechanic(swept, 'vdp', 'risky', undefined);
    expect(getAt(withRow.scenario, ['setup', 'modifier'])).toBe(3);
    expect(withRow.scenario.sweep).toEqual(swept.sweep);
  });

  test('back on a mechanic through others, what they left untouched is as the page left it here: a campaign of no rivals stays so, typed names come back, and so does a rule the other did not play (a review)', () => {
    const page = (start: Record<string, unknown>) => asThePage(start).go;
    // A campaign of no rivals, by way of the rivals mechanic: its template's countess stayed (rank.final 2.60 against 2.87).
    const coins = parseYaml(readFileSync(new URL('../scenarios/coin-buys-points.yaml', import.meta.url), 'utf8')) as Record<string, unknown>;
    const campaign = page(coins);
    campaign('rivals');
    const back = campaign('campaign');
    expect((back.scenario.setup as Record<string, unknown>).rivals).toBeUndefined();
    expect(back.scenario.setup).toEqual(coins.setup);
    // …and by way of a clash, which has no rivals field at all (a review: its 5 checks failed).
    const viaClash = page(coins);
    viaClash('clash');
    expect(viaClash('campaign').scenario.setup).toEqual(coins.setup);
    // A combat's maxRounds 30, through a basic check and a contest round (which has the field but never held it): back, not the default 50.
    const matrix = JSON.parse(readFileSync(new URL('../scenarios/vdp-combat-allocation-matrix.json', import.meta.url), 'utf8')) as Record<string, unknown>;
    const combat = page(matrix);
    combat('check');
    combat('contestRound');
    expect(getAt(combat('combat').scenario, ['setup', 'maxRounds'])).toBe(30);
    // Names typed on an opposed check, by way of a basic check and a contest round: they came back as Ana and Bo.
    let opposed = withValue(newScenario('vdp', 'opposed'), ['setup', 'a', 'name'], 'Hero') as Record<string, unknown>;
    opposed = withValue(opposed, ['setup', 'b', 'name'], 'Villain') as Record<string, unknown>;
    const vdp = page(opposed);
    vdp('check');
    vdp('contestRound');
    const home = vdp('opposed');
    expect([getAt(home.scenario, ['setup', 'a', 'name']), getAt(home.scenario, ['setup', 'b', 'name'])]).toEqual(['Hero', 'Villain']);
    // A contest's repeatPenalty "flat", left behind on a conflict, comes back with the checks measured under it.
    const flat = parseYaml(readFileSync(new URL('../scenarios/sorcerer-keep-trying-flat.yaml', import.meta.url), 'utf8')) as Record<string, unknown>;
    const sorcerer = page(flat);
    expect(sorcerer('conflict').dropped).toContain('the rule repeatPenalty');
    const again = sorcerer('contest');
    expect(again.scenario.rules).toEqual(flat.rules);
    expect(again.notes).toContain('the rule “the penalty for repeating a failed task” is back as it was on “Contest: one opposed roll”');
    expect(again.scenario.expect).toEqual(flat.expect);
  });

  test('a rule the new mechanic does not play, written at its default, is left behind unsaid; at another value, said (a battle\'s medicReach "one" went on in a clash\'s file, shown by no field: a dashboard audit)', () => {
    const battle = { ...newScenario('viciousness', 'battle'), rules: { medicReach: 'one', hitOn: '4+' } };
    const clash = switchMechanic(battle, 'viciousness', 'clash', undefined);
    expect(clash.scenario.rules).toEqual({ hitOn: '4+' });
    expect(clash.dropped).toEqual([]);
    const all = switchMechanic({ ...battle, rules: { medicReach: 'all' } }, 'viciousness', 'clash', undefined);
    expect(all.scenario.rules).toEqual({});
    expect(all.dropped).toEqual(['the rule medicReach']);
  });

  test('a Sorcerer contest switched to a conflict leaves its template dice behind: they were the conflict fighters’ attack dice (P(win) 0.761 against the conflict’s 0.671); typed dice, names and what a Vary row asks of go along', () => {
    const contest = newScenario('sorcerer', 'contest');
    const conflict = newScenario('sorcerer', 'conflict');
    const untouched = switchMechanic(contest, 'sorcerer', 'conflict', undefined);
    // The fighters as the conflict picked directly has them, but for the sides' names (metrics name them).
    const fighter = (side: 'a' | 'b') => ({ ...(conflict.setup as Record<string, Record<string, unknown>>)[side], name: (contest.setup as Record<string, Record<string, unknown>>)[side]!.name });
    expect(untouched.scenario.setup).toEqual({ a: fighter('a'), b: fighter('b') });
    expect(untouched.dropped).toEqual([]);
    // Typed: the designer's, carried and said.
    const typed = switchMechanic(withValue(contest, ['setup', 'a', 'dice'], 6) as Record<string, unknown>, 'sorcerer', 'conflict', undefined);
    expect(getAt(typed.scenario, ['setup', 'a', 'dice'])).toBe(6);
    expect(getAt(typed.scenario, ['setup', 'b', 'dice'])).toBeUndefined();
    expect(typed.kept).toContain('a.dice');
    // …and said, as the conflict labels it otherwise: its attack dice, where its Stamina was (a dashboard audit: not a word).
    expect(typed.notes).toEqual(['“sorcerer › dice” 6 is carried as “sorcerer › attack dice”: check it still means what you meant']);
    // Asked of by a Vary row: carried with it, the row kept.
    const swept = { ...contest, sweep: { 'setup.b.dice': [2, 3, 4] } };
    const withRow = switchMechanic(swept, 'sorcerer', 'conflict', undefined);
    expect(withRow.scenario.sweep).toEqual(swept.sweep);
    expect(getAt(withRow.scenario, ['setup', 'b', 'dice'])).toBe(3);
    expect(withRow.dropped).toEqual([]);
    expect(withRow.notes).toEqual(['“demon › dice” 3 is carried as “demon › attack dice”: check it still means what you meant']);
    // Untouched, nothing carried, nothing said; a field labelled alike (bonus dice) carried without a note.
    expect(untouched.notes).toEqual([]);
    expect(switchMechanic(withValue(contest, ['setup', 'b', 'bonus'], 2) as Record<string, unknown>, 'sorcerer', 'conflict', undefined).notes).toEqual([]);
    // A name typed as the conflict's template has it ("thug") stays the designer's on the way back.
    const named = withValue(contest, ['setup', 'b', 'name'], 'thug') as Record<string, unknown>;
    const there = switchMechanic(named, 'sorcerer', 'conflict', undefined);
    expect(getAt(there.scenario, ['setup', 'b', 'name'])).toBe('thug');
    // Known as typed on the next switch: the setup the conflict started from had the contest's "demon".
    expect(getAt(there.untouched, ['b', 'name'])).toBe('demon');
    const back = switchMechanic(there.scenario, 'sorcerer', 'contest', undefined, named, there.untouched);
    expect(getAt(back.scenario, ['setup', 'b', 'name'])).toBe('thug');
    expect(checkScenario(back.scenario, 'contest.json').ok).toBe(true);
  });

  test('back on a mechanic, a field both have is as edited on the other one: one deleted there stays deleted (a review: the earlier value came back without a word)', () => {
    const contest = { name: 'x', system: 'sorcerer', mechanic: 'contest', setup: { die: 'd6', a: { name: 'x', dice: 3, bonus: 2 }, b: { name: 'y', dice: 3 } } };
    const switched = switchMechanic(contest, 'sorcerer', 'conflict', undefined);
    const conflict = switched.scenario;
    const setup = conflict.setup as Record<string, Record<string, unknown>>;
    expect(setup.die).toBe('d6');
    expect(setup.a!.bonus).toBe(2);
    const { die: _die, ...withoutDie } = setup;
    const { bonus: _bonus, ...a } = setup.a!;
    const edited = { ...conflict, setup: { ...withoutDie, a } };
    // As the page switches: with the setup the conflict started from (`untouched`).
    const back = switchMechanic(edited, 'sorcerer', 'contest', undefined, contest, switched.untouched).scenario.setup as Record<string, Record<string, unknown>>;
    expect(back.die).toBeUndefined();
    expect(back.a!.bonus).toBeUndefined();
    expect(back.a!.dice).toBe(3);
  });

  test('words: a check taken out names its metric by its label, a refusal its setup fields and rules alike', async () => {
    const { removableAt } = await import('../dashboard/model/removal.ts');
    const heist = { ...defaultScenario(), expect: [{ metric: 'success', atLeast: 0.1 }, { metric: 'success' }, { metric: 'nosuch', atLeast: 0.1 }] };
    expect(removableAt(heist, 'expect.1')).toEqual({ path: 'expect.1', label: 'expect check 2 on “P(plan succeeds)”', title: 'expect.1, on success' });
    // A name the setup does not lay out stays as the file has it: nothing to name it by.
    expect(removableAt(heist, 'expect.2.metric')).toEqual({ path: 'expect.2', label: 'expect check 3 on nosuch' });
    // A sweep path refused, with the paths expected: setup fields by their Vary labels, rules
    // by their selects', never a file path beside a rule's words; the file's text kept raw.
    const keepTrying = parseYaml(readFileSync(new URL('../scenarios/sorcerer-keep-trying.yaml', import.meta.url), 'utf8')) as Record<string, unknown>;
    const refusal = '"setup.retryPenalty" is not a sweep path of this file: expected one of setup.tries, rules.repeatPenalty';
    const pieces = problemWords(refusal, keepTrying, 'expect.0.point.setup.retryPenalty');
    const said = pieces.map((p) => (typeof p === 'string' ? p : p.words)).join('');
    const vary = (path: string) => sweepLabel(path, keepTrying.setup, keepTrying as never);
    expect(said).toBe(`“${vary('setup.retryPenalty')}” is not a sweep path of this file: expected one of “${vary('setup.tries')}”, “${ruleLabel('repeatPenalty')}”`);
    expect(pieces.map((p) => (typeof p === 'string' ? p : p.raw)).join('')).toBe(refusal);
    // A path no field shows (a typo) stays as written.
    expect(problemWords('setup.modifer is not a field', keepTrying)).toEqual(['setup.modifer is not a field']);
  });

  test('a side both mechanics have is kept field by field over the template; what it cannot take is said', async () => {
    const { switchMechanic } = await import('../dashboard/model/switch.ts');
    let contest = newScenario('sorcerer', 'contest');
    contest = withValue(contest, ['name'], 'Vera and the imp');
    contest = withValue(contest, ['setup', 'a'], { name: 'Vera', dice: 6, bonus: 2 });
    contest = withValue(contest, ['setup', 'b'], { name: 'Imp', dice: 2 });
    expect(checkScenario(contest, 'contest.json').ok).toBe(true);
    const conflict = switchMechanic(contest, 'sorcerer', 'conflict', undefined);
    // The name is the designer's, kept (it was replaced by the new mechanic's, unsaid).
    expect(conflict.scenario.name).toBe('Vera and the imp');
    // The dice typed are carried as the conflict's attack dice, and said so.
    expect(conflict.notes).toEqual([
      '“Vera › dice” 6 is carried as “Vera › attack dice”: check it still means what you meant',
      '“Imp › dice” 2 is carried as “Imp › attack dice”: check it still means what you meant',
    ]);
    expect(getAt(conflict.scenario, ['setup', 'a'])).toMatchObject({ name: 'Vera', dice: 6, bonus: 2 });
    expect(getAt(conflict.scenario, ['setup', 'b'])).toMatchObject({ name: 'Imp', dice: 2 });
    expect(checkScenario(conflict.scenario, 'conflict.json').ok).toBe(true);

    // Back to a contest: the conflict's own rule variants are left behind, and said; the
    // one both play stays; one the contest does not play, at its default (totallyDefensive
    // "sacrifice"), changes nothing there and no field of the contest's would show it, so it
    // is left behind unsaid (it went on in the file out of sight: a dashboard audit).
    const ruled = { ...conflict.scenario, rules: { exhausted: 'remaining', nextPenalty: 'thisAction', totallyDefensive: 'sacrifice' } };
    const back = switchMechanic(ruled, 'sorcerer', 'contest', undefined);
    expect(back.scenario.rules).toEqual({ exhausted: 'remaining' });
    // The conflict's own fields of a fighter are left out too; none was typed (each is the
    // conflict template's), so none is named as left behind: only the rule.
    expect(back.dropped).toEqual(['the rule nextPenalty']);
    expect(checkScenario(back.scenario, 'contest.json').ok).toBe(true);
    // One typed there is named, and only it.
    const typed = withValue(ruled, ['setup', 'a', 'stamina'], 7) as Record<string, unknown>;
    expect(switchMechanic(typed, 'sorcerer', 'contest', undefined).dropped).toEqual(["the setup's a.stamina", 'the rule nextPenalty']);
  });

  test('a field of the old template left untouched is not named as left behind; one typed or changed is (VDP opposed ↔ contest round, Sorcerer contest ↔ conflict named every field)', async () => {
    const { switchMechanic } = await import('../dashboard/model/switch.ts');
    const pairs = [
      ['vdp', 'opposed', 'contestRound'],
      ['vdp', 'contestRound', 'opposed'],
      ['sorcerer', 'contest', 'conflict'],
      ['sorcerer', 'conflict', 'contest'],
    ] as const;
    for (const [system, from, to] of pairs) {
      expect(switchMechanic(newScenario(system, from), system, to, undefined).dropped, `${from} → ${to}`).toEqual([]);
    }
    const opposed = withValue(newScenario('vdp', 'opposed'), ['setup', 'b', 'accomplish'], 3) as Record<string, unknown>;
    expect(switchMechanic(opposed, 'vdp', 'contestRound', undefined).dropped).toEqual(["the setup's b.accomplish"]);
    const round = withValue(newScenario('vdp', 'contestRound'), ['setup', 'a', 'attack', 'skill'], 4) as Record<string, unknown>;
    expect(switchMechanic(round, 'vdp', 'opposed', undefined).dropped).toEqual(["the setup's a.attack"]);
    const conflict = withValue(newScenario('sorcerer', 'conflict'), ['setup', 'b', 'weapon'], 'rifle') as Record<string, unknown>;
    expect(switchMechanic(conflict, 'sorcerer', 'contest', undefined).dropped).toEqual(["the setup's b.weapon"]);
    // Through two switches: what the first carried untouched (the clash template's sides, in
    // a battle) is not the designer's at the second; what they typed before the first is.
    const battle = switchMechanic(newScenario('viciousness', 'clash'), 'viciousness', 'battle', undefined);
    expect(switchMechanic(battle.scenario, 'viciousness', 'knavery', undefined, undefined, battle.untouched).dropped).toEqual([]);
    const raiders = switchMechanic(withValue(newScenario('viciousness', 'clash'), ['setup', 'sides', 0, 'name'], 'raiders') as Record<string, unknown>, 'viciousness', 'battle', undefined);
    expect(switchMechanic(raiders.scenario, 'viciousness', 'knavery', undefined, undefined, raiders.untouched).dropped).toEqual(["the setup's sides.0.name"]);
  });

  test('a name the designer gave is kept, and pointed out where it says the old mechanic; one the page gave becomes the new mechanic’s', async () => {
    const { switchMechanic } = await import('../dashboard/model/switch.ts');
    const clash = newScenario('viciousness', 'clash');
    // The page's own names: a new clash's, the opening heist's, none at all.
    expect(switchMechanic(clash, 'viciousness', 'battle', undefined).scenario.name).toBe(newScenario('viciousness', 'battle').name);
    expect(switchMechanic(defaultScenario(), 'viciousness', 'clash', undefined).scenario.name).toBe(clash.name);
    expect(switchMechanic({ ...clash, name: ' ' }, 'viciousness', 'battle', undefined).scenario.name).toBe(newScenario('viciousness', 'battle').name);
    const goblins = switchMechanic({ ...clash, name: 'Goblin ambush' }, 'viciousness', 'battle', undefined);
    expect(goblins.scenario.name).toBe('Goblin ambush');
    expect(goblins.notes).toEqual([]);
    const said = switchMechanic({ ...clash, name: 'Goblin clash' }, 'viciousness', 'battle', undefined);
    expect(said.scenario.name).toBe('Goblin clash');
    expect(said.notes).toEqual(['the name "Goblin clash" is kept: it says clash, so change it if it no longer says what this is']);
  });

  test('a Find question goes along where the new mechanic answers it, and is said to be left out where not', async () => {
    const { switchMechanic } = await import('../dashboard/model/switch.ts');
    const find = { name: 'how many', vary: 'setup.sides.0.combatants.1.count', range: [1, 4], metric: 'wounded.guards', atLeast: 0.5, expect: { equals: 2 } };
    const clash = { ...newScenario('viciousness', 'clash'), solve: [find] };
    expect(checkScenario(clash, 'clash.json').ok).toBe(true);
    // A battle has the field and the metric: the question goes along (it was dropped, unsaid).
    const battle = switchMechanic(clash, 'viciousness', 'battle', undefined);
    // Its metric may mean another thing in a battle: said, and the expect (a verdict on the clash's answer) left behind.
    const { expect: _verdict, ...question } = find;
    expect(battle.scenario.solve).toEqual([question]);
    expect(battle.dropped).toEqual([]);
    expect(battle.notes).toEqual(["the Find question \"how many\" now asks of “Violence: a whole battle”'s wounded.guards (its expect, about the old answer, is left out): check it still asks what you meant"]);
    expect(checkScenario(battle.scenario, 'battle.json').ok).toBe(true);
    const contest = switchMechanic(clash, 'sorcerer', 'contest', undefined);
    expect(contest.scenario.solve).toBeUndefined();
    expect(contest.dropped).toEqual(['the Find question "how many" (setup.sides.0.combatants.1.count)']);
  });

  test('a Vary row the new mechanic has no field for is left out and said so, never kept to break the page', async () => {
    const { switchMechanic } = await import('../dashboard/model/switch.ts');
    const knavery = { ...defaultScenario(), sweep: { 'setup.challenges': [1, 2, 3, 4] } };
    expect(checkScenario(knavery, 'knavery.json').ok).toBe(true);
    // Discovery's setup has no challenges: kept, the row made every point "unknown field".
    const discovery = switchMechanic(knavery, 'viciousness', 'discovery', undefined);
    expect(discovery.scenario.sweep).toBeUndefined();
    expect(discovery.dropped).toEqual(['the Vary row setup.challenges']);
    expect(checkScenario(discovery.scenario, 'discovery.json').ok).toBe(true);
    // A row the new mechanic has too stays.
    const same = switchMechanic(knavery, 'viciousness', 'knavery', undefined);
    expect(same.scenario.sweep).toEqual({ 'setup.challenges': [1, 2, 3, 4] });
    expect(same.dropped).toEqual([]);
  });
});

describe('find', () => {
  test('switched on, its first question is one the setup can be asked, for every mechanic (or it is refused)', async () => {
    const { startBlock } = await import('../dashboard/ui/find.ts');
    const { mechanics } = await import('../sim/mechanics.ts');
    let asked = 0;
    for (const m of mechanics) {
      const scenario = newScenario(m.system, m.name);
      const block = startBlock(scenario);
      if (!block) continue;
      asked++;
      const checked = checkScenario({ ...scenario, solve: [block] }, 'find.json');
      expect(checked.ok ? [] : checked.errors.map((e) => e.message), `${m.system}/${m.name}`).toEqual([]);
    }
    // Knowledge has no number to vary; the others all have one.
    expect(asked).toBeGreaterThanOrEqual(mechanics.length - 2);
  });

  test('asking a file’s question in the form keeps its metric, find and bound, replaces only what the form cannot hold, and says each change', async () => {
    const { formQuestion } = await import('../dashboard/ui/find.ts');
    const clash = {
      name: 'Find over a rule', system: 'viciousness', mechanic: 'clash', trials: 4000, seed: 'fr',
      setup: { sides: [{ name: 'crew', combatants: [{ name: 'captain', dice: ['d6'] }] }, { name: 'guards', combatants: [{ name: 'captain', dice: ['d6'] }] }] },
    };
    // Over a rule's listed values: the field is not a number, so another field takes a range;
    // the metric, firstAtLeast and atLeast 0.3 stay (they became "mean hits", closest, 0.5).
    const rule = formQuestion({ ...clash, solve: [{ name: 'rule that evens it', vary: 'rules.hitOn', values: ['exact4', '4+'], metric: 'top.crew', atLeast: 0.3, find: 'firstAtLeast' }] });
    if (!('block' in rule)) throw new Error(rule.refused);
    expect(rule.block).toMatchObject({ name: 'rule that evens it', metric: 'top.crew', atLeast: 0.3, find: 'firstAtLeast', range: expect.any(Array) });
    expect(rule.block.vary).not.toBe('rules.hitOn');
    expect(rule.block.values).toBeUndefined();
    expect(rule.block.target).toBeUndefined();
    expect(rule.said).toContain('its listed values of “rule: a hit is” (“exactly 4”, “4 or more”) are now “');
    expect(rule.said).toContain('as that is not a number field');
    expect(rule.said).toContain('and which value, first at least 0.3.');
    expect(checkScenario({ ...clash, solve: [rule.block] }, 'f.json').ok).toBe(true);
    // Whole numbers listed on a number field: the same field, over the range they span, said.
    const knavery = { ...newScenario('viciousness', 'knavery'), setup: { challenges: 2, participants: [{ name: 'crew', count: 3 }] } };
    const counts = formQuestion({ ...knavery, solve: [{ name: 'crews', vary: 'setup.participants.0.count', values: [1, 3], metric: 'success', atMost: 0.4, find: 'lastAtMost', expect: { equals: 3 } }] });
    if (!('block' in counts)) throw new Error(counts.refused);
    expect(counts.block).toEqual({ name: 'crews', vary: 'setup.participants.0.count', range: [1, 3], metric: 'success', atMost: 0.4, find: 'lastAtMost' });
    expect(counts.said).toContain('its listed values (1, 3) are now the range 1 to 3, every whole number between included; its expect check, about the file\'s answer, is left out');
    // sameAs: a target the user types, not an invented 0.5; the run is refused until then.
    const same = formQuestion({ ...knavery, solve: [{ name: 'equal', vary: 'setup.challenges', range: [1, 4], metric: 'success', sameAs: { 'setup.participants.0.count': 5 } }] });
    if (!('block' in same)) throw new Error(same.refused);
    expect(same.block).toEqual({ name: 'equal', vary: 'setup.challenges', range: [1, 4], metric: 'success' });
    expect(same.said).toContain('is now a target, left empty: type one, as Find does not run until it has one');
    expect(checkScenario({ ...knavery, solve: [same.block] }, 'f.json').ok).toBe(false);
    // A name blanked in its box before the button stays blank: not the file's name put back.
    const blank = formQuestion({ ...knavery, solve: [{ name: '', vary: 'setup.participants.0.count', values: [1, 2], metric: 'success', target: 0.5 }] });
    if (!('block' in blank)) throw new Error(blank.refused);
    expect(blank.block.name).toBe('');
    expect(blank.said).toContain('with no name yet');
  });

  test('a picked metric is named by its label while the setup has a mistake, never by its key', async () => {
    const { metricsOf, rememberMetrics } = await import('../dashboard/model/metrics.ts');
    rememberMetrics(undefined);
    const keepTrying = parseYaml(readFileSync(new URL('../scenarios/sorcerer-keep-trying.yaml', import.meta.url), 'utf8')) as Record<string, unknown>;
    const setup = keepTrying.setup as { a: Record<string, unknown> };
    const blanked = { ...keepTrying, setup: { ...setup, a: { ...setup.a, name: '' } } };
    expect(checkScenario(blanked, 'k.yaml').ok).toBe(false);
    // With no earlier setup, not the template's side name ("sorcerer") as if typed: its
    // label says it waits for a valid setup.
    expect(metricsOf(blanked).map((m) => [m.name, m.label])).toEqual([['retry.won', 'P(… wins within its tries) (named in full once the setup is valid)']]);
    const heist = defaultScenario();
    const typed = { ...heist, setup: { ...(heist.setup as object), challenges: 'abc' }, solve: [{ name: 'find', vary: 'setup.challenges', range: [1, 8], metric: 'success', target: 0.5, find: 'closest' }] };
    expect(checkScenario(typed, 'h.json').ok).toBe(false);
    expect(metricsOf(typed).map((m) => m.label)).toEqual(['P(plan succeeds)']);
    // Nothing picked, nothing said: the pickers list no metrics of a setup that lays none out.
    expect(metricsOf({ ...typed, solve: undefined, expect: undefined })).toEqual([]);
    // Where the page has the last setup that laid its metrics out, its labels: Merlin's
    // name typed over still names his metric by his name, not the template's.
    const merlin = { ...keepTrying, setup: { ...setup, a: { ...setup.a, name: 'Merlin' } } };
    rememberMetrics(metricsOf(merlin));
    expect(metricsOf(blanked).map((m) => m.label)).toEqual(['P(Merlin wins within its tries)']);
    // A count typed as a word, then the side renamed: the new name, at once (it said Merlin
    // until the count was fixed).
    const witch = { ...keepTrying, setup: { ...setup, a: { ...setup.a, name: 'witch', dice: 'abc' } } };
    expect(metricsOf(witch).map((m) => [m.name, m.label])).toEqual([['retry.won', 'P(witch wins within its tries)']]);
    rememberMetrics(undefined);
    expect(metricsOf(blanked).map((m) => m.label)).toEqual(['P(… wins within its tries) (named in full once the setup is valid)']);
    expect(metricsOf(witch).map((m) => m.label)).toEqual(['P(witch wins within its tries)']);
  });
});

describe('compare on a swept field', () => {
  test('a swept number changed by a step shifts B’s sweep; any other overlap is refused', async () => {
    const { sweepOverlap } = await import('../dashboard/model/compare.ts');
    const a = { ...defaultScenario(), sweep: { 'setup.challenges': [1, 2, 3], 'setup.participants.1.count': [0, 1] } };
    const change = { path: 'setup.challenges', value: (getAt(a, ['setup', 'challenges']) as number) + 1 };
    expect(sweepOverlap(a, change)).toMatchObject({ kind: 'shift', by: 1, to: [2, 3, 4] });
    const b = scenarioB(a, change);
    expect(b.sweep).toEqual({ 'setup.challenges': [2, 3, 4], 'setup.participants.1.count': [0, 1] });
    expect(checkScenario(b, 'b.json').ok).toBe(true);
    const refused = sweepOverlap(a, { path: 'setup.participants.1', value: { name: 'x' } });
    expect(refused.kind).toBe('refused');
    expect(sweepOverlap({ ...a, sweep: { 'setup.participants.0.dice': [['d4'], ['d6']] } }, { path: 'setup.participants.0.dice', value: ['d8'] })).toMatchObject({
      kind: 'refused',
      problem: expect.stringContaining('B − A would be 0 everywhere'),
    });
    expect(sweepOverlap(a, { path: 'setup.participants.0.dice', value: ['d8'] })).toEqual({ kind: 'none' });
    // B the same as A, on a field not swept: refused as the swept case is (it ran, "from 3 to 3").
    const plain = defaultScenario();
    const same = sweepOverlap(plain, { path: 'setup.challenges', value: getAt(plain, ['setup', 'challenges']) });
    expect(same).toMatchObject({ kind: 'refused', problem: expect.stringContaining('B changes nothing; give B another value') });
    expect(sweepOverlap(plain, { path: 'setup.challenges', value: (getAt(plain, ['setup', 'challenges']) as number) + 1 })).toEqual({ kind: 'none' });
    // A choice is named in the form's words, not as the file writes it (a dashboard audit).
    const paying = { ...newScenario('viciousness', 'campaign'), rules: {} } as Record<string, unknown>;
    const withCompany = withValue(paying, ['setup', 'policy', 'buy'], { payWith: 'liquid', liquidRank: 'company' }) as Record<string, unknown>;
    const refusal = sweepOverlap(withCompany, { path: 'setup.policy.buy.liquidRank', value: 'company' });
    expect(refusal).toMatchObject({ kind: 'refused', problem: expect.stringContaining('to “the company’s rank only”, its value in A') });
  });

  test('B set to the default of a field A leaves out is refused as B set to A’s own value is (it ran, "from the default (1) to 1")', async () => {
    const { sweepOverlap } = await import('../dashboard/model/compare.ts');
    const plain = defaultScenario();
    expect(getAt(plain, ['setup', 'participants', '0', 'count'])).toBeUndefined();
    const count = sweepOverlap(plain, { path: 'setup.participants.0.count', value: 1 });
    expect(count).toMatchObject({ kind: 'refused', problem: expect.stringContaining('to 1, the default A leaves it at: B changes nothing; give B another value') });
    expect(count.kind === 'refused' && count.problem).toContain('“captain › how many”');
    // A choice A leaves out, B set to its default.
    expect(sweepOverlap(plain, { path: 'setup.push', value: 'never' })).toMatchObject({ kind: 'refused', problem: expect.stringContaining('to never, the default A leaves it at') });
    // B left at "(default)" where A sets the default: nothing changes either.
    const pushing = withValue(plain, ['setup', 'push'], 'never') as Record<string, unknown>;
    expect(sweepOverlap(pushing, { path: 'setup.push', value: undefined })).toMatchObject({ kind: 'refused', problem: expect.stringContaining('its value in A') });
    // Another value, or a field with no default the form knows, runs.
    expect(sweepOverlap(plain, { path: 'setup.participants.0.count', value: 2 })).toEqual({ kind: 'none' });
    expect(sweepOverlap(plain, { path: 'setup.push', value: 'ifShort' })).toEqual({ kind: 'none' });
  });
});

describe('an opened result says the trials it ran', () => {
  test('a --precision run: its points\' own counts and the target, not the cap as if every point ran it', () => {
    const point = (trials: number) => ({ point: {}, trials, metrics: {} });
    expect(trialsRan({ trials: 20000, results: [point(20000)] } as never)).toBe('20,000 trials');
    expect(trialsRan({ trials: 100_000_000, precision: 0.01, results: [point(65536), point(65536)] } as never)).toBe('65,536 trials a point (precision ±0.01, up to 100,000,000)');
    expect(trialsRan({ trials: 100_000_000, precision: 0.001, results: [point(65536), point(262144)] } as never)).toBe('65,536 to 262,144 trials a point (precision ±0.001, up to 100,000,000)');
  });
});

describe('a Vary range too long for a sweep is named with its length', () => {
  test('1-5000 at its row: a range of 5,000 values, where a list takes 2,500', () => {
    const s = { ...defaultScenario(), sweep: { 'setup.challenges': parseSweepValues('1-5000', 'number') } };
    const checked = checkScenario(s, 'x.json');
    if (checked.ok) throw new Error('expected a problem');
    const placed = placeErrors(checked.errors, ['sweep.setup.challenges']);
    expect(placed.atField.get('sweep.setup.challenges')?.[0]).toBe('expected a number, got "1-5000" (a range of 5,000 values: a list takes at most 2,500) (at sweep point {"setup.challenges":"1-5000"})');
  });
});

describe('a rule in the words its select shows, the file keeping its values', () => {
  const clash = (extra: Record<string, unknown> = {}) => ({
    name: 'Equipped', system: 'viciousness', mechanic: 'clash', trials: 200, seed: 'eq',
    setup: { sides: [{ name: 'crew', combatants: [{ name: 'captain' }], bonus: ['d4', 'd4'] }, { name: 'guards', combatants: [{ name: 'guard' }], bonus: ['d4'] }] },
    ...extra,
  });
  const equipment = ruleFields('viciousness', 'clash').find((f) => f.key === 'equipment') as ChoiceField;

  test('Vary ticks a rule\'s values by their words ("every side, as written" has a comma), and the sweep gets the values the engine reads', () => {
    // The Vary row took "every side, as written" as two values, neither the rule's.
    const boxes = choiceBoxes(['mostEquipped'], equipment.options);
    expect(boxes).toEqual([
      { value: 'mostEquipped', label: 'only the most well-equipped side', checked: true, offered: true },
      { value: 'everySide', label: 'every side, as written', checked: false, offered: true },
    ]);
    const values = toggleChoice(['mostEquipped'], boxes[1]!.value, true);
    expect(values).toEqual(['mostEquipped', 'everySide']);
    const checked = checkScenario(clash({ sweep: { 'rules.equipment': values } }), 'eq.json');
    if (!checked.ok) throw new Error(checked.errors.map((e) => e.message).join('\n'));
    expect(checked.plan.points.map((p) => p.point)).toEqual([{ 'rules.equipment': 'mostEquipped' }, { 'rules.equipment': 'everySide' }]);
    // A file's order is kept (its points run in it); unticking takes a value out.
    expect(toggleChoice(['everySide'], 'mostEquipped', true)).toEqual(['everySide', 'mostEquipped']);
    expect(toggleChoice(values, 'mostEquipped', false)).toEqual(['everySide']);
    expect(toggleChoice(values, 'everySide', true)).toEqual(values);
    // A value the rule does not have stays, ticked and marked, for the CLI's message at the row.
    expect(choiceBoxes(['mostEquipped', 'every side'], equipment.options)[2]).toEqual({ value: 'every side', label: '"every side"', checked: true, offered: false });
    // The field Vary sets says what it runs over in the same words, each quoted (the comma is theirs).
    expect(choiceValuesText(values, equipment.options)).toBe('“only the most well-equipped side”, “every side, as written”');
    expect(choiceValuesText(['never', 'probeDefence'], [{ value: 'never', label: 'never' }, { value: 'probeDefence', label: 'probeDefence' }])).toBe('never, probeDefence');
  });

  test('Vary starts a bought item\'s dice at values the schema takes: minDice agrees with the schema (the review: it started at [], refused)', () => {
    const file = parseYaml(readFileSync(join(import.meta.dirname, '..', 'scenarios', 'coin-buys-campaign.yaml'), 'utf8')) as Record<string, unknown>;
    const path = ['policy', 'buy', 'equipment', 'dice'];
    const field = fieldAt(formFor('viciousness', 'campaign')!.fields, path, file.setup)?.field;
    if (field?.kind !== 'dice') throw new Error('expected the equipment dice field');
    expect(field.minDice).toBe(1);
    const at = (dice: unknown) => checkScenario(withValue(file, ['setup', ...path], dice), 'coin.yaml');
    const empty = at([]);
    expect(empty.ok).toBe(false);
    if (!empty.ok) expect(empty.errors.map((e) => e.path)).toContain('setup.policy.buy.equipment.dice');
    expect(startDice(field).map((dice) => at(dice).ok)).toEqual([true, true]);
    // A trait's dice may be none, and start there.
    expect(startDice({ kind: 'dice', key: 'knavery', label: 'knavery trait dice' })).toEqual([[], ['d4'], ['d6']]);
  });

  test('a note or a refusal names a rule by its label and its value by its words, each piece keeping the CLI\'s text', () => {
    const raw = (text: string, pieces: ReturnType<typeof ruleWords>) => expect(pieces.map((p) => (typeof p === 'string' ? p : p.raw)).join('')).toBe(text);
    const said = (pieces: ReturnType<typeof ruleWords>) => pieces.map((p) => (typeof p === 'string' ? p : p.words)).join('');
    // The engine's own note, as the result (and poolsim run) carries it.
    const result = runPlan(planScenario(clash(), 'eq.json'));
    const note = pointNotes(result).find((n) => n.includes('rules.equipment'))!;
    expect(note).toContain('rules.equipment "everySide" rolls each side\'s');
    const pieces = ruleWords(note, 'viciousness');
    raw(note, pieces);
    expect(pieces).toContainEqual({ words: '“equipment dice roll for” = “every side, as written”', raw: 'rules.equipment "everySide"' });
    // A refusal at a rule's select: its quoted values are that rule's (the problem's path).
    const refused = checkScenario(clash({ rules: { invest: 'spread' } }), 'eq.json');
    if (refused.ok) throw new Error('expected invest refused');
    const e = refused.errors.find((x) => x.path === 'rules.invest')!;
    raw(e.problem, ruleWords(e.problem, 'viciousness', e.path));
    expect(said(ruleWords(e.problem, 'viciousness', e.path))).toBe('viciousness clash does not play invest, so “round its designs in turn” would change nothing (it is played by rivals and campaign only): expected invest left out, or its default “all in its design with the most points”');
    // The whole message: the path too, by its label.
    expect(said(ruleWords(e.message, 'viciousness'))).toMatch(/^eq\.json: “a rival invests”: viciousness clash does not play invest, so “round its designs in turn”/);
    // A sweep's refusal: its values in words, the sweep point's JSON left as JSON.
    const swept = checkScenario(clash({ sweep: { 'rules.equipment': ['every side'] } }), 'eq.json');
    if (swept.ok) throw new Error('expected the sweep refused');
    expect(said(ruleWords(swept.errors[0]!.message, 'viciousness'))).toBe('eq.json: sweep.rules.equipment: expected one of “only the most well-equipped side”, “every side, as written”, got "every side" (at sweep point {"rules.equipment":"every side"})');
    // A value alone, of the rule at its path (a flag's too); another system's, or text naming none, as it is.
    expect(ruleWords('"4+"', 'viciousness', 'rules.hitOn')).toEqual([{ words: '“4 or more”', raw: '"4+"' }]);
    expect(ruleWords('true', 'viciousness', 'rules.speedChess')).toEqual([{ words: '“played”', raw: 'true' }]);
    expect(ruleWords('rules.hitOn changes nothing here', 'sorcerer')).toEqual(['rules.hitOn changes nothing here']);
    // Only a value the sentence says is the rule's: a fighter's currency "none", spelt as one
    // of rules.attackCurrency's values, in the refusal at that rule stays the file's word (it
    // read as the rule's “go into the bleed alone”, the review).
    const conflict = checkScenario({ name: 'c', system: 'sorcerer', mechanic: 'conflict', trials: 100, seed: 1, rules: { attackCurrency: 'nextAction' }, setup: { a: { name: 'sorcerer', stamina: 4, will: 3, currency: 'none', weapon: 'fists' }, b: { name: 'demon', stamina: 4, will: 3, currency: 'standUp', weapon: 'fists' } } }, 'c.json');
    if (conflict.ok) throw new Error('expected attackCurrency refused');
    const at = conflict.errors.find((x) => x.path === 'rules.attackCurrency')!;
    expect(at.problem).toContain('(sorcerer: "none", demon: "standUp")');
    const atPieces = ruleWords(at.problem, 'sorcerer', at.path);
    raw(at.problem, atPieces);
    expect(said(atPieces)).toContain('(sorcerer: "none", demon: "standUp")');
    expect(typeof atPieces[0]).toBe('object');
    // …and a name is never a value: a side called as a rule's value is its name.
    expect(said(ruleWords('rules.push changes nothing here: side "never" has no one to push', 'viciousness'))).toContain('side "never"');
    expect(ruleWords('setup.challenges: expected a number', 'viciousness')).toEqual(['setup.challenges: expected a number']);
  });

  test('a setup choice whose values are a file\'s spellings offers them in words, as a rule\'s select does; the default read back from its placeholder', () => {
    const options = (system: string, mechanic: string, path: (string | number)[], setup: unknown) => {
      const found = fieldAt(formFor(system, mechanic)!.fields, path, setup);
      if (found?.field.kind !== 'choice') throw new Error(`expected a choice at ${path.join('.')}`);
      return found.field;
    };
    const ambush = { characters: [{ name: 'ambusher' }, { name: 'other' }] };
    const rolls = options('vdp', 'combat', ['characters', 0, 'advantageRolls'], ambush);
    // It read "every (default) roll", options "every" and "first".
    expect(rolls.options).toEqual([{ value: 'every', label: 'every roll' }, { value: 'first', label: 'its first roll only' }]);
    expect(shownDefault(rolls)).toBe('first');
    const bid = options('vdp', 'combat', ['characters', 0, 'bid'], ambush);
    expect(bid.options.find((o) => o.value === 'whileAhead')?.label).toBe('while it can outlast the other');
    expect(shownDefault(bid)).toBe('whileAhead');
    expect(options('viciousness', 'knavery', ['push'], {}).options.map((o) => o.label)).toEqual(['never', 'when the roll falls short', 'when short, whoever rolled below its reroll’s average']);
    expect(options('viciousness', 'campaign', ['policy', 'knaveryPush'], {}).options.map((o) => o.label)).toEqual(['never', 'when the plan falls short', 'when short, whoever rolled below its reroll’s average']);
    const steps = options('vdp', 'extended', ['advantageSteps'], {});
    expect(steps.options.map((o) => o.label)).toEqual(['every step', 'the first step only']);
    expect(shownDefault(steps)).toBe('first');
    // The results name a swept value by the same words (the library's ambush sweeps it).
    expect(pointLabel({ 'setup.characters.0.advantageRolls': 'first' }, ambush, { system: 'vdp', mechanic: 'combat' })).toBe('ambusher › situational dice for = “its first roll only”');
  });

  test('every choice of every form offers a value the file spells as no designer says (camelCase, a code, a flag) in words, each its own; a "(default)" names its option in those words', () => {
    // Plain: a word of lowercase letters (never, light, rifle), or an attack/defence split as
    // the text's table writes it (2/2). Anything else is the file's spelling: the next choice
    // added cannot forget its words.
    const plain = (v: string | boolean) => typeof v === 'string' && (/^[a-z]+$/.test(v) || /^\d\/\d$/.test(v));
    const choices: [string, ChoiceField][] = [];
    const walk = (where: string, fields: readonly Field[]) => {
      for (const f of fields) {
        if (f.kind === 'choice') choices.push([`${where}.${f.key}`, f]);
        else if (f.kind === 'group' || f.kind === 'list') walk(`${where}.${f.key}`, f.fields);
      }
    };
    for (const form of forms) walk(`${form.system} ${form.mechanic}`, form.fields);
    expect(choices.length).toBeGreaterThan(40);
    const unworded: string[] = [];
    const alike: string[] = [];
    const defaults: string[] = [];
    for (const [where, field] of choices) {
      for (const o of field.options) if (!plain(o.value) && o.label === String(o.value)) unworded.push(`${where} ${JSON.stringify(o.value)}`);
      const labels = field.options.map((o) => o.label);
      if (new Set(labels).size !== labels.length) alike.push(`${where}: ${labels.join(' | ')}`);
      // A placeholder naming the default by an option names it as that option reads (not
      // "onAttack (default)" beside “on its attack rolls”), and reads back; one naming no
      // option ("as the push variant (default)") says what the kernel does instead.
      const named = /^(.+?) \(default\)/.exec(field.placeholder)?.[1];
      if (named === undefined) continue;
      if (field.options.some((o) => String(o.value) === named && o.label !== named)) defaults.push(`${where}: ${field.placeholder}`);
      const option = field.options.find((o) => o.label === named);
      if (option && shownDefault(field) !== option.value) defaults.push(`${where}: ${field.placeholder} reads back as ${String(shownDefault(field))}`);
    }
    expect(unworded).toEqual([]);
    expect(alike).toEqual([]);
    expect(defaults).toEqual([]);
  });

  test('setup choices in the texts’ words: Edge Charge buys as the table names them, the bleed table’s rows, character types, defences', () => {
    const options = (system: string, mechanic: string, path: (string | number)[], setup: unknown) => {
      const found = fieldAt(formFor(system, mechanic)!.fields, path, setup);
      if (found?.field.kind !== 'choice') throw new Error(`expected a choice at ${path.join('.')}`);
      return Object.fromEntries(found.field.options.map((o) => [String(o.value), o.label]));
    };
    const fight = { characters: [{ name: 'Jill' }, { name: 'Jack' }] };
    const buys = options('vdp', 'combat', ['characters', 0, 'chargeBuy'], fight);
    expect([buys.armourPierce, buys.entangleShock, buys.probeDefence, buys.stunningBlow, buys.secondWind, buys.changeFocus, buys.breakOff, buys.humanShield]).toEqual([
      'Armor Pierce', 'Entangle/Shock', 'Probe Defense', 'Stunning Blow', 'Second Wind', 'Change Focus', 'Break off', 'Human shield',
    ]);
    expect(options('vdp', 'combat', ['characters', 0, 'type'], fight).wellTrained).toBe('well-trained fighters');
    expect(options('vdp', 'combat', ['characters', 0, 'allocation'], fight).finishingBlow).toBe('all-out finishing blow');
    expect(options('vdp', 'combat', ['characters', 0, 'spendTension'], fight).onNextRoll).toBe('on its next roll');
    const conflict = { a: { name: 'sorcerer' }, b: { name: 'thug' } };
    expect(options('sorcerer', 'conflict', ['a', 'weapon'], conflict).bigGun).toBe('big, big gun');
    expect(options('sorcerer', 'conflict', ['a', 'defend'], conflict).oneDie).toBe('suck it up');
    expect(options('viciousness', 'campaign', ['troupes', 0, 'asset'], {}).securedHeadquarters).toBe('a secured headquarters');
    // Results, Vary and the CLI name a point by them; the file keeps the value.
    expect(pointLabel({ 'setup.characters.0.chargeBuy': 'stunningBlow' }, fight, { system: 'vdp', mechanic: 'combat' })).toBe('Jill › Edge Charge buys = “Stunning Blow”');
    expect(pointLabel({ 'setup.b.weapon': 'smallHandgun' }, conflict, { system: 'sorcerer', mechanic: 'conflict' })).toBe('thug › weapon = “small handgun”');
    expect(pointLabel({ 'setup.policy.replaceMinions': 'keepRank' }, {}, { system: 'viciousness', mechanic: 'campaign' })).toBe('the company’s policy › replace dead minions = “only if the rank is kept”');
  });

  test('a note names the setup field it opens with as the form labels it, the path kept for its title; a switch names what it left out in words', () => {
    const said = (pieces: ReturnType<typeof noteWords>) => pieces.map((p) => (typeof p === 'string' ? p : p.words)).join('');
    const raw = (pieces: ReturnType<typeof noteWords>) => pieces.map((p) => (typeof p === 'string' ? p : p.raw)).join('');
    // The library's ambush: "characters.0.advantageRolls changes nothing here: ambusher has …".
    const ambush = parseYaml(readFileSync('scenarios/vdp-combat-ambush.yaml', 'utf8'));
    const result = runPlan(planScenario({ ...ambush, trials: 200 }, 'ambush.yaml'));
    const note = pointNotes(result).find((n) => n.startsWith('characters.0.advantageRolls'))!;
    expect(note).toBeDefined();
    const pieces = noteWords(note, result, ambush.setup);
    expect(raw(pieces)).toBe(note);
    expect(said(pieces)).toMatch(/^“ambusher › situational dice for” changes nothing here: ambusher has no advantage/);
    expect(pieces).toContainEqual({ words: '“ambusher › situational dice for”', raw: 'characters.0.advantageRolls' });
    // A compare's B note, and a second fighter's field.
    expect(said(noteWords(`B: ${note}`, result, ambush.setup))).toMatch(/^B: “ambusher › situational dice for” changes/);
    expect(said(noteWords('characters.1.targeting changes nothing here: other has one enemy, the only one it can attack', result, ambush.setup))).toBe('“other › attacks” changes nothing here: other has one enemy, the only one it can attack');
    // Risky's top-level field; a path no form shows, and a rule, as before.
    const risky = { system: 'vdp', mechanic: 'risky' };
    expect(said(noteWords('advantage changes nothing here: every die is on the Caution', risky, {}))).toMatch(/^“[^”]+” changes nothing here/);
    expect(said(noteWords('characters.0.nothingHere changes nothing here: x', result, ambush.setup))).toBe('characters.0.nothingHere changes nothing here: x');
    expect(said(noteWords('rules.retarget changes nothing here: x', result, ambush.setup))).toBe('“a melee fighter’s target mid-turn” changes nothing here: x');
    // Switching a clash with equipment and a Vary row of a minion's count to knavery: it read
    // "knavery has nothing for the rule equipment or … the Vary row setup.sides.0.combatants.1.count".
    const clashScenario: Record<string, unknown> = { ...newScenario('viciousness', 'clash'), rules: { equipment: 'everySide' }, sweep: { 'setup.sides.0.combatants.1.count': [1, 2] } };
    const switched = switchMechanic(clashScenario, 'viciousness', 'knavery', undefined);
    const words = switched.dropped.map((d) => droppedWords(d, clashScenario));
    expect(words).toContain('the rule “equipment dice roll for”');
    expect(words.find((w) => w.startsWith('the Vary row'))).toMatch(/^the Vary row “[^”]* › how many”$/);
    expect(words.join(' ')).not.toMatch(/setup\.|the rule equipment/);
  });

  test('a note names every setup field in it as the form does, with a choice\'s value in its option\'s words; the file\'s text kept for the title', () => {
    // The Marksman's: its side's "marksmanPush" and its "dice", by their labels; a "lastFoe"
    // that never comes, in the select's words, and the foe's flee policy too.
    const battleSides = (push: string) => [
      { name: 'crew', marksmanPush: push, combatants: [{ name: 'captain', traits: ['marksman'], dice: ['d4'] }, { name: 'cutpurse' }] },
      { name: 'guards', flee: 'lostHalf', combatants: [{ name: 'guard', count: 3 }] },
    ];
    const battle = { name: 'b', system: 'viciousness', mechanic: 'battle' };
    expect(findNote(notesOf({ ...battle, setup: { sides: battleSides('never') } }), 'sides.0.combatants.0.traits')).toBe(
      '“crew › captain › named traits” "marksman" changes nothing here: its push, the snap shot, is the side\'s “Marksman’s push” (never here); its dice ("Gain 1d4 when using a ranged weapon. Add 1d6 when stationed at a proper vantage point") go in “trait dice”',
    );
    expect(findNote(notesOf({ ...battle, setup: { sides: battleSides('lastFoe') } }), 'sides.0.marksmanPush')).toBe(
      '“crew › Marksman’s push” changes nothing here: “at the last foe” shoots when side "guards" has one able combatant left, and it flees before that (“flees” = “once half are down”: once 2 of its 3 are wounded or dead)',
    );
    // A rule's note naming a side's field: the one field of that key in the form.
    expect(findNote(notesOf({ ...battle, rules: { medicReach: 'all' }, setup: { sides: battleSides('never') } }), 'rules.medicReach')).toBe(
      '“a Medic attends” changes nothing here: no side has a Medic (“medical attention” = “a Medic: none die”, or a combatant with the "medic" trait)',
    );
    // The campaign's task purchase: `buy.action "pc"` is the policy's, beside the task's.
    const camp = newScenario('viciousness', 'campaign') as { setup: { policy: Record<string, unknown> } };
    const policy = camp.setup.policy;
    const campaign = (p: Record<string, unknown>) => notesOf({ ...camp, setup: { ...camp.setup, policy: { ...policy, ...p } } });
    expect(findNote(campaign({ buy: { task: { itemRank: 2, perJob: 5 } } }), 'policy.buy.task.perJob')).toMatch(
      /^“the company’s policy › what the company buys › a task done for each job › tasks a job, at most” \(5\) buys 1 a job at most: with “a purchase takes” = “a PC’s turn” each task/,
    );
    const idle = campaign({ action: 'idle', jobEvery: 2, buy: { task: { itemRank: 2 } } });
    expect(findNote(idle, 'policy.job and')).toBe('“the company’s policy › the job” and “the company’s policy › a job every … turns” change nothing here: “each troupe’s turn” = “idle”, so no troupe takes a job');
    // "action" below buy is the purchase's, which offers no "idle": the turn's is meant.
    expect(findNote(idle, 'policy.buy.task')).toMatch(/and “each troupe’s turn” = “idle”, so no troupe/);
    expect(findNote(campaign({ reserve: 2 }), 'policy.reserve')).toBe('“the company’s policy › liquid coins kept back” changes nothing here: “bank liquid coins” = “all”, and only “bank liquid coins” = “all but a reserve” keeps liquid coins back');
    // VDP: two keys sharing one value, and a value after its key.
    const combat = newScenario('vdp', 'combat') as { setup: { characters: Record<string, unknown>[] } };
    const vdp = notesOf({ ...combat, setup: { characters: combat.setup.characters.map((c) => ({ ...c, offensiveEffect: 'never', defensiveEffect: 'never', effectTension: 1, chargeCashIn: 'hits', chargeBuy: 'none' })) } });
    const first = String(combat.setup.characters[0]!.name);
    expect(findNote(vdp, 'characters.0.effectTension')).toBe(`“${first} › stored tension per effect” changes nothing here: ${first} makes no effect to add it to (“convert damage to an effect” and “block’s tension on an effect” = “never”)`);
    expect(findNote(vdp, 'characters.0.chargeCashIn')).toBe(`“${first} › gives up for charge” changes nothing here: ${first} buys nothing with charge (“Edge Charge buys” = “none”)`);
    // Sorcerer: a plain word with "is" and a number, a number field's.
    const contest = newScenario('sorcerer', 'contest') as { setup: Record<string, unknown> };
    expect(findNote(notesOf({ ...contest, setup: { ...contest.setup, tries: 1, retryPenalty: 1 } }), 'retryPenalty')).toBe('“dice lost per failed try” changes nothing here: “tries (sorcerer)” is 1, and the penalty cuts only the tries after a lost one');
    // Nothing guessed: a quoted trait, a side's name, an English word spelt as a key.
    const trait = findNote(notesOf({ ...battle, setup: { sides: battleSides('never') } }), 'sides.0.combatants.0.traits');
    expect(trait).toContain('"marksman" changes nothing');
    expect(said(noteWords('sides.0.flee changes nothing here: the dice go to side "guards" and its aid', { system: 'viciousness', mechanic: 'battle' }, { sides: battleSides('never') }))).toBe(
      '“crew › flees” changes nothing here: the dice go to side "guards" and its aid',
    );
  });

  test('a note lists several values of one field each in its option\'s words; a word not the field\'s stays as it is', () => {
    // VDP combat where every fighter buys Surge with its hits: no block given up, no success
    // given up for a buy released on an enemy. The audit read `“its blocks” or "both"` and
    // `…other than "none", surge, secondWind, breakOff or changeFocus`, "with a “Edge Charge buys”".
    const combat = newScenario('vdp', 'combat') as { setup: { characters: Record<string, unknown>[] } };
    const surging = notesOf({
      ...combat,
      rules: { givenUpBlock: 'nothing', chargeRelease: 'nextAction' },
      setup: { characters: combat.setup.characters.map((c) => ({ ...c, chargeBuy: 'surge', chargeCashIn: 'hits' })) },
    });
    expect(findNote(surging, 'rules.givenUpBlock')).toBe(
      '“a block given up for charge” changes nothing here: no character gives up a block for charge (“gives up for charge” = “its blocks” or “its blocks and hits”, and “Edge Charge buys” other than “none”)',
    );
    expect(findNote(surging, 'rules.chargeRelease')).toBe(
      '“charge from a success given up is released” changes nothing here: no character gives up a success for a buy released on an enemy (“gives up for charge” other than “never”, and “Edge Charge buys” other than “none”, “Surge”, “Second Wind”, “Break off” or “Change Focus”)',
    );
    // Viciousness battle: guards who flee when outnumbered against a crew that does too.
    const battle = { name: 'b', system: 'viciousness', mechanic: 'battle' };
    const sides = [
      { name: 'crew', marksmanPush: 'lastFoe', flee: 'outnumbered', combatants: [{ name: 'captain', traits: ['marksman'], dice: ['d4'] }, { name: 'cutpurse' }] },
      { name: 'guards', flee: 'outnumbered', combatants: [{ name: 'guard', count: 3 }] },
    ];
    expect(findNote(notesOf({ ...battle, setup: { sides } }), 'sides.0.marksmanPush')).toBe(
      '“crew › Marksman’s push” changes nothing here: “at the last foe” shoots when side "guards" has one able combatant left, and it flees before that (“flees” = “when outnumbered”: one alone is outnumbered by side "crew", which is never down to one while both fight: its “flees” = “when outnumbered” too, so both fight on only at even counts, and a round wounds one side)',
    );
    // Only the same field's values, and the list ends at the first that is not one: a side's
    // name stays, and so does all after it.
    const vdp = { system: 'vdp', mechanic: 'combat' };
    const setup = { characters: combat.setup.characters };
    expect(said(noteWords('x (chargeBuy "surge", "crew" or "secondWind"; chargeCashIn "hits" and "both")', vdp, setup))).toBe(
      'x (“Edge Charge buys” = “Surge”, "crew" or "secondWind"; “gives up for charge” = “its hits” and “its blocks and hits”)',
    );
    // A rule's values listed after its mention, as its select says them.
    const rulePieces = ruleWords('rules.givenUpBlock "nothing" or "hit", or "crew"', 'vdp');
    expect(rulePieces.map((p) => (typeof p === 'string' ? p : p.words)).join('')).toBe('“a block given up for charge” = “lets nothing through” or “lets the attack hit (one wound)”, or "crew"');
    expect(rulePieces.map((p) => (typeof p === 'string' ? p : p.raw)).join('')).toBe('rules.givenUpBlock "nothing" or "hit", or "crew"');
  }, HEAVY_NOTES_TIMEOUT);

  test('a note naming a second value of its rule says that one in words too (the engine\'s own texts; only where the sentence says it is the rule\'s)', () => {
    const said = (pieces: ReturnType<typeof ruleWords>) => pieces.map((p) => (typeof p === 'string' ? p : p.words)).join('');
    const raw = (pieces: ReturnType<typeof ruleWords>) => pieces.map((p) => (typeof p === 'string' ? p : p.raw)).join('');
    // VDP combat: a Change Focus buy under rules.retarget "free" is refused at the buy, the
    // rule named twice: "…or retarget "changeFocus"" stayed the file's word.
    const fighter = (name: string, team: string) => ({ name, team, attack: { attribute: 3, skill: 1 }, defence: { attribute: 3, skill: 1 }, fortitude: 2, type: 'civilian', timing: 5 });
    const combat = checkScenario({ name: 'c', system: 'vdp', mechanic: 'combat', trials: 100, seed: 1, rules: { retarget: 'free' }, setup: { characters: [{ ...fighter('jo', 'a'), chargeBuy: 'changeFocus' }, fighter('x', 'b'), fighter('y', 'b')] } }, 'c.json');
    if (combat.ok) throw new Error('expected the Change Focus buy refused');
    const buy = combat.errors.find((e) => e.path.endsWith('chargeBuy'))!;
    const buyPieces = ruleWords(buy.problem, 'vdp', buy.path);
    expect(raw(buyPieces)).toBe(buy.problem);
    expect(said(buyPieces)).toMatch(/under “a melee fighter’s target mid-turn” = “switched freely” .*expected another buy, or “a melee fighter’s target mid-turn” = “kept, unless it buys Change Focus”$/);
    // Rivals, one design each: the round robin "hands every point to it, as "focus" does".
    const rivals = runPlan(planScenario({ name: 'r', system: 'viciousness', mechanic: 'rivals', trials: 100, seed: 1, rules: { invest: 'spread' }, setup: { turns: 4, rivals: [{ name: 'rival', rank: 1, designs: [{ severity: 'light' }] }] } }, 'r.json'));
    const invest = pointNotes(rivals).find((n) => n.startsWith('rules.invest'))!;
    expect(said(ruleWords(invest, 'viciousness'))).toBe('“a rival invests” changes nothing here: every rival has one design, so “round its designs in turn” hands every point to it, as “all in its design with the most points” does');
    // Risky, all dice on Accomplish: ""both" also puts the dice on the Caution".
    const risky = runPlan(planScenario({ name: 'k', system: 'vdp', mechanic: 'risky', trials: 100, seed: 1, rules: { advantageOn: 'both' }, setup: { accomplish: 4, modifier: 0, successTarget: 8, riskTarget: 8, advantage: 1 } }, 'k.json'));
    const both = pointNotes(risky).find((n) => n.startsWith('rules.advantageOn'))!;
    expect(said(ruleWords(both, 'vdp'))).toMatch(/^“advantage dice go to” changes nothing here: “both pools” also puts the dice on the Caution/);
    // Not a value of the rule's by the sentence: a side named as one stays its name; "as" without "does" is not a comparison.
    expect(said(ruleWords('rules.push changes nothing here: side "never" has no one to push', 'viciousness'))).toContain('side "never"');
    expect(said(ruleWords('rules.invest changes nothing here: a rival named as "focus" has one design', 'viciousness'))).toContain('as "focus" has');
  });
});

describe('field help names rules in words', () => {
  test('no help names a rule by its key or a value by its file spelling ("rule equipment: mostEquipped"): by its label and its values’ words', () => {
    const helps = (fields: readonly Field[]): string[] =>
      fields.flatMap((f) => [...(f.help ? [f.help] : []), ...(f.kind === 'group' || f.kind === 'list' ? helps(f.fields) : [])]);
    const found: string[] = [];
    for (const form of forms) {
      for (const help of helps(form.fields)) {
        for (const t of ruleToggles(form.system)) {
          if (new RegExp(`\\brules? ${t.key}\\b`).test(help)) found.push(`${form.system}/${form.mechanic}: rule ${t.key}: ${help}`);
          // A value's file spelling (camelCase: mostEquipped, everySide) in a help.
          for (const v of t.values) if (typeof v === 'string' && /[a-z][A-Z]/.test(v) && new RegExp(`\\b${v}\\b`).test(help)) found.push(`${form.system}/${form.mechanic}: ${t.key} value ${v}: ${help}`);
        }
      }
    }
    expect(found).toEqual([]);
  });
});
