/**
 * Viciousness `rivals`: rivals investing ambition points in their designs and rolling
 * the rival die, turn after turn, with nobody in their way (docs/rules.md "Rivals";
 * viciousness.txt "Rival Dice"). What a designer asks of it: how soon does a rank-r
 * rival strike, how often, and what does it cost the company? Exact by a Markov chain
 * per rival (rivals do not interact here), Monte Carlo always. Readings:
 * docs/rulings/rivals.md.
 */
import { z } from 'zod';
import { lazySchema } from '../lazySchema.ts';
import { defineMechanic, type ExactValues } from '../mechanic.ts';
import { VICIOUSNESS_DEFAULTS, type ViciousnessRules } from '../rules.ts';
import type { DistributionSpec } from '../stats.ts';
import { MetricLayout, metricTable } from '../metrics.ts';
import {
  CONSEQUENCE_KINDS,
  CONSEQUENCE_WORDS,
  CONSEQUENCE_OF_CODE,
  RIVAL_DICE_METRICS,
  RivalPlan,
  checkRivals,
  rivalChainNote,
  rivalOdds,
  rivalSchema,
  wealthLoweredBy,
  type RivalOdds,
  type RivalSetup,
} from './rivalDice.ts';
import { RivalMemo } from './rivalMemo.ts';
import { wordList } from '../words.ts';

/** Most turns a scenario may play: years of daily turns, and per-turn tallies stay small. */
export const MAX_TURNS = 1000;

export const rivalsSetup = lazySchema(() => z
  .object({
    /** Turns to play. */
    turns: z.number().int().min(1).max(MAX_TURNS),
    rivals: z.array(rivalSchema).min(1),
  })
  .strict()
  .superRefine((s, ctx) => checkRivals(s.rivals, ctx, ['rivals'])));

/** Rivals' metrics (sim/metrics.ts): those of rival dice, shared with `campaign`. */
export const RIVALS_METRICS = metricTable({
  ...RIVAL_DICE_METRICS,
  firstStrike: { ...RIVAL_DICE_METRICS.firstStrike, headline: true },
});

export const rivals = defineMechanic({
  // Trials per chunk (see Mechanic.chunkTrials): rivals run ~250k trials/s: 2^14 trials make a chunk of ~65 ms.
  chunkTrials: 16384,
  system: 'viciousness',
  name: 'rivals',
  summary: 'rival dice over many turns: when rivals strike, how often their designs land, what they cost',
  setup: rivalsSetup,
  variants: ['invest', 'speedChess', 'escalation', 'handyPoint'],
  prepare(setup, rules: ViciousnessRules) {
    const plan = new RivalPlan(setup.rivals, rules);
    const { turns } = setup;
    const R = plan.count;
    const K = CONSEQUENCE_KINDS.length;
    const L = new MetricLayout(RIVALS_METRICS);
    const M = {
      firstStrike: new Int32Array(R),
      strikes: new Int32Array(R),
      completed: new Int32Array(R),
      consequence: new Int32Array(K),
      wealthLowered: 0,
      calamity: 0,
    };
    // A rival rolls its die once a turn; one never struck reads turns + 1.
    plan.names.forEach((rival, r) => {
      M.firstStrike[r] = L.add('firstStrike', { rival }, { max: turns + 1 });
      M.strikes[r] = L.add('strikes', { rival }, { max: turns });
      M.completed[r] = L.add('completed', { rival }, { max: turns });
    });
    CONSEQUENCE_KINDS.forEach((kind, k) => (M.consequence[k] = L.add('consequence', { kind }, { words: { kind: CONSEQUENCE_WORDS[kind] } })));
    M.wealthLowered = L.add('wealthLowered');
    M.calamity = L.add('calamity');
    const metrics = L.specs;
    const distributions: DistributionSpec[] = plan.names.map((name) => ({ name: `firstStrike.${name}`, min: 1, size: turns + 1 }));

    const setupNotes = rivalsNotes(setup.rivals, rules);
    return {
      metrics,
      distributions,
      setupNotes,
      run(random, trials, tally) {
        // RivalBoard's moves, tabled by state (rivalMemo.ts): the same draws and results.
        const board = new RivalMemo(plan);
        const first = new Int32Array(R);
        const strikes = new Int32Array(R);
        const completed = new Int32Array(R);
        const kinds = new Int32Array(K);
        const calamity = CONSEQUENCE_KINDS.indexOf('calamity');
        // Read once: under tsx an imported binding is a getter per read.
        const kindOf = CONSEQUENCE_OF_CODE;
        const loweredBy = wealthLoweredBy;
        for (let trial = 0; trial < trials; trial++) {
          board.reset();
          first.fill(turns + 1);
          strikes.fill(0);
          completed.fill(0);
          kinds.fill(0);
          let wealth = 0;
          for (let t = 1; t <= turns; t++) {
            board.turn(random);
            for (let r = 0; r < R; r++) {
              if (board.struck[r] < 0) continue;
              if (strikes[r]++ === 0) first[r] = t;
              const code = board.consequence[r];
              if (code < 0) continue;
              completed[r]++;
              kinds[kindOf[code]]++;
              wealth += loweredBy(code);
            }
          }
          for (let r = 0; r < R; r++) {
            tally.add(M.firstStrike[r], first[r]);
            tally.add(M.strikes[r], strikes[r]);
            tally.add(M.completed[r], completed[r]);
            tally.bin(r, first[r]);
          }
          for (let k = 0; k < K; k++) tally.add(M.consequence[k], kinds[k]);
          tally.add(M.wealthLowered, wealth);
          tally.add(M.calamity, kinds[calamity] > 0 ? 1 : 0);
        }
        tally.addTrials(trials);
      },
      exact(): ExactValues {
        const x = L.exact();
        const dists: Record<string, number[]> = {};
        const odds: (RivalOdds | undefined)[] = [];
        for (let r = 0; r < R; r++) {
          const o = rivalOdds(plan, r, turns);
          odds.push(o);
          if (!o) continue;
          const name = plan.names[r];
          // E[first] over 1..turns+1 (turns+1: never).
          x[M.firstStrike[r]] = o.firstStrike.reduce((s, p, i) => s + p * (i + 1), 0);
          x[M.strikes[r]] = o.strikes;
          x[M.completed[r]] = o.completed;
          dists[`firstStrike.${name}`] = Array.from(o.firstStrike);
        }
        const lost = plan.names.filter((_, r) => odds[r] === undefined);
        if (lost.length > 0) this.exactSkipped = rivalChainNote(lost);
        // Rivals are independent here, so totals are sums and "no calamity" a product.
        if (odds.every((o) => o !== undefined)) {
          CONSEQUENCE_KINDS.forEach((_, i) => {
            x[M.consequence[i]] = odds.reduce((s, o) => s + o!.kinds[i], 0);
          });
          x[M.wealthLowered] = odds.reduce((s, o) => s + o!.wealthLowered, 0);
          x[M.calamity] = 1 - odds.reduce((s, o) => s * (1 - o!.calamity), 1);
        }
        return { metrics: L.named(x), distributions: dists };
      },
    };
  },
});

/**
 * What a `rivals` setup asks that changes nothing in it (sim/mechanic.ts setupNotes), said
 * rather than refused, as a sweep may cross such a point (the rivals of a campaign carried
 * over, a rival's designs swept from three to one): a rival's
 * `minions`, `minionDice` and `minionBonus` (they fight only in a campaign), a design's `unsubtle` (only a
 * campaign's PCs interfere), and `rules.invest` "spread" where every rival has one design
 * (the round robin hands every point to it, as "focus" does). Also the campaign's (its
 * rivals' `invest`: campaignSetup.ts campaignNotes).
 */
export function rivalsNotes(rivals: readonly RivalSetup[], rules: Pick<ViciousnessRules, 'invest' | 'handyPoint' | 'speedChess' | 'escalation'>): string[] {
  const notes: string[] = [];
  rivals.forEach((r, i) => {
    const fields = (['minions', 'minionDice', 'minionBonus'] as const).filter((k) => r[k] !== undefined).map((k) => `rivals.${i}.${k}`);
    if (fields.length > 0) {
      const named = wordList(fields);
      notes.push(`${named} ${fields.length > 1 ? 'change' : 'changes'} nothing here: a rival's minions fight only in a campaign (an attempt on a PC's life, an interference by violence), and the rivals mechanic plays no fight`);
    }
    r.designs.forEach((d, j) => {
      if (d.unsubtle === true) notes.push(`rivals.${i}.designs.${j}.unsubtle changes nothing here: only a campaign's PCs may interfere with an unsubtle design (policy interfere), and the rivals mechanic has none`);
    });
  });
  const investNote = oneDesignInvestNote(rivals, rules);
  if (investNote !== undefined) notes.push(investNote);
  const handyNote = handyPointNote(rivals, rules);
  if (handyNote !== undefined) notes.push(handyNote);
  // Nothing foils a design here: only a campaign's PCs interfere.
  const speedChess = speedChessNote(rivals, rules, false);
  if (speedChess !== undefined) notes.push(speedChess);
  const escalation = escalationNote(rivals, rules);
  if (escalation !== undefined) notes.push(escalation);
  return notes;
}

/**
 * `rules.speedChess` played where no design is ever interrupted or foiled (RivalBoard.missed
 * never runs): every design shrewd, "4-in-4 for shrewd ones", and none `interferes` (a
 * campaign's PCs foiling an unsubtle one). Said (a rivals audit: the same exact figures).
 */
export function speedChessNote(rivals: readonly RivalSetup[], rules: Pick<ViciousnessRules, 'speedChess'>, interferes: boolean): string | undefined {
  if (rules.speedChess === VICIOUSNESS_DEFAULTS.speedChess || rivals.length === 0 || interferes) return undefined;
  if (!rivals.every((r) => r.designs.every((d) => d.style === 'shrewd'))) return undefined;
  return `rules.speedChess changes nothing here: it refunds a design that is interrupted or foiled, and every rival design is shrewd ("4-in-4 for shrewd ones"), so none fails, and nobody interferes with one`;
}

/**
 * \`rules.escalation\` away from its default where every design is heavy: a slot's next
 * design differs between the readings only after a 6 raised a light or medium design's
 * severity (nextSeverity), and a heavy design's 6 is a calamity, not a higher design.
 */
export function escalationNote(rivals: readonly RivalSetup[], rules: Pick<ViciousnessRules, 'escalation'>): string | undefined {
  if (rules.escalation === VICIOUSNESS_DEFAULTS.escalation || rivals.length === 0) return undefined;
  if (!rivals.every((r) => r.designs.every((d) => d.severity === 'heavy'))) return undefined;
  return 'rules.escalation changes nothing here: it says what follows a design a 6 raised a severity, and every rival design is heavy, whose 6 is "A setting-altering calamity begins", not a design of a higher severity, so every slot\'s next design is heavy either way';
}

/**
 * `rules.handyPoint` "perDesign" where it reads as "perRival" does: no rival has a design a
 * handy asset helps, or those that do have that one design alone (its rank's points and
 * the one extra land in it either way), said.
 */
export function handyPointNote(rivals: readonly RivalSetup[], rules: Pick<ViciousnessRules, 'handyPoint'>): string | undefined {
  if (rules.handyPoint === VICIOUSNESS_DEFAULTS.handyPoint || rivals.length === 0) return undefined;
  const handy = (d: RivalSetup['designs'][number]) => d.handyAsset !== undefined && d.handyAsset !== false;
  if (rivals.some((r) => r.designs.length > 1 && r.designs.some(handy))) return undefined;
  return rivals.some((r) => r.designs.some(handy))
    ? 'rules.handyPoint changes nothing here: each rival with a handy asset has one design, which takes its rank\'s points and the one extra either way'
    : 'rules.handyPoint changes nothing here: no rival\'s design has a handy asset (designs[].handyAsset)';
}

/** `rules.invest` "spread" where every rival has one design: the same as "focus", said. */
export function oneDesignInvestNote(rivals: readonly RivalSetup[], rules: Pick<ViciousnessRules, 'invest'>): string | undefined {
  if (rules.invest === VICIOUSNESS_DEFAULTS.invest || rivals.length === 0 || rivals.some((r) => r.designs.length > 1)) return undefined;
  return 'rules.invest changes nothing here: every rival has one design, so "spread" hands every point to it, as "focus" does';
}
