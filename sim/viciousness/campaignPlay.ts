/**
 * One campaign turn after another (docs/rules.md "Wealth and the campaign": rivals invest
 * and roll; each troupe takes its actions; the company banks rewards by its policy;
 * consequences land). CampaignPlan converts a setup once into flat arrays and codes;
 * CampaignTrial holds one campaign's state in typed arrays, allocated once per `run` and
 * reset per trial. Readings and policy fields: docs/rulings/campaign.md.
 */
import { eachDie } from '../dice.ts';
import { MAX_UNIFORM, type RandomStream } from '../random.ts';
import type { ViciousnessRules } from '../rules.ts';
import type { MetricSpec } from '../stats.ts';
import * as rivalDice from './rivalDice.ts';
import { CONSEQUENCE_KINDS, CONSEQUENCE_WORDS, RIVAL_DICE_METRICS, RivalPlan } from './rivalDice.ts';
import { RivalMemo } from './rivalMemo.ts';
import { MetricLayout, metricTable } from '../metrics.ts';
import { Skirmish } from './skirmish.ts';
import type { Aid } from './violence.ts';
import * as wealth from './wealth.ts';
import { CAPTAIN_TRAITS, DEFAULT_RANK, MAX_TRAITS, MINION_TRAITS, REWARD_BASELINE, replacementCost } from './wealth.ts';
import { COMBATANT_DIE } from './violence.ts';
import { price } from './purchases.ts';
import { PARTICIPANT_DIE } from './knaveryDice.ts';
import { pushBelow } from './knaveryPushes.ts';
import { GUARDS_PER_ACTIVE_CHALLENGE, noFightWhy, type CampaignSetup } from './campaignSetup.ts';
import { namesMedic, namesTrait, pushesForChallenges, traitCount, type MarksmanPush } from './traits.ts';
import { AMBITION_JOBS, AMBITION_NONE, AMBITION_RANK, ambitionCode, reservedPcs, traitRoom } from './advancement.ts';
import { DEFAULT_MAX_ROUNDS } from './battleSetup.ts';

// Local copies of what the per-turn loop uses from other modules: run under tsx, every
// read of an imported binding goes through a getter (its CommonJS interop), which cost
// about 15% of a whole campaign (measured with --cpu-prof on bench/campaign.ts).
const MIN_RANK = wealth.MIN_RANK;
const MAX_RANK = wealth.MAX_RANK;
/**
 * wealth.rankOf as a table up to rank 7's minimum (its loop was ~5% of a campaign: the
 * turn loop asks for the rank a dozen times a turn).
 */
const RANK_TABLE_TOP = wealth.RANK_MINIMUM[wealth.MAX_RANK - 1];
const RANK_TABLE = Uint8Array.from({ length: RANK_TABLE_TOP + 1 }, (_, points) => wealth.rankOf(points));
const rankOf = rankOfPoints;
export function rankOfPoints(points: number): number {
  return points >= RANK_TABLE_TOP ? MAX_RANK : points <= 0 ? MIN_RANK : RANK_TABLE[points];
}
const minimumPoints = wealth.minimumPoints;
const workAvailable = wealth.workAvailable;
const CONSEQUENCE_OF_CODE = rivalDice.CONSEQUENCE_OF_CODE;
const WEALTH_LOWERED = rivalDice.WEALTH_LOWERED;

/**
 * Investment points the per-turn histogram tells apart in a campaign of `turns`: 0..top−1
 * one by one, then one bin for `top` or more. The per-turn mean is kept exactly from sums.
 * A percentile (or an end of its interval) in the last bin is only known to be `top` or
 * more: the point's notes say so (campaign.ts pointsTopNote). The top is 1,000 (eleven
 * times rank 7's minimum of 90) for campaigns of up to 180 turns, and falls for longer ones
 * so that a point's histograms hold at most ~180,000 counts, down to 180 at 1,000 turns: a
 * shard's part file writes every count, and a review found a sweep of 147 points of
 * 1,000-turn campaigns over `merge`'s 256 MiB part limit at 1,000 a turn. (Until December
 * 2026 it was 180 at every length, which a rank-6 company of two troupes with a job every
 * turn passes by turn 18: a campaign audit found a median of 373 at turn 52 read 180
 * [180, 180], with nothing said.)
 */
export function pointsHistogramTop(turns: number): number {
  return Math.max(180, Math.min(1000, Math.floor(180_000 / turns)));
}

/** "Surviving wounded characters require 3 turns of bed rest before they may recover." */
export const BED_REST_TURNS = 3;

/**
 * The company-level metrics (sim/metrics.ts), in tally order; each rival's and the
 * consequence counts follow them (CAMPAIGN_METRICS).
 */
const COMPANY_METRICS = metricTable({
  rankFinal: { name: 'rank.final', kind: 'mean', label: 'mean final company rank', headline: true, min: MIN_RANK, max: MAX_RANK },
  pointsFinal: { name: 'points.final', kind: 'mean', label: 'mean final investment points', family: 'mean investment points', line: 'at the end' },
  demoted: { name: 'demoted', kind: 'probability', label: 'P(rank ever below start)', family: 'P(rank below start)', line: 'at some turn' },
  promoted: { name: 'promoted', kind: 'probability', label: 'P(rank ever above start)', family: 'P(rank above start)', line: 'at some turn' },
  // Where the company stands when the campaign ends: `demoted` counts a company that dipped
  // below its rank for a turn and won it back (one that starts at its rank's minimum
  // does so at its first lost point), and a GM asking whether it loses ground asks this.
  demotedFinal: { name: 'demoted.final', kind: 'probability', label: 'P(rank at the end below start)', family: 'P(rank below start)', line: 'at the end' },
  promotedFinal: { name: 'promoted.final', kind: 'probability', label: 'P(rank at the end above start)', family: 'P(rank above start)', line: 'at the end' },
  liquidFinal: { name: 'liquid.final', kind: 'mean', label: 'mean liquid coins at the end (of every rank, counted alike)', family: 'mean liquid coins', line: 'at the end' },
  coins: { name: 'coins', kind: 'mean', label: "mean coins of the company's troupes (one a turn each)", family: 'mean coins', line: 'received' },
  jobs: { name: 'jobs', kind: 'mean', label: 'mean jobs taken', family: 'mean jobs, and pushes in them', line: 'taken' },
  jobsSucceeded: { name: 'jobs.succeeded', kind: 'mean', label: "mean jobs succeeded (by the plan, the fight it came to, its free pushes' fallout, or a rival deal)", family: 'mean jobs, and pushes in them', line: 'succeeded' },
  jobsViolent: { name: 'jobs.violent', kind: 'mean', label: 'mean jobs that came to violence', family: 'mean jobs, and pushes in them', line: 'came to violence' },
  jobsPushed: { name: 'jobs.pushed', kind: 'mean', label: 'mean PCs who pushed to reroll a plan (jobs and interference)', family: 'mean jobs, and pushes in them', line: 'PCs who pushed' },
  coinsSpent: { name: 'coins.spent', kind: 'mean', label: "mean turn's coins spent on purchases (liquid coins: liquid.spent)", family: 'mean coins', line: 'spent on purchases' },
  interfered: { name: 'interfered', kind: 'mean', label: "mean times the company interfered with a rival's design" },
  foiled: { name: 'foiled', kind: 'mean', label: "mean rival designs foiled by the company's interference" },
  attempts: { name: 'attempts', kind: 'mean', label: "mean attempts on a PC's life fought (one with nobody able to fight is counted in consequence.attemptOnLife only)", family: 'mean attempts on the company', line: 'made' },
  attemptsRepelled: { name: 'attempts.repelled', kind: 'mean', label: 'mean attempts repelled', family: 'mean attempts on the company', line: 'repelled' },
  equipmentBought: { name: 'equipment.bought', kind: 'mean', label: 'mean equipment bought', family: 'mean equipment bought or lost', line: 'bought' },
  medicalBought: { name: 'medical.bought', kind: 'mean', label: 'mean medical attention bought' },
  jobsFreePushes: { name: 'jobs.freePushes', kind: 'mean', label: 'mean free pushes used in failed jobs', family: 'mean jobs, and pushes in them', line: 'free pushes' },
  jobsTraitPushes: { name: 'jobs.traitPushes', kind: 'mean', label: 'mean traits pushed to remove a challenge before a job (policy job.pushTraits)', family: 'mean jobs, and pushes in them', line: 'traits pushed' },
  jobsWon: { name: 'jobs.won', kind: 'mean', label: 'mean violent jobs won', family: 'mean jobs, and pushes in them', line: 'violent, won' },
  rivalDeals: { name: 'rivalDeals', kind: 'mean', label: "mean failed jobs that advanced a rival's design" },
  rewards: { name: 'rewards', kind: 'mean', label: 'mean coins earned from jobs' },
  banked: { name: 'banked', kind: 'mean', label: 'mean investment points banked' },
  deaths: { name: 'deaths', kind: 'mean', label: 'mean deaths', family: 'mean deaths', line: 'all deaths' },
  deathsCaptains: { name: 'deaths.captains', kind: 'mean', label: 'mean captains killed', family: 'mean deaths', line: 'captains' },
  deathsMinions: { name: 'deaths.minions', kind: 'mean', label: 'mean minions killed', family: 'mean deaths', line: 'minions' },
  wounds: { name: 'wounds', kind: 'mean', label: 'mean wounds taken in fights' },
  dissolved: { name: 'dissolved', kind: 'mean', label: 'mean troupes dissolved' },
  replaced: { name: 'replaced', kind: 'mean', label: 'mean minions replaced' },
  replacementPoints: { name: 'replacementPoints', kind: 'mean', label: 'mean investment points spent on replacements' },
  rivalStrikes: { name: 'rivalStrikes', kind: 'mean', label: 'mean designs rivals initiated' },
  pointsLost: { name: 'pointsLost', kind: 'mean', label: 'mean investment points lost to rivals' },
  wealthLowered: RIVAL_DICE_METRICS.wealthLowered,
  assetsLost: { name: 'assets.lost', kind: 'mean', label: 'mean held assets lost (equipment: equipment.lost; liquid coins: liquid.lost)', family: 'mean assets lost or bought back', line: 'held assets lost' },
  contactsLost: { name: 'contacts.lost', kind: 'mean', label: 'mean contacts lost' },
  calamity: RIVAL_DICE_METRICS.calamity,
  medicPushes: { name: 'medic.pushes', kind: 'mean', label: "mean Medic pushes to shorten a wounded PC's bed rest" },
  ambitions: { name: 'ambitions', kind: 'mean', label: 'mean ambitions met (each troupe advances where it has room)' },
  advancedTraits: { name: 'advanced.traits', kind: 'mean', label: 'mean new traits taken by advancing', family: 'mean advancements', line: 'new traits' },
  advancedPcs: { name: 'advanced.pcs', kind: 'mean', label: 'mean new PCs added by advancing', family: 'mean advancements', line: 'new PCs' },
  assetsBought: { name: 'assets.bought', kind: 'mean', label: 'mean lost assets bought back', family: 'mean assets lost or bought back', line: 'bought back' },
  liquidSpent: { name: 'liquid.spent', kind: 'mean', label: 'mean liquid coins spent on purchases', family: 'mean liquid coins', line: 'spent on purchases' },
  equipmentLost: { name: 'equipment.lost', kind: 'mean', label: "mean troupes' bought equipment lost to rivals", family: 'mean equipment bought or lost', line: 'lost to rivals' },
  liquidLost: { name: 'liquid.lost', kind: 'mean', label: 'mean liquid coins lost to rivals', family: 'mean liquid coins', line: 'lost to rivals' },
});

/**
 * Metrics a setup asks for (docs/metrics.md): laid out after every other, and only when
 * the policy asks the question, so a campaign without it keeps its results byte for byte.
 * `tasks.bought`: only with policy buy.task (CampaignPlan.tasksAt); `marksman.shots`: only
 * with policy marksmanPush "first" or "lastFoe" (CampaignPlan.shotsAt); `points.traded`:
 * only with policy buy.payWith "points" (CampaignPlan.tradedAt).
 */
const ASKED_METRICS = metricTable({
  tasksBought: { name: 'tasks.bought', kind: 'mean', label: "mean tasks bought for jobs (each removes one of the job's challenges)" },
  marksmanShots: { name: 'marksman.shots', kind: 'mean', label: "mean Marksmen's snap shots in the company's fights (each a foe wounded before the dice)" },
  pointsTraded: { name: 'points.traded', kind: 'mean', label: 'mean investment points traded in for coins to pay purchases (2 points a coin)', family: 'mean investment points', line: 'traded in for coins' },
});

/** A campaign's metrics: the company's, then each rival's, then the consequence counts, then those a setup asks for. */
export const CAMPAIGN_METRICS = metricTable({
  ...COMPANY_METRICS,
  firstStrike: RIVAL_DICE_METRICS.firstStrike,
  strikes: RIVAL_DICE_METRICS.strikes,
  completed: RIVAL_DICE_METRICS.completed,
  consequence: RIVAL_DICE_METRICS.consequence,
  ...ASKED_METRICS,
});

/** Index of each company-level metric in the tally (and in CampaignTrial.acc): its table order. */
export const METRIC = Object.fromEntries(Object.keys(COMPANY_METRICS).map((key, i) => [key, i])) as Record<
  keyof typeof COMPANY_METRICS,
  number
>;

/** buyer(): no PC free to make the purchase, or (buy.action "free") none needed. */
const NOBODY = -1;
const ANYONE = -2;
const BANK_ALL = 0;
const BANK_RESERVE = 1;
const BANK_NONE = 2;
const INTERFERE_NONE = 0;
const INTERFERE_KNAVERY = 1;
const INTERFERE_VIOLENCE = 2;
const REPLACE_ALWAYS = 0;
const REPLACE_KEEP_RANK = 1;
const REPLACE_NEVER = 2;
const METHOD = { work: 0, rare: 1, destroy: 2, idle: 3 } as const;
const BASELINE = Int32Array.from([REWARD_BASELINE.work, REWARD_BASELINE.rare, REWARD_BASELINE.destroy]);

const KIND_WEALTH = CONSEQUENCE_KINDS.indexOf('wealthLost');
const KIND_RATTLED = CONSEQUENCE_KINDS.indexOf('pcRattled');
const KIND_WOUNDED = CONSEQUENCE_KINDS.indexOf('pcWounded');
const KIND_ASSET = CONSEQUENCE_KINDS.indexOf('assetLost');
const KIND_CONTACT = CONSEQUENCE_KINDS.indexOf('contactLost');
const KIND_CALAMITY = CONSEQUENCE_KINDS.indexOf('calamity');
const KIND_ATTEMPT = CONSEQUENCE_KINDS.indexOf('attemptOnLife');

/**
 * Everything about a campaign that does not change while it runs.
 *
 * Its fields are `declare`d, each set once by the constructor: a field declared without
 * `declare` is compiled (ES2022 class fields) to a definition holding `undefined` before
 * the constructor sets it, and V8 then keeps it as a field that may hold anything, so every
 * read of `plan.x` in the turn loop checked what it had read (a number, which typed array).
 * Measured, with RivalPlan's alike: 1.028, 1.032 and 1.050 (bench/campaign-ab.ts, 9, 11 and 11 rounds).
 */
export class CampaignPlan {
  declare readonly turns: number;
  declare readonly metrics: MetricSpec[];
  /** The metrics laid out (CAMPAIGN_METRICS): `exact` fills a sheet of it. */
  declare readonly layout: MetricLayout<typeof CAMPAIGN_METRICS>;
  /** Tally index of rival r's firstStrike (then strikes, completed): rivalAt + 3r. */
  declare readonly rivalAt: number;
  declare readonly kindsAt: number;

  declare readonly startRank: number;
  declare readonly startPoints: number;
  declare readonly startLiquid: number;
  declare readonly startAssets: number;

  // Troupes, expanded by count.
  declare readonly troupeCount: number;
  declare readonly troupePcFrom: Int32Array;
  declare readonly troupePcTo: Int32Array;
  declare readonly troupeAid: Aid[];
  /** Per troupe: 1 when one of its PCs is a Medic (only then can a fight's aid differ from troupeAid). */
  declare readonly troupeHasMedicPc: Uint8Array;
  declare readonly troupeBonusFrom: Int32Array;
  declare readonly troupeBonusTo: Int32Array;
  /** With bought equipment the troupe's bonus dice run to troupeEquippedTo (policy buy.equipment). */
  declare readonly troupeEquippedTo: Int32Array;
  declare readonly equipment: { itemRank: number; modifiers: number } | undefined;
  declare readonly medical: { itemRank: number; modifiers: number; turns: number } | undefined;
  declare readonly assetBuy: { itemRank: number; modifiers: number } | undefined;
  /** Policy buy.task: up to `perJob` tasks bought before a troupe's job, each removing one of its challenges. */
  declare readonly task: { itemRank: number; modifiers: number; perJob: number } | undefined;
  /** Tally slot of `tasks.bought`, laid out only with buy.task (else −1). */
  declare readonly tasksAt: number;
  /** Tally slot of `marksman.shots`, laid out only with marksmanPush "first" or "lastFoe" (else −1). */
  declare readonly shotsAt: number;
  /** Liquid coins pay what the turn's coins do not (policy buy.payWith "liquid" or "points"; which ones: liquidEarned). */
  declare readonly payWithLiquid: boolean;
  /** Then investment points traded in, 2 a coin, down to the rank's minimum (policy buy.payWith "points"). */
  declare readonly payWithPoints: boolean;
  /** Where the company's rank cannot pay, liquid coins of one other rank (above or below it) pay at that rank's price (policy buy.liquidRank "earned", the default; pay). */
  declare readonly liquidEarned: boolean;
  /** Tally index of `points.traded` (policy buy.payWith "points"), or -1. */
  declare readonly tradedAt: number;
  /** buy.action "pc": each purchase is a PC's action for the turn (buyer). */
  declare readonly buyTakesAction: boolean;
  /** policy assetLoss "any": an asset lost may be bought equipment or a liquid coin too (assetLost). */
  declare readonly anyAssetLost: boolean;
  declare readonly bonusSides: Int32Array;
  /** Liquid coins and other assets a (new) troupe brings (its PCs' contacts: CampaignTrial.contactsOf). */
  declare readonly troupeLiquid: Int32Array;
  declare readonly troupeAssets: Int32Array;
  declare readonly maxTroupeSize: number;

  // PCs of all troupes.
  declare readonly pcCount: number;
  declare readonly pcTroupe: Int32Array;
  declare readonly pcCaptain: Uint8Array;
  declare readonly pcReplacementCost: Int32Array;
  declare readonly pcInitRattled: Uint8Array;
  /** PCs with the Medic trait (docs/rulings/traits.md): a Medic in fights, and the push by policy. */
  declare readonly pcMedic: Uint8Array;
  /**
   * PCs whose traits as the setup gives them include one they may push to remove a challenge
   * (`pushesForChallenges`: not only Knowledge traits and the Medic). A trait taken by
   * advancing is any trait, so a PC with more traits than it began with may push too.
   */
  declare readonly pcPushesForChallenges: Uint8Array;
  /** Per PC: the Berzerker's and the Duelist's d4s, judged at each clash of a fight (skirmish.ts). */
  declare readonly pcBerzerker: Uint8Array;
  declare readonly pcDuelist: Uint8Array;
  /**
   * Per PC: a minion naming the Defender (a captain's push would take a blow meant for
   * itself): with policy defenderPush "captain", it takes a wound meant for its captain
   * (skirmish.ts). Traits gained by advancing are not named, so they are never the Defender.
   */
  declare readonly pcDefender: Uint8Array;
  /**
   * Per PC: a captain or minion naming the Marksman: with policy marksmanPush "first" or
   * "lastFoe", it snap-shoots in the troupe's fights (skirmish.ts). Traits gained by
   * advancing are not named, so they are never the Marksman.
   */
  declare readonly pcMarksman: Uint8Array;
  /** Policy marksmanPush (`never` when absent). */
  declare readonly marksmanPush: MarksmanPush;
  /** Advancement (advancement.ts): per PC its traits at the start, whether it is there from the start (else a slot a new PC may fill), and the dice one new trait adds. */
  declare readonly pcBaseTraits: Int32Array;
  declare readonly pcFromStart: Uint8Array;
  /** Knavery / violence dice a PC has before advancing ends at knBaseTo / viBaseTo; each new trait adds knPerTrait / viPerTrait more. */
  declare readonly knBaseTo: Int32Array;
  declare readonly viBaseTo: Int32Array;
  declare readonly knPerTrait: number;
  declare readonly viPerTrait: number;
  declare readonly ambition: number;
  declare readonly ambitionJobs: number;
  declare readonly advanceTrait: boolean;
  declare readonly successorAdvancements: boolean;
  /** Medic pushes: 0 never, 1 every turn, 2 only on turns the troupe takes no job. */
  declare readonly medicPush: number;
  /** Knavery dice (the 1d6 first), PC i's at knFrom[i]..knTo[i]−1. */
  declare readonly knSides: Int32Array;
  declare readonly knFrom: Int32Array;
  declare readonly knTo: Int32Array;
  /** Violence dice (the 1d4 first). */
  declare readonly viSides: Int32Array;
  declare readonly viFrom: Int32Array;
  declare readonly viTo: Int32Array;

  // Policy, as codes.
  declare readonly jobs: boolean;
  declare readonly jobEvery: number;
  declare readonly challenges: number;
  /** Policy job.pushTraits: at most this many participants push a trait to remove a challenge. */
  declare readonly pushTraits: number;
  declare readonly method: number;
  declare readonly workFallback: number;
  declare readonly npcRank: number;
  declare readonly npcRankOffset: number;
  declare readonly guardsPerActive: number;
  declare readonly guardsFixed: number;
  declare readonly restWhenRattled: boolean;
  /** Job pushes (policy knaveryPush "ifShort" or "ifBehind") and free pushes in the fallout (freePushes "fallout"). */
  declare readonly knaveryPush: boolean;
  /**
   * A PC whose knavery dice end at die e (knTo = e + 1) pushes when its own first-roll
   * successes are below knPushBelow[e]: 1 for "ifShort" (none), its reroll's expected
   * successes rounded up for "ifBehind" (knaveryPushes.ts pushBelow). By the die it ends
   * at, as the traits it gains move knTo over its room.
   */
  declare readonly knPushBelow: Int32Array;
  /** Policy interfere: INTERFERE_NONE, _KNAVERY or _VIOLENCE; a knavery interference's challenges. */
  declare readonly interfere: number;
  declare readonly interfereChallenges: number;
  /** A failed knavery interference turns into a fight with the rival's minions (interfere.onFailed "violence"). */
  declare readonly interfereFallout: boolean;
  /** An interference spends its PCs' action of the next turn (policy interfere.action "nextTurn"). */
  declare readonly interferenceSpendsAction: boolean;
  /** The company may foil a design (interference on an unsubtle one): the rivals' odds then depend on it. */
  declare readonly interferes: boolean;
  declare readonly fallout: boolean;
  /** freePushes "reroll": a failed plan's 6s are violence rerolls in the fight that follows. */
  declare readonly freeRerolls: boolean;
  declare readonly violence: boolean;
  declare readonly dealsTaken: boolean;
  declare readonly bank: number;
  declare readonly reserve: number;
  declare readonly defendRank: boolean;
  declare readonly replace: number;
  declare readonly newTroupe: boolean;
  /** A new troupe brings its starting asset again (policy successorAsset "startingAsset"). */
  declare readonly successorAsset: boolean;

  declare readonly rivals: RivalPlan;
  declare readonly rules: ViciousnessRules;
  /** rules.equipment "mostEquipped": in a job's fight only the better-equipped side rolls its equipment dice. */
  declare readonly equipmentMostOnly: boolean;
  /** rules.consequenceWound "deathRoll": a rival's "A PC is wounded" rolls the Wound Phase's death (consequence). */
  declare readonly consequenceDeath: boolean;
  /** rules.attemptTarget "first": in an attempt on a life, the minions' first hit of a wound phase wounds the target while it is able. */
  declare readonly attemptAimed: boolean;
  declare readonly setup: CampaignSetup;

  constructor(setup: CampaignSetup, rules: ViciousnessRules) {
    this.setup = setup;
    this.rules = rules;
    this.equipmentMostOnly = rules.equipment !== 'everySide';
    this.consequenceDeath = rules.consequenceWound === 'deathRoll';
    this.attemptAimed = rules.attemptTarget !== 'anyFight';
    this.turns = setup.turns;
    const policy = setup.policy ?? {};
    const job = policy.job;

    this.startRank = setup.company.rank ?? DEFAULT_RANK;
    this.startPoints = setup.company.points ?? minimumPoints(this.startRank);

    const troupes = setup.troupes.flatMap((t) => Array.from({ length: t.count ?? 1 }, () => t));
    this.troupeCount = troupes.length;
    const pcs: { troupe: number; captain: boolean; traits: number; medic: boolean; pushes: boolean; berzerker?: boolean; duelist?: boolean; defender?: boolean; marksman?: boolean; rattled: boolean; kn: number[]; vi: number[]; fromStart: boolean }[] = [];
    const advance = policy.advance;
    const newPc = advance?.pc ?? {};
    const bonus: number[] = [];
    this.troupePcFrom = new Int32Array(troupes.length);
    this.troupePcTo = new Int32Array(troupes.length);
    this.troupeBonusFrom = new Int32Array(troupes.length);
    this.troupeBonusTo = new Int32Array(troupes.length);
    this.troupeEquippedTo = new Int32Array(troupes.length);
    const buy = policy.buy ?? {};
    this.equipment = buy.equipment && { itemRank: buy.equipment.itemRank, modifiers: buy.equipment.modifiers ?? 0 };
    this.medical = buy.medical && { itemRank: buy.medical.itemRank, modifiers: buy.medical.modifiers ?? 0, turns: buy.medical.turns ?? 1 };
    this.assetBuy = buy.asset && { itemRank: buy.asset.itemRank, modifiers: buy.asset.modifiers ?? 0 };
    this.task = buy.task && { itemRank: buy.task.itemRank, modifiers: buy.task.modifiers ?? 0, perJob: buy.task.perJob ?? 1 };
    this.payWithLiquid = (buy.payWith ?? 'turnCoins') !== 'turnCoins';
    this.payWithPoints = buy.payWith === 'points';
    this.liquidEarned = this.payWithLiquid && (buy.liquidRank ?? 'earned') === 'earned';
    this.buyTakesAction = (buy.action ?? 'pc') === 'pc';
    this.anyAssetLost = (policy.assetLoss ?? 'any') === 'any';
    this.troupeLiquid = new Int32Array(troupes.length);
    this.troupeAssets = new Int32Array(troupes.length);
    this.troupeAid = troupes.map((t) => t.aid ?? 'none');
    troupes.forEach((t, i) => {
      this.troupePcFrom[i] = pcs.length;
      const c = t.captain;
      pcs.push({ troupe: i, captain: true, traits: traitCount(c.traits, CAPTAIN_TRAITS), medic: namesMedic(c.traits), pushes: pushesForChallenges(c.traits), berzerker: namesTrait(c.traits, 'berzerker'), duelist: namesTrait(c.traits, 'duelist'), marksman: namesTrait(c.traits, 'marksman'), rattled: c.rattled ?? false, kn: eachDie(c.knavery ?? []), vi: eachDie(c.violence ?? []), fromStart: true });
      // "A troupe begins with a captain and one minion."
      for (const m of t.minions ?? [{ name: 'minion' }]) {
        for (let k = 0; k < (m.count ?? 1); k++) {
          pcs.push({ troupe: i, captain: false, traits: traitCount(m.traits, MINION_TRAITS), medic: namesMedic(m.traits), pushes: pushesForChallenges(m.traits), berzerker: namesTrait(m.traits, 'berzerker'), duelist: namesTrait(m.traits, 'duelist'), defender: namesTrait(m.traits, 'defender'), marksman: namesTrait(m.traits, 'marksman'), rattled: m.rattled ?? false, kn: eachDie(m.knavery ?? []), vi: eachDie(m.violence ?? []), fromStart: true });
        }
      }
      // Room for the PCs advancement may add ("adding a new PC to their company").
      for (let k = 0; k < reservedPcs(advance); k++) {
        // A new PC of no traits (`advance.pc.traits: 0`) has none to push until it takes one (a review).
        pcs.push({ troupe: i, captain: false, traits: newPc.traits ?? MINION_TRAITS, medic: false, pushes: (newPc.traits ?? MINION_TRAITS) > 0, rattled: false, kn: eachDie(newPc.knavery ?? []), vi: eachDie(newPc.violence ?? []), fromStart: false });
      }
      this.troupePcTo[i] = pcs.length;
      this.troupeBonusFrom[i] = bonus.length;
      bonus.push(...eachDie(t.bonus ?? []));
      this.troupeBonusTo[i] = bonus.length;
      // Bought equipment's dice follow the troupe's own bonus dice.
      bonus.push(...eachDie(buy.equipment?.dice ?? []));
      this.troupeEquippedTo[i] = bonus.length;
      const asset = t.asset ?? 'securedHeadquarters';
      this.troupeLiquid[i] = asset === 'liquidCoin' ? 1 : 0;
      this.troupeAssets[i] = asset === 'liquidCoin' ? 0 : 1;
    });
    this.maxTroupeSize = Math.max(...troupes.map((_, i) => this.troupePcTo[i] - this.troupePcFrom[i]));
    this.bonusSides = Int32Array.from(bonus);
    this.startLiquid = (setup.company.liquid ?? 0) + this.troupeLiquid.reduce((a, b) => a + b, 0);
    this.startAssets = (setup.company.assets ?? 0) + this.troupeAssets.reduce((a, b) => a + b, 0);

    this.pcCount = pcs.length;
    this.pcTroupe = Int32Array.from(pcs, (p) => p.troupe);
    this.pcCaptain = Uint8Array.from(pcs, (p) => (p.captain ? 1 : 0));
    this.pcReplacementCost = Int32Array.from(pcs, (p) => replacementCost(p.traits));
    this.pcInitRattled = Uint8Array.from(pcs, (p) => (p.rattled ? 1 : 0));
    this.pcMedic = Uint8Array.from(pcs, (p) => (p.medic ? 1 : 0));
    this.pcPushesForChallenges = Uint8Array.from(pcs, (p) => (p.pushes ? 1 : 0));
    this.pcBerzerker = Uint8Array.from(pcs, (p) => (p.berzerker ? 1 : 0));
    this.pcDuelist = Uint8Array.from(pcs, (p) => (p.duelist ? 1 : 0));
    this.pcDefender = Uint8Array.from(pcs, (p) => (p.defender === true ? 1 : 0));
    this.pcMarksman = Uint8Array.from(pcs, (p) => (p.marksman === true ? 1 : 0));
    this.marksmanPush = policy.marksmanPush ?? 'never';
    this.troupeHasMedicPc = Uint8Array.from(troupes, (_, i) => (pcs.some((p) => p.troupe === i && p.medic) ? 1 : 0));
    // Beside Medic PCs, `aid: "medic"` names them, as in `battle` ("leave aid out or make it
    // medic"): their troupe's Medics are those PCs, who can die; no other Medic comes.
    this.troupeHasMedicPc.forEach((has, i) => {
      if (has !== 0 && this.troupeAid[i] === 'medic') this.troupeAid[i] = 'none';
    });
    this.medicPush = pcs.some((p) => p.medic) ? { never: 0, always: 1, restTurns: 2 }[policy.medicPush ?? 'never'] : 0;
    this.pcBaseTraits = Int32Array.from(pcs, (p) => p.traits);
    this.pcFromStart = Uint8Array.from(pcs, (p) => (p.fromStart ? 1 : 0));
    const traitKn = eachDie(advance?.trait?.knavery ?? []);
    const traitVi = eachDie(advance?.trait?.violence ?? []);
    this.knPerTrait = traitKn.length;
    this.viPerTrait = traitVi.length;
    this.ambition = ambitionCode(policy.ambition);
    this.ambitionJobs = policy.ambition && 'jobs' in policy.ambition ? policy.ambition.jobs : 0;
    this.advanceTrait = advance?.choice === 'trait';
    this.successorAdvancements = (policy.successorAdvancements ?? 'none') === 'all';
    this.knBaseTo = new Int32Array(pcs.length);
    this.viBaseTo = new Int32Array(pcs.length);
    const kn: number[] = [];
    const vi: number[] = [];
    this.knFrom = new Int32Array(pcs.length);
    this.knTo = new Int32Array(pcs.length);
    this.viFrom = new Int32Array(pcs.length);
    this.viTo = new Int32Array(pcs.length);
    pcs.forEach((p, i) => {
      // "Each participant with an additive, meaningful role adds 1d6" / "Each combatant
      // in a side adds 1d4 to its roll", then the trait dice that apply.
      // Then room for the dice of the traits it may gain by advancing (a trial moves its
      // own copy of knTo / viTo over them).
      const room = this.ambition === AMBITION_NONE ? 0 : traitRoom(p.traits);
      this.knFrom[i] = kn.length;
      kn.push(PARTICIPANT_DIE, ...p.kn);
      this.knBaseTo[i] = kn.length;
      for (let r = 0; r < room; r++) kn.push(...traitKn);
      this.knTo[i] = this.knBaseTo[i];
      this.viFrom[i] = vi.length;
      vi.push(COMBATANT_DIE, ...p.vi);
      this.viBaseTo[i] = vi.length;
      for (let r = 0; r < room; r++) vi.push(...traitVi);
      this.viTo[i] = this.viBaseTo[i];
    });
    this.knSides = Int32Array.from(kn);
    this.viSides = Int32Array.from(vi);
    const knaveryPush = policy.knaveryPush ?? 'never';
    this.knPushBelow = new Int32Array(kn.length);
    pcs.forEach((_, i) => {
      const end = i + 1 < pcs.length ? this.knFrom[i + 1] : kn.length;
      for (let e = this.knFrom[i]; e < end; e++) this.knPushBelow[e] = pushBelow(knaveryPush, kn.slice(this.knFrom[i], e + 1).map((sides) => ({ sides })));
    });

    this.jobs = (policy.action ?? 'job') === 'job' && job !== undefined;
    this.jobEvery = policy.jobEvery ?? 1;
    this.challenges = job ? Math.max(0, job.challenges - (job.removed ?? 0)) : 0;
    this.pushTraits = job?.pushTraits ?? 0;
    this.method = METHOD[job?.method ?? 'rare'];
    this.workFallback = METHOD[job?.workFallback ?? 'rare'];
    this.npcRank = job?.npcRank ?? 0;
    this.npcRankOffset = job?.npcRankOffset ?? 0;
    this.guardsPerActive = job?.guards?.perActiveChallenge ?? GUARDS_PER_ACTIVE_CHALLENGE;
    this.guardsFixed = job?.guards?.count ?? 0;
    this.restWhenRattled = policy.restWhenRattled ?? true;
    this.knaveryPush = (policy.knaveryPush ?? 'never') !== 'never';
    const interfere = policy.interfere;
    this.interfere = interfere === undefined ? INTERFERE_NONE : interfere.roll === 'knavery' ? INTERFERE_KNAVERY : INTERFERE_VIOLENCE;
    this.interfereChallenges = interfere?.challenges ?? 2;
    this.interfereFallout = interfere?.roll === 'knavery' && (interfere.onFailed ?? 'violence') === 'violence';
    this.interferenceSpendsAction = (interfere?.action ?? 'nextTurn') === 'nextTurn';
    this.interferes = this.interfere !== INTERFERE_NONE && (setup.rivals ?? []).some((r) => r.designs.some((d) => d.unsubtle === true));
    this.fallout = (policy.freePushes ?? 'reroll') === 'fallout';
    this.freeRerolls = (policy.freePushes ?? 'reroll') === 'reroll';
    this.violence = (policy.onFailedJob ?? 'violence') === 'violence';
    // Only where a job's plan can fail: with none taken, or none that can fall short, no deal
    // is made and the rivals' figures stay exact (the note says the field changes nothing).
    this.dealsTaken = (policy.takeRivalDeal ?? 'never') === 'whenJobFails' && this.jobs && this.challenges > 0;
    this.bank = { all: BANK_ALL, reserve: BANK_RESERVE, none: BANK_NONE }[policy.bank ?? 'all'];
    this.reserve = policy.reserve ?? 0;
    this.defendRank = policy.defendRank ?? false;
    this.replace = { always: REPLACE_ALWAYS, keepRank: REPLACE_KEEP_RANK, never: REPLACE_NEVER }[policy.replaceMinions ?? 'always'];
    this.newTroupe = (policy.newTroupe ?? 'nextTurn') === 'nextTurn';
    this.successorAsset = (policy.successorAsset ?? 'none') === 'startingAsset';

    this.rivals = new RivalPlan(setup.rivals ?? [], rules);
    const L = new MetricLayout(CAMPAIGN_METRICS);
    // The most a campaign can count, where its turns fix it (a mean's interval stops
    // there): a coin a turn per troupe, a job per troupe on each job turn, a die a turn per
    // rival, an ambition check and an asset bought back a turn.
    const turns = setup.turns;
    const troupeTurns = turns * this.troupeCount;
    const jobsMost = this.jobs ? Math.ceil(turns / this.jobEvery) * this.troupeCount : 0;
    const most: Partial<Record<keyof typeof COMPANY_METRICS, number>> = {
      coins: troupeTurns,
      jobs: jobsMost,
      jobsSucceeded: jobsMost,
      jobsViolent: jobsMost,
      jobsWon: jobsMost,
      rivalDeals: jobsMost,
      rivalStrikes: turns * this.rivals.count,
      equipmentBought: troupeTurns,
      medicalBought: turns * this.pcCount,
      ambitions: turns,
      assetsBought: turns,
    };
    for (const key of Object.keys(COMPANY_METRICS) as (keyof typeof COMPANY_METRICS)[]) L.add(key, {}, { max: most[key] });
    // Each rival's three metrics side by side (rivalAt + 3r …), then the kinds (kindsAt + k).
    // A rival never struck reads turns + 1 (CampaignTrial.reset).
    this.rivalAt = L.specs.length;
    for (const rival of this.rivals.names) {
      L.add('firstStrike', { rival }, { max: turns + 1 });
      L.add('strikes', { rival }, { max: turns });
      L.add('completed', { rival }, { max: turns });
    }
    this.kindsAt = L.specs.length;
    for (const kind of CONSEQUENCE_KINDS) L.add('consequence', { kind }, { words: { kind: CONSEQUENCE_WORDS[kind] } });
    // A task per job at most `perJob`, and never more than the job's challenges.
    this.tasksAt = this.task ? L.add('tasksBought', {}, { max: jobsMost * Math.min(this.task.perJob, this.challenges) }) : -1;
    // A Marksman who shoots is rattled, and rests it off only as a turn's jobs begin: a shot
    // in its job's fight, and (dead there and replaced by a fresh PC before the rivals move)
    // one in an attempt or an interference at the turn's end, two a turn per PC at most.
    this.shotsAt = this.marksmanPush !== 'never' ? L.add('marksmanShots', {}, { max: 2 * turns * this.pcCount }) : -1;
    // Laid out last, after every metric asked before it, so their places stay as they were;
    // only where something is bought (without, payWith "points" changes nothing: a note).
    // Medical help is bought only for a PC in bed, never where no fight is ever played
    // (campaignSetup.ts noFightWhy; a review: the metric was laid out beside that note).
    const buys = this.equipment || (this.medical && noFightWhy(setup) === undefined) || this.assetBuy || this.task;
    this.tradedAt = this.payWithPoints && buys ? L.add('pointsTraded') : -1;
    this.metrics = L.specs;
    this.layout = L;
  }
}

/**
 * The metrics a campaign counts every turn, as integer fields through a trial; finish()
 * writes them into `acc`. Why not straight into `acc`: each `acc[METRIC.x]++` loads the
 * index from METRIC and checks and converts through the Float64Array (~20 instructions,
 * callgrind), a field increment is a few. Integers either way: the same sums.
 */
class TurnCounts {
  coins = 0;
  jobs = 0;
  jobsSucceeded = 0;
  jobsViolent = 0;
  jobsWon = 0;
  rewards = 0;
  banked = 0;
  wounds = 0;
  deaths = 0;
  deathsCaptains = 0;
  deathsMinions = 0;
  rivalStrikes = 0;

  reset(): void {
    this.coins = 0;
    this.jobs = 0;
    this.jobsSucceeded = 0;
    this.jobsViolent = 0;
    this.jobsWon = 0;
    this.rewards = 0;
    this.banked = 0;
    this.wounds = 0;
    this.deaths = 0;
    this.deathsCaptains = 0;
    this.deathsMinions = 0;
    this.rivalStrikes = 0;
  }

  /** Into `acc` (tally order), at the end of a trial. */
  writeTo(acc: Float64Array): void {
    acc[METRIC.coins] = this.coins;
    acc[METRIC.jobs] = this.jobs;
    acc[METRIC.jobsSucceeded] = this.jobsSucceeded;
    acc[METRIC.jobsViolent] = this.jobsViolent;
    acc[METRIC.jobsWon] = this.jobsWon;
    acc[METRIC.rewards] = this.rewards;
    acc[METRIC.banked] = this.banked;
    acc[METRIC.wounds] = this.wounds;
    acc[METRIC.deaths] = this.deaths;
    acc[METRIC.deathsCaptains] = this.deathsCaptains;
    acc[METRIC.deathsMinions] = this.deathsMinions;
    acc[METRIC.rivalStrikes] = this.rivalStrikes;
  }
}

/** One campaign in progress. Construct once per `run`; `reset` starts the next trial. */
export class CampaignTrial {
  /** This trial's value of every metric (tally order), added to the tally by the caller. */
  readonly acc: Float64Array;
  /** The metrics counted every turn (TurnCounts), in `acc` after finish(). */
  private readonly counted = new TurnCounts();
  points = 0;
  /** The company's rank at the end of the last turn played (rankOf(points) then). */
  rank = 0;
  /** Liquid coins by the rank they were earned at (index = rank). */
  readonly liquid: Int32Array;
  assets = 0;
  /** Assets lost to consequences and not yet bought back (policy buy.asset). */
  assetsOwed = 0;
  /**
   * The company's strong contacts: its living PCs' ("Each PC has as many strong contacts as
   * they have traits"), `contactsOf` per PC, `contacts` their sum. A PC who dies, or leaves
   * with a dissolved troupe, takes theirs; a new or replacement PC brings its own.
   */
  contacts = 0;
  readonly contactsOf: Int32Array;
  readonly alive: Uint8Array;
  readonly rattled: Uint8Array;
  /** Last turn of bed rest (a PC is able from the turn after). */
  readonly woundedUntil: Int32Array;
  /**
   * The turn whose action a PC already spent interfering with a rival's move, made "as the
   * next turn begins" (0: none). Cleared whenever a PC (re)fills its slot.
   */
  readonly spentTurn: Int32Array;
  readonly troupeActive: Uint8Array;
  /** Per troupe: it has bought its equipment (policy buy.equipment). */
  readonly equipped: Uint8Array;
  /** Per PC: medical help bought for its current wound. */
  readonly treated: Uint8Array;
  /** Per troupe: tasks bought this turn for its job (policy buy.task), each a challenge removed. */
  readonly troupeTasks: Int32Array;
  /** A troupe dissolved; a new one comes next turn (policy newTroupe). */
  readonly troupePending: Uint8Array;
  /** Advancement: per PC its traits now, whether its slot is filled, and where its dice end now. */
  readonly traits: Int32Array;
  readonly recruited: Uint8Array;
  readonly knTo: Int32Array;
  readonly viTo: Int32Array;
  /** Successful jobs toward the ambition (`{jobs: N}`), and the highest rank held (`{rank: "next"}`). */
  private ambitionProgress = 0;
  private bestRank = 0;
  private readonly participants: Int32Array;
  /** Per participant of the current job: successes of its own dice. */
  private readonly partSuccesses: Int32Array;
  private readonly partSixes: Int32Array;
  private readonly board: RivalMemo;
  private readonly skirmish: Skirmish;
  /**
   * A job's fight when the troupe is the better equipped, or as well as the guards: the
   * same fight without the guards' equipment dice ("The GM awards 1d4 or 2d4 to the most
   * well-equipped side", failedPlan). The same as `skirmish` when the guards have none.
   */
  private readonly skirmishOutequipped: Skirmish;
  /** The guards' equipment dice in a job's fight (policy job.guards.bonus). */
  private readonly guardBonusDice: number;
  /**
   * Per rival: fights with its minions (interference, attempts on a PC's life). Each minion
   * rolls 1d4 and the rival's `minionDice`, the minions their `minionBonus`, and never
   * flee; the troupe flees by policy. Rivals whose minions roll the same dice share one.
   */
  private readonly minionFights: readonly Skirmish[];
  /** Per rival: the same fights without the minions' equipment dice (the troupe better equipped, equipmentSide). */
  private readonly minionFightsOutequipped: readonly Skirmish[];
  /** Per rival: its minions' equipment dice in a fight. */
  private readonly minionBonusDice: Int32Array;
  /** The end of the troupe's equipment dice in the fight equipmentSide chose. */
  private fightBonusTo = 0;
  private readonly calamityAt: number;

  constructor(readonly plan: CampaignPlan) {
    this.acc = new Float64Array(plan.metrics.length);
    this.liquid = new Int32Array(MAX_RANK + 1);
    this.alive = new Uint8Array(plan.pcCount);
    this.contactsOf = new Int32Array(plan.pcCount);
    this.rattled = new Uint8Array(plan.pcCount);
    this.woundedUntil = new Int32Array(plan.pcCount);
    this.spentTurn = new Int32Array(plan.pcCount);
    this.troupeActive = new Uint8Array(plan.troupeCount);
    this.equipped = new Uint8Array(plan.troupeCount);
    this.treated = new Uint8Array(plan.pcCount);
    this.troupeTasks = new Int32Array(plan.troupeCount);
    this.troupePending = new Uint8Array(plan.troupeCount);
    this.traits = plan.pcBaseTraits.slice();
    this.recruited = plan.pcFromStart.slice();
    this.knTo = plan.knTo.slice();
    this.viTo = plan.viTo.slice();
    this.participants = new Int32Array(plan.maxTroupeSize);
    this.partSuccesses = new Int32Array(plan.maxTroupeSize);
    this.partSixes = new Int32Array(plan.maxTroupeSize);
    this.board = new RivalMemo(plan.rivals);
    const policy = plan.setup.policy ?? {};
    const guards = policy.job?.guards ?? {};
    // The trial's fights: each reads and writes the trial's own PC arrays (viTo, rattled).
    // The Defenders push only by policy (defenderPush "captain"): without it they are no one's.
    const defender = policy.defenderPush === 'captain' ? plan.pcDefender : undefined;
    // So do the Marksmen (marksmanPush "first" or "lastFoe").
    const marksmanPush = plan.marksmanPush;
    const marksman = marksmanPush !== 'never' ? plan.pcMarksman : undefined;
    const pcs = { diceSides: plan.viSides, diceFrom: plan.viFrom, diceTo: this.viTo, captain: plan.pcCaptain, rattled: this.rattled, berzerker: plan.pcBerzerker, duelist: plan.pcDuelist, medic: plan.pcMedic, defender, marksman };
    const troupeFlee = policy.flee ?? 'lostHalf';
    const maxRounds = policy.maxRounds ?? DEFAULT_MAX_ROUNDS;
    const fights = (guardDice: number[], guardBonus: number[], guardFlee: 'never' | 'outnumbered' | 'lostHalf') =>
      new Skirmish(pcs, plan.maxTroupeSize, plan.rules, { troupeFlee, guardFlee, maxRounds, guardDice, guardBonus, marksmanPush });
    const jobGuardDice = [COMBATANT_DIE, ...eachDie(guards.dice ?? [])];
    const jobGuardBonus = eachDie(guards.bonus ?? []);
    this.skirmish = fights(jobGuardDice, jobGuardBonus, guards.flee ?? 'never');
    this.guardBonusDice = jobGuardBonus.length;
    this.skirmishOutequipped = jobGuardBonus.length === 0 ? this.skirmish : fights(jobGuardDice, [], guards.flee ?? 'never');
    const byDice = new Map<string, Skirmish>();
    const minionFight = (dice: readonly number[], bonus: readonly number[]) => {
      const key = `${dice.join(',')}+${bonus.join(',')}`;
      let s = byDice.get(key);
      if (s === undefined) byDice.set(key, (s = fights([COMBATANT_DIE, ...dice], [...bonus], 'never')));
      return s;
    };
    this.minionFights = plan.rivals.minionDice.map((dice, r) => minionFight(dice, plan.rivals.minionBonus[r]));
    this.minionFightsOutequipped = plan.rivals.minionDice.map((dice) => minionFight(dice, []));
    this.minionBonusDice = Int32Array.from(plan.rivals.minionBonus, (b) => b.length);
    this.calamityAt = plan.kindsAt + KIND_CALAMITY;
  }

  reset(): void {
    const p = this.plan;
    // Plain loops, not fill/set: those are looked up on typed arrays of three kinds, which
    // leaves a generic property lookup and a builtin call per array in every trial.
    const acc = this.acc;
    for (let k = 0; k < acc.length; k++) acc[k] = 0;
    for (let r = 0; r < p.rivals.count; r++) acc[p.rivalAt + 3 * r] = p.turns + 1;
    this.points = p.startPoints;
    const liquid = this.liquid;
    for (let r = 0; r < liquid.length; r++) liquid[r] = 0;
    liquid[p.startRank] = p.startLiquid;
    this.assets = p.startAssets;
    this.assetsOwed = 0;
    const { alive, traits, recruited, knTo, viTo, rattled, woundedUntil, spentTurn, treated, contactsOf } = this;
    let contacts = 0;
    for (let pc = 0; pc < p.pcCount; pc++) {
      alive[pc] = p.pcFromStart[pc];
      contactsOf[pc] = p.pcFromStart[pc] !== 0 ? p.pcBaseTraits[pc] : 0;
      contacts += contactsOf[pc];
      traits[pc] = p.pcBaseTraits[pc];
      recruited[pc] = p.pcFromStart[pc];
      knTo[pc] = p.knBaseTo[pc];
      viTo[pc] = p.viBaseTo[pc];
      rattled[pc] = p.pcInitRattled[pc];
      woundedUntil[pc] = 0;
      spentTurn[pc] = 0;
      treated[pc] = 0;
    }
    this.contacts = contacts;
    const { troupeActive, troupePending, equipped, troupeTasks } = this;
    for (let i = 0; i < p.troupeCount; i++) {
      troupeActive[i] = 1;
      troupePending[i] = 0;
      equipped[i] = 0;
      troupeTasks[i] = 0;
    }
    this.counted.reset();
    this.ambitionProgress = 0;
    this.minionsDown = false;
    this.pendingTroupes = 0;
    this.activeTroupes = p.troupeCount;
    this.bestRank = rankOf(p.startPoints);
    this.board.reset();
  }


  /** Turn `t` (1-based): the steps of docs/rules.md's campaign turn, in order. */
  playTurn(random: RandomStream, t: number): void {
    const p = this.plan;
    const acc = this.acc;
    // "Should its captain die or retire, a troupe dissolves, and a new one must be created."
    if (this.pendingTroupes !== 0) for (let i = 0; i < p.troupeCount; i++) if (this.troupePending[i] !== 0) this.foundTroupe(i);
    // "The company begins each turn with one coin of its Wealth rank for each troupe that
    // constitutes it." Policy `buy` spends them (equipment, a lost asset, medical help,
    // tasks for the jobs); "Any coin that is not spent by the end of the turn is discarded".
    const coins = this.activeTroupes;
    this.counted.coins += coins;
    // Purchases that are turn actions (buy.action "pc") are made before the Medics push: a
    // Medic who buys has spent its turn, so with medicPush "restTurns" it does not push (it
    // could not rest the rattle off). With "free", after them, as before December 2026.
    // Whether this is a job turn, and the company's rank, are the same for every troupe and
    // for the Medics' pushes: nothing between here and the troupes' turns (purchases, the
    // rivals' investment) nor a troupe's turn moves the company's rank. (Purchases with
    // payWith "points" trade investment points in, but never below the rank's minimum: pay.)
    const jobTurn = p.jobs && (p.jobEvery === 1 || (t - 1) % p.jobEvery === 0);
    const troupeRank = rankOf(this.points);
    // A job turn whose job falls back to idling (work at rank 4+, workFallback "idle") is a
    // turn of rest for the Medics as for the troupes, and no task is bought for it.
    // The turn's method for every troupe (METHOD.idle: no job this turn, the troupes rest).
    const method = jobTurn ? this.jobMethod(troupeRank) : METHOD.idle;
    const jobsNow = method !== METHOD.idle;
    const buys = p.equipment || p.medical || p.assetBuy || p.task;
    if (buys && p.buyTakesAction === true) this.buy(coins, t, jobsNow);
    if (p.medicPush !== 0) this.medicPushes(t, jobsNow);
    if (buys && p.buyTakesAction !== true) this.buy(coins, t, jobsNow);

    // "Every turn, a rival has a number of ambition points they may invest."
    const board = this.board;
    board.invest();

    // The troupes act; a rival deal made now adds to this turn's rival die.
    const troupeActive = this.troupeActive;
    for (let i = 0; i < p.troupeCount; i++) if (troupeActive[i] !== 0) this.troupeTurn(random, i, t, method, troupeRank);
    this.replaceMinions();

    // "The company banks rewards by its policy."
    if (p.bank === BANK_ALL) this.bankAll();
    else if (p.bank === BANK_RESERVE) {
      const liquid = this.liquidCoins();
      if (liquid > p.reserve) this.bankCoins(liquid - p.reserve);
    }
    // The ambition, once the company's turn is done: a rank reached by banking is held now,
    // and the rivals' moves of this turn's die come "as the next turn begins".
    if (p.ambition !== AMBITION_NONE) this.checkAmbition(rankOf(this.points));

    // "At the end of each turn, roll a d20 (called the rival die) for each rival."
    this.rivalDice(random, t);

    // "As the next turn begins, the rival makes their move": consequences land before
    // anything of the next turn (and before this turn's rank is recorded).
    // (Looked up only where defendRank asks: three rank lookups a turn were ~1.5% of a campaign.)
    const rankBefore = p.defendRank === true ? rankOf(this.points) : 0;
    for (let r = 0; r < p.rivals.count; r++) {
      const code = board.consequence[r];
      if (code >= 0) this.consequence(random, code, t, r);
    }
    if (p.defendRank === true) {
      // Bank at once what keeps the rank, when the liquid coins are enough to.
      const need = minimumPoints(rankBefore) - this.points;
      if (need > 0 && this.liquidCoins() >= need) this.bankCoins(need);
    }

    const rank = rankOf(this.points);
    this.rank = rank;
    if (rank < p.startRank) acc[METRIC.demoted] = 1;
    if (rank > p.startRank) acc[METRIC.promoted] = 1;
  }

  /**
   * "Upon the completion of a company's ambition, it names its next ambition, and
   * advances" — at the end of the turn it is met, after the banking and before the rival
   * die (docs/rulings/advancement.md). `rank`: the company's rank then.
   */
  private checkAmbition(rank: number): void {
    const p = this.plan;
    if (p.ambition === AMBITION_JOBS) {
      // Each N jobs complete an ambition, and the next is named at once: a turn whose jobs
      // complete two advances twice. (Until December 2026 one a turn: the rest carried
      // over, so troupes doing more than N jobs a turn fell behind for good; an audit.)
      while (this.ambitionProgress >= p.ambitionJobs) {
        this.ambitionProgress -= p.ambitionJobs;
        this.ambitionMet();
      }
    } else if (p.ambition === AMBITION_RANK && rank > this.bestRank) {
      this.bestRank = rank;
      this.ambitionMet();
    }
  }

  /** The ambition is met: every standing troupe advances. */
  private ambitionMet(): void {
    const p = this.plan;
    this.acc[METRIC.ambitions]++;
    for (let i = 0; i < p.troupeCount; i++) if (this.troupeActive[i] !== 0) this.advance(i);
  }

  /**
   * Troupe `i` advances: "giving one of their existing PCs a new trait or adding a new PC
   * to their company. A character may have 4 traits at most." A new trait goes to the
   * first living PC (captain first) with room for it; a new PC fills the troupe's next
   * free slot. The policy's choice first, the other one when it has no room left; with
   * room for neither the advance is lost.
   */
  private advance(i: number): void {
    if (this.plan.advanceTrait) {
      if (!this.addTrait(i)) this.addPc(i);
    } else if (!this.addPc(i)) {
      this.addTrait(i);
    }
  }

  /** A new trait for troupe `i`'s first living PC with room ("4 traits at most"); false if none has. */
  private addTrait(i: number): boolean {
    const p = this.plan;
    for (let pc = p.troupePcFrom[i]; pc < p.troupePcTo[i]; pc++) {
      if (this.alive[pc] === 0 || this.traits[pc] >= MAX_TRAITS) continue;
      this.traits[pc]++;
      this.knTo[pc] += p.knPerTrait;
      this.viTo[pc] += p.viPerTrait;
      // "Each trait gives a character a strong contact."
      this.contactsOf[pc]++;
      this.contacts++;
      this.acc[METRIC.advancedTraits]++;
      return true;
    }
    return false;
  }

  /** A new PC in troupe `i`'s next free slot (policy advance.maxPcs); false if none is left. */
  private addPc(i: number): boolean {
    const p = this.plan;
    for (let pc = p.troupePcFrom[i]; pc < p.troupePcTo[i]; pc++) {
      if (this.recruited[pc] !== 0) continue;
      this.recruited[pc] = 1;
      this.alive[pc] = 1;
      this.rattled[pc] = 0;
      this.woundedUntil[pc] = 0;
      this.spentTurn[pc] = 0;
      this.contactsOf[pc] = this.traits[pc];
      this.contacts += this.traits[pc];
      this.acc[METRIC.advancedPcs]++;
      return true;
    }
    return false;
  }

  /**
   * Spend the turn's `coins` (of the company's rank) by policy `buy`: equipment for each
   * troupe without it, in the listed order, then one lost asset bought back, then medical
   * help for PCs in bed, PC by PC, then (when the troupes take jobs this turn, `jobs`)
   * tasks for the troupes' jobs, a round at a time. "Any coin that is not spent by the end
   * of the turn is discarded"; with payWith "liquid", liquid coins of the company's rank
   * pay what the turn's coins do not, with liquidRank "earned" those of one other rank at
   * that rank's price where these cannot, and with payWith "points" investment points
   * traded in last (pay; docs/rulings/purchases.md).
   */
  private buy(coins: number, t: number, jobs: boolean): void {
    const p = this.plan;
    const rank = rankOf(this.points);
    this.turnCoins = coins;
    this.payRank = rank;
    if (p.equipment) {
      const cost = price(p.equipment.itemRank, rank, p.equipment.modifiers);
      for (let i = 0; i < p.troupeCount; i++) {
        if (this.troupeActive[i] === 0 || this.equipped[i] !== 0) continue;
        // Its own PC buys it; a troupe with nobody free this turn buys nothing.
        const buyer = this.buyer(i, t);
        if (buyer === NOBODY) continue;
        if (!this.pay(cost, p.equipment)) break;
        this.spend(buyer, t);
        this.equipped[i] = 1;
        this.acc[METRIC.equipmentBought]++;
      }
    }
    if (p.assetBuy && this.assetsOwed > 0) {
      // The company's asset: bought by the first standing troupe with a PC free; with
      // buy.action "free" it takes nobody's action, but a standing troupe is still there to
      // buy it (a campaign audit: a company whose troupes were all gone bought back its
      // lost assets every turn).
      let buyer = NOBODY;
      for (let i = 0; i < p.troupeCount && buyer === NOBODY; i++) if (this.troupeActive[i] !== 0) buyer = p.buyTakesAction === true ? this.buyer(i, t) : ANYONE;
      if (buyer !== NOBODY && this.pay(price(p.assetBuy.itemRank, rank, p.assetBuy.modifiers), p.assetBuy)) {
        this.spend(buyer, t);
        this.assets++;
        this.assetsOwed--;
        this.acc[METRIC.assetsBought]++;
      }
    }
    if (p.medical) {
      const cost = price(p.medical.itemRank, rank, p.medical.modifiers);
      for (let pc = 0; pc < p.pcCount; pc++) {
        // In bed this turn (wounded until t or later), alive, not yet treated for this wound.
        if (this.alive[pc] === 0 || this.woundedUntil[pc] < t || this.treated[pc] !== 0) continue;
        // Fetched by a PC of its troupe who is up and about (never itself: it is in bed).
        const buyer = this.buyer(p.pcTroupe[pc], t);
        if (buyer === NOBODY) continue;
        if (!this.pay(cost, p.medical)) break;
        this.spend(buyer, t);
        this.treated[pc] = 1;
        this.woundedUntil[pc] -= p.medical.turns;
        this.acc[METRIC.medicalBought]++;
      }
    }
    if (p.task) this.buyTasks(t, rank, jobs);
  }

  /**
   * Policy buy.task, last of the turn's purchases: before this turn's jobs (`jobs`), tasks
   * done for the troupes ("A task done by an average citizen", "… by an expert hacker or
   * warrior" …), each removing one of its troupe's job's challenges (troupeTurn). A round
   * at a time: each standing troupe in the listed order buys its first task, then each its
   * second …, up to `perJob` and never more than the job's challenges. Each task is a
   * purchase of its own (buyer: a PC's action by default), bought only while a PC of the
   * troupe is left to take part in the job; the first the coins cannot pay stops them all.
   */
  private buyTasks(t: number, rank: number, jobs: boolean): void {
    const p = this.plan;
    const task = p.task!;
    const tasks = this.troupeTasks;
    for (let i = 0; i < p.troupeCount; i++) tasks[i] = 0;
    if (!jobs) return;
    const cost = price(task.itemRank, rank, task.modifiers);
    const most = task.perJob < p.challenges ? task.perJob : p.challenges;
    for (let k = 0; k < most; k++) {
      for (let i = 0; i < p.troupeCount; i++) {
        // A troupe that bought no k-th task (nobody free, or nobody left for the job) buys no more.
        if (this.troupeActive[i] === 0 || tasks[i] !== k) continue;
        const buyer = this.buyer(i, t);
        if (buyer === NOBODY || !this.takesPartBesides(i, t, buyer)) continue;
        if (!this.pay(cost, task)) return;
        this.spend(buyer, t);
        tasks[i]++;
        this.acc[p.tasksAt]++;
      }
    }
  }

  /**
   * Whether a PC of troupe `i` besides `buyer` would take part in its job in turn `t` as
   * things stand (troupeTurn's test): alive, out of bed, its action not spent, and not
   * sitting out a rattle (restWhenRattled). A task is bought for a job someone takes.
   */
  private takesPartBesides(i: number, t: number, buyer: number): boolean {
    const p = this.plan;
    for (let pc = p.troupePcFrom[i]; pc < p.troupePcTo[i]; pc++) {
      if (pc === buyer || this.alive[pc] === 0 || this.woundedUntil[pc] >= t || this.spentTurn[pc] === t) continue;
      if (this.rattled[pc] !== 0 && p.restWhenRattled === true) continue;
      return true;
    }
    return false;
  }

  /**
   * Who of troupe `i` makes a purchase in turn `t` (buy.action "pc"): its last listed PC who
   * is alive, out of bed and has its action left (minions are listed after the captain, who
   * leads the job), or NOBODY. With "free", anyone: purchases take no action.
   */
  private buyer(i: number, t: number): number {
    const p = this.plan;
    if (p.buyTakesAction !== true) return ANYONE;
    for (let pc = p.troupePcTo[i] - 1; pc >= p.troupePcFrom[i]; pc--) {
      if (this.alive[pc] !== 0 && this.woundedUntil[pc] < t && this.spentTurn[pc] !== t) return pc;
    }
    return NOBODY;
  }

  /** The buyer's action goes on the purchase: it neither takes part in the job nor rests this turn. */
  private spend(buyer: number, t: number): void {
    if (buyer >= 0) this.spentTurn[buyer] = t;
  }

  /** The turn's coins left to spend in `buy`, and the rank they (and liquid coins that pay) are of. */
  private turnCoins = 0;
  private payRank = 0;

  /**
   * Pay for an item of `item.itemRank` (and `item.modifiers`) whose price at `payRank`, the
   * company's rank, is `cost` (purchases.ts `price`); false, paying nothing, when nothing
   * below covers it (docs/rulings/purchases.md "Liquid coins of another rank"). A price is
   * paid in one rank's coins:
   *  (a) at the company's rank: the turn's coins, then (payWith "liquid" or "points")
   *      liquid coins of `payRank`;
   *  (b) else (liquidRank "earned") liquid coins of ONE higher rank r (kept from before a
   *      demotion), at that rank's price ("They have the same buying power as standard
   *      coins of their rank"): price(itemRank, r, modifiers) coins of rank r, at least
   *      one, not for sale above 4; of the ranks that can pay, the one needing the fewest
   *      coins, the lowest on a tie (payInOneRank). The turn's coins (of `payRank`) never
   *      join them;
   *  (c) else (payWith "points") as (a) with investment points traded in, 2 a coin of
   *      `payRank` still owed, never below the rank's minimum;
   *  (d) else (liquidRank "earned") liquid coins of ONE lower rank (kept from before a
   *      promotion: "Should a company raise or lower their rank, the liquid coins they
   *      earned do not increase or decrease in buying power with them"), as (b).
   * Cheapest first, a liquid coin being a point at the bank: a higher rank's coins never
   * cost more than the points (c) trades, and a lower rank's (p + 2 coins for a price p
   * at R, only the rank just below ever paying) never less. With liquidRank "company", (b)
   * and (d) are never tried, as before December 2026. (Until December 2026 lower ranks'
   * coins paid nothing.)
   */
  private pay(cost: number, item: { itemRank: number; modifiers: number }): boolean {
    if (cost <= this.turnCoins) {
      this.turnCoins -= cost;
      this.acc[METRIC.coinsSpent] += cost;
      return true;
    }
    const p = this.plan;
    if (!p.payWithLiquid) return false;
    const rank = this.payRank;
    const liquid = this.liquid;
    // (a) The turn's coins and liquid coins of the company's rank.
    const fromLiquid = cost - this.turnCoins;
    if (cost !== Infinity && liquid[rank] >= fromLiquid) {
      this.acc[METRIC.coinsSpent] += this.turnCoins;
      this.turnCoins = 0;
      liquid[rank] -= fromLiquid;
      this.acc[METRIC.liquidSpent] += fromLiquid;
      return true;
    }
    // (b) Liquid coins of one higher rank, at that rank's price.
    if (p.liquidEarned && this.payInOneRank(item, rank + 1, MAX_RANK)) return true;
    // (c) Points traded in for what the turn's coins and those of the company's rank leave.
    if (cost !== Infinity && p.payWithPoints) {
      const traded = 2 * (fromLiquid - liquid[rank]);
      if (this.points - traded >= minimumPoints(rank)) {
        this.acc[METRIC.coinsSpent] += this.turnCoins;
        this.turnCoins = 0;
        this.acc[METRIC.liquidSpent] += liquid[rank];
        liquid[rank] = 0;
        this.points -= traded;
        this.acc[p.tradedAt] += traded;
        return true;
      }
    }
    // (d) Liquid coins of one lower rank, at that rank's price: after the points, as a lower
    // rank's p + 2 coins (each a point at the bank) never cost less than the 2 points a
    // coin still owed that (c) trades (a review: 4 rank-2 coins paid where the turn's coin
    // and 2 points would have).
    return p.liquidEarned && this.payInOneRank(item, MIN_RANK, rank - 1);
  }

  /**
   * Pay for `item` in the liquid coins of ONE rank r in [from, to] alone, at that rank's
   * price (at least one coin, not for sale above 4): of the ranks whose coins cover it, the
   * one needing the fewest coins, the lowest on a tie. False, paying nothing, if none can.
   */
  private payInOneRank(item: { itemRank: number; modifiers: number }, from: number, to: number): boolean {
    const liquid = this.liquid;
    let best = 0;
    let fewest = Infinity;
    for (let r = from; r <= to; r++) {
      if (liquid[r] === 0) continue;
      let n = price(item.itemRank, r, item.modifiers);
      if (n < 1) n = 1;
      if (n <= liquid[r] && n < fewest) {
        best = r;
        fewest = n;
      }
    }
    if (best === 0) return false;
    liquid[best] -= fewest;
    this.acc[METRIC.liquidSpent] += fewest;
    return true;
  }

  /**
   * The Medic's push, "Reduce a wounded character's recovery time by 1 turn", at the start
   * of turn `t` (policy medicPush): each living Medic out of bed and not rattled pushes for
   * the first PC of its troupe in bed, and is rattled (docs/rulings/traits.md). With
   * "restTurns" only on turns its troupe takes no job (`jobTurn` false), so it rests the
   * rattle off at once.
   */
  private medicPushes(t: number, jobTurn: boolean): void {
    const p = this.plan;
    if (p.medicPush === 2 && jobTurn) return;
    for (let i = 0; i < p.troupeCount; i++) {
      if (this.troupeActive[i] === 0) continue;
      for (let m = p.troupePcFrom[i]; m < p.troupePcTo[i]; m++) {
        if (p.pcMedic[m] === 0 || this.alive[m] === 0 || this.rattled[m] !== 0 || this.woundedUntil[m] >= t) continue;
        // restTurns pushes when resting the rattle off costs nothing: not for a Medic whose
        // action this turn went on interfering or on a purchase (it cannot rest).
        if (p.medicPush === 2 && this.spentTurn[m] === t) continue;
        for (let pc = p.troupePcFrom[i]; pc < p.troupePcTo[i]; pc++) {
          if (this.alive[pc] === 0 || this.woundedUntil[pc] < t) continue;
          this.woundedUntil[pc]--;
          this.rattled[m] = 1;
          this.acc[METRIC.medicPushes]++;
          break;
        }
      }
    }
  }

  /**
   * Medical attention in troupe `i`'s fight with the `n` PCs in `parts`: a Medic among
   * them attends as aid "medic" ("A character you provide medical attention to during
   * violence is not in danger of dying"); else the troupe's `aid`.
   */
  private fightAid(i: number, parts: Int32Array, n: number): Aid {
    if (this.plan.troupeHasMedicPc[i] === 0) return this.plan.troupeAid[i];
    const medic = this.plan.pcMedic;
    for (let k = 0; k < n; k++) if (medic[parts[k]] !== 0) return 'medic';
    return this.plan.troupeAid[i];
  }

  /**
   * Whether troupe `i`'s Medics are its Medic PCs (who can die in a fight), not a Medic of
   * its own `aid: "medic"` (who never falls; a troupe has one or the other).
   */
  private medicPcs(i: number): boolean {
    return this.plan.troupeHasMedicPc[i] !== 0;
  }

  /** The end of turn `t`: every rival's die, and what it initiates, counted. */
  private rivalDice(random: RandomStream, t: number): void {
    const p = this.plan;
    const acc = this.acc;
    const board = this.board;
    const count = p.rivals.count;
    for (let r = 0; r < count; r++) {
      if (!board.rollDie(random, r)) continue;
      this.counted.rivalStrikes++;
      const at = p.rivalAt + 3 * r;
      if (acc[at + 1]++ === 0) acc[at] = t;
      // "If the rival's plan is unsubtle, give the PCs the chance to interfere."
      const foiled = p.interfere !== INTERFERE_NONE && p.rivals.unsubtle[board.struck[r]] !== 0 && this.interfere(random, r, t);
      board.move(random, r, foiled);
      if (board.succeeded[r] !== 0) acc[at + 2]++;
    }
  }

  /** The last figures of the trial, after its last turn. */
  finish(): void {
    const acc = this.acc;
    this.counted.writeTo(acc);
    const rank = rankOf(this.points);
    acc[METRIC.rankFinal] = rank;
    acc[METRIC.demotedFinal] = rank < this.plan.startRank ? 1 : 0;
    acc[METRIC.promotedFinal] = rank > this.plan.startRank ? 1 : 0;
    acc[METRIC.pointsFinal] = this.points;
    acc[METRIC.liquidFinal] = this.liquidCoins();
    acc[METRIC.calamity] = acc[this.calamityAt] > 0 ? 1 : 0;
  }

  private liquidCoins(): number {
    const liquid = this.liquid;
    let n = 0;
    for (let r = 1; r <= MAX_RANK; r++) n += liquid[r];
    return n;
  }

  /** The liquid coins the turn's banking (policy `bank`, playTurn) trades for points. */
  private coinsToBank(): number {
    const p = this.plan;
    if (p.bank === BANK_NONE) return 0;
    const liquid = this.liquidCoins();
    if (p.bank === BANK_ALL) return liquid;
    return liquid > p.reserve ? liquid - p.reserve : 0;
  }

  /** bankCoins(liquidCoins()) in one pass: every liquid coin traded (policy bank "all"). */
  private bankAll(): void {
    const liquid = this.liquid;
    let k = 0;
    for (let r = 1; r <= MAX_RANK; r++) {
      k += liquid[r];
      liquid[r] = 0;
    }
    this.points += k;
    this.counted.banked += k;
  }

  /**
   * Trade `k` liquid coins for `k` investment points ("A liquid coin … may be traded for
   * an investment point"); the coins of the lowest rank go first, being worth the least.
   */
  private bankCoins(k: number): void {
    let left = k;
    for (let r = 1; r <= MAX_RANK && left > 0; r++) {
      const take = Math.min(left, this.liquid[r]);
      this.liquid[r] -= take;
      left -= take;
    }
    this.points += k - left;
    this.counted.banked += k - left;
  }

  /**
   * A new troupe like the dissolved one: its PCs fresh, with their strong contacts ("Each
   * trait gives a character a strong contact"). No starting asset — "Each troupe begins
   * the game with one asset" — unless the policy `successorAsset` grants it again.
   */
  private foundTroupe(i: number): void {
    const p = this.plan;
    let contacts = 0;
    for (let pc = p.troupePcFrom[i]; pc < p.troupePcTo[i]; pc++) {
      // "A merciful GM will allow the troupe's player to begin with all or a portion of
      // their predecessor's advancements" (policy successorAdvancements); else as it began.
      if (!p.successorAdvancements) {
        this.traits[pc] = p.pcBaseTraits[pc];
        this.recruited[pc] = p.pcFromStart[pc];
        this.knTo[pc] = p.knBaseTo[pc];
        this.viTo[pc] = p.viBaseTo[pc];
      }
      if (this.recruited[pc] === 0) continue;
      this.contactsOf[pc] = this.traits[pc];
      contacts += this.traits[pc];
      this.alive[pc] = 1;
      // Fresh PCs, who have pushed nothing: `rattled` in the setup is how the campaign's
      // first PCs start, not the successors'.
      this.rattled[pc] = 0;
      this.woundedUntil[pc] = 0;
      this.spentTurn[pc] = 0;
    }
    this.troupeActive[i] = 1;
    this.troupePending[i] = 0;
    this.pendingTroupes--;
    this.activeTroupes++;
    if (p.successorAsset) {
      this.liquid[rankOf(this.points)] += p.troupeLiquid[i];
      this.assets += p.troupeAssets[i];
    }
    this.contacts += contacts;
  }

  private dissolve(i: number): void {
    const p = this.plan;
    this.troupeActive[i] = 0;
    this.activeTroupes--;
    // Its equipment goes with it.
    this.equipped[i] = 0;
    this.acc[METRIC.dissolved]++;
    // Its minions leave with it (they are the troupe's, and the troupe is gone).
    for (let pc = p.troupePcFrom[i]; pc < p.troupePcTo[i]; pc++) {
      this.alive[pc] = 0;
      // Their strong contacts leave with them.
      this.contacts -= this.contactsOf[pc];
      this.contactsOf[pc] = 0;
    }
    if (p.newTroupe) {
      this.troupePending[i] = 1;
      this.pendingTroupes++;
    }
  }

  /** Troupes standing, and dissolved ones waiting for their successor (counts of troupeActive, troupePending). */
  private activeTroupes = 0;
  private pendingTroupes = 0;

  /**
   * PCs of troupe `i` that do not take part in a job in turn `t` rest: no longer rattled —
   * but not those out of bed who spent the turn's action interfering (resting is an
   * action). Bed rest heals a rattle whatever the action went on, as on a job turn
   * (troupeTurn): a PC wounded and rattled in the fight it interfered with stayed rattled
   * through its rest turns, and came out of a shortened bed rest unable to join a job (an
   * audit; campaign.md "Rest").
   */
  private rest(i: number, t: number): void {
    const p = this.plan;
    const { spentTurn, woundedUntil, rattled } = this;
    for (let pc = p.troupePcFrom[i]; pc < p.troupePcTo[i]; pc++) if (spentTurn[pc] !== t || woundedUntil[pc] >= t) rattled[pc] = 0;
  }

  /** Troupe `i`'s turn `t`: a job on a `jobTurn`, at the company's `rank`, else rest. */
  /**
   * How a job turn's reward is extracted at company rank `rank`: the policy's method, but
   * "Work for someone … is no longer available once your company reaches rank 4": then
   * `workFallback`, which may be to idle (the troupes rest).
   */
  private jobMethod(rank: number): number {
    const p = this.plan;
    return p.method === METHOD.work && !workAvailable(rank) ? p.workFallback : p.method;
  }

  private troupeTurn(random: RandomStream, i: number, t: number, method: number, rank: number): void {
    const p = this.plan;
    const acc = this.acc;
    // The turn's `method` (playTurn): METHOD.idle on a turn without a job, or whose job
    // falls back to idling.
    if (method === METHOD.idle) {
      this.rest(i, t);
      return;
    }
    // Who takes part: the living, out of bed, and (by policy) not resting off a rattle.
    // (Arrays in locals: TurboFan reloads `this.x` at each use inside a loop.)
    const parts = this.participants;
    const { alive, woundedUntil, rattled, knTo, spentTurn } = this;
    const knFrom = p.knFrom;
    const restWhenRattled = p.restWhenRattled;
    const pushes = p.knaveryPush === true;
    // Participants are gathered before any die is rolled when some may push: to reroll
    // (knaveryPush) or a trait to remove a challenge first (job.pushTraits).
    const gather = pushes === true || p.pushTraits > 0;
    const to = p.troupePcTo[i];
    // Without pushes the plan's dice are rolled as each participant is found: rollPlan's
    // draws in rollPlan's order (participant after participant, each one's dice in order),
    // with the dice of steady participants that lie next to each other in one count
    // (runFrom..runTo). One pass over the troupe instead of two, and no call per job.
    this.sixes = 0;
    let drawn = 0;
    let runFrom = 0;
    let runTo = -1;
    let n = 0;
    for (let pc = p.troupePcFrom[i]; pc < to; pc++) {
      if (alive[pc] === 0) continue;
      if (woundedUntil[pc] >= t) {
        rattled[pc] = 0;
        continue;
      }
      // Its action went on interfering with a rival's move as this turn began: it neither
      // takes part nor rests. (takesPartBesides repeats these tests for a task's purchase:
      // a change here is a change there.)
      if (spentTurn[pc] === t) continue;
      if (rattled[pc] !== 0 && restWhenRattled === true) {
        rattled[pc] = 0;
        continue;
      }
      parts[n++] = pc;
      if (gather === true) continue;
      if (rattled[pc] !== 0) {
        if (runTo > runFrom) drawn += this.knaveryDice(random, runFrom, runTo, false);
        runTo = -1;
        drawn += this.knaveryDice(random, knFrom[pc], knTo[pc], true);
      } else if (runTo === knFrom[pc]) {
        runTo = knTo[pc];
      } else {
        if (runTo > runFrom) drawn += this.knaveryDice(random, runFrom, runTo, false);
        runFrom = knFrom[pc];
        runTo = knTo[pc];
      }
    }
    if (runTo > runFrom) drawn += this.knaveryDice(random, runFrom, runTo, false);
    if (n === 0) return;
    this.counted.jobs++;

    // Tasks bought for this job (policy buy.task) took challenges off first; then pushed traits.
    const challenges = p.task !== undefined ? p.challenges - this.troupeTasks[i] : p.challenges;
    const need = p.pushTraits > 0 ? challenges - this.traitPushes(n, challenges) : challenges;
    const successes = gather === true ? this.rollPlan(random, n, need) : drawn;
    // A failed plan's aftermath in its own method: keeping this one small lets TurboFan
    // inline the knavery draw (and the generator under it) here.
    const success = successes >= need || this.failedPlan(random, i, t, n, successes, rank, need);
    if (success) {
      // Compares, not Math.min/max: TurboFan compiles those as float64 operations here.
      const offsetRank = rank + p.npcRankOffset;
      const npc = p.npcRank > 0 ? p.npcRank : offsetRank < 1 ? 1 : offsetRank > MAX_RANK ? MAX_RANK : offsetRank;
      const reward = BASELINE[method] + npc - rank;
      const coins = reward > 0 ? reward : 0;
      // "Liquid coins remain at the rank at which they were earned."
      this.liquid[rank] += coins;
      this.counted.rewards += coins;
      this.counted.jobsSucceeded++;
      this.ambitionProgress++;
    }
  }

  /**
   * Troupe `i`'s plan in turn `t` by its `n` participants fell short with `successes`: a
   * rival deal, or the violence it turns into, by policy. Returns whether the job succeeds
   * after all.
   */
  private failedPlan(random: RandomStream, i: number, t: number, n: number, successes: number, rank: number, need: number): boolean {
    const p = this.plan;
    const acc = this.acc;
    const parts = this.participants;
    let success = false;
    if (p.dealsTaken === true && p.rivals.count > 0) {
      // "one of their designs advances by points equal to the PC's wealth rank"
      this.board.advance(p.rivals.count === 1 ? 0 : random.below(p.rivals.count), rank);
      acc[METRIC.rivalDeals]++;
      success = true;
    } else if (p.violence === true) {
      // "Once a plan has failed, the scene shifts immediately to the action": the threats
      // are the active challenges less those the free pushes thwart (freePushes "fallout");
      // with "reroll" the free pushes are rerolls in the fight instead.
      const active = need - successes;
      // "Rattled PCs can't push themselves": the 6s thwart challenges only where a
      // participant is left not rattled (from before, or by a push to reroll in this plan).
      const thwart = p.fallout === true && this.anySteady(parts, n);
      const threats = thwart ? Math.max(0, active - this.sixes) : active;
      if (thwart) acc[METRIC.jobsFreePushes] += Math.min(active, this.sixes);
      const guards = p.guardsFixed + p.guardsPerActive * threats;
      // Every challenge thwarted, by the roll or the free pushes, and nobody else there:
      // the fallout is dealt with and the job done.
      if (threats === 0 && p.guardsFixed === 0) success = true;
      else if (guards > 0) {
        this.counted.jobsViolent++;
        const s = this.equipmentSide(i, this.skirmish, this.skirmishOutequipped, this.guardBonusDice);
        const free = p.freeRerolls === true ? this.sixes : 0;
        success = s.fight(random, parts, n, guards, p.bonusSides, p.troupeBonusFrom[i], this.fightBonusTo, this.fightAid(i, parts, n), this.medicPcs(i), free);
        if (free > 0) acc[METRIC.jobsFreePushes] += s.freePushesUsed;
        if (p.shotsAt >= 0) acc[p.shotsAt] += s.snapShots;
        if (success === true) this.counted.jobsWon++;
        this.casualties(s, i, t);
      }
    }
    return success;
  }

  /** Whether one of the first `n` participants is not rattled. */
  private anySteady(parts: Int32Array, n: number): boolean {
    for (let k = 0; k < n; k++) if (this.rattled[parts[k]] === 0) return true;
    return false;
  }

  /**
   * Whose equipment dice roll in troupe `i`'s fight against a side with `theirs` of them:
   * "The GM awards 1d4 or 2d4 to the most well-equipped side". Where both sides have some,
   * only the side with more rolls its own; with as many, neither is the most well-equipped
   * and neither rolls them (docs/rulings/purchases.md); with rules.equipment "everySide"
   * each side rolls its own, as written. Returns the fight (`withTheirs`, or `withoutTheirs`
   * where the troupe is the better equipped) and sets fightBonusTo, the end of the troupe's
   * dice that roll (from troupeBonusFrom[i]).
   */
  private equipmentSide(i: number, withTheirs: Skirmish, withoutTheirs: Skirmish, theirs: number): Skirmish {
    const p = this.plan;
    const bonusFrom = p.troupeBonusFrom[i];
    const ours = (this.equipped[i] !== 0 ? p.troupeEquippedTo[i] : p.troupeBonusTo[i]) - bonusFrom;
    const bothEquipped = ours > 0 && theirs > 0 && p.equipmentMostOnly === true;
    this.fightBonusTo = bothEquipped && ours <= theirs ? bonusFrom : bonusFrom + ours;
    return bothEquipped && ours >= theirs ? withoutTheirs : withTheirs;
  }

  /**
   * The wounded and dead of troupe `i`'s fight `s` in turn `t`: the dead are gone (a dead
   * captain dissolves the troupe), the wounded go to bed for BED_REST_TURNS.
   */
  private casualties(s: Skirmish, i: number, t: number): void {
    const counted = this.counted;
    let captainDied = false;
    for (let w = 0; w < s.woundedCount; w++) {
      const pc = s.wounded[w];
      counted.wounds++;
      if (s.died[w] !== 0) {
        // The troupe dissolves once, after every wound of the fight has fallen.
        if (this.pcDied(pc)) captainDied = true;
      } else {
        this.woundedUntil[pc] = t + BED_REST_TURNS;
        this.treated[pc] = 0;
      }
    }
    if (captainDied) this.dissolve(i);
  }

  /**
   * Troupe `i`'s PCs able to act at the end of turn `t` (living, out of bed) into
   * `participants`; returns how many.
   */
  private ablePcs(i: number, t: number): number {
    const p = this.plan;
    let n = 0;
    for (let pc = p.troupePcFrom[i]; pc < p.troupePcTo[i]; pc++) {
      if (this.alive[pc] !== 0 && this.woundedUntil[pc] <= t) this.participants[n++] = pc;
    }
    return n;
  }

  /**
   * Troupe `i`'s PCs free to interfere at the end of turn `t`: able (ablePcs) and, where
   * interfering spends an action, not already spent on another rival's move this turn end.
   */
  private freePcs(i: number, t: number): number {
    const n = this.ablePcs(i, t);
    if (!this.plan.interferenceSpendsAction) return n;
    const parts = this.participants;
    let free = 0;
    for (let k = 0; k < n; k++) if (this.spentTurn[parts[k]] !== t + 1) parts[free++] = parts[k];
    return free;
  }

  /** The first standing troupe with a PC free to interfere, or −1. */
  private firstFreeTroupe(t: number): number {
    for (let i = 0; i < this.plan.troupeCount; i++) if (this.troupeActive[i] !== 0 && this.freePcs(i, t) > 0) return i;
    return -1;
  }

  /**
   * "If the rival's plan is unsubtle, give the PCs the chance to interfere": the first
   * standing troupe with able PCs interferes by policy `interfere` — a knavery plan against
   * `challenges`, or a fight with rival r's minions. Returns whether the plan is foiled.
   */
  private interfere(random: RandomStream, r: number, t: number): boolean {
    const p = this.plan;
    const i = this.firstFreeTroupe(t);
    if (i < 0) return false;
    const n = this.freePcs(i, t);
    this.acc[METRIC.interfered]++;
    // "Each character in a troupe may take one turn action": the move comes "as the next
    // turn begins", and taking part in its knavery or violence is that turn's action.
    if (p.interferenceSpendsAction) for (let k = 0; k < n; k++) this.spentTurn[this.participants[k]] = t + 1;
    let foiled = false;
    // A knavery plan, and where it fails (interfere.onFailed "violence": "Once a plan has
    // failed, the scene shifts immediately to the action") the fight a violent interference
    // is from the start, the plan's 6s its free rerolls under freePushes "reroll".
    let fight = p.interfere !== INTERFERE_KNAVERY;
    let free = 0;
    if (!fight) {
      foiled = this.rollPlan(random, n, p.interfereChallenges) >= p.interfereChallenges;
      fight = !foiled && p.interfereFallout;
      if (fight && p.freeRerolls === true) free = this.sixes;
    }
    if (fight) {
      const s = this.equipmentSide(i, this.minionFights[r], this.minionFightsOutequipped[r], this.minionBonusDice[r]);
      // Fought as an attempt on a life is: at least one minion comes, the plan being
      // someone's (a rank-2 rival has 0 by "rank minus 2", which let every fight be won
      // without a die rolled).
      foiled = s.fight(random, this.participants, n, Math.max(1, p.rivals.minions[r]), p.bonusSides, p.troupeBonusFrom[i], this.fightBonusTo, this.fightAid(i, this.participants, n), this.medicPcs(i), free);
      if (p.shotsAt >= 0) this.acc[p.shotsAt] += s.snapShots;
      this.casualties(s, i, t);
    }
    if (foiled) this.acc[METRIC.foiled]++;
    return foiled;
  }

  /**
   * "An attempt on a PC's life", by rival r: a PC able to act, at random, is the target; its
   * troupe's able PCs fight the rival's minions ("If in doubt, use their rank minus 2"; at
   * least one comes), docs/rulings/campaign.md. With rules.attemptTarget "first" ("The side
   * with the most 4s assigns their hits", and they came for the target) the minions' first
   * hit of each wound phase wounds the target while it is able, the rest by woundOrder.
   */
  private attemptOnLife(random: RandomStream, r: number, t: number): void {
    const p = this.plan;
    const target = this.randomPc(random, t, true);
    if (target < 0) return;
    const i = p.pcTroupe[target];
    const n = this.ablePcs(i, t);
    this.acc[METRIC.attempts]++;
    const s = this.equipmentSide(i, this.minionFights[r], this.minionFightsOutequipped[r], this.minionBonusDice[r]);
    const repelled = s.fight(random, this.participants, n, Math.max(1, p.rivals.minions[r]), p.bonusSides, p.troupeBonusFrom[i], this.fightBonusTo, this.fightAid(i, this.participants, n), this.medicPcs(i), 0, p.attemptAimed ? target : -1);
    if (repelled) this.acc[METRIC.attemptsRepelled]++;
    if (p.shotsAt >= 0) this.acc[p.shotsAt] += s.snapShots;
    this.casualties(s, i, t);
  }

  /**
   * Policy job.pushTraits: before the roll, up to that many of the `n` participants push a
   * trait to remove one of the `need` challenges each, never more than there are, and are
   * rattled ("Immediately after a character pushes, they are rattled"; "Rattled PCs can't
   * push themselves"). Those with the fewest knavery dice push first (the least lost to
   * rolling rattled), in the troupe's order on ties. Returns how many pushed.
   */
  private traitPushes(n: number, need: number): number {
    const parts = this.participants;
    const rattled = this.rattled;
    const knTo = this.knTo;
    const knFrom = this.plan.knFrom;
    const canPush = this.plan.pcPushesForChallenges;
    const traits = this.traits;
    const baseTraits = this.plan.pcBaseTraits;
    const most = this.plan.pushTraits < need ? this.plan.pushTraits : need;
    let pushed = 0;
    while (pushed < most) {
      let best = -1;
      for (let k = 0; k < n; k++) {
        const pc = parts[k];
        if (rattled[pc] !== 0) continue;
        // "Knowledge traits cannot be pushed": a PC named with only those (and the Medic)
        // has no push for a challenge, unless it has taken a trait since by advancing.
        if (canPush[pc] === 0 && traits[pc] <= baseTraits[pc]) continue;
        if (best < 0 || knTo[pc] - knFrom[pc] < knTo[best] - knFrom[best]) best = pc;
      }
      if (best < 0) break;
      rattled[best] = 1;
      pushed++;
    }
    this.acc[METRIC.jobsTraitPushes] += pushed;
    return pushed;
  }

  /** The 6s among the last plan's dice as they stand: its free pushes if it failed. */
  private sixes = 0;

  /**
   * A job's plan by the troupe's `n` participants (this.participants): "Every die result of
   * 4 or above is a success." With `knaveryPush` "ifShort", when it falls short every
   * participant who showed no success and is not rattled rerolls its dice and is rattled;
   * with "ifBehind", every one not rattled who showed fewer successes than its reroll
   * expects (knPushBelow) (docs/rulings/knavery.md). Returns the successes; leaves the 6s in `sixes`.
   */
  private rollPlan(random: RandomStream, n: number, need: number): number {
    const p = this.plan;
    const parts = this.participants;
    let successes = 0;
    this.sixes = 0;
    if (p.knaveryPush !== true) {
      // Only the sums count: the dice of a run of steady participants next to each other
      // (a troupe's PCs' dice are contiguous, unless room is kept for traits not yet
      // gained) are counted in one go, the same draws.
      const rattledPcs = this.rattled;
      const knTo = this.knTo;
      const knFrom = p.knFrom;
      for (let k = 0; k < n; ) {
        const pc = parts[k];
        const rattled = rattledPcs[pc] !== 0;
        let last = pc;
        k++;
        if (!rattled) {
          while (k < n && parts[k] === last + 1 && rattledPcs[last + 1] === 0 && knTo[last] === knFrom[last + 1]) last = parts[k++];
        }
        successes += this.knaveryDice(random, knFrom[pc], knTo[last], rattled);
      }
      return successes;
    }
    let dice = 0;
    for (let k = 0; k < n; k++) {
      const pc = parts[k];
      const sixesBefore = this.sixes;
      const s = this.knaveryDice(random, p.knFrom[pc], this.knTo[pc], this.rattled[pc] !== 0);
      this.partSuccesses[k] = s;
      this.partSixes[k] = this.sixes - sixesBefore;
      successes += s;
      // Dice able to succeed: a d2 or d3 never shows 4 or above.
      for (let d = p.knFrom[pc]; d < this.knTo[pc]; d++) if (p.knSides[d] >= 4) dice++;
    }
    // Nobody pushes where no reroll can meet the challenges (fewer dice able to succeed than
    // challenges):
    // it would rattle its pushers for nothing, as a trait pushed to remove no challenge
    // would (a knavery audit: 0.75 PCs pushed a plan of 3 dice against 5).
    if (successes < need && need <= dice) {
      for (let k = 0; k < n; k++) {
        const pc = parts[k];
        if (this.rattled[pc] !== 0 || this.partSuccesses[k] >= p.knPushBelow[this.knTo[pc] - 1]) continue;
        // The reroll replaces its first roll: its successes (none, for ifShort) and 6s are gone.
        successes -= this.partSuccesses[k];
        this.sixes -= this.partSixes[k];
        successes += this.knaveryDice(random, p.knFrom[pc], this.knTo[pc], false);
        // "Immediately after a character pushes, they are rattled."
        this.rattled[pc] = 1;
        this.acc[METRIC.jobsPushed]++;
      }
    }
    return successes;
  }

  /**
   * The successes of knavery dice from..to−1 (RandomStream.successesAndSixes, in calls of
   * at most 0xffff dice, the width of its fields); their 6s are added to `sixes`.
   */
  private knaveryDice(random: RandomStream, from: number, to: number, keepLower: boolean): number {
    if (to - from <= 0xffff) {
      // One call: the usual case.
      const sx = random.successesAndSixes(this.plan.knSides, from, to, keepLower);
      this.sixes += sx >>> 16;
      return sx & 0xffff;
    }
    let successes = 0;
    for (let a = from; a < to; a += 0xffff) {
      const sx = random.successesAndSixes(this.plan.knSides, a, to - a > 0xffff ? a + 0xffff : to, keepLower);
      successes += sx & 0xffff;
      this.sixes += sx >>> 16;
    }
    return successes;
  }

  /** "Should a minion die …, two investment points may be spent to replace them", by policy. */
  private replaceMinions(): void {
    const p = this.plan;
    if (p.replace === REPLACE_NEVER || !this.minionsDown) return;
    // Cleared here, set again below for each dead minion left unreplaced.
    this.minionsDown = false;
    const { alive, recruited, troupeActive } = this;
    const { pcCaptain, pcTroupe } = p;
    // keepRank keeps the rank the company holds: a replacement is made when the points at
    // the turn's end, with the liquid coins `bank` trades right after this (a GM's company
    // counts the reward it is about to bank), less its cost, are still of that rank. Judged
    // on the points before banking, it refused a minion who died in a job whose reward,
    // banked, kept the rank after paying (a campaign audit); judged against the rank after
    // banking, it refused one whose cost only delayed a promotion (the review). The payment
    // is still from the points already there, as with "always".
    // The rank held is the one at the pass's start: judged against the points each
    // replacement before it left, several replacements in one turn could each stay within
    // the rank they found and together take the company below the rank it held (30 points,
    // 4 to bank, three minions at 2: 28, 26, 24, then 28 banked; an audit).
    const banking = p.replace === REPLACE_KEEP_RANK ? this.coinsToBank() : 0;
    const held = rankOf(this.points);
    for (let pc = 0; pc < p.pcCount; pc++) {
      if (alive[pc] !== 0 || pcCaptain[pc] !== 0 || recruited[pc] === 0 || troupeActive[pcTroupe[pc]] === 0) continue;
      this.minionsDown = true;
      // "If the character had extra traits, their replacement may have them as well--but
      // each trait replaced in this way costs an additional investment point."
      const cost = p.ambition === AMBITION_NONE ? p.pcReplacementCost[pc] : replacementCost(this.traits[pc]);
      if (this.points < cost) continue;
      const turnEnd = this.points + banking;
      if (p.replace === REPLACE_KEEP_RANK && rankOf(turnEnd - cost) < held) continue;
      this.points -= cost;
      this.alive[pc] = 1;
      this.rattled[pc] = 0;
      this.woundedUntil[pc] = 0;
      this.spentTurn[pc] = 0;
      // The replacement has the traits, and so the strong contacts, of its own.
      this.contactsOf[pc] = this.traits[pc];
      this.contacts += this.traits[pc];
      this.acc[METRIC.replaced]++;
      this.acc[METRIC.replacementPoints] += cost;
    }
  }

  /**
   * Whether some minion of a standing troupe may lie dead (replaceMinions skips its pass
   * over the PCs otherwise). Only a minion's death makes one (pcDied): a captain's
   * dissolves its troupe, a dissolved troupe's PCs are not replaced, and founding,
   * advancing and reset raise the living. (Set at a captain's death too, it made half
   * the turns of the bench campaign pass over the PCs: 26.5 passes a campaign, now 19.7.)
   */
  private minionsDown = false;

  /** A successful design's consequence lands on the company. */
  private consequence(random: RandomStream, code: number, t: number, r: number): void {
    const p = this.plan;
    const acc = this.acc;
    const kind = CONSEQUENCE_OF_CODE[code];
    acc[p.kindsAt + kind]++;
    if (kind === KIND_WEALTH) {
      // "The wealth track lowers by N": N investment points, never below 0.
      const n = WEALTH_LOWERED[Math.floor(code / 6)];
      const lost = Math.min(n, this.points);
      this.points -= lost;
      acc[METRIC.pointsLost] += lost;
      acc[METRIC.wealthLowered] += n;
    } else if (kind === KIND_RATTLED) {
      // "A PC is rattled": one of the company's PCs not rattled yet and out of bed, at
      // random. A PC in bed is resting ("A PC may stop being rattled by taking one turn to
      // rest"), so a rattle landing there would come to nothing: the GM picks one it hurts,
      // as a wound and an attempt on a life pick from those out of bed.
      const pc = this.randomPc(random, t, false);
      if (pc >= 0) this.rattled[pc] = 1;
    } else if (kind === KIND_WOUNDED) {
      // "A PC is wounded": out for the bed rest. With rules.consequenceWound "bedRest" (the
      // default) no death roll: the medium table's wound is milder than the heavy table's
      // attempt on a life. With "deathRoll" it is the Wound Phase's wound, "a 2-in-4 chance
      // to die", and the survivor goes to bed (docs/rulings/campaign.md).
      const pc = this.randomPc(random, t, true);
      if (pc >= 0) {
        if (p.consequenceDeath && this.diesOfConsequenceWound(random, pc, t)) {
          if (this.pcDied(pc)) this.dissolve(p.pcTroupe[pc]);
        } else {
          this.woundedUntil[pc] = t + BED_REST_TURNS;
          this.treated[pc] = 0;
        }
      }
    } else if (kind === KIND_ATTEMPT) {
      this.attemptOnLife(random, r, t);
    } else if (kind === KIND_ASSET) {
      this.assetLost(random);
    } else if (kind === KIND_CONTACT) {
      if (this.contacts > 0) {
        // One of the best-connected PC's (the first of them): only the count is measured,
        // and taking no die leaves every later draw of the trial as it was.
        const contactsOf = this.contactsOf;
        let most = 0;
        for (let pc = 1; pc < contactsOf.length; pc++) if (contactsOf[pc] > contactsOf[most]) most = pc;
        contactsOf[most]--;
        this.contacts--;
        acc[METRIC.contactsLost]++;
      }
    }
  }

  /**
   * The death roll of a rival's "A PC is wounded" under rules.consequenceWound "deathRoll":
   * "a 2-in-4 chance to die. This is reduced to 1-in-4 if they receive medical attention
   * within 30 seconds". No fight is played, so "within 30 seconds" is the troupe's word:
   * its `aid` ("ordinary", or "medic") says it tends its wounded at once, as in its fights,
   * and so does a Medic PC of the troupe able to act at the end of turn `t` (living and out
   * of bed, as a fight's Medics are among its PCs able to act: ablePcs), the wounded Medic
   * itself included, as a wounded Medic attends in a fight. A Medic in bed from an earlier
   * wound attends nobody, as it attends no fight. A Medic gives ordinary attention here,
   * 1-in-4: its "not in danger of dying" is "during violence", and this is no violence.
   */
  private diesOfConsequenceWound(random: RandomStream, pc: number, t: number): boolean {
    const p = this.plan;
    const i = p.pcTroupe[pc];
    let attended = p.troupeAid[i] !== 'none';
    if (!attended && p.troupeHasMedicPc[i] !== 0) {
      for (let m = p.troupePcFrom[i]; m < p.troupePcTo[i]; m++) if (p.pcMedic[m] !== 0 && this.alive[m] !== 0 && this.woundedUntil[m] <= t) attended = true;
    }
    // A d4: 2 bits, as the fights draw it; faces below 2 (or 1, attended) kill.
    return random.bits(2) < (attended ? 1 : 2);
  }

  /**
   * PC `pc` dies (in a fight, or of a rival's wound with a death roll): counted; its strong
   * contacts are nobody's now; a dead minion is replaced by policy (minionsDown). Returns
   * whether it was its troupe's captain, whose death dissolves the troupe: the caller
   * dissolves it (a fight once, after all its wounds).
   */
  private pcDied(pc: number): boolean {
    const counted = this.counted;
    this.alive[pc] = 0;
    this.contacts -= this.contactsOf[pc];
    this.contactsOf[pc] = 0;
    counted.deaths++;
    if (this.plan.pcCaptain[pc] !== 0) {
      // Its troupe dissolves: no minion of a standing troupe lies dead for it.
      counted.deathsCaptains++;
      return true;
    }
    this.minionsDown = true;
    counted.deathsMinions++;
    return false;
  }

  /**
   * "An asset is lost": with assetLoss "any", one of the company's assets, each as likely —
   * each held asset, each standing troupe's bought equipment (bought again by
   * buy.equipment) and each liquid coin ("An asset is any material …, from liquid coin to a
   * nice car"; a troupe may begin with "A liquid coin" as its asset). A die only when the
   * choice is between kinds: held assets are alike, so a company with nothing else loses one
   * without a draw, as under "held", which takes only those. Held assets lost are owed to
   * buy.asset; nothing happens when the company has no asset.
   */
  private assetLost(random: RandomStream): void {
    const p = this.plan;
    const held = this.assets;
    let equipped = 0;
    let coins = 0;
    if (p.anyAssetLost === true) {
      for (let i = 0; i < p.troupeCount; i++) if (this.troupeActive[i] !== 0 && this.equipped[i] !== 0) equipped++;
      coins = this.liquidCoins();
    }
    const n = held + equipped + coins;
    if (n === 0) return;
    let k = n === held || n === 1 ? 0 : n <= MAX_UNIFORM ? random.below(n) : random.belowWide(n);
    if (k < held) {
      this.assets--;
      this.assetsOwed++;
      this.acc[METRIC.assetsLost]++;
      return;
    }
    k -= held;
    if (k < equipped) {
      for (let i = 0; i < p.troupeCount; i++) {
        if (this.troupeActive[i] === 0 || this.equipped[i] === 0 || k-- !== 0) continue;
        this.equipped[i] = 0;
        this.acc[METRIC.equipmentLost]++;
        return;
      }
    }
    k -= equipped;
    // The k-th liquid coin, counting up from the lowest rank.
    for (let r = 1; r <= MAX_RANK; r++) {
      if (k < this.liquid[r]) {
        this.liquid[r]--;
        this.acc[METRIC.liquidLost]++;
        return;
      }
      k -= this.liquid[r];
    }
  }

  /**
   * A living PC of an active troupe out of bed, uniformly at random: for a rattle, one not
   * already rattled. −1 when there is none.
   */
  private randomPc(random: RandomStream, t: number, wound: boolean): number {
    const p = this.plan;
    let n = 0;
    for (let pc = 0; pc < p.pcCount; pc++) if (this.canBeHit(pc, t, wound)) n++;
    if (n === 0) return -1;
    let k = n === 1 ? 0 : random.below(n);
    for (let pc = 0; pc < p.pcCount; pc++) {
      if (!this.canBeHit(pc, t, wound)) continue;
      if (k-- === 0) return pc;
    }
    return -1;
  }

  private canBeHit(pc: number, t: number, wound: boolean): boolean {
    if (this.alive[pc] === 0 || this.troupeActive[this.plan.pcTroupe[pc]] === 0) return false;
    return this.woundedUntil[pc] <= t && (wound || this.rattled[pc] === 0);
  }
}
