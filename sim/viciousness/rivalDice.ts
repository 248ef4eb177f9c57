/**
 * Rivals and their designs (docs/rules.md "Rivals"; viciousness.txt "Rival Dice" and
 * "Consequences"), shared by the `rivals` and `campaign` mechanics: the setup schema, the
 * consequence tables, one rival turn for Monte Carlo (RivalBoard, typed arrays reused
 * across trials) and the same turn as an exact Markov chain over a rival's state
 * (rivalOdds). Readings: docs/rulings/rivals.md.
 */
import { z } from 'zod';
import { lazySchema } from '../lazySchema.ts';
import { entityName } from '../names.ts';
import { diceListSchema, eachDie } from '../dice.ts';
import { belowBits, belowReject, type RandomStream } from '../random.ts';
import type { ViciousnessRules } from '../rules.ts';

export const SEVERITIES = ['light', 'medium', 'heavy'] as const;
export type Severity = (typeof SEVERITIES)[number];
export const STYLES = ['rash', 'default', 'shrewd'] as const;

/** "At the end of each turn, roll a d20 (called the rival die) for each rival." */
export const RIVAL_DIE = 20;
/** The rival die's and the consequence d6's draws as constants (RandomStream.belowFixed). */
const RIVAL_DIE_BITS = belowBits(RIVAL_DIE);
const RIVAL_DIE_REJECT = belowReject(RIVAL_DIE);
const D6_BITS = belowBits(6);
const D6_REJECT = belowReject(6);

/**
 * Faces of the d4 on which a design succeeds: "Roll the rival's chance of success on a
 * d4; default to 3-in-4, with 2-in-4 for rash designs or 4-in-4 for shrewd ones."
 */
export const SUCCESS_FACES = { rash: 2, default: 3, shrewd: 4 } as const;

/** "Give your rival four assets fitting their rank." */
export const DEFAULT_RIVAL_ASSETS = 4;

/**
 * Every consequence of the source's three d6 tables, in metric-name form
 * (`consequence.<kind>`). "The wealth track lowers by N" is one kind at every severity.
 */
export const CONSEQUENCE_KINDS = [
  'wealthLost',
  'contactInJeopardy',
  'pcRattled',
  'assetLost',
  'unfriendlyNpc',
  'mediumDesign',
  'contactLost',
  'pcWounded',
  'unfriendlyFaction',
  'friendRuined',
  'heavyDesign',
  'attemptOnLife',
  'friendlyFactionDestroyed',
  'friendMurdered',
  'allyBetrays',
  'calamity',
] as const;
export type ConsequenceKind = (typeof CONSEQUENCE_KINDS)[number];

/** Each consequence in the text's words, for labels ("mean consequences: a PC is rattled"). */
export const CONSEQUENCE_WORDS: Readonly<Record<ConsequenceKind, string>> = {
  wealthLost: 'the wealth track lowers',
  contactInJeopardy: 'a strong contact is placed in jeopardy',
  pcRattled: 'a PC is rattled',
  assetLost: 'an asset is lost',
  unfriendlyNpc: 'an unfriendly NPC emerges',
  mediumDesign: 'a medium-consequence design begins',
  contactLost: 'a strong contact is lost',
  pcWounded: 'a PC is wounded',
  unfriendlyFaction: 'an unfriendly faction is established',
  friendRuined: 'a friend is financially ruined or seriously hurt',
  heavyDesign: 'a heavy-consequence design begins',
  attemptOnLife: "an attempt on a PC's life",
  friendlyFactionDestroyed: 'a friendly faction is destroyed',
  friendMurdered: 'a friend is murdered',
  allyBetrays: 'an ally betrays the PCs',
  calamity: 'a setting-altering calamity begins',
};

const kind = (k: ConsequenceKind) => CONSEQUENCE_KINDS.indexOf(k);

/**
 * The consequence of a successful design, by code `severity · 6 + (d6 − 1)`: the kind
 * index, from the source's tables ("Light consequences: 1. The wealth track lowers by 1 /
 * 2. A strong contact is placed in jeopardy / 3. A PC is rattled / 4. An asset is lost /
 * 5. An unfriendly NPC emerges / 6. A medium-consequence design begins", and so on).
 */
/**
 * The metrics of rival dice, shared by `rivals` and `campaign` (sim/metrics.ts): each
 * mechanic's table spreads these declarations in, so the names, kinds and labels are
 * written once.
 */
export const RIVAL_DICE_METRICS = {
  firstStrike: {
    name: 'firstStrike.<rival>',
    kind: 'mean',
    label: "mean turn of <rival>'s first initiation (turns + 1 if none)",
    family: 'mean turn of first initiation',
    min: 1,
  },
  strikes: { name: 'strikes.<rival>', kind: 'mean', label: 'mean designs initiated by <rival>', family: 'mean designs initiated' },
  completed: { name: 'completed.<rival>', kind: 'mean', label: 'mean designs completed by <rival>', family: 'mean designs completed' },
  consequence: { name: 'consequence.<kind>', kind: 'mean', label: 'mean consequences: <kind>', family: 'mean consequences of designs' },
  wealthLowered: { name: 'wealthLowered', kind: 'mean', label: 'mean points the wealth track is lowered by' },
  calamity: { name: 'calamity', kind: 'probability', label: 'P(a setting-altering calamity begins)' },
} as const;

export const CONSEQUENCE_OF_CODE = Int32Array.from([
  // light
  kind('wealthLost'), kind('contactInJeopardy'), kind('pcRattled'), kind('assetLost'), kind('unfriendlyNpc'), kind('mediumDesign'),
  // medium
  kind('wealthLost'), kind('contactLost'), kind('pcWounded'), kind('unfriendlyFaction'), kind('friendRuined'), kind('heavyDesign'),
  // heavy
  kind('wealthLost'), kind('attemptOnLife'), kind('friendlyFactionDestroyed'), kind('friendMurdered'), kind('allyBetrays'), kind('calamity'),
]);

/** "The wealth track lowers by N": N by severity (light 1, medium 2, heavy 3). */
export const WEALTH_LOWERED = Int32Array.from([1, 2, 3]);

/** Investment points a consequence code takes off the wealth track (0 for most). */
export function wealthLoweredBy(code: number): number {
  return code % 6 === 0 ? WEALTH_LOWERED[Math.floor(code / 6)] : 0;
}

// ---------------------------------------------------------------- setup

/** Assets: a count, or a list of names a design's `handyAsset` may point at. */
const assetsSchema = lazySchema(() => z.unknown().transform((v, ctx) => {
  if (v === undefined) return undefined;
  if (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 1000) return v;
  if (Array.isArray(v) && v.every((a) => typeof a === 'string' && a.length > 0)) return v as string[];
  ctx.addIssue({ code: 'custom', message: `expected a number of assets (0 to 1000) or a list of asset names, got ${JSON.stringify(v)}` });
  return z.NEVER;
}));

/** Whether an asset of the rival comes in handy: true/false, or the asset's name. */
const handySchema = lazySchema(() => z.unknown().transform((v, ctx) => {
  if (v === undefined || typeof v === 'boolean') return v;
  if (typeof v === 'string' && v.length > 0) return v;
  ctx.addIssue({ code: 'custom', message: `expected true, false or the name of one of the rival's assets, got ${JSON.stringify(v)}` });
  return z.NEVER;
}));

export const designSchema = lazySchema(() => z
  .object({
    /** Which consequence table a success rolls on. */
    severity: z.enum(SEVERITIES),
    /** Chance of success on the d4; defaults to *default* (3-in-4). */
    style: z.enum(STYLES).optional(),
    /** An asset of the rival that comes in handy: +1 ambition point a turn. */
    handyAsset: handySchema.optional(),
    /** "If the rival's plan is unsubtle, give the PCs the chance to interfere" (campaign policy interfere); defaults to false. */
    unsubtle: z.boolean().optional(),
    /** Ambition points the design already holds at the start; defaults to 0. */
    points: z.number().int().min(0).max(1000).optional(),
  })
  .strict());

export const rivalSchema = lazySchema(() => z
  .object({
    name: entityName,
    /** Wealth rank 1..7: its ambition points per turn. */
    rank: z.number().int().min(1).max(7),
    /** A count (default 4) or a list of names. */
    assets: assetsSchema.optional(),
    /** Its minions, who fight for it in a campaign ("If in doubt, use their rank minus 2"). */
    minions: z.number().int().min(0).max(100).optional(),
    /**
     * Dice each of its minions adds to its 1d4 in a fight ("Rivals have minions, just as
     * player troupes do": their traits' and equipment's dice, as a job's guards' `dice`);
     * defaults to none, a bare 1d4, as a plain PC minion.
     */
    minionDice: diceListSchema.optional(),
    /**
     * The equipment bonus its minions bring to a fight ("The GM awards 1d4 or 2d4 to the
     * most well-equipped side"; "Give your rival four assets fitting their rank": a rank-3
     * coin buys "a sword or a handgun"), weighed against the troupe's equipment as a job's
     * guards' `bonus` is (rules.equipment); defaults to none.
     */
    minionBonus: diceListSchema.optional(),
    /** "Give each rival up to three designs." */
    designs: z.array(designSchema).min(1).max(3),
  })
  .strict());

export type RivalSetup = z.output<typeof rivalSchema>;
export type DesignSetup = z.output<typeof designSchema>;

/** Checks a list of rivals (at `path` inside the setup): unique names, handy assets that exist. */
export function checkRivals(rivals: readonly RivalSetup[], ctx: z.RefinementCtx, path: (string | number)[]): void {
  const seen = new Set<string>();
  rivals.forEach((rival, r) => {
    if (seen.has(rival.name)) {
      ctx.addIssue({ code: 'custom', path: [...path, r, 'name'], message: `two rivals are named "${rival.name}": rival names must differ` });
    }
    seen.add(rival.name);
    const assets = rival.assets ?? DEFAULT_RIVAL_ASSETS;
    if (Array.isArray(assets)) {
      // A handy asset is named by its name: two alike and "a cathedral" would be either.
      assets.forEach((a, i) => {
        if (assets.indexOf(a) < i) ctx.addIssue({ code: 'custom', path: [...path, r, 'assets', i], message: `rival "${rival.name}" lists the asset "${a}" twice: asset names must differ (give "assets" as a count for assets without names)` });
      });
    }
    rival.designs.forEach((d, i) => {
      const at = [...path, r, 'designs', i, 'handyAsset'];
      if (d.handyAsset === undefined || d.handyAsset === false) return;
      if (typeof assets === 'number' && assets === 0) {
        ctx.addIssue({ code: 'custom', path: at, message: `a handy asset needs an asset, and rival "${rival.name}" has "assets": 0` });
      } else if (typeof d.handyAsset === 'string' && !(Array.isArray(assets) && assets.includes(d.handyAsset))) {
        ctx.addIssue({
          code: 'custom',
          path: at,
          message: Array.isArray(assets)
            ? `"${d.handyAsset}" is not an asset of rival "${rival.name}": expected one of ${assets.map((a) => `"${a}"`).join(', ')}`
            : `"${d.handyAsset}" names an asset, but rival "${rival.name}" lists no asset names ("assets" is a count): give "assets" as a list of names, or use true`,
        });
      }
    });
    if (Array.isArray(assets) && assets.length === 0 && rival.designs.some((d) => d.handyAsset === true)) {
      ctx.addIssue({ code: 'custom', path: [...path, r, 'assets'], message: `rival "${rival.name}" has a design helped by a handy asset but no assets` });
    }
  });
}

// ---------------------------------------------------------------- the fixed plan

/**
 * Everything about a list of rivals that does not change during a trial, as flat arrays.
 * Its fields are `declare`d, set once by the constructor, for the reason CampaignPlan's are
 * (campaignPlay.ts): no definition holding `undefined` first.
 */
export class RivalPlan {
  declare readonly count: number;
  declare readonly names: string[];
  /** Per rival: its designs are slots designFrom..designFrom+designCount−1. */
  declare readonly designFrom: Int32Array;
  declare readonly designCount: Int32Array;
  /** Ambition points a turn split by `invest`: "equal to their wealth rank". */
  declare readonly gain: Int32Array;
  /** Per rival: 1 when an asset comes in handy for one of its designs (the extra point). */
  declare readonly handyPoint: Uint8Array;
  /** Per design slot: 1 when a handy asset helps it (where the extra point may go). */
  declare readonly handy: Uint8Array;
  declare readonly rank: Int32Array;
  /** Per design slot. */
  declare readonly successFaces: Uint8Array;
  declare readonly initSeverity: Uint8Array;
  declare readonly initPoints: Int32Array;
  /** Per design slot: 1 when the design is unsubtle (the PCs may interfere). */
  declare readonly unsubtle: Uint8Array;
  /** Per rival: its minions ("If in doubt, use their rank minus 2"). */
  declare readonly minions: Int32Array;
  /** Per rival: the dice each of its minions adds to its 1d4 (sides per die; `minionDice`). */
  declare readonly minionDice: readonly (readonly number[])[];
  /** Per rival: its minions' equipment bonus in a fight (sides per die; `minionBonus`). */
  declare readonly minionBonus: readonly (readonly number[])[];
  declare readonly slots: number;
  declare readonly focus: boolean;
  declare readonly speedChess: boolean;
  /** rules.escalation "once": after a design is initiated its slot's next design is of the slot's own severity, unless the consequence's 6 escalates it. */
  declare readonly escalateOnce: boolean;

  constructor(rivals: readonly RivalSetup[], rules: Pick<ViciousnessRules, 'invest' | 'speedChess' | 'escalation' | 'handyPoint'>) {
    this.count = rivals.length;
    this.names = rivals.map((r) => r.name);
    this.designFrom = new Int32Array(rivals.length);
    this.designCount = Int32Array.from(rivals, (r) => r.designs.length);
    let at = 0;
    rivals.forEach((r, i) => {
      this.designFrom[i] = at;
      at += r.designs.length;
    });
    this.slots = at;
    this.rank = Int32Array.from(rivals, (r) => r.rank);
    const isHandy = (d: DesignSetup) => d.handyAsset !== undefined && d.handyAsset !== false;
    // "Should a rival have an asset that would come in handy while pursuing their design,
    // add one extra point per turn": one point per rival, however many designs it helps,
    // into one it helps (investTurn). With rules.handyPoint "perDesign" a point for each
    // design it helps, joining the rank's points, split by `invest` like them.
    const perDesign = rules.handyPoint === 'perDesign';
    this.gain = Int32Array.from(rivals, (r) => r.rank + (perDesign ? r.designs.filter(isHandy).length : 0));
    this.handyPoint = Uint8Array.from(rivals, (r) => (!perDesign && r.designs.some(isHandy) ? 1 : 0));
    const designs = rivals.flatMap((r) => r.designs);
    this.handy = Uint8Array.from(designs, (d) => (isHandy(d) ? 1 : 0));
    this.successFaces = Uint8Array.from(designs, (d) => SUCCESS_FACES[d.style ?? 'default']);
    this.initSeverity = Uint8Array.from(designs, (d) => SEVERITIES.indexOf(d.severity));
    this.initPoints = Int32Array.from(designs, (d) => d.points ?? 0);
    this.unsubtle = Uint8Array.from(designs, (d) => (d.unsubtle ? 1 : 0));
    this.minions = Int32Array.from(rivals, (r) => r.minions ?? Math.max(0, r.rank - 2));
    this.minionDice = rivals.map((r) => eachDie(r.minionDice ?? []));
    this.minionBonus = rivals.map((r) => eachDie(r.minionBonus ?? []));
    this.focus = rules.invest === 'focus';
    this.speedChess = rules.speedChess;
    this.escalateOnce = rules.escalation === 'once';
  }
}

// ---------------------------------------------------------------- one rival's moves

/**
 * The design (slot from..from+n−1) a rival pursues: the one holding the most points; on a
 * tie, the one it initiated longest ago, those it never initiated first in list order
 * (`order`, see `initiated`). "Give each rival up to three designs … They pursue them with
 * vicious determination": a rival whose designs all stand at 0 after one was initiated
 * moves on to the next, instead of building the same slot again (which, by list order,
 * left a rival's second and third designs unplayed for ever under `focus`). Slot `except`,
 * if given, is left out (Speed Chess's refund goes to the other designs).
 */
export function pursued(points: Int32Array, order: Uint8Array, from: number, n: number, except = -1): number {
  let best = -1;
  for (let i = from; i < from + n; i++) {
    if (i === except) continue;
    if (best < 0 || points[i] > points[best] || (points[i] === points[best] && order[i] < order[best])) best = i;
  }
  return best;
}

/**
 * Slot `m` of a rival's designs was initiated: it goes to the end of the rival's order
 * (`order[i]` is slot i's place, 0 the first pursued on a tie; at the start, list order)
 * and the slots behind it move up one.
 */
export function initiated(order: Uint8Array, from: number, n: number, m: number): void {
  const place = order[m];
  for (let i = from; i < from + n; i++) if (order[i] > place) order[i]--;
  order[m] = n - 1;
}

/**
 * Invest `amount` ambition points in a rival's designs by the `invest` variant: *focus*
 * puts them all into the design it pursues (`pursued`); *spread* hands them out one at a
 * time round robin, continuing from `pointer[r]` (where the last point stopped). Slot
 * `except` (Speed Chess's foiled design: "reinvest them in other designs") gets none when
 * the rival has another design.
 */
export function investPoints(
  points: Int32Array,
  order: Uint8Array,
  from: number,
  n: number,
  amount: number,
  focus: boolean,
  pointer: Int32Array,
  r: number,
  except = -1,
): void {
  if (amount <= 0) return;
  const skip = n > 1 ? except : -1;
  if (focus) {
    points[pursued(points, order, from, n, skip)] += amount;
    return;
  }
  let p = pointer[r];
  if (skip >= 0) {
    // One point at a time, passing over the foiled slot (a refund is a few points).
    for (let rest = amount; rest > 0; ) {
      if (from + p !== skip) {
        points[from + p]++;
        rest--;
      }
      p = p + 1 === n ? 0 : p + 1;
    }
    pointer[r] = p;
    return;
  }
  // Whole rounds first: each design gets one point a round and the round robin ends
  // where it began.
  const each = Math.floor(amount / n);
  let rest = amount - each * n;
  if (each > 0) for (let i = from; i < from + n; i++) points[i] += each;
  for (; rest > 0; rest--) {
    points[from + p]++;
    p = p + 1 === n ? 0 : p + 1;
  }
  pointer[r] = p;
}

/**
 * A rival's ambition points for one turn: its rank's points split by `invest`, then the
 * handy asset's extra point into the design it helps — the helped design holding the most
 * points (on a tie, as `pursued`), the one the rival pursues with it; never a design the
 * asset does not help (docs/rulings/rivals.md).
 */
export function investTurn(plan: RivalPlan, points: Int32Array, order: Uint8Array, pointer: Int32Array, r: number): void {
  const from = plan.designFrom[r];
  const n = plan.designCount[r];
  investPoints(points, order, from, n, plan.gain[r], plan.focus, pointer, r);
  if (plan.handyPoint[r] === 0) return;
  let best = -1;
  for (let i = from; i < from + n; i++) {
    if (plan.handy[i] !== 0 && (best < 0 || points[i] > points[best] || (points[i] === points[best] && order[i] < order[best]))) best = i;
  }
  points[best]++;
}

/** Each rival's order at the start: its designs in list order (RivalBoard.order). */
export function initialOrder(plan: RivalPlan): Uint8Array {
  const order = new Uint8Array(plan.slots);
  for (let r = 0; r < plan.count; r++) for (let i = 0; i < plan.designCount[r]; i++) order[plan.designFrom[r] + i] = i;
  return order;
}

/**
 * The rivals' moves in one trial, in typed arrays allocated once per `run`. `turn` plays
 * one turn of every rival and leaves, per rival, what happened in `struck`, `succeeded`
 * and `consequence`.
 */
export class RivalBoard {
  readonly points: Int32Array;
  readonly severity: Uint8Array;
  /** Per slot: its place in its rival's order, which it pursues first on a tie of points (`pursued`). */
  readonly order: Uint8Array;
  /** Per rival: where *spread* hands out its next point. */
  readonly pointer: Int32Array;
  /** Per rival, this turn: the design slot initiated, or −1. */
  readonly struck: Int32Array;
  /** Per rival, this turn: 1 when the initiated design succeeded. */
  readonly succeeded: Uint8Array;
  /** Per rival, this turn: the consequence code (severity · 6 + d6 − 1), or −1. */
  readonly consequence: Int32Array;
  /** Per rival, this turn: the points the initiated design held (set by rollDie). */
  readonly invested: Int32Array;

  constructor(readonly plan: RivalPlan) {
    this.points = new Int32Array(plan.slots);
    this.severity = new Uint8Array(plan.slots);
    this.order = initialOrder(plan);
    this.start = initialOrder(plan);
    this.pointer = new Int32Array(plan.count);
    this.struck = new Int32Array(plan.count);
    this.succeeded = new Uint8Array(plan.count);
    this.consequence = new Int32Array(plan.count);
    this.invested = new Int32Array(plan.count);
  }

  /** `order` at the start of a trial. */
  private readonly start: Uint8Array;

  reset(): void {
    // Plain loops rather than set/fill (a builtin call each, per trial).
    const { plan, points, severity, order, start, pointer } = this;
    for (let i = 0; i < plan.slots; i++) {
      points[i] = plan.initPoints[i];
      severity[i] = plan.initSeverity[i];
      order[i] = start[i];
    }
    for (let r = 0; r < plan.count; r++) pointer[r] = 0;
  }

  /**
   * A rival deal: "one of their designs advances by points equal to the PC's wealth rank",
   * all `amount` points into one design of rival `r`: with *focus* the one it pursues
   * (where the rival's points go), with *spread* the one its round robin feeds next,
   * and the round robin moves past it (docs/rulings/rivals.md).
   */
  advance(r: number, amount: number): void {
    if (amount <= 0) return;
    const p = this.plan;
    const from = p.designFrom[r];
    const n = p.designCount[r];
    if (p.focus) {
      this.points[pursued(this.points, this.order, from, n)] += amount;
      return;
    }
    const next = this.pointer[r];
    this.points[from + next] += amount;
    this.pointer[r] = next + 1 === n ? 0 : next + 1;
  }

  /** Every rival invests, rolls its rival die and, maybe, initiates a design. */
  turn(random: RandomStream): void {
    this.invest();
    this.roll(random);
  }

  /**
   * "Every turn, a rival has a number of ambition points they may invest in their designs,
   * equal to their wealth rank" (plus a handy asset's point): at the start of the turn, so
   * a rival deal made during the turn adds to what the end-of-turn die is rolled against.
   */
  invest(): void {
    const { plan, points, order, pointer } = this;
    if (plan.focus !== true) {
      for (let r = 0; r < plan.count; r++) investTurn(plan, points, order, pointer, r);
      return;
    }
    // investTurn with *focus*, written out over locals (deliberately: a campaign calls this
    // every turn, and through investTurn/investPoints/mostPoints each typed array was
    // reached through `plan` again per rival); the same points land in the same slots.
    const { designFrom, designCount, gain, handyPoint, handy } = plan;
    const count = plan.count;
    for (let r = 0; r < count; r++) {
      const from = designFrom[r];
      const to = from + designCount[r];
      const amount = gain[r];
      if (amount > 0) {
        let best = from;
        for (let i = from + 1; i < to; i++) if (points[i] > points[best] || (points[i] === points[best] && order[i] < order[best])) best = i;
        points[best] += amount;
      }
      if (handyPoint[r] === 0) continue;
      let best = -1;
      for (let i = from; i < to; i++) {
        if (handy[i] !== 0 && (best < 0 || points[i] > points[best] || (points[i] === points[best] && order[i] < order[best]))) best = i;
      }
      points[best]++;
    }
  }

  /** "At the end of each turn, roll a d20 (called the rival die) for each rival." */
  roll(random: RandomStream): void {
    for (let r = 0; r < this.plan.count; r++) this.rivalRoll(random, r);
  }

  rivalRoll(random: RandomStream, r: number): void {
    if (this.rollDie(random, r)) this.move(random, r, false);
  }


  /**
   * Rival r's die: "If the result is equal to or below a design's ambition point total,
   * they may initiate it." Returns whether it did; the design's points are spent.
   */
  rollDie(random: RandomStream, r: number): boolean {
    const plan = this.plan;
    const { points, order } = this;
    const from = plan.designFrom[r];
    const to = from + plan.designCount[r];
    this.struck[r] = -1;
    this.succeeded[r] = 0;
    this.consequence[r] = -1;
    // "If the result is equal to or below a design's ambition point total, they may
    // initiate it … Only one design per rival may initiate per turn": the design with the
    // most points is eligible whenever any is, so it is the one. (pursued, inline.)
    let m = from;
    for (let i = from + 1; i < to; i++) if (points[i] > points[m] || (points[i] === points[m] && order[i] < order[m])) m = i;
    const invested = points[m];
    if (invested === 0 || random.belowFixed(RIVAL_DIE, RIVAL_DIE_BITS, RIVAL_DIE_REJECT) + 1 > invested) return false;
    this.struck[r] = m;
    this.invested[r] = invested;
    this.spend(r, m);
    return true;
  }

  // The moves of a rival that take no die, one method each: rollDie and move make them
  // after their draws, and RivalMemo (rivalMemo.ts) works out its tables with them.

  /**
   * Rival r initiated slot m: its points are spent either way, and the slot takes a new
   * design of the same severity (0 points), pursued after the rival's others.
   */
  spend(r: number, m: number): void {
    const plan = this.plan;
    this.points[m] = 0;
    initiated(this.order, plan.designFrom[r], plan.designCount[r], m);
  }

  /** Rival r's investment of one turn (`invest`, for one rival). */
  investRival(r: number): void {
    investTurn(this.plan, this.points, this.order, this.pointer, r);
  }

  /** Slot m's initiated design succeeded, its consequence d6 showing `face`: the slot's next design. */
  landed(m: number, face: number): void {
    this.severity[m] = nextSeverity(this.plan, m, this.severity[m], face);
  }

  /**
   * Rival r's initiated slot m, which held `invested` points, failed or was foiled: the
   * slot's next design, and with Speed Chess "they recover half the points they invested
   * in it (rounded down) and reinvest them in other designs."
   */
  missed(r: number, m: number, invested: number): void {
    const plan = this.plan;
    this.severity[m] = nextSeverity(plan, m, this.severity[m], 0);
    if (plan.speedChess) investPoints(this.points, this.order, plan.designFrom[r], plan.designCount[r], invested >> 1, plan.focus, this.pointer, r, m);
  }

  /**
   * "As the next turn begins, the rival makes their move": the success d4 and the
   * consequence d6 of the design rival r initiated — unless the PCs `foiled` it by
   * interfering, which (with Speed Chess) refunds half, as a failed d4 does.
   */
  move(random: RandomStream, r: number, foiled: boolean): void {
    const plan = this.plan;
    const m = this.struck[r];
    const faces = plan.successFaces[m];
    const sev = this.severity[m];
    // The success d4 is 2 bits, never rejected: bits(2) + 1 draws what die(4) does.
    if (!foiled && (faces >= 4 || random.bits(2) + 1 <= faces)) {
      this.succeeded[r] = 1;
      const face = random.belowFixed(6, D6_BITS, D6_REJECT) + 1;
      this.consequence[r] = sev * 6 + face - 1;
      this.landed(m, face);
    } else {
      this.missed(r, m, this.invested[r]);
    }
  }
}

/**
 * The severity of slot `m`'s next design after one of severity `sev` is initiated, its
 * consequence d6 showing `face` (0: no consequence, the d4 failed or the PCs foiled it).
 * "6. A medium-consequence design begins" / "A heavy-consequence design begins": the next
 * design is one severity up (a heavy 6 is a calamity, no design). Otherwise the severity
 * written for the slot (rules.escalation "once"), or this design's ("lasting"). The Monte
 * Carlo (RivalBoard.move) and the exact chain (rivalOdds) both ask it.
 */
export function nextSeverity(plan: RivalPlan, m: number, sev: number, face: number): number {
  if (face === 6 && sev < 2) return sev + 1;
  return plan.escalateOnce ? plan.initSeverity[m] : sev;
}

// ---------------------------------------------------------------- exact

/** Exact figures for one rival over `turns` turns (RivalBoard's turn as a Markov chain). */
export interface RivalOdds {
  /** P(first initiation in turn t) at index t − 1, t = 1..turns; index `turns`: none. */
  firstStrike: Float64Array;
  /** Mean initiations. */
  strikes: number;
  /** Mean successful designs. */
  completed: number;
  /** Mean count of each consequence kind (CONSEQUENCE_KINDS order). */
  kinds: Float64Array;
  /** Mean investment points "the wealth track lowers by", summed. */
  wealthLowered: number;
  /** P(at least one calamity). */
  calamity: number;
}

/** Most states the exact chain keeps in a turn before giving up (the figures stay Monte Carlo). */
export const MAX_RIVAL_STATES = 50_000;

/** The result's note when rival `name`'s chain gave up (rivalOdds undefined). */
export function rivalChainNote(names: readonly string[]): string {
  const who = names.map((n) => `"${n}"`).join(', ');
  return `exact values skipped for rival${names.length === 1 ? '' : 's'} ${who}: the exact chain passed ${MAX_RIVAL_STATES.toLocaleString('en')} states in a turn (spread over several designs grows fast, faster with Speed Chess, and with the turns) or a design's ${(POINT_RADIX - 1).toLocaleString('en')} points; their figures, and the totals over rivals, are Monte Carlo only`;
}
/** Points per design the state key can hold. */
const POINT_RADIX = 4096;

/**
 * Exact odds of rival `r` by a chain over its state (points and severity per design, the
 * *spread* pointer, whether it has struck yet, whether a calamity began). Undefined when
 * the chain grows past `maxStates` states in a turn or a design's points past the key.
 */
export function rivalOdds(plan: RivalPlan, r: number, turns: number, maxStates = MAX_RIVAL_STATES): RivalOdds | undefined {
  const from = plan.designFrom[r];
  const n = plan.designCount[r];
  const points = new Int32Array(plan.slots);
  const severity = new Uint8Array(plan.slots);
  const order = initialOrder(plan);
  const pointer = new Int32Array(plan.count);
  let struck = 0;
  let calamity = 0;

  const encode = (): number => {
    let key = 0;
    for (let i = 0; i < n; i++) {
      if (points[from + i] >= POINT_RADIX) return -1;
      key = key * POINT_RADIX + points[from + i];
    }
    for (let i = 0; i < n; i++) key = key * 3 + severity[from + i];
    for (let i = 0; i < n; i++) key = key * 3 + order[from + i];
    return ((key * 3 + (plan.focus ? 0 : pointer[r])) * 2 + struck) * 2 + calamity;
  };
  const decode = (key: number): void => {
    calamity = key % 2;
    key = Math.floor(key / 2);
    struck = key % 2;
    key = Math.floor(key / 2);
    pointer[r] = key % 3;
    key = Math.floor(key / 3);
    for (let i = n - 1; i >= 0; i--) {
      order[from + i] = key % 3;
      key = Math.floor(key / 3);
    }
    for (let i = n - 1; i >= 0; i--) {
      severity[from + i] = key % 3;
      key = Math.floor(key / 3);
    }
    for (let i = n - 1; i >= 0; i--) {
      points[from + i] = key % POINT_RADIX;
      key = Math.floor(key / POINT_RADIX);
    }
  };

  const out: RivalOdds = {
    firstStrike: new Float64Array(turns + 1),
    strikes: 0,
    completed: 0,
    kinds: new Float64Array(CONSEQUENCE_KINDS.length),
    wealthLowered: 0,
    calamity: 0,
  };
  for (let i = 0; i < n; i++) {
    points[from + i] = plan.initPoints[from + i];
    severity[from + i] = plan.initSeverity[from + i];
  }
  let states = new Map<number, number>([[encode(), 1]]);
  let unstruck = 1;
  const saved = new Int32Array(n);
  const savedSeverity = new Uint8Array(n);
  const savedOrder = new Uint8Array(n);

  for (let t = 0; t < turns; t++) {
    const next = new Map<number, number>();
    let failed = false;
    const put = (p: number) => {
      const key = encode();
      if (key < 0) failed = true;
      else next.set(key, (next.get(key) ?? 0) + p);
    };
    for (const [key, prob] of states) {
      decode(key);
      investTurn(plan, points, order, pointer, r);
      const m = pursued(points, order, from, n);
      const invested = points[m];
      const strike = Math.min(1, invested / RIVAL_DIE);
      if (strike < 1) put(prob * (1 - strike));
      if (strike === 0) continue;
      const ps = prob * strike;
      out.strikes += ps;
      const wasStruck = struck;
      struck = 1;
      points[m] = 0;
      initiated(order, from, n, m);
      for (let i = 0; i < n; i++) {
        saved[i] = points[from + i];
        savedSeverity[i] = severity[from + i];
        savedOrder[i] = order[from + i];
      }
      const savedPointer = pointer[r];
      const savedCalamity = calamity;
      const q = plan.successFaces[m] / 4;
      const sev = severity[m];
      if (q > 0) {
        out.completed += ps * q;
        for (let face = 1; face <= 6; face++) {
          const pf = (ps * q) / 6;
          const code = sev * 6 + face - 1;
          out.kinds[CONSEQUENCE_OF_CODE[code]] += pf;
          out.wealthLowered += pf * wealthLoweredBy(code);
          severity[m] = nextSeverity(plan, m, sev, face);
          if (face === 6 && sev === 2) calamity = 1;
          put(pf);
          severity[m] = sev;
          calamity = savedCalamity;
        }
      }
      if (q < 1) {
        if (plan.speedChess) investPoints(points, order, from, n, invested >> 1, plan.focus, pointer, r, m);
        severity[m] = nextSeverity(plan, m, sev, 0);
        put(ps * (1 - q));
        for (let i = 0; i < n; i++) {
          points[from + i] = saved[i];
          severity[from + i] = savedSeverity[i];
          order[from + i] = savedOrder[i];
        }
        pointer[r] = savedPointer;
      }
      struck = wasStruck;
    }
    if (failed || next.size > maxStates) return undefined;
    states = next;
    let still = 0;
    for (const [key, prob] of states) if (Math.floor(key / 2) % 2 === 0) still += prob;
    out.firstStrike[t] = unstruck - still;
    unstruck = still;
  }
  out.firstStrike[turns] = unstruck;
  for (const [key, prob] of states) if (key % 2 === 1) out.calamity += prob;
  return out;
}
