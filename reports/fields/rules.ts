/**
 * The rule variants of a system as form fields, read from the kernel's own schemas
 * (sim/rules.ts) so a toggle added there shows up here with its values, their words and
 * its default. Labels say what each toggle means at the table; a toggle without one shows
 * its name.
 */
import { z } from 'zod';
import { rulesBySystem, type SystemName } from '../../sim/rules.ts';
import { findMechanic } from '../../sim/mechanics.ts';
import { quoted } from '../../sim/words.ts';
import type { ChoiceField, Field } from './spec.ts';

/** What each toggle decides, in the rules' words (docs/rules.md). */
const RULE_LABELS: Record<string, { label: string; help: string }> = {
  hitOn: { label: 'a hit is', help: '“one hit for every 4 they roll”: exactly 4, or 4 and above' },
  targeting: { label: 'leftover hits go to', help: 'with more than two sides: which weaker side' },
  equipment: { label: 'equipment dice roll for', help: '“The GM awards 1d4 or 2d4 to the most well-equipped side”: only the side with the most (as many at the top: none), or every side as written' },
  woundOrder: { label: 'who is wounded first', help: 'which able combatants the landed hits wound' },
  push: { label: 'pushing in violence', help: 'a combatant whose dice showed no hit may push to reroll, then is rattled' },
  medicReach: { label: 'a Medic attends', help: '“not in danger of dying” if attended “within 30 seconds”: one wounded a round per Medic; one a round, each wounded waiting up to 30 seconds (battle only: no exact values); or all of them' },
  outnumbered: { label: 'outnumbered by', help: '“the enemies’ able combatants outnumber yours”, for fleeing and the Berzerker: with three or more sides, every other side still fighting together, or some one of them alone' },
  invest: { label: 'a rival invests', help: 'how ambition points are split among designs' },
  handyPoint: { label: 'a handy asset’s extra point', help: '“add one extra point per turn”: one a turn per rival, or one for each design the asset helps' },
  speedChess: { label: 'Speed Chess', help: 'a foiled design returns half its points' },
  escalation: { label: 'a 6 on the consequence table escalates', help: '“A medium-consequence design begins”: that one design, or every later design of the slot' },
  consequenceWound: { label: 'a rival’s “A PC is wounded”', help: '“A wounded target … has a 2-in-4 chance to die”: 3 turns of bed rest with no death roll (the medium table’s wound, milder than the heavy table’s attempt on a life), or that death roll first (1-in-4 with the troupe’s aid or a living Medic), the survivor to bed' },
  attemptTarget: { label: 'an attempt on a PC’s life wounds', help: '“The side with the most 4s assigns their hits”, and the rival’s minions came for the target: their first hit of a wound phase wounds the target while it is able (a Defender may take it for a captain), the rest by who is wounded first; or every hit by who is wounded first, as in any fight' },
  advantageOn: { label: 'advantage dice go to', help: 'which pool of a split roll gets the advantage dice' },
  retarget: { label: 'a melee fighter’s target mid-turn', help: '“Change Focus … switch targets mid-turn” costs 1 charge: kept for the turn (its other attacks lost when the target falls, unless it buys Change Focus), or switched freely' },
  stunned: { label: 'a stunned target', help: '“briefly KO’d and skips a turn”: defenceless (its defence totals 0) until the skipped turn, or still defends' },
  damagePenalty: { label: 'what takes 1 from the totals a point', help: '“For every wound received, a character subtracts 1 from the total results”: Physical wounds only (Madness and Stress count toward KO alone), or Madness and Stress too' },
  givenUpBlock: { label: 'a block given up for charge', help: '“the action negated to gain charge counts … letting someone score a hit they otherwise wouldn’t have”: the attack hits, one wound (as any hit of one damage), or it does nothing more, or it is a glancing hit (no wound; the attacker gains a glancing blow’s tension and charge), or the attack meets no defence (its total against 0)' },
  coverRoll: { label: 'cover against a direct-fire shot is rolled', help: '“light cover grants a 2/6 chance of avoiding a hit”: on a shot that would hit, so a block stays a block with its tension and effect; or before the attack is rolled (“In order to simplify fights, it’s recommended to roll for this chance before ranged attacks are calculated”), an avoided shot’s block lost too' },
  chargeRelease: { label: 'charge from a success given up is released', help: '“the action negated to gain charge counts, so it is possible for example to grapple someone rather than punching them”: a buy released on an enemy goes at once, in the attack or defence given up, or only as a later action of the fighter’s own (Surge, Second Wind, Break off take an action either way)' },
  entangledFortitude: { label: 'an Entangled Physical Fortitude', help: '“Physical Fortitude halved”: exactly (3 is 1.5, the damage rule rounds down after dividing), or rounded down and at least 1' },
  effectsOn: { label: 'effect dice weigh on', help: '“on all combat actions for one turn”: every roll of the loser’s from the moment it lands until its next turn ends (a block’s effect on the attacker’s second attack too); or its defences and next turn, an effect landed in its own turn waiting for the next; or only that next turn’s rolls' },
  exhausted: { label: 'a win by exhaustion scores', help: 'when the other side runs out of dice: one success, or every remaining die' },
  nextPenalty: { label: 'a “next” penalty taken before acting cuts', help: 'the next round’s action (this one’s dice are on the table), or this action, dice taken off at random' },
  totallyDefensive: { label: '“Totally defensive … declared action +2”', help: 'to a sacrificed action’s full defence (“I dive under the couch!”), or never' },
  standUpCovers: { label: 'a Stand Up at the round’s start covers', help: '“roll your Will … vs. the number of dice you’d like to use for your action”: the action alone (a sacrifice rolls its defence dice + defence bonus, +2 if “totally defensive” is played, − penalties), or the action or its sacrifice for a full defence, on the dice the Will roll bought' },
  tiedExchange: { label: 'an exchange that ties all the way down', help: '“If both sides have the same number of dice, throw your hands up in despair and re-roll or something”: that attack and defence re-rolled until they do not tie, the order of actions kept, or a stand-off (nothing happens)' },
  passionDefence: { label: 'Passion dice won this round, when the action is sacrificed', help: '“Sacrifice your planned action and declare a defensive action, at full dice. Note that some of your currency dice may not apply!”: stay behind with the action, or join that full defence (never the one die of “Suck it up”, nor a defence after acting)' },
  sacrificeCurrency: { label: 'currency carried into the round, when the action is sacrificed', help: '“Sacrifice your planned action and declare a defensive action, at full dice. Note that some of your currency dice may not apply!”: stays behind with the action and is lost, or all of it joins that full defence (never a Stand Up’s successes, the one die of “Suck it up”, nor a defence after acting)' },
  passionPenalties: { label: 'the Passion roll, under penalties', help: '“Penalties apply to ALL actions”: not cut (the penalties cut the action roll its dice join), or cut by the penalties in force at the round’s start, unless the character stood up this round' },
  injuryPenalties: { label: 'after the conflict, “see above to find out if you’ll make it” counts', help: '“at the end of a conflict, your lasting penalties are halved (round up)”: those alone (“‘Next’ penalties apply only to your next action”), or with the next penalties no roll spent on top, not halved (“Your total penalties to an action are equal to your next + lasting penalties”); only injured and in hospital read it' },
  failedStandUp: { label: 'a Stand Up failed or not tried', help: '“If you’re suffering penalties greater than your Stamina, you can’t act”: it loses that round’s action only (“If you’re still holding your guts in with one hand by next action, you need another Will roll”), sucks it up on one die if attacked, and tries again next round, beaten only past twice its Stamina (“Seriously, you need a hospital”); or it is beaten, the conflict over' },
  repeatPenalty: { label: 'the penalty for repeating a failed task', help: '“Repeating a task after failing -1”, on side A’s tries: taken once more for each try lost (the third try follows two failures: −2), or the same on every repeat, however many failures came before' },
  attackCurrency: { label: 'a landed attack’s successes', help: '“I punch my demon in the face (2 successes). That will give me 2 bonus dice”: go into the bleed alone, or also roll over as bonus dice into the attacker’s next action (a fighter whose currency is all)' },
};

interface JsonProperty {
  type?: string;
  enum?: unknown[];
  default?: unknown;
  /** Each value in the game's words, declared beside the values (sim/rules.ts `variant`). */
  words?: Record<string, string>;
}

/** Every toggle of `system`: key, values, each value's words, and default, from its zod schema. */
export function ruleToggles(system: SystemName): { key: string; values: (string | boolean)[]; words: Record<string, string>; default: unknown }[] {
  const schema = z.toJSONSchema(rulesBySystem[system]) as { properties?: Record<string, JsonProperty> };
  return Object.entries(schema.properties ?? {}).map(([key, p]) => ({
    key,
    values: (p.enum as string[] | undefined) ?? (p.type === 'boolean' ? [false, true] : []),
    words: p.words ?? {},
    default: p.default,
  }));
}

/**
 * A value of a toggle as the form shows it: its words ("when its dice show no hit" for
 * `ifNoHit`); a value without words, as written. The file keeps the value.
 */
function valueWords(toggle: { words: Record<string, string> }, value: unknown): string {
  return toggle.words[String(value)] ?? String(value);
}

/**
 * A rule as a field's help names it, by its label, quoted: “equipment dice roll for”. Read
 * from the table above rather than copied into the help, so a help never names a rule by
 * its file spelling nor by a label it no longer has.
 */
export function ruleNamed(key: string): string {
  if (!RULE_LABELS[key]) throw new Error(`ruleNamed: no label for the rule "${key}"`);
  return quoted(RULE_LABELS[key].label);
}

/** A rule's value as its select says it, quoted (sim/rules.ts `variant` words): “every side, as written”. */
export function ruleValueNamed(system: SystemName, key: string, value: string | boolean): string {
  const toggle = ruleToggles(system).find((t) => t.key === key);
  if (!toggle || !toggle.values.includes(value)) throw new Error(`ruleValueNamed: the ${system} rule "${key}" has no value ${JSON.stringify(value)}`);
  return quoted(valueWords(toggle, value));
}

/** As ruleValueNamed, followed by ", the default" where it is the rule's default (sim/rules.ts declares it once). */
export function ruleValueSaid(system: SystemName, key: string, value: string | boolean): string {
  const isDefault = ruleToggles(system).find((t) => t.key === key)?.default === value;
  return `${ruleValueNamed(system, key, value)}${isDefault ? ', the default' : ''}`;
}

/** A rule toggle in the rules' words ("a hit is"); one the dashboard does not know by its key. */
export function ruleLabel(key: string): string {
  return RULE_LABELS[key]?.label ?? key;
}

/**
 * The rule fields a mechanic's form shows: the variants it plays (sim/mechanic.ts
 * `variants`), so a variant that would change nothing is never offered, each with the
 * values it plays (not its `unplayedValues`, which it refuses).
 */
export function ruleFields(system: SystemName, mechanic: string): Field[] {
  const found = findMechanic(system, mechanic);
  const plays = found?.variants ?? [];
  const unplayed = found?.unplayedValues ?? {};
  return ruleToggles(system)
    .filter((t) => plays.includes(t.key))
    .map((t): ChoiceField => ({
      kind: 'choice',
      key: t.key,
      label: ruleLabel(t.key),
      help: RULE_LABELS[t.key]?.help,
      placeholder: `${valueWords(t, t.default)} (default)`,
      options: t.values.filter((v) => !(unplayed[t.key] ?? []).includes(String(v))).map((v) => ({ value: v, label: valueWords(t, v) })),
    }));
}
