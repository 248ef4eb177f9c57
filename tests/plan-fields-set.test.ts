/**
 * CampaignPlan's and RivalPlan's fields are `declare`d (docs/build.md, "the plans'
 * fields"): TypeScript then no longer checks that the constructor sets each one, so this
 * does. Every field either class declares is an own property of a plan once built, for a
 * campaign with rivals (the bench's) and one without.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { CampaignPlan } from '../sim/viciousness/campaignPlay.ts';
import { RivalPlan } from '../sim/viciousness/rivalDice.ts';
import { campaign } from '../sim/viciousness/campaign.ts';
import { viciousnessRules } from '../sim/rules.ts';
import { benchCampaign } from '../bench/campaign.ts';

/** The names of the fields class `name` of `file` declares (`declare readonly x: …` or `declare x: …`, before its constructor). */
function declaredFields(file: string, name: string): string[] {
  const source = readFileSync(new URL(`../${file}`, import.meta.url), 'utf8');
  const from = source.indexOf(`export class ${name} {`);
  const body = source.slice(from, source.indexOf('\n  constructor(', from));
  return [...body.matchAll(/^ {2}declare (?:readonly )?(\w+)/gm)].map((m) => m[1]);
}

describe('the plans set every field they declare', () => {
  const rules = viciousnessRules.parse({});
  const campaignFields = declaredFields('sim/viciousness/campaignPlay.ts', 'CampaignPlan');
  const rivalFields = declaredFields('sim/viciousness/rivalDice.ts', 'RivalPlan');

  test('the lists are read (a renamed class or a changed layout would leave them empty)', () => {
    expect(campaignFields.length).toBeGreaterThan(50);
    expect(rivalFields.length).toBeGreaterThan(10);
  });

  test.each([
    ['the bench campaign', benchCampaign],
    ['a campaign without rivals', { ...benchCampaign, rivals: [] }],
  ])('%s', (_, setup) => {
    const plan = new CampaignPlan(campaign.setup.parse(setup), rules);
    expect(campaignFields.filter((f) => !Object.hasOwn(plan, f))).toEqual([]);
    expect(rivalFields.filter((f) => !Object.hasOwn(plan.rivals, f))).toEqual([]);
  });

  test('a RivalPlan of no rivals', () => {
    const plan = new RivalPlan([], rules);
    expect(rivalFields.filter((f) => !Object.hasOwn(plan, f))).toEqual([]);
  });
});
