/**
 * A figure the mechanic computes exactly is never left without its exact value unsaid:
 * where a walk or a chain is too large, or the figures depend on play the engine cannot
 * weigh exactly, the point's `notes` say so (Simulation.exactSkipped). From an audit of
 * every mechanic's exact coverage (December 2026), which found these silent.
 */
import { describe, expect, test } from 'vitest';
import { expectAgreesWithExact, runScenario } from './helpers.ts';
import { NO_AMBITION_NOTE, rivalCountNote } from '../sim/viciousness/campaignSetup.ts';

const run = (system: string, mechanic: string, setup: object, rules: object = {}, trials = 500) =>
  runScenario({ name: 't', system, mechanic, trials, seed: 'notes', rules, setup }).results[0];

describe('exact values that are not there are said to be missing', () => {
  test('a clash of four sides whose hit combinations are too many to walk', () => {
    const side = (name: string, dice: string[]) => ({ name, combatants: [{ name: `${name}-fighter`, count: 20, dice }] });
    const p = run('viciousness', 'clash', { sides: [side('a', ['d4', 'd4']), side('b', ['d4', 'd4']), side('c', ['d4', 'd4']), side('d', ['d4'])] });
    expect(p.metrics['landed.a'].exact).toBeUndefined();
    expect(p.metrics['hits.a'].exact).toBeTypeOf('number');
    expect(p.notes?.[0]).toMatch(/^exact landed, wasted and wounded figures skipped: the sides' hits make [\d,]+ combinations, over the 200,000 walked/);
    // Three small sides are walked: no note.
    const small = run('viciousness', 'clash', { sides: [side('a', ['d4']), side('b', ['d4']), side('c', ['d4'])].map((s) => ({ ...s, combatants: [{ ...s.combatants[0], count: 2 }] })) });
    expect(small.metrics['landed.a'].exact).toBeTypeOf('number');
    expect(small.notes).toBeUndefined();
  });

  test('a clash of many sides alike, whose ties put them in every order: the walk is capped and said (a review: 9 sides ran 113 s)', { timeout: 120_000 }, () => {
    const sides = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `s${i}`, combatants: [{ name: 'x' }] }));
    const t0 = Date.now();
    const p = run('viciousness', 'clash', { sides: sides(9) }, {}, 200);
    // 4,000,000 cases walked first: ~2 s here, up to ~12 s on a busy machine.
    expect(Date.now() - t0).toBeLessThan(60_000);
    expect(p.metrics['landed.s0'].exact).toBeUndefined();
    expect(p.metrics['wounded.s0'].exact).toBeUndefined();
    expect(p.metrics['hits.s0'].exact).toBe(0.25);
    expect(p.notes?.[0]).toBe("exact landed, wasted and wounded figures skipped: the sides' hits, with every order of sides of the same hits and every choice of target, make over 4,000,000 cases to walk; they are Monte Carlo only (hits and top stay exact)");
    // Seven sides alike are walked (168,254 cases): exact, each the same.
    const seven = run('viciousness', 'clash', { sides: sides(7) }, {}, 200);
    expect(seven.notes).toBeUndefined();
    expect(seven.metrics['wasted.s6'].exact).toBeCloseTo(seven.metrics['wasted.s0'].exact!, 12);
  });

  test('a clash whose hit distributions take longer to convolve than the budget (an audit: 70 s on exact values at --trials 1)', () => {
    // 50 combatants of 1000d4 a side: about 10 s of convolutions here. It had no cost
    // estimate, so every run paid them whatever its trials.
    const side = (name: string, count: number, dice: string) => ({ name, combatants: [{ name: `${name}-fighter`, count, dice: [dice] }] });
    const big = run('viciousness', 'clash', { sides: [side('a', 50, '1000d4'), side('b', 50, '1000d4')] }, {}, 200);
    expect(big.metrics['hits.a'].exact).toBeUndefined();
    expect(big.notes?.[0]).toMatch(/^exact values skipped: about \d+ s of work, over the budget of 5 s; the estimates are Monte Carlo only$/);
    // Within it (20 of 1000d100 a side, about half a second): exact, as before.
    const within = run('viciousness', 'clash', { sides: [side('a', 20, '1000d100'), side('b', 20, '1000d100')] }, {}, 200);
    // Each rolls its own d4 besides: 20 × (1000 × 1/100 + 1/4) hits.
    expect(within.metrics['hits.a'].exact).toBeCloseTo(205, 9);
    expect(within.notes).toBeUndefined();
  }, 30_000);

  test('rivals whose chain passes its states, alone and in a campaign', () => {
    const rivals = [{ name: 'a', rank: 1, designs: [{ severity: 'light', points: 3 }, { severity: 'medium', points: 11 }, { severity: 'heavy', points: 17 }] }];
    const alone = run('viciousness', 'rivals', { turns: 52, rivals }, { invest: 'spread' }, 200);
    expect(alone.metrics['strikes.a'].exact).toBeUndefined();
    expect(alone.notes?.[0]).toMatch(/^exact values skipped for rival "a": the exact chain passed 50,000 states/);
    const campaign = run('viciousness', 'campaign', { turns: 52, company: { name: 'co' }, troupes: [{ name: 't', captain: {} }], rivals, policy: { action: 'idle' } }, { invest: 'spread' }, 50);
    expect(campaign.metrics['strikes.a'].exact).toBeUndefined();
    expect(campaign.notes?.[0]).toMatch(/^exact values skipped for rival "a"/);
  });

  test('a campaign whose rivals depend on the company says so; one with no rival has its rival figures exactly 0', () => {
    const interfering = run(
      'viciousness',
      'campaign',
      { turns: 10, company: { name: 'co' }, troupes: [{ name: 't', captain: {} }], rivals: [{ name: 'r', rank: 3, designs: [{ severity: 'light', unsubtle: true }] }], policy: { action: 'idle', interfere: { roll: 'knavery' } } },
      {},
      50,
    );
    expect(interfering.metrics['strikes.r'].exact).toBeUndefined();
    // (With the note every campaign without an ambition carries, after it.)
    expect(interfering.notes).toEqual(["the rivals' figures are Monte Carlo only: they depend on what the company does (interference with unsubtle designs); without it they are exact", NO_AMBITION_NOTE]);
    const alone = run('viciousness', 'campaign', { turns: 10, company: { name: 'co' }, troupes: [{ name: 't', captain: {} }], policy: { action: 'idle' } }, {}, 50);
    expect(alone.metrics.rivalStrikes.exact).toBe(0);
    expect(alone.metrics.calamity.exact).toBe(0);
    // (No rival against its one troupe is said too, before the ambition's note.)
    expect(alone.notes).toEqual([rivalCountNote(1, 0), NO_AMBITION_NOTE]);
  });

  test('a battle of three sides, one whose sides push, and one too large for the chain', () => {
    const side = (name: string, count = 2) => ({ name, combatants: [{ name: `${name}-minion`, count }] });
    const three = run('viciousness', 'battle', { sides: [side('a'), side('b'), side('c')] });
    expect(three.metrics['win.a'].exact).toBeUndefined();
    expect(three.notes).toEqual(['exact values skipped: the exact chain plays two sides, and this battle has 3; the estimates are Monte Carlo only']);
    const pushing = run('viciousness', 'battle', { sides: [side('a'), side('b')] }, { push: 'ifNoHit' });
    expect(pushing.notes?.[0]).toMatch(/^exact values skipped: sides "a" and "b" push to reroll/);
    const big = run('viciousness', 'battle', {
      sides: ['a', 'b'].map((name) => ({ name, combatants: Array.from({ length: 12 }, (_, i) => ({ name: `${name}${i}`, dice: Array.from({ length: 1 + (i % 4) }, () => 'd6').concat(i < 4 ? [] : i < 8 ? ['d8'] : ['d10']) })) })),
    }, {}, 50);
    expect(big.notes?.[0]).toMatch(/^exact values skipped: the exact chain would hold [\d,]+ states, over its 262,144/);
    // Two plain sides: exact, no note.
    const plain = run('viciousness', 'battle', { sides: [side('a'), side('b')] });
    expect(plain.metrics['win.a'].exact).toBeTypeOf('number');
    expect(plain.notes).toBeUndefined();
  });

  test('VDP: a combat of more than two characters, and a contest round whose contenders spend tension', async () => {
    const { loadPlans } = await import('../cli/load.ts');
    const { runPlan } = await import('../sim/assemble.ts');
    const [gang] = loadPlans(['scenarios/vdp-combat-gang-vs-boss.json'], { trials: 200 });
    // (A duel's points also say what changes nothing with one minion: rules.retarget "free"
    // and the boss's targeting, tests/setup-notes-vdp-sorcerer.test.ts; not about exact values.)
    const exactNotes = (notes: string[] | undefined) => (notes ?? []).filter((n) => !n.includes(' changes nothing here: '));
    for (const p of runPlan(gang).results) {
      if (p.metrics['opening.held']?.exact !== undefined) expect(exactNotes(p.notes)).toEqual([]);
      else expect(p.notes?.[0]).toMatch(/^exact values of first\.\* and opening\.\* skipped: they are computed for a duel, and this combat has \d+ characters/);
    }
    const [contest] = loadPlans(['scenarios/vdp-contest-round.yaml'], { trials: 200 });
    for (const p of runPlan(contest).results) {
      if (p.metrics.draw.exact !== undefined) expect(p.notes).toBeUndefined();
      else expect(p.notes?.[0]).toMatch(/^exact win, draw, rounds, exchanges, tension and charge skipped: a contender spends tension/);
    }
  });

  test('Sorcerer: a conflict whose character must Stand Up to act in round 1 has no exact opening, and says so', () => {
    const fighter = (name: string, lasting: number) => ({ name, stamina: 3, will: 4, weapon: 'fists', lasting });
    const down = run('sorcerer', 'conflict', { a: fighter('a', 4), b: fighter('b', 0) });
    expect(down.metrics['first.a'].exact).toBeUndefined();
    expect(down.notes).toEqual(['exact opening skipped: a character starts above its Stamina in penalties and must Stand Up to act in round 1, so its dice are a Will roll away; the estimates are Monte Carlo only']);
    const up = run('sorcerer', 'conflict', { a: fighter('a', 3), b: fighter('b', 0) });
    expect(up.metrics['first.a'].exact).toBeTypeOf('number');
    expect(up.notes).toBeUndefined();
  });

  test('Sorcerer: a conflict in which neither character has dice to act with in round 1 has no exact opening, and says so', () => {
    // "'Next' penalties apply only to your next action": both start with 3 next penalties on
    // Stamina 3 (not above it: no Stand Up), so round 1 has no action, and the first comes
    // in round 2, on the dice those penalties no longer cut. Until December 2026 the exact
    // opening read 0 for every figure, against the Monte Carlo's 0.5 for first.a.
    const fighter = (name: string) => ({ name, stamina: 3, will: 3, weapon: 'blade', next: 3 });
    const later = run('sorcerer', 'conflict', { a: fighter('a'), b: fighter('b') });
    expect(later.metrics['first.a'].exact).toBeUndefined();
    expect(later.metrics['first.a'].estimate).toBeGreaterThan(0.4);
    const NONE = 'exact opening skipped: the penalties both characters start with leave neither any dice to act with in round 1, so the first action comes in a later round, if ever; the estimates are Monte Carlo only';
    expect(later.notes).toEqual([NONE]);
    // Lasting ones stay: no action ever comes (a Sorcerer audit: "comes in a later round" was said).
    const NEVER = (why: string) => `exact opening skipped: ${why}, and nothing in the conflict gives dice back, so no one ever acts: every conflict runs to its last round, a draw; the estimates are Monte Carlo only`;
    const never = run('sorcerer', 'conflict', { a: { ...fighter('a'), next: 0, dice: 2, lasting: 2 }, b: { ...fighter('b'), next: 0, dice: 2, lasting: 2 } });
    expect(never.metrics.draw.estimate).toBe(1);
    expect(never.notes).toEqual([NEVER('the lasting penalties both characters start with leave neither any dice to act with')]);
    // No dice at all is said as such, not as penalties (a user's audit: `dice: 0` on both).
    const bare = run('sorcerer', 'conflict', { a: { ...fighter('a'), next: 0, dice: 0 }, b: { ...fighter('b'), next: 0, dice: 0 } });
    expect(bare.metrics.draw.estimate).toBe(1);
    expect(bare.notes).toContain(NEVER('neither character has any dice to act with'));
    const mixed = run('sorcerer', 'conflict', { a: { ...fighter('a'), next: 0, dice: 0 }, b: { ...fighter('b'), next: 0, dice: 2, lasting: 2 } });
    expect(mixed.metrics.draw.estimate).toBe(1);
    expect(mixed.notes).toContain(NEVER('a has no dice to act with, and the lasting penalties b starts with leave it none'));
    // One with none beside one whose next penalties are spent after round 1: b acts then.
    const soon = run('sorcerer', 'conflict', { a: { ...fighter('a'), next: 0, dice: 0 }, b: fighter('b') });
    expect(soon.metrics.draw.estimate).toBeLessThan(1);
    expect(soon.notes).toContain('exact opening skipped: a has no dice to act with, and the penalties b starts with leave it none in round 1, so the first action comes in a later round, if ever; the estimates are Monte Carlo only');
  });

  test('Sorcerer: one with no dice beside a Passion roll acts in round 1 (it wins the roll, every die a success): the opening is exact (a Sorcerer audit: skipped, saying nobody could act)', () => {
    const fighter = (name: string, passion?: number) => ({ name, stamina: 3, will: 3, dice: 1, lasting: 1, weapon: 'blade', ...(passion ? { passion } : {}) });
    const point = runScenario({ name: 'p', system: 'sorcerer', mechanic: 'conflict', trials: 200000, seed: 'passion-opening', setup: { maxRounds: 1, a: fighter('a', 1), b: fighter('b') } }).results[0];
    expect(point.notes).toBeUndefined();
    expect(point.metrics['first.a'].exact).toBe(1);
    // 1d10 against b's whole defence of 4 dice (3 + 2 − its lasting 1): Σ(v − 1)⁴ / 10⁵.
    let landed = 0;
    for (let v = 1; v <= 10; v++) landed += (v - 1) ** 4;
    expect(point.metrics['opening.landed'].exact).toBeCloseTo(landed / 1e5, 12);
    expectAgreesWithExact({ name: 'p', results: [{ ...point, metrics: Object.fromEntries(Object.entries(point.metrics).filter(([, m]) => m.exact !== undefined)) }] } as never);
  });
});

