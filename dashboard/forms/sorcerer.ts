/** Sorcerer forms: the opposed contest (sorcerer.txt "The basic way dice work"). */
import type { Field, MechanicForm } from './spec.ts';
import { sweepPreset } from './presets.ts';

function side(key: 'a' | 'b', label: string): Field {
  return {
    kind: 'group',
    key,
    label,
    fields: [
      { kind: 'text', key: 'name', label: 'name' },
      { kind: 'number', key: 'dice', label: 'dice', help: '“a number of dice equal to your appropriate stat”' },
      { kind: 'number', key: 'bonus', label: 'bonus dice', placeholder: '0', help: 'currency, a good description…' },
      { kind: 'number', key: 'penalty', label: 'penalty dice', placeholder: '0', help: 'bleed, a boring description…' },
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
  ],
  template: () => ({ a: { name: 'sorcerer', dice: 4 }, b: { name: 'demon', dice: 3 } }),
  rules: ['exhausted'],
  presets: [
    sweepPreset('dice ladder 1–6 × 1–6', 'every stat from 1 to 6 against every stat from 1 to 6', {
      'setup.a.dice': [1, 2, 3, 4, 5, 6],
      'setup.b.dice': [1, 2, 3, 4, 5, 6],
    }),
    {
      label: 'one more die?',
      help: 'compare this contest with side A rolling one more bonus die',
      apply: (s) => s,
      compare: (s) => ({ path: 'setup.a.bonus', value: (Number((s as any).setup?.a?.bonus) || 0) + 1 }),
    },
  ],
};
