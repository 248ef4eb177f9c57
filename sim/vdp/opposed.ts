/**
 * VDP `opposed` check (very-different-places.txt "Skill Checks"): both characters split
 * their pool into Accomplish and Resist; "each character's Accomplish check must beat the
 * opposing character's Resist check". When only one can finish, each score is its
 * Accomplish minus the other's Resist, "whichever score is highest wins the contest. If
 * both scores are negative, everyone fails."
 *
 * Reading (docs/rulings/single-rolls.md): by default the literal one — the higher score
 * wins unless both are negative ("If both scores are negative, everyone fails"), so Mark's
 * 0 beats Jacob's −3; equal scores and nobody wins (`neither`). `zeroWins: false` keeps the
 * stricter reading of "must beat the opposing character's Resist": a score wins only when
 * it is above 0 and above the other's. Under either, a side of no Accomplish dice makes no
 * check and never wins ("must beat the opposing character's Resist check in order to
 * complete the task").
 *
 * Tension: "A character gains a point of Tension whenever a skill check result is exactly
 * equal to the target number", and "each character's Accomplish check must beat the
 * opposing character's Resist check": the Resist total is the Accomplish check's target
 * number. So a character gains a point when its Accomplish total equals the other's Resist
 * total (its score is exactly 0, where that total is 0 or more: resisted); the resisting side gains nothing for it (its Resist has no
 * target number of its own: it is the target). Each character makes its own Accomplish check,
 * so both may gain in one contest. A character with no Accomplish dice makes no Accomplish
 * check and gains none.
 */
import { z } from 'zod';
import type { Distribution } from '../exact/distribution.ts';
import { lazySchema } from '../lazySchema.ts';
import { entityName } from '../names.ts';
import { defineMechanic } from '../mechanic.ts';
import { MetricLayout, metricTable } from '../metrics.ts';
import { VDP_DEFAULTS, type VdpRules } from '../rules.ts';
import { VDP_POOL, extraDice, netAdvantage, noNetAdvantageWhy, modifierNumber } from './pool.ts';
import { advantageOnIdle, advantageOnNoDice, advantageOnWords, advantageReaches, splitRolls, type SplitDice } from './risky.ts';

const split = lazySchema(() => z.number().int().min(0).max(VDP_POOL));

export const opposerSchema = lazySchema(() => z
  .object({
    name: entityName,
    accomplish: split,
    /** Defaults to the rest of the pool (4 − accomplish). */
    resist: split.optional(),
    modifier: modifierNumber,
    /** Defaults to `modifier`. */
    resistModifier: modifierNumber.optional(),
    advantage: extraDice.optional(),
    disadvantage: extraDice.optional(),
  })
  .strict()
  .superRefine((s, ctx) => {
    if (s.resist !== undefined && s.accomplish + s.resist !== VDP_POOL) {
      ctx.addIssue({
        code: 'custom',
        path: ['resist'],
        message: `accomplish (${s.accomplish}) + resist (${s.resist}) must be the pool of ${VDP_POOL} dice`,
      });
    }
  }));

export const opposedSetup = lazySchema(() => z
  .object({
    a: opposerSchema,
    b: opposerSchema,
    /** Whether a score of 0 can win (the higher score wins unless both are negative); defaults to true. */
    zeroWins: z.boolean().optional(),
  })
  .strict()
  .superRefine((s, ctx) => {
    if (s.a.name === s.b.name) {
      ctx.addIssue({ code: 'custom', path: ['b', 'name'], message: `both characters are named "${s.a.name}": names must differ` });
    }
  }));

type Opposer = z.output<typeof opposerSchema>;

/**
 * Whether score `x` wins against score `y`: the higher score, unless both are negative
 * (`zeroWins`, the default), or the higher score only when it is above 0.
 */
export function opposedWins(x: number, y: number, zeroWins = true): boolean {
  return x > y && (zeroWins ? x >= 0 : x > 0);
}

/**
 * What a Resist total takes off the other's Accomplish: the total, but never below 0. A
 * Resist "subtract[s]" (Mark's of no dice "subtract[s] nothing"); a total pushed below 0
 * by a negative `resistModifier` would add to the other's score, and resisting would do
 * worse than not resisting at all (combat's totals never go below 0 either,
 * docs/rulings/vdp-combat.md). Until December 2026 it did (an audit). Only the score's
 * subtraction stops at 0: the Accomplish check is still against the Resist total as
 * rolled, its target number, for `beats` and tension (the same as before wherever the
 * Resist total is 0 or more).
 */
function resisted(d: Distribution): Distribution {
  return d.map((x) => (x > 0 ? x : 0));
}

function rollsOf(o: Opposer, advantageOn: VdpRules['advantageOn']) {
  return splitRolls(
    o.accomplish,
    o.resist ?? VDP_POOL - o.accomplish,
    netAdvantage(o.advantage, o.disadvantage),
    [o.modifier, o.resistModifier ?? o.modifier],
    advantageOn,
  );
}

/** An opposed check's metrics (sim/metrics.ts). */
export const OPPOSED_METRICS = metricTable({
  win: { name: 'win.<side>', kind: 'probability', label: 'P(win: <side>)', family: 'P(win)', headline: true },
  neither: { name: 'neither', kind: 'probability', label: 'P(neither wins)' },
  score: { name: 'score.<side>', kind: 'mean', label: "mean score of <side> (accomplish − the other's resist)", family: 'mean score', signed: true },
  beats: { name: 'beats.<side>', kind: 'probability', label: "P(<side>'s accomplish beats the other's resist)", family: "P(accomplish beats the other's resist)" },
  tension: { name: 'tension.<side>', kind: 'mean', label: "mean tension gained: <side> (accomplish exactly the other's resist)", family: 'mean tension gained', max: 1 },
});

export const opposed = defineMechanic({
  system: 'vdp',
  name: 'opposed',
  summary: 'an opposed check: accomplish minus the other side’s resist, highest wins',
  setup: opposedSetup,
  variants: ['advantageOn'],
  prepare(setup, rules: VdpRules) {
    const [accA, resA] = rollsOf(setup.a, rules.advantageOn);
    const [accB, resB] = rollsOf(setup.b, rules.advantageOn);
    const A = setup.a.name;
    const B = setup.b.name;
    const L = new MetricLayout(OPPOSED_METRICS);
    const M = {
      winA: L.add('win', { side: A }),
      winB: L.add('win', { side: B }),
      neither: L.add('neither'),
      scoreA: L.add('score', { side: A }),
      scoreB: L.add('score', { side: B }),
      beatsA: L.add('beats', { side: A }),
      beatsB: L.add('beats', { side: B }),
      tensionA: L.add('tension', { side: A }),
      tensionB: L.add('tension', { side: B }),
    };
    // Whether each side makes an Accomplish check at all: a side of no Accomplish dice makes
    // none, so it neither wins ("each character's Accomplish check must beat the opposing
    // character's Resist check in order to complete the task": until December 2026 its score
    // of 0 won against a negative one, Jacob all in Resist against an all-in Mark winning
    // 0.46, as often as Mark) nor beats anything nor gains tension.
    const checksA = setup.a.accomplish > 0 ? 1 : 0;
    const checksB = setup.b.accomplish > 0 ? 1 : 0;
    const zeroWins = setup.zeroWins ?? true;
    // The lowest winning score: 0 when a score of 0 can win, else 1.
    const lowest = zeroWins ? 0 : 1;
    // A Resist of no dice scores 0 whatever its modifier: said, not refused, as the
    // dashboard's "compare A's splits" sweeps through 4/0 with the modifiers kept.
    const setupNotes = (['a', 'b'] as const).flatMap((k) => {
      const o = setup[k];
      const resist = o.resist ?? VDP_POOL - o.accomplish;
      if (o.resistModifier !== undefined && resist === 0) return [`${k}.resistModifier changes nothing here: ${o.name}'s Resist has no dice, and a roll of no dice scores 0`];
      // The mirror (a VDP audit: taken unsaid): an Accomplish of no dice beside a Resist with its own modifier.
      if (o.resistModifier !== undefined && o.accomplish === 0) return [`${k}.modifier changes nothing here: ${o.name}'s Accomplish has no dice, and a roll of no dice scores 0, while its Resist takes resistModifier`];
      return [];
    });
    // Where the advantage dice go (rules.advantageOn) changes nothing where neither side has
    // a net to place, or where the only pool it would change has no dice; a side's dice
    // change nothing on a pool of no dice (the Resist of a 4/0 split under "caution").
    const splitOf = (o: Opposer): SplitDice => [o.accomplish, o.resist ?? VDP_POOL - o.accomplish];
    if (rules.advantageOn !== VDP_DEFAULTS.advantageOn && [setup.a, setup.b].every((o) => advantageOnIdle(rules.advantageOn, [splitOf(o)], netAdvantage(o.advantage, o.disadvantage)))) {
      const none = [setup.a, setup.b].every((o) => (o.advantage ?? 0) === 0 && (o.disadvantage ?? 0) === 0);
      const why = (o: Opposer) => noNetAdvantageWhy(o.advantage, o.disadvantage, o.name) ?? `"both" also puts ${o.name}'s dice on its Resist, which has no dice`;
      setupNotes.push(`rules.advantageOn changes nothing here: ${none ? 'neither character has advantage or disadvantage dice' : `${why(setup.a)}; ${why(setup.b)}`}`);
    }
    for (const k of ['a', 'b'] as const) {
      const o = setup[k];
      if (!advantageOnNoDice(rules.advantageOn, [splitOf(o)])) continue;
      const pool = advantageReaches(rules.advantageOn)[0] ? 'Accomplish' : 'Resist';
      for (const key of ['advantage', 'disadvantage'] as const) {
        if ((o[key] ?? 0) > 0) setupNotes.push(`${k}.${key} changes nothing here: ${advantageOnWords(rules.advantageOn)} puts ${o.name}'s dice on its ${pool}, which has no dice, and a roll of no dice scores 0`);
      }
    }
    // The readings differ only on a score of 0 against a lower one (a side of no Accomplish
    // dice wins under neither): where no such pair can be rolled, a `zeroWins` written
    // changes nothing, and is said (the text's own guitar duel: Jacob's score is never below 6).
    if (setup.zeroWins !== undefined) {
      const scoreA = accA.distribution().minus(resisted(resB.distribution()));
      const scoreB = accB.distribution().minus(resisted(resA.distribution()));
      if (checksA * scoreA.at(0) * scoreB.atMost(-1) + checksB * scoreB.at(0) * scoreA.atMost(-1) === 0) {
        setupNotes.push('zeroWins changes nothing here: no score of 0 can meet a lower one, and the two readings differ only there');
      }
    }
    return {
      metrics: L.specs,
      setupNotes,
      run(random, trials, tally) {
        for (let t = 0; t < trials; t++) {
          // A Resist subtracts its total, never less than nothing (resisted). The draws in
          // the order they always were: a's Accomplish, b's Resist, b's Accomplish, a's Resist.
          const accomplishedA = accA.roll(random);
          const resistedB = resB.roll(random);
          const accomplishedB = accB.roll(random);
          const resistedA = resA.roll(random);
          const a = accomplishedA - (resistedB > 0 ? resistedB : 0);
          const b = accomplishedB - (resistedA > 0 ? resistedA : 0);
          // A side of no Accomplish dice makes no check, and wins nothing (checksA).
          const winA = a >= lowest && a > b ? checksA : 0;
          const winB = b >= lowest && b > a ? checksB : 0;
          tally.add(M.winA, winA);
          tally.add(M.winB, winB);
          tally.add(M.neither, 1 - winA - winB);
          tally.add(M.scoreA, a);
          tally.add(M.scoreB, b);
          // The Accomplish check against the Resist total as rolled, its target number; a
          // side of no Accomplish dice makes none, and beats nothing (checksA, as its tension).
          tally.add(M.beatsA, accomplishedA > resistedB ? checksA : 0);
          tally.add(M.beatsB, accomplishedB > resistedA ? checksB : 0);
          // "exactly equal to the target number": the Accomplish total is the other's Resist total.
          tally.add(M.tensionA, accomplishedA === resistedB ? checksA : 0);
          tally.add(M.tensionB, accomplishedB === resistedA ? checksB : 0);
        }
        tally.addTrials(trials);
      },
      exact() {
        const a = accA.distribution().minus(resisted(resB.distribution()));
        const b = accB.distribution().minus(resisted(resA.distribution()));
        // Accomplish against the Resist total as rolled (beats, tension).
        const rawA = accA.distribution().minus(resB.distribution());
        const rawB = accB.distribution().minus(resA.distribution());
        const winA = checksA * a.expect((x) => (x >= lowest ? b.atMost(x - 1) : 0));
        const winB = checksB * b.expect((x) => (x >= lowest ? a.atMost(x - 1) : 0));
        const x = L.exact();
        x[M.winA] = winA;
        x[M.winB] = winB;
        x[M.neither] = 1 - winA - winB;
        x[M.scoreA] = a.mean();
        x[M.scoreB] = b.mean();
        x[M.beatsA] = checksA * rawA.atLeast(1);
        x[M.beatsB] = checksB * rawB.atLeast(1);
        x[M.tensionA] = checksA * rawA.at(0);
        x[M.tensionB] = checksB * rawB.at(0);
        return { metrics: L.named(x) };
      },
    };
  },
});
