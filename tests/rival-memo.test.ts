/**
 * RivalMemo (sim/viciousness/rivalMemo.ts), the campaign's tabled rivals, against
 * RivalBoard: the same struck designs, outcomes and consequence codes turn by turn, and
 * the same draws (the two streams stay in step), under every way a rival's points move —
 * focus and spread, a handy asset, Speed Chess refunds, foiled designs, rival deals of
 * every size, escalation "lasting" and "once" — and once the board takes over from the tables.
 */
import { describe, expect, test } from 'vitest';
import { RandomStream } from '../sim/random.ts';
import { RivalBoard, RivalPlan, type RivalSetup } from '../sim/viciousness/rivalDice.ts';
import { RivalMemo } from '../sim/viciousness/rivalMemo.ts';
import { viciousnessRules } from '../sim/rules.ts';

const rivals: RivalSetup[] = [
  { name: 'countess', rank: 4, designs: [{ severity: 'light' }, { severity: 'medium', style: 'rash' }] },
  { name: 'bishop', rank: 3, assets: ['a cathedral'], designs: [{ severity: 'medium', handyAsset: 'a cathedral' }, { severity: 'heavy', style: 'shrewd', points: 5 }] },
  { name: 'duke', rank: 2, designs: [{ severity: 'light' }, { severity: 'light', style: 'rash' }, { severity: 'heavy', points: 3 }] },
];

/** Both boards through `trials` campaigns of `turns` turns, deals and foils drawn from a side stream. */
function compare(rules: Record<string, unknown>, maxStates?: number, trials = 300, turns = 40): RivalMemo {
  const plan = new RivalPlan(rivals, viciousnessRules.parse(rules));
  const board = new RivalBoard(plan);
  const memo = new RivalMemo(plan, maxStates);
  const a = RandomStream.fromKey('memo');
  const b = RandomStream.fromKey('memo');
  const side = RandomStream.fromKey('side');
  for (let trial = 0; trial < trials; trial++) {
    board.reset();
    memo.reset();
    for (let t = 1; t <= turns; t++) {
      board.invest();
      memo.invest();
      // A rival deal now and then, up to 9 points (past the tables' 7 too).
      if (side.below(4) === 0) {
        const r = side.below(plan.count);
        const amount = side.below(10);
        board.advance(r, amount);
        memo.advance(r, amount);
      }
      for (let r = 0; r < plan.count; r++) {
        const struck = board.rollDie(a, r);
        expect(memo.rollDie(b, r)).toBe(struck);
        expect(memo.struck[r]).toBe(board.struck[r]);
        if (!struck) continue;
        const foiled = side.below(3) === 0;
        board.move(a, r, foiled);
        memo.move(b, r, foiled);
        expect([memo.succeeded[r], memo.consequence[r]]).toEqual([board.succeeded[r], board.consequence[r]]);
      }
      expect(Array.from(b.state())).toEqual(Array.from(a.state()));
    }
  }
  return memo;
}

describe('RivalMemo plays as RivalBoard, draw for draw', () => {
  test('focus (the default), with deals, foils and a handy asset', () => {
    const memo = compare({});
    expect(memo.playsOnBoard).toBe(false);
  });
  test('spread', () => {
    compare({ invest: 'spread' });
  });
  test('Speed Chess refunds, focus and spread', () => {
    compare({ speedChess: true });
    compare({ speedChess: true, invest: 'spread' });
  });
  test('escalation "lasting" (the default) and "once"', () => {
    compare({ escalation: 'lasting' });
    compare({ escalation: 'once' });
  });
  test('the board takes over once the states pass maxStates', () => {
    const memo = compare({ speedChess: true, invest: 'spread' }, 20);
    expect(memo.playsOnBoard).toBe(true);
  });
});
