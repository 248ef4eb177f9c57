/**
 * VDP `extended` skill check (very-different-places.txt "Extended skill check"; docs/rules.md):
 * "the character must balance attack and defense die like they would in combat, against
 * a pair of target numbers representing difficulty (for attack) and intensity of effort
 * (for defense)". Each step rolls both pools (≥ the target passes, as in a risky check):
 *
 * - "If a character succeeds with their attack, progress towards the goal is made";
 *   `steps` points finish the job. A split of no attack dice (0/4) makes no attack, so it
 *   never succeeds and counts as a miss, whatever the difficulty (combat's "no attack
 *   dice, no attack").
 * - "If an attack is failed, progress is reduced by one notch if there has been any. If
 *   two attacks are failed in a row, the skill check has failed entirely."
 * - "If the character fails their defense, they are exhausted ... and must stop working".
 *
 * Within a step the attack is settled first, then the defence (docs/rulings/vdp-extended.md):
 * the point that finishes the job counts even if the defence fails in that step, and a
 * second missed attack fails the check even if the defence fails too. A run that neither
 * succeeds nor stops within `maxSteps` steps is `unfinished`.
 *
 * Tension: "A character gains a point of Tension whenever a skill check result is exactly
 * equal to the target number", and "may spend Tension to gain one advantage die per point
 * on the next combat action or skill check": by `spendTension` (combat's policies, default
 * `onAttack`), the bank goes on the next step's rolls, at most `spendPerRoll` a roll.
 *
 * The check is a Markov chain on (progress, last attack missed, tension banked), so the
 * exact engine walks the chain step by step; the Monte Carlo rolls the same steps.
 */
import { z } from 'zod';
import { lazySchema } from '../lazySchema.ts';
import { defineMechanic } from '../mechanic.ts';
import { fixedLayout, metricTable } from '../metrics.ts';
import { VDP_DEFAULTS, type VdpRules } from '../rules.ts';
import { VDP_POOL, extraDice, netAdvantage, noNetAdvantageWhy, type VdpRoll } from './pool.ts';
import { advantageOnIdle, advantageOnNoDice, advantageOnWords, advantageReaches, splitRolls, type SplitDice } from './risky.ts';
import { FIXED_SPLITS, attackDiceOf, type FixedSplit } from './allocation.ts';
import { bonusOf, rollBonusSchema } from './exchange.ts';
import { MAX_SPEND, SPEND_POLICIES, spendsAsOnAttackWhy, spendsNoTensionWhy, tensionSpent, type NoDice } from './combat.ts';

/** Steps an extended check takes at most where the setup leaves `maxSteps` out. */
export const DEFAULT_MAX_STEPS = 100;

/**
 * How the 4 dice are split each step: a fixed split of the combat table (attack/defence),
 * or `pressAfterMiss`: 2/2, but 3/1 right after a missed attack, since a second miss in a
 * row fails the whole check.
 */
export const EXTENDED_ALLOCATIONS = [...FIXED_SPLITS, 'pressAfterMiss'] as const;
export type ExtendedAllocation = (typeof EXTENDED_ALLOCATIONS)[number];

export const extendedSetup = lazySchema(() => z
  .object({
    /** Base stat + skill (+ tool) added to the attack dice. */
    attack: rollBonusSchema,
    /** "defense is done with Focus or Stamina": stat + skill added to the defence dice. */
    defence: rollBonusSchema,
    /** Target of each attack roll. */
    difficulty: z.number().int().min(-100).max(200),
    /** Target of each defence roll ("intensity of effort"). */
    intensity: z.number().int().min(-100).max(200),
    /** Points of progress that finish the job ("at least two steps, but three or four is more common"). */
    steps: z.number().int().min(1).max(50),
    /** How the pool is split (see EXTENDED_ALLOCATIONS); defaults to "2/2". */
    allocation: z.enum(EXTENDED_ALLOCATIONS).optional(),
    /** Advantage dice on the first step only, or on every step (`advantageSteps`), placed by the `advantageOn` rule. */
    advantage: extraDice.optional(),
    disadvantage: extraDice.optional(),
    /**
     * Which steps `advantage` and `disadvantage` apply to: *first* (default: "Advantage or
     * Disadvantage only applies to a single skill check or combat roll unless the rules
     * state otherwise", a one-off edge) or *every* (a circumstance the GM rules lasts the
     * whole job, as good tools; the default until December 2026). docs/rulings/vdp-extended.md.
     */
    advantageSteps: z.enum(['every', 'first']).optional(),
    /** Steps before the attempt is reported `unfinished`; defaults to 100. */
    maxSteps: z.number().int().min(1).max(1000).optional(),
    /** When banked tension buys advantage dice on a step's rolls (combat's SPEND_POLICIES); defaults to "onAttack". */
    spendTension: z.enum(SPEND_POLICIES).optional(),
    /** Most tension points spent on one roll; defaults to 4 (one advantage die per pool die). */
    spendPerRoll: z.number().int().min(1).max(MAX_SPEND).optional(),
  })
  .strict()
  // A success makes one notch of progress, so `steps` steps are the fewest that finish the
  // job: fewer allowed, it never succeeds, which read as odds of 0 (an audit).
  .superRefine((s, ctx) => {
    if (s.maxSteps !== undefined && s.maxSteps < s.steps) {
      ctx.addIssue({ code: 'custom', path: ['maxSteps'], message: `${s.maxSteps} steps at most, but a success makes one notch of progress and the job takes ${s.steps}, so it could never be finished: expected at least ${s.steps} (the default is 100)` });
    }
  }));

export type ExtendedSetup = z.output<typeof extendedSetup>;

/** Attack dice of a step, given whether the last attack missed. */
export function extendedAttackDice(policy: ExtendedAllocation, lastMissed: boolean): number {
  if (policy === 'pressAfterMiss') return lastMissed ? 3 : 2;
  return attackDiceOf(policy as FixedSplit);
}

/** Outcome codes of one step, as the chain and the Monte Carlo share them. */
export const GOING = 0;
export const SUCCESS = 1;
export const EXHAUSTED = 2;
export const FAILED = 3;

/**
 * One step from (progress, lastMissed): the new progress, whether this attack missed, and
 * the outcome (GOING or the end).
 */
export function extendedStep(
  progress: number,
  lastMissed: boolean,
  attackPasses: boolean,
  defencePasses: boolean,
  steps: number,
): { progress: number; missed: boolean; outcome: number } {
  if (attackPasses) {
    if (progress + 1 >= steps) return { progress: steps, missed: false, outcome: SUCCESS };
    return { progress: progress + 1, missed: false, outcome: defencePasses ? GOING : EXHAUSTED };
  }
  const lower = progress > 0 ? progress - 1 : 0;
  if (lastMissed) return { progress: lower, missed: true, outcome: FAILED };
  return { progress: lower, missed: true, outcome: defencePasses ? GOING : EXHAUSTED };
}

/** An extended check's metrics (sim/metrics.ts). */
export const EXTENDED_METRICS = metricTable({
  success: { name: 'success', kind: 'probability', label: 'P(every step done)', headline: true },
  exhausted: { name: 'exhausted', kind: 'probability', label: 'P(exhausted: a defence roll failed)' },
  failed: { name: 'failed', kind: 'probability', label: 'P(failed: two attacks missed in a row)' },
  unfinished: { name: 'unfinished', kind: 'probability', label: 'P(unfinished after the last step allowed)' },
  steps: { name: 'steps', kind: 'mean', label: 'mean steps rolled', min: 1 },
  progress: { name: 'progress', kind: 'mean', label: 'mean progress at the end' },
  tension: { name: 'tension', kind: 'mean', label: 'mean tension gained' },
  tensionSpent: { name: 'tensionSpent', kind: 'mean', label: 'mean tension spent on advantage dice' },
});

export const extended = defineMechanic({
  system: 'vdp',
  name: 'extended',
  summary: 'an extended check: attack vs difficulty and defence vs intensity, step by step',
  setup: extendedSetup,
  variants: ['advantageOn'],
  prepare(setup, rules: VdpRules) {
    const policy = setup.allocation ?? '2/2';
    const { steps, difficulty, intensity } = setup;
    const maxSteps = setup.maxSteps ?? DEFAULT_MAX_STEPS;
    const net = netAdvantage(setup.advantage, setup.disadvantage);
    const bonuses: [number, number] = [bonusOf(setup.attack), bonusOf(setup.defence)];
    const spendPolicy = setup.spendTension ?? 'onAttack';
    const perRoll = setup.spendPerRoll ?? VDP_POOL;
    // The rolls that never have dice, at a fixed split (pressAfterMiss always has both).
    const noDice: NoDice = {
      attack: policy === '0/4' ? 'at allocation "0/4" the attack has no dice' : undefined,
      defence: policy === '4/0' ? 'at allocation "4/0" the defence has no dice' : undefined,
    };
    // Why no tension is spent on dice: "never", or a policy naming only rolls of no dice.
    const spendsNone = spendsNoTensionWhy(spendPolicy, noDice);
    // Why every check ends at its first step, if it does: then nothing acts on a later step,
    // and the tension a step banks is never spent (none is banked before the first). A
    // defence of no dice totals 0, so at 4/0 it fails any intensity above 0 and the check
    // stops (an audit: advantageSteps, spendTension and spendPerRoll were taken unsaid there).
    const oneStep =
      maxSteps === 1 ? 'maxSteps is 1, so the first step is the only one'
      : policy === '4/0' && intensity > 0 ? `at allocation "4/0" the defence has no dice and totals 0, below the intensity of ${intensity}, so every check ends at its first step`
      : undefined;
    // Banked tension matters only when it is spent; where none is, the bank stays 0 in the
    // chain (one walk for every policy that spends nothing, so they agree to the last digit),
    // as where every check ends at its first step (a review: there the default's walk was
    // over the exact budget where "never"'s was not, so spendTension, said to change
    // nothing, decided whether the figures were exact).
    const banks = spendsNone !== undefined || oneStep !== undefined ? 0 : 2 * maxSteps;
    // Rolls by attack dice k (a k/(4−k) split) and tension dice s bought for that roll, with
    // the setup's advantage `withNet`: the first step's, and the later steps'.
    const rollsWith = (withNet: number) => {
      const attack: VdpRoll[][] = [];
      const defence: VdpRoll[][] = [];
      for (let k = 0; k <= VDP_POOL; k++) {
        attack.push([]);
        defence.push([]);
        for (let s = 0; s <= perRoll; s++) {
          const [a, d] = splitRolls(k, VDP_POOL - k, withNet, bonuses, rules.advantageOn, [s, s]);
          attack[k].push(a);
          defence[k].push(d);
        }
      }
      return { attack, defence };
    };
    const first = rollsWith(net);
    const later = (setup.advantageSteps ?? 'first') === 'first' && net !== 0 ? rollsWith(0) : first;
    const afterHit = extendedAttackDice(policy, false);
    const afterMiss = extendedAttackDice(policy, true);
    /** Tension spent on a step's attack and defence rolls with `bank` banked, k attack dice. */
    const spendOf = (k: number, bank: number): [number, number] => {
      const a = tensionSpent(spendPolicy, 'attack', k, bank, perRoll);
      return [a, tensionSpent(spendPolicy, 'defence', VDP_POOL - k, bank - a, perRoll)];
    };

    // Fields with nothing to act on, said rather than refused: a sweep over the split or the
    // advantage dice crosses such points with the rest written once.
    const setupNotes: string[] = [];
    // The splits the steps are rolled at (attack dice, defence dice): one, or pressAfterMiss's two.
    const splits: SplitDice[] = [...new Set([afterHit, afterMiss])].map((k) => [k, VDP_POOL - k]);
    const splitWords = `allocation ${JSON.stringify(policy)}`;
    if (rules.advantageOn !== VDP_DEFAULTS.advantageOn && advantageOnIdle(rules.advantageOn, splits, net)) {
      setupNotes.push(`rules.advantageOn changes nothing here: ${noNetAdvantageWhy(setup.advantage, setup.disadvantage) ?? `"both" also puts the dice on the defence, which has no dice (${splitWords})`}`);
    }
    // The advantage dice all on a roll of no dice (the attack of 0/4 by default) change nothing.
    const diceIdle = advantageOnNoDice(rules.advantageOn, splits);
    const onNoDice = `${advantageOnWords(rules.advantageOn)} puts the dice on the ${advantageReaches(rules.advantageOn)[0] ? 'attack' : 'defence'}, which has no dice (${splitWords})`;
    if (diceIdle) {
      for (const key of ['advantage', 'disadvantage'] as const) {
        if ((setup[key] ?? 0) > 0) setupNotes.push(`${key} changes nothing here: ${onNoDice}, and a roll of no dice totals 0`);
      }
    }
    // Which steps take the advantage dice: nothing where they change nothing, or with no later step.
    if (setup.advantageSteps !== undefined) {
      const why = noNetAdvantageWhy(setup.advantage, setup.disadvantage) ?? (diceIdle ? onNoDice : oneStep);
      if (why !== undefined) setupNotes.push(`advantageSteps changes nothing here: ${why}`);
    }
    // Tension goes on dice only on rolls with dice: a policy spending on the rolls the default does changes nothing.
    const asDefault = setup.spendTension === undefined ? undefined : spendsAsOnAttackWhy(setup.spendTension, noDice);
    const unspent = oneStep === undefined ? undefined : `${oneStep}, and tension is spent on a later step's rolls (none is banked before the first)`;
    if (setup.spendTension !== undefined && unspent !== undefined) setupNotes.push(`spendTension changes nothing here: ${unspent}`);
    else if (asDefault !== undefined) setupNotes.push(`spendTension changes nothing here: the check ${asDefault}`);
    // At a split where one roll has no dice, a step gains a point at most (a tie of the other
    // roll), which the next step spends whole: a cap of 1 or more never binds (an audit).
    const oneRoll = noDice.attack !== undefined ? `${noDice.attack}, so only the defence can tie its target` : noDice.defence !== undefined ? `${noDice.defence}, so only the attack can tie its target` : undefined;
    if (setup.spendPerRoll !== undefined && (spendsNone !== undefined || unspent !== undefined)) {
      setupNotes.push(`spendPerRoll changes nothing here: ${spendsNone !== undefined ? `no tension is spent on dice (${spendsNone})` : unspent}`);
    } else if (setup.spendPerRoll !== undefined && oneRoll !== undefined) {
      setupNotes.push(`spendPerRoll changes nothing here: ${oneRoll}; a step banks 1 point of tension at most, and the next step's roll spends it whole`);
    }
    // A split of no attack dice makes no attack, so it never succeeds, whatever the difficulty
    // (as a risky check's successTarget with no Accomplish dice).
    if (policy === '0/4') setupNotes.push('difficulty changes nothing here: at allocation "0/4" the attack has no dice and makes no attack, so it never succeeds, whatever the difficulty');
    // Nor its bonus: a roll of no dice totals 0 (a VDP audit found it taken unsaid). (The
    // steps the job takes, and maxSteps at 4/0, act on no roll there either, but bound the
    // metrics' intervals, so the figures do change.)
    if (policy === '0/4') setupNotes.push('attack changes nothing here: at allocation "0/4" the attack has no dice and makes no attack, and a roll of no dice totals 0, whatever its attribute and skill');
    if (policy === '4/0') setupNotes.push('defence changes nothing here: at allocation "4/0" the defence has no dice, and a roll of no dice totals 0, whatever its attribute and skill');

    // A trial rolls at most maxSteps steps and stops at `steps` points of progress.
    const { specs: metrics, slot: M, exact: exactOf } = fixedLayout(EXTENDED_METRICS, { steps: { max: maxSteps }, progress: { max: steps } });
    return {
      metrics,
      setupNotes,
      distributions: [{ name: 'steps', min: 1, size: maxSteps }],
      run(random, trials, tally) {
        for (let t = 0; t < trials; t++) {
          let progress = 0;
          let missed = false;
          let outcome = GOING;
          let taken = 0;
          let tension = 0;
          let bank = 0;
          let spent = 0;
          while (outcome === GOING && taken < maxSteps) {
            taken++;
            const k = missed ? afterMiss : afterHit;
            // "spend Tension to gain one advantage die per point on the next … skill check"
            // (spendOf written out: no array a step).
            const sa = bank > 0 ? tensionSpent(spendPolicy, 'attack', k, bank, perRoll) : 0;
            const sd = bank > sa ? tensionSpent(spendPolicy, 'defence', VDP_POOL - k, bank - sa, perRoll) : 0;
            bank -= sa + sd;
            spent += sa + sd;
            const rolls = taken === 1 ? first : later;
            const attackRoll = rolls.attack[k][sa];
            const defenceRoll = rolls.defence[k][sd];
            const a = attackRoll.roll(random);
            const d = defenceRoll.roll(random);
            // "A character gains a point of Tension whenever a skill check result is exactly
            // equal to the target number": a roll of no dice is no check, and gains none.
            const gained = (attackRoll.kept > 0 && a === difficulty ? 1 : 0) + (defenceRoll.kept > 0 && d === intensity ? 1 : 0);
            tension += gained;
            bank += gained;
            // Inlined extendedStep (no allocation per step). An attack of no dice is no
            // attack: it makes no progress whatever the difficulty (docs/rulings/vdp-extended.md).
            if (attackRoll.kept > 0 && a >= difficulty) {
              missed = false;
              if (++progress >= steps) {
                progress = steps;
                outcome = SUCCESS;
              } else if (d < intensity) outcome = EXHAUSTED;
            } else {
              if (progress > 0) progress--;
              if (missed) outcome = FAILED;
              else if (d < intensity) outcome = EXHAUSTED;
              missed = true;
            }
          }
          tally.add(M.success, outcome === SUCCESS ? 1 : 0);
          tally.add(M.exhausted, outcome === EXHAUSTED ? 1 : 0);
          tally.add(M.failed, outcome === FAILED ? 1 : 0);
          tally.add(M.unfinished, outcome === GOING ? 1 : 0);
          tally.add(M.steps, taken);
          tally.add(M.progress, progress);
          tally.add(M.tension, tension);
          tally.add(M.tensionSpent, spent);
          tally.bin(0, taken);
        }
        tally.addTrials(trials);
      },
      exactCost() {
        // Each step visits the states (progress, missed, bank) with the banks reachable by
        // then (2 a step); probability reaches 0 only by underflow, so a long check may
        // expand every one of them (9 outcomes, about one step of work a visit). Measured
        // (December 2026): 50 steps, maxSteps 1000, a bank that grows every step, 3.3 s
        // (this reads 10 s); 20 steps, maxSteps 1000, 0.31 s (this reads 4 s).
        let visits = 0;
        for (let t = 1; t <= maxSteps; t++) visits += 2 * steps * (Math.min(banks, 2 * (t - 1)) + 1);
        return visits;
      },
      exact() {
        // Per attack dice k and tension dice s: P(the roll passes), P(it ties its target).
        // Sums of float probabilities can pass 1 by an ulp; clamp so 1 − p is never negative.
        const clamp = (p: number) => Math.min(1, Math.max(0, p));
        // `noDice`: what a roll of no dice does, passing (a defence of no dice totals 0, and
        // meets an intensity of 0 or less) or not (an attack of no dice makes no progress).
        const oddsOf = (rolls: VdpRoll[][], target: number, noDice: 'total' | 'fails') =>
          rolls.map((byS) =>
            byS.map((r) => {
              if (r.kept === 0 && noDice === 'fails') return { pass: 0, tie: 0 };
              const dist = r.distribution();
              // A roll of no dice ties nothing: it gains no tension (see run).
              return { pass: clamp(dist.atLeast(target)), tie: r.kept > 0 ? clamp(dist.at(target)) : 0 };
            }),
          );
        const oddsFirst = { attack: oddsOf(first.attack, difficulty, 'fails'), defence: oddsOf(first.defence, intensity, 'total') };
        const oddsLater = later === first ? oddsFirst : { attack: oddsOf(later.attack, difficulty, 'fails'), defence: oddsOf(later.defence, intensity, 'total') };
        // Chain state: ((progress · 2 + last attack missed) · (banks + 1)) + bank.
        const width = banks + 1;
        let state = new Float64Array(2 * steps * width);
        state[0] = 1;
        const ends = [0, 0, 0, 0];
        let meanSteps = 0;
        let meanProgress = 0;
        let tension = 0;
        let spent = 0;
        const stepsDist = new Array(maxSteps).fill(0);
        // (passes, ties) of a roll: a tie passes ("at or above its target").
        const results = [
          [true, true],
          [true, false],
          [false, false],
        ] as const;
        for (let taken = 1; taken <= maxSteps; taken++) {
          const next = new Float64Array(state.length);
          let ended = 0;
          // Banks reachable by now: at most 2 a step.
          const topBank = Math.min(banks, 2 * (taken - 1));
          const { attack: attackOdds, defence: defenceOdds } = taken === 1 ? oddsFirst : oddsLater;
          for (let ps = 0; ps < 2 * steps; ps++) {
            const progress = ps >> 1;
            const lastMissed = (ps & 1) === 1;
            const k = lastMissed ? afterMiss : afterHit;
            for (let bank = 0; bank <= topBank; bank++) {
              const p = state[ps * width + bank];
              if (p === 0) continue;
              const [sa, sd] = banks === 0 ? [0, 0] : spendOf(k, bank);
              spent += p * (sa + sd);
              const ao = attackOdds[k][sa];
              const dO = defenceOdds[k][sd];
              for (const [attackPasses, attackTies] of results) {
                const pa = attackTies ? ao.tie : attackPasses ? ao.pass - ao.tie : 1 - ao.pass;
                if (pa <= 0) continue;
                for (const [defencePasses, defenceTies] of results) {
                  const pd = defenceTies ? dO.tie : defencePasses ? dO.pass - dO.tie : 1 - dO.pass;
                  if (pd <= 0) continue;
                  const q = p * pa * pd;
                  const gained = (attackTies ? 1 : 0) + (defenceTies ? 1 : 0);
                  tension += q * gained;
                  const r = extendedStep(progress, lastMissed, attackPasses, defencePasses, steps);
                  if (r.outcome === GOING) {
                    const b = banks === 0 ? 0 : bank - sa - sd + gained;
                    next[(r.progress * 2 + (r.missed ? 1 : 0)) * width + b] += q;
                  } else {
                    ends[r.outcome] += q;
                    ended += q;
                    meanProgress += q * r.progress;
                  }
                }
              }
            }
          }
          meanSteps += taken * ended;
          stepsDist[taken - 1] += ended;
          state = next;
        }
        // Still going after maxSteps: unfinished, at the progress reached.
        let unfinished = 0;
        for (let s = 0; s < state.length; s++) {
          unfinished += state[s];
          meanProgress += state[s] * Math.floor(s / width / 2);
        }
        meanSteps += maxSteps * unfinished;
        stepsDist[maxSteps - 1] += unfinished;
        return {
          metrics: exactOf({
            success: ends[SUCCESS],
            exhausted: ends[EXHAUSTED],
            failed: ends[FAILED],
            unfinished,
            steps: meanSteps,
            progress: meanProgress,
            tension,
            tensionSpent: spent,
          }),
          distributions: { steps: stepsDist },
        };
      },
    };
  },
});
