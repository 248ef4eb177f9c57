/**
 * The campaign's skirmish counts d4s a word at a time (RandomStream.d4Fours) and the
 * knavery dice in one call (successesAndSixes): speed-ups that must not change a single
 * draw. Checked here against a slow, obvious fight that rolls every die on its own with
 * `below` / `belowKeepLower` — the skirmish as it was written before — from the same
 * stream: the same winner, wounded, dead, rounds and rattled PCs, fight after fight, and
 * the same stream afterwards. The reference also spends a failed plan's free pushes
 * (freePushes "reroll", docs/rulings/knavery.md): a PC not rattled whose own dice showed
 * no hit rerolls them while free pushes last, in the order the PCs roll, without being
 * rattled, before any push of its own. Berzerkers and Duelists roll their trait d4s for the
 * head counts at the clash's start ("Gain 1d4 if you are outnumbered by enemies", two with
 * a troupe that never flees; "Gain 1d4 if engaging in 1-on-1 combat"), rattled with the PC:
 * when a push is possible they are dice the PC contributed, rolled with its own and
 * rerolled with them (docs/rulings/traits.md); otherwise after the bonus dice.
 */
import { describe, expect, test } from 'vitest';
import { RandomStream } from '../sim/random.ts';
import { viciousnessRules } from '../sim/rules.ts';
import { Skirmish, type SkirmishPcs } from '../sim/viciousness/skirmish.ts';
import { DEATH_FACES, type Aid } from '../sim/viciousness/violence.ts';

type Flee = 'never' | 'outnumbered' | 'lostHalf';
interface Cast {
  pcs: SkirmishPcs;
  participants: Int32Array;
  guards: number;
  guardDice: number[];
  guardBonus: number[];
  bonus: Int32Array;
  aid: Aid;
  troupeFlee: Flee;
  guardFlee: Flee;
}

/** The reference: one die at a time, every rule spelled out (docs/rulings/battle.md readings). */
function referenceFight(random: RandomStream, c: Cast, rules: { hitOn: string; push: string; woundOrder: string; medicReach: string }, maxRounds: number, freePushes = 0) {
  const hit = (sides: number, rattled: boolean) => {
    const f = rattled ? random.belowKeepLower(sides) : random.below(sides);
    return f === 3 || (rules.hitOn !== 'exact4' && f >= 3) ? 1 : 0;
  };
  const { pcs } = c;
  const rollPc = (pc: number) => {
    let h = 0;
    for (let i = pcs.diceFrom[pc]; i < pcs.diceTo[pc]; i++) h += hit(pcs.diceSides[i], pcs.rattled[pc] !== 0);
    return h;
  };
  const flees = (policy: Flee, start: number, able: number, enemies: number) =>
    policy === 'lostHalf' ? 2 * (start - able) >= start : policy === 'outnumbered' ? enemies > able : false;
  const able = Array.from(c.participants);
  const n = able.length;
  const wounded: number[] = [];
  const died: number[] = [];
  let guards = c.guards;
  let troupeFights = n > 0;
  let guardsFight = guards > 0;
  let rounds = 0;
  let free = freePushes;
  let freeUsed = 0;
  const traitD4s = (pc: number, at: string) =>
    at === 'outnumbered' ? (pcs.berzerker?.[pc] ?? 0) * (c.troupeFlee === 'never' ? 2 : 1) : at === 'duel' ? (pcs.duelist?.[pc] ?? 0) : 0;
  const rollTraits = (pc: number, at: string) => {
    let h = 0;
    for (let i = traitD4s(pc, at); i > 0; i--) h += hit(4, pcs.rattled[pc] !== 0);
    return h;
  };
  while (troupeFights && guardsFight) {
    rounds++;
    let ours = 0;
    const at = guards > able.length ? 'outnumbered' : able.length === 1 && guards === 1 ? 'duel' : 'plain';
    const pushes = free > 0 || rules.push === 'ifNoHit';
    const roll = (pc: number) => rollPc(pc) + (pushes ? rollTraits(pc, at) : 0);
    for (const pc of able) {
      let own = roll(pc);
      if (own === 0 && free > 0 && pcs.rattled[pc] === 0) {
        own = roll(pc);
        free--;
        freeUsed++;
      } else if (own === 0 && rules.push === 'ifNoHit' && pcs.rattled[pc] === 0) {
        own = roll(pc);
        pcs.rattled[pc] = 1;
      }
      ours += own;
    }
    for (const b of c.bonus) ours += hit(b, false);
    if (!pushes) for (const pc of able) ours += rollTraits(pc, at);
    let theirs = 0;
    for (let g = 0; g < guards; g++) for (const d of c.guardDice) theirs += hit(d, false);
    for (const d of c.guardBonus) theirs += hit(d, false);
    if (ours > theirs) guards -= Math.min(ours - theirs, guards);
    else if (theirs > ours) {
      const from = wounded.length;
      for (let w = Math.min(theirs - ours, able.length); w > 0; w--) {
        let group = -1;
        if (rules.woundOrder !== 'random') {
          const want = rules.woundOrder === 'captainFirst' ? 1 : 0;
          if (able.some((pc) => pcs.captain[pc] === want)) group = want;
        }
        const pool = able.map((pc, i) => [pc, i]).filter(([pc]) => group < 0 || pcs.captain[pc] === group);
        const [pc, at] = pool[pool.length === 1 ? 0 : random.below(pool.length)];
        wounded.push(pc);
        died.push(0);
        able[at] = able[able.length - 1];
        able.pop();
      }
      let medics = c.aid === 'medic' ? (rules.medicReach === 'all' ? pcs.captain.length : 1) : 0;
      for (const captainPass of [1, 0]) {
        for (let i = from; i < wounded.length; i++) {
          if (pcs.captain[wounded[i]] !== captainPass) continue;
          if (medics > 0) {
            medics--;
            continue;
          }
          if (random.below(4) < DEATH_FACES[c.aid]) died[i] = 1;
        }
      }
    }
    if (able.length === 0 || guards === 0) break;
    const troupeFlees = flees(c.troupeFlee, n, able.length, guards);
    const guardsFlee = flees(c.guardFlee, c.guards, guards, able.length);
    if (troupeFlees) troupeFights = false;
    if (guardsFlee) guardsFight = false;
    if (rounds === maxRounds) break;
  }
  if (able.length === 0) troupeFights = false;
  if (guards === 0) guardsFight = false;
  return { won: troupeFights && !guardsFight, wounded, died, rounds, freeUsed };
}

describe('skirmish draws (fast counts = one die at a time)', () => {
  const pick = <T,>(random: RandomStream, xs: readonly T[]) => xs[random.below(xs.length)];
  test.each([
    { hitOn: 'exact4', push: 'never', woundOrder: 'random', medicReach: 'one' },
    { hitOn: '4+', push: 'ifNoHit', woundOrder: 'captainFirst', medicReach: 'all' },
    { hitOn: 'exact4', push: 'ifNoHit', woundOrder: 'minionsFirst', medicReach: 'one' },
    { hitOn: '4+', push: 'never', woundOrder: 'random', medicReach: 'one' },
  ])('%o', (ruleFields) => {
    const rules = viciousnessRules.parse(ruleFields);
    // Casts drawn at random from their own stream: 1–6 PCs, some with d6/d8 dice, some
    // rattled; guards with d4s or a d6; bonus dice; every aid and flight policy.
    const cast = RandomStream.fromKey(`cast:${JSON.stringify(ruleFields)}`);
    for (let k = 0; k < 300; k++) {
      const pcCount = 1 + cast.below(6);
      const sides: number[] = [];
      const from: number[] = [];
      const to: number[] = [];
      const limit: number[] = [];
      for (let pc = 0; pc < pcCount; pc++) {
        from.push(sides.length);
        sides.push(4);
        for (let extra = cast.below(3); extra > 0; extra--) sides.push(pick(cast, [4, 4, 4, 6, 8]));
        to.push(sides.length);
        // Room for the dice of traits it may gain by advancing (campaign advancement):
        // the trial's diceTo moves over them between fights.
        for (let room = cast.below(3); room > 0; room--) sides.push(pick(cast, [4, 4, 6]));
        limit.push(sides.length);
      }
      const captain = Uint8Array.from({ length: pcCount }, (_, pc) => (pc === 0 || cast.below(4) === 0 ? 1 : 0));
      const rattled0 = Uint8Array.from({ length: pcCount }, () => (cast.below(3) === 0 ? 1 : 0));
      // Berzerkers and Duelists in half the casts.
      const traited = cast.below(2) === 0;
      const berzerker = Uint8Array.from({ length: pcCount }, () => (traited && cast.below(3) === 0 ? 1 : 0));
      const duelist = Uint8Array.from({ length: pcCount }, () => (traited && cast.below(3) === 0 ? 1 : 0));
      const c: Omit<Cast, 'pcs'> = {
        participants: Int32Array.from({ length: pcCount }, (_, i) => i).filter(() => cast.below(5) !== 0),
        guards: cast.below(7),
        guardDice: pick(cast, [[4], [4], [4, 4], [4, 6]]),
        guardBonus: pick(cast, [[], [], [4], [6]]),
        bonus: Int32Array.from(pick(cast, [[], [], [4], [6, 4]])),
        aid: pick(cast, ['none', 'ordinary', 'medic'] as const),
        troupeFlee: pick(cast, ['never', 'outnumbered', 'lostHalf'] as const),
        guardFlee: pick(cast, ['never', 'outnumbered', 'lostHalf'] as const),
      };
      const maxRounds = pick(cast, [1, 3, 50]);
      const pcs = (rattled: Uint8Array): SkirmishPcs => ({
        diceSides: Int32Array.from(sides),
        diceFrom: Int32Array.from(from),
        diceTo: Int32Array.from(to),
        captain,
        rattled,
        ...(traited ? { berzerker, duelist } : {}),
      });
      const fastPcs = pcs(rattled0.slice());
      const slowPcs = pcs(rattled0.slice());
      const s = new Skirmish(fastPcs, pcCount, rules, { troupeFlee: c.troupeFlee, guardFlee: c.guardFlee, maxRounds, guardDice: c.guardDice, guardBonus: c.guardBonus });
      const fast = RandomStream.fromKey(`fight:${k}`);
      const slow = RandomStream.fromKey(`fight:${k}`);
      fast.bits(k % 7);
      slow.bits(k % 7);
      for (let f = 0; f < 5; f++) {
        if (f > 0) {
          const pc = cast.below(pcCount);
          if (fastPcs.diceTo[pc] < limit[pc]) {
            fastPcs.diceTo[pc]++;
            slowPcs.diceTo[pc]++;
          }
        }
        // A failed plan's free pushes in a third of the fights: none, or 1–4.
        const free = cast.below(3) === 0 ? 1 + cast.below(4) : 0;
        const won = s.fight(fast, c.participants, c.participants.length, c.guards, c.bonus, 0, c.bonus.length, c.aid, false, free);
        const ref = referenceFight(slow, { ...c, pcs: slowPcs }, ruleFields, maxRounds, free);
        expect({ won, rounds: s.rounds, wounded: Array.from(s.wounded.subarray(0, s.woundedCount)), died: Array.from(s.died.subarray(0, s.woundedCount)), freeUsed: s.freePushesUsed }).toEqual(ref);
        expect(fastPcs.rattled).toEqual(slowPcs.rattled);
        expect(fast.state()).toEqual(slow.state());
      }
    }
  });
});

describe('steady fights (the campaign usual: every PC steady with d4s only, guards with d4s, no bonus dice)', () => {
  // The skirmish plays these in `fight` itself, a clash's counts side by side in one word,
  // a failed plan's free pushes PC by PC in a window of the buffered word and the next
  // (drawn only if the clash reaches it), and the wound phase on the buffered word: every
  // word boundary and free push against the one-die-at-a-time reference.
  test.each([
    { hitOn: 'exact4', push: 'never', woundOrder: 'random', medicReach: 'one' },
    { hitOn: 'exact4', push: 'never', woundOrder: 'captainFirst', medicReach: 'all' },
  ])('%o', (ruleFields) => {
    const rules = viciousnessRules.parse(ruleFields);
    const cast = RandomStream.fromKey(`steady:${JSON.stringify(ruleFields)}`);
    for (let k = 0; k < 6000; k++) {
      const pcCount = 1 + cast.below(4);
      const from: number[] = [];
      const to: number[] = [];
      let dice = 0;
      for (let pc = 0; pc < pcCount; pc++) {
        from.push(dice);
        dice += 1 + cast.below(4);
        to.push(dice);
      }
      const captain = Uint8Array.from({ length: pcCount }, (_, pc) => (pc === 0 ? 1 : 0));
      const c: Omit<Cast, 'pcs'> = {
        participants: Int32Array.from({ length: pcCount }, (_, i) => i).filter(() => cast.below(6) !== 0),
        guards: 1 + cast.below(5),
        guardDice: cast.below(3) === 0 ? [4, 4] : [4],
        guardBonus: [],
        bonus: new Int32Array(0),
        aid: (['none', 'ordinary', 'medic'] as const)[cast.below(3)],
        troupeFlee: (['never', 'outnumbered', 'lostHalf'] as const)[cast.below(3)],
        guardFlee: (['never', 'outnumbered', 'lostHalf'] as const)[cast.below(3)],
      };
      const pcs = (): SkirmishPcs => ({ diceSides: new Int32Array(dice).fill(4), diceFrom: Int32Array.from(from), diceTo: Int32Array.from(to), captain, rattled: new Uint8Array(pcCount) });
      const fastPcs = pcs();
      const s = new Skirmish(fastPcs, pcCount, rules, { troupeFlee: c.troupeFlee, guardFlee: c.guardFlee, maxRounds: 50, guardDice: c.guardDice, guardBonus: [] });
      const fast = RandomStream.fromKey(`steady fight:${k}`);
      const slow = RandomStream.fromKey(`steady fight:${k}`);
      // Every alignment of the buffered word, odd ones included.
      fast.bits(1 + (k % 31));
      slow.bits(1 + (k % 31));
      for (let f = 0; f < 5; f++) {
        const free = cast.below(2) === 0 ? 1 + cast.below(4) : 0;
        const won = s.fight(fast, c.participants, c.participants.length, c.guards, c.bonus, 0, 0, c.aid, false, free);
        const ref = referenceFight(slow, { ...c, pcs: pcs() }, ruleFields, 50, free);
        expect({ won, rounds: s.rounds, wounded: Array.from(s.wounded.subarray(0, s.woundedCount)), died: Array.from(s.died.subarray(0, s.woundedCount)), freeUsed: s.freePushesUsed }).toEqual(ref);
        expect(fast.state()).toEqual(slow.state());
      }
    }
  });
});
