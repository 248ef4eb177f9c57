/**
 * The form of each mechanic. The mechanic picker offers the mechanics of the kernel's
 * registry (sim/mechanics.ts); one without a form here (a mechanic newer than the
 * dashboard) gets its setup as JSON text instead.
 */
import type { MechanicForm } from './spec.ts';
import { battleForm, clashForm, discoveryForm, knaveryForm, knowledgeForm } from './viciousness.ts';
import { campaignForm, rivalsForm } from './campaign.ts';
import { checkForm, combatForm, contestRoundForm, extendedForm, opposedForm, riskyForm } from './vdp.ts';
import { conflictForm, contestForm } from './sorcerer.ts';

export const forms: readonly MechanicForm[] = [
  clashForm,
  battleForm,
  knaveryForm,
  discoveryForm,
  knowledgeForm,
  rivalsForm,
  campaignForm,
  checkForm,
  riskyForm,
  opposedForm,
  combatForm,
  extendedForm,
  contestRoundForm,
  contestForm,
  conflictForm,
];

export function formFor(system: unknown, mechanic: unknown): MechanicForm | undefined {
  return forms.find((f) => f.system === system && f.mechanic === mechanic);
}
