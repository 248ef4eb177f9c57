/**
 * Viciousness `battle`: rounds of clash, wound and flight until at most one side still
 * fights (docs/rules.md "Violence"; viciousness.txt "Violence": "A round has 3 phases: Clash,
 * Wound, Flight."). Monte Carlo always: on round tables (battleTable.ts) for two sides
 * without pushing small enough to tabulate, else phase by phase (battleField.ts); exact
 * odds from an absorbing Markov chain (battleChain.ts) for two sides without pushing.
 * Readings: docs/rulings/battle.md.
 */
import { defineMechanic, type ExactValues } from '../mechanic.ts';
import { EXACT_BUDGET } from '../exactBudget.ts';
import { VICIOUSNESS_DEFAULTS, type ViciousnessRules } from '../rules.ts';
import type { DistributionSpec, Tally } from '../stats.ts';
import { MetricLayout, metricTable } from '../metrics.ts';
import { DEFAULT_MAX_ROUNDS, battleSetup, sideCanPush, sidePushes, type BattleSideSetup } from './battleSetup.ts';
import { BattleField, BattlePlan } from './battleField.ts';
import { EXACT_WORK_LIMIT, battleExactCost, battleExactGap, hasExactOdds, solveBattleWithin } from './battleChain.ts';
import { BattleTable, addCounts, fightBattles } from './battleTable.ts';
import { hasTrait, pushesBerzerker, shootsMarksman, withBerzerkerPushes, withMarksmanShots } from './traits.ts';
import { aidOf, awardEquipment, equipmentNotes, isCaptain, roleNotes, violenceRulesNotes } from './violence.ts';

export { DEFAULT_MAX_ROUNDS, battleSetup, battleSideSchema, type BattleSetup, type BattleSideSetup } from './battleSetup.ts';

/** Battle's metrics (sim/metrics.ts); `<side>.<name>` metrics are per combatant of the entry. */
export const BATTLE_METRICS = metricTable({
  win: { name: 'win.<side>', kind: 'probability', label: 'P(win: <side>)', family: 'P(win)', headline: true },
  draw: { name: 'draw', kind: 'probability', label: 'P(draw)' },
  rounds: { name: 'rounds', kind: 'mean', label: 'mean rounds fought (begun)', min: 1 },
  deaths: { name: 'deaths.<side>', kind: 'mean', label: 'mean <side> deaths', family: 'mean deaths' },
  death: { name: 'death.<side>.<name>', kind: 'probability', label: 'P(dies: <side>: <name>)', family: 'P(combatant dies)' },
  fled: { name: 'fled.<side>', kind: 'probability', label: 'P(flees: <side>)', family: 'P(side flees)' },
  wounded: { name: 'wounded.<side>', kind: 'mean', label: 'mean <side> combatants wounded (the dead included)', family: 'mean combatants wounded' },
  woundedEntry: { name: 'wounded.<side>.<name>', kind: 'probability', label: 'P(wounded: <side>: <name>)', family: 'P(combatant wounded)' },
  pushed: { name: 'pushed.<side>', kind: 'mean', label: 'mean <side> combatants who pushed to reroll', family: 'mean combatants who pushed' },
});

export const battle = defineMechanic({
  system: 'viciousness',
  name: 'battle',
  summary: 'rounds of clash, wound and flight until one side stands; exact odds for two small sides',
  setup: battleSetup,
  variants: ['hitOn', 'targeting', 'equipment', 'woundOrder', 'push', 'medicReach', 'outnumbered'],
  prepare(given, rules: ViciousnessRules) {
    // The Berzerkers' pushes at the start (side policy berzerkerPush) make them rattled
    // Berzerkers with one d4 more, who test for death at the end (traits.ts).
    // Only the most well-equipped side's equipment dice roll (rules.equipment). The
    // Marksmen who snap-shoot are marked (marksmanPush), rattled from the start under
    // "first"; a Berzerker who pushed is rattled and cannot.
    // A `lastFoe` shot that can never come (the foe flees before one of it is left alone) is
    // played as `never`, and said below: the same battle, on round tables where it fits.
    const idleLastFoe = given.sides.map((_, s) => lastFoeNeverComes(given.sides, s));
    const played = given.sides.map((side, s) => (idleLastFoe[s] === undefined ? side : { ...side, marksmanPush: 'never' as const }));
    // With three sides or more the award is made each round among the sides still fighting
    // (battleField.ts BattlePlan.equipmentEachRound), so every side's dice go to the plan.
    const eachRound = played.length > 2 && rules.equipment === 'mostEquipped';
    const setup = { ...given, sides: withMarksmanShots(withBerzerkerPushes(eachRound ? played : awardEquipment(played, rules))) };
    const plan = new BattlePlan(setup, rules, DEFAULT_MAX_ROUNDS);
    const { sides } = setup;
    const push = sides.some((side) => sidePushes(side, rules));

    // Every metric's value is a small integer, so a run counts trials per value — one
    // histogram per quantity, in one array — and turns the counts into the tally's sums
    // at the end. Win and draw share the outcome histogram (index: winner + 1).
    let histSize = 0;
    const histogram = (values: number) => {
      const from = histSize;
      histSize += values;
      return from;
    };
    const n = sides.length;
    const outcomeFrom = histogram(n + 1);
    const roundsFrom = histogram(plan.maxRounds + 1);
    const perSide = () => Int32Array.from(sides, (_, s) => histogram(plan.start[s] + 1));
    const deathsFrom = perSide();
    const woundedFrom = perSide();
    const fledFrom = perSide();
    const pushedFrom = perSide();
    const entryDeadFrom = Int32Array.from(plan.entrySize, (size) => histogram(size + 1));
    const entryWoundedFrom = Int32Array.from(plan.entrySize, (size) => histogram(size + 1));

    const L = new MetricLayout(BATTLE_METRICS);
    /**
     * Per metric slot: where its histogram starts and its largest value (−1: a share read
     * as one slot). The largest value is also the most a trial can give: the cap of a mean's
     * interval (a side's combatants, the rounds cap).
     */
    const read: { from: number; max: number }[] = [];
    const add = (key: keyof typeof BATTLE_METRICS, parts: Record<string, string>, from: number, max: number, scale?: number) => {
      read.push({ from, max });
      return L.add(key, parts, { scale, each: scale, max: max >= 0 ? max : undefined });
    };
    const entries = Array.from({ length: plan.entryCount }, (_, e) => e);
    const entryParts = (e: number) => ({ side: sides[plan.entrySide[e]].name, name: plan.entryName[e] });
    const bySide = (key: keyof typeof BATTLE_METRICS, from: Int32Array, max: (s: number) => number) =>
      Int32Array.from(sides, (side, s) => add(key, { side: side.name }, from[s], max(s)));
    // Win and draw read one slot of the outcome histogram as the count of 1s.
    const M = {
      win: Int32Array.from(sides, (side, s) => add('win', { side: side.name }, outcomeFrom + s + 1, -1)),
      draw: add('draw', {}, outcomeFrom, -1),
      rounds: add('rounds', {}, roundsFrom, plan.maxRounds),
      deaths: bySide('deaths', deathsFrom, (s) => plan.start[s]),
      death: Int32Array.from(entries, (e) => add('death', entryParts(e), entryDeadFrom[e], plan.entrySize[e], plan.entrySize[e])),
      fled: bySide('fled', fledFrom, () => 1),
      wounded: bySide('wounded', woundedFrom, (s) => plan.start[s]),
      woundedEntry: Int32Array.from(entries, (e) =>
        add('woundedEntry', entryParts(e), entryWoundedFrom[e], plan.entrySize[e], plan.entrySize[e]),
      ),
    };
    // By the policy, not by who can push: a sweep over `rattled` keeps its metrics.
    const pushedSlots = push ? bySide('pushed', pushedFrom, (s) => plan.start[s]) : undefined;
    const metrics = L.specs;

    const distributions: DistributionSpec[] = [
      { name: 'rounds', min: 1, size: plan.maxRounds },
      ...sides.map((side, s) => ({ name: `deaths.${side.name}`, min: 0, size: plan.start[s] + 1 })),
    ];

    /** A run's histograms into the tally (kept out of `run` so its hot loop stays optimised). */
    const flush = (hist: Int32Array, tally: Tally) => {
      read.forEach(({ from, max }, i) => {
        if (max < 0) tally.addMany(i, 1, hist[from]);
        else for (let x = 0; x <= max; x++) if (hist[from + x] > 0) tally.addMany(i, x, hist[from + x]);
      });
      for (let x = 1; x <= plan.maxRounds; x++) tally.binMany(0, x, hist[roundsFrom + x]);
      for (let s = 0; s < n; s++) {
        for (let x = 0; x <= plan.start[s]; x++) tally.binMany(1 + s, x, hist[deathsFrom[s] + x]);
      }
    };

    // Two-sided battles without pushing run on round tables (battleTable.ts) where they fit,
    // built on the first run (~2 ms for the shipped battles); `null` once known not to fit.
    let table: BattleTable | null | undefined;
    const layout = { outcomeFrom, roundsFrom, deathsFrom, woundedFrom, fledFrom, pushedFrom: push ? pushedFrom : undefined, entryDeadFrom, entryWoundedFrom };

    // A battle without exact values says why (three sides, pushes, a chain too large, …).
    const noExact = battleExactGap(setup, rules);
    // A Berzerker push that no Berzerker of the side can make ("Rattled PCs can't push
    // themselves"): said, not refused, as a sweep over `rattled` crosses it.
    // (Of the sides as given: `setup`'s have made their pushes, the pushers rattled by them.)
    const setupNotes = given.sides.flatMap((side, s) =>
      side.berzerkerPush === 'always' && !side.combatants.some((c) => (c.count ?? 1) > 0 && pushesBerzerker(side, c))
        ? [`sides.${s}.berzerkerPush changes nothing here: every Berzerker of side "${side.name}" is rattled ("Rattled PCs can't push themselves")`]
        : [],
    );
    // The Marksman's push no Marksman of the side can make: said, as the Berzerker's is
    // (of the sides after the Berzerkers' pushes, which rattle them).
    const pushedSides = withBerzerkerPushes(given.sides);
    given.sides.forEach((side, s) => {
      const marksmen = side.combatants.filter((c) => (c.count ?? 1) > 0 && hasTrait(c, 'marksman'));
      if (marksmen.length === 0) return;
      const policy = side.marksmanPush ?? 'never';
      if (policy === 'never') {
        setupNotes.push(`sides.${s}.combatants.${side.combatants.indexOf(marksmen[0])}.traits "marksman" changes nothing here: its push, the snap shot, is the side's "marksmanPush" (never here); its dice ("Gain 1d4 when using a ranged weapon. Add 1d6 when stationed at a proper vantage point") go in "dice"`);
      } else if (!pushedSides[s].combatants.some((c) => (c.count ?? 1) > 0 && shootsMarksman(pushedSides[s], c))) {
        setupNotes.push(`sides.${s}.marksmanPush changes nothing here: every Marksman of side "${side.name}" is rattled${side.berzerkerPush === 'always' ? ', or by its Berzerker push as the battle begins' : ''} ("Rattled PCs can't push themselves")`);
      } else if (idleLastFoe[s] !== undefined) {
        setupNotes.push(`sides.${s}.marksmanPush changes nothing here: ${idleLastFoe[s]}`);
      }
    });
    // A battle audit found these pushes, traits and flight policies taken unsaid where they
    // cannot act (the same figures at the same seed without them).
    given.sides.forEach((side, s) => {
      // The Defender's push takes a captain's blow: not where every Defender is rattled
      // (as the battle begins, or by its Berzerker push), nor under woundOrder
      // "minionsFirst", where a captain is hit only once every minion, each Defender among
      // them, is hit, so no Defender is free to take it.
      if ((side.defenderPush ?? 'never') !== 'never') {
        const defenders = pushedSides[s].combatants.filter((c) => (c.count ?? 1) > 0 && hasTrait(c, 'defender') && !isCaptain(c));
        if (defenders.length > 0 && defenders.every((c) => c.rattled === true)) {
          setupNotes.push(`sides.${s}.defenderPush changes nothing here: every Defender of side "${side.name}" is rattled${side.berzerkerPush === 'always' ? ', or by its Berzerker push as the battle begins' : ''} ("Rattled PCs can't push themselves")`);
        } else if (rules.woundOrder === 'minionsFirst') {
          setupNotes.push(`sides.${s}.defenderPush changes nothing here: under rules.woundOrder "minionsFirst" a captain is hit only once every minion is, its Defenders among them, so none is free to take the blow, and the figures differ by the draws alone`);
        }
      }
      if (n !== 2) return;
      // Against a lone enemy: never outnumbered, and never losing half while one is able. (A
      // Berzerker's add reads its side's flee policy: not said where there is one.)
      const mine = headCount(side);
      const theirs = headCount(given.sides[1 - s]);
      const berzerkers = side.combatants.some((c) => (c.count ?? 1) > 0 && hasTrait(c, 'berzerker'));
      if (side.flee === 'lostHalf' && mine === 1 && !berzerkers) {
        setupNotes.push(`sides.${s}.flee changes nothing here: "lostHalf" on a side of one has lost half only once its one combatant is down, and then it is out of the battle anyway`);
      }
      if (side.flee === 'outnumbered' && theirs === 1 && !berzerkers) {
        setupNotes.push(`sides.${s}.flee changes nothing here: "outnumbered" against a side of one, which never outnumbers a side with anyone able`);
      }
      if (theirs === 1 && side.berzerkerPush !== 'always') {
        side.combatants.forEach((c, j) => {
          if ((c.count ?? 1) > 0 && hasTrait(c, 'berzerker')) {
            setupNotes.push(`sides.${s}.combatants.${j}.traits "berzerker" changes nothing here: side "${side.name}" faces one enemy, and is never outnumbered ("Gain 1d4 if you are outnumbered by enemies"), while anyone of it is able; its push is the side's "berzerkerPush" (never here); the figures differ by the draws alone`);
          }
        });
      }
    });
    // A side's equipment dice that rules.equipment leaves unrolled.
    setupNotes.push(...equipmentNotes(given.sides, rules, eachRound));
    // A push to reroll that no one can make: said, as the Berzerker's is. The exact chain
    // plays such a battle (battleChain.ts chainStates), its `pushed` figures 0.
    sides.forEach((side, s) => {
      if (given.sides[s].push === 'ifNoHit' && !sideCanPush(side, rules)) setupNotes.push(`sides.${s}.push changes nothing here: ${noOneToPush(given.sides[s])}`);
    });
    if (rules.push === 'ifNoHit') {
      const taking = sides.flatMap((side, s) => (given.sides[s].push === undefined ? [s] : []));
      if (taking.length === 0) setupNotes.push('rules.push changes nothing here: every side sets its own push');
      else if (!taking.some((s) => sideCanPush(sides[s], rules))) setupNotes.push(`rules.push changes nothing here: ${taking.map((s) => noOneToPush(given.sides[s])).join('; ')}`);
    }
    // The rules toggles these sides give nothing to act on (violence.ts violenceRulesNotes),
    // and medicReach on a battle with no Medic (an audit: each was accepted and said nothing).
    setupNotes.push(...violenceRulesNotes(given.sides, rules, eachRound));
    setupNotes.push(...roleNotes(given.sides, rules.woundOrder, (s) => given.sides[s]!.defenderPush === 'captain' || aidOf(given.sides[s]!) === 'medic'));
    if (rules.medicReach !== VICIOUSNESS_DEFAULTS.medicReach && !given.sides.some((side) => aidOf(side) === 'medic')) {
      setupNotes.push('rules.medicReach changes nothing here: no side has a Medic (aid "medic", or a combatant with the "medic" trait)');
    }
    // Under "all" a Medic attends every wounded, so how many there are is moot (violence.ts
    // medicsOf; an audit: medics 3 gave medics 1's figures, unsaid).
    if (rules.medicReach === 'all') {
      given.sides.forEach((side, s) => {
        if (side.medics !== undefined && aidOf(side) === 'medic') setupNotes.push(`sides.${s}.medics changes nothing here: under rules.medicReach "all" one Medic attends every wounded of a round`);
      });
    }
    return {
      metrics,
      distributions,
      ...(noExact === undefined ? {} : { exactSkipped: noExact }),
      setupNotes,
      run(random, trials, tally) {
        if (table === undefined) table = BattleTable.of(plan) ?? null;
        if (table !== null) {
          const counts = table.counts();
          fightBattles(table, random, trials, counts);
          const hist = new Int32Array(histSize);
          addCounts(plan, table, counts, hist, layout);
          flush(hist, tally);
          tally.addTrials(trials);
          return;
        }
        const field = new BattleField(plan);
        const crisis = plan.crisisTests;
        // Counts of one run: below 2^31 (a run is one chunk of trials).
        const hist = new Int32Array(histSize);
        const { dead, wounded, fled, pushed, entryDead, entryWounded } = field;
        const entryCount = plan.entryCount;
        for (let t = 0; t < trials; t++) {
          const winner = field.fight(random);
          if (crisis) field.testForDeath(random);
          hist[outcomeFrom + winner + 1]++;
          hist[roundsFrom + field.rounds]++;
          for (let s = 0; s < n; s++) {
            hist[deathsFrom[s] + dead[s]]++;
            hist[woundedFrom[s] + wounded[s]]++;
            hist[fledFrom[s] + fled[s]]++;
            if (push) hist[pushedFrom[s] + pushed[s]]++;
          }
          for (let e = 0; e < entryCount; e++) {
            hist[entryDeadFrom[e] + entryDead[e]]++;
            hist[entryWoundedFrom[e] + entryWounded[e]]++;
          }
        }
        flush(hist, tally);
        tally.addTrials(trials);
      },
      exact: hasExactOdds(setup, rules)
        ? function (this: { exactSkipped?: string }): ExactValues {
            const odds = solveBattleWithin(setup, rules, plan.maxRounds, EXACT_WORK_LIMIT);
            if (odds === undefined) {
              // Said in the result, as the budget's note is (sim/exactBudget.ts).
              this.exactSkipped = `exact values skipped: the exact chain was stopped after about ${EXACT_WORK_LIMIT / 1e7} s of work, twice the budget of ${EXACT_BUDGET / 1e7} s, as the battle lasts more rounds than its estimate foresaw (maxRounds ${plan.maxRounds}); the estimates are Monte Carlo only`;
              return { metrics: {} };
            }
            const x = L.exact();
            sides.forEach((_, s) => {
              x[M.win[s]] = odds.win[s];
              x[M.deaths[s]] = odds.deaths[s];
              x[M.fled[s]] = odds.fled[s];
              x[M.wounded[s]] = odds.wounded[s];
            });
            x[M.draw] = odds.draw;
            // A chain with a side that pushes by policy: no one on it can (chainStates).
            if (pushedSlots !== undefined) for (const slot of pushedSlots) x[slot] = 0;
            x[M.rounds] = odds.rounds.reduce((t, p, r) => t + p * (r + 1), 0);
            for (const e of entries) {
              x[M.death[e]] = odds.entryDeath[e];
              x[M.woundedEntry[e]] = odds.entryWounded[e];
            }
            const dists: Record<string, number[]> = { rounds: Array.from(odds.rounds) };
            sides.forEach((side, s) => (dists[`deaths.${side.name}`] = Array.from(odds.deathsDistribution[s])));
            return { metrics: L.named(x), distributions: dists };
          }
        : undefined,
      // Over the exact budget a big battle's chain is skipped, with a note (sim/scenario.ts).
      ...(hasExactOdds(setup, rules) ? { exactCost: () => battleExactCost(setup, rules, plan.maxRounds) } : {}),
    };
  },
});

/** A side's combatants as the battle begins (its head count: `start` in battleField.ts). */
function headCount(side: BattleSideSetup): number {
  return side.combatants.reduce((t, c) => t + (c.count ?? 1), 0);
}

/**
 * Why side `s`'s `marksmanPush: "lastFoe"` can never shoot, or undefined where it may: the
 * shot waits for the enemy to have one able combatant left at a clash's start, and the
 * enemy's flee policy takes it out of the battle before that (docs/rulings/battle.md
 * "Flight": every side decides on the state after each wound phase, and a head count changes
 * only by wounds, so each one is followed by a flight phase before the next clash):
 * - `lostHalf`, of two or more: it flees at ⌊start / 2⌋ able or fewer, one among them;
 * - `outnumbered`, of two or more: one alone stays only against one, and the shooting side,
 *   of two or more, is never down to one while both fight — it flees then itself
 *   (`lostHalf`), or (`outnumbered` too) each side stays only while the other has no more
 *   than it, so both fight on only at even counts, and a round wounds one side only (the
 *   clash's loser; the foe's own opening volley, `marksmanPush: "first"`, wounds the other
 *   as well, and may leave one against one).
 * Only the flight is weighed: where the dice or the wound order keep the shot from coming
 * without it ever being impossible, nothing is said. (One among several Marksmen rattled is
 * said above; a side with none able to shoot is the rattled note's.)
 */
function lastFoeNeverComes(sides: readonly BattleSideSetup[], s: number): string | undefined {
  const side = sides[s];
  if (side.marksmanPush !== 'lastFoe' || sides.length !== 2) return undefined;
  const foe = sides[1 - s];
  const foes = headCount(foe);
  const own = headCount(side);
  if (foes < 2) return undefined;
  const waits = `"lastFoe" shoots when side "${foe.name}" has one able combatant left, and it flees before that`;
  if (foe.flee === 'lostHalf') {
    return `${waits} (flee "lostHalf": once ${foes - Math.floor(foes / 2)} of its ${foes} are wounded or dead)`;
  }
  if (foe.flee !== 'outnumbered' || own < 2) return undefined;
  if (side.flee === 'lostHalf') {
    return `${waits} (flee "outnumbered": one alone is outnumbered by side "${side.name}", which flees itself before it is down to one: flee "lostHalf")`;
  }
  const volley = foe.marksmanPush === 'first' && withBerzerkerPushes([foe])[0].combatants.some((c) => (c.count ?? 1) > 0 && shootsMarksman(foe, c));
  if (side.flee === 'outnumbered' && !volley) {
    return `${waits} (flee "outnumbered": one alone is outnumbered by side "${side.name}", which is never down to one while both fight: its flee is "outnumbered" too, so both fight on only at even counts, and a round wounds one side)`;
  }
  return undefined;
}

/**
 * Why no combatant of `side` (as given) can push to reroll: every one is rattled, or the
 * others push as Berzerkers as the battle begins and are rattled by it.
 */
function noOneToPush(side: BattleSideSetup): string {
  const rattled = side.combatants.every((c) => (c.count ?? 1) === 0 || (c.rattled ?? false));
  return rattled
    ? `every combatant of side "${side.name}" is rattled ("Rattled PCs can't push themselves")`
    : `every combatant of side "${side.name}" is rattled, or rattled by its Berzerker push as the battle begins ("Rattled PCs can't push themselves")`;
}
