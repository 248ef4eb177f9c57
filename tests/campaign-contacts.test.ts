/**
 * The company's strong contacts in a campaign (docs/rulings/campaign.md, "A strong contact
 * is lost"): "Each PC has as many strong contacts as they have traits", so they are the
 * living PCs' — a PC who dies, or leaves with a dissolved troupe, takes theirs, and a new
 * or replacement PC brings its own. Checked turn by turn against a recount from the PCs,
 * in campaigns violent enough for captains to die, troupes to dissolve and minions to be
 * replaced, against rivals whose designs take contacts.
 */
import { describe, expect, test } from 'vitest';
import { RandomStream } from '../sim/random.ts';
import { viciousnessRules } from '../sim/rules.ts';
import { campaignSetup } from '../sim/viciousness/campaign.ts';
import { CampaignPlan, CampaignTrial, METRIC } from '../sim/viciousness/campaignPlay.ts';

const violent = {
  turns: 40,
  company: { name: 'co', rank: 3 },
  troupes: [
    { name: 'a', captain: { traits: 3 }, minions: [{ name: 'm', count: 2, traits: 2 }] },
    { name: 'b', captain: { traits: 3 }, minions: [{ name: 'n', traits: 1 }] },
  ],
  // Medium designs' consequences include "A strong contact is lost".
  rivals: [{ name: 'duke', rank: 5, designs: [{ severity: 'medium' }, { severity: 'medium' }, { severity: 'medium' }] }],
  policy: {
    job: { challenges: 4, guards: { perActiveChallenge: 2 } },
    flee: 'never',
    newTroupe: 'nextTurn',
    replaceMinions: 'always',
    ambition: { jobs: 3 },
    advance: { choice: 'pc' },
  },
};

describe('strong contacts are the living PCs\'', () => {
  test('after every turn: the count is the sum over PCs, none held by the dead or the departed, none above a PC\'s traits', () => {
    const plan = new CampaignPlan(campaignSetup.parse(violent), viciousnessRules.parse({}));
    const trial = new CampaignTrial(plan);
    const random = RandomStream.fromKey('campaign-contacts');
    let deaths = 0;
    let dissolved = 0;
    let lost = 0;
    for (let n = 0; n < 300; n++) {
      trial.reset();
      for (let t = 1; t <= plan.turns; t++) {
        trial.playTurn(random, t);
        let sum = 0;
        for (let pc = 0; pc < plan.pcCount; pc++) {
          const held = trial.contactsOf[pc];
          const here = trial.alive[pc] !== 0 && trial.recruited[pc] !== 0 && trial.troupeActive[plan.pcTroupe[pc]] !== 0;
          if (!here) expect(held, `turn ${t}, PC ${pc} is gone`).toBe(0);
          expect(held).toBeGreaterThanOrEqual(0);
          expect(held).toBeLessThanOrEqual(trial.traits[pc]);
          sum += held;
        }
        expect(trial.contacts, `turn ${t}`).toBe(sum);
      }
      trial.finish();
      deaths += trial.acc[METRIC.deaths];
      dissolved += trial.acc[METRIC.dissolved];
      lost += trial.acc[METRIC.contactsLost];
    }
    // The campaigns did what the check is about.
    expect(deaths).toBeGreaterThan(100);
    expect(dissolved).toBeGreaterThan(20);
    expect(lost).toBeGreaterThan(20);
  });

  test('a troupe that is all gone takes its contacts: none left to lose once every PC is dead and none replaced', () => {
    // One troupe, no successor, no replacements: once its captain dies the company has no
    // PCs and no contacts, so a later "contact lost" finds none.
    const alone = {
      ...violent,
      troupes: [{ name: 'a', captain: { traits: 3 }, minions: [] }],
      policy: { ...violent.policy, newTroupe: 'never', replaceMinions: 'never', ambition: undefined, advance: undefined },
    };
    const plan = new CampaignPlan(campaignSetup.parse(alone), viciousnessRules.parse({}));
    const trial = new CampaignTrial(plan);
    const random = RandomStream.fromKey('campaign-contacts alone');
    let checked = 0;
    for (let n = 0; n < 300; n++) {
      trial.reset();
      for (let t = 1; t <= plan.turns; t++) {
        trial.playTurn(random, t);
        if (trial.troupeActive[0] === 0) {
          expect(trial.contacts).toBe(0);
          checked++;
        }
      }
      expect(trial.acc[METRIC.contactsLost]).toBeLessThanOrEqual(3);
    }
    expect(checked).toBeGreaterThan(100);
  });
});
