/** Sorcerer forms: the opposed contest (sorcerer.txt "The basic way dice work"). */
import { choice, type Field, type MechanicForm } from './spec.ts';
import { ruleNamed, ruleValueNamed } from './rules.ts';
import { WEAPONS } from '../../sim/sorcerer/bleed.ts';
import { CURRENCY_POLICIES, DEFEND_POLICIES, STAND_UP_POLICIES } from '../../sim/sorcerer/conflict.ts';
import { oneMore, sweepPreset } from './presets.ts';
import { getAt, withValue } from './paths.ts';
import { DEFAULT_CONFLICT_ROUNDS } from '../../sim/sorcerer/conflict.ts';

function side(key: 'a' | 'b', label: string): Field {
  return {
    kind: 'group',
    key,
    label,
    byName: true,
    fields: [
      { kind: 'text', key: 'name', label: 'name' },
      { kind: 'number', key: 'dice', label: 'dice', help: '“a number of dice equal to your appropriate stat”' },
      { kind: 'number', key: 'bonus', label: 'bonus dice', placeholder: '0', help: 'currency, a good description…' },
      { kind: 'number', key: 'penalty', label: 'penalty dice', placeholder: '0', help: 'bleed, a boring description…' },
      { kind: 'number', key: 'passion', label: 'Passion dice', placeholder: 'none', help: '“roll your Passion first and then use successes on that roll as bonus dice”: against the other side’s dice (not with tries)' },
    ],
  };
}

export const contestForm: MechanicForm = {
  system: 'sorcerer',
  mechanic: 'contest',
  title: 'Contest: one opposed roll',
  intro: '“Compare the highest die on each side. The higher one wins. If any dice are tied, ignore them and go to the next highest.”',
  fields: [
    { kind: 'die', key: 'die', label: 'die', placeholder: 'd10 (default)', options: ['d6', 'd8', 'd10', 'd12', 'd20'] },
    side('a', 'side A'),
    side('b', 'side B'),
    {
      kind: 'number',
      key: 'tries',
      label: 'tries (side A)',
      whose: 'a',
      placeholder: '1 (one roll)',
      help: 'side A keeps at the task until it wins, at most this many times; adds the odds of winning within them (a reroll is rolled again, in the same try)',
    },
    {
      kind: 'number',
      key: 'retryPenalty',
      label: 'dice lost per failed try',
      placeholder: '1',
      help: `“Repeating a task after failing -1”: side A rolls this many dice fewer for each try it lost before, or on every repeat alike under the rule ${ruleNamed('repeatPenalty')} (needs tries; 0: no penalty)`,
    },
  ],
  template: () => ({ a: { name: 'sorcerer', dice: 4 }, b: { name: 'demon', dice: 3 } }),
  presets: [
    sweepPreset('dice ladder 1–6 × 1–6', 'every stat from 1 to 6 against every stat from 1 to 6', {
      'setup.a.dice': [1, 2, 3, 4, 5, 6],
      'setup.b.dice': [1, 2, 3, 4, 5, 6],
    }),
    sweepPreset('Passion first, 1–4 dice', 'side A rolls a Passion of 1 to 4 dice against side B first, its successes bonus dice on the roll', {
      'setup.a.passion': [1, 2, 3, 4],
    }),
    sweepPreset('keep trying 1–5 times', 'side A repeats the task until it wins, 1 to 5 tries, a die fewer after each failure', {
      'setup.tries': [1, 2, 3, 4, 5],
    }),
    {
      label: 'one more die?',
      help: 'compare this contest with side A rolling one more bonus die',
      apply: (s) => s,
      compare: (s) => oneMore(s, 'setup.a.bonus', 0),
    },
  ],
};

/**
 * Words for the values the file spells as no designer says (the select, Vary's boxes and the
 * results show these; the file keeps the value), the text's own where it has them.
 */
/** The bleed table's rows as "Except bleed" names them. */
const WEAPON_WORDS: Record<keyof typeof WEAPONS, string> = {
  fists: 'fists/blunt weapons',
  blade: 'blade',
  smallHandgun: 'small handgun',
  bigHandgun: 'big handgun',
  rifle: 'rifle',
  bigGun: 'big, big gun',
  demonicLethal: 'demonic power, lethal',
  demonicTemporary: 'demonic power, non-lethal, temporary',
  demonicLasting: 'demonic power, non-lethal, lasting',
};
/** "Sacrifice your planned action and declare a defensive action, at full dice", or "Suck it up … Roll 1 die". */
const DEFEND_WORDS: Record<(typeof DEFEND_POLICIES)[number], string> = {
  fullDefence: 'full defence',
  oneDie: 'suck it up',
  fullDefenceWhenHurt: 'full defence once hurt',
  moreDice: 'full defence if more than one die',
};
const STAND_UP_WORDS: Record<(typeof STAND_UP_POLICIES)[number], string> = {
  never: 'never: stays down',
  half: 'for half its dice',
  full: 'for its full dice',
};
const CURRENCY_WORDS: Record<(typeof CURRENCY_POLICIES)[number], string> = {
  none: 'none',
  standUp: 'a Stand Up’s',
  defence: 'a defence’s',
  all: 'all',
};

function fighter(key: 'a' | 'b', label: string): Field {
  return {
    kind: 'group',
    key,
    label,
    byName: true,
    fields: [
      { kind: 'text', key: 'name', label: 'name' },
      { kind: 'number', key: 'stamina', label: 'Stamina', help: 'the penalty thresholds; a full defence’s dice' },
      { kind: 'number', key: 'will', label: 'Will', help: 'rolled to Stand Up' },
      { kind: 'number', key: 'dice', label: 'attack dice', placeholder: 'Stamina' },
      { kind: 'number', key: 'defence', label: 'full defence dice', placeholder: 'Stamina' },
      { kind: 'number', key: 'bonus', label: 'bonus dice', placeholder: '0', help: 'a bad-ass weapon, cool tactics: on its actions, and its full defences unless below' },
      { kind: 'number', key: 'defenceBonus', label: 'full defence bonus dice', placeholder: 'bonus dice', help: '“your full Stamina + bonuses”; 0 keeps a weapon’s +1-2 off the dodge' },
      { kind: 'number', key: 'lasting', label: 'lasting penalties', placeholder: '0', help: 'carried into the conflict' },
      { kind: 'number', key: 'next', label: 'next penalties', placeholder: '0', help: 'carried in, on its first action only: laser eyes’ “4 penalties to your next action, and 9 lasting” are next 4, lasting 9' },
      choice('weapon', 'weapon', Object.keys(WEAPONS), 'choose', 'its row of the bleed table', WEAPON_WORDS),
      { kind: 'number', key: 'power', label: 'demon’s Power', help: 'for the demonic rows of the bleed table' },
      choice('defend', 'defence before acting', DEFEND_POLICIES, 'full defence if more than one die (default)', 'sacrifices its action for a full defence, or “sucks it up” with one die; once hurt: one die while it carries no penalty; if more than one die: the full defence only when it rolls more than one die', DEFEND_WORDS),
      choice('standUp', 'Stand Up', STAND_UP_POLICIES, 'for its full dice (default)', 'dice asked for when penalties exceed Stamina (mid-round: no more than its dice on the table)', STAND_UP_WORDS),
      { kind: 'number', key: 'standUpBonus', label: 'Stand Up bonus dice', placeholder: '0', help: '“rack up bonus dice on this roll (spit blood, stomp on your friends)”: beside its Will' },
      choice('currency', 'roll over successes', CURRENCY_POLICIES, 'all (default)', `as bonus dice into its next action: none, a Stand Up’s, a defence’s, or all (both, and a landed attack’s with the rule ${ruleNamed('attackCurrency')} set to ${ruleValueNamed('sorcerer', 'attackCurrency', 'nextAction')})`, CURRENCY_WORDS),
      { kind: 'number', key: 'passion', label: 'Passion dice', placeholder: 'none', help: '“roll your Passion first and then use successes on that roll as bonus dice”: each round, against the other’s action dice' },
    ],
  };
}

export const conflictForm: MechanicForm = {
  system: 'sorcerer',
  mechanic: 'conflict',
  title: 'Conflict: rounds of opposed rolls',
  intro: '“Dice all hit the table at the same time. Actions are resolved in order of highest die to lowest.” A won attack bleeds the defender by its weapon.',
  fields: [
    { kind: 'die', key: 'die', label: 'die', placeholder: 'd10 (default)', options: ['d6', 'd8', 'd10', 'd12', 'd20'] },
    fighter('a', 'character A'),
    fighter('b', 'character B'),
    { kind: 'number', key: 'maxRounds', label: 'most rounds', placeholder: String(DEFAULT_CONFLICT_ROUNDS), help: 'a conflict still going is then a draw' },
  ],
  template: () => ({
    a: { name: 'sorcerer', stamina: 4, will: 5, weapon: 'smallHandgun' },
    b: { name: 'thug', stamina: 4, will: 2, weapon: 'fists' },
  }),
  presets: [
    {
      label: 'B’s weapons',
      help: 'every row of the bleed table in B’s hands (demonic rows need a Power: 3 if B has none)',
      apply: (s) => {
        const withPower = getAt(s, ['setup', 'b', 'power']) === undefined ? withValue(s, ['setup', 'b', 'power'], 3) : s;
        return { ...withPower, sweep: { 'setup.b.weapon': Object.keys(WEAPONS) } };
      },
    },
    sweepPreset('defence policies', 'each defence policy against each', { 'setup.a.defend': [...DEFEND_POLICIES], 'setup.b.defend': [...DEFEND_POLICIES] }),
    sweepPreset('A’s Passion first, 1–4 dice', 'character A rolls a Passion of 1 to 4 dice against B’s action dice before each action, its successes bonus dice on the action', {
      'setup.a.passion': [1, 2, 3, 4],
    }),
  ],
};
