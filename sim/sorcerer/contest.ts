/**
 * Sorcerer `contest`: one opposed roll (docs/rules.md "Sorcerer"; sorcerer.txt "The basic way
 * dice work"). Highest dice cancel while tied; the side with the higher remaining highest
 * die wins, with a success per remaining die above the loser's highest. A side that runs
 * out of dice while the other has some loses (`exhausted` variant for the winner's
 * successes); both out at once is a reroll.
 *
 * With `passion`, a side rolls its Passion first, against the other side's dice, and its
 * successes join its pool: "If you are taking an action that is relevant both to Passion
 * and another stat, you can roll your Passion first and then use successes on that roll as
 * bonus dice to the main stat roll" (sorcerer.txt, "Actions"; docs/rulings/single-rolls.md).
 *
 * With `tries`, side a keeps trying the same task against b: "Repeating a task after
 * failing -1" (sorcerer.txt, "Bonus/Penalty Dice"). Each try is a fresh contest with a's
 * pool cut by `retryPenalty` per try it lost before (rules.repeatPenalty "flat": by
 * `retryPenalty` on every repeat, once); the `retry.*` metrics say how likely a gets it
 * within the tries (docs/rulings/single-rolls.md).
 */
import { z } from 'zod';
import { lazySchema } from '../lazySchema.ts';
import { entityName } from '../names.ts';
import { defineMechanic } from '../mechanic.ts';
import { FoldRoller, foldDistribution, type PoolFold } from '../exact/fold.ts';
import { singleDieSchema } from '../dice.ts';
import { SORCERER_DEFAULTS, type SorcererRules } from '../rules.ts';
import { MetricLayout, metricTable } from '../metrics.ts';
import type { DistributionSpec } from '../stats.ts';

const count = lazySchema(() => z.number().int().min(0).max(100));

export const sorcererSideSchema = lazySchema(() => z
  .object({
    name: entityName,
    /** The stat: how many dice. */
    dice: count,
    /** Bonus dice (currency, good dialogue…). */
    bonus: count.optional(),
    /** Penalty dice (bleed, boring description…); the pool never goes below 0 dice. */
    penalty: count.optional(),
    /**
     * Dice of a Passion roll made first, against the other side's pool, whose successes
     * are bonus dice on this roll ("roll your Passion first and then use successes on that
     * roll as bonus dice to the main stat roll"); left out, no Passion roll.
     */
    passion: z.number().int().min(1).max(100).optional(),
  })
  .strict());

/** Most tries a scenario may ask for: as many as a side may roll dice (the bound of `count`). */
export const MAX_TRIES = 100;

export const contestSetup = lazySchema(() => z
  .object({
    die: singleDieSchema.optional(),
    a: sorcererSideSchema,
    b: sorcererSideSchema,
    /**
     * How many times side a tries the task, stopping at its first win; left out, one roll
     * and no `retry.*` metrics (the contest as it always was).
     */
    tries: z.number().int().min(1).max(MAX_TRIES).optional(),
    /** Dice a loses per try it lost before ("Repeating a task after failing -1"); defaults to 1. */
    retryPenalty: count.optional(),
  })
  .strict()
  .superRefine((s, ctx) => {
    if (s.a.name === s.b.name) {
      ctx.addIssue({ code: 'custom', path: ['b', 'name'], message: `both sides are named "${s.a.name}": names must differ` });
    }
    if (s.tries !== undefined) {
      for (const key of ['a', 'b'] as const) {
        if (s[key].passion === undefined) continue;
        ctx.addIssue({
          code: 'custom',
          path: [key, 'passion'],
          message: 'a Passion roll before each of repeated tries is not played (which roll the "-1" for repeating cuts is not settled): expected passion or tries left out',
        });
      }
    }
    if (s.retryPenalty !== undefined && s.tries === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['retryPenalty'],
        message: 'a penalty for repeating a failed task needs "tries" (how many times side a tries): without it the contest is one roll, with nothing to repeat',
      });
    }
  }));

export type SorcererSide = z.output<typeof sorcererSideSchema>;

/** Dice a side actually rolls: stat + bonus − penalty, at least 0. */
export function poolSize(side: SorcererSide, passionDice = 0): number {
  // Passion's bonus dice are netted with the penalties before the pool stops at 0, as
  // bonus dice are ("1 success = 1 stat point = 1 bonus = 1 penalty").
  return Math.max(0, side.dice + (side.bonus ?? 0) + passionDice - (side.penalty ?? 0));
}

// The fold's state, packed: kind (2 bits) | winner (2 bits) | total victory (1 bit) | successes.
// While TIED, the total-victory bit says instead whether a tie has cancelled dice yet.
const TIED = 0; // highest dice still cancelling
const COUNTING = 1; // a winner is known; counting its dice above the loser's highest
const DONE = 2;
/** While TIED: a tie has cancelled dice (the total-victory bit, unused until a winner). */
const CANCELLED = 1 << 4;
export const A_WINS = 1;
export const B_WINS = 2;
export const REROLL = 3;

const pack = (kind: number, winner: number, totalVictory: boolean, successes: number) =>
  kind | (winner << 2) | ((totalVictory ? 1 : 0) << 4) | (successes << 5);
export const winnerOf = (state: number) => (state >> 2) & 3;
export const totalVictoryOf = (state: number) => (state >> 4) & 1;
export const successesOf = (state: number) => state >> 5;

/** The contest as a fold over outcomes from the highest face down (pool 0 is a, 1 is b). */
export function contestFold(exhausted: SorcererRules['exhausted']): PoolFold {
  return {
    order: 'descending',
    initial: pack(TIED, 0, false, 0),
    isFinal: (state) => (state & 3) === DONE,
    next(state, _outcome, counts, remaining) {
      const kind = state & 3;
      if (kind === TIED) {
        // "If any dice are tied, ignore them and go to the next highest."
        const a = counts[0];
        const b = counts[1];
        if (a === b) {
          if (remaining[0] === 0 && remaining[1] === 0) return pack(DONE, REROLL, false, 0);
          return a > 0 ? state | CANCELLED : state;
        }
        const winner = a > b ? A_WINS : B_WINS;
        const left = Math.abs(a - b); // winner's dice at this face after cancelling
        const winnerRest = remaining[winner - 1];
        const loserRest = remaining[2 - winner];
        if (loserRest === 0) {
          // A loser that never had a die: "a margin of success equal to the number of dice
          // she has that are higher than the loser's highest die" — every one (it has
          // none), so more penalties never leave it better off (docs/rulings/single-rolls.md).
          if (counts[2 - winner] === 0 && (state & CANCELLED) === 0) return pack(DONE, winner, true, left + winnerRest);
          // The loser ran out of dice: "the side with more dice wins with 1 success".
          return pack(DONE, winner, true, exhausted === 'one' ? 1 : left + winnerRest);
        }
        return pack(COUNTING, winner, false, left);
      }
      if (kind === COUNTING) {
        const winner = winnerOf(state);
        const w = counts[winner - 1];
        const l = counts[2 - winner];
        if (l > 0) {
          // The loser's highest remaining die: the winner's dice at or below it do not count.
          const total = w === 0 && remaining[winner - 1] === 0;
          return pack(DONE, winner, total, successesOf(state));
        }
        return pack(COUNTING, winner, false, successesOf(state) + w);
      }
      return state;
    },
  };
}

/**
 * A contest's metrics (sim/metrics.ts). The `passion` ones are laid out only for a side
 * with a Passion roll, and the `retry` ones only when the setup gives `tries`, after the
 * others, so a contest without them reports what it always did.
 */
export const CONTEST_METRICS = metricTable({
  win: { name: 'win.<name>', kind: 'probability', label: 'P(win: <name>)', family: 'P(win)', headline: true },
  // The same metric where side a repeats the task (`tries`): `win.<name>` stays the single
  // first roll (docs/rulings/single-rolls.md), and "P(win: sorcerer)" beside "P(sorcerer wins
  // within its tries)" read as the overall win (a report audit). Only the words differ.
  winFirstRoll: { name: 'win.<name>', kind: 'probability', label: 'P(first roll won: <name>)', family: 'P(first roll won)', headline: true },
  reroll: { name: 'reroll', kind: 'probability', label: 'P(reroll: both sides out of dice)' },
  totalVictory: { name: 'totalVictory.<name>', kind: 'probability', label: 'P(total victory: <name>)', family: 'P(total victory)' },
  successes: { name: 'successes.<name>', kind: 'mean', label: 'mean successes for <name> (0 on a loss)', family: 'mean successes (0 on a loss)' },
  passion: { name: 'passion.<name>', kind: 'probability', label: 'P(<name> wins its Passion roll)', family: 'P(Passion roll won)' },
  passionBonus: { name: 'passionBonus.<name>', kind: 'mean', label: "mean bonus dice <name>'s Passion roll adds (0 on a loss)", family: 'mean bonus dice from Passion' },
  // Side a repeats the task: its labels name it (`<side>`, a word the layout gives).
  retryWon: { name: 'retry.won', kind: 'probability', label: 'P(<side> wins within its tries)', headline: true },
  // The two means share one chart over a sweep: named there in words, not as `tries` and `firstWin`.
  retryTries: { name: 'retry.tries', kind: 'mean', label: 'mean tries <side> makes (it stops at its first win)', family: 'mean tries of the side that repeats', line: 'tries made', min: 1 },
  retryFirstWin: { name: 'retry.firstWin', kind: 'mean', label: "mean try of <side>'s first win (tries + 1 if none)", family: 'mean tries of the side that repeats', line: 'try of its first win', min: 1 },
});

/**
 * Side a's pool on each try: "Repeating a task after failing -1", `penalty` dice for each
 * try lost before it (`cumulative`: the third try follows two failures), or `penalty` dice
 * on every try after the first (`flat`: the situation's modifier, whatever the failures
 * before it); never below 0.
 */
export function poolsOnTries(firstPool: number, tries: number, penalty: number, repeat: SorcererRules['repeatPenalty'] = SORCERER_DEFAULTS.repeatPenalty): Int32Array {
  return Int32Array.from({ length: tries }, (_, k) => Math.max(0, firstPool - (repeat === 'flat' ? Math.min(k, 1) : k) * penalty));
}

/**
 * The chance that side a wins one try, rolled until it is decided, from the distribution of
 * one roll's outcomes. "If both sides have the same number of dice, throw your hands up in
 * despair and re-roll": a reroll is the same try rolled again, so a try is won with
 * P(a wins) / P(someone wins). Where nobody can ever win (0 dice against 0: every roll is a
 * reroll) the try is never decided, and never won: 0.
 */
export function tryWinChance(aWins: number, bWins: number): number {
  return aWins + bWins > 0 ? aWins / (aWins + bWins) : 0;
}

export const contest = defineMechanic({
  system: 'sorcerer',
  name: 'contest',
  summary: 'one opposed roll: highest die wins, ties cancel',
  setup: contestSetup,
  variants: ['exhausted', 'repeatPenalty'],
  refuse(setup, rules: SorcererRules) {
    // Without tries the contest is one roll: nothing is repeated (as setup.retryPenalty
    // without tries is refused).
    if (rules.repeatPenalty === 'flat' && setup.tries === undefined) {
      return [{ path: 'rules.repeatPenalty', problem: '"flat" sets the penalty for repeating a failed task, and the contest has no "tries" (side a rolls once), so it would change nothing: expected repeatPenalty left out, or setup.tries' }];
    }
    return [];
  },
  prepare(setup, rules: SorcererRules) {
    const sides = setup.die ?? 10;
    const { a, b } = setup;
    const counts = Int32Array.of(poolSize(a), poolSize(b));
    const dieSides = Int32Array.of(sides, sides);
    const fold = contestFold(rules.exhausted);
    // A Passion roll's successes are dice of its Passion pool: at most that many join.
    const passionA = a.passion ?? 0;
    const passionB = b.passion ?? 0;
    const maxSuccesses = Math.max(poolSize(a, passionA), poolSize(b, passionB), 1);

    const L = new MetricLayout(CONTEST_METRICS);
    // With tries the single roll is the first of them, and its win is labelled so.
    const win = setup.tries === undefined ? 'win' : 'winFirstRoll';
    const M = {
      winA: L.add(win, { name: a.name }),
      winB: L.add(win, { name: b.name }),
      reroll: L.add('reroll'),
      totalVictoryA: L.add('totalVictory', { name: a.name }),
      totalVictoryB: L.add('totalVictory', { name: b.name }),
      // A winner's successes are dice of its own pool, Passion's bonus dice included (a side
      // with none never wins).
      successesA: L.add('successes', { name: a.name }, { max: poolSize(a, passionA) }),
      successesB: L.add('successes', { name: b.name }, { max: poolSize(b, passionB) }),
    };
    const P = [a, b].map((side, i) =>
      side.passion === undefined
        ? undefined
        : { won: L.add('passion', { name: side.name }), bonus: L.add('passionBonus', { name: side.name }, { max: side.passion }), dice: i === 0 ? passionA : passionB },
    );
    const distributions: DistributionSpec[] = [
      { name: `successes.${a.name}`, min: 0, size: maxSuccesses + 1 },
      { name: `successes.${b.name}`, min: 0, size: maxSuccesses + 1 },
    ];
    // Side a repeating the task (`tries`): laid out after the single roll's metrics.
    const tries = setup.tries ?? 0;
    const retrying = setup.tries !== undefined;
    const pools = poolsOnTries(counts[0], tries, setup.retryPenalty ?? 1, rules.repeatPenalty);
    const R = retrying
      ? {
          won: L.add('retryWon', {}, { words: { side: a.name } }),
          tries: L.add('retryTries', {}, { max: tries, words: { side: a.name } }),
          firstWin: L.add('retryFirstWin', {}, { max: tries + 1, words: { side: a.name } }),
        }
      : undefined;
    // The try of a's first win, 1..tries, and tries + 1 for none within them.
    if (retrying) distributions.push({ name: 'retry.firstWin', min: 1, size: tries + 1 });
    const FIRST_WIN = 2;
    const metrics = L.specs;
    // The distinct smaller pools a rolls on later tries (a pool of 0 never wins: see firstWin).
    const triedPools = [...new Set(pools)].filter((n) => n > 0 && n !== counts[0]);
    const foldCost = (n: number, m = counts[1]) => 40 * sides * (n + 1) * (m + 1) * (Math.min(n, m) + 1);
    // A Passion roll is a side's Passion dice against the other side's pool; the main roll
    // is then one fold per pair of bonus dice the two Passion rolls can add.
    const passionFirst = P[0] !== undefined || P[1] !== undefined;
    const passionCost = () => {
      let cost = (passionA > 0 ? foldCost(passionA) : 0) + (passionB > 0 ? foldCost(passionB, counts[0]) : 0);
      for (let sA = 0; sA <= passionA; sA++) for (let sB = 0; sB <= passionB; sB++) cost += foldCost(poolSize(a, sA), poolSize(b, sB));
      return cost;
    };
    // "Repeating a task after failing -1" cuts the tries after a lost one: with one try there
    // is none. Said rather than refused (as retryPenalty without tries is): a sweep over tries
    // from 1 keeps the penalty written once (scenarios/sorcerer-keep-trying.yaml).
    const setupNotes: string[] = setup.tries === 1 && setup.retryPenalty !== undefined ? ['retryPenalty changes nothing here: tries is 1, and the penalty cuts only the tries after a lost one'] : [];
    // Nor where no later try can go otherwise: side a wins its first for certain (dice
    // against none; Passion, which could give b some, is refused beside tries), or has no dice to lose, so that
    // every try of its rolls none and none wins (a Sorcerer audit: both penalties unsaid).
    const triesAlike =
      counts[0] > 0 && counts[1] === 0 && passionB === 0
        ? `side a wins its first try for certain (${counts[0]} dice against none), so no try is repeated`
        : counts[0] === 0
          ? 'side a has no dice of its own, so a failure has none to take: every later try rolls none, and none wins'
          : undefined;
    if (triesAlike && retrying && tries > 1 && setup.retryPenalty !== undefined) setupNotes.push(`retryPenalty changes nothing here: ${triesAlike}`);
    // "remaining" differs from "one" only in the winner's successes, where the other side
    // runs out of dice while it keeps 2 or more: as many as the pools differ by, since tied
    // dice cancel in pairs (a side of no dice gives the winner every die either way). Only
    // the main roll's successes are reported (with any Passion bonus dice), and a Passion
    // roll's only where the Passion side wins (its bonus dice); a later try tells only who
    // wins (a Sorcerer audit: tries and Passion rolls held the note back). So where no such
    // roll sets the reported winner's pool 2 or more above the other's, both of dice, it
    // changes nothing (an audit: taken unsaid).
    if (rules.exhausted === 'remaining') {
      const pairs: [number, number][] = [];
      for (let sA = 0; sA <= passionA; sA++) for (let sB = 0; sB <= passionB; sB++) pairs.push([poolSize(a, sA), poolSize(b, sB)], [poolSize(b, sB), poolSize(a, sA)]);
      if (passionA > 0) pairs.push([passionA, counts[1]]);
      if (passionB > 0) pairs.push([passionB, counts[0]]);
      if (pairs.every(([winner, other]) => other === 0 || winner - other <= 1)) {
        setupNotes.push(`rules.exhausted changes nothing here: a side that runs out of dice leaves the other as many as the pools differ by (tied dice cancel in pairs), and no roll here whose successes count has two pools of dice 2 or more apart (a side of no dice gives the winner every die either way)${retrying || passionFirst ? `; ${[retrying ? 'a later try tells only who wins' : '', passionFirst ? 'a Passion roll counts only its Passion side\'s successes' : ''].filter(Boolean).join(', and ')}` : ''}`);
      }
    }
    // "flat" differs from "cumulative" only from a third try on, and only where the penalty
    // has dice to take after the first repeat's cut.
    if (rules.repeatPenalty === 'flat' && retrying && tries > 1 && triesAlike && !poolsOnTries(counts[0], tries, setup.retryPenalty ?? 1).every((n, k) => n === pools[k])) {
      setupNotes.push(`rules.repeatPenalty changes nothing here: ${triesAlike}`);
    } else if (rules.repeatPenalty === 'flat' && retrying && poolsOnTries(counts[0], tries, setup.retryPenalty ?? 1).every((n, k) => n === pools[k])) {
      setupNotes.push(`rules.repeatPenalty changes nothing here: ${tries === 1 ? 'with one try nothing is repeated' : tries === 2 ? 'with two tries the only repeat follows one failure' : (setup.retryPenalty ?? 1) === 0 ? 'a failed try costs no die' : 'side a has no dice left after its first failure'}, so every try rolls as many dice as under the default`);
    }

    return {
      metrics,
      distributions,
      setupNotes,
      run(random, trials, tally) {
        const roller = new FoldRoller(fold, sides, 2);
        const tryCounts = Int32Array.of(0, counts[1]);
        // Each side's Passion roll, its Passion dice as pool 0 against the other side's pool;
        // the main roll then on the pools with the bonus dice the Passion rolls won.
        const passionPools = P.map((q, i) => Int32Array.of(q?.dice ?? 0, counts[1 - i]));
        const mainCounts = Int32Array.of(counts[0], counts[1]);
        // Each side's pool with s bonus dice from its Passion roll, s = 0 … its Passion.
        const withBonus = [a, b].map((side, i) => Int32Array.from({ length: (i === 0 ? passionA : passionB) + 1 }, (_, s) => poolSize(side, s)));
        const main = passionFirst ? mainCounts : counts;
        /** The bonus dice side i's Passion roll adds: its successes, or 0 when it loses. */
        const passionBonus = (i: number): number => {
          let state = roller.roll(random, passionPools[i], dieSides);
          // A full tie is a reroll ("throw your hands up in despair and re-roll"); the
          // Passion side has dice, so one side wins in the end.
          while (winnerOf(state) === REROLL) state = roller.roll(random, passionPools[i], dieSides);
          return winnerOf(state) === A_WINS ? successesOf(state) : 0;
        };
        /**
         * The try on which a first wins, given the first try's first roll (its winner):
         * tries + 1 if none. A reroll is rolled again within the same try ("throw your hands
         * up in despair and re-roll"): it is not a failure, so costs no die.
         */
        const firstWin = (first: number): number => {
          let winner = first;
          for (let k = 0; k < tries; k++) {
            // No dice left: against dice, every try from here is lost; against none, every
            // roll is a reroll, forever (0 against 0), so the try is never decided and never
            // won. Either way a wins none of the rest, and the roll is not made (nor looped).
            if (pools[k] === 0) return tries + 1;
            tryCounts[0] = pools[k];
            if (k > 0) winner = winnerOf(roller.roll(random, tryCounts, dieSides));
            // With dice on a's side a reroll needs b's pool the same size, and then has a
            // chance of at most 1/2 (one d2 each): the loop ends.
            while (winner === REROLL) winner = winnerOf(roller.roll(random, tryCounts, dieSides));
            if (winner === A_WINS) return k + 1;
          }
          return tries + 1;
        };
        for (let t = 0; t < trials; t++) {
          if (passionFirst) {
            for (let i = 0; i < 2; i++) {
              const q = P[i];
              if (q === undefined) continue;
              const bonus = passionBonus(i);
              tally.add(q.won, bonus > 0 ? 1 : 0);
              tally.add(q.bonus, bonus);
              mainCounts[i] = withBonus[i][bonus];
            }
          }
          const state = roller.roll(random, main, dieSides);
          const winner = winnerOf(state);
          const s = successesOf(state);
          const tv = totalVictoryOf(state);
          tally.add(M.winA, winner === A_WINS ? 1 : 0);
          tally.add(M.winB, winner === B_WINS ? 1 : 0);
          tally.add(M.reroll, winner === REROLL ? 1 : 0);
          tally.add(M.totalVictoryA, winner === A_WINS ? tv : 0);
          tally.add(M.totalVictoryB, winner === B_WINS ? tv : 0);
          tally.add(M.successesA, winner === A_WINS ? s : 0);
          tally.add(M.successesB, winner === B_WINS ? s : 0);
          tally.bin(0, winner === A_WINS ? s : 0);
          tally.bin(1, winner === B_WINS ? s : 0);
          if (R !== undefined) {
            const first = firstWin(winner);
            tally.add(R.won, first <= tries ? 1 : 0);
            tally.add(R.tries, first <= tries ? first : tries);
            tally.add(R.firstWin, first);
            tally.bin(FIRST_WIN, first);
          }
        }
        tally.addTrials(trials);
      },
      // The fold's states grow with both pools and its steps with the shorter one. Measured
      // (December 2026, quiet 2-core machine): d6, 20 a side 0.11 s, 50 a side 1.6 s, 90 a
      // side 16 s; d20, 40 against 30, 0.9 s. This reads 0.2, 3.2, 18 and 3.2 s. With
      // tries, one more fold for each smaller pool a rolls on a later try.
      exactCost: () => (passionFirst ? passionCost() : triedPools.reduce((sum, n) => sum + foldCost(n), foldCost(counts[0]))),
      exact() {
        const outcomes = (n: number, m = counts[1]) => foldDistribution(fold, [
          { count: n, sides },
          { count: m, sides },
        ]);
        const m = L.exact().fill(0);
        /**
         * P(side i's Passion roll adds s bonus dice), s = 0 … its Passion dice: a reroll is
         * rolled again, so each outcome is weighed by P(someone wins); a loss adds none.
         */
        const bonusChances = (i: number): number[] => {
          const q = P[i];
          if (q === undefined) return [1];
          const chances = new Array<number>(q.dice + 1).fill(0);
          let decided = 0;
          for (const [state, p] of outcomes(q.dice, counts[1 - i])) {
            const winner = winnerOf(state);
            if (winner === REROLL) continue;
            decided += p;
            chances[winner === A_WINS ? successesOf(state) : 0] += p;
          }
          const scaled = chances.map((p) => p / decided);
          m[q.won] = 1 - scaled[0];
          m[q.bonus] = scaled.reduce((sum, p, k) => sum + p * k, 0);
          return scaled;
        };
        /** The main roll on every pair of bonus dice the Passion rolls add, weighed by the pair's chance. */
        const afterPassion = () => {
          const mixed = new Map<number, number>();
          const [chancesA, chancesB] = [bonusChances(0), bonusChances(1)];
          chancesA.forEach((pA, sA) =>
            chancesB.forEach((pB, sB) => {
              if (pA * pB === 0) return;
              for (const [state, p] of outcomes(poolSize(a, sA), poolSize(b, sB))) mixed.set(state, (mixed.get(state) ?? 0) + pA * pB * p);
            }),
          );
          return mixed;
        };
        const finals = passionFirst ? afterPassion() : outcomes(counts[0]);
        const succA = new Array(maxSuccesses + 1).fill(0);
        const succB = new Array(maxSuccesses + 1).fill(0);
        for (const [state, p] of finals) {
          const winner = winnerOf(state);
          const s = successesOf(state);
          if (winner === A_WINS) {
            m[M.winA] += p;
            m[M.totalVictoryA] += p * totalVictoryOf(state);
            m[M.successesA] += p * s;
            succA[Math.min(s, maxSuccesses)] += p;
            succB[0] += p;
          } else if (winner === B_WINS) {
            m[M.winB] += p;
            m[M.totalVictoryB] += p * totalVictoryOf(state);
            m[M.successesB] += p * s;
            succB[Math.min(s, maxSuccesses)] += p;
            succA[0] += p;
          } else {
            m[M.reroll] += p;
            succA[0] += p;
            succB[0] += p;
          }
        }
        const dists: Record<string, number[]> = { [`successes.${a.name}`]: succA, [`successes.${b.name}`]: succB };
        if (R !== undefined) {
          // Each try is a fresh roll, independent of the others given a's pool on it: the
          // chance of a first win on try k is the try's chance times that of losing all before.
          const chance = (rolls: Map<number, number>) => {
            let aWins = 0;
            let bWins = 0;
            for (const [state, p] of rolls) {
              if (winnerOf(state) === A_WINS) aWins += p;
              else if (winnerOf(state) === B_WINS) bWins += p;
            }
            return tryWinChance(aWins, bWins);
          };
          const byPool = new Map<number, number>([[0, 0], [counts[0], chance(finals)]]);
          for (const n of triedPools) byPool.set(n, chance(outcomes(n)));
          const first = new Array<number>(tries + 1).fill(0);
          let unwon = 1; // P(no win in the tries so far)
          for (let k = 0; k < tries; k++) {
            const w = byPool.get(pools[k])!;
            first[k] = unwon * w;
            unwon *= 1 - w;
          }
          first[tries] = unwon;
          m[R.won] = 1 - unwon;
          m[R.firstWin] = first.reduce((sum, p, k) => sum + p * (k + 1), 0);
          m[R.tries] = first.reduce((sum, p, k) => sum + p * Math.min(k + 1, tries), 0);
          dists['retry.firstWin'] = first;
        }
        return { metrics: L.named(m), distributions: dists };
      },
    };
  },
});
