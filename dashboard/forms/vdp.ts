/**
 * Very Different Places forms: basic, risky and opposed checks. Field labels and help
 * quote very-different-places.txt ("Skill Checks").
 */
import type { Field, MechanicForm, Preset } from './spec.ts';
import { sweepPreset } from './presets.ts';
import { withValue } from '../model/paths.ts';

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
  rules: [],
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
  rules: ['advantageOn'],
  presets: splitPreset('compare splits', 'every split of the 4 dice: 0/4, 1/3, 2/2, 3/1, 4/0', 'accomplish', 'caution'),
};

function opposer(label: string): Field {
  return {
    kind: 'group',
    key: label,
    label: `character ${label.toUpperCase()}`,
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
  intro: '“Each character’s Accomplish check must beat the opposing character’s Resist check.” Each score is Accomplish minus the other’s Resist; the highest above 0 wins.',
  fields: [opposer('a'), opposer('b')],
  template: () => ({
    a: { name: 'Mark', accomplish: 4, modifier: 5 },
    b: { name: 'Jacob', accomplish: 1, modifier: 5 },
  }),
  rules: ['advantageOn'],
  presets: splitPreset('compare A’s splits', 'every split of A’s 4 dice against B as set', 'a.accomplish', 'a.resist'),
};
