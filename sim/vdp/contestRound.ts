/**
 * VDP `contestRound`: an opposed skill check played as combat rounds
 * (very-different-places.txt "Opposed skill checks"): "An opposed skill check works like a
 * combat round, with the character with best Timing going first on the attack. The attack
 * and defense bonuses are replaced by relevant stats and skills. The characters' Thresholds
 * are likewise replaced by the defensive bonus that was just calculated. The opposed skill
 * check continues until one of the characters receives a "wound", marking them the loser."
 *
 * So: two characters, each split its 4 dice (a fixed split of the allocation table), take
 * turns in Timing order; each turn makes `attacks` attack rolls against the other's defence
 * roll (sim/vdp/exchange.ts), with the defender's defence bonus as its threshold in place
 * of Fortitude. The first wound ends the contest: the one wounded loses. Glancing blows
 * bank tension as in combat, spent on advantage dice by `spendTension` (netted with each
 * character's situational dice, sim/vdp/situational.ts); a block's tension
 * goes, as combat's does by default, on a defensive effect ("the defender gains a point of
 * Tension, and can spend that tension on a defensive effect"): after the bidding
 * (sim/vdp/effects.ts), one disadvantage die a point on the attacker's rolls from the moment
 * it lands until its next turn ends: its remaining attacks of the turn in which it lands, its
 * defences and its next turn (`effectsOn: fromLanding`, the default); under `effectsOn:
 * allActions` the remaining attacks of that turn go free, and under `ownTurn` only the next
 * turn's attacks weigh them. Offensive effects have no
 * place: the first "wound" ends the contest. Edge Charge "may be used as normal": a glancing
 * blow gains the attacker a point ("In case of a glancing hit, the attacker gains one point
 * of charge"), counted in `charge.<name>`, the charge it may store "between fights or
 * challenges"; no success is given up for charge (the first wound ends the contest).
 *
 * When nobody spends tension and nobody makes defensive effects every attack is an
 * independent draw, so the whole contest is exact (a geometric series over rounds; with a
 * contender's situational dice on its first roll only, `advantageRolls: "first"`, a chain
 * over rounds, firstRollContest);
 * otherwise the Monte Carlo is checked against a slow reference in
 * tests/vdp-contest-round.test.ts. Readings: docs/rulings/vdp-combat.md ("Opposed skill
 * checks as a contest").
 */
import { z } from 'zod';
import { lazySchema } from '../lazySchema.ts';
import { entityName } from '../names.ts';
import { defineMechanic, type ExactValues } from '../mechanic.ts';
import { Distribution } from '../exact/distribution.ts';
import type { RandomStream } from '../random.ts';
import type { Tally } from '../stats.ts';
import { MetricLayout, metricTable } from '../metrics.ts';
import { VDP_DEFAULTS, type VdpRules } from '../rules.ts';
import { VDP_POOL, VdpRoll } from './pool.ts';
import { FIXED_SPLITS, attackDiceOf, type FixedSplit } from './allocation.ts';
import { bonusOf, exchange, rollBonusSchema } from './exchange.ts';
import { MAX_SPEND, RollTable, SPEND_POLICIES, firstTurnChance, spendsAsOnAttackWhy, spendsNoTensionWhy, tensionSpent, type NoDice } from './combat.ts';
import { BID_CODE, BID_POLICIES, DEFENSIVE_EFFECTS, bid, type Bidding } from './effects.ts';
import { powInt } from '../exact/pow.ts';
import { onFirstRollOnly, situationalDefaultNote, situationalFields, situationalNet, situationalNotes } from './situational.ts';

/** Rounds a contest lasts at most where the setup leaves `maxRounds` out: still going, a draw. */
export const DEFAULT_CONTEST_ROUNDS = 50;

/**
 * Who goes first each round: `timing` ("the character with best Timing going first": the
 * higher Timing attribute, a coin each round when equal) or `rolled` (2d6 + Timing every
 * round, as in combat).
 */
export const CONTEST_ORDERS = ['timing', 'rolled'] as const;

const contenderSchema = lazySchema(() => z
  .object({
    name: entityName,
    /** The relevant stat + skill (+ a tool) on the attack: "replaced by relevant stats and skills". */
    attack: rollBonusSchema,
    /** The relevant stat + skill on defence; also its threshold ("replaced by the defensive bonus"). */
    defence: rollBonusSchema,
    /** Timing: who goes first. */
    timing: z.number().int().min(-20).max(100),
    /** Its fixed split of the 4 dice, attack/defence; defaults to "2/2". */
    allocation: z.enum(FIXED_SPLITS).optional(),
    /** Attack rolls a turn; defaults to 2 ("works like a combat round": two actions). */
    attacks: z.number().int().min(1).max(2).optional(),
    /** Tension at the start; defaults to 0. */
    tension: z.number().int().min(0).max(100).optional(),
    /** When it spends tension on advantage dice; defaults to "onAttack". */
    spendTension: z.enum(SPEND_POLICIES).optional(),
    /** Most tension points spent on one roll; defaults to 4. */
    spendPerRoll: z.number().int().min(1).max(MAX_SPEND).optional(),
    // Situational advantage and disadvantage dice (sim/vdp/situational.ts): advantage, disadvantage, advantageOn, advantageRolls.
    ...situationalFields(),
    /** Whether a block's tension goes on a defensive effect (see DEFENSIVE_EFFECTS); defaults to "always", as in combat. */
    defensiveEffect: z.enum(DEFENSIVE_EFFECTS).optional(),
    /** When it pays in the tension bidding over an effect (see BID_POLICIES); defaults to "whileAhead", as in combat. */
    bid: z.enum(BID_POLICIES).optional(),
    /** Stored tension it adds to each effect it makes ("and any stored tension"); defaults to 0. */
    effectTension: z.number().int().min(0).max(100).optional(),
  })
  .strict());

/**
 * Whether `effectsOn: "ownTurn"` plays as the default for effects landing on `x` from `y`'s
 * blocks: it takes a landed effect off the rest of the turn it lands in and off the
 * defences before the next, so nothing where no effect lands on x (x makes no attack with
 * dice, or y's blocks make none), or where x has no later attack in that turn (one a turn)
 * and no defence for it to weigh on (no defence dice, or y never attacks). A VDP audit
 * found it taken unsaid.
 */
function ownTurnIdle(x: Contender, y: Contender): boolean {
  return attackDice(x) === 0 || (y.defensiveEffect ?? 'always') === 'never' || ((x.attacks ?? 2) === 1 && (attackDice(x) === VDP_POOL || attackDice(y) === 0));
}

export const contestRoundSetup = lazySchema(() => z
  .object({
    a: contenderSchema,
    b: contenderSchema,
    /** Who goes first each round (see CONTEST_ORDERS); defaults to "timing". */
    order: z.enum(CONTEST_ORDERS).optional(),
    /** Rounds before the contest is called a draw; defaults to 50. */
    maxRounds: z.number().int().min(1).max(1000).optional(),
  })
  .strict()
  .superRefine((s, ctx) => {
    if (s.a.name === s.b.name) {
      ctx.addIssue({ code: 'custom', path: ['b', 'name'], message: `both characters are named "${s.a.name}": names must differ` });
    }
  }));

export type Contender = z.output<typeof contenderSchema>;
export type ContestRoundSetup = z.output<typeof contestRoundSetup>;

/**
 * The threshold standing in for Fortitude: the defence bonus, at least 1 (a threshold of 0
 * would let a tie wound; docs/rulings/vdp-combat.md).
 */
export function contestThreshold(c: Contender): number {
  const t = bonusOf(c.defence);
  return t < 1 ? 1 : t;
}

/** P(x takes the first turn of a round). */
export function contestFirstChance(order: (typeof CONTEST_ORDERS)[number], timingA: number, timingB: number): number {
  if (order === 'rolled') return firstTurnChance(timingA, timingB);
  return timingA > timingB ? 1 : timingA < timingB ? 0 : 0.5;
}

const attackDice = (c: Contender) => attackDiceOf((c.allocation ?? '2/2') as FixedSplit);

/** P(one attack of x wounds y), both fresh, nobody spending tension. */
export function woundChance(x: Contender, y: Contender): number {
  return exchangeStats(x, y).wound;
}

/**
 * One attack of x on y with nobody spending tension, the attack roll with `attackNet`
 * situational dice and the defence with `defenceNet` (by default each roll's own): P(a
 * wound), P(a glancing blow: x gains a point), and y's mean tension from holding (k for a
 * hold of k, 0 otherwise); all 0 when x has no attack dice (it makes no attack).
 */
export function exchangeStats(x: Contender, y: Contender, attackNet = situationalNet(x, 'attack'), defenceNet = situationalNet(y, 'defence')): { wound: number; glance: number; held: number } {
  const out = { wound: 0, glance: 0, held: 0 };
  const ax = attackDice(x);
  if (ax === 0) return out;
  const dy = VDP_POOL - attackDice(y);
  const clamp = (v: number) => (v < 0 ? 0 : v);
  const att = new VdpRoll(ax, attackNet, 0).distribution().shift(bonusOf(x.attack)).map(clamp);
  const def = dy === 0 ? Distribution.constant(0) : new VdpRoll(dy, defenceNet, 0).distribution().shift(bonusOf(y.defence)).map(clamp);
  const threshold = contestThreshold(y);
  for (let i = 0; i < att.p.length; i++) {
    for (let j = 0; j < def.p.length; j++) {
      const p = att.p[i] * def.p[j];
      const r = exchange(att.min + i, def.min + j, threshold);
      if (r > 0) out.wound += p;
      else if (r === 0) out.glance += p;
      else out.held += p * -r;
    }
  }
  return out;
}

/**
 * The exact contest, nobody spending tension, when a contender's situational dice go on its
 * first roll only (advantageRolls "first"): the rounds are then not alike, so it is walked
 * round by round as a chain whose state is which contenders have placed those dice (bit i:
 * contender i has). Given the state every exchange is an independent draw, and the rolls it
 * makes give the next state: the attack always has dice (no attack dice, no attack), a
 * defence of no dice is no roll and places nothing. `q`: P(a takes a round's first turn).
 * With neither contender's dice on the first roll only it is the geometric series of the
 * mechanic's exact(), the same numbers by a longer road.
 */
export function firstRollContest(a: Contender, b: Contender, q: number, maxRounds: number) {
  const cs = [a, b];
  const once = cs.map(onFirstRollOnly);
  const atk = cs.map(attackDice);
  const attacks = cs.map((c) => c.attacks ?? 2);
  // Its situational dice on a roll of this kind, once `placed` says whether it has placed them.
  const net = (i: number, roll: 'attack' | 'defence', placed: number) => (once[i] && placed & (1 << i) ? 0 : situationalNet(cs[i], roll));
  const stats = new Map<number, ReturnType<typeof exchangeStats>>();
  const statsOf = (x: number, placed: number) => {
    const key = x * 4 + placed;
    let s = stats.get(key);
    if (!s) stats.set(key, (s = exchangeStats(cs[x], cs[1 - x], net(x, 'attack', placed), net(1 - x, 'defence', placed))));
    return s;
  };
  // Whose first-roll dice an attack of x places: x's where they are on its attack rolls; the
  // defender's where they are on its defence rolls and it has defence dice to roll.
  const placedBy = (x: number) => {
    const y = 1 - x;
    return (once[x] && situationalNet(cs[x], 'attack') !== 0 ? 1 << x : 0) | (once[y] && atk[y] < VDP_POOL && situationalNet(cs[y], 'defence') !== 0 ? 1 << y : 0);
  };
  const win = [0, 0];
  const tension = [0, 0];
  const charge = [0, 0];
  let rounds = 0;
  let exchanges = 0;
  const bins: number[] = [];
  // P(the contest is still going at the start of the round), by state.
  let state = [1, 0, 0, 0];
  for (let r = 1; r <= maxRounds; r++) {
    const started = state[0] + state[1] + state[2] + state[3];
    rounds += started;
    const next = [0, 0, 0, 0];
    let ended = 0;
    for (let placed = 0; placed < 4; placed++) {
      for (const [first, chance] of [[0, q], [1, 1 - q]]) {
        let going = state[placed] * chance;
        if (going === 0) continue;
        let now = placed;
        // The round's turns: each attack is made when the ones before it wounded nobody.
        for (const x of [first, 1 - first]) {
          for (let k = 0; atk[x] > 0 && k < attacks[x]; k++) {
            const s = statsOf(x, now);
            exchanges += going;
            tension[x] += going * s.glance;
            charge[x] += going * s.glance;
            tension[1 - x] += going * s.held;
            win[x] += going * s.wound;
            ended += going * s.wound;
            going *= 1 - s.wound;
            now |= placedBy(x);
          }
        }
        next[now] += going;
      }
    }
    // P(exactly r rounds): ended in round r, or the last round played.
    bins.push(r === maxRounds ? started : ended);
    state = next;
  }
  return { winA: win[0], winB: win[1], draw: state[0] + state[1] + state[2] + state[3], rounds, exchanges, tensionA: tension[0], tensionB: tension[1], chargeA: charge[0], chargeB: charge[1], bins };
}

/** A contest round's metrics (sim/metrics.ts). */
export const CONTEST_ROUND_METRICS = metricTable({
  win: { name: 'win.<name>', kind: 'probability', label: 'P(win: <name>)', family: 'P(win)', headline: true },
  draw: { name: 'draw', kind: 'probability', label: 'P(no one wins)' },
  rounds: { name: 'rounds', kind: 'mean', label: 'mean rounds fought', min: 1 },
  exchanges: { name: 'exchanges', kind: 'mean', label: 'mean exchanges' },
  tension: { name: 'tension.<name>', kind: 'mean', label: 'mean tension gained by <name>', family: 'mean tension gained' },
  // "In case of a glancing hit, the attacker gains one point of charge" (combat's metric).
  charge: { name: 'charge.<name>', kind: 'mean', label: 'mean Edge Charge gained: <name>', family: 'mean Edge Charge gained' },
  first: { name: 'first.<name>', kind: 'probability', label: 'P(acts first: <name>)', family: 'P(acts first)' },
});

export const contestRound = defineMechanic({
  // Trials per chunk: a contest is a few exchanges, like a short fight.
  chunkTrials: 16384,
  system: 'vdp',
  name: 'contestRound',
  summary: 'an opposed skill check played as combat rounds: the first to take a "wound" loses',
  setup: contestRoundSetup,
  variants: ['effectsOn'],
  refuse(setup, rules: VdpRules) {
    // `effectsOn` says where a defensive effect's dice weigh (the only effects a contest
    // has): with neither contender making one it would change nothing, refused as a variant
    // the mechanic never plays is (sim/scenario.ts).
    if (rules.effectsOn !== VDP_DEFAULTS.effectsOn && [setup.a, setup.b].every((c) => (c.defensiveEffect ?? 'always') === 'never')) {
      return [{ path: 'rules.effectsOn', problem: `${JSON.stringify(rules.effectsOn)} says which rolls a defensive effect's dice weigh on, and neither contender makes one (defensiveEffect "never" for both), so it would change nothing: expected effectsOn left out, or a contender with defensiveEffect "always"` }];
    }
    // "allActions" differs from the default ("fromLanding") only for a block's effect on a
    // contender with an attack still to make in its turn: one of two attacks a turn (and
    // attack dice to make them with) against a contender whose blocks make effects.
    const [a, b] = [setup.a, setup.b];
    const meets = (x: typeof a, y: typeof a) => (x.attacks ?? 2) === 2 && attackDice(x) > 0 && (y.defensiveEffect ?? 'always') === 'always';
    if (rules.effectsOn === 'allActions' && !meets(a, b) && !meets(b, a)) {
      return [{ path: 'rules.effectsOn', problem: '"allActions" says a block\'s effect on a contender in its own turn waits for its next turn, and no contender has an attack still to make after a block that makes one (none of two attacks a turn, with attack dice, against a contender with defensiveEffect "always"), so it would change nothing: expected effectsOn left out, or a contender of two attacks against one with defensiveEffect "always"' }];
    }
    return [];
  },
  prepare(setup, rules: VdpRules) {
    const cs = [setup.a, setup.b];
    const [A, B] = cs.map((c) => c.name);
    const order = setup.order ?? 'timing';
    const maxRounds = setup.maxRounds ?? DEFAULT_CONTEST_ROUNDS;
    const attackBonus = Int32Array.from(cs, (c) => bonusOf(c.attack));
    const defenceBonus = Int32Array.from(cs, (c) => bonusOf(c.defence));
    const threshold = Int32Array.from(cs, contestThreshold);
    const timing = Int32Array.from(cs, (c) => c.timing);
    const atk = Int32Array.from(cs, attackDice);
    const attacks = Int32Array.from(cs, (c) => c.attacks ?? 2);
    const startTension = Int32Array.from(cs, (c) => c.tension ?? 0);
    const spend = cs.map((c) => c.spendTension ?? 'onAttack');
    const perRoll = Int32Array.from(cs, (c) => c.spendPerRoll ?? VDP_POOL);
    const defensive = Uint8Array.from(cs, (c) => ((c.defensiveEffect ?? 'always') === 'always' ? 1 : 0));
    const bidCode = Int32Array.from(cs, (c) => BID_CODE[c.bid ?? 'whileAhead']);
    const effectTension = Int32Array.from(cs, (c) => c.effectTension ?? 0);
    // Situational dice on each roll (> 0 advantage, < 0 disadvantage), netted with tension and effect dice.
    const situation = { attack: Int32Array.from(cs, (c) => situationalNet(c, 'attack')), defence: Int32Array.from(cs, (c) => situationalNet(c, 'defence')) };
    // 1 where they go on its first such roll only (advantageRolls "first").
    const firstRollOnly = Uint8Array.from(cs, (c) => (onFirstRollOnly(c) ? 1 : 0));
    // Its rolls that never have dice (no attack dice, no attack; a defence of none totals 0),
    // and why its tension policy puts nothing on dice, where it does not.
    const noDice: NoDice[] = cs.map((c, i) => {
      const split = JSON.stringify(c.allocation ?? '2/2');
      return { attack: atk[i] === 0 ? `at allocation ${split} it makes no attack` : undefined, defence: atk[i] === VDP_POOL ? `at allocation ${split} it has no defence dice` : undefined };
    });
    const spendsNone = cs.map((c, i) => spendsNoTensionWhy(spend[i], noDice[i]));
    // 1 where effect dice also weigh on the loser's defences (rules.effectsOn), else 0.
    const effectsOnDefence = rules.effectsOn === 'ownTurn' ? 0 : 1;
    // 1 where an effect landed on a contender in its own turn weighs at once on the rest of
    // that turn's attacks (rules.effectsOn "fromLanding"), else 0.
    const landsAtOnce = rules.effectsOn === 'fromLanding' ? 1 : 0;
    // Kept d6s rolled with net advantage (> 0) or disadvantage (< 0) dice, prepared once.
    const table = new RollTable(VDP_POOL);

    const L = new MetricLayout(CONTEST_ROUND_METRICS);
    const M = {
      winA: L.add('win', { name: A }),
      winB: L.add('win', { name: B }),
      draw: L.add('draw'),
      rounds: L.add('rounds', {}, { max: maxRounds }),
      exchanges: L.add('exchanges'),
      tensionA: L.add('tension', { name: A }),
      tensionB: L.add('tension', { name: B }),
      chargeA: L.add('charge', { name: A }),
      chargeB: L.add('charge', { name: B }),
      firstA: L.add('first', { name: A }),
      firstB: L.add('first', { name: B }),
    };
    const metrics = L.specs;
    // Fields with nothing to act on, said rather than refused: a sweep over a split or a
    // policy crosses such points with the rest written once.
    const setupNotes: string[] = [];
    // A defensive effect is made on a block, so only against a contender that attacks: one
    // at 0/4 never does (an audit: effectsOn, bid, effectTension and the defensiveEffect
    // itself were taken unsaid against one).
    const neverBlocks = (i: number) => (atk[1 - i] === 0 ? `${cs[1 - i].name} makes no attack at allocation "0/4", so ${cs[i].name} never blocks one` : undefined);
    const bothNever = cs.every((c) => (c.defensiveEffect ?? 'always') === 'never');
    const noEffectWhy = bothNever
      ? 'defensiveEffect "never" for both'
      : cs.every((c, i) => (c.defensiveEffect ?? 'always') === 'never' || neverBlocks(i) !== undefined)
        ? cs.map((c, i) => ((c.defensiveEffect ?? 'always') === 'never' ? `${c.name}'s defensiveEffect is "never"` : neverBlocks(i))).join('; ')
        : undefined;
    const noEffects = noEffectWhy !== undefined;
    // (Both "never" under a variant is refused, above.)
    if (rules.effectsOn !== VDP_DEFAULTS.effectsOn && noEffects && !bothNever) {
      setupNotes.push(`rules.effectsOn changes nothing here: neither contender makes a defensive effect (${noEffectWhy}; a contest has no offensive effects)`);
    } else if (rules.effectsOn === 'ownTurn' && ownTurnIdle(setup.a, setup.b) && ownTurnIdle(setup.b, setup.a)) {
      setupNotes.push('rules.effectsOn changes nothing here: "ownTurn" takes a block\'s effect off the rest of the turn it lands in and off the defences before the next turn, and no effect ever lands on a contender with either (one attack a turn and no defence dice, or no attack for the other to block)');
    }
    // Who goes first each round is as likely under a roll as by Timing alone where the
    // Timings are equal (a coin either way) or 10 or more apart (2d6 cannot close the gap):
    // the figures then differ by the draws alone (an audit), as the campaign says of such a rule.
    if (order === 'rolled' && Math.abs(contestFirstChance('rolled', timing[0], timing[1]) - contestFirstChance('timing', timing[0], timing[1])) < 1e-12) {
      const why = timing[0] === timing[1] ? `both Timings are ${timing[0]}, so either way each round's first turn falls to either as a coin does` : `Timing ${timing[0]} against ${timing[1]}: 2d6 cannot close a gap of 10 or more, so the higher Timing goes first every round either way`;
      setupNotes.push(`order changes nothing here: ${why}, and the figures differ by the draws alone`);
    }
    // Whose situational dice go by its own default, "both", under a `rules.advantageOn` the
    // contest does not play but the result lists.
    const byDefault = situationalDefaultNote(cs, ['a', 'b']);
    if (byDefault !== undefined) setupNotes.push(byDefault);
    (['a', 'b'] as const).forEach((side, i) => {
      const c = cs[i];
      if (c.attacks !== undefined && atk[i] === 0) setupNotes.push(`${side}.attacks changes nothing here: at allocation "0/4" ${c.name} makes no attack`);
      // Nor its attack's attribute and skill (as an extended check's at 0/4; a review).
      if (atk[i] === 0) setupNotes.push(`${side}.attack changes nothing here: at allocation "0/4" ${c.name} makes no attack, whatever its attribute and skill`);
      if (c.defensiveEffect !== undefined && neverBlocks(i) !== undefined) setupNotes.push(`${side}.defensiveEffect changes nothing here: ${neverBlocks(i)} to make an effect of`);
      // Its situational dice with none to place, or only on rolls it never makes (with dice).
      const { attack: noAttack, defence: noDefence } = noDice[i];
      setupNotes.push(
        ...situationalNotes(c, side, {
          attack: noAttack && `attack rolls, and ${noAttack}`,
          defence: noDefence && `defence rolls, and ${noDefence} (a defence of no dice totals 0)`,
        }),
      );
      // "and any stored tension": added to each defensive effect, the contest's only kind; one
      // that makes none never adds it. Said, as the bid below.
      if ((c.effectTension ?? 0) > 0 && (c.defensiveEffect ?? 'always') === 'never') {
        setupNotes.push(`${side}.effectTension changes nothing here: ${c.name} makes no defensive effect to add it to (defensiveEffect "never"; a contest has no offensive effects)`);
      } else if ((c.effectTension ?? 0) > 0 && neverBlocks(i) !== undefined) {
        setupNotes.push(`${side}.effectTension changes nothing here: ${c.name} makes no defensive effect to add it to (${neverBlocks(i)}; a contest has no offensive effects)`);
      }
      // The bidding is over a defensive effect, the contest's only kind. Said, not refused: a
      // sweep of defensiveEffect crosses such points.
      if (c.bid !== undefined && c.bid !== 'whileAhead' && noEffects) {
        setupNotes.push(`${side}.bid changes nothing here: neither contender makes a defensive effect (${noEffectWhy}; a contest has no offensive effects), so there is no bidding`);
      }
      // Tension goes on dice only on rolls with dice, as in combat.
      const asDefault = c.spendTension === undefined ? undefined : spendsAsOnAttackWhy(c.spendTension, noDice[i]);
      if (asDefault !== undefined) setupNotes.push(`${side}.spendTension changes nothing here: ${c.name} ${asDefault}`);
      if (c.spendPerRoll !== undefined && spendsNone[i] !== undefined) setupNotes.push(`${side}.spendPerRoll changes nothing here: ${c.name} spends no tension on dice (${spendsNone[i]})`);
      // Tension at the start is spent on dice and in the bidding over a defensive effect.
      if ((c.tension ?? 0) > 0 && spendsNone[i] !== undefined && noEffects) {
        setupNotes.push(`${side}.tension changes nothing here: ${c.name} never spends tension (${spendsNone[i]}, and neither contender makes a defensive effect to bid over)`);
      }
    });

    return {
      metrics,
      setupNotes,
      distributions: [{ name: 'rounds', min: 1, size: maxRounds }],
      run(random: RandomStream, trials: number, tally: Tally) {
        const tension = new Int32Array(2);
        const gained = new Int32Array(2);
        // Edge Charge from glancing blows ("the attacker gains one point of charge").
        const charged = new Int32Array(2);
        // Effect dice waiting for the character's next turn (on its defences meanwhile),
        // and in force during it, as in combat.
        const pendingDis = new Int32Array(2);
        const activeDis = new Int32Array(2);
        const bidding: Bidding = { landed: false, winnerPaid: 0, loserPaid: 0 };
        // 1 while its situational dice are still to go on a roll (kept at 1 unless advantageRolls is "first").
        const situationLeft = new Uint8Array(2);
        // One roll's total: kept dice + bonus, at least 0; no dice totals 0 (and is no roll: it
        // leaves first-roll situational dice for the next). `dis`: effect dice on it.
        const total = (i: number, dice: number, roll: 'attack' | 'defence', bonus: number, dis: number) => {
          if (dice === 0) return 0;
          const s = tensionSpent(spend[i], roll, dice, tension[i], perRoll[i]);
          tension[i] -= s;
          let sit = 0;
          if (situationLeft[i] && situation[roll][i] !== 0) {
            sit = situation[roll][i];
            if (firstRollOnly[i]) situationLeft[i] = 0;
          }
          const t = table.get(dice, s - dis + sit).roll(random) + bonus;
          return t < 0 ? 0 : t;
        };
        // A defensive effect of `size` by `w` on `l`: the bidding, then the dice for l's next turn.
        // Returns the dice that landed (0 where the bidding took the effect off).
        const effect = (w: number, l: number, size: number): number => {
          bid(size, tension[w], tension[l], bidCode[w], bidCode[l], bidding);
          tension[w] -= bidding.winnerPaid;
          tension[l] -= bidding.loserPaid;
          if (!bidding.landed) return 0;
          pendingDis[l] += size;
          return size;
        };
        for (let trial = 0; trial < trials; trial++) {
          tension[0] = startTension[0];
          tension[1] = startTension[1];
          gained[0] = 0;
          gained[1] = 0;
          charged[0] = 0;
          charged[1] = 0;
          pendingDis[0] = 0;
          pendingDis[1] = 0;
          activeDis[0] = 0;
          activeDis[1] = 0;
          situationLeft[0] = 1;
          situationLeft[1] = 1;
          let loser = -1;
          let rounds = 0;
          let exchanges = 0;
          let firstOfAll = -1;
          while (loser < 0 && rounds < maxRounds) {
            rounds++;
            let first: number;
            if (order === 'rolled') {
              const ka = random.die(6) + random.die(6) + timing[0];
              const kb = random.die(6) + random.die(6) + timing[1];
              first = ka > kb ? 0 : ka < kb ? 1 : timing[0] > timing[1] ? 0 : timing[0] < timing[1] ? 1 : random.bits(1);
            } else first = timing[0] > timing[1] ? 0 : timing[0] < timing[1] ? 1 : random.bits(1);
            if (firstOfAll < 0) firstOfAll = first;
            for (let turn = 0; turn < 2 && loser < 0; turn++) {
              const x = turn === 0 ? first : 1 - first;
              const y = 1 - x;
              // Effects on it are "for one turn": this one.
              activeDis[x] = pendingDis[x];
              pendingDis[x] = 0;
              // No attack dice, no attack.
              for (let k = 0; atk[x] > 0 && k < attacks[x] && loser < 0; k++) {
                exchanges++;
                const a = total(x, atk[x], 'attack', attackBonus[x], activeDis[x]);
                // The defender is not in its turn: the dice waiting for it weigh on its
                // defence ("all combat actions"), unless the rules say `effectsOn: ownTurn`.
                const d = total(y, VDP_POOL - atk[y], 'defence', defenceBonus[y], pendingDis[y] * effectsOnDefence);
                const r = exchange(a, d, threshold[y]);
                if (r > 0) loser = y;
                else if (r === 0) {
                  tension[x]++;
                  gained[x]++;
                  charged[x]++;
                } else {
                  gained[y] -= r;
                  // "the defender gains a point of Tension, and can spend that tension on a
                  // defensive effect" (and any stored tension, up to `effectTension`).
                  if (defensive[y]) {
                    const stored = effectTension[y] < tension[y] ? effectTension[y] : tension[y];
                    tension[y] -= stored;
                    // It lands on x in its own turn: under rules.effectsOn "fromLanding" it
                    // weighs at once on x's remaining attacks this turn too.
                    activeDis[x] += effect(y, x, -r + stored) * landsAtOnce;
                  } else tension[y] -= r;
                }
              }
              activeDis[x] = 0;
            }
          }
          tally.add(M.winA, loser === 1 ? 1 : 0);
          tally.add(M.winB, loser === 0 ? 1 : 0);
          tally.add(M.draw, loser < 0 ? 1 : 0);
          tally.add(M.rounds, rounds);
          tally.add(M.exchanges, exchanges);
          tally.add(M.tensionA, gained[0]);
          tally.add(M.tensionB, gained[1]);
          tally.add(M.chargeA, charged[0]);
          tally.add(M.chargeB, charged[1]);
          tally.add(M.firstA, firstOfAll === 0 ? 1 : 0);
          tally.add(M.firstB, firstOfAll === 1 ? 1 : 0);
          tally.bin(0, rounds);
        }
        tally.addTrials(trials);
      },
      exact(): ExactValues {
        const q = contestFirstChance(order, setup.a.timing, setup.b.timing);
        const x = L.exact();
        x[M.firstA] = q;
        x[M.firstB] = 1 - q;
        // Tension changes the dice only when someone spends it on advantage dice (on a roll
        // with dice: spendsNone) or on a defensive effect.
        // (A defensive effect is made on a block: against a contender that never attacks,
        // at 0/4, none is, and the contest stays exact, as its note says.)
        const spends = (i: number) => spendsNone[i] === undefined || (defensive[i] === 1 && atk[1 - i] > 0);
        if (spends(0) || spends(1)) {
          this.exactSkipped = 'exact win, draw, rounds, exchanges, tension and charge skipped: a contender spends tension (spendTension or defensiveEffect not "never"), which changes the dice from round to round; they are exact when neither does (first.* stays exact)';
          return { metrics: L.named(x) };
        }
        // A contender's situational dice on its first roll only: the first round differs.
        if (firstRollOnly[0] || firstRollOnly[1]) {
          const c = firstRollContest(setup.a, setup.b, q, maxRounds);
          x[M.winA] = c.winA;
          x[M.winB] = c.winB;
          x[M.draw] = c.draw;
          x[M.rounds] = c.rounds;
          x[M.exchanges] = c.exchanges;
          x[M.tensionA] = c.tensionA;
          x[M.tensionB] = c.tensionB;
          x[M.chargeA] = c.chargeA;
          x[M.chargeB] = c.chargeB;
          return { metrics: L.named(x), distributions: { rounds: c.bins } };
        }
        const sa = exchangeStats(setup.a, setup.b);
        const sb = exchangeStats(setup.b, setup.a);
        const missA = powInt(1 - sa.wound, attacks[0]); // a's turn leaves b unwounded
        const missB = powInt(1 - sb.wound, attacks[1]);
        // Attacks a turn makes: the k-th only when the k − 1 before it wounded nobody (none
        // without attack dice). Each is an independent draw, so a turn's glancing blows and
        // holds are its attacks times their chances.
        const turnAttacks = (s: typeof sa, n: number, dice: number) => {
          if (dice === 0) return 0;
          let e = 0;
          for (let k = 0; k < n; k++) e += powInt(1 - s.wound, k);
          return e;
        };
        const ea = turnAttacks(sa, attacks[0], attackDice(setup.a));
        const eb = turnAttacks(sb, attacks[1], attackDice(setup.b));
        // One round's exchanges and tension gained: a first (q), then b if a wounded nobody; or b first.
        const perRound = {
          exchanges: q * (ea + missA * eb) + (1 - q) * (eb + missB * ea),
          tensionA: q * (ea * sa.glance + missA * eb * sb.held) + (1 - q) * (eb * sb.held + missB * ea * sa.glance),
          tensionB: q * (ea * sa.held + missA * eb * sb.glance) + (1 - q) * (eb * sb.glance + missB * ea * sa.held),
          // Glancing blows alone: a point of charge each.
          chargeA: q * ea * sa.glance + (1 - q) * missB * ea * sa.glance,
          chargeB: q * missA * eb * sb.glance + (1 - q) * eb * sb.glance,
        };
        // One round: a first (q) or b first; the round's first turn can end it before the second.
        const aWins = q * (1 - missA) + (1 - q) * missB * (1 - missA);
        const bWins = (1 - q) * (1 - missB) + q * missA * (1 - missB);
        const c = missA * missB; // nobody wounded: another round
        const bins: number[] = [];
        let started = 1;
        let winA = 0;
        let winB = 0;
        let rounds = 0;
        let exchanges = 0;
        let tensionA = 0;
        let tensionB = 0;
        let chargeA = 0;
        let chargeB = 0;
        for (let r = 1; r <= maxRounds; r++) {
          rounds += started;
          winA += started * aWins;
          winB += started * bWins;
          exchanges += started * perRound.exchanges;
          tensionA += started * perRound.tensionA;
          tensionB += started * perRound.tensionB;
          chargeA += started * perRound.chargeA;
          chargeB += started * perRound.chargeB;
          // P(exactly r rounds): ended in round r, or the last round played.
          bins.push(r === maxRounds ? started : started * (1 - c));
          started *= c;
        }
        x[M.winA] = winA;
        x[M.winB] = winB;
        x[M.draw] = started;
        x[M.rounds] = rounds;
        x[M.exchanges] = exchanges;
        x[M.tensionA] = tensionA;
        x[M.tensionB] = tensionB;
        x[M.chargeA] = chargeA;
        x[M.chargeB] = chargeB;
        return { metrics: L.named(x), distributions: { rounds: bins } };
      },
    };
  },
});
