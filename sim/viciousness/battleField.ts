/**
 * The Monte Carlo side of `battle`: one battle's state in typed arrays and the three
 * phases of a round (viciousness.txt "Violence": "A round has 3 phases: Clash, Wound,
 * Flight."). Readings: docs/rulings/battle.md. The general path: small two-sided battles
 * without pushing run on round tables instead (battleTable.ts).
 *
 * Combatants of one entry are interchangeable, so the state is a count per *kind* — an
 * entry, and with the `push` variant also whether its combatants are rattled yet —
 * rather than a flag per combatant. A side's dice are kept as counts per *die class*
 * (dice that hit alike), updated when a combatant falls, so a round rolls each class in
 * bulk: a d4 counting 4s is two random bits that must both be set, fifteen to a draw
 * (as HitSampler in violence.ts). Everything is allocated when a BattleField is made
 * (once per `run`), nothing per trial.
 */
import { chanceOf, faceDistribution } from '../exact/distribution.ts';
import { MAX_UNIFORM, type RandomStream } from '../random.ts';
import type { ViciousnessRules } from '../rules.ts';
import { eachDie } from '../dice.ts';
import {
  COMBATANT_DIE,
  DEATH_FACES,
  FLEE_LOST_HALF,
  FLEE_OUTNUMBERED,
  HitResolver,
  aidOf,
  fleeCode,
  hitTest,
  isCaptain,
  medicsOf,
  woundGroupOf,
} from './violence.ts';
import { sidePushes, type BattleSetup, type BattleSideSetup } from './battleSetup.ts';
import { DUEL, OUTNUMBERED, PLAIN, SHOTS_FIRST, SHOTS_LAST_FOE, SHOTS_NONE, duelDice, hasTrait, isOutnumbered, outnumberedByAll, outnumberedDice, shotsCode, situation, snapShoots, testsForDeath, withMarksmanShots } from './traits.ts';


/** How a die class is rolled: never hits; b random bits all set; a uniform draw below a count; face by face. */
const SKIP = 0;
const FIELD = 1;
const CHANCE = 2;
const FACES = 3;

/** Most bits one `random.bits` call hands out here (it takes up to 31). */
const DRAW_BITS = 30;

/**
 * Set bits of a 32-bit integer (Hacker's Delight 5-2), as violence.ts's `popcount`. A copy
 * of its own: under tsx an imported function is reached through a getter on every call,
 * which cost ~6% of a battle.
 */
function popcount(x: number): number {
  x = x - ((x >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/** The lowest bit of every b-bit field of a 30-bit draw: 0b…0101 for b = 2. */
function fieldLowBits(b: number): number {
  let mask = 0;
  for (let i = 0; i + b <= DRAW_BITS; i += b) mask |= 1 << i;
  return mask;
}


/**
 * The most well-equipped side among those fighting (`fighting[s]` not 0): the one with
 * strictly the most equipment dice, −1 where none has any or two have as many
 * (violence.ts awardEquipment reads the tie so).
 */
export function mostEquipped(bonusCount: ArrayLike<number>, fighting: ArrayLike<number>): number {
  let best = -1;
  let most = 0;
  let tied = false;
  for (let s = 0; s < bonusCount.length; s++) {
    if (fighting[s] === 0) continue;
    const k = bonusCount[s];
    if (k > most) {
      most = k;
      best = s;
      tied = false;
    } else if (k === most && k > 0) tied = true;
  }
  return tied ? -1 : best;
}

/** Everything about a battle that does not change while it runs, as flat arrays. */
export class BattlePlan {
  readonly sideCount: number;
  readonly maxRounds: number;
  readonly entryCount: number;
  readonly kindCount: number;
  readonly dieClassCount: number;

  // Per side.
  readonly start: Int32Array;
  readonly flee: Uint8Array;
  /**
   * Head count at or below which the side flees whatever its enemies do: ⌊start / 2⌋ for
   * `lostHalf` (2 · lost ≥ start), −1 otherwise.
   */
  readonly fleeAtOrBelow: Int32Array;
  /** rules.outnumbered: whether all enemies together outnumber a side (traits.ts isOutnumbered). */
  readonly allEnemies: boolean;
  readonly deathFaces: Uint8Array;
  readonly medics: Int32Array;
  readonly kindFrom: Int32Array;
  readonly kindTo: Int32Array;
  /** Whether any kind of the side may push (then its dice are rolled per combatant). */
  readonly pushes: Uint8Array;
  /** Whether some combatant's dice change with head counts (traits.ts): Berzerkers, Duelists. */
  readonly conditional: boolean;
  /** Whether the side's kinds fall in two `woundOrder` groups. */
  readonly grouped: Uint8Array;
  /** Whether `woundPlain` serves the side: one group, no Medics, no Defenders, at most 256 combatants. */
  readonly plainWounds: Uint8Array;
  /** Whether the side's Defenders take blows meant for its captains (`defenderPush`, traits.ts). */
  readonly defends: Uint8Array;
  /** Whether the side's named Medics can die and stop attending (medicReach "one" or "window"). */
  readonly medicDeaths: Uint8Array;
  /**
   * medicReach "window" with some side's Medics: a wounded can be reached in the round it
   * falls or the next two ("within 30 seconds"), one attended per Medic a round.
   */
  readonly window: boolean;
  /** Whether some entry's pushing Berzerkers test for death when the battle ends. */
  readonly crisisTests: boolean;
  /** Per entry: 1 for pushing Berzerkers (they test for death at the end). */
  readonly entryTests: Uint8Array;
  /** Per side: its `marksmanPush` (traits.ts SHOTS_*); whether any side's Marksmen may snap-shoot. */
  readonly shots: Uint8Array;
  readonly marks: boolean;
  /** Per kind: a Marksman who snap-shoots under its side's policy (not yet rattled, under `lastFoe`). */
  readonly kindShoots: Uint8Array;
  /** Per kind: a Defender who may take a captain's blow; a named Medic. */
  readonly kindDefends: Uint8Array;
  readonly kindMedic: Uint8Array;
  /** The die classes besides class 0 a side can roll without pushing: sideClasses[sideClassFrom[s] .. sideClassFrom[s + 1]). */
  readonly sideClassFrom: Int32Array;
  readonly sideClasses: Int32Array;

  // Per entry (only entries with at least one combatant).
  readonly entrySide: Int32Array;
  readonly entrySize: Int32Array;
  readonly entryName: string[];

  // Per kind: an entry's combatants, not yet rattled or rattled.
  readonly kindEntry: Int32Array;
  readonly kindGroup: Uint8Array;
  readonly kindCaptain: Uint8Array;
  readonly kindPushable: Uint8Array;
  /** The rattled kind a pushing combatant becomes; −1 when it cannot push. */
  readonly kindPartner: Int32Array;
  readonly kindInit: Int32Array;
  /** Trait d4s one combatant of the kind adds when its side is outnumbered / in a 1-on-1 (traits.ts). */
  readonly kindOutnumbered: Int32Array;
  readonly kindDuel: Int32Array;
  /** The die class of those d4s (rattled like the kind). */
  readonly kindTraitClass: Int32Array;
  /** Dice one combatant of the kind rolls, per die class: [kind * dieClassCount + class]. */
  readonly kindDice: Int32Array;
  /** Dice one combatant of the kind rolls in the first clash only (`openingDice`), laid out as kindDice. */
  readonly kindOpening: Int32Array;
  /** Whether anyone has dice for the first clash only (then the first clash is rolled in full, by `clash`). */
  readonly opening: boolean;
  /**
   * For the wound step, per kind not pushing (pushers' dice are not in `sideDice`): its
   * class-0 dice, and whether it has dice of other classes.
   */
  readonly kindQuarters: Int32Array;
  readonly kindMore: Uint8Array;
  /** A side's dice at the start of a battle, per class, without those of pushing kinds. */
  readonly sideDiceInit: Int32Array;
  /**
   * "At the beginning of the round, each side constructs a pool of dice. ... The GM awards
   * 1d4 or 2d4 to the most well-equipped side": with rules.equipment `mostEquipped` and
   * three sides or more, the award is made again each round among the sides still fighting
   * (`equipmentEachRound`): the side with strictly the most equipment dice (`bonusCount`)
   * rolls them (`bonusDice`, per side and class, as sideDiceInit), none on a tie. With two
   * sides the battle ends as one leaves, so battle.ts awards once (violence.ts
   * awardEquipment) and every side's own dice are here as given. `awardedAtStart`: the side
   * whose equipment is in sideDiceInit, −1 for none.
   */
  readonly equipmentEachRound: boolean;
  readonly bonusCount: Int32Array;
  readonly bonusDice: Int32Array;
  readonly awardedAtStart: number;

  // Per die class.
  readonly dcMode: Uint8Array;
  readonly dcBits: Int32Array;
  readonly dcPerDraw: Int32Array;
  readonly dcMask: Int32Array;
  readonly dcOutOf: Int32Array;
  readonly dcHitsOf: Int32Array;
  readonly dcSides: Int32Array;
  readonly dcRattled: Uint8Array;
  readonly dcLo: Int32Array;
  readonly dcHi: Int32Array;

  constructor(
    setup: BattleSetup,
    readonly rules: ViciousnessRules,
    readonly maxRoundsDefault: number,
  ) {
    // The Marksmen who snap-shoot (battle.ts marks them; idempotent, so a plan made from the
    // setup as given plays them too).
    const sides = withMarksmanShots(setup.sides);
    const n = sides.length;
    this.sideCount = n;
    this.maxRounds = setup.maxRounds ?? maxRoundsDefault;
    const isHit = hitTest(rules.hitOn);

    // Die classes: dice that hit alike, found as the kinds are laid out. Class 0 is
    // always "hits with chance exactly 1/4" (a d4 counting 4s), which `clash` rolls first.
    const classKeys = new Map<string, number>();
    const classes: DieClass[] = [];
    const classOf = (sides: number, rattled: boolean): number[] => {
      const c = dieClass(sides, rattled, isHit);
      if (c.mode === SKIP) return []; // never hits: not rolled at all
      let i = classKeys.get(c.key);
      if (i === undefined) {
        i = classes.length;
        classKeys.set(c.key, i);
        classes.push(c);
      }
      return [i];
    };
    classOf(COMBATANT_DIE, false); // a d4 shows a 4 one time in four under either `hitOn`

    interface Kind { side: number; entry: number; group: number; captain: boolean; rattled: boolean; pushable: boolean; partner: number; init: number; dice: number[]; opening: number[]; outnumbered: number; duel: number; traitClass: number; defender: boolean; medic: boolean; shoots: boolean }
    const kinds: Kind[] = [];
    const entries: { side: number; size: number; name: string; tests: boolean }[] = [];
    const bonus: number[][] = [];
    this.kindFrom = new Int32Array(n);
    this.kindTo = new Int32Array(n);
    this.pushes = new Uint8Array(n);
    sides.forEach((side, s) => {
      const push = sidePushes(side, rules);
      this.kindFrom[s] = kinds.length;
      for (const c of side.combatants) {
        const size = c.count ?? 1;
        if (size === 0) continue;
        const entry = entries.length;
        entries.push({ side: s, size, name: c.name, tests: testsForDeath(c) });
        const own = [COMBATANT_DIE, ...eachDie(c.dice ?? [])];
        // Dice of the first clash only (surprise), rolled with the combatant's own then.
        const opening = eachDie(c.openingDice ?? []);
        const rattled = c.rattled ?? false;
        const traitDice = { outnumbered: outnumberedDice(c, side.flee), duel: duelDice(c) };
        const defender = side.defenderPush === 'captain' && hasTrait(c, 'defender') && !isCaptain(c);
        const base = { side: s, entry, group: woundGroupOf(c, rules.woundOrder), captain: isCaptain(c), ...traitDice, defender, medic: hasTrait(c, 'medic'), shoots: snapShoots(c) };
        if (push && !rattled) {
          // "Immediately after a character pushes, they are rattled": a second kind
          // holds the entry's combatants that have pushed.
          const k = kinds.length;
          kinds.push({ ...base, rattled: false, pushable: true, partner: k + 1, init: size, dice: own.flatMap((d) => classOf(d, false)), opening: opening.flatMap((d) => classOf(d, false)), traitClass: classOf(COMBATANT_DIE, false)[0] });
          // (None of them has pushed before the first clash, so its opening dice go unrolled.)
          kinds.push({ ...base, rattled: true, pushable: false, partner: -1, init: 0, dice: own.flatMap((d) => classOf(d, true)), opening: [], traitClass: classOf(COMBATANT_DIE, true)[0] });
          this.pushes[s] = 1;
        } else {
          kinds.push({ ...base, rattled, pushable: false, partner: -1, init: size, dice: own.flatMap((d) => classOf(d, rattled)), opening: opening.flatMap((d) => classOf(d, rattled)), traitClass: classOf(COMBATANT_DIE, rattled)[0] });
        }
      }
      this.kindTo[s] = kinds.length;
      // "The GM awards 1d4 or 2d4 to the most well-equipped side": nobody's dice, never rattled.
      bonus.push(eachDie(side.bonus ?? []).flatMap((d) => classOf(d, false)));
    });

    const K = kinds.length;
    const DC = classes.length;
    this.kindCount = K;
    this.dieClassCount = DC;
    this.entryCount = entries.length;
    this.entrySide = Int32Array.from(entries, (e) => e.side);
    this.entrySize = Int32Array.from(entries, (e) => e.size);
    this.entryName = entries.map((e) => e.name);
    this.kindEntry = Int32Array.from(kinds, (k) => k.entry);
    this.kindGroup = Uint8Array.from(kinds, (k) => k.group);
    this.kindCaptain = Uint8Array.from(kinds, (k) => (k.captain ? 1 : 0));
    this.kindPushable = Uint8Array.from(kinds, (k) => (k.pushable ? 1 : 0));
    this.kindPartner = Int32Array.from(kinds, (k) => k.partner);
    this.kindInit = Int32Array.from(kinds, (k) => k.init);
    this.kindOutnumbered = Int32Array.from(kinds, (k) => k.outnumbered);
    this.kindDuel = Int32Array.from(kinds, (k) => k.duel);
    this.kindTraitClass = Int32Array.from(kinds, (k) => k.traitClass);
    this.conditional = kinds.some((k) => k.outnumbered > 0 || k.duel > 0);
    this.kindDice = new Int32Array(K * DC);
    this.kindOpening = new Int32Array(K * DC);
    kinds.forEach((k, i) => {
      for (const c of k.dice) this.kindDice[i * DC + c]++;
      for (const c of k.opening) this.kindOpening[i * DC + c]++;
    });
    this.opening = kinds.some((k) => k.opening.length > 0);
    this.kindQuarters = Int32Array.from(kinds, (k, i) => (k.pushable ? 0 : this.kindDice[i * DC]));
    this.kindMore = Uint8Array.from(kinds, (k, i) => (!k.pushable && this.kindDice.subarray(i * DC + 1, (i + 1) * DC).some((x) => x > 0) ? 1 : 0));
    this.sideDiceInit = new Int32Array(n * DC);
    this.equipmentEachRound = n > 2 && rules.equipment === 'mostEquipped';
    // Counted as written, a die that can never hit (a d3 counting 4s) included, as
    // violence.ts awardEquipment counts them: `bonus` holds only the dice rolled.
    this.bonusCount = Int32Array.from(sides, (side) => eachDie(side.bonus ?? []).length);
    this.bonusDice = new Int32Array(n * DC);
    for (let s = 0; s < n; s++) for (const c of bonus[s]) this.bonusDice[s * DC + c]++;
    this.awardedAtStart = this.equipmentEachRound ? mostEquipped(this.bonusCount, new Int32Array(n).fill(1)) : -1;
    for (let s = 0; s < n; s++) {
      if (this.equipmentEachRound && s !== this.awardedAtStart) continue;
      for (let c = 0; c < DC; c++) this.sideDiceInit[s * DC + c] += this.bonusDice[s * DC + c];
    }
    kinds.forEach((k, i) => {
      if (k.pushable) return;
      for (let c = 0; c < DC; c++) this.sideDiceInit[k.side * DC + c] += k.init * this.kindDice[i * DC + c];
    });
    const rolled: number[][] = sides.map((_, s) => {
      const mine = new Set(bonus[s]);
      kinds.forEach((k) => {
        if (k.side === s && !k.pushable) k.dice.forEach((c) => mine.add(c));
      });
      mine.delete(0); // class 0 is rolled first, on its own
      return [...mine].sort((a, b) => a - b);
    });
    this.sideClassFrom = Int32Array.from({ length: n + 1 }, (_, s) => rolled.slice(0, s).reduce((t, r) => t + r.length, 0));
    this.sideClasses = Int32Array.from(rolled.flat());

    this.start = Int32Array.from(sides, (side) => side.combatants.reduce((t, c) => t + (c.count ?? 1), 0));
    this.flee = Uint8Array.from(sides, fleeCode);
    this.fleeAtOrBelow = Int32Array.from(sides, (_, s) => (this.flee[s] === FLEE_LOST_HALF ? Math.floor(this.start[s] / 2) : -1));
    this.deathFaces = Uint8Array.from(sides, (side) => DEATH_FACES[aidOf(side)]);
    this.allEnemies = outnumberedByAll(rules);
    this.medics = Int32Array.from(sides, (side) => medicsOf(side, rules.medicReach));
    this.grouped = Uint8Array.from(sides, (_, s) => (kinds.some((k) => k.side === s && k.group === 1) ? 1 : 0));
    // "Rattled PCs can't push themselves": only a Defender not yet rattled takes a blow.
    this.kindDefends = Uint8Array.from(kinds, (k) => (k.defender && !k.rattled ? 1 : 0));
    this.defends = Uint8Array.from(sides, (_, s) => (kinds.some((k, i) => k.side === s && this.kindDefends[i] !== 0) ? 1 : 0));
    this.kindMedic = Uint8Array.from(kinds, (k) => (k.medic ? 1 : 0));
    this.window = rules.medicReach === 'window' && this.medics.some((m) => m > 0);
    this.medicDeaths = Uint8Array.from(sides, (_, s) => (rules.medicReach !== 'all' && this.medics[s] > 0 && kinds.some((k) => k.side === s && k.medic) ? 1 : 0));
    this.entryTests = Uint8Array.from(entries, (e) => (e.tests ? 1 : 0));
    // "Make a snap shot": under `first` the shooters are rattled from the start (traits.ts
    // withMarksmanShots); under `lastFoe` a Marksman rattled by a push to reroll shoots no more.
    this.shots = Uint8Array.from(sides, shotsCode);
    this.kindShoots = Uint8Array.from(kinds, (k) => (k.shoots && (this.shots[k.side] === SHOTS_FIRST || !k.rattled) ? 1 : 0));
    this.marks = this.kindShoots.some((x) => x !== 0) && this.shots.some((x) => x !== SHOTS_NONE);
    this.crisisTests = entries.some((e) => e.tests);
    this.plainWounds = Uint8Array.from(sides, (_, s) => (this.grouped[s] === 0 && this.medics[s] === 0 && this.defends[s] === 0 && this.start[s] <= MAX_UNIFORM / 4 ? 1 : 0));

    this.dcMode = Uint8Array.from(classes, (c) => c.mode);
    this.dcBits = Int32Array.from(classes, (c) => c.bits);
    this.dcPerDraw = Int32Array.from(classes, (c) => (c.bits > 0 ? Math.floor(DRAW_BITS / c.bits) : 0));
    this.dcMask = Int32Array.from(classes, (c) => (c.bits > 0 ? fieldLowBits(c.bits) : 0));
    this.dcOutOf = Int32Array.from(classes, (c) => c.outOf);
    this.dcHitsOf = Int32Array.from(classes, (c) => c.hitsOf);
    this.dcSides = Int32Array.from(classes, (c) => c.sides);
    this.dcRattled = Uint8Array.from(classes, (c) => (c.rattled ? 1 : 0));
    this.dcLo = new Int32Array(classes.length).fill(4 - 1);
    this.dcHi = Int32Array.from(classes, (c) => (rules.hitOn === 'exact4' ? 4 : c.sides) - 1);
  }
}

/** How one kind of die is rolled for hits. */
interface DieClass {
  /** Dice with the same key hit alike and are rolled together. */
  key: string;
  mode: number;
  /** FIELD: the hit is `bits` fresh random bits all set. */
  bits: number;
  /** CHANCE: a uniform draw below `outOf` lands below `hitsOf`. */
  outOf: number;
  hitsOf: number;
  /** FACES: rolled face by face. */
  sides: number;
  rattled: boolean;
}

/** The cheapest exact way to roll a die for hits (each keeps the hit chance exact). */
function dieClass(sides: number, rattled: boolean, isHit: (face: number) => boolean): DieClass {
  const p = chanceOf(faceDistribution(sides, rattled), isHit);
  const outOf = rattled ? sides * sides : sides;
  const b = -Math.log2(p);
  const none = { bits: 0, outOf: 0, hitsOf: 0, sides, rattled };
  if (p === 0) return { ...none, key: 'never', mode: SKIP };
  // Hit chance exactly 1/2^b: b fresh bits all set.
  if (Number.isInteger(b) && b <= 15) return { ...none, key: `bits:${b}`, mode: FIELD, bits: b };
  if (outOf <= MAX_UNIFORM) {
    // A fair dN has N equally likely faces, a rattled one N² equally likely pairs.
    const hitsOf = Math.round(p * outOf);
    return { ...none, key: `chance:${hitsOf}/${outOf}`, mode: CHANCE, outOf, hitsOf };
  }
  return { ...none, key: `faces:${sides}:${rattled}`, mode: FACES };
}

/** One battle in progress. Construct once per `run`; `fight` reuses every array. */
export class BattleField {
  readonly plan: BattlePlan;
  private readonly DC: number;
  private readonly resolver: HitResolver;

  /**
   * The counters and flags of one battle, all in `counters` so a reset is one copy from a
   * template; the named arrays below are views into it.
   */
  private readonly counters: Int32Array;
  private readonly countersAtStart: Int32Array;
  /** Able (fighting, unhurt) combatants per kind. */
  readonly count: Int32Array;
  /** Dice a side rolls this round per class (pushing kinds' dice excluded). */
  readonly sideDice: Int32Array;
  /** Per side. */
  readonly able: Int32Array;
  readonly wounded: Int32Array;
  readonly dead: Int32Array;
  readonly pushed: Int32Array;
  /** 1 while the side still fights. */
  readonly fighting: Int32Array;
  /** 1 once the side has fled. */
  readonly fled: Int32Array;
  /** Per side, this round. */
  readonly hits: Int32Array;
  readonly landedOn: Int32Array;
  readonly landedBy: Int32Array;
  private readonly fleeing: Uint8Array;
  /** `fighting` for HitResolver (more than two sides). */
  private readonly active: Uint8Array;
  /** Per entry. */
  readonly entryWounded: Int32Array;
  readonly entryDead: Int32Array;
  /** Per side: wounded its Medics can attend a round now (a named Medic who died attends nobody). */
  readonly medicsNow: Int32Array;
  /**
   * Per side: wounded its Medics have attended so far this round, in a round of more than
   * one wound phase (a Marksman's snap shots, then the clash): "at most one wounded per
   * round per Medic", so the clash's wounded get the Medics the shots' left (an audit: a
   * Medic attended one of each, and deaths read a third of the text's). Zero between rounds.
   */
  private readonly medicsSpent: Int32Array;
  /** The side whose equipment dice are in `sideDice` this round (plan.equipmentEachRound), −1 for none. */
  private readonly awarded: Int32Array;
  /** Per kind: wounded in this round's wound phase (zero between rounds). */
  private readonly woundNow: Int32Array;
  /**
   * medicReach "window": per age (0: wounded this round, 1: last round, 2: the round
   * before) and kind, the wounded waiting for a Medic (index age · kinds + kind); wounded,
   * not yet dead or saved. Empty between battles.
   */
  private readonly waiting: Int32Array;
  /**
   * Per kind: combatants who pushed in this round's clash and so joined this (rattled)
   * kind after rolling their trait d4s with their own dice (zero between clashes).
   */
  private readonly pushedInto: Int32Array;
  /** Rounds played so far. */
  rounds = 0;

  constructor(plan: BattlePlan) {
    this.plan = plan;
    this.DC = plan.dieClassCount;
    const n = plan.sideCount;
    const K = plan.kindCount;
    const E = plan.entryCount;
    this.resolver = new HitResolver(n, plan.rules.targeting);
    this.counters = new Int32Array(K + plan.sideDiceInit.length + 7 * n + 2 * E + 1);
    let at = 0;
    const view = (length: number) => this.counters.subarray(at, (at += length));
    this.count = view(K);
    this.sideDice = view(plan.sideDiceInit.length);
    this.able = view(n);
    this.wounded = view(n);
    this.dead = view(n);
    this.pushed = view(n);
    this.fighting = view(n);
    this.fled = view(n);
    this.entryWounded = view(E);
    this.entryDead = view(E);
    this.medicsNow = view(n);
    this.medicsNow.set(plan.medics);
    this.awarded = view(1);
    this.awarded[0] = plan.awardedAtStart;
    this.count.set(plan.kindInit);
    this.sideDice.set(plan.sideDiceInit);
    this.able.set(plan.start);
    this.fighting.fill(1);
    this.countersAtStart = this.counters.slice();
    this.active = new Uint8Array(n);
    this.hits = new Int32Array(n);
    this.landedOn = new Int32Array(n);
    this.landedBy = new Int32Array(n);
    this.fleeing = new Uint8Array(n);
    this.woundNow = new Int32Array(K);
    this.medicsSpent = new Int32Array(n);
    this.waiting = new Int32Array(plan.window ? 3 * K : 0);
    this.pushedInto = new Int32Array(K);
  }

  /** Everyone able and fighting, nobody hurt. */
  reset(): void {
    this.counters.set(this.countersAtStart);
    this.waiting.fill(0);
    this.medicsSpent.fill(0);
    this.rounds = 0;
  }

  /**
   * A whole battle from the start: rounds until at most one side still fights, or
   * `maxRounds`. Returns the winning side, or −1 for a draw.
   */
  fight(random: RandomStream): number {
    // Snap shots wound a side outside the clash, so both sides may lose combatants in one round.
    // A Medic's window (medicReach "window") attends every round, wounds or none: phase by phase.
    return this.plan.sideCount === 2 && !this.plan.marks && !this.plan.window ? this.fightTwo(random) : this.fightPhases(random);
  }

  /** A battle phase by phase, for any number of sides. */
  fightPhases(random: RandomStream): number {
    this.reset();
    const maxRounds = this.plan.maxRounds;
    const marks = this.plan.marks;
    const window = this.plan.window;
    const reaward = this.plan.equipmentEachRound;
    for (;;) {
      this.rounds++;
      // Each round's pools: the equipment goes to the most well-equipped side still fighting.
      if (reaward && this.rounds > 1) this.awardEquipment();
      // The Marksmen's snap shots, before the pools are rolled (traits.ts MARKSMAN_PUSH): a
      // wound phase of their own, whose Medics are spent for the round's clash.
      if (marks) this.medicsSpent.fill(0);
      const shot = marks && this.snapShots(random);
      if (shot && this.stillFighting() <= 1) {
        if (window) this.attendWindow(random);
        break;
      }
      this.clash(random);
      this.resolve(random);
      const wounded = this.wound(random);
      // medicReach "window": the round's Medics attend, after all of its wound phases.
      if (window) this.attendWindow(random);
      // A round where nothing lands changes no head count, so after the first round (when
      // nobody has decided yet) no side can newly want to flee: every policy looks at head
      // counts only, and a side that fled last round only leaves fewer enemies.
      if (wounded || shot || this.rounds === 1) {
        if (this.stillFighting() <= 1) break;
        if (this.flight() <= 1) break;
      }
      if (this.rounds === maxRounds) break;
    }
    if (window) this.endWindow(random);
    return this.winner();
  }

  /**
   * "At the beginning of the round, each side constructs a pool of dice. ... The GM awards
   * 1d4 or 2d4 to the most well-equipped side": among the sides still fighting, so a side
   * out-equipped at the start rolls its dice once the best-equipped side has fled or
   * fallen (an audit: a three-way brawl's second-best gear was worth nothing, 0.50 against
   * 0.67 of a win). Moves the equipment dice in `sideDice` where the award changes hands.
   */
  private awardEquipment(): void {
    const p = this.plan;
    const now = mostEquipped(p.bonusCount, this.fighting);
    const was = this.awarded[0];
    if (now === was) return;
    const DC = this.DC;
    const { sideDice } = this;
    if (was >= 0) for (let c = 0; c < DC; c++) sideDice[was * DC + c] -= p.bonusDice[was * DC + c];
    if (now >= 0) for (let c = 0; c < DC; c++) sideDice[now * DC + c] += p.bonusDice[now * DC + c];
    this.awarded[0] = now;
  }

  /**
   * Two sides with the phases written out: only the side with fewer hits is wounded, so
   * the end check and flight are a few comparisons. Draws the same random numbers in the
   * same order as `fightPhases` and ends the same way (tests/battle.test.ts checks it);
   * the bench battle takes ~200 ns instead of ~310. `battle` runs two-sided battles on
   * round tables (battleTable.ts, ~60 ns) where they fit; this serves pushing and those
   * too big to tabulate.
   */
  private fightTwo(random: RandomStream): number {
    this.reset();
    const { able, hits, fighting, fled } = this;
    const p = this.plan;
    const maxRounds = p.maxRounds;
    const at0 = p.fleeAtOrBelow[0];
    const at1 = p.fleeAtOrBelow[1];
    const outnumbered0 = p.flee[0] === FLEE_OUTNUMBERED;
    const outnumbered1 = p.flee[1] === FLEE_OUTNUMBERED;
    // Trait dice that come and go with head counts take the general clash as well.
    const pushing = p.pushes[0] !== 0 || p.pushes[1] !== 0 || p.conditional || p.opening;
    for (;;) {
      const round = ++this.rounds;
      let d: number;
      if (pushing) {
        this.clash(random);
        d = hits[0] - hits[1];
      } else {
        d = this.clashMargin(random);
      }
      if (d !== 0) {
        // "The side with the most 4s assigns their hits to the opposing side. The
        // opposing side may use its hits to cancel out the winning side's hits."
        const loser = d > 0 ? 1 : 0;
        const margin = d > 0 ? d : -d;
        this.wounds(random, loser, margin < able[loser] ? margin : able[loser]);
        if (able[loser] === 0) {
          fighting[loser] = 0;
          return 1 - loser;
        }
      }
      if (d !== 0 || round === 1) {
        const a0 = able[0];
        const a1 = able[1];
        const flees0 = a0 <= at0 || (outnumbered0 && a1 > a0);
        const flees1 = a1 <= at1 || (outnumbered1 && a0 > a1);
        if (flees0 || flees1) {
          if (flees0) {
            fighting[0] = 0;
            fled[0] = 1;
          }
          if (flees1) {
            fighting[1] = 0;
            fled[1] = 1;
          }
          return flees0 && flees1 ? -1 : flees0 ? 1 : 0;
        }
      }
      if (round === maxRounds) return -1;
    }
  }

  /**
   * The Marksman's push, "Make a snap shot with amazing accuracy" (`marksmanPush`, two
   * sides): as a clash begins, before its dice, each side's shooters are counted on the
   * state before any shot lands — under `first` in the first clash, every Marksman of the
   * side (all able then); under `lastFoe` one, when the enemy has one able combatant left —
   * then each side's shots wound that many able enemies ("no roll required": no dice, so
   * nothing cancels them), as a wound phase of their own (woundOrder, Defenders, Medics,
   * the death roll). Returns whether any shot was made.
   */
  private snapShots(random: RandomStream): boolean {
    const p = this.plan;
    const { able, fighting, count } = this;
    let s0 = 0;
    let s1 = 0;
    for (let s = 0; s < 2; s++) {
      const policy = p.shots[s];
      if (policy === SHOTS_NONE || fighting[s] === 0 || fighting[1 - s] === 0) continue;
      if (policy === SHOTS_FIRST && this.rounds !== 1) continue;
      if (policy === SHOTS_LAST_FOE && able[1 - s] !== 1) continue;
      let n = 0;
      for (let k = p.kindFrom[s]; k < p.kindTo[s]; k++) if (p.kindShoots[k] !== 0) n += count[k];
      if (policy === SHOTS_LAST_FOE && n > 1) n = 1;
      if (s === 0) s0 = n;
      else s1 = n;
    }
    // Each side's Medics attend the shots' wounded now (one each), and those wounded in the
    // clash after with the Medics left: "at most one wounded per round per Medic".
    const spent = this.medicsSpent;
    if (s0 > 0) {
      const w = s0 < able[1] ? s0 : able[1];
      this.wounds(random, 1, w);
      spent[1] = w < this.medicsNow[1] ? w : this.medicsNow[1];
    }
    if (s1 > 0) {
      const w = s1 < able[0] ? s1 : able[0];
      this.wounds(random, 0, w);
      spent[0] = w < this.medicsNow[0] ? w : this.medicsNow[0];
    }
    return s0 > 0 || s1 > 0;
  }

  /** The one side still fighting, or −1 (nobody, or several at `maxRounds`: a draw). */
  winner(): number {
    let w = -1;
    for (let s = 0; s < this.plan.sideCount; s++) {
      if (this.fighting[s] === 0) continue;
      if (w >= 0) return -1;
      w = s;
    }
    return w;
  }

  /**
   * Clash phase: "each side constructs a pool of dice … All sides roll simultaneously.
   * Each side gets one hit for every 4 they roll." With `push: "ifNoHit"`, a combatant
   * whose own dice showed no hit and who is not rattled rerolls them and is rattled from
   * then on; the reroll counts, before the sides compare hits.
   */
  clash(random: RandomStream): void {
    const { hits, fighting, sideDice } = this;
    const { sideClassFrom, sideClasses, pushes } = this.plan;
    const DC = this.DC;
    const n = hits.length;
    // Class 0 first, the common case: every side's d4s (1-in-4 hits), all sides' from one
    // draw when they fit in 30 bits — a hit is a 2-bit field with both bits set.
    let quarters = 0;
    for (let s = 0; s < n; s++) {
      const q = fighting[s] === 0 ? 0 : sideDice[s * DC];
      hits[s] = q;
      quarters += q;
    }
    if (quarters <= 15) {
      let v = quarters > 0 ? random.bits(2 * quarters) : 0;
      for (let s = 0; s < n; s++) {
        const width = 2 * hits[s];
        hits[s] = popcount(v & (v >>> 1) & ((1 << width) - 1) & 0x15555555);
        v >>>= width;
      }
    } else {
      for (let s = 0; s < n; s++) hits[s] = hits[s] > 0 ? this.rollDice(random, 0, hits[s]) : 0;
    }
    for (let s = 0; s < n; s++) {
      if (fighting[s] === 0) continue;
      let h = hits[s];
      const base = s * DC;
      const to = sideClassFrom[s + 1];
      for (let i = sideClassFrom[s]; i < to; i++) {
        const c = sideClasses[i];
        const count = sideDice[base + c];
        if (count > 0) h += this.rollDice(random, c, count);
      }
      if (this.rounds === 1 && this.plan.opening) h += this.rollOpening(random, s);
      if (pushes[s] !== 0) h += this.rollPushers(random, s);
      hits[s] = h;
    }
    if (this.plan.conditional) this.rollTraitDice(random);
  }

  /**
   * The Berzerker's and the Duelist's d4s (traits.ts), for the head counts at the clash:
   * "Gain 1d4 if you are outnumbered by enemies", "Gain 1d4 if engaging in 1-on-1 combat".
   * Rolled after every side's other dice, in side and kind order — except those of
   * combatants who may push, rolled with their own dice in rollPushers.
   */
  private rollTraitDice(random: RandomStream): void {
    const { hits, fighting, able, count, pushedInto } = this;
    const { kindFrom, kindTo, kindOutnumbered, kindDuel, kindTraitClass, kindPushable, pushes } = this.plan;
    for (let s = 0; s < hits.length; s++) {
      if (fighting[s] === 0) continue;
      const at = situation(able, fighting, s, this.plan.allEnemies);
      // Only a side that may push has pushers' counts to clear (rollPushers).
      const pushing = pushes[s] !== 0;
      if (at === PLAIN && !pushing) continue;
      for (let k = kindFrom[s]; k < kindTo[s]; k++) {
        let fresh = 0;
        if (pushing) {
          fresh = pushedInto[k];
          pushedInto[k] = 0;
        }
        if (at === PLAIN || kindPushable[k] !== 0) continue;
        const n = (count[k] - fresh) * (at === OUTNUMBERED ? kindOutnumbered[k] : kindDuel[k]);
        if (n > 0) hits[s] += this.rollDice(random, kindTraitClass[k], n);
      }
    }
  }

  /**
   * `clash` for two sides that cannot push, returning side 0's hits minus side 1's: the
   * same draws in the same order, with the counts kept in locals.
   */
  private clashMargin(random: RandomStream): number {
    const sideDice = this.sideDice;
    const DC = this.DC;
    const { sideClassFrom, sideClasses, dcMode, dcOutOf, dcHitsOf } = this.plan;
    const q0 = sideDice[0];
    const q1 = sideDice[DC];
    let h0 = 0;
    let h1 = 0;
    if (q0 + q1 <= 15) {
      const v = q0 + q1 > 0 ? random.bits(2 * (q0 + q1)) : 0;
      const all = v & (v >>> 1) & 0x15555555;
      h0 = popcount(all & ((1 << (2 * q0)) - 1));
      h1 = popcount(all >>> (2 * q0));
    } else {
      if (q0 > 0) h0 = this.rollDice(random, 0, q0);
      if (q1 > 0) h1 = this.rollDice(random, 0, q1);
    }
    for (let i = sideClassFrom[0]; i < sideClassFrom[1]; i++) {
      const c = sideClasses[i];
      const n = sideDice[c];
      if (n === 1 && dcMode[c] === CHANCE) h0 += random.below(dcOutOf[c]) < dcHitsOf[c] ? 1 : 0;
      else if (n > 0) h0 += this.rollDice(random, c, n);
    }
    for (let i = sideClassFrom[1]; i < sideClassFrom[2]; i++) {
      const c = sideClasses[i];
      const n = sideDice[DC + c];
      if (n === 1 && dcMode[c] === CHANCE) h1 += random.below(dcOutOf[c]) < dcHitsOf[c] ? 1 : 0;
      else if (n > 0) h1 += this.rollDice(random, c, n);
    }
    return h0 - h1;
  }

  /**
   * Hits of the side's combatants who may still push, rolled one combatant at a time. A
   * combatant's trait d4s at this clash are dice it contributed: they count toward "no
   * hit", and a push rerolls them with its own (docs/rulings/traits.md).
   */
  private rollPushers(random: RandomStream, s: number): number {
    const p = this.plan;
    const at = p.conditional ? situation(this.able, this.fighting, s, p.allEnemies) : PLAIN;
    let h = 0;
    for (let k = p.kindFrom[s]; k < p.kindTo[s]; k++) {
      if (p.kindPushable[k] === 0) continue;
      const n = this.count[k];
      const extra = at === OUTNUMBERED ? p.kindOutnumbered[k] : at === DUEL ? p.kindDuel[k] : 0;
      // The first clash's opening dice are dice it contributed too: rolled, and rerolled, with its own.
      const opening = this.rounds === 1 && p.opening;
      let pushed = 0;
      for (let i = 0; i < n; i++) {
        let own = this.rollCombatant(random, k);
        if (extra > 0) own += this.rollDice(random, p.kindTraitClass[k], extra);
        if (opening) own += this.rollCombatant(random, k, p.kindOpening);
        if (own === 0) {
          // "A PC may also push in order to reroll the dice they contributed to a pool."
          own = this.rollCombatant(random, k);
          if (extra > 0) own += this.rollDice(random, p.kindTraitClass[k], extra);
          if (opening) own += this.rollCombatant(random, k, p.kindOpening);
          pushed++;
        }
        h += own;
      }
      if (pushed > 0) {
        // They are rattled now: from the next round their dice roll twice, keep lower.
        const r = p.kindPartner[k];
        this.count[k] -= pushed;
        this.count[r] += pushed;
        if (p.conditional) this.pushedInto[r] += pushed;
        const DC = this.DC;
        for (let c = 0; c < DC; c++) this.sideDice[s * DC + c] += pushed * p.kindDice[r * DC + c];
        this.pushed[s] += pushed;
      }
    }
    return h;
  }

  /**
   * The first clash's opening dice of side `s`'s combatants that cannot push (those who can
   * roll theirs with their own, in rollPushers): every one of them is able then.
   */
  private rollOpening(random: RandomStream, s: number): number {
    const p = this.plan;
    const DC = this.DC;
    let h = 0;
    for (let k = p.kindFrom[s]; k < p.kindTo[s]; k++) {
      if (p.kindPushable[k] !== 0 || this.count[k] === 0) continue;
      for (let c = 0; c < DC; c++) {
        const n = this.count[k] * p.kindOpening[k * DC + c];
        if (n > 0) h += this.rollDice(random, c, n);
      }
    }
    return h;
  }

  /** Hits of one combatant of kind `k`: its own dice, or (`dice` = kindOpening) its first clash's. */
  private rollCombatant(random: RandomStream, k: number, dice = this.plan.kindDice): number {
    const DC = this.DC;
    let h = 0;
    for (let c = 0; c < DC; c++) {
      const n = dice[k * DC + c];
      if (n > 0) h += this.rollDice(random, c, n);
    }
    return h;
  }

  /** Hits among `n` dice of class `c`. */
  rollDice(random: RandomStream, c: number, n: number): number {
    const p = this.plan;
    const mode = p.dcMode[c];
    let h = 0;
    if (mode === FIELD) {
      const b = p.dcBits[c];
      const per = p.dcPerDraw[c];
      const mask = p.dcMask[c];
      while (n > 0) {
        const take = n < per ? n : per;
        const v = random.bits(take * b);
        let all = v & (v >>> 1);
        for (let i = 2; i < b; i++) all &= v >>> i;
        h += popcount((b === 1 ? v : all) & mask);
        n -= take;
      }
    } else if (mode === CHANCE) {
      const outOf = p.dcOutOf[c];
      const hitsOf = p.dcHitsOf[c];
      for (let i = 0; i < n; i++) if (random.below(outOf) < hitsOf) h++;
    } else if (mode === FACES) {
      const sides = p.dcSides[c];
      const lo = p.dcLo[c];
      const hi = p.dcHi[c];
      const rattled = p.dcRattled[c] !== 0;
      for (let i = 0; i < n; i++) {
        const f = rattled ? random.belowKeepLower(sides) : random.below(sides);
        if (f >= lo && f <= hi) h++;
      }
    }
    return h;
  }

  /**
   * Where hits land (docs/rules.md): with two sides the side with more hits lands the
   * difference; with more, HitResolver and the `targeting` variant. Landed hits are
   * capped by the target's able combatants ("Extra hits … are wasted").
   */
  resolve(random: RandomStream): void {
    const { hits, landedOn, landedBy, able } = this;
    if (this.plan.sideCount === 2) {
      const d = hits[0] - hits[1];
      const on1 = d > 0 ? (d < able[1] ? d : able[1]) : 0;
      const on0 = d < 0 ? (-d < able[0] ? -d : able[0]) : 0;
      landedOn[0] = on0;
      landedBy[1] = on0;
      landedOn[1] = on1;
      landedBy[0] = on1;
      return;
    }
    for (let s = 0; s < this.active.length; s++) this.active[s] = this.fighting[s];
    this.resolver.resolve(random, hits, this.active, able, landedOn, landedBy);
  }

  /** Wound phase: every side takes the hits that landed on it. Returns whether any did. */
  wound(random: RandomStream): boolean {
    let any = false;
    for (let s = 0; s < this.plan.sideCount; s++) {
      if (this.landedOn[s] > 0) {
        this.wounds(random, s, this.landedOn[s]);
        any = true;
      }
    }
    return any;
  }

  /** Side `s` takes `w` wounds (at most its able combatants). */
  private wounds(random: RandomStream, s: number, w: number): void {
    if (this.plan.plainWounds[s] !== 0) this.woundPlain(random, s, w);
    else this.woundSide(random, s, w);
  }

  /**
   * `woundSide` for a side in one `woundOrder` group and without Medics, the common case:
   * the same draws in the same order (a pick and its death d4 from one draw, see
   * woundSide), in a smaller loop.
   */
  private woundPlain(random: RandomStream, s: number, w: number): void {
    const p = this.plan;
    const DC = this.DC;
    const { count, able, sideDice, entryWounded, entryDead, wounded, dead } = this;
    const { kindEntry, kindQuarters, kindMore, kindDice } = p;
    const from = p.kindFrom[s];
    const faces = p.deathFaces[s];
    const base = s * DC;
    for (; w > 0; w--) {
      const x = random.below(4 * able[s]);
      let r = x >>> 2;
      let k = from;
      while (r >= count[k]) r -= count[k++];
      count[k]--;
      able[s]--;
      sideDice[base] -= kindQuarters[k];
      if (kindMore[k] !== 0) for (let c = 1; c < DC; c++) sideDice[base + c] -= kindDice[k * DC + c];
      const e = kindEntry[k];
      entryWounded[e]++;
      wounded[s]++;
      if ((x & 3) < faces) {
        entryDead[e]++;
        dead[s]++;
      }
    }
  }

  /**
   * `w` distinct able combatants of side `s` are wounded, group 0 of `woundOrder` first,
   * uniformly at random within a group; then each wounded combatant dies or not.
   */
  private woundSide(random: RandomStream, s: number, w: number): void {
    const p = this.plan;
    const DC = this.DC;
    const from = p.kindFrom[s];
    const to = p.kindTo[s];
    const { count, woundNow, able, sideDice, entryWounded, entryDead } = this;
    const { kindGroup, kindDice, kindPushable, kindEntry } = p;
    const grouped = p.grouped[s] !== 0;
    // "A wounded target can't fight any longer and has a 2-in-4 chance to die": a d4
    // showing one of `faces` faces (two random bits, as `below(4)` reads them).
    const faces = p.deathFaces[s];
    const medics = p.medics[s];
    const defends = p.defends[s];
    // Deaths wait for the whole wound phase when Medics attend or Defenders take blows.
    const deferred = medics > 0 || defends !== 0;
    for (let g = 0; g < 2 && w > 0; g++) {
      let inGroup = 0;
      if (!grouped) inGroup = able[s];
      else for (let k = from; k < to; k++) if (kindGroup[k] === g) inGroup += count[k];
      while (w > 0 && inGroup > 0) {
        // One draw without replacement: each able combatant of the group equally likely.
        // Without Medics the death d4 comes from the same draw: a uniform x below 4·n is
        // a uniform pick ⌊x / 4⌋ and an independent d4 face x mod 4.
        let r: number;
        let deathFace = -1;
        if (!deferred && inGroup <= MAX_UNIFORM / 4) {
          const x = random.below(4 * inGroup);
          r = x >>> 2;
          deathFace = x & 3;
        } else {
          r = inGroup === 1 ? 0 : random.below(inGroup);
        }
        let k = from;
        for (; ; k++) {
          if (grouped && kindGroup[k] !== g) continue;
          if (r < count[k]) break;
          r -= count[k];
        }
        count[k]--;
        inGroup--;
        w--;
        able[s]--;
        if (kindPushable[k] === 0) {
          for (let c = 0; c < DC; c++) sideDice[s * DC + c] -= kindDice[k * DC + c];
        }
        if (deferred) {
          woundNow[k]++;
          continue;
        }
        const e = kindEntry[k];
        entryWounded[e]++;
        this.wounded[s]++;
        if (deathFace < 0) deathFace = random.bits(2);
        if (deathFace < faces) {
          entryDead[e]++;
          this.dead[s]++;
        }
      }
    }
    if (defends !== 0) this.takeBlows(random, s);
    if (medics > 0 && p.window) this.waitForMedic(s);
    else if (deferred) this.attend(random, s, this.medicsNow[s] - this.medicsSpent[s], faces);
  }

  /**
   * medicReach "window": this wound phase's wounded of side `s` (which has Medics) join
   * those waiting for a Medic, wounded now and dead or saved later (attendWindow).
   */
  private waitForMedic(s: number): void {
    const p = this.plan;
    const { woundNow, waiting } = this;
    for (let k = p.kindFrom[s]; k < p.kindTo[s]; k++) {
      const wk = woundNow[k];
      if (wk === 0) continue;
      waiting[k] += wk;
      this.entryWounded[p.kindEntry[k]] += wk;
      this.wounded[s] += wk;
      woundNow[k] = 0;
    }
  }

  /**
   * medicReach "window", at the end of each round's wound phases, every side with Medics
   * (whether it still fights or not: the violence goes on): "reduced to 1-in-4 if they
   * receive medical attention within 30 seconds" and "time is measured in 10 second
   * rounds", so a wounded can be reached in the round it fell or the next two. Each Medic
   * attends one waiting wounded ("not in danger of dying"): the oldest first, among
   * equals captains first, then a uniformly random few. Those of the round before last
   * whom no Medic reached get ordinary aid's death chance now. A named Medic who died this
   * round attended this round, and nobody after.
   */
  private attendWindow(random: RandomStream): void {
    const p = this.plan;
    const K = p.kindCount;
    const waiting = this.waiting;
    for (let s = 0; s < p.sideCount; s++) {
      if (p.medics[s] === 0) continue;
      const from = p.kindFrom[s];
      const to = p.kindTo[s];
      let medics = this.medicsNow[s];
      for (let age = 2; age >= 0 && medics > 0; age--) {
        for (let captain = 1; captain >= 0 && medics > 0; captain--) {
          let left = 0;
          for (let k = from; k < to; k++) if (p.kindCaptain[k] === captain) left += waiting[age * K + k];
          if (left === 0) continue;
          for (let k = from; k < to && medics > 0; k++) {
            if (p.kindCaptain[k] !== captain) continue;
            const wk = waiting[age * K + k];
            let saved = 0;
            for (let i = 0; i < wk && medics > 0; i++) {
              // A uniformly random `medics` of the `left` wounded get a Medic.
              if (medics >= left || random.below(left) < medics) {
                medics--;
                saved++;
              }
              left--;
            }
            waiting[age * K + k] -= saved;
          }
        }
      }
      // The round before last's wounded no Medic reached: ordinary aid, now.
      const died = this.dieWaiting(random, s, 2);
      this.medicsNow[s] -= died;
      for (let k = from; k < to; k++) {
        waiting[2 * K + k] = waiting[K + k];
        waiting[K + k] = waiting[k];
        waiting[k] = 0;
      }
    }
  }

  /**
   * The wounded of side `s` waiting at `age` die with its death chance (ordinary aid's,
   * 1 in 4, on a side with Medics) and wait no more. Returns its named Medics who died.
   */
  private dieWaiting(random: RandomStream, s: number, age: number): number {
    const p = this.plan;
    const K = p.kindCount;
    const faces = p.deathFaces[s];
    let medicsDied = 0;
    for (let k = p.kindFrom[s]; k < p.kindTo[s]; k++) {
      const wk = this.waiting[age * K + k];
      if (wk === 0) continue;
      let died = 0;
      for (let i = 0; i < wk; i++) if (random.bits(2) < faces) died++;
      this.waiting[age * K + k] = 0;
      this.entryDead[p.kindEntry[k]] += died;
      this.dead[s] += died;
      if (p.medicDeaths[s] !== 0 && p.kindMedic[k] !== 0) medicsDied += died;
    }
    return medicsDied;
  }

  /**
   * medicReach "window" as the battle ends (any way): the wounded still waiting get
   * ordinary aid's death chance. The Medic's care is "medical attention … during
   * violence"; after it, what is left within their 30 seconds is ordinary medical
   * attention ("reduced to 1-in-4", docs/rulings/battle.md "Aid and Medics").
   */
  private endWindow(random: RandomStream): void {
    for (let s = 0; s < this.plan.sideCount; s++) {
      if (this.plan.medics[s] === 0) continue;
      for (let age = 2; age >= 0; age--) this.dieWaiting(random, s, age);
    }
  }

  /**
   * The Defender's push, "Take a blow meant for another character" (`defenderPush:
   * "captain"`): while some of this wound phase's wounded are captains and some Defender is
   * still able and unhurt, a uniformly random one of those captains is spared and a
   * uniformly random such Defender is wounded instead. (The chain draws the same: which
   * captains, and which Defenders, are uniform choices.)
   */
  private takeBlows(random: RandomStream, s: number): void {
    const p = this.plan;
    const DC = this.DC;
    const from = p.kindFrom[s];
    const to = p.kindTo[s];
    const { count, woundNow, sideDice } = this;
    let hit = 0;
    let free = 0;
    for (let k = from; k < to; k++) {
      if (p.kindCaptain[k] !== 0) hit += woundNow[k];
      if (p.kindDefends[k] !== 0) free += count[k];
    }
    while (hit > 0 && free > 0) {
      let r = hit === 1 ? 0 : random.below(hit);
      let k = from;
      for (; ; k++) {
        if (p.kindCaptain[k] === 0) continue;
        if (r < woundNow[k]) break;
        r -= woundNow[k];
      }
      let q = free === 1 ? 0 : random.below(free);
      let d = from;
      for (; ; d++) {
        if (p.kindDefends[d] === 0) continue;
        if (q < count[d]) break;
        q -= count[d];
      }
      woundNow[k]--;
      count[k]++;
      woundNow[d]++;
      count[d]--;
      for (let c = 0; c < DC; c++) {
        if (p.kindPushable[k] === 0) sideDice[s * DC + c] += p.kindDice[k * DC + c];
        if (p.kindPushable[d] === 0) sideDice[s * DC + c] -= p.kindDice[d * DC + c];
      }
      hit--;
      free--;
    }
  }

  /**
   * The Berzerker's push: "you must test for death at its end, wounded or not" — after the
   * battle each pushing Berzerker still alive dies with the side's death chance.
   */
  testForDeath(random: RandomStream): void {
    const p = this.plan;
    for (let e = 0; e < p.entryCount; e++) {
      if (p.entryTests[e] === 0) continue;
      const s = p.entrySide[e];
      const alive = p.entrySize[e] - this.entryDead[e];
      for (let i = 0; i < alive; i++) {
        if (random.bits(2) < p.deathFaces[s]) {
          this.entryDead[e]++;
          this.dead[s]++;
        }
      }
    }
  }

  /**
   * Deaths on a side with Medics: each Medic attends one of this round's wounded (no
   * death), captains first; the rest get ordinary aid (docs/rules.md, docs/rulings/battle.md).
   */
  private attend(random: RandomStream, s: number, medics: number, faces: number): void {
    const p = this.plan;
    const from = p.kindFrom[s];
    const to = p.kindTo[s];
    const woundNow = this.woundNow;
    const tracks = p.medicDeaths[s] !== 0;
    let medicsDied = 0;
    for (let captain = 1; captain >= 0; captain--) {
      let left = 0;
      for (let k = from; k < to; k++) if (p.kindCaptain[k] === captain) left += woundNow[k];
      for (let k = from; k < to; k++) {
        const wk = woundNow[k];
        if (wk === 0 || p.kindCaptain[k] !== captain) continue;
        let died = 0;
        for (let i = 0; i < wk; i++) {
          // A uniformly random `medics` of the `left` wounded get a Medic.
          if (medics > 0 && (medics >= left || random.below(left) < medics)) medics--;
          else if (random.bits(2) < faces) died++;
          left--;
        }
        if (tracks && p.kindMedic[k] !== 0) medicsDied += died;
        const e = p.kindEntry[k];
        this.entryWounded[e] += wk;
        this.entryDead[e] += died;
        this.wounded[s] += wk;
        this.dead[s] += died;
        woundNow[k] = 0;
      }
    }
    // A named Medic who died this round attended this round (its care was "within 30
    // seconds"); from the next round it attends nobody.
    this.medicsNow[s] -= medicsDied;
  }

  /** Sides with nobody able stop fighting; returns how many still fight. */
  stillFighting(): number {
    const { able, fighting } = this;
    let n = 0;
    for (let s = 0; s < able.length; s++) {
      if (able[s] === 0) fighting[s] = 0;
      n += fighting[s];
    }
    return n;
  }

  /**
   * Flight phase: "Each combatant decides whether to continue fighting or flee from the
   * battle." Each side's policy decides for all its able combatants at once, every side
   * on the state after the wound phase. Returns how many sides still fight.
   */
  flight(): number {
    const { able, fighting, fleeing, fled } = this;
    const { flee, fleeAtOrBelow, allEnemies } = this.plan;
    const n = able.length;
    let any = 0;
    for (let s = 0; s < n; s++) {
      let leaves = 0;
      if (fighting[s] !== 0) {
        // lostHalf: "flee once half of the side's starting combatants are wounded or dead".
        if (able[s] <= fleeAtOrBelow[s]) leaves = 1;
        // Outnumbered by the enemies still fighting (rules.outnumbered, docs/rulings/battle.md).
        else if (flee[s] === FLEE_OUTNUMBERED && isOutnumbered(able, fighting, s, allEnemies)) leaves = 1;
      }
      fleeing[s] = leaves;
      any |= leaves;
    }
    let still = 0;
    for (let s = 0; s < n; s++) {
      if (any !== 0 && fleeing[s] !== 0) {
        fighting[s] = 0;
        fled[s] = 1;
      }
      still += fighting[s];
    }
    return still;
  }
}
