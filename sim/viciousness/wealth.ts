/**
 * Wealth (docs/rules.md "Wealth and the campaign"; viciousness.txt "Wealth"): rank by
 * investment points, rewards in liquid coins, and what replacing the dead costs.
 */

/** Ranks run 1..7: "It is numbered from 1 to 7." */
export const MIN_RANK = 1;
export const MAX_RANK = 7;
/** A company's starting rank where the setup leaves it out: "The default rank is 2". */
export const DEFAULT_RANK = 2;

/**
 * "The following table has the minimum investment points per rank."
 * | Rank | 1 | 2 | 3 | 4 | 5 | 6 | 7 | / | Points | 0 | 15 | 30 | 45 | 60 | 75 | 90 |
 */
export const RANK_MINIMUM = Int32Array.from([0, 15, 30, 45, 60, 75, 90]);

/** The least investment points of `rank` ("The company begins play with the minimum investment points for their rank"). */
export function minimumPoints(rank: number): number {
  return RANK_MINIMUM[rank - 1];
}

/** The rank `points` investment points give: the highest rank whose minimum they reach. */
export function rankOf(points: number): number {
  let rank = MIN_RANK;
  while (rank < MAX_RANK && points >= RANK_MINIMUM[rank]) rank++;
  return rank;
}

/** Reward methods ("The baseline reward is determined by method of extraction"). */
export const REWARD_METHODS = ['work', 'rare', 'destroy'] as const;
export type RewardMethod = (typeof REWARD_METHODS)[number];

/**
 * Baseline liquid coins: "Work for someone: … Baseline 1 coin. Extract a rare reward: …
 * Baseline 2 coins. Destroy someone: … Baseline 3 coins."
 */
export const REWARD_BASELINE: Record<RewardMethod, number> = { work: 1, rare: 2, destroy: 3 };

/** "This method is no longer available once your company reaches rank 4." */
export const WORK_UNAVAILABLE_FROM_RANK = 4;

export function workAvailable(companyRank: number): boolean {
  return companyRank < WORK_UNAVAILABLE_FROM_RANK;
}

/**
 * Liquid coins a job pays: "For every rank above the company's they are, the reward is
 * increased by one liquid coin, and vice-versa for every rank below"; never below 0.
 * The text's examples: a rank 4 company extracting a rare reward from a rank 3 NPC earns
 * 1; a rank 2 company destroying a rank 5 NPC earns 6.
 */
export function reward(method: RewardMethod, companyRank: number, npcRank: number): number {
  return Math.max(0, REWARD_BASELINE[method] + npcRank - companyRank);
}

/** "A liquid coin (and only a liquid coin) may be traded for an investment point." */
export const POINTS_PER_BANKED_COIN = 1;
/** "Investment points may be traded in to retrieve liquid coins, at a rate of 2 points per 1 coin." */
export const POINTS_PER_RETRIEVED_COIN = 2;

/** "Minions get 2 traits; captains get 3." */
export const MINION_TRAITS = 2;
export const CAPTAIN_TRAITS = 3;
/** "A character may have 4 traits at most." */
export const MAX_TRAITS = 4;

/**
 * "Should a minion die or retire, two investment points may be spent to replace them with
 * a new one. If the character had extra traits, their replacement may have them as
 * well--but each trait replaced in this way costs an additional investment point."
 */
export function replacementCost(traits: number): number {
  return 2 + Math.max(0, traits - MINION_TRAITS);
}
