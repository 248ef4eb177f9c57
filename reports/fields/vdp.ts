/**
 * Very Different Places forms: basic, risky and opposed checks. Field labels and help
 * quote very-different-places.txt ("Skill Checks").
 */
import { choice, type Field, type MechanicForm, type Preset } from './spec.ts';
import { ruleNamed } from './rules.ts';
import { ALLOCATIONS, SPEND_POLICIES, TARGETING, WOUND_LIMITS, combat, combatSetup } from '../../sim/vdp/combat.ts';
import { vdpRules } from '../../sim/rules.ts';
import { BID_POLICIES, DEFENSIVE_EFFECTS, OFFENSIVE_EFFECTS } from '../../sim/vdp/effects.ts';
import { DAMAGE_TYPES, REMOVE_STATUS } from '../../sim/vdp/status.ts';
import { CASH_IN, CHARGE_ACTIONS } from '../../sim/vdp/charge.ts';
import { EXTENDED_ALLOCATIONS } from '../../sim/vdp/extended.ts';
import { CONTEST_ORDERS } from '../../sim/vdp/contestRound.ts';
import { ADVANTAGE_ON, ADVANTAGE_ROLLS } from '../../sim/vdp/situational.ts';
import { FIXED_SPLITS } from '../../sim/vdp/allocation.ts';
import { sweepPreset } from './presets.ts';
import { withValue } from './paths.ts';
import { DEFAULT_COMBAT_ROUNDS } from '../../sim/vdp/combat.ts';
import { DEFAULT_CONTEST_ROUNDS } from '../../sim/vdp/contestRound.ts';
import { DEFAULT_MAX_STEPS } from '../../sim/vdp/extended.ts';

/**
 * The setup's problems (schema issues, then the mechanic's refusals when it parses), each as
 * "path: message", with character `change.index`'s `change.field` set to `change.value` (or
 * as it stands).
 */
function setupProblems(s: Record<string, unknown>, change?: { index: number; field: string; value: unknown }): Set<string> | undefined {
  const setup = s.setup as { characters?: Record<string, unknown>[] } | undefined;
  const characters = setup?.characters;
  const at = change?.index ?? 0;
  if (!Array.isArray(characters) || characters.length <= at || typeof characters[at] !== 'object' || characters[at] === null) return undefined;
  const candidate = change === undefined ? setup : { ...setup, characters: characters.map((c, k) => (k === at ? { ...c, [change.field]: change.value } : c)) };
  const parsed = combatSetup.safeParse(candidate);
  if (!parsed.success) return new Set(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  const rules = vdpRules.safeParse(s.rules ?? {});
  return new Set(combat.refuse!(parsed.data, rules.success ? rules.data : vdpRules.parse({})).map((r) => `${r.path}: ${r.problem}`));
}

/**
 * The allocation policies for character `index` that add no problem to the setup as it
 * stands: a Change Focus buyer has no "0/4", which never attacks (sim/vdp/combat.ts), and a
 * sweep of every policy was refused whole at that point. Every policy where the setup has
 * problems of its own (the run says them), or where none would do.
 */
function acceptedAllocations(s: Record<string, unknown>, index: number): string[] {
  const now = setupProblems(s, { index, field: 'allocation', value: (s.setup as { characters: Record<string, unknown>[] }).characters?.[index]?.allocation });
  if (now === undefined) return [...ALLOCATIONS];
  const accepted = ALLOCATIONS.filter((a) => [...setupProblems(s, { index, field: 'allocation', value: a })!].every((p) => now.has(p)));
  return accepted.length > 0 ? accepted : [...ALLOCATIONS];
}

/**
 * The buys for the first character that the setup and its refusals accept: those that add no
 * problem to the setup as it stands (a buy may make another character's refused: a Break off
 * against a grapple that is no more). The buy it has now, where nothing is accepted.
 */
function acceptedBuys(s: Record<string, unknown>): string[] {
  const now = setupProblems(s);
  if (now === undefined) return ['none'];
  // Nothing at the buy's own path (even a problem the setup has now: its current buy may be
  // refused), and nothing new elsewhere.
  const own = (p: string) => p.startsWith('characters.0.chargeBuy:') || p.startsWith('setup.characters.0.chargeBuy:');
  const accepted = CHARGE_ACTIONS.filter((buy) => [...setupProblems(s, { index: 0, field: 'chargeBuy', value: buy })!].every((p) => !own(p) && now.has(p)));
  const current = ((s.setup as { characters: Record<string, unknown>[] }).characters[0].chargeBuy as string | undefined) ?? 'none';
  return accepted.length > 0 ? accepted : [current];
}

/**
 * Words for the values the file spells as no designer says (the select, Vary's boxes and the
 * results show these; the file keeps the value): the text's own names where it has them.
 */
/** "Atk Def Narrative (melee)": the fixed splits as written, the policies by the table's words. */
const ALLOCATION_WORDS: Record<(typeof ALLOCATIONS)[number], string> = {
  '4/0': '4/0',
  '3/1': '3/1',
  '2/2': '2/2',
  '1/3': '1/3',
  '0/4': '0/4',
  guardWhenWounded: 'guard when wounded',
  finishingBlow: 'all-out finishing blow',
  desperation: 'desperation move',
};
const EXTENDED_ALLOCATION_WORDS: Record<(typeof EXTENDED_ALLOCATIONS)[number], string> = {
  '4/0': '4/0',
  '3/1': '3/1',
  '2/2': '2/2',
  '1/3': '1/3',
  '0/4': '0/4',
  pressAfterMiss: 'press after a miss',
};
const SPEND_WORDS: Record<(typeof SPEND_POLICIES)[number], string> = {
  never: 'never',
  onAttack: 'on its attack rolls',
  onDefence: 'on its defence rolls',
  onNextRoll: 'on its next roll',
};
const TARGETING_WORDS: Record<(typeof TARGETING)[number], string> = {
  weakest: 'the weakest enemy',
  strongest: 'the strongest enemy',
  random: 'an enemy at random',
};
const OFFENSIVE_WORDS: Record<(typeof OFFENSIVE_EFFECTS)[number], string> = {
  never: 'never',
  always: 'always',
  unlessKo: 'unless the blow would KO',
};
/** "Character type  Wounds before KO": each row by its first words. */
const TYPE_WORDS: Record<keyof typeof WOUND_LIMITS, string> = {
  pest: 'pests',
  civilian: 'civilians',
  trained: 'trained fighters',
  wellTrained: 'well-trained fighters',
  elite: 'elites or fanatics',
  boss: 'boss characters',
};
/** The Edge Charge table's names, as the text writes them. */
const CHARGE_WORDS: Record<(typeof CHARGE_ACTIONS)[number], string> = {
  none: 'none',
  armourPierce: 'Armor Pierce',
  grapple: 'Grapple',
  entangleShock: 'Entangle/Shock',
  disarm: 'Disarm',
  surge: 'Surge',
  probeDefence: 'Probe Defense',
  stunningBlow: 'Stunning Blow',
  secondWind: 'Second Wind',
  changeFocus: 'Change Focus',
  breakOff: 'Break off',
  humanShield: 'Human shield',
};
/** "that success may be given up in order to gain charge": which successes. */
const CASH_IN_WORDS: Record<(typeof CASH_IN)[number], string> = {
  never: 'never',
  blocks: 'its blocks',
  hits: 'its hits',
  both: 'its blocks and hits',
};
const ZERO_WINS_WORDS = { true: 'yes', false: 'no: it must beat 0' };

const advantage: Field = {
  kind: 'number',
  key: 'advantage',
  label: 'advantage dice',
  placeholder: '0',
  help: 'rolled extra; “remove the lowest dice until the dice pool is back to its normal size”',
};
const disadvantage: Field = {
  kind: 'number',
  key: 'disadvantage',
  label: 'disadvantage dice',
  placeholder: '0',
  help: 'rolled extra; the highest are removed. Advantage and disadvantage cancel one for one',
};

export const checkForm: MechanicForm = {
  system: 'vdp',
  mechanic: 'check',
  title: 'Basic check',
  intro: '“Roll 2d6 and add your skill modifier, comparing the total to the target.” A total exactly on the target gains a point of Tension.',
  fields: [
    { kind: 'number', key: 'modifier', label: 'modifier', help: 'attribute + skill' },
    { kind: 'number', key: 'target', label: 'target' },
    { kind: 'number', key: 'dice', label: 'dice rolled', placeholder: '2' },
    advantage,
    disadvantage,
  ],
  template: () => ({ modifier: 3, target: 10 }),
  presets: [sweepPreset('targets 4 to 16', 'P(success) and tension for every target from 4 to 16', { 'setup.target': [4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16] })],
};

/** Sweep every split of the pool, dropping the fixed second half (it follows the first). */
function splitPreset(label: string, help: string, first: string, second: string): Preset[] {
  return [
    {
      label,
      help,
      apply: (s) => {
        const cleared = withValue(s, ['setup', ...second.split('.')], undefined);
        return { ...cleared, sweep: { [`setup.${first}`]: [0, 1, 2, 3, 4] } };
      },
    },
  ];
}

export const riskyForm: MechanicForm = {
  system: 'vdp',
  mechanic: 'risky',
  title: 'Risky check',
  intro: '“Split these 4 dice between the two goals of Accomplish and Caution.” Accomplish against the success target, Caution against the risk target; equal or higher passes.',
  fields: [
    { kind: 'number', key: 'accomplish', label: 'accomplish dice', help: 'of the pool of 4' },
    { kind: 'number', key: 'caution', label: 'caution dice', placeholder: '4 − accomplish' },
    { kind: 'number', key: 'modifier', label: 'modifier', help: 'added to the Accomplish total' },
    { kind: 'number', key: 'cautionModifier', label: 'caution modifier', placeholder: '= modifier' },
    { kind: 'number', key: 'successTarget', label: 'success target' },
    { kind: 'number', key: 'riskTarget', label: 'risk target' },
    advantage,
    disadvantage,
  ],
  template: () => ({ accomplish: 2, modifier: 4, successTarget: 12, riskTarget: 8 }),
  presets: splitPreset('compare splits', 'every split of the 4 dice: 0/4, 1/3, 2/2, 3/1, 4/0', 'accomplish', 'caution'),
};

function opposer(label: string): Field {
  return {
    kind: 'group',
    key: label,
    label: `character ${label.toUpperCase()}`,
    byName: true,
    fields: [
      { kind: 'text', key: 'name', label: 'name' },
      { kind: 'number', key: 'accomplish', label: 'accomplish dice', help: 'of the pool of 4' },
      { kind: 'number', key: 'resist', label: 'resist dice', placeholder: '4 − accomplish' },
      { kind: 'number', key: 'modifier', label: 'modifier' },
      { kind: 'number', key: 'resistModifier', label: 'resist modifier', placeholder: '= modifier' },
      advantage,
      disadvantage,
    ],
  };
}

export const opposedForm: MechanicForm = {
  system: 'vdp',
  mechanic: 'opposed',
  title: 'Opposed check',
  intro: '“Each character’s Accomplish check must beat the opposing character’s Resist check.” Each score is Accomplish minus the other’s Resist; “whichever score is highest wins the contest. If both scores are negative, everyone fails.”',
  fields: [
    opposer('a'),
    opposer('b'),
    choice('zeroWins', 'a score of 0 wins', [true, false], 'yes (default)', 'yes: the higher score wins unless negative; no: a score must be above 0 (“must beat”)', ZERO_WINS_WORDS),
  ],
  template: () => ({
    a: { name: 'Mark', accomplish: 4, modifier: 5 },
    b: { name: 'Jacob', accomplish: 1, modifier: 5 },
  }),
  presets: splitPreset('compare A’s splits', 'every split of A’s 4 dice against B as set', 'a.accomplish', 'a.resist'),
};

/** Attribute + skill (+ a weapon or shield) added to a roll (sim/vdp/exchange.ts). */
function rollBonus(key: 'attack' | 'defence', label: string, help: string): Field {
  return {
    kind: 'group',
    key,
    label,
    fields: [
      { kind: 'number', key: 'attribute', label: 'attribute' },
      { kind: 'number', key: 'skill', label: 'skill' },
      { kind: 'number', key: 'bonus', label: key === 'attack' ? 'weapon bonus' : 'shield or armour', placeholder: '0', help },
    ],
  };
}

/** Situational advantage and disadvantage dice on a fighter's rolls: combat's fields, a contest's too. */
const situationalFields: Field[] = [
  { ...advantage, help: '“Many combat rules will also call for Advantage or Disadvantage dice”: on the rolls named below, all fight long or the first only; they cancel tension’s and effect dice one for one' },
  { ...disadvantage, help: '“using a skill not directly relevant may create a Disadvantage”; the highest dice are removed' },
  choice('advantageOn', 'situational dice on', ADVANTAGE_ON, 'both (default)', 'its attack rolls, its defence rolls, or both'),
  choice('advantageRolls', 'situational dice for', ADVANTAGE_ROLLS, 'its first roll only (default)', 'its first such roll: “only applies to a single skill check or combat roll unless the rules state otherwise” (an ambush); or every roll, a situation that lasts the fight (skates on ice)', { every: 'every roll', first: 'its first roll only' }),
];

/** A block's defensive effect and the bidding over effects: combat's fields, a contest's too. */
const defensiveEffectFields: Field[] = [
  choice('defensiveEffect', 'block’s tension on an effect', DEFENSIVE_EFFECTS, 'always (default)', '“can spend that tension on a defensive effect”; never banks it for advantage dice'),
  choice('bid', 'tension bidding', BID_POLICIES, 'while it can outlast the other (default)', 'pay to negate an effect, or put one back on: always, only while it can outlast the other, never (said to change nothing where no effect is made to bid over)', { always: 'always', whileAhead: 'while it can outlast the other', never: 'never' }),
  { kind: 'number', key: 'effectTension', label: 'stored tension per effect', placeholder: '0', help: '“and any stored tension”: added to each effect it makes (said to change nothing on one that makes none)' },
];

export const combatForm: MechanicForm = {
  system: 'vdp',
  mechanic: 'combat',
  title: 'Combat: a fight in rounds',
  intro: '“A character’s dice pool is always split into Attack and Defence dice.” Turns in order of 2d6 + Timing; an attack beats the defence by at least Fortitude to wound; wounds beyond the limit KO.',
  fields: [
    {
      kind: 'list',
      key: 'characters',
      label: 'characters',
      item: 'character',
      min: 2,
      fields: [
        { kind: 'text', key: 'name', label: 'name' },
        { kind: 'text', key: 'team', label: 'team', placeholder: 'its own name', help: 'characters of a team fight together' },
        { kind: 'number', key: 'count', label: 'how many', placeholder: '1' },
        rollBonus('attack', 'attack', 'added to attack rolls'),
        rollBonus('defence', 'defence', 'added to defence rolls'),
        { kind: 'number', key: 'fortitude', label: 'fortitude', help: 'of the damage type the enemies deal (Physical in a fistfight)' },
        choice('damageType', 'damage type', DAMAGE_TYPES, 'physical (default)', 'the type its enemies deal, whose Fortitude that is; Entangled halves only “Physical Fortitude”'),
        choice('type', 'character type', Object.keys(WOUND_LIMITS), 'choose, or give a wound limit', 'the row of the character-type table: wounds before KO', TYPE_WORDS),
        { kind: 'number', key: 'woundLimit', label: 'wound limit', placeholder: 'by type', help: 'instead of the type (a trait may raise Health); not both' },
        { kind: 'number', key: 'timing', label: 'timing', help: '“the sum of Physical, Mental, and Emotional Reaction”' },
        { kind: 'number', key: 'tension', label: 'starting tension', placeholder: '0' },
        { kind: 'number', key: 'charge', label: 'stored charge', placeholder: '0', help: '“Charge can be stored between fights or challenges, up to a character’s Attunement, and dissipates at a rate of 1 per day”: what it brings in, kept within its Attunement by you; spent on its Edge Charge buy (said to change nothing with none)' },
        { kind: 'number', key: 'attacks', label: 'attacks a turn', placeholder: '2', help: '“A character may take two actions on their turn”' },
        { kind: 'flag', key: 'ranged', label: 'fires at range', help: 'direct fire, which cover can avoid' },
        { kind: 'flag', key: 'indirect', label: 'fires indirect', help: 'a mortar or a lobbed grenade: "Indirect fire is not affected" by cover; needs "fires at range", and is fired from the open (no cover of its own)' },
        choice('cover', 'cover', ['none', 'light', 'medium', 'full'], 'none (default)', 'light: avoids a direct ranged hit 2 in 6, medium 4 in 6 (refused where no enemy fires direct at range, and on a character that fires indirect)'),
        choice('allocation', 'dice split or policy', ALLOCATIONS, '2/2 (default): thrust and parry', 'attack/defence; or a policy that changes with wounds — guard when wounded: 3/1 unhurt, 2/2 once wounded, 1/3 a wound from KO; all-out finishing blow: 4/0 while an enemy is a wound from KO, else 2/2; desperation move: 4/0 while it is itself a wound from KO, else 2/2', ALLOCATION_WORDS),
        choice('spendTension', 'spend tension', SPEND_POLICIES, 'on its attack rolls (default)', 'one advantage die per point', SPEND_WORDS),
        { kind: 'number', key: 'spendPerRoll', label: 'most tension a roll', placeholder: '4' },
        ...situationalFields,
        choice('targeting', 'attacks', TARGETING, 'the weakest enemy (default)', 'which enemy: fewest or most wounds left, or at random', TARGETING_WORDS),
        choice('offensiveEffect', 'convert damage to an effect', OFFENSIVE_EFFECTS, 'never (default)', `“convert any number of damage points to tension”: one disadvantage die a point on the target’s rolls until its next turn ends (see the rule ${ruleNamed('effectsOn')}); or always, but the blow that KOs is dealt`, OFFENSIVE_WORDS),
        ...defensiveEffectFields,
        { kind: 'number', key: 'armour', label: 'armour', placeholder: '0', help: '“Armor grants additional threshold”: added to a Physical Fortitude (refused with a Mental or Emotional damage type)' },
        { kind: 'number', key: 'armourPiercing', label: 'armour piercing', placeholder: '0', help: 'points of the target’s armour its weapon negates' },
        {
          kind: 'group',
          key: 'status',
          label: 'statuses at the start',
          fields: [
            { kind: 'flag', key: 'entangled', label: 'Entangled', help: '“Physical Fortitude halved”: not a Mental or Emotional one (damage type)' },
            { kind: 'flag', key: 'fatigued', label: 'Fatigued', help: '“one action instead of two”' },
            { kind: 'flag', key: 'weakened', label: 'Weakened', help: '“half their dice pool”' },
            { kind: 'flag', key: 'panicked', label: 'Panicked', help: '“at least 2 dice on defense, and take a MOVE”: one attack a turn' },
          ],
        },
        choice('removeStatus', 'remove statuses', REMOVE_STATUS, 'always (default)', '“spending 1 point of Tension” each, at the start of its turn'),
        choice('chargeBuy', 'Edge Charge buys', CHARGE_ACTIONS, 'none (default)', `released as an action once it has the charge: Armor Pierce 1, Grapple 1, Entangle/Shock 1 (ranged only: Entangled until the target spends its next action getting free, not shed with tension), Disarm 1, Surge 2, Probe Defense 2, Stunning Blow 3, Second Wind 3; Change Focus 1, paid when its turn’s target falls (the rule ${ruleNamed('retarget')}); Break off 1, an action at the start of its turn on itself when still held by a grapple, then (melee only) on each ally still held, the most hurt first (needs an enemy that grapples, and a grapple that could hold it or, melee, an ally); Human shield 2 (melee only), seizes an enemy beside a gunner and holds it until its next turn (or a stun), and another enemy’s shot that would hit it goes to that target 3 times in 4 (needs a ranged enemy and at least two enemies). Grapple is melee only, and not put on an enemy whose damage type is not physical (Entangled halves only “Physical Fortitude”; refused where no enemy’s is). Armor Pierce needs an enemy whose armour its side’s weapons do not already pierce; Disarm an enemy with a weapon (an attack bonus above 0, ranged, or armour piercing), and is never released on one without. No buy is released where it would change nothing (a hold on a held target, a pierce on armour already negated or pierced by its side’s weapons, a disarm on the disarmed, a stun on the stunned); a ranged fighter’s release (but a Probe Defense) is a shot that cover may stop`, CHARGE_WORDS),
        choice('chargeCashIn', 'gives up for charge', CASH_IN, 'never (default)', 'which successes it gives up while short of the cost; glancing hits always give 1. Its hits (or blocks and hits) with Surge or Stunning Blow gives up every hit: such a fighter never wounds (with Armor Pierce, Grapple or Disarm it wounds only while its target is still pierced, held or disarmed; with Human shield only while it holds one)', CASH_IN_WORDS),
      ],
      newItem: (items) => ({ name: `fighter ${items.length + 1}`, attack: { attribute: 2, skill: 1 }, defence: { attribute: 2, skill: 1 }, fortitude: 3, type: 'trained', timing: 6 }),
    },
    { kind: 'number', key: 'maxRounds', label: 'most rounds', placeholder: String(DEFAULT_COMBAT_ROUNDS), help: 'a fight still going is then a draw' },
  ],
  template: () => ({
    characters: [
      { name: 'Jill', attack: { attribute: 2, skill: 1 }, defence: { attribute: 3, skill: 1 }, fortitude: 2, type: 'trained', timing: 7 },
      { name: 'Jack', attack: { attribute: 2, skill: 2 }, defence: { attribute: 3, skill: 2 }, fortitude: 2, type: 'trained', timing: 6 },
    ],
  }),
  presets: [
    // The policies the setup accepts for each (a Change Focus buyer has no "0/4"), as the
    // buys below: checked by the mechanic's own refusals, declared there once.
    {
      label: 'every split for the first',
      help: 'the first character’s allocation policies the setup accepts (a Change Focus buyer never stands at “0/4”), the second’s as set',
      apply: (s) => ({ ...s, sweep: { 'setup.characters.0.allocation': acceptedAllocations(s, 0) } }),
    },
    {
      label: 'allocation matrix',
      help: 'every policy the setup accepts against every policy it accepts (a Change Focus buyer never stands at “0/4”)',
      apply: (s) => ({ ...s, sweep: { 'setup.characters.0.allocation': acceptedAllocations(s, 0), 'setup.characters.1.allocation': acceptedAllocations(s, 1) } }),
    },
    sweepPreset('effects for the first', 'the first character’s offensive-effect policies, the second’s as set', { 'setup.characters.0.offensiveEffect': [...OFFENSIVE_EFFECTS] }),
    // The buys the setup accepts for the first character as the scenario stands: each is
    // checked by the combat schema and the mechanic's own refusals (sim/vdp/combat.ts), so the
    // sweep never offers one that would be refused (a hold its weapon does not allow, Change
    // Focus with no one to switch to, Break off with no hold to break, Armor Pierce with no armour
    // to negate, Disarm with no weapon to drop, Human shield with no gun to turn…), and the rules of what is refused are
    // declared once, there. A problem elsewhere in the scenario is not the buy's.
    {
      label: 'Edge Charge buys for the first',
      help: 'each costed action the setup accepts for the first character as it stands (not those it would refuse: a hold its weapon does not allow, Change Focus with no one to switch to, Break off with no hold to break, Armor Pierce with no armour to negate, Disarm with no weapon to drop, Human shield with no gun to turn), the others as set',
      apply: (s) => ({ ...s, sweep: { 'setup.characters.0.chargeBuy': acceptedBuys(s) } }),
    },
    sweepPreset('armour for the second', 'the second character’s armour, 0 to 4', { 'setup.characters.1.armour': [0, 1, 2, 3, 4] }),
    {
      // On every roll, as the help says: a skill not directly relevant is used all fight
      // long, and the default puts situational dice on the first roll only (a review: the
      // preset said "every roll" and played the first).
      label: 'disadvantage for the first',
      help: 'disadvantage dice on every roll of the first character, 0 to 3 (“a skill not directly relevant”, used all fight long: its situational dice set to every roll)',
      apply: (s) => {
        const characters = Array.isArray((s.setup as { characters?: unknown })?.characters) ? [...((s.setup as { characters: Record<string, unknown>[] }).characters)] : [];
        if (characters[0]) characters[0] = { ...characters[0], advantageRolls: 'every' };
        return { ...s, setup: { ...(s.setup as object), characters }, sweep: { 'setup.characters.0.disadvantage': [0, 1, 2, 3] } };
      },
    },
  ],
};

export const extendedForm: MechanicForm = {
  system: 'vdp',
  mechanic: 'extended',
  title: 'Extended check',
  intro: '“Balance attack and defense die like they would in combat, against a pair of target numbers representing difficulty (for attack) and intensity of effort (for defense).”',
  fields: [
    rollBonus('attack', 'attack', 'a tool, say'),
    rollBonus('defence', 'defence', '“defense is done with Focus or Stamina”'),
    { kind: 'number', key: 'difficulty', label: 'difficulty', help: 'target of each attack roll' },
    { kind: 'number', key: 'intensity', label: 'intensity', help: 'target of each defence roll' },
    { kind: 'number', key: 'steps', label: 'steps', help: '“at least two steps, but three or four is more common”' },
    choice('allocation', 'dice split or policy', EXTENDED_ALLOCATIONS, '2/2 (default)', 'attack/defence; or press after a miss: 3/1 right after a miss', EXTENDED_ALLOCATION_WORDS),
    advantage,
    disadvantage,
    choice('advantageSteps', 'advantage applies to', ['every', 'first'], 'the first step only (default)', '“only applies to a single skill check … unless the rules state otherwise”; or every step, a circumstance of the whole job (good tools)', { every: 'every step', first: 'the first step only' }),
    choice('spendTension', 'spend tension', SPEND_POLICIES, 'on its attack rolls (default)', 'one advantage die per point on the next step’s roll; a roll exactly on its target banks a point', SPEND_WORDS),
    { kind: 'number', key: 'spendPerRoll', label: 'most tension a roll', placeholder: '4' },
    { kind: 'number', key: 'maxSteps', label: 'most steps', placeholder: String(DEFAULT_MAX_STEPS) },
  ],
  template: () => ({ attack: { attribute: 2, skill: 2 }, defence: { attribute: 2, skill: 1 }, difficulty: 10, intensity: 7, steps: 3 }),
  presets: [sweepPreset('every split', 'each allocation of the 4 dice', { 'setup.allocation': [...EXTENDED_ALLOCATIONS] })],
};

function contender(label: string): Field {
  return {
    kind: 'group',
    key: label,
    label: `character ${label.toUpperCase()}`,
    fields: [
      { kind: 'text', key: 'name', label: 'name' },
      rollBonus('attack', 'attack', 'stat + skill: “replaced by relevant stats and skills”'),
      rollBonus('defence', 'defence', 'stat + skill; also its threshold: “replaced by the defensive bonus”'),
      { kind: 'number', key: 'timing', label: 'timing', help: '“the character with best Timing going first”' },
      choice('allocation', 'dice split', FIXED_SPLITS, '2/2 (default)', 'attack/defence'),
      { kind: 'number', key: 'attacks', label: 'attacks a turn', placeholder: '2' },
      { kind: 'number', key: 'tension', label: 'starting tension', placeholder: '0' },
      choice('spendTension', 'spend tension', SPEND_POLICIES, 'on its attack rolls (default)', 'one advantage die per point', SPEND_WORDS),
      { kind: 'number', key: 'spendPerRoll', label: 'most tension a roll', placeholder: '4' },
      ...situationalFields,
      ...defensiveEffectFields,
    ],
  };
}

export const contestRoundForm: MechanicForm = {
  system: 'vdp',
  mechanic: 'contestRound',
  title: 'Opposed check as combat rounds',
  intro: '“An opposed skill check works like a combat round … The opposed skill check continues until one of the characters receives a “wound”, marking them the loser.” Thresholds are the defence bonus; a block’s tension goes on a defensive effect, as in combat.',
  fields: [
    contender('a'),
    contender('b'),
    choice('order', 'who goes first', CONTEST_ORDERS, 'timing (default)', 'timing: the higher Timing every round; rolled: 2d6 + Timing each round, as in combat'),
    { kind: 'number', key: 'maxRounds', label: 'most rounds', placeholder: String(DEFAULT_CONTEST_ROUNDS), help: 'a contest still going is then a draw' },
  ],
  template: () => ({
    a: { name: 'Ana', attack: { attribute: 3, skill: 1 }, defence: { attribute: 3, skill: 1 }, timing: 6 },
    b: { name: 'Bo', attack: { attribute: 2, skill: 2 }, defence: { attribute: 2, skill: 2 }, timing: 5 },
  }),
  presets: [
    sweepPreset('every split for A', 'A’s fixed splits against B as set', { 'setup.a.allocation': [...FIXED_SPLITS] }),
    sweepPreset('defensive effects for A', 'A’s blocks making effects or banking their tension, B as set', { 'setup.a.defensiveEffect': [...DEFENSIVE_EFFECTS] }),
  ],
};
