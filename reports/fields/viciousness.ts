/**
 * Viciousness forms: violence (clash, and battle when it is in the build), knavery,
 * discovery and knowledge. Field labels and help quote viciousness.txt.
 */
import type { ChoiceField, Field, ListField, MechanicForm } from './spec.ts';
import { ruleNamed, ruleValueNamed, ruleValueSaid } from './rules.ts';
import { oneMore, sweepPreset } from './presets.ts';
import { namesMedic } from '../../sim/viciousness/traits.ts';
import { DEFAULT_MAX_ROUNDS } from '../../sim/viciousness/battleSetup.ts';

const rattled: Field = {
  kind: 'flag',
  key: 'rattled',
  label: 'rattled',
  help: '“Dice contributed by a rattled PC are rolled twice, and the lower results taken.”',
};

function uniqueName(base: string, items: readonly unknown[]): string {
  const taken = new Set(items.map((i) => (i as { name?: unknown })?.name));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base} ${n}`)) return `${base} ${n}`;
}

const combatants: ListField = {
  kind: 'list',
  key: 'combatants',
  label: 'combatants',
  item: 'combatant',
  min: 1,
  help: '“Each combatant in a side adds 1d4 to its roll”, plus its trait dice that apply.',
  fields: [
    { kind: 'text', key: 'name', label: 'name', help: 'an entry named “captain” is the captain (for wound order)' },
    { kind: 'number', key: 'count', label: 'how many', placeholder: '1', help: 'combatants this entry stands for' },
    { kind: 'dice', key: 'dice', label: 'trait dice', help: 'traits whose condition applies; the 1d4 is added for you' },
    { kind: 'dice', key: 'openingDice', label: 'first clash only', help: 'surprise that does not last: “Add 1d4 if attempting violence on someone who doesn’t realize you’re a threat”' },
    {
      kind: 'text',
      key: 'traits',
      label: 'named traits',
      placeholder: 'none',
      help: 'medic (attends as a Medic), berzerker (+1d4 outnumbered, +1d4 more if the side never flees), duelist (+1d4 one-on-one), defender (in a battle, takes a blow meant for the captain with the side’s “Defender’s push”), marksman (in a battle, a snap shot with the side’s “Marksman’s push”); comma-separated',
      read: (t) => {
        const names = t.split(',').map((x) => x.trim()).filter((x) => x !== '');
        return names.length > 0 ? names : undefined;
      },
      show: (v) => (Array.isArray(v) ? v.join(', ') : ''),
    },
    { kind: 'flag', key: 'saluted', label: 'saluted (a Duelist)', help: '“Add 1d4 if you’ve both saluted each other first”: the Duelist rolls 2d4 more in a duel, not 1d4' },
    rattled,
    {
      kind: 'choice',
      key: 'role',
      label: 'role',
      placeholder: 'by name',
      options: [
        { value: 'captain', label: 'captain' },
        { value: 'minion', label: 'minion' },
      ],
      help: 'for the woundOrder rule; defaults to captain for an entry named “captain”',
    },
  ],
  newItem: (items) => ({ name: uniqueName('minion', items), count: 1 }),
};

/** A side of a violence setup; battle adds its flight and aid fields. */
function sides(extra: Field[] = []): ListField {
  return {
    kind: 'list',
    key: 'sides',
    label: 'sides',
    item: 'side',
    min: 2,
    fields: [
      { kind: 'text', key: 'name', label: 'side' },
      { kind: 'dice', key: 'bonus', label: 'equipment bonus', help: `“The GM awards 1d4 or 2d4 to the most well-equipped side”: only the side with the most rolls them; as many at the top: none (the rule ${ruleNamed('equipment')}: ${ruleValueSaid('viciousness', 'equipment', 'mostEquipped')}; ${ruleValueSaid('viciousness', 'equipment', 'everySide')}: each side its own)` },
      combatants,
      ...extra,
    ],
    newItem: (items) => ({ name: uniqueName('others', items), combatants: [{ name: 'captain' }] }),
  };
}

const sidePush: ChoiceField = {
  kind: 'choice',
  key: 'push',
  label: 'push to reroll',
  placeholder: 'as the push variant (default)',
  options: [
    { value: 'never', label: 'never' },
    { value: 'ifNoHit', label: 'if its dice show no hit' },
  ],
  help: '“A PC may also push in order to reroll the dice they contributed to a pool”: this side in place of the push variant — guards, who are no PCs, never',
};

export const clashForm: MechanicForm = {
  system: 'viciousness',
  mechanic: 'clash',
  title: 'Violence: one clash',
  intro: 'One clash phase: each side rolls its pool; “each side gets one hit for every 4 they roll”, and the side with more hits lands the difference.',
  fields: [sides([sidePush])],
  template: () => ({
    sides: [
      { name: 'crew', combatants: [{ name: 'captain', dice: ['d4'] }, { name: 'minion', count: 2 }] },
      { name: 'guards', combatants: [{ name: 'captain', dice: ['d6'] }, { name: 'minion', count: 2 }] },
    ],
  }),
  presets: [
    {
      label: 'd4 or d6 trait?',
      help: 'compare the first captain’s trait as a d4 with the same as a d6',
      apply: (s) => s,
      compare: (s) => ({ path: 'setup.sides.0.combatants.0.dice', value: swapD4D6((s as any).setup?.sides?.[0]?.combatants?.[0]?.dice) }),
    },
    sweepPreset('equipment bonus none, 1d4, 2d4', 'the first side’s equipment bonus from nothing to 2d4', { 'setup.sides.0.bonus': [[], ['d4'], ['2d4']] }),
  ],
};

/** The dice list with every d4 made a d6 (or, if it has no d4, every d6 a d4). */
export function swapD4D6(dice: unknown): string[] {
  const list = (Array.isArray(dice) ? dice : dice === undefined ? [] : [dice]).map(String);
  if (list.some((d) => /^\d*d4$/.test(d))) return list.map((d) => d.replace(/d4$/, 'd6'));
  if (list.some((d) => /^\d*d6$/.test(d))) return list.map((d) => d.replace(/d6$/, 'd4'));
  return [...list, 'd6'];
}

const flee: ChoiceField = {
  kind: 'choice',
  key: 'flee',
  label: 'flees',
  placeholder: 'never (default)',
  options: [
    { value: 'never', label: 'never' },
    { value: 'outnumbered', label: 'when outnumbered' },
    { value: 'lostHalf', label: 'once half are down' },
  ],
  help: 'the side’s policy in each flight phase',
};

/**
 * Whether a battle side lists a combatant with the Medic trait: its aid is then a Medic's
 * and `medics` counts only Medics not listed (sim/viciousness/violence.ts aidOf, medicsOf),
 * whatever the placeholders say of a side without one.
 */
const listsMedic = (side: Record<string, unknown>) =>
  Array.isArray(side.combatants) && side.combatants.some((c) => c !== null && typeof c === 'object' && namesMedic((c as { traits?: unknown }).traits as never) && (((c as { count?: unknown }).count as number | undefined) ?? 1) !== 0);

const aid: ChoiceField = {
  kind: 'choice',
  key: 'aid',
  label: 'medical attention',
  placeholder: 'none: 2 in 4 die (default): a Medic’s where a combatant has the Medic trait',
  defaultIn: (side) => (listsMedic(side) ? 'medic' : 'none'),
  options: [
    { value: 'none', label: 'none: 2 in 4 die' },
    { value: 'ordinary', label: 'ordinary: 1 in 4 die' },
    { value: 'medic', label: 'a Medic: none die' },
  ],
};

const berzerkerPush: ChoiceField = {
  kind: 'choice',
  key: 'berzerkerPush',
  label: 'Berzerker’s push',
  placeholder: 'never (default)',
  options: [
    { value: 'never', label: 'never' },
    { value: 'always', label: 'at the start' },
  ],
  help: '“Gain 1d4 during a crisis, but you must test for death at its end, wounded or not”: the side’s Berzerkers push as the battle begins — 1d4 more, rattled, a death roll at the end',
};

const defenderPush: ChoiceField = {
  kind: 'choice',
  key: 'defenderPush',
  label: 'Defender’s push',
  placeholder: 'never (default)',
  options: [
    { value: 'never', label: 'never' },
    { value: 'captain', label: 'for the captain' },
  ],
  help: '“Take a blow meant for another character”: an able Defender takes a wound that falls on a captain',
};

const marksmanPush: ChoiceField = {
  kind: 'choice',
  key: 'marksmanPush',
  label: 'Marksman’s push',
  placeholder: 'never (default)',
  options: [
    { value: 'never', label: 'never' },
    { value: 'first', label: 'as the battle begins' },
    { value: 'lastFoe', label: 'at the last foe' },
  ],
  help: '“Make a snap shot with amazing accuracy”: a wound on one able enemy before a clash’s dice, no roll, and the Marksman rattled from then on — every Marksman of the side as the battle begins, or one when a single foe is left; two sides only',
};


export const battleForm: MechanicForm = {
  system: 'viciousness',
  mechanic: 'battle',
  title: 'Violence: a whole battle',
  intro: '“A round has 3 phases: Clash, Wound, Flight.” Rounds go on until at most one side still fights.',
  fields: [
    sides([
      flee,
      aid,
      { kind: 'number', key: 'medics', label: 'medics', placeholder: '1 (0 beside a Medic listed)', defaultIn: (side) => (listsMedic(side) ? 0 : 1), help: 'only with a Medic: each attends one wounded per round (with the medicReach variant “window”, one a round of those wounded in the last 30 seconds; all of them with “all”)' },
      berzerkerPush,
      defenderPush,
      marksmanPush,
      sidePush,
    ]),
    { kind: 'number', key: 'maxRounds', label: 'most rounds', placeholder: String(DEFAULT_MAX_ROUNDS), help: 'a battle still going after this many rounds is a draw' },
  ],
  template: () => ({
    sides: [
      { name: 'crew', combatants: [{ name: 'captain', dice: ['d4'] }, { name: 'minion', count: 2 }] },
      { name: 'guards', flee: 'lostHalf', combatants: [{ name: 'guard', count: 4 }] },
    ],
  }),
  presets: [
    sweepPreset('guards 2 to 6', 'the second side’s first entry from 2 to 6 combatants', { 'setup.sides.1.combatants.0.count': [2, 3, 4, 5, 6] }),
    {
      label: 'd4 or d6 trait?',
      help: 'compare the first captain’s trait as a d4 with the same as a d6',
      apply: (s) => s,
      compare: (s) => ({ path: 'setup.sides.0.combatants.0.dice', value: swapD4D6((s as any).setup?.sides?.[0]?.combatants?.[0]?.dice) }),
    },
  ],
};

export const knaveryForm: MechanicForm = {
  system: 'viciousness',
  mechanic: 'knavery',
  title: 'Knavery: a plan',
  intro: '“Each participant with an additive, meaningful role adds 1d6.” “Every die result of 4 or above is a success.” Successes ≥ challenges: the plan succeeds.',
  fields: [
    { kind: 'number', key: 'challenges', label: 'challenges', help: 'the GM’s tally of what stands in the way' },
    { kind: 'number', key: 'removed', label: 'challenges removed', placeholder: '0', help: '“by a particularly clever plan” (a pushed trait’s: the participant’s “pushes a trait to remove one”)' },
    { kind: 'flag', key: 'prepared', label: 'prepared', help: 'every challenge discovered: the group picks which are thwarted, not how many, so it changes no odds (the result’s notes say so)' },
    {
      kind: 'list',
      key: 'participants',
      label: 'participants',
      item: 'participant',
      min: 1,
      fields: [
        { kind: 'text', key: 'name', label: 'name' },
        { kind: 'number', key: 'count', label: 'how many', placeholder: '1' },
        { kind: 'dice', key: 'dice', label: 'trait dice', help: 'traits that apply; the 1d6 is added for you' },
        rattled,
        {
          kind: 'flag',
          key: 'removesChallenge',
          label: 'pushes a trait to remove one',
          help: '“Challenges may be removed from the total as a result of a … pushed trait”: one challenge fewer per participant, who is then rattled for the roll (“Immediately after a character pushes, they are rattled”)',
        },
      ],
      newItem: (items) => ({ name: uniqueName('minion', items), count: 1 }),
    },
    {
      kind: 'choice',
      key: 'push',
      label: 'pushes to reroll',
      placeholder: 'never (default)',
      options: [
        { value: 'never', label: 'never' },
        // In words, as a rule's values are: "ifShort" is the file's spelling.
        { value: 'ifShort', label: 'when the roll falls short' },
        { value: 'ifBehind', label: 'when short, whoever rolled below its reroll’s average' },
      ],
      help: '“A PC may also push in order to reroll the dice they contributed to a pool”: when the roll falls short, each participant who is not rattled and showed no success (when the roll falls short) or fewer successes than a reroll of its dice averages (whoever rolled below) rerolls, then is rattled',
    },
    {
      kind: 'choice',
      key: 'freePushes',
      label: 'free pushes from 6s',
      placeholder: 'reroll (default)',
      options: [
        { value: 'reroll', label: 'reroll' },
        { value: 'unused', label: 'unused' },
        { value: 'fallout', label: 'fallout' },
      ],
      help: '“a free push to be used if the scheme fails”: rerolls in the fight that follows (the plan’s figures as unused’s), counted only, or each thwarts one active challenge in the fallout',
    },
  ],
  template: () => ({
    challenges: 3,
    participants: [
      { name: 'captain', dice: ['d6'] },
      { name: 'minion', count: 2 },
    ],
  }),
  presets: [
    sweepPreset('challenges 1 to 8', 'P(plan succeeds) against 1 to 8 challenges', { 'setup.challenges': [1, 2, 3, 4, 5, 6, 7, 8] }),
    sweepPreset('pushes or not', 'the plan without and with pushes to reroll', { 'setup.push': ['never', 'ifShort'] }),
    {
      label: 'participants × challenges heatmap',
      help: 'the last participant entry from 0 to 4, against 1 to 8 challenges',
      apply: (s) => {
        const participants = (s as any).setup?.participants;
        const last = Array.isArray(participants) ? Math.max(participants.length - 1, 0) : 0;
        return { ...s, sweep: { [`setup.participants.${last}.count`]: [0, 1, 2, 3, 4], 'setup.challenges': [1, 2, 3, 4, 5, 6, 7, 8] } };
      },
    },
    {
      label: 'one more challenge?',
      help: 'compare this plan with the same against one more challenge',
      apply: (s) => s,
      compare: (s) => oneMore(s, 'setup.challenges'),
    },
  ],
};

export const discoveryForm: MechanicForm = {
  system: 'viciousness',
  mechanic: 'discovery',
  title: 'Discovery roll',
  intro: '“Roll a d6. If the result is equal to or below the discovery value, the NPC can be found.”',
  fields: [
    { kind: 'number', key: 'value', label: 'discovery value', help: '1 per condition met: a helpful trait, reputation, contact, question, place, asset' },
    // Kept so the refusal shows at its field: the discovery d6 is the GM's roll on the
    // search, not a PC's pool die, so rattled does not apply (docs/rulings/single-rolls.md).
    { ...rattled, help: 'does not apply: the discovery d6 is the GM’s roll on the search, not dice a rattled PC contributes to a pool — checking it is refused' },
  ],
  template: () => ({ value: 3 }),
  presets: [sweepPreset('value 0 to 6', 'P(found) for every discovery value', { 'setup.value': [0, 1, 2, 3, 4, 5, 6] })],
};

export const knowledgeForm: MechanicForm = {
  system: 'viciousness',
  mechanic: 'knowledge',
  title: 'Knowledge roll',
  intro: '“On a 5 or 6, the GM informs the PC of the answer to their question. On a 4, the PC … knows where they can find it.”',
  fields: [rattled],
  template: () => ({}),
  presets: [sweepPreset('rattled or not', 'the knowledge d6 fresh and rattled', { 'setup.rattled': [false, true] })],
};
