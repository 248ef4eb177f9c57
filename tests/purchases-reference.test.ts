/**
 * The campaign's purchase loop (CampaignTrial.buy, docs/rulings/purchases.md) against a
 * slow, obvious reference written from the rulings, on many random states: equipment for
 * each troupe without it in order, then one lost asset bought back, then medical help PC by
 * PC, then (buy.task, on a turn with jobs) tasks for the jobs a round at a time, while a PC
 * besides the buyer is left to take part; the turn's coins first, then (payWith "liquid") liquid coins of the company's rank,
 * else (liquidRank "earned") liquid coins of one other rank alone, above or below it, at that
 * rank's price (the rank needing fewest coins, the lowest on a tie), else (payWith "points") the turn's coins
 * and the company's rank's liquid coins with investment points traded in at 2 a coin still
 * owed, never below the rank's minimum.
 * Each purchase is a PC's action (buy.action "pc", the default): the buying troupe's last
 * PC who is alive, out of bed and has not spent its action this turn; a troupe with nobody
 * free buys nothing. Three troupes of a captain and two minions: troupe i holds PCs 3i..3i+2.
 * Prices and the rank table are typed from the text here, not taken from the engine (a
 * campaign audit found the engine's own `price`, `rankOf` and `minimumPoints` imported).
 */
import { describe, expect, test } from 'vitest';
import { RandomStream } from '../sim/random.ts';
import { viciousnessRules } from '../sim/rules.ts';
import { campaignSetup } from '../sim/viciousness/campaign.ts';
import { CampaignPlan, CampaignTrial, METRIC } from '../sim/viciousness/campaignPlay.ts';
import { price } from '../sim/viciousness/purchases.ts';
import { rankOf } from '../sim/viciousness/wealth.ts';

/**
 * Coins an item costs, typed here from viciousness.txt (not the engine's `price`): "The
 * following items each cost 1 coin to their corresponding rank", "Each rank below yours: -2",
 * "Each rank above yours: +2", "If something's price ends up below 0, it may be obtained
 * without spending coin. If it ends up above 4, it isn't obtainable with money."
 */
function textPrice(itemRank: number, rank: number, modifiers = 0): number {
  let p = 1 + modifiers;
  for (let r = itemRank; r < rank; r++) p -= 2;
  for (let r = rank; r < itemRank; r++) p += 2;
  if (p > 4) return Infinity;
  return p < 0 ? 0 : p;
}

/** The text's table: "| Rank | 1 | 2 | 3 | 4 | 5 | 6 | 7 |" / "| Points | 0 | 15 | 30 | 45 | 60 | 75 | 90 |". */
const TEXT_RANK_POINTS = [0, 15, 30, 45, 60, 75, 90];

interface State {
  rank: number;
  coins: number;
  liquid: number;
  active: number[];
  equipped: number[];
  owed: number;
  alive: number[];
  bedUntil: number[];
  treated: number[];
  /** 1: the PC has spent this turn's action already. */
  spent: number[];
  /** 1: the PC is rattled (it sits the job out to rest: restWhenRattled, the default). */
  rattled?: number[];
  /** Investment points above the rank's minimum (payWith "points" trades them in). */
  extra?: number;
  /** Liquid coins of each rank (index), besides `liquid` of the company's: with liquidRank "earned" those above and below pay at their own rank's price. */
  other?: number[];
}

/** What pays, as the reference reads buy.payWith and buy.liquidRank. */
interface Wallet { liquid: boolean; points: boolean; earned: boolean }
const WALLET: Record<string, Wallet> = {
  turnCoins: { liquid: false, points: false, earned: false },
  // buy.liquidRank left out: "earned", the default since December 2026.
  liquid: { liquid: true, points: false, earned: true },
}

/** The company the purchase-loop suites buy for: three troupes of a captain and two minions (9 PCs). */
const NINE_PCS = { turns: 10, company: { name: 'co' }, troupes: [{ name: 't', count: 3, captain: {}, minions: [{ name: 'm', count: 2 }] }] };
/** What they buy: equipment of rank 3 (+1), a lost asset and medical help of rank 2; TASK, a rank-2 task up to 2 a job. */
const ITEMS = { equipment: { dice: ['d4'], itemRank: 3, modifiers: 1 }, asset: { itemRank: 2 }, medical: { itemRank: 2 } };
const TASK = { itemRank: 2, perJob: 2 };

/** A trial put in state `s` at turn `t` (the reference starts from the same state). */
function putState(trial: CampaignTrial, s: State, t: number): void {
  trial.points = TEXT_RANK_POINTS[s.rank - 1] + (s.extra ?? 0);
  trial.liquid.fill(0);
  if (s.other) trial.liquid.set(s.other);
  trial.liquid[s.rank] = s.liquid;
  trial.troupeActive.set(s.active);
  trial.equipped.set(s.equipped);
  trial.assetsOwed = s.owed;
  trial.alive.set(s.alive);
  trial.woundedUntil.set(s.bedUntil);
  trial.treated.set(s.treated);
  if (s.rattled) trial.rattled.set(s.rattled);
  trial.spentTurn.set(s.spent.map((x) => (x ? t : 0)));
}

/** buy.task as the reference plays it: a rank-`itemRank` task, up to `perJob` a job of `challenges`; none on a turn without jobs. */
interface TaskBuy { itemRank: number; perJob: number; challenges: number; jobs: boolean }

/** What the rulings say the purchases of one turn `t` do to a state. */
function reference(s: State, t: number, wallet: Wallet, takesAction: boolean, task?: TaskBuy) {
  const out = structuredClone(s);
  // The PC of troupe i who makes a purchase: -1 when nobody can; anyone (9) when it takes no action.
  const buyer = (i: number) => {
    if (!takesAction) return 9;
    for (let pc = 3 * i + 2; pc >= 3 * i; pc--) if (out.alive[pc] && out.bedUntil[pc] < t && !out.spent[pc]) return pc;
    return -1;
  };
  const spend = (pc: number) => {
    if (pc < 9) out.spent[pc] = 1;
  };
  let spent = 0;
  let liquidSpent = 0;
  let traded = 0;
  out.other ??= [0, 0, 0, 0, 0, 0, 0, 0];
  out.extra ??= 0;
  let equipment = 0;
  let assets = 0;
  let medical = 0;
  // An item of rank `itemRank` (with `modifiers`): paid in one rank's coins, or not at all.
  const pay = (itemRank: number, modifiers = 0) => {
    const cost = textPrice(itemRank, s.rank, modifiers);
    // At the company's rank: the turn's coins, then (liquid) its liquid coins.
    if (cost <= out.coins) {
      out.coins -= cost;
      spent += cost;
      return true;
    }
    if (!wallet.liquid) return false;
    if (cost <= out.coins + out.liquid) {
      out.liquid -= cost - out.coins;
      liquidSpent += cost - out.coins;
      spent += out.coins;
      out.coins = 0;
      return true;
    }
    // (earned) The liquid coins of one rank r among `ranks` alone: "the same buying power
    // as standard coins of their rank", which "do not increase or decrease in buying power"
    // with the company's, so the item's price at r, in rank-r coins alone (no coin of the
    // company's rank joins them: the text gives no rate between ranks), one at least. Of
    // the ranks holding enough, the fewest coins, then the lowest rank.
    const inOneRank = (ranks: number[]) => {
      const ways: { r: number; n: number }[] = [];
      for (const r of ranks) {
        const n = Math.max(1, textPrice(itemRank, r, modifiers));
        if (n <= out.other![r]) ways.push({ r, n });
      }
      ways.sort((a, b) => a.n - b.n || a.r - b.r);
      if (ways.length === 0) return false;
      out.other![ways[0].r] -= ways[0].n;
      liquidSpent += ways[0].n;
      return true;
    };
    // Cheapest first, a liquid coin being a point at the bank: a higher rank's coins (kept
    // from a demotion), then points, then a lower rank's (kept from a promotion).
    if (wallet.earned && inOneRank([1, 2, 3, 4, 5, 6, 7].filter((r) => r > s.rank))) return true;
    // (points) The company's rank again with points traded in, 2 a coin still owed, never
    // below the rank's minimum.
    if (wallet.points && cost !== Infinity) {
      const owed = cost - out.coins - out.liquid;
      if (2 * owed <= out.extra!) {
        spent += out.coins;
        out.coins = 0;
        liquidSpent += out.liquid;
        out.liquid = 0;
        out.extra! -= 2 * owed;
        traded += 2 * owed;
        return true;
      }
    }
    return wallet.earned && inOneRank([1, 2, 3, 4, 5, 6, 7].filter((r) => r < s.rank));
  };
  // Equipment (rank 3, custom-built +1), troupes in order, stopping at the first it cannot pay.
  for (let i = 0; i < out.active.length; i++) {
    if (!out.active[i] || out.equipped[i]) continue;
    const b = buyer(i);
    if (b < 0) continue;
    if (!pay(3, 1)) break;
    spend(b);
    out.equipped[i] = 1;
    equipment++;
  }
  // One lost asset back (rank 2), by the first standing troupe with a PC free.
  if (out.owed > 0) {
    // With no action needed, still by a standing troupe: a company with none buys nothing
    // (a campaign audit: it bought its lost assets back every turn).
    let b = -1;
    for (let i = 0; i < 3 && b < 0; i++) if (out.active[i]) b = buyer(i);
    if (b >= 0 && pay(2)) {
      spend(b);
      out.owed--;
      assets++;
    }
  }
  // Medical help (rank 2), PCs in order, once per wound, for the living in bed this turn.
  for (let pc = 0; pc < out.alive.length; pc++) {
    if (!out.alive[pc] || out.bedUntil[pc] < t || out.treated[pc]) continue;
    const b = buyer(Math.floor(pc / 3));
    if (b < 0) continue;
    if (!pay(2)) break;
    spend(b);
    out.treated[pc] = 1;
    out.bedUntil[pc] -= 1;
    medical++;
  }
  // Tasks (rank `itemRank`), last: a round at a time, each standing troupe in order buying
  // its k-th task, up to perJob and the job's challenges, only while a PC besides the buyer
  // would take part in the job (alive, out of bed, action left, not resting a rattle);
  // stopping at the first it cannot pay.
  const tasks = [0, 0, 0];
  if (task?.jobs) {
    const joins = (pc: number, b: number) => pc !== b && out.alive[pc] && out.bedUntil[pc] < t && !out.spent[pc] && !out.rattled?.[pc];
    rounds: for (let k = 0; k < Math.min(task.perJob, task.challenges); k++) {
      for (let i = 0; i < 3; i++) {
        if (!out.active[i] || tasks[i] !== k) continue;
        const b = buyer(i);
        if (b < 0) continue;
        if (![3 * i, 3 * i + 1, 3 * i + 2].some((pc) => joins(pc, b))) continue;
        if (!pay(task.itemRank)) break rounds;
        spend(b);
        tasks[i]++;
      }
    }
  }
  return { out, spent, liquidSpent, traded, equipment, assets, medical, tasks };
}

test('the engine\'s price and rank table are the text\'s, at every item rank, company rank and modifier', () => {
  for (let rank = 1; rank <= 7; rank++) {
    for (let item = 1; item <= 7; item++) for (let m = -3; m <= 3; m++) expect([item, rank, m, price(item, rank, m)]).toEqual([item, rank, m, textPrice(item, rank, m)]);
    expect(rankOf(TEXT_RANK_POINTS[rank - 1])).toBe(rank);
    if (rank > 1) expect(rankOf(TEXT_RANK_POINTS[rank - 1] - 1)).toBe(rank - 1);
  }
});

describe('the purchase loop against the reference', () => {
  for (const [payWith, action] of [['turnCoins', 'pc'], ['liquid', 'pc'], ['turnCoins', 'free']] as const) {
    test(`payWith ${payWith}, action ${action}: 2000 random states`, () => {
      const setup = campaignSetup.parse({
        ...NINE_PCS,
        policy: {
          action: 'idle',
          buy: { ...ITEMS, payWith, action },
        },
      });
      const plan = new CampaignPlan(setup, viciousnessRules.parse({}));
      expect(plan.pcCount).toBe(9);
      const trial = new CampaignTrial(plan);
      const buy = (trial as unknown as { buy(coins: number, t: number): void }).buy.bind(trial);
      const random = RandomStream.fromKey(`purchases:${payWith}:${action}`);
      const pick = (n: number) => random.below(n);
      let bought = 0;
      let lower = 0;
      for (let k = 0; k < 2000; k++) {
        trial.reset();
        const t = 5;
        const rank = 1 + pick(5);
        const s: State = {
          rank,
          coins: pick(5),
          liquid: pick(6),
          // Kept from other ranks (a demotion, a promotion): those above and below pay by
          // default. The rank just below, the only lower one that can pay (3 or 4 of its coins
          // where the company's rank pays 1 or 2; two ranks below it costs 5 or more, not for sale), holds up to 8.
          other: Array.from({ length: 8 }, (_, r) => (r === 0 || r === rank ? 0 : r === rank - 1 ? (pick(2) === 0 ? pick(9) : 0) : pick(3) === 0 ? pick(3) : 0)),
          active: Array.from({ length: 3 }, () => (pick(4) === 0 ? 0 : 1)),
          equipped: Array.from({ length: 3 }, () => pick(2)),
          owed: pick(3),
          alive: Array.from({ length: plan.pcCount }, () => (pick(5) === 0 ? 0 : 1)),
          bedUntil: Array.from({ length: plan.pcCount }, () => pick(9)),
          treated: Array.from({ length: plan.pcCount }, () => pick(2)),
          spent: Array.from({ length: plan.pcCount }, () => (pick(3) === 0 ? 1 : 0)),
        };
        putState(trial, s, t);
        const assetsBefore = trial.assets;
        buy(s.coins, t);
        const want = reference(s, t, WALLET[payWith], action === 'pc');
        expect(Array.from(trial.spentTurn, (x) => (x === t ? 1 : 0))).toEqual(want.out.spent);
        expect(Array.from(trial.equipped)).toEqual(want.out.equipped);
        expect(Array.from(trial.treated)).toEqual(want.out.treated);
        expect(Array.from(trial.woundedUntil)).toEqual(want.out.bedUntil);
        expect(trial.assetsOwed).toBe(want.out.owed);
        expect(trial.assets - assetsBefore).toBe(want.assets);
        const liquid = [...want.out.other!];
        liquid[s.rank] = want.out.liquid;
        expect(Array.from(trial.liquid)).toEqual(liquid);
        expect(trial.acc[METRIC.coinsSpent]).toBe(want.spent);
        expect(trial.acc[METRIC.liquidSpent]).toBe(want.liquidSpent);
        expect(trial.acc[METRIC.equipmentBought]).toBe(want.equipment);
        expect(trial.acc[METRIC.assetsBought]).toBe(want.assets);
        expect(trial.acc[METRIC.medicalBought]).toBe(want.medical);
        bought += want.equipment + want.assets + want.medical + want.liquidSpent;
        for (let r = 1; r < rank; r++) lower += s.other![r] - want.out.other![r];
      }
      // The states exercise the loop (not every state buys nothing), and with liquid coins a
      // lower rank's coins pay.
      expect(bought).toBeGreaterThan(1000);
      if (WALLET[payWith].earned) expect(lower).toBeGreaterThan(30);
    });
  }
});

describe('a purchase is the turn action of its buyer, before the Medics push', () => {
  test('a Medic who fetches the surgeon for its captain does not push too (restTurns): it is not left rattled', () => {
    for (const action of ['pc', 'free'] as const) {
      const setup = campaignSetup.parse({
        turns: 10,
        company: { name: 'co', rank: 3 },
        troupes: [{ name: 't', captain: {}, minions: [{ name: 'doc', traits: ['medic', 'acrobat'] }] }],
        policy: { jobEvery: 2, job: { challenges: 2 }, medicPush: 'restTurns', buy: { medical: { itemRank: 2 }, action } },
      });
      const trial = new CampaignTrial(new CampaignPlan(setup, viciousnessRules.parse({})));
      trial.reset();
      // Turn 2 is a rest turn; the captain (PC 0) is in bed until turn 4.
      trial.woundedUntil[0] = 4;
      trial.playTurn(RandomStream.fromKey('medic-buys'), 2);
      expect(trial.acc[METRIC.medicalBought]).toBe(1);
      // "pc": the Medic's turn went on the purchase, so no push; "free": it pushes and rests it off.
      expect([action, trial.rattled[1], trial.acc[METRIC.medicPushes]]).toEqual(action === 'pc' ? ['pc', 0, 0] : ['free', 0, 1]);
    }
  });
});

describe('tasks (buy.task) come last in the loop, against the reference', () => {
  for (const [payWith, action] of [['turnCoins', 'pc'], ['liquid', 'pc'], ['turnCoins', 'free']] as const) {
    test(`payWith ${payWith}, action ${action}: 2000 random states, after equipment, a lost asset and medical help`, () => {
      const challenges = 3;
      const setup = campaignSetup.parse({
        ...NINE_PCS,
        policy: {
          job: { challenges },
          buy: { ...ITEMS, task: TASK, payWith, action },
        },
      });
      const plan = new CampaignPlan(setup, viciousnessRules.parse({}));
      const trial = new CampaignTrial(plan);
      const buy = (trial as unknown as { buy(coins: number, t: number, jobs: boolean): void }).buy.bind(trial);
      const random = RandomStream.fromKey(`purchases-task:${payWith}:${action}`);
      const pick = (n: number) => random.below(n);
      let tasksBought = 0;
      for (let k = 0; k < 2000; k++) {
        trial.reset();
        const t = 5;
        const jobs = pick(4) !== 0;
        const s: State = {
          rank: 1 + pick(5),
          coins: pick(6),
          liquid: pick(6),
          active: Array.from({ length: 3 }, () => (pick(4) === 0 ? 0 : 1)),
          equipped: Array.from({ length: 3 }, () => (pick(3) === 0 ? 0 : 1)),
          owed: pick(2),
          alive: Array.from({ length: plan.pcCount }, () => (pick(5) === 0 ? 0 : 1)),
          bedUntil: Array.from({ length: plan.pcCount }, () => pick(7)),
          treated: Array.from({ length: plan.pcCount }, () => (pick(3) === 0 ? 0 : 1)),
          spent: Array.from({ length: plan.pcCount }, () => (pick(4) === 0 ? 1 : 0)),
          rattled: Array.from({ length: plan.pcCount }, () => (pick(4) === 0 ? 1 : 0)),
        };
        putState(trial, s, t);
        buy(s.coins, t, jobs);
        const want = reference(s, t, WALLET[payWith], action === 'pc', { ...TASK, challenges, jobs });
        expect(Array.from(trial.troupeTasks)).toEqual(want.tasks);
        expect(Array.from(trial.spentTurn, (x) => (x === t ? 1 : 0))).toEqual(want.out.spent);
        expect(Array.from(trial.equipped)).toEqual(want.out.equipped);
        expect(Array.from(trial.treated)).toEqual(want.out.treated);
        expect(trial.liquid[s.rank]).toBe(want.out.liquid);
        expect(trial.acc[METRIC.coinsSpent]).toBe(want.spent);
        expect(trial.acc[METRIC.liquidSpent]).toBe(want.liquidSpent);
        expect(trial.acc[plan.tasksAt]).toBe(want.tasks.reduce((a, b) => a + b, 0));
        tasksBought += want.tasks.reduce((a, b) => a + b, 0);
      }
      // The states exercise the task loop (rounds of two, stops, nobody left for the job).
      expect(tasksBought).toBeGreaterThan(400);
    });
  }
});

describe('what pays (buy.payWith "points", buy.liquidRank "earned") against the reference', () => {
  const wallets = [
    ['points', 'company', { liquid: true, points: true, earned: false }],
    ['liquid', 'earned', { liquid: true, points: false, earned: true }],
    ['points', 'earned', { liquid: true, points: true, earned: true }],
  ] as const;
  for (const [payWith, liquidRank, wallet] of wallets) {
    test(`payWith ${payWith}, liquidRank ${liquidRank}: 2000 random states with points above the rank's minimum and liquid coins of every rank`, () => {
      const challenges = 3;
      const setup = campaignSetup.parse({
        ...NINE_PCS,
        policy: {
          job: { challenges },
          bank: 'none',
          buy: { ...ITEMS, task: TASK, payWith, liquidRank },
        },
      });
      const plan = new CampaignPlan(setup, viciousnessRules.parse({}));
      expect(plan.tradedAt >= 0).toBe(payWith === 'points');
      const trial = new CampaignTrial(plan);
      const buy = (trial as unknown as { buy(coins: number, t: number, jobs: boolean): void }).buy.bind(trial);
      const random = RandomStream.fromKey(`purchases-wallet:${payWith}:${liquidRank}`);
      const pick = (n: number) => random.below(n);
      let traded = 0;
      let higher = 0;
      let lower = 0;
      let bought = 0;
      for (let k = 0; k < 2000; k++) {
        trial.reset();
        const t = 5;
        const jobs = pick(4) !== 0;
        const rank = 1 + pick(5);
        const s: State = {
          rank,
          coins: pick(4),
          liquid: pick(3),
          active: Array.from({ length: 3 }, () => (pick(4) === 0 ? 0 : 1)),
          equipped: Array.from({ length: 3 }, () => pick(2)),
          owed: pick(2),
          alive: Array.from({ length: plan.pcCount }, () => (pick(5) === 0 ? 0 : 1)),
          bedUntil: Array.from({ length: plan.pcCount }, () => pick(7)),
          treated: Array.from({ length: plan.pcCount }, () => pick(2)),
          spent: Array.from({ length: plan.pcCount }, () => (pick(4) === 0 ? 1 : 0)),
          extra: pick(15),
          // Up to 8 of the rank just below: it pays 3 or 4 of its coins where the company's rank pays 1 or 2.
          other: Array.from({ length: 8 }, (_, r) => (r === 0 || r === rank ? 0 : r === rank - 1 ? (pick(2) === 0 ? pick(9) : 0) : pick(3) === 0 ? pick(3) : 0)),
        };
        putState(trial, s, t);
        buy(s.coins, t, jobs);
        const want = reference(s, t, wallet, true, { ...TASK, challenges, jobs });
        expect(Array.from(trial.troupeTasks)).toEqual(want.tasks);
        expect(Array.from(trial.spentTurn, (x) => (x === t ? 1 : 0))).toEqual(want.out.spent);
        expect(Array.from(trial.equipped)).toEqual(want.out.equipped);
        expect(Array.from(trial.treated)).toEqual(want.out.treated);
        expect(trial.assetsOwed).toBe(want.out.owed);
        const liquid = [...want.out.other!];
        liquid[rank] = want.out.liquid;
        expect(Array.from(trial.liquid)).toEqual(liquid);
        expect(trial.points).toBe(TEXT_RANK_POINTS[rank - 1] + want.out.extra!);
        expect(rankOf(trial.points)).toBe(rank);
        expect(trial.acc[METRIC.coinsSpent]).toBe(want.spent);
        expect(trial.acc[METRIC.liquidSpent]).toBe(want.liquidSpent);
        expect(plan.tradedAt < 0 ? 0 : trial.acc[plan.tradedAt]).toBe(want.traded);
        expect(trial.acc[METRIC.equipmentBought]).toBe(want.equipment);
        expect(trial.acc[METRIC.medicalBought]).toBe(want.medical);
        traded += want.traded;
        for (let r = rank + 1; r <= 7; r++) higher += s.other![r] - want.out.other![r];
        for (let r = 1; r < rank; r++) lower += s.other![r] - want.out.other![r];
        bought += want.equipment + want.assets + want.medical + want.tasks.reduce((a, b) => a + b, 0);
      }
      // The states exercise what is new: points traded, coins of a higher and of a lower rank spent.
      if (wallet.points) expect(traded).toBeGreaterThan(500);
      if (wallet.earned) expect(higher).toBeGreaterThan(200);
      if (wallet.earned) expect(lower).toBeGreaterThan(50);
      if (!wallet.earned) expect(lower).toBe(0);
      expect(bought).toBeGreaterThan(1000);
    });
  }
});

describe('liquid coins of another rank, higher or lower, pay at their own rank\'s price (liquidRank "earned"), hand-made states', () => {
  // One troupe without equipment (rank 3, custom-built +1: 6 coins at rank 1, not for sale;
  // 4 at rank 2; 2 at rank 3; 1 at rank 4) or one PC in bed (medical help, rank 2: 3 at
  // rank 1, 1 at rank 2, 0 at rank 3 — still a coin when paid in rank-3 coins). Checked
  // against both the engine and the reference, and against the figures worked by hand.
  // (A lower rank's coin buys what a company of its rank buys: an item of price p at the
  // company's rank costs p + 2 a rank below, so only the rank just below can pay, 3 or 4 of
  // its coins where the company's rank asks 1 or 2, and only where no higher rank can.)
  const base = (rank: number, coins: number, other: number[], extra = 0): State => ({
    rank,
    coins,
    liquid: 0,
    other,
    extra,
    active: [1, 0, 0],
    equipped: [0, 1, 1],
    owed: 0,
    alive: [1, 1, 1, 0, 0, 0, 0, 0, 0],
    bedUntil: [0, 0, 0, 0, 0, 0, 0, 0, 0],
    treated: [0, 0, 0, 0, 0, 0, 0, 0, 0],
    spent: [0, 0, 0, 0, 0, 0, 0, 0, 0],
  });
  const inBed = (s: State): State => ({ ...s, equipped: [1, 1, 1], bedUntil: [6, 0, 0, 0, 0, 0, 0, 0, 0] });
  // Two troupes without equipment, the second's PCs 3 to 5.
  const twoTroupes = (s: State): State => ({ ...s, active: [1, 1, 0], equipped: [0, 0, 1], alive: [1, 1, 1, 1, 1, 1, 0, 0, 0] });
  const cases: { name: string; s: State; payWith?: 'liquid' | 'points'; liquidRank?: 'earned' | 'company'; want: { other: number[]; liquidSpent: number; spent: number; bought: number; traded?: number } }[] = [
    {
      // The audit's case: over 4 at the company's rank, refused before any liquid coin was looked at.
      name: 'a price over 4 at the company\'s rank (6 at rank 1) is paid in rank-3 coins at rank 3\'s price (2)',
      s: base(1, 1, [0, 0, 0, 2, 0, 0, 0, 0]),
      want: { other: [0, 0, 0, 0, 0, 0, 0, 0], liquidSpent: 2, spent: 0, bought: 1 },
    },
    {
      name: 'of two higher ranks that can pay, the one needing fewer coins: 2 rank-3 coins, not 4 rank-2 coins',
      s: base(1, 0, [0, 0, 4, 2, 0, 0, 0, 0]),
      want: { other: [0, 0, 4, 0, 0, 0, 0, 0], liquidSpent: 2, spent: 0, bought: 1 },
    },
    {
      // Converted at 1 + 2(r − R), lowest first, the rank-3 coin (worth 3) and the rank-4
      // coin (worth 5) were both spent on a price of 4.
      name: 'no overpaying: price 4 at rank 2 with a rank-3 and a rank-4 coin spends the rank-4 coin alone (1 at rank 4)',
      s: base(2, 0, [0, 0, 0, 1, 1, 0, 0, 0]),
      want: { other: [0, 0, 0, 1, 0, 0, 0, 0], liquidSpent: 1, spent: 0, bought: 1 },
    },
    {
      name: 'on a tie in coins, the lowest rank: medical help (3 at rank 1) is a rank-2 coin, not a rank-3 one',
      s: inBed(base(1, 0, [0, 0, 1, 1, 0, 0, 0, 0])),
      want: { other: [0, 0, 0, 1, 0, 0, 0, 0], liquidSpent: 1, spent: 0, bought: 1 },
    },
    {
      // A price is paid in one rank's coins: the turn's 3 coins of rank 2 do not join them.
      name: 'the turn\'s coins never join a higher rank\'s: 3 turn coins and a rank-3 coin short of 2 buy nothing at rank 2',
      s: base(2, 3, [0, 0, 0, 1, 0, 0, 0, 0]),
      want: { other: [0, 0, 0, 1, 0, 0, 0, 0], liquidSpent: 0, spent: 0, bought: 0 },
    },
    {
      name: 'a price the turn\'s coins cover is paid at the company\'s rank, the higher coins kept',
      s: base(2, 4, [0, 0, 0, 2, 0, 0, 0, 0]),
      want: { other: [0, 0, 0, 2, 0, 0, 0, 0], liquidSpent: 0, spent: 4, bought: 1 },
    },
    {
      // payWith "points": 2 turn coins leave 2 owed (4 points), a rank-4 coin pays it alone.
      name: 'with payWith "points", a higher rank\'s coins pay before any point is traded',
      s: base(2, 2, [0, 0, 0, 0, 1, 0, 0, 0], 10),
      payWith: 'points',
      want: { other: [0, 0, 0, 0, 0, 0, 0, 0], liquidSpent: 1, spent: 0, bought: 1, traded: 0 },
    },
    {
      name: 'with payWith "points" and no higher rank able to pay, points are traded for what the company\'s rank leaves',
      s: base(2, 2, [0, 0, 0, 1, 0, 0, 0, 0], 10),
      payWith: 'points',
      want: { other: [0, 0, 0, 1, 0, 0, 0, 0], liquidSpent: 0, spent: 2, bought: 1, traded: 4 },
    },
    // Coins of a rank below the company's, kept from before a promotion ("Should a company
    // raise … their rank, the liquid coins they earned do not increase … in buying power
    // with them"). Until December 2026 they paid nothing: each case marked (new) below
    // bought nothing there.
    {
      name: '(new) a coin kept from before a promotion pays at its own rank\'s price: at rank 3, equipment (2 at rank 3) is 4 rank-2 coins',
      s: base(3, 0, [0, 0, 4, 0, 0, 0, 0, 0]),
      want: { other: [0, 0, 0, 0, 0, 0, 0, 0], liquidSpent: 4, spent: 0, bought: 1 },
    },
    {
      name: '(new) at rank 2, medical help (1 at rank 2) is 3 rank-1 coins',
      s: inBed(base(2, 0, [0, 4, 0, 0, 0, 0, 0, 0])),
      want: { other: [0, 1, 0, 0, 0, 0, 0, 0], liquidSpent: 3, spent: 0, bought: 1 },
    },
    {
      name: 'too few of a lower rank buy nothing: 3 rank-2 coins at rank 3, where equipment is 4 at rank 2',
      s: base(3, 0, [0, 0, 3, 0, 0, 0, 0, 0]),
      want: { other: [0, 0, 3, 0, 0, 0, 0, 0], liquidSpent: 0, spent: 0, bought: 0 },
    },
    {
      name: 'two ranks below is not for sale there: 5 rank-1 coins at rank 3 buy no equipment (6 at rank 1, over 4)',
      s: base(3, 0, [0, 5, 0, 0, 0, 0, 0, 0]),
      want: { other: [0, 5, 0, 0, 0, 0, 0, 0], liquidSpent: 0, spent: 0, bought: 0 },
    },
    {
      // The turn's coin (of rank 3) does not join the rank-2 coins: they pay the whole price alone.
      name: '(new) the turn\'s coins never join a lower rank\'s: at rank 3, 1 turn coin and 4 rank-2 coins pay with the 4, the turn coin kept',
      s: base(3, 1, [0, 0, 4, 0, 0, 0, 0, 0]),
      want: { other: [0, 0, 0, 0, 0, 0, 0, 0], liquidSpent: 4, spent: 0, bought: 1 },
    },
    {
      name: 'and 1 turn coin and 3 rank-2 coins (2 at rank 3 short of 1, 4 at rank 2 short of 1) buy nothing',
      s: base(3, 1, [0, 0, 3, 0, 0, 0, 0, 0]),
      want: { other: [0, 0, 3, 0, 0, 0, 0, 0], liquidSpent: 0, spent: 0, bought: 0 },
    },
    {
      // The first troupe's: a rank-4 coin (1) against 4 rank-2 coins, the fewest; the
      // second's: the rank-2 coins, the only rank left that can pay.
      name: '(new) fewest coins first: at rank 3 the rank-4 coin buys the first troupe\'s equipment, the 4 rank-2 coins the second\'s',
      s: twoTroupes(base(3, 0, [0, 0, 4, 0, 1, 0, 0, 0])),
      want: { other: [0, 0, 0, 0, 0, 0, 0, 0], liquidSpent: 5, spent: 0, bought: 2 },
    },
    {
      // payWith "points": 1 turn coin leaves 1 owed at rank 3, 2 points, where the rank-2
      // coins would cost 4 (4 points at the bank): the points are traded, the coins kept (a
      // review: they paid first, giving up 4 where the turn's coin and 2 points would do).
      name: '(new) with payWith "points", points are traded before a lower rank\'s coins pay: the dearer way last',
      s: base(3, 1, [0, 0, 4, 0, 0, 0, 0, 0], 10),
      payWith: 'points',
      want: { other: [0, 0, 4, 0, 0, 0, 0, 0], liquidSpent: 0, spent: 1, bought: 1, traded: 2 },
    },
    {
      // The same with 1 point above the rank's minimum: no trade can be made; the rank-2 coins pay.
      name: '(new) with payWith "points" and no point to trade, a lower rank\'s coins still pay',
      s: base(3, 1, [0, 0, 4, 0, 0, 0, 0, 0], 1),
      payWith: 'points',
      want: { other: [0, 0, 0, 0, 0, 0, 0, 0], liquidSpent: 4, spent: 0, bought: 1, traded: 0 },
    },
    {
      name: 'liquidRank "company": the rank-2 coins buy nothing at rank 3, as before December 2026',
      s: base(3, 0, [0, 0, 4, 0, 0, 0, 0, 0]),
      liquidRank: 'company',
      want: { other: [0, 0, 4, 0, 0, 0, 0, 0], liquidSpent: 0, spent: 0, bought: 0 },
    },
    {
      name: 'liquidRank "company": the rank-3 coins buy nothing at rank 1, as before December 2026',
      s: base(1, 1, [0, 0, 0, 2, 0, 0, 0, 0]),
      liquidRank: 'company',
      want: { other: [0, 0, 0, 2, 0, 0, 0, 0], liquidSpent: 0, spent: 0, bought: 0 },
    },
  ];
  for (const c of cases) {
    test(c.name, () => {
      const payWith = c.payWith ?? 'liquid';
      const liquidRank = c.liquidRank ?? 'earned';
      const setup = campaignSetup.parse({ ...NINE_PCS, policy: { action: 'idle', bank: 'none', buy: { ...ITEMS, payWith, liquidRank } } });
      const plan = new CampaignPlan(setup, viciousnessRules.parse({}));
      const trial = new CampaignTrial(plan);
      const buy = (trial as unknown as { buy(coins: number, t: number): void }).buy.bind(trial);
      trial.reset();
      putState(trial, c.s, 5);
      buy(c.s.coins, 5);
      const want = reference(c.s, 5, { liquid: true, points: payWith === 'points', earned: liquidRank === 'earned' }, true);
      const liquid = [...c.want.other];
      const engine = {
        other: Array.from(trial.liquid),
        liquidSpent: trial.acc[METRIC.liquidSpent],
        spent: trial.acc[METRIC.coinsSpent],
        bought: trial.acc[METRIC.equipmentBought] + trial.acc[METRIC.medicalBought],
        traded: plan.tradedAt < 0 ? 0 : trial.acc[plan.tradedAt],
      };
      const ref = { other: want.out.other!, liquidSpent: want.liquidSpent, spent: want.spent, bought: want.equipment + want.medical, traded: want.traded };
      const hand = { ...c.want, other: liquid, traded: c.want.traded ?? 0 };
      expect(ref).toEqual(hand);
      expect(engine).toEqual(hand);
    });
  }
});
