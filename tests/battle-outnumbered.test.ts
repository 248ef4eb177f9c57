/**
 * Three or more sides: who is outnumbered (rules.outnumbered, docs/rulings/battle.md
 * "Flight"). docs/rules.md: `outnumbered` flees "when the enemies' able combatants outnumber
 * yours"; the Berzerker: "Gain 1d4 if you are outnumbered by enemies". With `allEnemies`
 * (the default) every other side still fighting counts together; with `anySide`, some one
 * of them alone.
 *
 * The engine (battleField.ts) is checked against a slow, obvious battle of three or more
 * sides written from docs/rules.md, with every combatant an object and every die rolled on its
 * own:
 * - each able combatant rolls 1d4 and its trait dice (a d6, a d8); a Berzerker, while its
 *   side is outnumbered, one d4 more, and one more again on a side that never flees; a hit
 *   is a die showing 4 (`hitOn: "4+"`: 4 or more);
 * - "sides act in descending order of hits. Each side first cancels hits aimed at it one
 *   for one with its own hits; what it has left it assigns to sides with strictly fewer
 *   hits" — by `targeting`: `strongest` (the default), the one with the most hits below
 *   its own; `weakest`, the one with the fewest; `random`, any of them, each equally likely
 *   (rules.ts: "a weaker side at random"); a tie between candidates broken at random. A
 *   side with no able combatant left is out of the fight: it rolls nothing and is nobody's
 *   target ("A battle ends when at most one side has able combatants still fighting");
 * - landed hits wound able combatants at random; "a wounded target … has a 2-in-4 chance
 *   to die. This is reduced to 1-in-4 if they receive medical attention": a side's `aid`
 *   none, a d4 of 1–2 kills; ordinary, a 1; medic, each of its `medics` (default 1) saves
 *   one of the side's wounded of the round, any of them equally likely, and the others die
 *   on a 1 (docs/rulings/battle.md "Aid and Medics"); with `medicReach: "window"`, read
 *   from the text alone ("reduced to 1-in-4 if they receive medical attention within 30
 *   seconds", "time is measured in 10 second rounds", docs/rules.md's one wounded per round per
 *   Medic): a side's wounded wait, each Medic takes one a round — the longest waiting
 *   first, a captain before others who fell in the same round, else any equally likely —
 *   and one still waiting after the third round it waited in (its own and two more) dies
 *   on a 1; as the battle ends, the violence over ("during violence"), those still
 *   waiting die on a 1 too;
 * - then the end check (at most one side with able combatants still fighting), then the
 *   flight phase, every side with someone able judged on the same head counts:
 *   `outnumbered` as above, `lostHalf` once wounded + dead ≥ half the side's starting
 *   combatants;
 * - `maxRounds` (50 by default) at most; everyone down, everyone fled or the cap: a draw;
 *   `rounds` counts the rounds begun;
 * - the traits and side policies (docs/rulings/traits.md), with any number of sides: a
 *   Duelist's 1d4 (2d4 saluted) in a clash of two sides still fighting with one able each;
 *   a Berzerker's push as the battle begins (1d4 more, rattled, and a test for death at
 *   its end with the side's aid); a Defender not rattled taking a wounded captain's blow;
 *   a Medic who fights (one of the side's Medics, attending nobody once dead, captains
 *   first); opening dice in the first clash; a starting rattle; a side's own `push`.
 * Its figures and the engine's are two independent samples: they must agree within their
 * joint error.
 */
import { describe, expect, test } from 'vitest';
import { RandomStream } from '../sim/random.ts';
import { runScenario } from './helpers.ts';

interface RefSide {
  name: string;
  plain: number;
  /** A captain (the entry named "captain") besides the plain ones; Medics attend it first. */
  captain?: boolean;
  berzerkers?: number;
  flee?: 'never' | 'outnumbered' | 'lostHalf';
  /** The side's medical attention: none (a wounded dies on 1–2 of a d4), ordinary (on a 1), medic. */
  aid?: 'none' | 'ordinary' | 'medic';
  /** With aid medic: how many Medics (not combatants, never falling); default 1. */
  medics?: number;
  /** Equipment dice (d4s): only the one side with the most rolls them (rules.equipment "mostEquipped"), never rattled or pushed. */
  bonus?: number;
  /** Trait dice the captain rolls beside its 1d4, by sides (`[8]`: a d8). */
  captainDice?: number[];
  /** Trait dice each plain combatant rolls beside its 1d4, by sides. */
  plainDice?: number[];
  /** The plain combatants' `openingDice`: rolled in the first clash only, with their own (rattled and pushed with them). */
  plainOpening?: number[];
  /** The plain combatants start the battle rattled (`rattled: true`): every die twice, the lower kept; they never push. */
  plainRattled?: boolean;
  /** Duelists (entry "d"): 1d4 more in a clash of two sides with one able combatant each, 2d4 with `saluted`. */
  duelists?: number;
  saluted?: boolean;
  /** Defenders (entry "f", minions with the trait); with `defenderPush` "captain" they take the captain's blows. */
  defenders?: number;
  defenderPush?: 'captain';
  /** `berzerkerPush` "always": each Berzerker not rattled pushes as the battle begins (1d4 more, rattled, a death test at its end). */
  berzerkerPush?: 'always';
  /** Medics who fight (entry "h", the `medic` trait): each one of the side's Medics, attending nobody once dead. */
  fightingMedics?: number;
  /** The side's own `push`, in place of the rules' variant. */
  push?: 'never' | 'ifNoHit';
}

/** The rules toggles the reference plays besides `outnumbered` and `targeting`. */
interface RefRules {
  /** battle.md "Pushing": a combatant whose own dice showed no hit rerolls them all and is rattled for the rest of the battle. */
  push?: 'never' | 'ifNoHit';
  /**
   * A Medic attends one wounded of its side a round (`one`), all of them (`all`), or one a
   * round of those wounded in this round or the two before, oldest first (`window`).
   */
  medicReach?: 'one' | 'window' | 'all';
  /** Which able combatant a landed hit wounds: any (`random`), captains first, or the others first. */
  woundOrder?: 'random' | 'captainFirst' | 'minionsFirst';
  /** What a die must show to hit: exactly 4 (`exact4`, the default: "counting 4s"), or 4 or more (`4+`, on dice above d4). */
  hitOn?: 'exact4' | '4+';
  /** Whose equipment dice roll: the most well-equipped side still fighting, each round (`mostEquipped`, the default), or every side's (`everySide`). */
  equipment?: 'mostEquipped' | 'everySide';
  /** The setup's `maxRounds` (50 by default): a battle still on after so many rounds is a draw. */
  maxRounds?: number;
}

/** A mean and its standard error. */
interface Mean {
  mean: number;
  se: number;
}

type Targeting = 'strongest' | 'weakest' | 'random';

function referenceBrawl(sides: RefSide[], allEnemies: boolean, trials: number, seed: string, targeting: Targeting = 'strongest', rules: RefRules = {}) {
  const random = RandomStream.fromKey(seed);
  const d = (n: number) => random.below(n) + 1;
  // "Dice contributed by a rattled PC are rolled twice, and the lower results taken."
  const dPc = (n: number, rattled: boolean) => (rattled ? Math.min(d(n), d(n)) : d(n));
  // rules.hitOn: a 4 hits; with "4+" anything above on a bigger die too.
  const isHit = (face: number) => (rules.hitOn === '4+' ? face >= 4 : face === 4);
  // "At the beginning of the round, each side constructs a pool of dice. ... The GM awards
  // 1d4 or 2d4 to the most well-equipped side": each round, of the sides still fighting, the
  // one with the most equipment dice rolls them; with as many at the top, none.
  // (A side with nobody able left is out of the fight, fled or not.)
  const rollsBonus = (inFight: boolean[]) => {
    if (rules.equipment === 'everySide') return sides.map((x, s) => inFight[s] && (x.bonus ?? 0) > 0);
    const most = Math.max(...sides.map((x, s) => (inFight[s] ? (x.bonus ?? 0) : 0)));
    const atTop = sides.filter((x, s) => inFight[s] && (x.bonus ?? 0) === most).length;
    return sides.map((x, s) => inFight[s] && (x.bonus ?? 0) > 0 && (x.bonus ?? 0) === most && atTop === 1);
  };
  const wins = sides.map(() => 0);
  let draws = 0;
  const fledCount = sides.map(() => 0);
  // Per side, the sums of deaths and wounded over the trials and of their squares; per
  // side and entry ('m' plain, 'z' Berzerker), the dead.
  const deathSum = sides.map(() => 0);
  const deathSq = sides.map(() => 0);
  const woundSum = sides.map(() => 0);
  const woundSq = sides.map(() => 0);
  const entryDeaths = sides.map(() => ({ m: 0, z: 0, captain: 0 }));
  const pushedSum = sides.map(() => 0);
  const pushedSq = sides.map(() => 0);
  const maxRounds = rules.maxRounds ?? 50;
  let roundSum = 0;
  let roundSq = 0;
  // Per side and entry name, the wounded and the dead summed over the trials.
  const entryWound = sides.map(() => ({}) as Record<string, number>);
  const entryDead = sides.map(() => ({}) as Record<string, number>);
  const entrySize = sides.map(() => ({}) as Record<string, number>);
  // A side with Medics: `aid` medic, or a Medic who fights (whose `medics` then default to 0).
  const aidOf = (side: RefSide) => side.aid ?? ((side.fightingMedics ?? 0) > 0 ? 'medic' : 'none');
  const extraMedics = (side: RefSide) => side.medics ?? ((side.fightingMedics ?? 0) > 0 ? 0 : 1);
  const pushesOf = (side: RefSide) => (side.push ?? rules.push ?? 'never') === 'ifNoHit';
  for (let trial = 0; trial < trials; trial++) {
    const pushedNow = sides.map(() => 0);
    const person = (entry: string, o: { captain?: boolean; trait?: number[]; opening?: number[]; rattled?: boolean; berzerker?: boolean; duelist?: boolean; defender?: boolean; medic?: boolean }) => ({
      entry,
      able: true,
      dead: false,
      rattled: o.rattled ?? false,
      captain: o.captain ?? false,
      trait: (o.trait ?? []).slice(),
      opening: o.opening ?? [],
      berzerker: o.berzerker ?? false,
      duelist: o.duelist ?? false,
      defender: o.defender ?? false,
      medic: o.medic ?? false,
      crisis: false,
    });
    const people = sides.map((side) => [
      ...(side.captain ? [person('captain', { captain: true, trait: side.captainDice })] : []),
      ...Array.from({ length: side.plain }, () => person('m', { trait: side.plainDice, opening: side.plainOpening, rattled: side.plainRattled })),
      ...Array.from({ length: side.berzerkers ?? 0 }, () => person('z', { berzerker: true })),
      ...Array.from({ length: side.duelists ?? 0 }, () => person('d', { duelist: true })),
      ...Array.from({ length: side.defenders ?? 0 }, () => person('f', { defender: true })),
      ...Array.from({ length: side.fightingMedics ?? 0 }, () => person('h', { medic: true })),
    ]);
    // berzerkerPush "always": "Gain 1d4 during a crisis, but you must test for death at its
    // end, wounded or not"; the battle is the crisis: each Berzerker not rattled ("Rattled PCs
    // can't push themselves") pushes as it begins, rolls one d4 more in every clash, and is
    // rattled from the first ("Immediately after a character pushes, they are rattled").
    sides.forEach((side, s) => {
      if (side.berzerkerPush !== 'always') return;
      for (const x of people[s]) {
        if (!x.berzerker || x.rattled) continue;
        x.trait.push(4);
        x.rattled = true;
        x.crisis = true;
      }
    });
    const fighting = sides.map(() => true);
    const fled = sides.map(() => false);
    // medicReach "window": per side, its wounded waiting for a Medic and the round each fell in.
    const waiting = sides.map(() => [] as { x: { dead: boolean; captain: boolean }; round: number }[]);
    const ableOf = (s: number) => people[s].filter((x) => x.able).length;
    const outnumbered = (s: number) => {
      const enemies = sides.map((_, t) => (t !== s && fighting[t] ? ableOf(t) : 0));
      return (allEnemies ? enemies.reduce((a, b) => a + b, 0) : Math.max(...enemies)) > ableOf(s);
    };
    let winner = -1;
    let rounds = 0;
    for (let round = 1; round <= maxRounds; round++) {
      rounds = round;
      // The clash: everyone still fighting rolls, judged on the head counts at its start.
      const equipped = rollsBonus(sides.map((_, s) => fighting[s] && ableOf(s) > 0));
      // "Gain 1d4 if engaging in 1-on-1 combat": two sides still fighting, one able each.
      const live = sides.map((_, s) => s).filter((s) => fighting[s] && ableOf(s) > 0);
      const duel = live.length === 2 && live.every((s) => ableOf(s) === 1);
      const hits = sides.map((side, s) => {
        if (!fighting[s]) return 0;
        const outnumberedNow = outnumbered(s);
        let h = 0;
        for (const x of people[s]) {
          if (!x.able) continue;
          // Its 1d4, its trait dice, the first clash's opening dice, a Berzerker's d4s while
          // outnumbered, a Duelist's in a duel (2d4 saluted).
          const dice = [4, ...x.trait];
          if (round === 1) dice.push(...x.opening);
          if (x.berzerker && outnumberedNow) dice.push(...((side.flee ?? 'never') === 'never' ? [4, 4] : [4]));
          if (x.duelist && duel) dice.push(...(side.saluted ? [4, 4] : [4]));
          const roll = () => {
            let own = 0;
            for (const n of dice) if (isHit(dPc(n, x.rattled))) own++;
            return own;
          };
          let own = roll();
          // rules.push "ifNoHit": none of its own dice (the Berzerker's d4s with them) hit and
          // it is not rattled: it rerolls them all, the reroll counts, and it is rattled.
          if (own === 0 && !x.rattled && pushesOf(side)) {
            own = roll();
            x.rattled = true;
            pushedNow[s]++;
          }
          h += own;
        }
        if (equipped[s]) for (let k = 0; k < (side.bonus ?? 0); k++) if (isHit(d(4))) h++;
        return h;
      });
      // Hits go down the order: cancel what came from above, pass the rest below.
      const incoming = sides.map(() => 0);
      const order = sides.map((_, s) => s).filter((s) => fighting[s] && ableOf(s) > 0).sort((a, b) => hits[b] - hits[a]);
      for (const s of order) {
        const left = hits[s] - incoming[s];
        incoming[s] = Math.max(0, -left);
        if (left <= 0) continue;
        const below = order.filter((t) => hits[t] < hits[s]);
        if (below.length === 0) continue;
        const chosen = targeting === 'strongest' ? Math.max(...below.map((t) => hits[t])) : Math.min(...below.map((t) => hits[t]));
        const candidates = targeting === 'random' ? below : below.filter((t) => hits[t] === chosen);
        incoming[candidates.length === 1 ? candidates[0] : candidates[random.below(candidates.length)]] += left;
      }
      // "A wounded target can't fight any longer and has a 2-in-4 chance to die. This is
      // reduced to 1-in-4 if they receive medical attention within 30 seconds." Aid none:
      // dies on a d4 of 1–2; ordinary: on a 1. With Medics, each Medic attends one of the
      // side's wounded of this round ("not in danger of dying"), any of them equally likely
      // (captains first); the others get ordinary aid.
      for (let s = 0; s < sides.length; s++) {
        const aid = aidOf(sides[s]);
        // The side's Medics this round: its named Medics not dead (one who died in an earlier
        // round attends nobody; wounded, it still attends), and its `medics`.
        const medicsNow = extraMedics(sides[s]) + people[s].filter((x) => x.medic && !x.dead).length;
        const shields = sides[s].defenderPush === 'captain';
        const woundedNow: (typeof people)[number][number][] = [];
        for (let w = 0; w < incoming[s]; w++) {
          const able = people[s].filter((x) => x.able);
          if (able.length === 0) break;
          // rules.woundOrder: the captains (or the others) first while one is able.
          const order = rules.woundOrder ?? 'random';
          const first = able.filter((x) => x.captain === (order === 'captainFirst'));
          const pool = order !== 'random' && first.length > 0 ? first : able;
          const hit = pool[random.below(pool.length)];
          hit.able = false;
          if (aid === 'medic' || shields) woundedNow.push(hit);
          else hit.dead = d(4) <= (aid === 'none' ? 2 : 1);
        }
        // defenderPush "captain", "Take a blow meant for another character": while a captain
        // is among this phase's wounded and a Defender is able (not wounded in this phase),
        // not a captain and not rattled, a random such captain is spared and a random such
        // Defender wounded in its place.
        if (shields) {
          for (;;) {
            const captains = woundedNow.filter((x) => x.captain);
            const defenders = people[s].filter((x) => x.defender && x.able && !x.captain && !x.rattled);
            if (captains.length === 0 || defenders.length === 0) break;
            const c = captains[random.below(captains.length)];
            const f = defenders[random.below(defenders.length)];
            c.able = true;
            woundedNow.splice(woundedNow.indexOf(c), 1);
            f.able = false;
            f.rattled = true;
            woundedNow.push(f);
          }
          if (aid !== 'medic') for (const x of woundedNow) x.dead = d(4) <= (aid === 'none' ? 2 : 1);
        }
        if (aid === 'medic' && rules.medicReach === 'window') {
          const queue = waiting[s];
          for (const x of woundedNow) queue.push({ x, round });
          for (let m = 0; m < medicsNow && queue.length > 0; m++) {
            const longest = Math.min(...queue.map((w) => w.round));
            const first = queue.filter((w) => w.round === longest);
            const captains = first.filter((w) => w.x.captain);
            const pool = captains.length > 0 ? captains : first;
            queue.splice(queue.indexOf(pool[random.below(pool.length)]), 1);
          }
          // Thirty seconds gone (this round and the two before) and no Medic: ordinary aid.
          for (const w of queue) if (w.round <= round - 2) w.x.dead = d(4) === 1;
          waiting[s] = queue.filter((w) => w.round > round - 2);
        } else if (aid === 'medic') {
          const unattended = woundedNow.slice();
          // rules.medicReach "all": each Medic attends every wounded of the round. Captains first.
          const reach = rules.medicReach === 'all' && medicsNow > 0 ? Infinity : medicsNow;
          for (let m = 0; m < reach && unattended.length > 0; m++) {
            const captains = unattended.filter((x) => x.captain);
            const pool = captains.length > 0 ? captains : unattended;
            unattended.splice(unattended.indexOf(pool[random.below(pool.length)]), 1);
          }
          for (const x of unattended) x.dead = d(4) === 1;
        }
      }
      const standing = () => sides.map((_, s) => s).filter((s) => fighting[s] && ableOf(s) > 0);
      if (standing().length <= 1) {
        winner = standing()[0] ?? -1;
        break;
      }
      // lostHalf: "flee once wounded + dead ≥ half of its starting combatants" (2 · lost ≥
      // start). Only a side with someone able left can flee (a side with nobody able is
      // out of the fight already).
      const lostHalf = (s: number) => 2 * (people[s].length - ableOf(s)) >= people[s].length;
      const flees = sides.map((side, s) => {
        if (!fighting[s] || ableOf(s) === 0) return false;
        const flee = side.flee ?? 'never';
        return (flee === 'outnumbered' && outnumbered(s)) || (flee === 'lostHalf' && lostHalf(s));
      });
      flees.forEach((f, s) => {
        if (!f) return;
        fighting[s] = false;
        fled[s] = true;
      });
      if (standing().length <= 1) {
        winner = standing()[0] ?? -1;
        break;
      }
    }
    // The battle is over: whoever still waits for a Medic gets ordinary aid.
    for (const queue of waiting) for (const w of queue) w.x.dead = d(4) === 1;
    // Each pushing Berzerker still alive tests for death, wounded or not: the wounded's roll
    // with the side's aid (2 in 4 without; 1 in 4 with ordinary aid or Medics).
    sides.forEach((side, s) => {
      for (const x of people[s]) if (x.crisis && !x.dead) x.dead = d(4) <= (aidOf(side) === 'none' ? 2 : 1);
    });
    roundSum += rounds;
    roundSq += rounds * rounds;
    if (winner < 0) draws++;
    else wins[winner]++;
    people.forEach((side, s) => {
      const dead = side.filter((x) => x.dead).length;
      const wounded = side.filter((x) => !x.able).length;
      deathSum[s] += dead;
      deathSq[s] += dead * dead;
      woundSum[s] += wounded;
      woundSq[s] += wounded * wounded;
      for (const x of side) {
        if (x.dead && (x.entry === 'captain' || x.entry === 'm' || x.entry === 'z')) entryDeaths[s][x.entry]++;
        entrySize[s][x.entry] = (entrySize[s][x.entry] ?? 0) + 1;
        entryWound[s][x.entry] = (entryWound[s][x.entry] ?? 0) + (x.able ? 0 : 1);
        entryDead[s][x.entry] = (entryDead[s][x.entry] ?? 0) + (x.dead ? 1 : 0);
      }
      if (fled[s]) fledCount[s]++;
      pushedSum[s] += pushedNow[s];
      pushedSq[s] += pushedNow[s] * pushedNow[s];
    });
  }
  const mean = (sum: number, sq: number): Mean => {
    const m = sum / trials;
    return { mean: m, se: Math.sqrt(Math.max(sq / trials - m * m, 0) / trials) };
  };
  return {
    win: wins.map((w) => w / trials),
    draw: draws / trials,
    fled: fledCount.map((f) => f / trials),
    deaths: sides.map((_, s) => mean(deathSum[s], deathSq[s])),
    wounded: sides.map((_, s) => mean(woundSum[s], woundSq[s])),
    /** P(one combatant of the entry dies): the entry's dead ÷ its size, per trial. */
    /** Mean combatants of the side who pushed, a trial. */
    pushed: sides.map((_, s) => mean(pushedSum[s], pushedSq[s])),
    death: sides.map((side, s) => ({ m: side.plain > 0 ? entryDeaths[s].m / (side.plain * trials) : undefined, z: (side.berzerkers ?? 0) > 0 ? entryDeaths[s].z / ((side.berzerkers ?? 0) * trials) : undefined })),
    /** P(the side's captain dies). */
    captainDeath: sides.map((side, s) => (side.captain ? entryDeaths[s].captain / trials : undefined)),
    /** Rounds begun, the last one included. */
    rounds: mean(roundSum, roundSq),
    /** Per side and entry name: P(one combatant of the entry is wounded / dies). */
    entryWounded: sides.map((_, s) => Object.fromEntries(Object.entries(entryWound[s]).map(([e, n]) => [e, n / entrySize[s][e]]))),
    entryDied: sides.map((_, s) => Object.fromEntries(Object.entries(entryDead[s]).map(([e, n]) => [e, n / entrySize[s][e]]))),
  };
}

function engine(sides: RefSide[], outnumbered: 'allEnemies' | 'anySide', trials: number, targeting: Targeting = 'strongest', rules: RefRules = {}) {
  const { maxRounds, ...variants } = rules;
  const dice = (xs: number[] | undefined, field: string) => (xs && xs.length > 0 ? { [field]: xs.map((n) => `d${n}`) } : {});
  const setup = {
    ...(maxRounds !== undefined ? { maxRounds } : {}),
    sides: sides.map((s) => ({
      name: s.name,
      flee: s.flee ?? 'never',
      ...(s.aid !== undefined ? { aid: s.aid } : {}),
      ...(s.medics !== undefined ? { medics: s.medics } : {}),
      ...(s.bonus !== undefined ? { bonus: [`${s.bonus}d4`] } : {}),
      ...(s.berzerkerPush !== undefined ? { berzerkerPush: s.berzerkerPush } : {}),
      ...(s.defenderPush !== undefined ? { defenderPush: s.defenderPush } : {}),
      ...(s.push !== undefined ? { push: s.push } : {}),
      combatants: [
        ...(s.captain ? [{ name: 'captain', ...dice(s.captainDice, 'dice') }] : []),
        ...(s.plain > 0 ? [{ name: 'm', count: s.plain, ...dice(s.plainDice, 'dice'), ...dice(s.plainOpening, 'openingDice'), ...(s.plainRattled ? { rattled: true } : {}) }] : []),
        ...((s.berzerkers ?? 0) > 0 ? [{ name: 'z', count: s.berzerkers, traits: ['berzerker'] }] : []),
        ...((s.duelists ?? 0) > 0 ? [{ name: 'd', count: s.duelists, traits: ['duelist'], ...(s.saluted ? { saluted: true } : {}) }] : []),
        ...((s.defenders ?? 0) > 0 ? [{ name: 'f', count: s.defenders, traits: ['defender'] }] : []),
        ...((s.fightingMedics ?? 0) > 0 ? [{ name: 'h', count: s.fightingMedics, traits: ['medic'] }] : []),
      ],
    })),
  };
  const m = runScenario({ name: 'brawl', system: 'viciousness', mechanic: 'battle', trials, seed: 'outnumbered', rules: { outnumbered, targeting, ...variants }, setup }).results[0].metrics;
  const meanOf = (key: string): Mean => ({ mean: m[key].estimate, se: (m[key].ci95[1] - m[key].ci95[0]) / (2 * 1.96) });
  return {
    win: sides.map((s) => m[`win.${s.name}`].estimate),
    draw: m.draw.estimate,
    fled: sides.map((s) => m[`fled.${s.name}`].estimate),
    deaths: sides.map((s) => meanOf(`deaths.${s.name}`)),
    wounded: sides.map((s) => meanOf(`wounded.${s.name}`)),
    death: sides.map((s) => ({ m: m[`death.${s.name}.m`]?.estimate, z: m[`death.${s.name}.z`]?.estimate })),
    pushed: sides.map((s) => (m[`pushed.${s.name}`] ? meanOf(`pushed.${s.name}`) : undefined)),
    captainDeath: sides.map((s) => m[`death.${s.name}.captain`]?.estimate),
    rounds: meanOf('rounds'),
    /** Per side: the `wounded.<side>.<name>` and `death.<side>.<name>` reported, by entry name. */
    entryWounded: sides.map((s) => entriesOf(m, `wounded.${s.name}.`)),
    entryDied: sides.map((s) => entriesOf(m, `death.${s.name}.`)),
  };
}

/** The metrics named `prefix` + an entry name, by entry name. */
function entriesOf(m: Record<string, { estimate: number }>, prefix: string): Record<string, number> {
  return Object.fromEntries(Object.entries(m).filter(([k]) => k.startsWith(prefix) && !k.slice(prefix.length).includes('.')).map(([k, v]) => [k.slice(prefix.length), v.estimate]));
}

/** Two independent estimates of one proportion agree: |a − b| within 4.5 joint standard errors. */
function expectSameProportion(a: number, na: number, b: number, nb: number, what: string) {
  const p = (a * na + b * nb) / (na + nb);
  const se = Math.sqrt(Math.max(p * (1 - p), 1e-9) * (1 / na + 1 / nb));
  expect(Math.abs(a - b), `${what}: engine ${a}, reference ${b} (joint se ${se})`).toBeLessThanOrEqual(4.5 * se + 1e-12);
}

/** Two independent estimates of one mean agree: |a − b| within 4.5 joint standard errors. */
function expectSameMean(a: Mean, b: Mean, what: string) {
  const se = Math.hypot(a.se, b.se);
  expect(Math.abs(a.mean - b.mean), `${what}: engine ${a.mean}, reference ${b.mean} (joint se ${se})`).toBeLessThanOrEqual(4.5 * se + 1e-12);
}

/**
 * Every figure of a brawl (strongest targeting, all enemies counted), the engine against the
 * slow reference: who wins, flees, is wounded and dies, pushes (under push ifNoHit), each
 * captain's death and, with `entries`, each entry's.
 */
function expectEveryFigure(name: string, sides: RefSide[], rules: RefRules, nEngine: number, nRef: number, options: { entries?: boolean } = {}) {
  const fast = engine(sides, 'allEnemies', nEngine, 'strongest', rules);
  const slow = referenceBrawl(sides, true, nRef, `reference ${name}`, 'strongest', rules);
  sides.forEach((s, i) => {
    expectSameProportion(fast.win[i], nEngine, slow.win[i], nRef, `win.${s.name}`);
    expectSameProportion(fast.fled[i], nEngine, slow.fled[i], nRef, `fled.${s.name}`);
    expectSameMean(fast.wounded[i], slow.wounded[i], `wounded.${s.name}`);
    expectSameMean(fast.deaths[i], slow.deaths[i], `deaths.${s.name}`);
    if (rules.push === 'ifNoHit' || sides.some((x) => x.push === 'ifNoHit')) {
      expect(fast.pushed[i], `pushed.${s.name} reported`).toBeDefined();
      expectSameMean(fast.pushed[i]!, slow.pushed[i], `pushed.${s.name}`);
    }
    // wounded.<side>.<name>: P(one combatant of the entry is wounded), every entry; with
    // `entries`, death.<side>.<name> too (the captain's always, below).
    expect(Object.keys(fast.entryWounded[i]).sort(), `wounded.${s.name}.<name> reported`).toEqual(Object.keys(slow.entryWounded[i]).sort());
    for (const [e, p] of Object.entries(slow.entryWounded[i])) expectSameProportion(fast.entryWounded[i][e], nEngine, p, nRef, `wounded.${s.name}.${e}`);
    if (options.entries) {
      for (const [e, p] of Object.entries(slow.entryDied[i])) expectSameProportion(fast.entryDied[i][e], nEngine, p, nRef, `death.${s.name}.${e}`);
    }
    if (s.captain) expectSameProportion(fast.captainDeath[i]!, nEngine, slow.captainDeath[i]!, nRef, `death.${s.name}.captain`);
  });
  expectSameProportion(fast.draw, nEngine, slow.draw, nRef, 'draw');
  expectSameMean(fast.rounds, slow.rounds, 'rounds');
}

const brawls: [string, RefSide[]][] = [
  ['four, three and three, all fleeing when outnumbered', [{ name: 'a', plain: 4, flee: 'outnumbered' }, { name: 'b', plain: 3, flee: 'outnumbered' }, { name: 'c', plain: 3, flee: 'outnumbered' }]],
  ['two Berzerkers against two sides of two who never flee', [{ name: 'a', plain: 0, berzerkers: 2 }, { name: 'b', plain: 2 }, { name: 'c', plain: 2 }]],
  ['a Berzerker and a minion who flee when outnumbered, against three of one and one of two', [{ name: 'a', plain: 1, berzerkers: 1, flee: 'outnumbered' }, { name: 'b', plain: 1 }, { name: 'c', plain: 1 }, { name: 'd', plain: 2, flee: 'outnumbered' }]],
];

describe('three or more sides: "the enemies\' able combatants outnumber yours"', () => {
  for (const [name, sides] of brawls) {
    for (const rule of ['allEnemies', 'anySide'] as const) {
      test(`${name} (${rule}): the engine against the slow reference`, () => {
        const nEngine = 40_000;
        const nRef = 20_000;
        const fast = engine(sides, rule, nEngine);
        const slow = referenceBrawl(sides, rule === 'allEnemies', nRef, `reference ${name} ${rule}`);
        sides.forEach((s, i) => expectSameProportion(fast.win[i], nEngine, slow.win[i], nRef, `win.${s.name}`));
        expectSameProportion(fast.draw, nEngine, slow.draw, nRef, 'draw');
      });
    }
  }

  // `targeting` other than the default, on the same brawls (the engine: battleField.ts with
  // violence.ts HitResolver, which the clash's exact walk also uses, so only a reference
  // written apart can catch it playing the wrong side). Checked against mutations of
  // HitResolver.resolve: the `random` branch deleted (random plays as weakest: win.a engine
  // 0.445, reference 0.373), random made to play as strongest (win.a 0.302 against 0.373),
  // and weakest made to play as strongest (win.a 0.302 against 0.450): each fails the first
  // brawl's case for that targeting, by 4 to 8 times the tolerance. The other brawls' cases
  // barely move under them (hits are rare, and few rounds offer a choice of target): they
  // check the reading, not the mutation.
  for (const [name, sides] of brawls) {
    for (const targeting of ['weakest', 'random'] as const) {
      test(`${name} (allEnemies, targeting ${targeting}): the engine against the slow reference`, () => {
        const nEngine = 40_000;
        const nRef = 20_000;
        const fast = engine(sides, 'allEnemies', nEngine, targeting);
        const slow = referenceBrawl(sides, true, nRef, `reference ${name} ${targeting}`, targeting);
        sides.forEach((s, i) => expectSameProportion(fast.win[i], nEngine, slow.win[i], nRef, `win.${s.name}`));
        expectSameProportion(fast.draw, nEngine, slow.draw, nRef, 'draw');
      });
    }
  }

  // Aid, Medics and `lostHalf` in brawls of three sides (docs/rulings/battle.md "Aid and
  // Medics", "Flight"), deaths and flight compared as well as who wins: deaths.<side> and
  // wounded.<side> (means), death.<side>.<name> (P(one of the entry dies)), fled.<side>.
  // Checked against mutations of battleField.ts, each failing all three cases:
  // - ordinary aid left at 2 in 4 with three or more sides (the plan's deathFaces):
  //   deaths.a 0.977 engine against 0.485 reference in the first (joint se 0.006);
  // - a Medic's unattended wounded at 2 in 4 instead of ordinary aid's 1 in 4, the same
  //   way: deaths.b 0.193 against 0.095 in the first (se 0.003);
  // - lostHalf on the wrong count, fleeing only once more than half are down
  //   (`able < fleeAtOrBelow` in flight()): fled.a 0 against 0.559 in the first.
  // - no Medic with three or more sides (the plan's medics 0, so the side's wounded die as
  //   if without aid): deaths.b 0.449 against 0.095 in the first.
  const aidBrawls: [string, RefSide[]][] = [
    [
      'three with ordinary aid who leave at two down, two and a Berzerker with a Medic, four who leave at two down',
      [{ name: 'a', plain: 3, aid: 'ordinary', flee: 'lostHalf' }, { name: 'b', plain: 2, berzerkers: 1, aid: 'medic' }, { name: 'c', plain: 4, flee: 'lostHalf' }],
    ],
    [
      'five with two Medics who leave at three down, two Berzerkers and a minion with ordinary aid who leave at two down, three who flee when outnumbered',
      [{ name: 'a', plain: 5, aid: 'medic', medics: 2, flee: 'lostHalf' }, { name: 'b', plain: 1, berzerkers: 2, aid: 'ordinary', flee: 'lostHalf' }, { name: 'c', plain: 3, flee: 'outnumbered' }],
    ],
    [
      'two with ordinary aid, a Berzerker and a minion with a Medic who leave at one down, two without aid',
      [{ name: 'a', plain: 2, aid: 'ordinary' }, { name: 'b', plain: 1, berzerkers: 1, aid: 'medic', flee: 'lostHalf' }, { name: 'c', plain: 2 }],
    ],
  ];
  for (const [name, sides] of aidBrawls) {
    test(`${name}: wins, flight and deaths, the engine against the slow reference`, () => {
      const nEngine = 40_000;
      const nRef = 20_000;
      const fast = engine(sides, 'allEnemies', nEngine);
      const slow = referenceBrawl(sides, true, nRef, `reference ${name}`);
      sides.forEach((s, i) => {
        expectSameProportion(fast.win[i], nEngine, slow.win[i], nRef, `win.${s.name}`);
        expectSameProportion(fast.fled[i], nEngine, slow.fled[i], nRef, `fled.${s.name}`);
        expectSameMean(fast.wounded[i], slow.wounded[i], `wounded.${s.name}`);
        expectSameMean(fast.deaths[i], slow.deaths[i], `deaths.${s.name}`);
        for (const entry of ['m', 'z'] as const) {
          expect(fast.death[i][entry] === undefined, `death.${s.name}.${entry} reported`).toBe(slow.death[i][entry] === undefined);
          // One combatant's chance, averaged over the entry: its variance is at most the
          // one trial's p(1 − p), so the trials count as the sample size.
          if (slow.death[i][entry] !== undefined) expectSameProportion(fast.death[i][entry]!, nEngine, slow.death[i][entry]!, nRef, `death.${s.name}.${entry}`);
        }
      });
      expectSameProportion(fast.draw, nEngine, slow.draw, nRef, 'draw');
    });
  }

  // rules.push "ifNoHit", rules.medicReach "all" and the equipment of the one most
  // well-equipped side, in brawls of three sides (multi-round: a pusher rolls rattled for
  // the rest of the battle), every figure compared, pushed.<side> too. Checked against
  // mutations of the engine, each failing a case by the figure named: a pusher rolling
  // steady after its push (battleField.ts; the second, win.a z 12.7; the first only just,
  // wounded.a z 4.7), a push that rerolls without the Berzerker's d4s (the first, win.a
  // z 6.3), no push at all (both; pushed.a 0 against 2.91), medicReach "all" played as
  // "one" (violence.ts medicsOf; the second, deaths.a 0.040 against 0, z 26) and every
  // side's equipment rolled (awardEquipment; the second, win.a z 30).
  const ruledBrawls: [string, RefSide[], RefRules][] = [
    [
      'push ifNoHit: three sides who never flee, a Berzerker and two beside it against three and three',
      [{ name: 'a', plain: 2, berzerkers: 1 }, { name: 'b', plain: 3 }, { name: 'c', plain: 3, aid: 'ordinary' }],
      { push: 'ifNoHit' },
    ],
    [
      'medicReach all and 2d4 of equipment on one side: a Medic for four, three with 1d4, three without, all pushing',
      [{ name: 'a', plain: 4, aid: 'medic', flee: 'lostHalf', bonus: 2 }, { name: 'b', plain: 3, bonus: 1 }, { name: 'c', plain: 3, aid: 'medic', medics: 1 }],
      { push: 'ifNoHit', medicReach: 'all' },
    ],
    [
      // An audit: the award was made once, so once "a" (2d4, alone, outnumbered) has fled in
      // the first round, "b" and "c" fought as equals though "b" has 1d4 of equipment: win.b
      // 0.50 against 0.67 awarded each round (z ~30 at these trials).
      'equipment awarded each round: the best-equipped side flees at once, the next best rolls its 1d4 from then',
      [{ name: 'a', plain: 1, flee: 'outnumbered', bonus: 2 }, { name: 'b', plain: 3, bonus: 1 }, { name: 'c', plain: 3 }],
      {},
    ],
    [
      // rules.equipment "everySide": each side rolls its own, every round (compared before
      // only against the engine's own exact chain, in two-sided battles).
      'equipment everySide: three sides, each with its own equipment',
      [{ name: 'a', plain: 2, flee: 'lostHalf', bonus: 2 }, { name: 'b', plain: 3, bonus: 1 }, { name: 'c', plain: 3, bonus: 1 }],
      { equipment: 'everySide' },
    ],
  ];
  // rules.woundOrder with a captain on each of three sides: whom a landed hit wounds shapes
  // the captains' deaths (death.<side>.captain compared too). Both fail against an engine
  // whose woundOrder is reversed (violence.ts woundGroupOf; death.a.captain z 26 in the
  // second) or ignored (death.a.captain z 6.3 and 10.7).
  ruledBrawls.push(
    [
      'woundOrder captainFirst: a captain and two on each of three sides, all pushing',
      [{ name: 'a', captain: true, plain: 2 }, { name: 'b', captain: true, plain: 2, flee: 'lostHalf' }, { name: 'c', captain: true, plain: 1, berzerkers: 1, aid: 'ordinary' }],
      { woundOrder: 'captainFirst', push: 'ifNoHit' },
    ],
    [
      'woundOrder minionsFirst: a captain and three, a captain and two who flee when outnumbered, three',
      [{ name: 'a', captain: true, plain: 3 }, { name: 'b', captain: true, plain: 2, flee: 'outnumbered' }, { name: 'c', plain: 3 }],
      { woundOrder: 'minionsFirst' },
    ],
  );
  // Trait dice above a d4 in brawls of three sides, under either `hitOn` (a d6 or d8 hits
  // on its 4 alone by default, on 4 and up with "4+"), pushed and rattled (a rattled PC's
  // trait dice are rolled twice too, the lower taken). Checked against mutations of
  // battleField.ts: `hitOn` ignored (played as exact4) fails both "4+" cases (win.a 0.267
  // engine against 0.171 reference, z 18; 0.519 against 0.986, z 81); a pushed combatant's
  // trait dice rolled steady (only its d4 rattled) fails both pushing cases (win.a z 7.4
  // and 15).
  ruledBrawls.push(
    [
      'trait dice, hitOn exact4: a captain with a d8 and two, a captain with a d6 and two with a d6 who leave at two down, three',
      [{ name: 'a', captain: true, captainDice: [8], plain: 2 }, { name: 'b', captain: true, captainDice: [6], plain: 2, plainDice: [6], flee: 'lostHalf' }, { name: 'c', plain: 3, aid: 'ordinary' }],
      { push: 'ifNoHit' },
    ],
    [
      'trait dice, hitOn 4+: the same three sides, all pushing',
      [{ name: 'a', captain: true, captainDice: [8], plain: 2 }, { name: 'b', captain: true, captainDice: [6], plain: 2, plainDice: [6], flee: 'lostHalf' }, { name: 'c', plain: 3, aid: 'ordinary' }],
      { push: 'ifNoHit', hitOn: '4+' },
    ],
    [
      'trait dice, hitOn 4+: two with a d6 and 2d8, a captain with a d8 and a Berzerker who flee when outnumbered, four',
      [{ name: 'a', plain: 2, plainDice: [6, 8, 8] }, { name: 'b', captain: true, captainDice: [8], plain: 0, berzerkers: 1, flee: 'outnumbered' }, { name: 'c', plain: 4, aid: 'medic' }],
      { hitOn: '4+' },
    ],
  );
  for (const [name, sides, rules] of ruledBrawls) {
    test(`${name}: every figure, the engine against the slow reference`, () => {
      expectEveryFigure(name, sides, rules, 20_000, 10_000);
    });
  }

  // The traits and side policies with three or more sides (docs/rulings/traits.md; the
  // traits reference in tests/traits.test.ts plays them with two sides only): the Duelist,
  // saluted or not, in a duel left once other sides are gone; `berzerkerPush` with its test
  // for death at the end; `defenderPush`; a Medic who fights and can die; `openingDice`; a
  // starting `rattled`; a side's own `push`; a `maxRounds` of a few rounds. Every figure
  // compared, `rounds`, `wounded.<side>.<name>` and `death.<side>.<name>` with them.
  // Checked against one-line mutations of the engine; each fails a case here (engine
  // against reference, z = difference ÷ joint se), and the cases as they stood before these
  // (no trait, policy or cap among them, no `rounds` or entry's wounded compared) pass:
  // - situation() counting sides that fled or fell (traits.ts, `fighting[t] === 0` skipped),
  //   no duel once other sides are gone: the four sides, win.a 0.245 against 0.378, z 24;
  // - a saluted Duelist rolling the gain's 1d4 only (traits.ts duelDice): the same, win.a
  //   0.319, z 10;
  // - no test for death after the Berzerker's push (battleField.ts testForDeath), or one at 2
  //   in 4 whatever the aid: the push's case, deaths.a 0.556 / 0.969 against 0.764, z 22;
  // - no Defender taking a captain's blow (takeBlows): wounded.a.captain 0.821 against 0.715
  //   (z 21), and 0.853 against 0.826 with the Medic who fights (z 6.3);
  // - a named Medic who died still attending (attend, `medicsNow` kept): the Medic's case,
  //   death.a.captain 0 against 0.0095, z 14;
  // - opening dice rolled in every clash (clash, `rounds === 1` dropped; rollPushers, the
  //   same): wounded.a 0.874 against 0.667 (z 21); win.a 0.285 against 0.052 (z 47);
  // - a starting rattle ignored (BattlePlan, a kind's dice steady): win.a z 30, 8.9 and
  //   wounded.a z 65 in the push's and the two capped cases (a pushed Berzerker's rattle too);
  // - a side's own `push` ignored for the rules' (battleSetup.ts sidePushes): win.a 0.518
  //   against 0.720 (z 33) in the Duelists' first, wounded.a z 18 in the first capped case,
  //   pushed.a unreported in the second;
  // - `maxRounds` ignored for 50 (BattlePlan): win.a 0.307 against 0.052 (z 50), 0.119
  //   against 0.004 (z 34) in the capped cases;
  // - rounds tallied one more (battle.ts, `field.rounds + 1` up to the cap): every case that
  //   compares every figure fails on `rounds` (z 4 to 115);
  // - an entry's wounded tallied without its dead (attend, `wk - died`): wounded.a.m 0.746
  //   against 0.849 with the Medic who fights (z 20), wounded.a.captain z 30 in the push's.
  const traitBrawls: [string, RefSide[], RefRules][] = [
    [
      'Duelists: a saluted Duelist and a minion, a Duelist and a minion who push, one who flees when outnumbered',
      [{ name: 'a', plain: 1, duelists: 1, saluted: true }, { name: 'b', plain: 1, duelists: 1, push: 'ifNoHit' }, { name: 'c', plain: 1, flee: 'outnumbered' }],
      {},
    ],
    [
      'Duelists among four sides of one: a saluted Duelist, a Duelist, two plain fighters, all to the end',
      [{ name: 'a', plain: 0, duelists: 1, saluted: true }, { name: 'b', plain: 0, duelists: 1 }, { name: 'c', plain: 1 }, { name: 'd', plain: 1, aid: 'ordinary' }],
      {},
    ],
    [
      'berzerkerPush and defenderPush: a captain, a Defender and a pushing Berzerker with ordinary aid, three, two and a pushing Berzerker who leave at two down',
      [
        { name: 'a', captain: true, plain: 0, defenders: 1, berzerkers: 1, berzerkerPush: 'always', defenderPush: 'captain', aid: 'ordinary' },
        { name: 'b', plain: 3 },
        { name: 'c', plain: 2, berzerkers: 1, berzerkerPush: 'always', flee: 'lostHalf' },
      ],
      { woundOrder: 'captainFirst' },
    ],
    [
      'Medics who fight: a captain, two, a Defender and a Medic who fights; three with a d6 each; three with one Medic who fights, hitOn 4+',
      [
        { name: 'a', captain: true, plain: 2, defenders: 1, defenderPush: 'captain', fightingMedics: 1 },
        { name: 'b', plain: 3, plainDice: [6] },
        { name: 'c', plain: 2, fightingMedics: 1, flee: 'lostHalf' },
      ],
      { hitOn: '4+' },
    ],
    [
      'opening dice, a starting rattle, a side that never pushes, maxRounds 4: three with an opening d6 and d4, three rattled, two and a Berzerker',
      [{ name: 'a', plain: 3, plainOpening: [6, 4] }, { name: 'b', plain: 3, plainRattled: true, aid: 'ordinary' }, { name: 'c', plain: 2, berzerkers: 1, push: 'never' }],
      { push: 'ifNoHit', maxRounds: 4 },
    ],
    [
      'a side that pushes under push never, maxRounds 3: two who push, four rattled, a captain with an opening d8 and two rattled',
      [{ name: 'a', plain: 2, push: 'ifNoHit' }, { name: 'b', plain: 4, plainRattled: true, flee: 'lostHalf' }, { name: 'c', captain: true, captainDice: [], plain: 2, plainRattled: true, plainOpening: [8] }],
      { maxRounds: 3 },
    ],
  ];
  for (const [name, sides, rules] of traitBrawls) {
    test(`${name}: every figure, the engine against the slow reference`, () => {
      expectEveryFigure(name, sides, rules, 20_000, 10_000, { entries: true });
    });
  }

  // medicReach "window" (docs/rulings/battle.md "Aid and Medics"): one Medic and several
  // wounded in one round (trait dice that hit on 4 and up), where the window saves the ones
  // a Medic of `one` leaves to ordinary aid. Three sides, then two (the engine's two-side
  // battles under "window" are played phase by phase too). Every figure compared, the
  // captains' deaths with them. Checked against the engine playing "window" as "one"
  // (battleField.ts BattlePlan `window` false): each brawl fails, on deaths.a (engine 0.771
  // against reference 0.734, z 5.7; 0.556 against 0.307, z 48; 0.121 against 0.077, z 16);
  // and against Medics that go on attending after the battle (deaths.a 0.265, 0.108,
  // 0.0009: z 81, 47, 38).
  // The last, where given: the trials [engine, reference] (40,000 and 20,000 by default).
  const windowBrawls: [string, RefSide[], RefRules, [number, number]?][] = [
    [
      'medicReach window: five with one Medic, three with 2d8 each, three with ordinary aid who flee when outnumbered',
      [{ name: 'a', plain: 5, aid: 'medic' }, { name: 'b', plain: 3, plainDice: [8, 8] }, { name: 'c', plain: 3, aid: 'ordinary', flee: 'outnumbered' }],
      { medicReach: 'window', hitOn: '4+' },
    ],
    [
      'medicReach window: a captain and four with one Medic who leave at two down, a Berzerker and two with a d6 and a d8, four with two Medics',
      [{ name: 'a', captain: true, plain: 4, aid: 'medic', flee: 'lostHalf' }, { name: 'b', plain: 2, plainDice: [6, 8], berzerkers: 1 }, { name: 'c', plain: 4, aid: 'medic', medics: 2 }],
      { medicReach: 'window', hitOn: '4+' },
    ],
    [
      'medicReach window, two sides (scenarios/battle-medic.json): a captain with a d4 and three with one Medic, against a captain with a d6 and three with ordinary aid',
      [{ name: 'a', captain: true, captainDice: [4], plain: 3, aid: 'medic' }, { name: 'b', captain: true, captainDice: [6], plain: 3, aid: 'ordinary' }],
      { medicReach: 'window' },
    ],
    // medicReach "window" beside Medics who fight (the `medic` trait, each one of the side's
    // Medics): a wounded Medic waits with the rest and attends while it waits (itself too);
    // one who dies at its late roll, up to two rounds after it fell, attended that round and
    // nobody after ("A character you provide medical attention to during violence is not in
    // danger of dying"; battle.md "Aid and Medics"). A side of a Medic who fights and its
    // Medics not listed (`medics`), Defenders taking a captain's blows, a pushing Berzerker's
    // test after the waiting wounded get theirs, the rounds cap ending the violence with
    // Medics and wounded still waiting. Checked against one-line mutations of the engine,
    // each passing the cases before these and failing the third below (the first two too,
    // where named): a Medic who died at its late roll attending on (battleField.ts
    // attendWindow: `medicsNow` not lowered, or the setup's `medics` attending, or the plan's
    // medicDeaths kept for "one"), death.a.captain 0.0070 against 0.0133 (z 7.6); any late
    // death taking a Medic away (dieWaiting, the `kindMedic` check dropped), deaths.a 0.424
    // against 0.358 (z 11); Medics who fight not counted under "window" (violence.ts
    // medicsOf; all three, deaths.a z 70, 37, 107); a wounded Medic who fights attending
    // nobody while it waits (waitForMedic; all three, z 53, 24, 78).
    [
      'medicReach window and Medics who fight: a captain, four and a Medic who fights; three with 2d8 each; three and two Medics who fight, who leave at two down',
      [{ name: 'a', captain: true, plain: 4, fightingMedics: 1 }, { name: 'b', plain: 3, plainDice: [8, 8] }, { name: 'c', plain: 3, fightingMedics: 2, flee: 'lostHalf' }],
      { medicReach: 'window', hitOn: '4+' },
      [20_000, 10_000],
    ],
    [
      'medicReach window, a Medic who fights beside one more, maxRounds 3: a captain, three, a Defender and a Medic who fights; three with a d6 each; two and a pushing Berzerker with a Medic who fights',
      [
        { name: 'a', captain: true, plain: 3, defenders: 1, defenderPush: 'captain', fightingMedics: 1, medics: 1 },
        { name: 'b', plain: 3, plainDice: [6] },
        { name: 'c', plain: 2, berzerkers: 1, berzerkerPush: 'always', fightingMedics: 1 },
      ],
      { medicReach: 'window', hitOn: '4+', woundOrder: 'captainFirst', maxRounds: 3 },
      [20_000, 10_000],
    ],
    [
      // A first clash of opening d8s fells many of the Medic's side at once, the captain last
      // (woundOrder minionsFirst): its one Medic, who fights, often waits among them
      // unattended, dies at its late roll and attends nobody after, so the captain, wounded
      // later, waits in vain and dies 1 in 4. Fails against an engine whose Medic, dead at its
      // late roll, goes on attending (battleField.ts attendWindow, `medicsNow` kept).
      'medicReach window, a volley on a Medic who fights, the captain wounded last: a captain, six and a Medic who fights; three with three opening d8s each; two',
      [{ name: 'a', captain: true, plain: 6, fightingMedics: 1 }, { name: 'b', plain: 3, plainOpening: [8, 8, 8] }, { name: 'c', plain: 2 }],
      { medicReach: 'window', hitOn: '4+', woundOrder: 'minionsFirst' },
    ],
  ];
  for (const [name, sides, rules, [nEngine, nRef] = [40_000, 20_000]] of windowBrawls) {
    test(`${name}: every figure, the engine against the slow reference`, () => {
      expectEveryFigure(name, sides, rules, nEngine, nRef, { entries: true });
    });
  }

  test('medicReach window: a Medic side\'s deaths lie between "one" and "all", the wounded the same; no exact values, said why', () => {
    const sides = windowBrawls[2][1];
    const by = (medicReach: 'one' | 'window' | 'all') => engine(sides, 'allEnemies', 40_000, 'strongest', { medicReach });
    const [one, window, all] = [by('one'), by('window'), by('all')];
    expect(window.deaths[0].mean).toBeLessThan(one.deaths[0].mean - 6 * Math.hypot(one.deaths[0].se, window.deaths[0].se));
    expect(window.deaths[0].mean).toBeGreaterThan(all.deaths[0].mean + 6 * window.deaths[0].se);
    expectSameMean(window.wounded[0], one.wounded[0], 'wounded.a');
    // The exact chain keeps only able head counts, so under "window" it is skipped, with a note.
    const setup = { sides: [{ name: 'a', aid: 'medic', combatants: [{ name: 'm', count: 3 }] }, { name: 'b', combatants: [{ name: 'm', count: 3 }] }] };
    const r = runScenario({ name: 'w', system: 'viciousness', mechanic: 'battle', trials: 2000, seed: 'window', rules: { medicReach: 'window' }, setup });
    expect(r.results[0].metrics['deaths.a'].exact).toBeUndefined();
    expect(JSON.stringify(r)).toContain('medicReach \\"window\\"');
    expect(runScenario({ name: 'o', system: 'viciousness', mechanic: 'battle', trials: 2000, seed: 'window', setup }).results[0].metrics['deaths.a'].exact).toBeDefined();
  });

  test('all enemies together (the default) send sides of a brawl running that one side alone would not', () => {
    const sides = brawls[0][1];
    const together = engine(sides, 'allEnemies', 20_000);
    const oneByOne = engine(sides, 'anySide', 20_000);
    // Everyone is outnumbered by the other two after the first clash unless it thinned them.
    expect(together.draw).toBeGreaterThan(0.6);
    expect(oneByOne.draw).toBeLessThan(0.01);
    expect(oneByOne.win[0]).toBeGreaterThan(together.win[0] + 0.3);
  });

  test('two sides read the same under either rule, draw for draw', () => {
    const sides: RefSide[] = [{ name: 'a', plain: 2, berzerkers: 1, flee: 'outnumbered' }, { name: 'b', plain: 4, flee: 'outnumbered' }];
    expect(engine(sides, 'allEnemies', 5000)).toEqual(engine(sides, 'anySide', 5000));
  });
});

describe('the equipment award each round counts the dice as written', () => {
  test('a side of two d3s of equipment (never a 4) is the most well-equipped against one d4, as violence.ts awardEquipment reads it (a review)', async () => {
    const { BattlePlan } = await import('../sim/viciousness/battleField.ts');
    const { battleSetup } = await import('../sim/viciousness/battleSetup.ts');
    const { viciousnessRules } = await import('../sim/rules.ts');
    const side = (name: string, bonus?: string[]) => ({ name, ...(bonus ? { bonus } : {}), combatants: [{ name: 'x', count: 2 }] });
    const plan = new BattlePlan(battleSetup.parse({ sides: [side('a', ['2d3']), side('b', ['d4']), side('c')] }), viciousnessRules.parse({}), 50);
    expect(plan.equipmentEachRound).toBe(true);
    expect(plan.awardedAtStart).toBe(0);
    expect(Array.from(plan.bonusCount)).toEqual([2, 1, 0]);
  });
});
