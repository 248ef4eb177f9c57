/**
 * A slow, obvious exact chain for one rival, written from the text and
 * docs/rulings/rivals.md and not from sim/viciousness/rivalDice.ts: the state is plain
 * arrays keyed by JSON, the rival's pursuit order a list of slots (initiated longest ago
 * first), and every die outcome is weighed in turn. The fast chain (rivalOdds, through the
 * `rivals` mechanic's exact figures) must give the same numbers.
 *
 * "Give each rival up to three designs--objectives they are working to accomplish. They
 * pursue them with vicious determination" (viciousness.txt, Rivals): a rival moves on to
 * its next design once one is initiated, and "If a rival's plan is interrupted or foiled,
 * they recover half the points they invested in it (rounded down) and reinvest them in
 * other designs."
 */
import { describe, expect, test } from 'vitest';
import { expectAgreesWithExact, runScenario } from './helpers.ts';

interface Design {
  severity: 'light' | 'medium' | 'heavy';
  style?: 'rash' | 'default' | 'shrewd';
  handyAsset?: boolean;
  points?: number;
}
interface Options {
  invest?: 'focus' | 'spread';
  speedChess?: boolean;
  escalation?: 'once' | 'lasting';
  /** rivals.md "Ambition points": the handy asset's one point a turn per rival, or one per design it helps. */
  handyPoint?: 'perRival' | 'perDesign';
}
interface State {
  points: number[];
  severity: number[];
  pointer: number;
  /** Slots, the one initiated longest ago (or never, in list order) first. */
  order: number[];
  struck: boolean;
  calamity: boolean;
}

const SEVERITY = { light: 0, medium: 1, heavy: 2 };
const FACES = { rash: 2, default: 3, shrewd: 4 };

function referenceRival(rank: number, designs: Design[], turns: number, options: Options = {}) {
  const n = designs.length;
  const focus = (options.invest ?? 'focus') === 'focus';
  const written = designs.map((d) => SEVERITY[d.severity]);
  const faces = designs.map((d) => FACES[d.style ?? 'default']);
  const handy = designs.map((d) => d.handyAsset === true);
  // The pursued design among `slots`: most points, then earliest in the order.
  const pick = (s: State, slots: number[]) => {
    const most = Math.max(...slots.map((i) => s.points[i]));
    return s.order.find((i) => slots.includes(i) && s.points[i] === most)!;
  };
  const give = (s: State, amount: number, except?: number) => {
    const slots = [...Array(n).keys()].filter((i) => n === 1 || i !== except);
    if (amount <= 0) return;
    if (focus) {
      s.points[pick(s, slots)] += amount;
      return;
    }
    for (let k = 0; k < amount; k++) {
      while (!slots.includes(s.pointer)) s.pointer = (s.pointer + 1) % n;
      s.points[s.pointer]++;
      s.pointer = (s.pointer + 1) % n;
    }
  };
  let states = new Map<string, [State, number]>();
  const add = (into: Map<string, [State, number]>, s: State, p: number) => {
    const key = JSON.stringify(s);
    const had = into.get(key);
    into.set(key, [s, (had?.[1] ?? 0) + p]);
  };
  add(states, { points: designs.map((d) => d.points ?? 0), severity: [...written], pointer: 0, order: [...Array(n).keys()], struck: false, calamity: false }, 1);
  const out = { firstStrike: 0, strikes: 0, completed: 0, wealthLowered: 0, calamity: 0, attemptOnLife: 0 };
  let unstruck = 1;
  for (let t = 1; t <= turns; t++) {
    const next = new Map<string, [State, number]>();
    for (const [before, p] of states.values()) {
      const s: State = structuredClone(before);
      if (options.handyPoint === 'perDesign') {
        // A point for each design the asset helps, given with the rank's.
        give(s, rank + handy.filter((h) => h).length);
      } else {
        give(s, rank);
        if (handy.some((h) => h)) s.points[pick(s, [...Array(n).keys()].filter((i) => handy[i]))]++;
      }
      const m = pick(s, [...Array(n).keys()]);
      const invested = s.points[m];
      const strike = Math.min(1, invested / 20);
      if (strike < 1) add(next, structuredClone(s), p * (1 - strike));
      if (strike === 0) continue;
      out.strikes += p * strike;
      const after: State = structuredClone(s);
      after.points[m] = 0;
      after.order = [...after.order.filter((i) => i !== m), m];
      after.struck = true;
      const q = faces[m] / 4;
      const sev = s.severity[m];
      for (let face = 1; face <= 6 && q > 0; face++) {
        const pf = (p * strike * q) / 6;
        out.completed += pf;
        if (face === 1) out.wealthLowered += pf * (sev + 1);
        if (sev === 2 && face === 2) out.attemptOnLife += pf;
        const won: State = structuredClone(after);
        won.severity[m] = face === 6 && sev < 2 ? sev + 1 : (options.escalation ?? 'lasting') === 'lasting' ? sev : written[m];
        if (face === 6 && sev === 2) won.calamity = true;
        add(next, won, pf);
      }
      if (q < 1) {
        const lost: State = structuredClone(after);
        lost.severity[m] = (options.escalation ?? 'lasting') === 'lasting' ? sev : written[m];
        if (options.speedChess) give(lost, Math.floor(invested / 2), m);
        add(next, lost, p * strike * (1 - q));
      }
    }
    states = next;
    let still = 0;
    for (const [s, p] of states.values()) if (!s.struck) still += p;
    out.firstStrike += (unstruck - still) * t;
    unstruck = still;
  }
  out.firstStrike += unstruck * (turns + 1);
  for (const [s, p] of states.values()) if (s.calamity) out.calamity += p;
  return out;
}

const cases: [string, number, Design[], number, Options][] = [
  // Under focus a rival built its first design for ever (all at 0 after an initiation, the
  // first listed won the tie): this one played exactly as one light design (wealthLowered
  // 2.896, attempts on a life 0.032, calamity 0.032).
  ['focus, light, medium and heavy', 4, [{ severity: 'light' }, { severity: 'medium' }, { severity: 'heavy' }], 52, {}],
  ['focus and Speed Chess, rash light and medium', 4, [{ severity: 'light', style: 'rash' }, { severity: 'medium' }], 40, { speedChess: true }],
  ['spread and Speed Chess, three designs', 3, [{ severity: 'light', style: 'rash' }, { severity: 'medium' }, { severity: 'light', style: 'shrewd' }], 9, { invest: 'spread', speedChess: true }],
  ['focus, a handy asset on the second design, starting points', 2, [{ severity: 'medium', points: 3 }, { severity: 'light', handyAsset: true }], 30, {}],
  ['escalation lasting, two designs', 5, [{ severity: 'light' }, { severity: 'medium', style: 'shrewd' }], 30, { escalation: 'lasting' }],
  ['escalation once, two designs', 5, [{ severity: 'light' }, { severity: 'medium', style: 'shrewd' }], 30, { escalation: 'once' }],
  ['escalation once, light, medium and heavy', 4, [{ severity: 'light' }, { severity: 'medium' }, { severity: 'heavy' }], 52, { escalation: 'once' }],
  // Two designs the asset helps: its point goes to the one held longest without an initiation on a tie.
  ['focus, a handy asset on two of three designs', 2, [{ severity: 'light', handyAsset: true }, { severity: 'medium' }, { severity: 'heavy', handyAsset: true }], 30, {}],
  // rules.handyPoint "perDesign": rank + 2 a turn, all to the pursued design (focus) or round the three (spread).
  ['focus, handyPoint perDesign, two of three designs helped', 2, [{ severity: 'light', handyAsset: true }, { severity: 'medium' }, { severity: 'heavy', handyAsset: true }], 30, { handyPoint: 'perDesign' }],
  ['spread and Speed Chess, handyPoint perDesign', 2, [{ severity: 'light', style: 'rash', handyAsset: true }, { severity: 'medium' }, { severity: 'light', handyAsset: true }], 9, { invest: 'spread', speedChess: true, handyPoint: 'perDesign' }],
];

describe('rivals against a slow reference chain', () => {
  test.each(cases)('%s', (_label, rank, designs, turns, options) => {
    const { speedChess, escalation, invest, handyPoint } = options;
    const rules = { ...(speedChess ? { speedChess } : {}), ...(escalation ? { escalation } : {}), ...(invest ? { invest } : {}), ...(handyPoint ? { handyPoint } : {}) };
    const designSetup = designs.map((d) => ({ ...d, ...(d.handyAsset ? { handyAsset: 'a ship' } : {}) }));
    const result = runScenario({
      name: 'rival',
      system: 'viciousness',
      mechanic: 'rivals',
      trials: 2000,
      seed: 'reference',
      rules,
      setup: { turns, rivals: [{ name: 'duke', rank, assets: ['a ship'], designs: designSetup }] },
    });
    const m = result.results[0].metrics;
    const want = referenceRival(rank, designs, turns, options);
    expect(m['firstStrike.duke'].exact).toBeCloseTo(want.firstStrike, 9);
    expect(m['strikes.duke'].exact).toBeCloseTo(want.strikes, 9);
    expect(m['completed.duke'].exact).toBeCloseTo(want.completed, 9);
    expect(m.wealthLowered.exact).toBeCloseTo(want.wealthLowered, 9);
    expect(m['consequence.attemptOnLife'].exact).toBeCloseTo(want.attemptOnLife, 9);
    expect(m.calamity.exact).toBeCloseTo(want.calamity, 9);
  });

  // Several rivals in one scenario: each pursues its own designs on its own dice ("Give
  // each rival up to three designs"), so each is its own chain, and the company's figures
  // are theirs together: consequences and the wealth track's losses add up, a calamity
  // befalls the company unless it comes from none of them.
  test('three rivals at once: each its own chain, the company’s figures theirs together', () => {
    const rivals: [string, number, Design[]][] = [
      ['duke', 4, [{ severity: 'light' }, { severity: 'heavy', style: 'rash' }]],
      ['abbess', 2, [{ severity: 'medium', handyAsset: true }]],
      ['fence', 6, [{ severity: 'light', style: 'shrewd' }, { severity: 'medium' }, { severity: 'light', points: 2 }]],
    ];
    const turns = 20;
    for (const options of [{}, { speedChess: true, escalation: 'lasting' as const }]) {
      const result = runScenario({
        name: 'rivals',
        system: 'viciousness',
        mechanic: 'rivals',
        trials: 2000,
        seed: 'reference',
        rules: options,
        setup: {
          turns,
          rivals: rivals.map(([name, rank, designs]) => ({ name, rank, assets: ['a ship'], designs: designs.map((d) => ({ ...d, ...(d.handyAsset ? { handyAsset: 'a ship' } : {}) })) })),
        },
      });
      // The Monte Carlo plays the three together, draw by draw: it agrees with the chains too.
      expectAgreesWithExact(result);
      const m = result.results[0].metrics;
      const each = rivals.map(([, rank, designs]) => referenceRival(rank, designs, turns, options));
      rivals.forEach(([name], r) => {
        expect(m[`firstStrike.${name}`].exact).toBeCloseTo(each[r]!.firstStrike, 9);
        expect(m[`strikes.${name}`].exact).toBeCloseTo(each[r]!.strikes, 9);
        expect(m[`completed.${name}`].exact).toBeCloseTo(each[r]!.completed, 9);
      });
      const sum = (f: (o: (typeof each)[number]) => number) => each.reduce((a, o) => a + f(o), 0);
      expect(m.wealthLowered.exact).toBeCloseTo(sum((o) => o.wealthLowered), 9);
      expect(m['consequence.attemptOnLife'].exact).toBeCloseTo(sum((o) => o.attemptOnLife), 9);
      expect(m.calamity.exact).toBeCloseTo(1 - each.reduce((a, o) => a * (1 - o.calamity), 1), 9);
    }
  });

  test('a rank-4 rival of a light, a medium and a heavy design plays all three', () => {
    // The audit's own chain (Python, from the text) under rules.escalation "once": 5.2306,
    // 0.9045, 0.6155; one light design alone: 2.896, 0.032, 0.032.
    const want = referenceRival(4, [{ severity: 'light' }, { severity: 'medium' }, { severity: 'heavy' }], 52, { escalation: 'once' });
    expect(want.wealthLowered).toBeCloseTo(5.2306, 3);
    expect(want.attemptOnLife).toBeCloseTo(0.9045, 3);
    expect(want.calamity).toBeCloseTo(0.6155, 3);
    // Under the default, "lasting", as docs/rulings/rivals.md quotes the engine's exact figures.
    const lasting = referenceRival(4, [{ severity: 'light' }, { severity: 'medium' }, { severity: 'heavy' }], 52);
    expect(lasting.wealthLowered).toBeCloseTo(5.6418, 3);
    expect(lasting.attemptOnLife).toBeCloseTo(1.1293, 3);
    expect(lasting.calamity).toBeCloseTo(0.681, 3);
  });
});
