/**
 * A campaign's setup (docs/scenario-format.md, "Mechanics, setups and metrics"; docs/rulings/campaign.md): company, troupes, rivals,
 * policy and turns, each choice documented with its default. Its own module so the
 * mechanic (campaign.ts) and the turn (campaignPlay.ts) import it without an import circle.
 */
import { z } from 'zod';
import { lazySchema } from '../lazySchema.ts';
import { entityName } from '../names.ts';
import { diceListSchema, eachDie } from '../dice.ts';
import { MAX_UNIFORM } from '../random.ts';
import { SEVERITIES, checkRivals, rivalSchema } from './rivalDice.ts';
import { MAX_TURNS, escalationNote, handyPointNote, oneDesignInvestNote, speedChessNote } from './rivals.ts';
import { AID_POLICIES, FLEE_POLICIES, HIT_ON_NOTE, houseRuleEquipmentNote, mostSides } from './violence.ts';
import { FREE_PUSH_POLICIES, PUSH_POLICIES } from './knaveryPushes.ts';
import { MAX_PRICE, price, purchasesSchema } from './purchases.ts';
import { VICIOUSNESS_DEFAULTS, type ViciousnessRules } from '../rules.ts';
import { advanceSchema, ambitionSchema, reservedPcs } from './advancement.ts';
import { campaignTraitsSchema, checkSituationalDice, checkTraitDice, namesMedic, namesTrait, troupeNamesMedic, pushesForChallenges, DEFENDER_PUSH, MARKSMAN_PUSH } from './traits.ts';
import { CAPTAIN_TRAITS, DEFAULT_RANK, MAX_RANK, MAX_TRAITS, MINION_TRAITS, MIN_RANK, RANK_MINIMUM, REWARD_METHODS, minimumPoints, rankOf } from './wealth.ts';

const name = entityName;

/** A PC: its traits (for replacement cost and contacts) and the trait dice that apply. */
/** Built with the schemas that use them (sim/lazySchema.ts). */
const pcFields = () => ({
  /**
   * Traits it has, as a count or by name (viciousness.txt's table; docs/rulings/traits.md):
   * defaults to 3 for a captain, 2 for a minion ("Minions get 2 traits; captains get 3").
   */
  traits: campaignTraitsSchema.optional(),
  /** Trait dice that apply to the troupe's jobs (knavery); the 1d6 every participant adds is the rules'. */
  knavery: diceListSchema.optional(),
  /** Trait dice that apply in violence; the 1d4 every combatant adds is the rules'. */
  violence: diceListSchema.optional(),
  /** Starts the campaign rattled. */
  rattled: z.boolean().optional(),
});

export const captainSchema = lazySchema(() => z
  .object(pcFields())
  .strict()
  .superRefine((pc, ctx) => checkTraitDice(pc, CAPTAIN_TRAITS, ctx)));
export const minionSchema = lazySchema(() => z
  .object({
    name,
    /** How many minions this entry stands for; defaults to 1. */
    count: z.number().int().min(0).max(100).optional(),
    ...pcFields(),
  })
  .strict()
  .superRefine((pc, ctx) => checkTraitDice(pc, MINION_TRAITS, ctx)));

/** "Each troupe begins the game with one asset chosen from the following list." */
export const STARTING_ASSETS = ['liquidCoin', 'securedHeadquarters', 'luxuryItem', 'favor'] as const;

export const troupeSchema = lazySchema(() => z
  .object({
    name,
    /** Identical troupes this entry stands for; defaults to 1. */
    count: z.number().int().min(0).max(50).optional(),
    captain: captainSchema,
    /** "A troupe begins with a captain and one minion"; defaults to one plain minion. */
    minions: z.array(minionSchema).optional(),
    /** Its starting asset; defaults to *securedHeadquarters*. A liquid coin joins the company's. */
    asset: z.enum(STARTING_ASSETS).optional(),
    /** Medical attention for its wounded in violence; defaults to *none* (2-in-4 death), *medic* with a Medic PC. */
    aid: z.enum(AID_POLICIES).optional(),
    /** Equipment bonus dice in violence ("The GM awards 1d4 or 2d4 to the most well-equipped side"). */
    bonus: diceListSchema.optional(),
  })
  .strict());

export const companySchema = lazySchema(() => z
  .object({
    name,
    /** Starting wealth rank; "The default rank is 2". */
    rank: z.number().int().min(MIN_RANK).max(MAX_RANK).optional(),
    /** Starting investment points; defaults to the rank's minimum, and must lie in the rank. */
    points: z.number().int().min(0).max(10_000).optional(),
    /** Liquid coins at the start (of the starting rank), besides troupes' liquid-coin assets; defaults to 0. */
    liquid: z.number().int().min(0).max(10_000).optional(),
    /** Assets at the start besides the troupes' own; defaults to 0. */
    assets: z.number().int().min(0).max(1000).optional(),
  })
  .strict());

/** Guards per challenge left active when a plan fails, where `job.guards` does not say. */
export const GUARDS_PER_ACTIVE_CHALLENGE = 1;

export const guardsSchema = lazySchema(() => z
  .object({
    /** Guards per challenge left active when the plan fails; defaults to 1. */
    perActiveChallenge: z.number().int().min(0).max(100).optional(),
    /** Guards there regardless; defaults to 0. */
    count: z.number().int().min(0).max(1000).optional(),
    /** Trait dice each guard adds to its 1d4; defaults to none. */
    dice: diceListSchema.optional(),
    /** The guards' equipment bonus; defaults to none. */
    bonus: diceListSchema.optional(),
    /** When the guards flee; defaults to *never*. */
    flee: z.enum(FLEE_POLICIES).optional(),
  })
  .strict());

export const jobSchema = lazySchema(() => z
  .object({
    /** Challenges the GM sets against the plan. */
    challenges: z.number().int().min(0).max(100),
    /** Challenges a clever plan removes before the roll; defaults to 0. */
    removed: z.number().int().min(0).max(100).optional(),
    /**
     * Participants who push a trait before the roll to remove a challenge each ("Challenges
     * may be removed … as a result of a … pushed trait"), at most this many and never more
     * than the challenges left: each is rattled ("Immediately after a character pushes, they
     * are rattled") and stays so until it rests. Those with the fewest knavery dice push
     * (the least lost), in the troupe's order on ties; a rattled PC cannot. Defaults to 0.
     */
    pushTraits: z.number().int().min(0).max(100).optional(),
    /** How the reward is extracted: *work*, *rare* (default) or *destroy*. */
    method: z.enum(REWARD_METHODS).optional(),
    /** The NPC's rank, fixed; or give `npcRankOffset`. */
    npcRank: z.number().int().min(MIN_RANK).max(MAX_RANK).optional(),
    /** The NPC's rank relative to the company's at the time (clamped to 1..7); defaults to 0. */
    npcRankOffset: z.number().int().min(-6).max(6).optional(),
    /** The job taken instead when `method` is *work* and the company is rank 4+; defaults to *rare*. */
    workFallback: z.enum(['rare', 'destroy', 'idle']).optional(),
    /** Who stands in the way when a failed plan turns to violence. */
    guards: guardsSchema.optional(),
  })
  .strict());

export const policySchema = lazySchema(() => z
  .object({
    /** What each troupe does on its turn: *job* (default) or *idle*. */
    action: z.enum(['job', 'idle']).optional(),
    /** A troupe takes a job every this many turns and rests in between; defaults to 1. */
    jobEvery: z.number().int().min(1).max(100).optional(),
    /** The job every troupe takes (needed with action "job"). */
    job: jobSchema.optional(),
    /** Rattled PCs sit a job out to rest ("A PC may stop being rattled by taking one turn to rest"); defaults to true. */
    restWhenRattled: z.boolean().optional(),
    /**
     * "If the rival's plan is unsubtle, give the PCs the chance to interfere": how the first
     * standing troupe with able PCs interferes with an unsubtle design — a knavery plan
     * against `challenges` (default 2) or a fight with the rival's minions. None by default.
     * `action`: "nextTurn" (default) — the interferers spend their action of the turn that
     * begins with the rival's move ("Each character in a troupe may take one turn action");
     * "free" — it costs no action (the reading until December 2026). `onFailed` (knavery
     * only): "violence" (default) — "Once a plan has failed, the scene shifts immediately to
     * the action": a failed plan turns into a fight with the rival's minions, which foils the
     * design if the PCs win it; "nothing" — the design goes ahead (the reading until
     * December 2026).
     */
    interfere: z
      .object({
        roll: z.enum(['knavery', 'violence']),
        challenges: z.number().int().min(0).max(100).optional(),
        action: z.enum(['nextTurn', 'free']).optional(),
        onFailed: z.enum(['violence', 'nothing']).optional(),
      })
      .strict()
      .optional(),
    /** What the turn's coins buy (docs/rulings/purchases.md); nothing by default. */
    buy: purchasesSchema.optional(),
    /** Pushes to reroll in a job's plan: *never* (default), *ifShort* or *ifBehind* (docs/rulings/knavery.md); a pusher is rattled. */
    knaveryPush: z.enum(PUSH_POLICIES).optional(),
    /**
     * Free pushes from a failed plan's 6s: *reroll* (default: in the fight that follows, a
     * PC not rattled whose own dice showed no hit rerolls them, once per free push, and is
     * not rattled), *unused*, or *fallout* (each thwarts an active challenge, one guard
     * group fewer). docs/rulings/knavery.md.
     */
    freePushes: z.enum(FREE_PUSH_POLICIES).optional(),
    /** What a failed plan turns into: *violence* (default) or *abandon* (no reward, no fight). */
    onFailedJob: z.enum(['violence', 'abandon']).optional(),
    /** Take a rival deal when a job fails: *never* (default) or *whenJobFails*. */
    takeRivalDeal: z.enum(['never', 'whenJobFails']).optional(),
    /** When the troupe flees a fight; defaults to *lostHalf*. */
    flee: z.enum(FLEE_POLICIES).optional(),
    /** Rounds after which a fight still going is a draw; defaults to 50. */
    maxRounds: z.number().int().min(1).max(1000).optional(),
    /** Banking liquid coins into investment points: *all* (default), *reserve* (keep `reserve` liquid), *none*. */
    bank: z.enum(['all', 'reserve', 'none']).optional(),
    /** Liquid coins kept back with bank "reserve" (ignored by the others, so a sweep over `bank` may keep it: the point's notes say so); defaults to 0. */
    reserve: z.number().int().min(0).max(10_000).optional(),
    /** Bank liquid coins at once when a consequence would cost the company its rank; defaults to false. */
    defendRank: z.boolean().optional(),
    /** Replacing dead minions: *always* (default, when the points are there), *keepRank*, *never*. */
    replaceMinions: z.enum(['always', 'keepRank', 'never']).optional(),
    /**
     * What "An asset is lost" (a rival's consequence) can take: *any* (default) — one of the
     * company's assets at random, each held asset, each troupe's bought equipment and each
     * liquid coin one ("An asset is any material they can use to your advantage–from liquid
     * coin to a nice car to a noble title"); *held* — only its held assets (troupes'
     * starting assets other than liquid coin, `company.assets`, assets bought back), the
     * reading until December 2026. docs/rulings/campaign.md.
     */
    assetLoss: z.enum(['any', 'held']).optional(),
    /** A troupe whose captain died: a *nextTurn* (default) new one, or *never*. */
    newTroupe: z.enum(['nextTurn', 'never']).optional(),
    /**
     * What a dissolved troupe's replacement brings besides its fresh PCs: *none* (default:
     * "Each troupe begins the game with one asset" — the game began long ago) or
     * *startingAsset* (a generous GM's variant: the troupe's starting asset again).
     */
    successorAsset: z.enum(['none', 'startingAsset']).optional(),
    /**
     * "A merciful GM will allow the troupe's player to begin with all or a portion of their
     * predecessor's advancements": *none* (default) or *all* (the new troupe keeps the traits
     * and PCs its predecessor gained by advancing).
     */
    successorAdvancements: z.enum(['none', 'all']).optional(),
    /**
     * The Medic's push, "Reduce a wounded character's recovery time by 1 turn": *never*
     * (default), *always* (each turn, a troupe's able Medic pushes for its first PC in bed,
     * then is rattled) or *restTurns* (only on turns without a job: it rests the rattle
     * off). docs/rulings/traits.md.
     */
    medicPush: z.enum(['never', 'always', 'restTurns']).optional(),
    /**
     * The Defender's push, "Take a blow meant for another character": *never* (default) or
     * *captain* (in every fight, a minion naming the "defender" trait who is able and not
     * rattled takes a wound meant for its captain, and is rattled), as `battle`'s side
     * policy. docs/rulings/traits.md.
     */
    defenderPush: z.enum(DEFENDER_PUSH).optional(),
    /**
     * The Marksman's push, "Make a snap shot with amazing accuracy": *never* (default),
     * *first* (in every fight, each captain or minion naming the "marksman" trait who is not
     * rattled shoots as the first clash begins) or *lastFoe* (one of them shoots the last
     * foe standing as a clash begins): a foe wounded before the dice, no roll, and the
     * Marksman rattled after, as `battle`'s side policy. docs/rulings/traits.md.
     */
    marksmanPush: z.enum(MARKSMAN_PUSH).optional(),
    /**
     * The company's ambition, renamed each time it is met ("Upon the completion of a
     * company's ambition, it names its next ambition, and advances"): `{jobs: N}` successful
     * jobs, or `{rank: "next"}`. None by default (no advancement). docs/rulings/advancement.md.
     */
    ambition: ambitionSchema.optional(),
    /** What each troupe takes when the company advances: a new trait for a PC, or a new PC. Needed with `ambition`. */
    advance: advanceSchema.optional(),
  })
  .strict());

export const campaignSetup = lazySchema(() => z
  .object({
    /** Turns to play. */
    turns: z.number().int().min(1).max(MAX_TURNS),
    company: companySchema,
    troupes: z.array(troupeSchema).min(1),
    rivals: z.array(rivalSchema).optional(),
    policy: policySchema.optional(),
  })
  .strict()
  .superRefine((s, ctx) => {
    checkRivals(s.rivals ?? [], ctx, ['rivals']);
    const rank = s.company.rank ?? DEFAULT_RANK;
    if (s.company.points !== undefined && rankOf(s.company.points) !== rank) {
      const top = rank === MAX_RANK ? 'or more' : `to ${RANK_MINIMUM[rank] - 1}`;
      ctx.addIssue({
        code: 'custom',
        path: ['company', 'points'],
        message: `${s.company.points} investment points make rank ${rankOf(s.company.points)}, but the company's rank is ${rank}: expected ${minimumPoints(rank)} ${top}`,
      });
    }
    const names = new Set<string>();
    let total = 0;
    s.troupes.forEach((t, i) => {
      if (names.has(t.name)) ctx.addIssue({ code: 'custom', path: ['troupes', i, 'name'], message: `two troupes are named "${t.name}": troupe names must differ` });
      names.add(t.name);
      total += t.count ?? 1;
      const minionNames = new Set<string>();
      (t.minions ?? []).forEach((m, j) => {
        if (minionNames.has(m.name)) ctx.addIssue({ code: 'custom', path: ['troupes', i, 'minions', j, 'name'], message: `two minions of troupe "${t.name}" are named "${m.name}": names must differ within a troupe` });
        minionNames.add(m.name);
      });
    });
    const fleeNever = s.policy?.flee === 'never';
    s.troupes.forEach((t, i) => {
      checkSituationalDice(t.captain, fleeNever, ['troupes', i, 'captain'], ctx);
      (t.minions ?? []).forEach((m, j) => checkSituationalDice(m, fleeNever, ['troupes', i, 'minions', j], ctx));
    });
    s.troupes.forEach((t, i) => {
      // A minion of count 0 is nobody: its Medic attends no one (a campaign audit: refused as one who does).
      if (troupeNamesMedic(t) && t.aid !== undefined && t.aid !== 'medic') {
        ctx.addIssue({ code: 'custom', path: ['troupes', i, 'aid'], message: `troupe "${t.name}" has a PC with the "medic" trait, who attends its wounded as a Medic: leave "aid" out or make it "medic" (it is "${t.aid}")` });
      }
    });
    if (total === 0) ctx.addIssue({ code: 'custom', path: ['troupes'], message: 'the company has no troupes (every count is 0): expected at least one' });
    const minions = (t: (typeof s.troupes)[number]) => (t.minions ?? [{ count: 1 }]).reduce((m, x) => m + (x.count ?? 1), 0);
    const pcs = s.troupes.reduce((n, t) => n + (t.count ?? 1) * (1 + minions(t)), 0);
    if (pcs > MAX_UNIFORM) ctx.addIssue({ code: 'custom', path: ['troupes'], message: `the troupes have ${pcs} PCs in all: a campaign has at most ${MAX_UNIFORM}` });
    const policy = s.policy ?? {};
    if ((policy.action ?? 'job') === 'job' && policy.job === undefined) {
      ctx.addIssue({ code: 'custom', path: ['policy', 'job'], message: 'missing: policy "action" is "job" (the default), so the policy needs a "job" ({"challenges": …}); or set "action": "idle"' });
    }
    if (policy.job?.npcRank !== undefined && policy.job.npcRankOffset !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['policy', 'job', 'npcRankOffset'], message: 'give the NPC\'s rank as "npcRank" or as "npcRankOffset", not both' });
    }
    if (policy.ambition !== undefined && policy.advance === undefined) {
      ctx.addIssue({ code: 'custom', path: ['policy', 'advance'], message: 'missing: the policy names an "ambition", so it needs "advance" ({"choice": "trait" | "pc"}): what each troupe takes when the company advances' });
    }
    if (policy.advance !== undefined && policy.ambition === undefined) {
      ctx.addIssue({ code: 'custom', path: ['policy', 'ambition'], message: 'missing: "advance" says what a troupe takes when the company meets its ambition, so the policy needs an "ambition" ({"jobs": N} or {"rank": "next"})' });
    }
    const reserved = s.troupes.reduce((n, t) => n + (t.count ?? 1), 0) * reservedPcs(policy.advance);
    if (reserved > 0 && pcs + reserved > MAX_UNIFORM) {
      ctx.addIssue({ code: 'custom', path: ['policy', 'advance', 'maxPcs'], message: `the troupes have ${pcs} PCs and may add ${reserved} by advancing: a campaign has at most ${MAX_UNIFORM} in all` });
    }
    if (policy.takeRivalDeal === 'whenJobFails' && (s.rivals ?? []).length === 0) {
      ctx.addIssue({ code: 'custom', path: ['policy', 'takeRivalDeal'], message: 'a rival deal needs a rival: the campaign has no "rivals"' });
    }
    if (policy.interfere !== undefined && (s.rivals ?? []).length === 0) {
      ctx.addIssue({ code: 'custom', path: ['policy', 'interfere'], message: 'interfering needs a rival whose design is unsubtle: the campaign has no "rivals"' });
    }
  }));

/** The note of a campaign point without `policy.ambition` (campaignNotes). */
export const NO_AMBITION_NOTE = 'no ambition (policy.ambition): the company never advances, its PCs keep their starting traits and dice; the text\'s company always has one, its size the table\'s';

/**
 * The note of a campaign point that starts with a number of rivals far from its number of
 * troupes (campaignNotes: `troupes`, each entry by its `count`, against `rivals`), or
 * undefined where they are near. "Rivals are an important part of the game; they are where
 * the Viciousness comes from. At any time, there should be roughly as many rivals as player
 * troupes": far is no rival at all, or 2 or more apart (an audit: `campaign-troupes`
 * answered "each troupe adds about 0.8 of a rank" with 1 to 4 troupes against the same 2
 * rivals, about 0.48 with a rival for each, and said nothing).
 */
export function rivalCountNote(troupes: number, rivals: number): string | undefined {
  if (rivals > 0 && Math.abs(rivals - troupes) < 2) return undefined;
  const t = `${troupes} troupe${troupes === 1 ? '' : 's'}`;
  const r = rivals === 0 ? 'no rivals' : `${rivals} rival${rivals === 1 ? '' : 's'}`;
  const so =
    rivals === 0 ? 'so no rival\'s design ever reaches this company'
    : rivals < troupes ? 'so the figures are of a company facing fewer rivals than the text\'s'
    : 'so the figures are of a company facing more rivals than the text\'s';
  return `${t} against ${r} as the campaign starts (each troupe entry by its count): the text keeps "roughly as many rivals as player troupes" ("they are where the Viciousness comes from"), ${so}`;
}

/**
 * What a valid campaign setup asks that changes nothing in it (sim/mechanic.ts
 * setupNotes): each a sentence naming the field and why, for the result's notes. Not
 * refused, as a sweep may cross such a setup: `bank` swept with `defendRank` on, or an
 * unsubtle design swept off with `interfere` set.
 */
export function campaignNotes(
  s: CampaignSetup,
  rules: Pick<ViciousnessRules, 'invest' | 'speedChess' | 'escalation' | 'handyPoint' | 'hitOn' | 'medicReach' | 'push' | 'woundOrder' | 'equipment' | 'consequenceWound' | 'attemptTarget'>,
): string[] {
  const notes = fieldNotes(s, rules);
  const plainer = plainerReplacementNote(s);
  if (plainer !== undefined) notes.push(plainer);
  // Equipment dice past the text's award in the campaign's fights, as a clash or battle says
  // them (a review: 3d4 and a d8 ran without a word here). Bought equipment's own dice are
  // said in docs/rulings/purchases.md.
  const house = [
    ...s.troupes.map((t, i) => houseRuleEquipmentNote(`troupes.${i}.bonus`, t.bonus)),
    houseRuleEquipmentNote('policy.job.guards.bonus', s.policy?.job?.guards?.bonus),
    ...(s.rivals ?? []).map((r, i) => houseRuleEquipmentNote(`rivals.${i}.minionBonus`, r.minionBonus)),
  ];
  for (const note of house) if (note !== undefined) notes.push(note);
  // Last, after the fields that change nothing: not such a field but a campaign the text
  // does not describe. "The players name their company and give it an ambition", and
  // without one poolsim's company never advances (docs/rulings/advancement.md): said, so no
  // reader takes the figures for a company whose troupes grow. Before it, the rivals far
  // from the troupes in number, another campaign the text does not describe.
  const rivalNote = rivalCountNote(s.troupes.reduce((n, t) => n + (t.count ?? 1), 0), (s.rivals ?? []).length);
  if (rivalNote !== undefined) notes.push(rivalNote);
  if (s.policy?.ambition === undefined) notes.push(NO_AMBITION_NOTE);
  return notes;
}

/**
 * A reading the figures rest on where a minion may carry extra traits: "their replacement
 * may have them as well" is not played as a choice (docs/rulings/campaign.md, Deaths), so
 * a company short of the whole price leaves such a minion dead (a Viciousness audit: said
 * nowhere). Where a minion starts with more than "Minions get 2 traits", or advancing adds
 * minions with more, and dead minions are replaced. (Not for every campaign that advances,
 * though a trait gained by advancing may go to a minion once its captain has 4: the
 * ruling says it, and a note on every such campaign would drown the notes that matter.)
 */
function plainerReplacementNote(s: CampaignSetup): string | undefined {
  const policy = s.policy ?? {};
  if (policy.replaceMinions === 'never') return undefined;
  const count = (traits: number | readonly string[] | undefined) => (typeof traits === 'number' ? traits : traits === undefined ? MINION_TRAITS : traits.length);
  const extra = s.troupes.some((t) => (t.count ?? 1) > 0 && (t.minions ?? []).some((m) => (m.count ?? 1) > 0 && count(m.traits) > MINION_TRAITS));
  if (!extra && !(policy.advance?.choice === 'pc' && count(policy.advance.pc?.traits) > MINION_TRAITS)) return undefined;
  return `a dead minion with extra traits (more than the 2 "Minions get 2 traits") is replaced with all of them, 2 investment points and 1 for each extra trait, or not at all: the text's "their replacement may have them as well" is not played as a choice, so a plainer replacement for less is never made`;
}

function fieldNotes(
  s: CampaignSetup,
  rules: Pick<ViciousnessRules, 'invest' | 'speedChess' | 'escalation' | 'handyPoint' | 'hitOn' | 'medicReach' | 'push' | 'woundOrder' | 'equipment' | 'consequenceWound' | 'attemptTarget'>,
): string[] {
  const notes: string[] = [];
  const policy = s.policy ?? {};
  const rivals = s.rivals ?? [];
  // Why no fight is ever played, read once: the notes of fights, of rattles and of medical help take it.
  const noFight = noFightWhy(s);
  const nothing = (field: string, why: string) => notes.push(`${field} ${field.includes(' and ') ? 'change' : 'changes'} nothing here: ${why}`);
  /** Whether a note above already says `field` changes nothing (so it is not said twice). */
  const named = (field: string) => notes.some((n) => n.startsWith(`${field} `) || n.includes(` and ${field} `));
  // Banking that trades every liquid coin as the turn ends (campaignPlay.ts playTurn,
  // coinsToBank): bank "all", or "reserve" keeping none back (reserve 0, its default).
  const banksAll =
    (policy.bank ?? 'all') === 'all' ? 'with bank "all"'
    : policy.bank === 'reserve' && (policy.reserve ?? 0) === 0 ? 'with bank "reserve" and reserve is 0 (as with bank "all")'
    : undefined;
  if (policy.defendRank === true && banksAll !== undefined) {
    nothing('policy.defendRank', `${banksAll} every liquid coin is banked once the troupes have acted, before the rival die, so none is left when a rival's consequence lands`);
  } else if (policy.defendRank === true && rivals.length === 0) {
    // It banks after the consequences, against a drop below the rank held once the turn's
    // coins were banked: only a consequence moves the points in between.
    nothing('policy.defendRank', 'only a rival\'s consequence lowers the points once the turn\'s coins are banked, and the campaign has no rivals');
  }
  if (policy.interfere !== undefined && rivals.length > 0 && !rivals.some((r) => r.designs.some((d) => d.unsubtle === true))) {
    nothing('policy.interfere', 'no rival design is unsubtle ("If the rival\'s plan is unsubtle, give the PCs the chance to interfere")');
  }
  if (policy.interfere?.roll === 'knavery' && policy.interfere.challenges === 0) {
    // Not nothing, but no roll: said, as a plan against no challenges is (an audit found
    // foiled equal to interfered, unsaid).
    notes.push('policy.interfere.challenges is 0: a plan against no challenges succeeds without a roll, so every interference foils the design');
  }
  if (policy.interfere?.roll === 'violence' && policy.interfere.challenges !== undefined) {
    nothing('policy.interfere.challenges', 'interfering by violence is a fight with the rival\'s minions, not a plan against challenges');
  }
  if (policy.interfere?.roll === 'violence' && policy.interfere.onFailed !== undefined) {
    nothing('policy.interfere.onFailed', 'it says what a failed plan of a knavery interference turns into, and interfering by violence is a fight from the start');
  } else if (policy.interfere?.roll === 'knavery' && policy.interfere.challenges === 0 && policy.interfere.onFailed !== undefined) {
    nothing('policy.interfere.onFailed', 'a plan against no challenges never fails');
  }
  // Interfering at no action, the same troupe takes every unsubtle move of one turn's end,
  // the second straight after its own failed plan and the fight it turned into: a group
  // roll where the text allows none "until the fallout is dealt with and time taken to
  // regroup" (a knavery audit: 4d6 against 3 challenges and two such rivals interfered
  // 1.657 times a turn). The legacy reading keeps its figures; said, not changed.
  const unsubtleRivals = rivals.filter((r) => r.designs.some((d) => d.unsubtle === true)).length;
  if (policy.interfere?.action === 'free' && policy.interfere.roll === 'knavery' && (policy.interfere.challenges ?? 2) > 0 && unsubtleRivals >= 2) {
    notes.push('policy.interfere.action "free" (the reading until December 2026) lets a troupe whose interference plan failed interfere with the next rival\'s move at the same turn\'s end, as a group again, where the text allows no group roll "until the fallout is dealt with and time taken to regroup"; under "nextTurn" (the default) its PCs\' action is spent and the next troupe interferes');
  }
  const idle = policy.action === 'idle';
  if (idle) {
    const unused = (['job', 'jobEvery'] as const).filter((k) => policy[k] !== undefined);
    if (unused.length > 0) nothing(unused.map((k) => `policy.${k}`).join(' and '), 'action is "idle", so no troupe takes a job');
  } else if (policy.job?.workFallback !== undefined && (policy.job.method ?? 'rare') !== 'work') {
    // Read only where the job is work and the company is rank 4 or more (campaignPlay.ts
    // jobMethod: "not available at rank 4+"); an audit found it taken unsaid.
    nothing('policy.job.workFallback', `it is the job taken instead of work at rank 4 or more, and job.method is "${policy.job.method ?? 'rare'}"`);
  }
  // The fallout of a failed plan (campaignPlay.ts failedPlan): a rival deal when one is
  // taken, else violence or nothing by onFailedJob. Its guards and free pushes act there only.
  const noViolence = noViolenceWhy(policy);
  if (policy.job?.guards !== undefined && noViolence !== undefined) nothing('policy.job.guards', noViolence);
  // No guard ever there: a failed plan has no fight to win, so it fails, while any guards
  // give it one that completes the job when won. More opposition then reads better, which
  // a designer sweeping the guards would not guess (an audit: jobs.succeeded 6.0 with none,
  // 12.5 with one a challenge left, 6.7 with two), so it is said.
  if (!idle && noViolence === undefined && noGuards(policy)) {
    notes.push(
      `policy.job.guards has perActiveChallenge 0 and count 0: a failed plan meets nobody to fight, so it fails${policy.freePushes === 'fallout' ? ' (unless its free pushes thwart every challenge left)' : ''}, while with guards a fight won completes the job: fewer guards can mean fewer jobs done (docs/rulings/campaign.md, "A failed plan")`,
    );
  }
  // A failed knavery interference turns into a fight whose free rerolls are its plan's 6s
  // (interfere.onFailed "violence", the default): there free pushes act whatever the jobs do.
  const interferenceFight =
    policy.interfere?.roll === 'knavery' && (policy.interfere.challenges ?? 2) > 0 && (policy.interfere.onFailed ?? 'violence') === 'violence' && rivals.some((r) => r.designs.some((d) => d.unsubtle === true));
  const noFallout = interferenceFight ? undefined : noFalloutWhy(policy);
  if (policy.freePushes !== undefined && noFallout !== undefined) {
    nothing('policy.freePushes', `free pushes are spent in a failed plan's fallout (the violence after it; with "fallout", the fallout itself), and ${noFallout}`);
  } else if (policy.freePushes !== undefined && policy.freePushes !== 'fallout' && !idle && noGuards(policy) && !interferenceFight) {
    // Rerolls in a fight that never comes: "reroll" spends none, as "unused" (an audit
    // found them alike, unsaid); "fallout" still thwarts challenges, so it acts.
    nothing('policy.freePushes', `"${policy.freePushes}" gives the same figures as "${policy.freePushes === 'unused' ? 'reroll' : 'unused'}": a failed plan's free pushes are rerolls in the fight after it, and job.guards has perActiveChallenge 0 and count 0, so no guard is ever there to fight ("fallout", which thwarts challenges, does differ)`);
  }
  // A knavery audit found these pushes taken unsaid where they cannot act. A job's plan
  // against no challenge (job.removed takes them all) never falls short, and it is the
  // only place a trait is pushed to remove a challenge; a push to reroll is made in a job's
  // plan and in an interference by knavery (a plan of its own, against its challenges).
  const noChallengeLeft = policy.job !== undefined && policy.job.challenges - (policy.job.removed ?? 0) <= 0;
  const pushTraitsIdle =
    (policy.job?.pushTraits ?? 0) === 0 || idle ? undefined
    : noChallengeLeft ? 'no challenge is left once job.removed is taken off, so none is there to remove'
    : !mayPushTrait(s) ? 'no PC has a trait whose push can remove a challenge ("Knowledge traits cannot be pushed", and the Medic\'s push is spent on recovery), and with no ambition the company never advances, so none gains one'
    : undefined;
  if (pushTraitsIdle !== undefined) nothing('policy.job.pushTraits', pushTraitsIdle);
  const interferencePlan = policy.interfere?.roll === 'knavery' && (policy.interfere.challenges ?? 2) > 0 && rivals.some((r) => r.designs.some((d) => d.unsubtle === true));
  // Nobody pushes where the plan's dice are fewer than its challenges (campaignPlay.ts
  // rollPlan): where every troupe's whole plan is so, and nothing adds dice (an ambition's
  // advances) or takes challenges off beyond removed and the traits pushed (tasks bought),
  // no push is ever made (a review found it unsaid).
  const planDice = (t: (typeof s.troupes)[number]) =>
    1 + eachDie(t.captain.knavery ?? []).length + (t.minions ?? [{ count: 1 }]).reduce((n: number, m: { count?: number; knavery?: { count: number; sides: number }[] }) => n + (m.count ?? 1) * (1 + eachDie(m.knavery ?? []).length), 0);
  const leastNeed = policy.job !== undefined ? policy.job.challenges - (policy.job.removed ?? 0) - (policy.job.pushTraits ?? 0) : 0;
  const standing = s.troupes.filter((t) => (t.count ?? 1) > 0);
  const mostDice = Math.max(0, ...standing.map(planDice));
  const tooFewDice = policy.job !== undefined && policy.ambition === undefined && policy.buy?.task === undefined && standing.length > 0 && mostDice < leastNeed;
  const knaveryPushIdle =
    (policy.knaveryPush ?? 'never') === 'never' || interferencePlan ? undefined
    : idle ? 'a push to reroll is made in a plan that falls short, action is "idle", so no troupe takes a job, and no interference by knavery is played (policy.interfere, against an unsubtle rival design)'
    : noChallengeLeft ? 'a push to reroll is made in a plan that falls short, no challenge is left once job.removed is taken off, so no job\'s plan does, and no interference by knavery is played (policy.interfere, against an unsubtle rival design)'
    : tooFewDice ? `a push to reroll is made only where a reroll could meet the challenges, no troupe's plan has more than ${mostDice} dice against a job's ${leastNeed} challenge(s) at the least, with no ambition to add any, and no interference by knavery is played (policy.interfere, against an unsubtle rival design)`
    : undefined;
  if (knaveryPushIdle !== undefined) nothing('policy.knaveryPush', knaveryPushIdle);
  // A rival deal is taken where a job's plan fails (campaignPlay.ts failedPlan); with no
  // job, or none that can fail, none is, and the rivals' figures stay exact (a rivals
  // audit: dropped, with a note that they depended on the deals).
  if (policy.takeRivalDeal === 'whenJobFails' && (idle || noChallengeLeft)) {
    nothing('policy.takeRivalDeal', `a rival deal is taken when a job's plan fails, and ${idle ? 'action is "idle", so no troupe takes a job' : 'no challenge is left once job.removed is taken off, so no plan fails'}`);
  }
  // What a failed plan turns to when no deal is taken (failedPlan): nothing to say where no
  // plan fails, or every failed plan takes a deal (a review: said of takeRivalDeal only).
  if (policy.onFailedJob !== undefined) {
    const why =
      idle ? 'action is "idle", so no troupe takes a job'
      : noChallengeLeft ? 'no challenge is left once job.removed is taken off, so no plan fails'
      : policy.takeRivalDeal === 'whenJobFails' ? 'with takeRivalDeal "whenJobFails" every failed plan takes a rival\'s deal instead'
      : undefined;
    if (why !== undefined) nothing('policy.onFailedJob', `it says what a failed plan comes to when no rival deal is taken, and ${why}`);
  }
  // With the job's guards a fixed count, a challenge the free pushes thwart ("fallout")
  // takes no guard away, and a plan that failed meets them however many are thwarted:
  // "fallout" plays as "unused", though jobs.freePushes still counts the thwarted.
  const guards = policy.job?.guards;
  if (policy.freePushes === 'fallout' && noFallout === undefined && guards !== undefined && guards.perActiveChallenge === 0 && (guards.count ?? 0) > 0) {
    notes.push(`policy.freePushes "fallout" plays as "unused" here: each free push thwarts an active challenge, one guard group fewer, and job.guards.perActiveChallenge is 0, so the ${guards.count} guard(s) of job.guards.count are there however many are thwarted (jobs.freePushes still counts the challenges thwarted)`);
  }
  // An ambition never met (rivals audits: ambitions 0, the advance never played, unsaid).
  const neverMet = ambitionNeverMetWhy(s);
  if (neverMet !== undefined) notes.push(`policy.ambition ${'jobs' in policy.ambition! ? `{"jobs": ${policy.ambition.jobs}}` : '{"rank": "next"}'} is never met: ${neverMet}, so the company never advances`);
  // A new PC a troupe adds, up to maxPcs: its default, 2, is in no file, and past it the
  // advances go to traits (docs/rulings/advancement.md); said where the file leaves it out
  // and the company may advance.
  if (policy.advance?.choice === 'pc' && policy.advance.maxPcs === undefined && neverMet === undefined) {
    // A successor under successorAdvancements "all" keeps the PCs its predecessor added, in
    // their places: its own room is what they left (an economy audit found "2 of its own").
    const successor = policy.successorAdvancements === 'all' ? ' keeps the PCs its predecessor added and adds the rest up to 2' : ', 2 of its own';
    notes.push(`policy.advance.maxPcs is 2 by default: a troupe adds 2 new PCs at most (one founded again after it dissolves${successor}), and its later advances give a PC a new trait instead (docs/rulings/advancement.md)`);
  }
  for (const field of ['successorAsset', 'successorAdvancements'] as const) {
    const v = policy[field];
    if (v === undefined || v === 'none') continue;
    if (policy.newTroupe === 'never') nothing(`policy.${field}`, 'with newTroupe "never" no troupe is founded again');
    else if (field === 'successorAdvancements' && policy.ambition === undefined) nothing(`policy.${field}`, 'the company names no ambition, so it never advances');
    else if (field === 'successorAdvancements' && neverMet !== undefined) nothing(`policy.${field}`, `the company's ambition is never met (${neverMet}), so it never advances`);
  }
  const pcs = s.troupes.flatMap((t) => [t.captain.traits, ...(t.minions ?? []).map((m) => m.traits)]);
  if ((policy.medicPush ?? 'never') !== 'never' && !pcs.some(namesMedic)) {
    nothing('policy.medicPush', 'no PC has the "medic" trait');
  }
  // The Defender's push: a minion's (a captain's own would take a blow meant for itself).
  const defenderPush = (policy.defenderPush ?? 'never') !== 'never';
  const defenderNoted = defenderPush && !s.troupes.some((t) => (t.count ?? 1) > 0 && (t.minions ?? []).some((m) => (m.count ?? 1) > 0 && namesTrait(m.traits, 'defender')));
  if (defenderNoted) nothing('policy.defenderPush', 'no minion has the "defender" trait (a captain\'s push would take a blow meant for itself)');
  // The Marksman's push: a captain's or a minion's. One who starts rattled still shoots once
  // it has rested the rattle off, so only a campaign without a Marksman is said.
  const marksmanPush = (policy.marksmanPush ?? 'never') !== 'never';
  const marksmanNoted = marksmanPush && !s.troupes.some((t) => (t.count ?? 1) > 0 && [t.captain, ...(t.minions ?? []).filter((m) => (m.count ?? 1) > 0)].some((pc) => namesTrait(pc.traits, 'marksman')));
  if (marksmanNoted) nothing('policy.marksmanPush', 'no PC has the "marksman" trait (a trait taken by advancing is not named, so it is never the Marksman)');
  // Whether a rattled PC rests it off (restWhenRattled) acts only on a rattled PC. A PC is
  // rattled by starting so, by a rival's consequence ("A PC is rattled"), and by a push: to
  // reroll a plan (knaveryPush), of a trait for a challenge (job.pushTraits), the Medic's
  // (medicPush), and in a fight a push to reroll (rules.push), the Marksman's and the
  // Defender's. A free push rattles nobody. (A knavery audit: taken unsaid.)
  if (policy.restWhenRattled !== undefined) {
    const startsRattled = s.troupes.some((t) => (t.count ?? 1) > 0 && [t.captain, ...(t.minions ?? [])].some((pc) => pc.rattled === true));
    const fightPushes = noFight === undefined && (rules.push !== 'never' || (marksmanPush && !marksmanNoted) || (defenderPush && !defenderNoted));
    const planPushes = ((policy.knaveryPush ?? 'never') !== 'never' && knaveryPushIdle === undefined) || ((policy.job?.pushTraits ?? 0) > 0 && !idle && pushTraitsIdle === undefined);
    const medicPushes = (policy.medicPush ?? 'never') !== 'never' && pcs.some(namesMedic);
    if (!startsRattled && rivals.length === 0 && !fightPushes && !planPushes && !medicPushes) {
      nothing('policy.restWhenRattled', 'no PC is ever rattled: none starts rattled, the campaign has no rivals (whose consequence "A PC is rattled" could), and no push that rattles is ever made (knaveryPush, job.pushTraits, medicPush, and in a fight rules.push, the Marksman\'s and the Defender\'s; a free push rattles nobody)');
    }
  }
  for (const kind of ['equipment', 'medical', 'asset', 'task'] as const) {
    const item = policy.buy?.[kind];
    if (item === undefined) continue;
    // The cheapest it gets is at rank 7: over 4 there, it is over 4 at every rank.
    if (price(item.itemRank, MAX_RANK, item.modifiers ?? 0) === Infinity) {
      nothing(`policy.buy.${kind}`, `its price is above ${MAX_PRICE} at every rank ("If it ends up above 4, it isn't obtainable with money")`);
    } else if (kind === 'task') {
      const why = taskIdleWhy(s, policy);
      if (why !== undefined) nothing('policy.buy.task', why);
      else if (policy.buy?.task?.perJob !== undefined && policy.job !== undefined) {
        // Two caps below perJob: the challenges left to remove, and (a task being a PC's
        // turn, with one PC left for the job) a troupe's PCs less one. The lower is said (an
        // audit: perJob 5 was said to buy 3 a job where a captain and one minion bought 1).
        const perJob = policy.buy.task.perJob;
        const left = policy.job.challenges - (policy.job.removed ?? 0);
        const pcs = Math.max(...s.troupes.map((t) => 1 + (t.minions ?? [{ count: 1 }]).reduce((n, m) => n + (m.count ?? 1), 0))) + reservedPcs(policy.advance);
        const spare = (policy.buy.action ?? 'pc') === 'pc' ? pcs - 1 : Infinity;
        if (perJob > Math.min(left, spare)) {
          const why =
            spare < left
              ? `with buy.action "pc" each task is a PC's turn and one PC is left for the job, and the largest troupe has ${pcs} PCs${reservedPcs(policy.advance) > 0 ? ' counting those advancing may add' : ''}`
              : `a task removes one of the job's challenges, and ${left} ${left === 1 ? 'is' : 'are'} left once job.removed is taken off`;
          const most = Math.min(left, spare);
          notes.push(`policy.buy.task.perJob (${perJob}) buys ${most} a job at most: ${why}`);
        }
      }
    } else if (kind === 'asset' && rivals.length === 0) {
      // It buys back a held asset a rival's "An asset is lost" took (CampaignTrial.buy: only
      // while one is owed), and nothing else takes one.
      nothing('policy.buy.asset', 'it buys back an asset a rival\'s consequence took ("An asset is lost"), and the campaign has no rivals');
    } else if (kind === 'asset' && (s.company.assets ?? 0) === 0 && s.troupes.every((t) => (t.count ?? 1) === 0 || t.asset === 'liquidCoin')) {
      // Only a held asset lost is owed; a liquid coin lost is not bought back.
      nothing('policy.buy.asset', 'it buys back a held asset a rival took, and the company never holds one (company.assets is 0 and every troupe\'s starting asset is a liquid coin, which joins the liquid coins)');
    }
  }
  // Why the company's points never go below the minimum of the rank it holds, so it is never
  // demoted (the rank is read off the points), or undefined. Only three things lower the
  // points: a rival's "The wealth track lowers", a minion's replacement, and points traded
  // for a purchase (buy.payWith "points"), which never go below the rank's minimum. Under
  // replaceMinions "keepRank" every replacement of a turn is made only when the points after
  // it, with the coins the turn's end banks right after (bank), keep the rank held as the
  // replacements began (CampaignTrial.replaceMinions), so the turn ends at that rank or above.
  const neverDemoted =
    rivals.length > 0 ? undefined
    : policy.replaceMinions === 'never' ? 'no rivals, whose "The wealth track lowers" takes points, and replaceMinions "never"'
    : policy.replaceMinions === 'keepRank' ? 'no rivals, whose "The wealth track lowers" takes points, and replaceMinions "keepRank", which replaces a minion only where the points left, with the coins the turn\'s end banks, keep the rank'
    : undefined;
  // What pays (purchases.md "What pays"), and how a purchase is made, said where it cannot act.
  const buy = policy.buy;
  // Medical help is bought only for a PC in bed, and where no fight is ever played no PC is
  // ever wounded (noFightWhy): a buy.medical there never buys, and the no-fight note below
  // names it. How a purchase is paid and whether it takes a turn then act on nothing either
  // (an economy audit found them unsaid beside it).
  const buysSomething = buy !== undefined && ((['equipment', 'asset', 'task'] as const).some((k) => buy[k] !== undefined) || (buy.medical !== undefined && noFight === undefined));
  const noPurchase =
    buy?.medical !== undefined && !buysSomething
      ? `the only purchase set, buy.medical, never buys: no PC is ever in bed, for no fight is ever played (${noFight})`
      : 'no purchase is set (equipment, medical, asset or task)';
  if (buy?.action !== undefined && !buysSomething) {
    nothing('policy.buy.action', `it says whether a purchase takes a PC's turn, and ${noPurchase}`);
  }
  // Liquid coins at a purchase, made as the turn begins, before the troupes earn anything:
  // only those kept back from earlier turns (none, where every coin is banked as its turn
  // ends), the company's starting ones and a troupe's starting liquid coin (its own, or a
  // successor's under successorAsset). An audit found "liquid" changing nothing, unsaid.
  const startsWithLiquid = (s.company.liquid ?? 0) > 0 || s.troupes.some((t) => t.asset === 'liquidCoin');
  if (buy?.payWith === 'points' && !buysSomething) {
    // The value after the colon, as other notes of one value do: the page names the field in
    // its own words and the value as its choice.
    nothing('policy.buy.payWith', `"points" trades investment points for what a purchase needs, and ${noPurchase}, so nothing is paid`);
  } else if (buy?.payWith === 'liquid' && !buysSomething) {
    nothing('policy.buy.payWith', `"liquid" pays a purchase with liquid coins, and ${noPurchase}, so nothing is paid`);
  } else if (buy?.payWith === 'liquid' && banksAll !== undefined && !startsWithLiquid) {
    nothing('policy.buy.payWith', `"liquid" pays with the liquid coins left at a purchase, made as a turn begins, and ${banksAll} every liquid coin is banked at the end of the turn it was earned, and the company starts with none (company.liquid is 0 and no troupe's starting asset is a liquid coin), so none is ever left`);
  } else if (buy?.payWith === 'points' && policy.bank === 'none' && neverDemoted !== undefined && (s.company.points === undefined || s.company.points === minimumPoints(s.company.rank ?? DEFAULT_RANK))) {
    // A trade may not take the points below the minimum of the rank held (CampaignTrial.pay),
    // so none is made while they sit at it. They start there, only banking raises them (bank
    // "none" banks nothing, and defendRank banks only after a rival's consequence), and
    // nothing lowers them below it (neverDemoted; under "keepRank" a replacement from the
    // minimum would cost the rank, so none is made). "points" then pays as "liquid" does:
    // the same figures, and points.traded 0 besides.
    notes.push(`policy.buy.payWith "points" trades no point here: the investment points start at the minimum of the company's rank (company.points), bank "none" banks no coin to raise them, nothing takes them below it (${neverDemoted}), and a trade may not take them below that minimum, so it pays as "liquid" does (points.traded stays 0)`);
  }
  // liquidRank "company" (the variant: the default "earned" is never noted) differs only where
  // a liquid coin of a rank other than the company's — above it, kept from before a
  // demotion, or below it, kept from before a promotion — is left at a purchase to pay.
  if (buy?.liquidRank === 'company') {
    if ((buy.payWith ?? 'turnCoins') === 'turnCoins') {
      nothing('policy.buy.liquidRank', 'buy.payWith is "turnCoins": only the turn\'s coins pay, never a liquid coin');
    } else if (banksAll !== undefined) {
      // Liquid coins at a purchase: the starting ones (of the starting rank, in turn 1) and a
      // new troupe's, which join at the rank the company holds as it is founded; the rest
      // are earned in the troupes' turns and banked as the turn ends.
      nothing('policy.buy.liquidRank', `${banksAll} every liquid coin is banked at the end of the turn it was earned, so none of a rank other than the company's is left at a purchase`);
    } else if (!buysSomething) {
      nothing('policy.buy.liquidRank', `${noPurchase}, so nothing is paid`);
    } else if (neverDemoted !== undefined && (policy.bank === 'none' || (s.company.rank ?? DEFAULT_RANK) === MAX_RANK)) {
      // A liquid coin is of the rank the company held as it was earned (a job's reward, at
      // the turn's rank), as the campaign began (company.liquid) or as its troupe was founded
      // (a successor's): one of another rank at a purchase needs the rank to have moved
      // since. Never demoted, it is never promoted either where only banking raises the
      // points (CampaignTrial.bankCoins, bankAll) and bank "none" banks nothing (defendRank
      // banks only after a rival's consequence, and there are no rivals), or where it
      // starts at the highest rank. (Never demoted alone is not enough: promoted, the
      // company keeps the lower rank's coins, and with "earned" they pay.)
      const neverPromoted = policy.bank === 'none' ? 'bank "none" banks no coin to raise the points' : `it starts at rank ${MAX_RANK}, the highest`;
      nothing('policy.buy.liquidRank', `a liquid coin is of the rank the company held when it came, and the company's rank never changes (${neverPromoted}; it is never demoted: ${neverDemoted}), so none of a rank other than the company's is left at a purchase`);
    }
  }
  if (policy.reserve !== undefined && policy.reserve > 0 && (policy.bank ?? 'all') !== 'reserve') {
    nothing('policy.reserve', `bank is "${policy.bank ?? 'all'}", and only bank "reserve" keeps liquid coins back`);
  }
  if (policy.assetLoss !== undefined && rivals.length === 0) {
    nothing('policy.assetLoss', 'it says what a rival\'s "An asset is lost" may take, and the campaign has no rivals');
  }
  if (rivals.length === 0) {
    // The rivals' variants, away from their defaults (sim/rules.ts declares them).
    // consequenceWound too: only a rival's "A PC is wounded" reads it; and attemptTarget,
    // read only by a rival's "An attempt on a PC's life".
    const set = (['invest', 'speedChess', 'escalation', 'handyPoint', 'consequenceWound', 'attemptTarget'] as const).filter((k) => rules[k] !== VICIOUSNESS_DEFAULTS[k]);
    if (set.length > 0) nothing(set.map((k) => `rules.${k}`).join(' and '), 'the campaign has no rivals');
  } else {
    const invest = oneDesignInvestNote(rivals, rules);
    if (invest !== undefined) notes.push(invest);
    const handy = handyPointNote(rivals, rules);
    if (handy !== undefined) notes.push(handy);
    // The PCs foil a design only by interfering (campaignPlay.ts interfere), and only an
    // unsubtle one.
    const interferes = policy.interfere !== undefined && rivals.some((r) => r.designs.some((d) => d.unsubtle === true));
    const speedChess = speedChessNote(rivals, rules, interferes);
    if (speedChess !== undefined) notes.push(speedChess);
    const escalation = escalationNote(rivals, rules);
    if (escalation !== undefined) notes.push(escalation);
    if (policy.interfere === undefined) {
      rivals.forEach((r, i) =>
        r.designs.forEach((d, j) => {
          if (d.unsubtle === true) nothing(`rivals.${i}.designs.${j}.unsubtle`, 'the PCs interfere with an unsubtle design only under policy.interfere, and the policy sets none ("If the rival\'s plan is unsubtle, give the PCs the chance to interfere")');
        }),
      );
    }
    // "At least one comes" to a rival's fight (an attempt on a life is someone's): a rival
    // written with none fights with one, as with 1 (an audit: the same figures, unsaid).
    rivals.forEach((r, i) => {
      if (r.minions === 0) notes.push(`rivals.${i}.minions 0 plays as 1: at least one of "${r.name}"'s minions comes to its fights (an attempt on a PC's life, an interference by violence), so the campaign plays as with 1`);
    });
  }
  // The fights' rules toggles with nothing to act on (an audit: accepted and said nothing).
  // hitOn "4+": every violence die the campaign names, whether or not it comes to roll.
  let hitOnNoted = false;
  if (rules.hitOn !== VICIOUSNESS_DEFAULTS.hitOn) {
    const most = mostSides([
      ...s.troupes.flatMap((t) => [t.captain, ...(t.minions ?? [])].map((pc) => pc.violence)),
      ...s.troupes.map((t) => t.bonus),
      policy.advance?.trait?.violence,
      policy.advance?.pc?.violence,
      policy.buy?.equipment?.dice,
      policy.job?.guards?.dice,
      policy.job?.guards?.bonus,
      ...rivals.map((r) => r.minionDice),
      ...rivals.map((r) => r.minionBonus),
    ]);
    if (most <= 4) {
      notes.push(HIT_ON_NOTE);
      hitOnNoted = true;
    }
  }
  // medicReach "all": a Medic is a troupe's aid "medic" or a PC of the trait (a PC added by
  // advancing has its traits as a count: never the Medic).
  const medicReachNoted = rules.medicReach !== VICIOUSNESS_DEFAULTS.medicReach && !s.troupes.some((t) => t.aid === 'medic') && !pcs.some(namesMedic);
  if (medicReachNoted) nothing('rules.medicReach', 'no troupe has a Medic (aid "medic", or a PC with the "medic" trait)');
  // The campaign's fights (campaignPlay.ts): a job's, with its guards, when a failed plan
  // turns to violence and guards are there; and a rival's minions', in an attempt on a PC's
  // life or an interference by violence (which needs a rival too).
  const noJobFight = noJobFightWhy(policy);
  if (noFight !== undefined) {
    // Not a fight in the campaign: every setting of one, each unless a note above names it.
    const fields = [
      policy.flee !== undefined && 'policy.flee',
      policy.maxRounds !== undefined && 'policy.maxRounds',
      defenderPush && !defenderNoted && 'policy.defenderPush',
      marksmanPush && !marksmanNoted && 'policy.marksmanPush',
      rules.push !== VICIOUSNESS_DEFAULTS.push && 'rules.push',
      rules.woundOrder !== VICIOUSNESS_DEFAULTS.woundOrder && 'rules.woundOrder',
      rules.equipment !== VICIOUSNESS_DEFAULTS.equipment && 'rules.equipment',
      rules.hitOn !== VICIOUSNESS_DEFAULTS.hitOn && !hitOnNoted && 'rules.hitOn',
      rules.medicReach !== VICIOUSNESS_DEFAULTS.medicReach && !medicReachNoted && 'rules.medicReach',
      // With no fight and no rival's consequence no PC is wounded or dies (an economy audit:
      // each taken unsaid): no medical help to buy, no minion to replace, no troupe dissolved.
      ...(['replaceMinions', 'newTroupe', 'successorAsset', 'successorAdvancements'] as const).map((k) => policy[k] !== undefined && !named(`policy.${k}`) && `policy.${k}`),
      policy.buy?.medical !== undefined && !named('policy.buy.medical') && 'policy.buy.medical',
      // A troupe's fighting: its medical attention and equipment in violence, its PCs' violence dice.
      ...s.troupes.flatMap((t, i) => [
        t.aid !== undefined && t.aid !== 'none' && `troupes.${i}.aid`,
        (t.bonus ?? []).length > 0 && `troupes.${i}.bonus`,
        (t.captain.violence ?? []).length > 0 && `troupes.${i}.captain.violence`,
        ...(t.minions ?? []).map((m, j) => (m.violence ?? []).length > 0 && `troupes.${i}.minions.${j}.violence`),
      ]),
    ].filter((f) => f !== false);
    if (fields.length > 0) nothing(fields.join(' and '), `no fight is ever played (${noFight})`);
    return notes;
  }
  // lastFoe waits for one able guard at a clash's start, and guards who flee "lostHalf" from
  // two or more flee once one is left, in the flight phase before that clash (battle.ts
  // lastFoeNeverComes, read for the campaign's skirmish). A rival's minions never flee, so a
  // campaign with rivals may still see the shot.
  if (policy.marksmanPush === 'lastFoe' && !marksmanNoted && rivals.length === 0 && policy.job?.guards?.flee === 'lostHalf') {
    const least = leastGuards(policy);
    if (least >= 2) {
      nothing('policy.marksmanPush', `"lastFoe" shoots when one guard is left able, and with job.guards.flee "lostHalf" the guards flee before that: every job's fight has ${least} or more (job.guards.count, and job.guards.perActiveChallenge for each challenge left active), so one left means half are wounded or dead; and without rivals no rival's minions, who never flee, are fought`);
    }
  }
  // woundOrder picks which of a troupe's able PCs a landed hit wounds (skirmish.ts woundPcs):
  // the guards and a rival's minions are a count, with no captain among them. A troupe of
  // one PC, its captain, has one to wound, whatever the order.
  const minions = (t: (typeof s.troupes)[number]) => (t.minions ?? [{ count: 1 }]).some((m) => (m.count ?? 1) > 0);
  if (rules.woundOrder !== VICIOUSNESS_DEFAULTS.woundOrder && reservedPcs(policy.advance) === 0 && !s.troupes.some((t) => (t.count ?? 1) > 0 && minions(t))) {
    nothing('rules.woundOrder', 'no troupe has a minion beside its captain, nor gains a PC by advancing, so a fight\'s wounds have one PC to fall on (the guards and a rival\'s minions are a count, with no captain among them)');
  }
  // consequenceWound: only "A PC is wounded" reads it, a medium consequence (without rivals,
  // noted with the rivals' variants above). A light design's slot reaches medium by its
  // consequence's 6 ("A medium-consequence design begins") a turn later at the soonest; a
  // heavy one never comes down (its 6 is a calamity).
  if (rules.consequenceWound !== VICIOUSNESS_DEFAULTS.consequenceWound && rivals.length > 0) {
    const turnsToMedium = { light: 2, medium: 1, heavy: Infinity } as const;
    const soonest = Math.min(...rivals.flatMap((r) => r.designs.map((d) => turnsToMedium[d.severity])));
    if (soonest > s.turns) {
      nothing('rules.consequenceWound', `it reads only a rival's "A PC is wounded", a medium consequence, and no rival's design can be medium and be initiated within the campaign's ${s.turns} turn${s.turns === 1 ? '' : 's'} (a heavy design never comes down; a light one's slot climbs to medium by its consequence's 6, and a rival initiates one design a turn at most)`);
    }
  }
  // attemptTarget: only "An attempt on a PC's life" reads it, a heavy consequence (without
  // rivals, noted with the rivals' variants above). A design's slot climbs one severity an
  // initiation at most ("6. A medium-consequence design begins", then heavy), and a rival
  // initiates at most one design a turn: a light design's attempt needs 3 turns, a medium
  // one's 2. And a troupe of its captain alone has one PC for the minions' hits, the target.
  if (rules.attemptTarget !== VICIOUSNESS_DEFAULTS.attemptTarget && rivals.length > 0) {
    const soonest = Math.min(...rivals.flatMap((r) => r.designs.map((d) => 3 - SEVERITIES.indexOf(d.severity))));
    if (soonest > s.turns) {
      nothing('rules.attemptTarget', `it reads only a rival's "An attempt on a PC's life", a heavy consequence, and no rival's design can become heavy and be initiated within the campaign's ${s.turns} turn${s.turns === 1 ? '' : 's'} (a slot climbs one severity an initiation, by its consequence's 6, and a rival initiates one design a turn at most)`);
    } else if (reservedPcs(policy.advance) === 0 && !s.troupes.some((t) => (t.count ?? 1) > 0 && minions(t))) {
      nothing('rules.attemptTarget', 'no troupe has a minion beside its captain, nor gains a PC by advancing, so an attempt on a PC\'s life has its target alone to wound');
    } else if (rules.woundOrder === 'random' && (!defenderPush || defenderNoted)) {
      // The target (attemptOnLife: randomPc) is one of its troupe's able PCs at random, and
      // the fight's PCs are those able PCs: nothing before the first wound reads which one
      // it is, so "the target first" picks the first wounded as "random" order does, and
      // once wounded the target leaves the able for good (skirmish.ts woundPcs). Only a
      // Defender's push (defendCaptains) puts a wounded captain back among them, to be aimed
      // at again: with none, the two readings differ by the draws alone (a1 of a campaign
      // audit, worked by hand: deaths.captains 0.018145 under either).
      nothing('rules.attemptTarget', 'with rules.woundOrder "random" and no Defender\'s push (policy.defenderPush "captain" with a minion of the "defender" trait), the target is one of its troupe\'s able PCs at random, so "the target first" wounds each of them first as often as the random order does, and a wounded target is never hit again: the figures differ by the draws alone');
    }
  }
  // equipment: where both the troupe and the other side have equipment dice: a job's fight
  // against equipped guards (campaignPlay.ts failedPlan), or a fight with a rival's minions
  // that bring some (rivals[].minionBonus: interfere, attemptOnLife).
  if (rules.equipment !== VICIOUSNESS_DEFAULTS.equipment) {
    const guardsEquipped = eachDie(policy.job?.guards?.bonus ?? []).length > 0;
    const bought = policy.buy?.equipment;
    const troupesEquipped =
      (bought !== undefined && price(bought.itemRank, MAX_RANK, bought.modifiers ?? 0) !== Infinity) ||
      s.troupes.some((t) => (t.count ?? 1) > 0 && eachDie(t.bonus ?? []).length > 0);
    const rivalsEquipped = rivals.some((r) => eachDie(r.minionBonus ?? []).length > 0);
    if (rivalsEquipped) {
      if (!troupesEquipped) nothing('rules.equipment', "no troupe has equipment dice (its bonus, or buy.equipment) to set against the guards' or a rival's minions' (rivals[].minionBonus)");
    } else {
      const why =
        noJobFight !== undefined ? `no job comes to a fight (${noJobFight})`
        : !guardsEquipped ? 'the guards have no equipment dice (job.guards.bonus)'
        : !troupesEquipped ? 'no troupe has equipment dice (its bonus, or buy.equipment)'
        : undefined;
      if (why !== undefined) nothing('rules.equipment', `only a job's fight can set two equipped sides against each other (no rival's minions bring equipment: rivals[].minionBonus), and ${why}`);
    }
  }
  return notes;
}

/**
 * Why a failed plan never turns to violence (campaignPlay.ts failedPlan), or why no plan
 * fails; undefined when one may. The schema refuses a rival deal without rivals, so with
 * takeRivalDeal "whenJobFails" one is always there to take.
 */
function noViolenceWhy(policy: NonNullable<CampaignSetup['policy']>): string | undefined {
  if (policy.onFailedJob === 'abandon') return 'with onFailedJob "abandon" a failed plan never comes to violence';
  if (policy.takeRivalDeal === 'whenJobFails') return 'with takeRivalDeal "whenJobFails" a failed plan takes a rival\'s deal, never violence';
  const job = policy.job;
  if (job !== undefined && job.challenges - (job.removed ?? 0) <= 0) return 'no challenge is left once job.removed is taken off, so no plan fails';
  return undefined;
}

/**
 * Why the company's ambition is never met (campaignPlay.ts checkAmbition), or undefined
 * where it may be (or none is named). `{jobs: N}` counts successful jobs, and with none
 * taken there are none; `{rank: "next"}` asks for a rank above any held, and only banking
 * raises the points (a rank is read off them): not at all under bank "none" (defendRank
 * banks only back up to the rank held), nor above the highest rank.
 */
function ambitionNeverMetWhy(s: CampaignSetup): string | undefined {
  const policy = s.policy ?? {};
  const ambition = policy.ambition;
  if (ambition === undefined) return undefined;
  if ('jobs' in ambition) return policy.action === 'idle' ? 'it counts successful jobs, and action is "idle", so no troupe takes a job' : undefined;
  const startRank = s.company.points !== undefined ? rankOf(s.company.points) : s.company.rank ?? DEFAULT_RANK;
  if (startRank >= MAX_RANK) return `the company starts at rank ${MAX_RANK}, the highest`;
  if (policy.bank === 'none') return 'only banking raises the investment points that give the rank, and bank "none" banks no coin (defendRank banks only back up to the rank held)';
  return undefined;
}

/**
 * Whether some PC may push a trait to remove a challenge (campaignPlay.ts traitPushes): one
 * named with a trait that can (traits.ts pushesForChallenges: traits given as a count may
 * be any, and a minion left out is such a one), or one that may gain a trait or join by
 * advancing, which needs an ambition.
 */
function mayPushTrait(s: CampaignSetup): boolean {
  if (s.policy?.ambition !== undefined) return true;
  return s.troupes.some((t) => (t.count ?? 1) > 0 && [t.captain, ...(t.minions ?? [{ name: 'minion' }]).filter((m) => (m.count ?? 1) > 0)].some((pc) => pushesForChallenges(pc.traits)));
}

/**
 * Why policy buy.task (a task done before a troupe's job, removing one of its challenges:
 * campaignPlay.ts buyTasks) never buys or never removes anything, or undefined when it may.
 */
function taskIdleWhy(s: CampaignSetup, policy: NonNullable<CampaignSetup['policy']>): string | undefined {
  if (policy.action === 'idle') return 'a task is bought for a job, and action is "idle", so no troupe takes a job';
  const job = policy.job;
  if (job !== undefined && job.challenges - (job.removed ?? 0) <= 0) return 'a task removes one of a job\'s challenges, and none is left once job.removed is taken off';
  // With buy.action "pc" the task is a PC's action, and the job needs another PC to take it.
  const alone = s.troupes.every((t) => (t.count ?? 1) === 0 || (t.minions ?? [{ count: 1 }]).every((m) => (m.count ?? 1) === 0));
  if ((policy.buy?.action ?? 'pc') === 'pc' && alone && reservedPcs(policy.advance) === 0) {
    return 'with buy.action "pc" a task is a PC\'s turn action, and every troupe is its captain alone (no minion, none added by advancing), so nobody would be left to take the job';
  }
  return undefined;
}

/**
 * The fewest guards a job's fight has (campaignPlay.ts failedPlan): `count`, and
 * `perActiveChallenge` for each challenge left active, at least one when a plan fails, or
 * none with freePushes "fallout" (its free pushes thwart them); a fight needs a guard.
 */
function leastGuards(policy: NonNullable<CampaignSetup['policy']>): number {
  const fixed = policy.job?.guards?.count ?? 0;
  const per = policy.job?.guards?.perActiveChallenge ?? GUARDS_PER_ACTIVE_CHALLENGE;
  const fallout = policy.freePushes === 'fallout';
  if (fallout && fixed === 0) return per;
  return fallout ? fixed : fixed + per;
}

/**
 * Why a campaign never plays a fight, or undefined when it may: a job's fight needs a failed
 * plan that comes to violence and guards there; an attempt on a PC's life and an
 * interference by violence need a rival. Then no PC is ever wounded or dies (the wounds
 * and deaths are the fights' and the rivals' consequences'), and no troupe dissolves.
 */
export function noFightWhy(s: CampaignSetup): string | undefined {
  const noJobFight = noJobFightWhy(s.policy ?? {});
  if ((s.rivals ?? []).length > 0 || noJobFight === undefined) return undefined;
  return `${noJobFight}; and without rivals no attempt on a PC's life nor interference`;
}

/** Why no job ever comes to a fight (no troupe takes one, no failed plan comes to violence, or no guard is there), or undefined. */
function noJobFightWhy(policy: NonNullable<CampaignSetup['policy']>): string | undefined {
  return noFalloutWhy(policy) ?? (noGuards(policy) ? 'job.guards has perActiveChallenge 0 and count 0, so no guard is ever there' : undefined);
}

/** Why a failed plan never has a fallout (no troupe takes a job, or none comes to violence), or undefined. */
function noFalloutWhy(policy: NonNullable<CampaignSetup['policy']>): string | undefined {
  return policy.action === 'idle' ? 'action is "idle", so no troupe takes a job' : noViolenceWhy(policy);
}

/** The job's guards are 0 however many challenges are left active. */
function noGuards(policy: NonNullable<CampaignSetup['policy']>): boolean {
  const guards = policy.job?.guards;
  return guards !== undefined && (guards.perActiveChallenge ?? GUARDS_PER_ACTIVE_CHALLENGE) === 0 && (guards.count ?? 0) === 0;
}

export type CampaignSetup = z.output<typeof campaignSetup>;
