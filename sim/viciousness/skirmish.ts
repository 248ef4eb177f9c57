/**
 * The violence a failed job turns into, inside a campaign: a troupe's participants
 * against the job's guards, round after round of clash, wound and flight (docs/rules.md
 * "Violence"; viciousness.txt "A round has 3 phases: Clash, Wound, Flight.").
 *
 * Why not `battle`'s BattleField: that one is built once from a fixed setup and counts
 * interchangeable combatants per entry, while here every fight has a different cast
 * (who is able, rattled, present) and the campaign needs to know *which* PC was wounded
 * or killed (a dead captain dissolves a troupe; a PC who pushes stays rattled afterwards).
 * So this is a compact two-sided fight over individual PCs and a count of guards, with
 * the same readings as battle (docs/rulings/battle.md): hits by `hitOn`, the side with
 * more hits lands the difference, wounds by `woundOrder`, death 2-in-4 (1-in-4 with aid,
 * none for the one a Medic attends each round, captains first), flight by policy, a draw
 * at `maxRounds`. The lead may switch it to a small function from battle.ts once both
 * are merged. Everything is allocated in the constructor, nothing per fight.
 */
import { belowBits, belowReject, type RandomStream } from '../random.ts';
import type { ViciousnessRules } from '../rules.ts';

import { DEATH_FACES, FLEE_CODE, popcount as violencePopcount, type Aid, type FleePolicy } from './violence.ts';
import { DUEL, OUTNUMBERED, PLAIN, SHOTS_FIRST, SHOTS_LAST_FOE, SHOTS_NONE, outnumberedDice, shotsCode, type MarksmanPush } from './traits.ts';

/** violence.ts's popcount, held here: an imported binding is a getter per call under tsx (as in battleField.ts). */
const popcount = violencePopcount;

/** The PCs' dice and state, owned by the campaign (the skirmish reads and updates them). */
export interface SkirmishPcs {
  /** Sides of every violence die of every PC (its 1d4 first); PC i rolls dice diceFrom[i]..diceTo[i]−1. */
  diceSides: Int32Array;
  diceFrom: Int32Array;
  diceTo: Int32Array;
  captain: Uint8Array;
  /** Read for keep-lower rolls; set when a PC pushes (`push` variant). */
  rattled: Uint8Array;
  /**
   * Per PC, 1 for a Berzerker / a Duelist (traits.ts): "Gain 1d4 if you are outnumbered by
   * enemies" (and the add's 1d4 on a troupe that never flees), "Gain 1d4 if engaging in
   * 1-on-1 combat" — judged at each clash from the head counts. Absent: nobody has them.
   */
  berzerker?: Uint8Array;
  duelist?: Uint8Array;
  /** Per PC, 1 for a named Medic: with `fight`'s `medicPcs`, the fight's Medics, who can die. */
  medic?: Uint8Array;
  /**
   * Per PC, 1 for a Defender who pushes to "Take a blow meant for another character": a
   * wound meant for the troupe's captain falls on it instead (policy defenderPush
   * "captain", `woundPcs`). Absent: nobody pushes so.
   */
  defender?: Uint8Array;
  /**
   * Per PC, 1 for a Marksman who pushes to "Make a snap shot with amazing accuracy"
   * (policy marksmanPush, `SkirmishOptions.marksmanPush`): a wound on one able guard before
   * a clash's dice, and the Marksman rattled. Absent: nobody shoots.
   */
  marksman?: Uint8Array;
}

export interface SkirmishOptions {
  troupeFlee: FleePolicy;
  guardFlee: FleePolicy;
  maxRounds: number;
  /** Dice every guard rolls (its 1d4 first), and the guards' equipment bonus. */
  guardDice: readonly number[];
  guardBonus: readonly number[];
  /**
   * When the `marksman` PCs snap-shoot (policy marksmanPush, read as `battle`'s side policy,
   * docs/rulings/traits.md): `first`, every one able and not rattled as the first clash
   * begins; `lastFoe`, one of them as a clash begins with one able guard left. Absent or
   * `never`: nobody shoots.
   */
  marksmanPush?: MarksmanPush;
}

/**
 * The smaller of two integers, by a compare: TurboFan compiled `Math.min` of a round's hit
 * counts as a float64 min, with conversions and −0 checks (~1/8 of a steady fight's time).
 */
function smaller(a: number, b: number): number {
  return a < b ? a : b;
}

export class Skirmish {
  /** PCs still fighting (the first `ableCount`). */
  private readonly able: Int32Array;
  private ableCount = 0;
  /**
   * Without pushes, per slot of `able`: how many d4s its PC rolls when it is steady and all
   * its dice are d4s, else −1 (fixed for the fight: nothing rattles a PC or grows its dice
   * during one), kept beside `able` as PCs fall; and `steadyD4s`, their sum while every
   * able PC is such a one (`allSteady`): then the troupe's clash is one count of 4s.
   */
  private readonly ableD4: Int32Array;
  private allSteady = false;
  private steadyD4s = 0;
  /** PCs wounded in the last fight, and per listed PC whether it died. */
  readonly wounded: Int32Array;
  readonly died: Uint8Array;
  woundedCount = 0;
  /** Rounds of the last fight. */
  rounds = 0;
  /** Free pushes left in the fight under way, and those the last fight used (`fight`). */
  private freePushes = 0;
  freePushesUsed = 0;
  /** Snap shots the Marksmen made in the last fight (policy marksmanPush). */
  snapShots = 0;
  /**
   * The PC the foes came for (`fight`'s `target`), or −1: the first hit of each wound
   * phase wounds it while it is able (`woundPcs`).
   */
  private target = -1;
  private readonly guardSides: Int32Array;
  /**
   * Per PC: how many of its dice slots, from its first, are d4s in a row (its own dice and
   * the room kept for traits it may gain by advancing). While a PC's dice (diceFrom..diceTo,
   * which advancing moves) lie within that run, their hits are counted a word at a time by
   * RandomStream.d4Fours, the same draws.
   */
  private readonly d4Run: Int32Array;
  /** The guards' dice per guard when all are d4s, else −1. */
  private readonly guardD4: number;
  /**
   * The guards roll d4s only, with no bonus dice, and nobody has situational dice: then a
   * fight of steady all-d4 PCs without bonus dice is a steady fight (`fight` plays it itself).
   */
  private readonly steadyGuards: boolean;
  private readonly guardBonus: Int32Array;
  private readonly hiFace: Int32Array;
  private readonly troupeFlee: number;
  private readonly guardFlee: number;
  private readonly push: boolean;
  private readonly woundOrder: number;
  /** Wounded a Medic attends a round: 1, or every PC with medicReach "all". */
  private readonly medicReach: number;
  private readonly medicReachAll: boolean;
  /** Whether any PC is a Berzerker or a Duelist (then their d4s are judged at each clash). */
  private readonly situational: boolean;
  /** d4s a Berzerker adds while outnumbered: the gain, and the add when the troupe never flees. */
  private readonly berzerkerDice: number;
  /** Whether some PC is a Defender who takes blows meant for its captain (`pcs.defender`). */
  private readonly defends: boolean;
  /** When Marksmen snap-shoot (traits.ts SHOTS_*): SHOTS_NONE without a Marksman or the policy. */
  private readonly shots: number;
  /**
   * Wounds fall at random (woundOrder "random") and no Defender takes them: then a steady
   * fight without a target plays woundPcs's draws itself, on its buffered word.
   */
  private readonly plainWounds: boolean;
  /** Per number of able PCs n: belowBits(n) and belowReject(n), the wound phase's `below(n)`. */
  private readonly woundBits: Int32Array;
  private readonly woundReject: Int32Array;

  constructor(
    private readonly pcs: SkirmishPcs,
    maxPcs: number,
    rules: Pick<ViciousnessRules, 'hitOn' | 'woundOrder' | 'push' | 'medicReach'>,
    private readonly options: SkirmishOptions,
  ) {
    this.able = new Int32Array(maxPcs);
    this.ableD4 = new Int32Array(maxPcs);
    this.wounded = new Int32Array(maxPcs);
    this.died = new Uint8Array(maxPcs);
    this.guardSides = Int32Array.from(options.guardDice);
    this.guardBonus = Int32Array.from(options.guardBonus);
    // A d4 hits on its 4 under either hitOn reading ("exact4", or "4+" of 4 sides).
    this.d4Run = Int32Array.from(pcs.diceFrom, (from, pc) => {
      const end = pc + 1 < pcs.diceFrom.length ? pcs.diceFrom[pc + 1] : pcs.diceSides.length;
      let i = from;
      while (i < end && pcs.diceSides[i] === 4) i++;
      return i - from;
    });
    this.guardD4 = this.guardSides.every((s) => s === 4) ? this.guardSides.length : -1;
    // A hit is face 4 ("one hit for every 4 they roll"), or 4 and up with hitOn "4+":
    // the highest hitting face − 1 per number of sides.
    this.hiFace = new Int32Array(101);
    for (let s = 1; s <= 100; s++) this.hiFace[s] = rules.hitOn === 'exact4' ? 3 : s - 1;
    this.troupeFlee = FLEE_CODE[options.troupeFlee];
    this.guardFlee = FLEE_CODE[options.guardFlee];
    this.push = rules.push === 'ifNoHit';
    this.medicReach = rules.medicReach === 'all' ? maxPcs : 1;
    this.medicReachAll = rules.medicReach === 'all';
    const flags = (a: Uint8Array | undefined) => a !== undefined && a.some((x) => x !== 0);
    this.situational = flags(pcs.berzerker) || flags(pcs.duelist);
    this.defends = flags(pcs.defender);
    this.shots = flags(pcs.marksman) ? shotsCode(options) : SHOTS_NONE;
    this.berzerkerDice = outnumberedDice({ traits: ['berzerker'] }, options.troupeFlee);
    this.woundOrder = rules.woundOrder === 'random' ? 0 : rules.woundOrder === 'captainFirst' ? 1 : 2;
    this.steadyGuards = this.guardD4 >= 0 && this.guardBonus.length === 0 && !this.situational;
    this.plainWounds = this.woundOrder === 0 && !this.defends;
    this.woundBits = Int32Array.from({ length: maxPcs + 1 }, (_, k) => (k > 0 ? belowBits(k) : 0));
    this.woundReject = Int32Array.from({ length: maxPcs + 1 }, (_, k) => (k > 0 ? belowReject(k) : 0));
  }

  private hitsOf(random: RandomStream, sides: number, rattled: boolean): number {
    const f = rattled ? random.belowKeepLower(sides) : random.below(sides);
    return f >= 3 && f <= this.hiFace[sides] ? 1 : 0;
  }

  /** How many violence dice PC `pc` rolls now when all are d4s, else −1. */
  private allD4(pc: number): number {
    const n = this.pcs.diceTo[pc] - this.pcs.diceFrom[pc];
    return n <= this.d4Run[pc] ? n : -1;
  }

  /** Hits of PC `pc`'s own dice. */
  private rollPc(random: RandomStream, pc: number): number {
    const { diceSides, diceFrom, diceTo, rattled } = this.pcs;
    const r = rattled[pc] !== 0;
    const d4 = this.allD4(pc);
    if (d4 >= 0) return r ? random.d4FoursKeepLower(d4) : random.d4Fours(d4);
    let h = 0;
    for (let i = diceFrom[pc]; i < diceTo[pc]; i++) h += this.hitsOf(random, diceSides[i], r);
    return h;
  }

  /**
   * One fight: `n` PCs (`participants`) with equipment dice `bonus[bonusFrom..bonusTo)`
   * against `guards` guards. Returns true when the troupe wins (the guards are all down
   * or fled while the troupe still fights). Who was wounded, and who died, is left in
   * `wounded`/`died`/`woundedCount`. With `medicPcs` the troupe's Medics (aid "medic") are
   * its Medic PCs among the participants, one wounded a round each while they live: once
   * every one of them has died, nobody is attended in later rounds (docs/rulings/traits.md,
   * "A Medic who dies attends nobody after"); without it aid "medic" is the troupe's own
   * Medic, who never falls. `freePushes` are a
   * failed plan's free pushes (freePushes "reroll", docs/rulings/knavery.md): a PC not
   * rattled whose own dice showed no hit rerolls them, once per free push, in the order
   * the PCs roll, and is not rattled by it ("Rattled PCs can't push themselves"); a free
   * push goes instead of a push of `rules.push` in that clash. How many were used is left in `freePushesUsed`.
   * `target`, when not −1, is the PC the foes came for ("An attempt on a PC's life",
   * rules.attemptTarget "first"): in each wound phase their first hit wounds it while it is
   * able, with no die, the rest by `woundOrder` (a Defender may still take that blow when
   * the target is the captain: `defendCaptains`). −1, every other fight: the draws as ever.
   */
  fight(
    random: RandomStream,
    participants: Int32Array,
    n: number,
    guards: number,
    bonus: Int32Array,
    bonusFrom: number,
    bonusTo: number,
    aid: Aid,
    medicPcs = false,
    freePushes = 0,
    target = -1,
  ): boolean {
    // Arrays read in the loops held in locals: TurboFan does not hoist a load of `this.x`
    // out of a loop, so each read through `this` costs a map check and a reload.
    const { able, ableD4, pcs, d4Run } = this;
    const { rattled, diceFrom, diceTo } = pcs;
    const push = this.push;
    this.snapShots = 0;
    // The opening volley (marksmanPush "first"): before anyone rolls, so each shooter is
    // rattled for the whole fight, its dice of the first clash included.
    const volley = this.shots === SHOTS_FIRST ? this.openingVolley(participants, n, guards) : 0;
    let allSteady = !push;
    let steadyD4s = 0;
    for (let i = 0; i < n; i++) {
      const pc = participants[i];
      able[i] = pc;
      // allD4(pc), for a steady PC.
      const d = diceTo[pc] - diceFrom[pc];
      const k = rattled[pc] === 0 && d <= d4Run[pc] ? d : -1;
      ableD4[i] = k;
      if (k < 0) allSteady = false;
      else steadyD4s += k;
    }
    this.allSteady = allSteady;
    this.steadyD4s = steadyD4s;
    this.ableCount = n;
    this.woundedCount = 0;
    this.rounds = 0;
    this.freePushes = freePushes;
    this.freePushesUsed = 0;
    this.target = target;
    const deathFaces = DEATH_FACES[aid];
    // Wounded the troupe's Medics attend a round: "at most one wounded per round per Medic".
    const medics = aid !== 'medic' ? 0 : medicPcs === true ? this.medicsAttending(participants, n) : this.medicReach;
    // A fight where a Marksman may shoot is played by generalFight, which plays the shots.
    if (allSteady === true && this.steadyGuards === true && bonusFrom >= bonusTo && this.shots === SHOTS_NONE) {
      // The steady fight: every PC steady with d4s only, the guards rolling d4s only, no
      // bonus or situational dice (a campaign's usual fight). Each clash is two counts of
      // 4s, d4Fours(steadyD4s) then d4Fours(ableGuards · guardD4), drawn here with the
      // stream's buffered word in locals: the same bits in the same order. The loop of
      // RandomStream.d4Fours is written out on purpose: through the call, loading and
      // storing the buffered word and re-checking the stream's array at each count was about
      // half of a fight (callgrind). So are the clashes with a failed plan's free pushes left
      // (each PC's 4s counted on their own, as they decide who rerolls), those whose dice run
      // past the buffered word, and (wounds at random, no target, no Defender) the wound
      // phase. The rest of the round is generalFight's, step for step. Here, not in a method
      // of its own: the call and its arguments were ~2% of a fight (fight microbenchmark).
      // Medics attending this round (medicsAttending recounts them as Medic PCs die).
      let attending = medics;
      const s = random.s;
      let buffer = s[4];
      let left = s[5];
      const guardD4 = this.guardD4;
      const maxRounds = this.options.maxRounds;
      let freePushesUsed = 0;
      let ableGuards = guards;
      let troupeFights = n > 0;
      let guardsFight = guards > 0;
      let rounds = 0;
      const plainWounds = this.plainWounds === true && target < 0;
      const woundBits = this.woundBits;
      const woundReject = this.woundReject;
      while (troupeFights && guardsFight) {
        rounds++;
        // Clash: the troupe's d4s, then the guards'. Per word, m d4s at once: a 4 is a pair
        // of set bits (the pairs' low bits masked to the m d4s taken), counted by popcount.
        let ours = 0;
        let theirs = 0;
        const guardDice = ableGuards * guardD4;
        const both = steadyD4s + guardDice;
        if (freePushes === 0 && both <= left >> 1 && both < 16) {
          // Both counts inside the buffered word (the usual case): one pass over its pairs,
          // the troupe's the low 2·steadyD4s bits, the guards' the next 2·guardDice. (Fewer
          // than 16 dice in all, so every shift below is under 32.)
          const pairs = buffer & (buffer >>> 1) & 0x55555555;
          ours = popcount(pairs & ((1 << (2 * steadyD4s)) - 1));
          theirs = popcount((pairs >>> (2 * steadyD4s)) & ((1 << (2 * guardDice)) - 1));
          buffer = (buffer >>> (2 * both)) | 0;
          left -= 2 * both;
        } else if (freePushes === 0 && both < 16) {
          // Both counts run past the buffered word into the next: its last a = left >> 1
          // pairs (an odd bit left over is dropped, as d4Fours drops it), then the next word's,
          // side by side in one word (2·both bits, under 32) and counted as above.
          const a = left >> 1;
          const word = random.int32();
          const x = (buffer & ((1 << (2 * a)) - 1)) | (word << (2 * a));
          const pairs = x & (x >>> 1) & 0x55555555;
          ours = popcount(pairs & ((1 << (2 * steadyD4s)) - 1));
          theirs = popcount((pairs >>> (2 * steadyD4s)) & ((1 << (2 * guardDice)) - 1));
          buffer = (word >>> (2 * (both - a))) | 0;
          left = 32 - 2 * (both - a);
        } else if (both + steadyD4s <= 16) {
          // Free pushes left: PC by PC in `able` order, a PC whose d4s showed no 4 rerolling
          // them with a free push (generalFight's PC-by-PC loop: steady PCs are never rattled,
          // and `rules.push` is "never" here); then the guards'. Even if every PC rerolls,
          // the round takes at most 16 d4s: within one window of 16 pairs, the buffered
          // word's last a = left >> 1 (an odd bit left over dropped, as d4Fours drops it)
          // and, where those may not be enough, the next word's beside them, drawn only if
          // the round reaches it. The same draws as the count-by-count loop below. Every
          // mask's shift stays under 32: 2·steadyD4s + guardDice ≤ 16 with at least one
          // guard die makes a PC's d4s at most 7 and the guards' at most 14.
          const a = left >> 1;
          let x = buffer;
          let word = 0;
          if (a < both + steadyD4s) {
            word = random.peek();
            x = (buffer & ((1 << (2 * a)) - 1)) | (word << (2 * a));
          }
          // Pairs of the window taken so far.
          let used = 0;
          const ableCount = this.ableCount;
          for (let slot = 0; slot < ableCount; slot++) {
            const k = ableD4[slot];
            const mask = (1 << (2 * k)) - 1;
            let fours = popcount(x & (x >>> 1) & 0x55555555 & mask);
            x = (x >>> (2 * k)) | 0;
            used += k;
            if (fours === 0 && freePushes > 0) {
              freePushes--;
              freePushesUsed++;
              fours = popcount(x & (x >>> 1) & 0x55555555 & mask);
              x = (x >>> (2 * k)) | 0;
              used += k;
            }
            ours += fours;
          }
          theirs = popcount(x & (x >>> 1) & 0x55555555 & ((1 << (2 * guardDice)) - 1));
          used += guardDice;
          if (used <= a) {
            // Two shifts: a shift by 32 would be a shift by 0.
            buffer = (buffer >>> used >>> used) | 0;
            left -= 2 * used;
          } else {
            random.int32();
            // Two shifts here too: a whole next word used (used - a = 16) leaves the buffer 0,
            // as d4Fours leaves it, not the spent word (a review: no result read it, but
            // the buffer's bits above `left` are 0 everywhere else).
            buffer = (word >>> (used - a) >>> (used - a)) | 0;
            left = 32 - 2 * (used - a);
          }
        } else {
          // Count by count, across words: the troupe's d4s as one count, or, while a failed
          // plan's free pushes are left, PC by PC in `able` order, a PC whose d4s showed no 4
          // rerolling them with a free push (generalFight's PC-by-PC loop: steady PCs are never
          // rattled, and `rules.push` is "never" here); then the guards'. Each count is
          // RandomStream.d4Fours written out over the locals: the same draws.
          // `slot`: the slot of `able` whose count is drawn, ableCount for the whole troupe's,
          // −1 for the guards'.
          const ableCount = this.ableCount;
          let slot = freePushes > 0 ? 0 : ableCount;
          let k = freePushes > 0 ? ableD4[0] : steadyD4s;
          let rerolled = false;
          for (;;) {
            let fours = 0;
            while (k > 0) {
              if (left < 2) {
                buffer = random.int32();
                left = 32;
              }
              const m = k < left >> 1 ? k : left >> 1;
              fours += popcount(buffer & (buffer >>> 1) & (0x55555555 >>> (32 - 2 * m)));
              // Two shifts: a shift by 32 would be a shift by 0.
              buffer = (buffer >>> m >>> m) | 0;
              left -= 2 * m;
              k -= m;
            }
            if (slot === -1) {
              theirs = fours;
              break;
            }
            if (fours === 0 && freePushes > 0 && rerolled === false && slot < ableCount) {
              // The PC in `slot` rerolls its d4s with a free push.
              freePushes--;
              freePushesUsed++;
              rerolled = true;
              k = ableD4[slot];
              continue;
            }
            ours += fours;
            rerolled = false;
            if (slot < ableCount) slot++;
            if (slot < ableCount) {
              k = ableD4[slot];
            } else {
              // The guards' count last.
              slot = -1;
              k = guardDice;
            }
          }
        }
        // Wound: the side with more hits lands the difference; extra hits are wasted.
        // The guards' share in arithmetic, min(max(d, 0), ableGuards): which side hit is a
        // coin flip, and a mispredicted branch costs more than these few operations.
        const d = ours - theirs;
        const dp = d & ~(d >> 31);
        const over = dp - ableGuards;
        ableGuards -= dp - (over & ~(over >> 31));
        if (d < 0) {
          const w = smaller(-d, this.ableCount);
          if (plainWounds === true) {
            // woundPcs written out over the locals (woundOrder "random", no target, no
            // Defender): the same draws, the buffered word kept in registers.
            const { wounded, died } = this;
            const captain = pcs.captain;
            let ableCount = this.ableCount;
            const from = this.woundedCount;
            let woundedCount = from;
            for (let k = w; k > 0; k--) {
              // random.below(ableCount), its bits and rejection threshold from the tables.
              let at = 0;
              if (ableCount !== 1) {
                const bits = woundBits[ableCount];
                const reject = woundReject[ableCount];
                const mask = (1 << bits) - 1;
                for (;;) {
                  if (left < bits) {
                    buffer = random.int32();
                    left = 32;
                  }
                  const m = (buffer & mask) * ableCount;
                  buffer = (buffer >>> bits) | 0;
                  left -= bits;
                  if ((m & mask) >= reject) {
                    at = m >>> bits;
                    break;
                  }
                }
              }
              wounded[woundedCount] = able[at];
              died[woundedCount] = 0;
              woundedCount++;
              steadyD4s -= ableD4[at];
              ableCount--;
              able[at] = able[ableCount];
              ableD4[at] = ableD4[ableCount];
            }
            this.woundedCount = woundedCount;
            this.ableCount = ableCount;
            this.steadyD4s = steadyD4s;
            // The death rolls, captains first, as woundPcs rolls them (random.bits(2) each).
            // One wounded (the usual phase) rolls alone, whoever it is: asking whether it is
            // a captain, a coin flip for the branch predictor, decides no order then.
            let attended = attending;
            const one = woundedCount - from === 1;
            for (let captainPass = 1; captainPass >= 0; captainPass--) {
              for (let i = from; i < woundedCount; i++) {
                if (one === false && captain[wounded[i]] !== captainPass) continue;
                if (attended > 0) {
                  attended--;
                  continue;
                }
                if (left < 2) {
                  buffer = random.int32();
                  left = 32;
                }
                const face = buffer & 3;
                buffer = (buffer >>> 2) | 0;
                left -= 2;
                died[i] = (face - deathFaces) >>> 31;
              }
              if (one === true) break;
            }
          } else {
            s[4] = buffer;
            s[5] = left;
            this.woundPcs(random, w, deathFaces, attending);
            buffer = s[4];
            left = s[5];
            steadyD4s = this.steadyD4s;
          }
          if (medicPcs === true && attending > 0) attending = this.medicsAttending(participants, n);
        }
        if (this.ableCount === 0 || ableGuards === 0) break;
        // Flight: each side's policy, on the state after the wound phase.
        if (this.flees(this.troupeFlee, n, this.ableCount, ableGuards)) troupeFights = false;
        if (this.flees(this.guardFlee, guards, ableGuards, this.ableCount)) guardsFight = false;
        if (rounds === maxRounds) break;
      }
      s[4] = buffer;
      s[5] = left;
      this.rounds = rounds;
      this.freePushes = freePushes;
      this.freePushesUsed = freePushesUsed;
      if (this.ableCount === 0) troupeFights = false;
      if (ableGuards === 0) guardsFight = false;
      return troupeFights && !guardsFight;
    }
    return this.generalFight(random, participants, n, guards, bonus, bonusFrom, bonusTo, deathFaces, medics, medicPcs, volley);
  }

  /**
   * `fight`'s rounds in general: any dice, bonus and situational dice, pushes. (Apart from
   * `fight`, which sets the fight up and plays the steady fight: this one is rarer, and
   * kept out of its code.)
   */
  private generalFight(
    random: RandomStream,
    participants: Int32Array,
    n: number,
    guards: number,
    bonus: Int32Array,
    bonusFrom: number,
    bonusTo: number,
    deathFaces: number,
    medicsAtStart: number,
    medicPcs: boolean,
    volley: number,
  ): boolean {
    const { able, ableD4, pcs } = this;
    const rattled = pcs.rattled;
    const push = this.push;
    // The opening volley's wounds ("no roll required": nothing cancels them), one guard each.
    let ableGuards = guards - smaller(volley, guards);
    let troupeFights = n > 0;
    let guardsFight = guards > 0;
    let medics = medicsAtStart;
    const guardD4 = this.guardD4;
    const guardSides = this.guardSides;
    const guardBonus = this.guardBonus;
    const situational = this.situational;
    const maxRounds = this.options.maxRounds;
    let rounds = 0;
    while (troupeFights && guardsFight) {
      this.rounds = ++rounds;
      // The snap shots, as the clash begins and before its dice: the opening volley took its
      // guards before the first (it may have left none standing); under lastFoe a Marksman
      // shoots the last guard standing, which ends the fight before the dice.
      if (ableGuards === 0) break;
      if (this.shots === SHOTS_LAST_FOE && ableGuards === 1 && this.lastFoeShot()) {
        ableGuards = 0;
        break;
      }
      // Clash: "Each combatant in a side adds 1d4 to its roll. … Each side gets one hit
      // for every 4 they roll."
      let ours = 0;
      let traitsRolled = false;
      // (`=== true` on flags: one compare with `true`, not the full truthiness test.)
      if (this.allSteady === true && this.freePushes === 0) {
        // Every able PC steady with d4s only: their dice are one count of 4s.
        ours = random.d4Fours(this.steadyD4s);
      } else if (push !== true && this.freePushes === 0) {
        // Without pushes only the sum counts: a run of steady all-d4 PCs is one count of
        // 4s over all their dice (the same draws, in the same order).
        let d4s = 0;
        for (let i = 0; i < this.ableCount; i++) {
          const k = ableD4[i];
          if (k >= 0) {
            d4s += k;
            continue;
          }
          if (d4s > 0) ours += random.d4Fours(d4s);
          d4s = 0;
          ours += this.rollPc(random, able[i]);
        }
        if (d4s > 0) ours += random.d4Fours(d4s);
      } else {
        // A PC's trait d4s at this clash are dice it contributes: rolled with its own dice,
        // and rerolled with them by a push (docs/rulings/traits.md).
        const traitDice = situational === true ? this.situation(ableGuards) : PLAIN;
        traitsRolled = situational;
        for (let i = 0; i < this.ableCount; i++) {
          const pc = able[i];
          let own = this.rollPc(random, pc);
          if (traitDice !== PLAIN) own += this.traitHits(random, pc, traitDice);
          if (own === 0 && rattled[pc] === 0) {
            if (this.freePushes > 0) {
              // A failed plan's free push: the same reroll, and no rattle.
              own = this.rollPc(random, pc);
              if (traitDice !== PLAIN) own += this.traitHits(random, pc, traitDice);
              this.freePushes--;
              this.freePushesUsed++;
            } else if (push === true) {
              // "A PC may also push in order to reroll the dice they contributed to a pool.
              // Immediately after a character pushes, they are rattled."
              own = this.rollPc(random, pc);
              if (traitDice !== PLAIN) own += this.traitHits(random, pc, traitDice);
              rattled[pc] = 1;
            }
          }
          ours += own;
        }
      }
      for (let i = bonusFrom; i < bonusTo; i++) ours += this.hitsOf(random, bonus[i], false);
      // Only with a Berzerker or a Duelist among the PCs, so other campaigns draw as before;
      // and only when neither a push (rules.push) nor a failed plan's free push was possible
      // this round: with one, the trait d4s were rolled above, with each PC's own.
      if (situational === true && traitsRolled === false) ours += this.situationalHits(random, ableGuards);
      let theirs = 0;
      if (guardD4 >= 0) theirs = random.d4Fours(ableGuards * guardD4);
      else {
        for (let g = 0; g < ableGuards; g++) {
          for (let i = 0; i < guardSides.length; i++) theirs += this.hitsOf(random, guardSides[i], false);
        }
      }
      for (let i = 0; i < guardBonus.length; i++) theirs += this.hitsOf(random, guardBonus[i], false);
      // Wound: the side with more hits lands the difference; extra hits are wasted.
      if (ours > theirs) {
        ableGuards -= smaller(ours - theirs, ableGuards);
      } else if (theirs > ours) {
        this.woundPcs(random, smaller(theirs - ours, this.ableCount), deathFaces, medics);
        if (medicPcs === true && medics > 0) medics = this.medicsAttending(participants, n);
      }
      if (this.ableCount === 0 || ableGuards === 0) break;
      // Flight: each side's policy, on the state after the wound phase.
      const troupeFlees = this.flees(this.troupeFlee, n, this.ableCount, ableGuards);
      const guardsFlee = this.flees(this.guardFlee, guards, ableGuards, this.ableCount);
      if (troupeFlees) troupeFights = false;
      if (guardsFlee) guardsFight = false;
      if (rounds === maxRounds) break;
    }
    if (this.ableCount === 0) troupeFights = false;
    if (ableGuards === 0) guardsFight = false;
    return troupeFights && !guardsFight;
  }


  /**
   * The Marksman's push under marksmanPush "first", "Make a snap shot with amazing
   * accuracy" (docs/rulings/traits.md, read as in `battle`): as the first clash begins,
   * every Marksman among the fight's `n` participants (all able then) who is not rattled
   * ("Rattled PCs can't push themselves": one rattled by an earlier push, in this fight's
   * job or a fight before, still resting it off) shoots, and is rattled ("Immediately after
   * a character pushes, they are rattled") — and stays so after the fight, as a PC who
   * pushes does. One shot a foe: with more Marksmen than `foes`, the first in the troupe's
   * order shoot and the rest hold their fire, steady (a rattle for a shot at nobody would
   * cost its next job). Returns the shots, each a guard wounded (generalFight).
   */
  private openingVolley(participants: Int32Array, n: number, foes: number): number {
    const { marksman, rattled } = this.pcs;
    let shots = 0;
    // The lowest steady Marksman each time, as lastFoeShot picks (participants may come in
    // any order); a shooter is rattled at once, so it is not picked again.
    while (shots < foes) {
      let shooter = -1;
      for (let i = 0; i < n; i++) {
        const pc = participants[i];
        if (marksman![pc] !== 0 && rattled[pc] === 0 && (shooter < 0 || pc < shooter)) shooter = pc;
      }
      if (shooter < 0) break;
      rattled[shooter] = 1;
      shots++;
    }
    this.snapShots = shots;
    return shots;
  }

  /**
   * The Marksman's push under marksmanPush "lastFoe": with one able guard left as a clash
   * begins, one able Marksman who is not rattled (one rattled by a push to reroll in this
   * fight cannot) shoots it, the first in the troupe's order (the lowest PC; one shot is
   * enough, the others stay steady), and is rattled. Returns whether one shot.
   */
  private lastFoeShot(): boolean {
    const { able, ableCount } = this;
    const { marksman, rattled } = this.pcs;
    let shooter = -1;
    for (let i = 0; i < ableCount; i++) {
      const pc = able[i];
      if (marksman![pc] !== 0 && rattled[pc] === 0 && (shooter < 0 || pc < shooter)) shooter = pc;
    }
    if (shooter < 0) return false;
    rattled[shooter] = 1;
    this.snapShots++;
    return true;
  }

  /**
   * The Berzerker's and the Duelist's d4s at this clash, for the head counts at its start
   * (docs/rulings/traits.md, read as in `battle`): outnumbered when the able guards
   * outnumber the troupe's able PCs; a duel when one able PC faces one able guard. Each
   * PC's trait d4s are its own, so rattled with it.
   */
  private situationalHits(random: RandomStream, ableGuards: number): number {
    const at = this.situation(ableGuards);
    if (at === PLAIN) return 0;
    let h = 0;
    for (let i = 0; i < this.ableCount; i++) h += this.traitHits(random, this.able[i], at);
    return h;
  }

  /** The clash's head counts at its start: OUTNUMBERED, DUEL or PLAIN (traits.ts). */
  private situation(ableGuards: number): number {
    if (ableGuards > this.ableCount) return OUTNUMBERED;
    return this.ableCount === 1 && ableGuards === 1 ? DUEL : PLAIN;
  }

  /** Hits of PC `pc`'s trait d4s in situation `at` (none if it has none), rattled with it. */
  private traitHits(random: RandomStream, pc: number, at: number): number {
    const pcs = this.pcs;
    const n = at === OUTNUMBERED ? (pcs.berzerker?.[pc] ?? 0) * this.berzerkerDice : at === DUEL ? (pcs.duelist?.[pc] ?? 0) : 0;
    if (n === 0) return 0;
    return pcs.rattled[pc] !== 0 ? random.d4FoursKeepLower(n) : random.d4Fours(n);
  }

  /**
   * Wounded the Medic PCs among the fight's `n` participants attend a round: one each of
   * those who have not died in it ("at most one wounded per round per Medic"), or every
   * wounded (medicReach "all") while one lives; 0 once all have died.
   */
  private medicsAttending(participants: Int32Array, n: number): number {
    const medic = this.pcs.medic;
    if (medic === undefined) return 0;
    let alive = 0;
    for (let k = 0; k < n; k++) {
      const pc = participants[k];
      if (medic[pc] === 0) continue;
      let dead = false;
      for (let i = 0; i < this.woundedCount; i++) if (this.wounded[i] === pc && this.died[i] !== 0) dead = true;
      if (!dead) alive++;
    }
    if (this.medicReachAll === true) return alive > 0 ? this.medicReach : 0;
    return alive;
  }

  private flees(policy: number, start: number, able: number, enemies: number): boolean {
    // "lostHalf": half of the side's starting combatants wounded or dead.
    if (policy === 2) return 2 * (start - able) >= start;
    // "outnumbered": the enemies' able combatants outnumber yours.
    if (policy === 1) return enemies > able;
    return false;
  }

  /**
   * `w` distinct able PCs are wounded, by `woundOrder` — the first the fight's `target`,
   * with no die, while it is able; each may die.
   */
  private woundPcs(random: RandomStream, w: number, deathFaces: number, medics: number): void {
    // Counts and arrays in locals, written back at the end (see `fight`).
    const { able, ableD4, wounded, died } = this;
    const captain = this.pcs.captain;
    const woundOrder = this.woundOrder;
    const from = this.woundedCount;
    let woundedCount = from;
    let ableCount = this.ableCount;
    let steadyD4s = this.steadyD4s;
    const target = this.target;
    for (; w > 0; w--) {
      // The foes' target first, while it is able (only an attempt on a life has one; once
      // wounded it has left `able`, so no later hit of the phase finds it): no die.
      let at = -1;
      if (target >= 0) for (let i = 0; i < ableCount; i++) if (able[i] === target) at = i;
      if (at < 0) {
        // Group first hit: captains (captainFirst) or minions (minionsFirst), when any is able.
        let group = -1;
        if (woundOrder !== 0) {
          const wantCaptain = woundOrder === 1 ? 1 : 0;
          for (let i = 0; i < ableCount; i++) if (captain[able[i]] === wantCaptain) group = wantCaptain;
        }
        let inGroup = group < 0 ? ableCount : 0;
        if (group >= 0) for (let i = 0; i < ableCount; i++) if (captain[able[i]] === group) inGroup++;
        let k = inGroup === 1 ? 0 : random.below(inGroup);
        at = 0;
        for (; ; at++) {
          if (group >= 0 && captain[able[at]] !== group) continue;
          if (k-- === 0) break;
        }
      }
      wounded[woundedCount] = able[at];
      died[woundedCount] = 0;
      woundedCount++;
      steadyD4s -= ableD4[at];
      able[at] = able[--ableCount];
      ableD4[at] = ableD4[ableCount];
    }
    if (this.defends === true) steadyD4s = this.defendCaptains(random, from, woundedCount, ableCount, steadyD4s);
    this.woundedCount = woundedCount;
    this.ableCount = ableCount;
    // Meaningful only while every able PC is steady (allSteady): `fight` reads it then only.
    this.steadyD4s = steadyD4s;
    // "has a 2-in-4 chance to die"; a Medic attends one wounded a round, captains first.
    for (let captainPass = 1; captainPass >= 0; captainPass--) {
      for (let i = from; i < woundedCount; i++) {
        if (captain[wounded[i]] !== captainPass) continue;
        if (medics > 0) {
          medics--;
          continue;
        }
        // 1 when the d4 shows a killing face: arithmetic, as the outcome is a coin flip.
        // (A d4 is 2 bits, never rejected: bits(2) draws what below(4) does.)
        died[i] = (random.bits(2) - deathFaces) >>> 31;
      }
    }
  }

  /**
   * The Defender's push, "Take a blow meant for another character" (policy defenderPush
   * "captain", read as in `battle`, docs/rulings/traits.md): for each wound of this phase
   * (wounded[from..to)) that fell on a captain, while some Defender is still able and not
   * rattled ("Rattled PCs can't push themselves"), one such Defender, at random, takes it
   * instead and is rattled ("Immediately after a character pushes, they are rattled"); the
   * captain takes the Defender's place among the able, its d4 count as at the fight's start
   * (a steady PC's stays steady: only a push to reroll rattles one mid-fight, and then the
   * counts are not read). Before anyone's death roll, so the Defender faces its wound's.
   * Returns the steady d4s of the able PCs after the swaps.
   */
  private defendCaptains(random: RandomStream, from: number, to: number, ableCount: number, steadyD4s: number): number {
    const { able, ableD4, wounded, d4Run } = this;
    const { captain, rattled, diceFrom, diceTo } = this.pcs;
    const defender = this.pcs.defender!;
    for (let i = from; i < to; i++) {
      const pc = wounded[i];
      if (captain[pc] === 0) continue;
      let eligible = 0;
      for (let j = 0; j < ableCount; j++) if (defender[able[j]] !== 0 && rattled[able[j]] === 0) eligible++;
      if (eligible === 0) break;
      let k = eligible === 1 ? 0 : random.below(eligible);
      let at = 0;
      for (; ; at++) {
        if (defender[able[at]] === 0 || rattled[able[at]] !== 0) continue;
        if (k-- === 0) break;
      }
      const d = able[at];
      rattled[d] = 1;
      wounded[i] = d;
      const dice = diceTo[pc] - diceFrom[pc];
      const captainD4 = rattled[pc] === 0 && dice <= d4Run[pc] ? dice : -1;
      steadyD4s += captainD4 - ableD4[at];
      able[at] = pc;
      ableD4[at] = captainD4;
    }
    return steadyD4s;
  }
}
