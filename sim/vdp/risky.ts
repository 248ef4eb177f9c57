/**
 * VDP `risky` check (very-different-places.txt "Skill Checks"): the 4-die pool split
 * between Accomplish (against the success target) and Caution (against the risk target),
 * each passing when its total is equal or higher. Advantage dice go to the pool(s) named
 * by the `advantageOn` variant.
 */
import { z } from 'zod';
import { lazySchema } from '../lazySchema.ts';
import { defineMechanic } from '../mechanic.ts';
import { fixedLayout, metricTable } from '../metrics.ts';
import { VDP_DEFAULTS, type VdpRules } from '../rules.ts';
import { VDP_POOL, VdpRoll, extraDice, netAdvantage, noNetAdvantageWhy, modifierNumber } from './pool.ts';

const split = lazySchema(() => z.number().int().min(0).max(VDP_POOL));

export const riskySetup = lazySchema(() => z
  .object({
    accomplish: split,
    /** Defaults to the rest of the pool (4 − accomplish). */
    caution: split.optional(),
    modifier: modifierNumber,
    /** Defaults to `modifier`. */
    cautionModifier: modifierNumber.optional(),
    successTarget: modifierNumber,
    riskTarget: modifierNumber,
    advantage: extraDice.optional(),
    disadvantage: extraDice.optional(),
  })
  .strict()
  .superRefine((s, ctx) => {
    if (s.caution !== undefined && s.accomplish + s.caution !== VDP_POOL) {
      ctx.addIssue({
        code: 'custom',
        path: ['caution'],
        message: `accomplish (${s.accomplish}) + caution (${s.caution}) must be the pool of ${VDP_POOL} dice`,
      });
    }
  }));

/** Which pools of a split `advantageOn` gives the advantage dice to: [Accomplish (attack), Caution (Resist, defence)]. */
export function advantageReaches(advantageOn: VdpRules['advantageOn']): [boolean, boolean] {
  return [advantageOn !== 'caution', advantageOn !== 'accomplish'];
}

/** The accomplish and caution rolls of a split, with advantage placed by the variant. */
export function splitRolls(
  accomplish: number,
  caution: number,
  net: number,
  modifiers: [number, number],
  advantageOn: VdpRules['advantageOn'],
  /** Advantage dice bought with tension for each roll, on top of `net` (extended checks). */
  spent: readonly [number, number] = [0, 0],
): [VdpRoll, VdpRoll] {
  const [onAccomplish, onCaution] = advantageReaches(advantageOn);
  return [new VdpRoll(accomplish, (onAccomplish ? net : 0) + spent[0], modifiers[0]), new VdpRoll(caution, (onCaution ? net : 0) + spent[1], modifiers[1])];
}

/** A split as [first pool's dice, second pool's dice] (Accomplish and Caution, attack and defence). */
export type SplitDice = readonly [number, number];

/**
 * Whether `advantageOn` places `net` advantage dice on every one of `splits` as the default
 * (`accomplish`) does, counting none on a pool of no dice (it totals 0 whatever is added):
 * then the rule changes nothing (said in the point's notes, sim/mechanic.ts setupNotes).
 */
export function advantageOnIdle(advantageOn: VdpRules['advantageOn'], splits: readonly SplitDice[], net: number): boolean {
  const placed = (on: VdpRules['advantageOn'], dice: SplitDice) => advantageReaches(on).map((reaches, k) => (reaches && dice[k] > 0 ? net : 0));
  return splits.every((dice) => {
    const [x, y] = [placed(advantageOn, dice), placed(VDP_DEFAULTS.advantageOn, dice)];
    return x[0] === y[0] && x[1] === y[1];
  });
}

/** Whether every pool `advantageOn` gives the advantage dice to has no dice, on every one of `splits`: the dice then change nothing. */
export function advantageOnNoDice(advantageOn: VdpRules['advantageOn'], splits: readonly SplitDice[]): boolean {
  const reaches = advantageReaches(advantageOn);
  return splits.every((dice) => !(reaches[0] && dice[0] > 0) && !(reaches[1] && dice[1] > 0));
}

/** The rule's setting as a note quotes it: `rules.advantageOn "caution"`, the default said to be one. */
export const advantageOnWords = (advantageOn: VdpRules['advantageOn']) => `rules.advantageOn ${JSON.stringify(advantageOn)}${advantageOn === VDP_DEFAULTS.advantageOn ? ' (the default)' : ''}`;

/** A risky check's metrics (sim/metrics.ts). */
export const RISKY_METRICS = metricTable({
  success: { name: 'success', kind: 'probability', label: 'P(accomplish meets success target)', headline: true },
  safe: { name: 'safe', kind: 'probability', label: 'P(caution meets risk target)' },
  successAndSafe: { name: 'successAndSafe', kind: 'probability', label: 'P(success and safe)' },
  // A point at most from each roll: accomplish on its target, caution on its.
  tension: { name: 'tension', kind: 'mean', label: 'mean tension gained', max: 2 },
});

export const risky = defineMechanic({
  system: 'vdp',
  name: 'risky',
  summary: 'a risky check: the 4-die pool split between accomplish and caution',
  setup: riskySetup,
  variants: ['advantageOn'],
  prepare(setup, rules: VdpRules) {
    const caution = setup.caution ?? VDP_POOL - setup.accomplish;
    const [acc, cau] = splitRolls(
      setup.accomplish,
      caution,
      netAdvantage(setup.advantage, setup.disadvantage),
      [setup.modifier, setup.cautionModifier ?? setup.modifier],
      rules.advantageOn,
    );
    const { successTarget, riskTarget } = setup;
    // A side of no dice makes no check (its total is 0 without a roll): it gains no tension
    // ("whenever a skill check result is exactly equal to the target number"), as an opposed
    // check's side of no Accomplish dice, and meets no target, however low — no Accomplish
    // does not do the task, no Caution does not ward off the risk (Jack "throws caution to
    // the wind" and hurts his leg), as an extended check's roll of no dice makes no progress
    // (single-rolls.md).
    const accRolls = acc.kept > 0;
    const cauRolls = cau.kept > 0;
    const { specs: metrics, slot: M, exact: exactOf } = fixedLayout(RISKY_METRICS);
    // A Caution of no dice totals 0 whatever its modifier (as an opposed check's Resist).
    const setupNotes = setup.cautionModifier !== undefined && caution === 0 ? ['cautionModifier changes nothing here: the Caution has no dice, and a roll of no dice totals 0'] : [];
    // Nor does the target of a side of no dice: it meets none, however low (above).
    if (setup.accomplish === 0) setupNotes.push('successTarget changes nothing here: the Accomplish has no dice, and a side of no dice makes no check, so the task is never done');
    // And its modifier, where the Caution has its own (a VDP audit: taken unsaid).
    if (setup.accomplish === 0 && setup.cautionModifier !== undefined) setupNotes.push('modifier changes nothing here: the Accomplish has no dice, and a roll of no dice totals 0, while the Caution takes cautionModifier');
    if (caution === 0) setupNotes.push('riskTarget changes nothing here: the Caution has no dice, and a side of no dice makes no check, so the risk is never warded off');
    // Where the advantage dice go (rules.advantageOn) changes nothing with no net to place,
    // or where the only pool it would change has no dice; the dice change nothing on a pool
    // of no dice (the Caution of a 4/0 split under "caution").
    const pools: SplitDice = [setup.accomplish, caution];
    const net = netAdvantage(setup.advantage, setup.disadvantage);
    if (rules.advantageOn !== VDP_DEFAULTS.advantageOn && advantageOnIdle(rules.advantageOn, [pools], net)) {
      setupNotes.push(`rules.advantageOn changes nothing here: ${noNetAdvantageWhy(setup.advantage, setup.disadvantage) ?? `"both" also puts the dice on the Caution, which has no dice`}`);
    }
    if (advantageOnNoDice(rules.advantageOn, [pools])) {
      const pool = advantageReaches(rules.advantageOn)[0] ? 'Accomplish' : 'Caution';
      for (const key of ['advantage', 'disadvantage'] as const) {
        if ((setup[key] ?? 0) > 0) setupNotes.push(`${key} changes nothing here: ${advantageOnWords(rules.advantageOn)} puts the dice on the ${pool}, which has no dice, and a roll of no dice totals 0`);
      }
    }
    return {
      metrics,
      setupNotes,
      run(random, trials, tally) {
        for (let t = 0; t < trials; t++) {
          const a = acc.roll(random);
          const c = cau.roll(random);
          const success = accRolls && a >= successTarget ? 1 : 0;
          const safe = cauRolls && c >= riskTarget ? 1 : 0;
          tally.add(M.success, success);
          tally.add(M.safe, safe);
          tally.add(M.successAndSafe, success & safe);
          tally.add(M.tension, (accRolls && a === successTarget ? 1 : 0) + (cauRolls && c === riskTarget ? 1 : 0));
        }
        tally.addTrials(trials);
      },
      exact() {
        const a = acc.distribution();
        const c = cau.distribution();
        const success = accRolls ? a.atLeast(successTarget) : 0;
        const safe = cauRolls ? c.atLeast(riskTarget) : 0;
        return {
          metrics: exactOf({ success, safe, successAndSafe: success * safe, tension: (accRolls ? a.at(successTarget) : 0) + (cauRolls ? c.at(riskTarget) : 0) }),
        };
      },
    };
  },
});
