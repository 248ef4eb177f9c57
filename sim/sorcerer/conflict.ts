/**
 * Sorcerer `conflict` (sorcerer.txt "Actions", "Except bleed", "Stand Up"; docs/rules.md
 * "Sorcerer"): two characters fight in rounds of opposed rolls until one can no longer act.
 *
 * A round:
 * 1. Each character's action pool is its `dice` + `bonus` + currency carried in, minus its
 *    penalties ("Your total penalties to an action are equal to your next + lasting
 *    penalties"); the next penalties come due, each to cut one roll ("apply only to your
 *    next action"): this action, the full defence that replaces it, or with no action its
 *    full defence (round 1's: the `next` a fighter carries in). "If you're suffering
 *    penalties greater than your Stamina, you can't act" — unless it stands up (`standUp`
 *    policy): "roll your Will (without penalties) vs. the number of dice you'd like to use
 *    for your action, up to your score", with its `standUpBonus` dice beside the Will ("You
 *    can rack up bonus dice on this roll"); not possible "if your penalties are > 2x your
 *    stamina". A character that cannot act when the round begins is beaten, and the
 *    conflict ends (both at once: a draw), only past twice its Stamina ("Seriously, you
 *    need a hospital"); one that is not loses that round's action, sucks it up on one die
 *    if attacked, and tries again next round ("If you're still holding your guts in with
 *    one hand by next action, you need another Will roll"): rules.failedStandUp
 *    "loseAction", the default since December 2026. With "beaten" (the variant, the default
 *    before) one that cannot act when the round begins and does not stand up is beaten.
 *    A character with `passion` then rolls its
 *    Passion against the other's action dice ("roll your Passion first and then use
 *    successes on that roll as bonus dice to the main stat roll"; a tie rolled again; with
 *    rules.passionPenalties "cut" its dice cut by its penalties, "Penalties apply to ALL
 *    actions"), and a won roll's successes join its action dice, netted with its penalties.
 * 2. "Dice all hit the table at the same time. Actions are resolved in order of highest die
 *    to lowest" (ties go to the next highest die, then a coin).
 * 3. Each action attacks the other character. A defender that "ha[s] already acted ...
 *    roll[s] your full appropriate dice"; one that has "not acted yet" chooses by its
 *    `defend` policy: "Sacrifice your planned action and declare a defensive action, at
 *    full dice" or "Roll 1 die (with no bonuses) for defense. If you're still standing when
 *    your action comes around, you can still do your planned action." A sacrifice by one
 *    that stood up this round rolls its penalised full defence, or with rules.standUpCovers
 *    "actionOrSacrifice" the dice its Will roll bought (stoodUpSacrificeDice). The Passion
 *    dice won this round stay with the action it gave up, or with rules.passionDefence
 *    "fullDefence" join that full defence; so does the currency it carried into the round,
 *    or with rules.sacrificeCurrency "carried" it joins that full defence.
 * 4. The attacker's rolled dice against the defence roll, as in `contest`. A won attack
 *    bleeds the defender by the attacker's `weapon` (sim/sorcerer/bleed.ts). A won
 *    defence's successes become bonus dice for the defender's next action when its
 *    `currency` policy says so ("roll over successes from one action into a related and
 *    immediately following action"); so do a Stand Up roll's ("You can roll success from
 *    this roll as bonus dice to your action!"), and with rules.attackCurrency "nextAction"
 *    a landed attack's, into the attacker's next round ("I punch my demon in the face (2
 *    successes). That will give me 2 bonus dice to command it").
 *    An exchange that ties all the way down on as many dice a side ("If both sides have the
 *    same number of dice, throw your hands up in despair and re-roll or something") is
 *    rolled again, that exchange alone (rules.tiedExchange "reroll", the default), or with
 *    "standOff" nothing happens.
 *
 * When it ends, "your lasting penalties are halved (round up)" and the Stamina thresholds
 * say who needs medical attention: on those halved penalties, or with rules.injuryPenalties
 * "lastingAndNext" on them + the next penalties no roll spent ("Your total penalties to an
 * action are equal to your next + lasting penalties"). Readings:
 * docs/rulings/sorcerer-conflict.md.
 */
import { z } from 'zod';
import { lazySchema } from '../lazySchema.ts';
import { entityName } from '../names.ts';
import { defineMechanic, type ExactValues } from '../mechanic.ts';
import { foldDistribution, type PoolFold } from '../exact/fold.ts';
import { singleDieSchema } from '../dice.ts';
import type { RandomStream } from '../random.ts';
import { SORCERER_DEFAULTS, type SorcererRules } from '../rules.ts';
import type { DistributionSpec, Tally } from '../stats.ts';
import { MetricLayout, metricTable } from '../metrics.ts';
import { A_WINS, B_WINS, REROLL, contestFold, successesOf, winnerOf } from './contest.ts';
import { WEAPONS, bleedLasting, bleedNext, halvedLasting, needsPower, weaponSchema } from './bleed.ts';

/** Rounds a conflict lasts at most where the setup leaves `maxRounds` out: still going, a draw. */
export const DEFAULT_CONFLICT_ROUNDS = 20;

const count = lazySchema(() => z.number().int().min(0).max(100));

/**
 * A defender that has not acted yet: `fullDefence` (sacrifice the action, defend at full
 * dice), `oneDie` ("Suck it up": one die, keep the action), `fullDefenceWhenHurt` (one die
 * while it carries no penalty, full defence once it does), or `moreDice` (full defence
 * when it rolls more than the one die, else the one die: a full defence of 0 or 1 dice
 * would give up the action for no more dice than sucking it up).
 */
export const DEFEND_POLICIES = ['fullDefence', 'oneDie', 'fullDefenceWhenHurt', 'moreDice'] as const;
/** A fighter's `defend` when it names none (docs/rulings/sorcerer-conflict.md). */
export const DEFAULT_DEFEND = 'moreDice';
/**
 * Dice asked for when standing up: `never` (stays down), `half` (half its `dice`, rounded
 * up: an easier Will roll), `full` ("want to use your whole 3 Stamina ... roll Will vs. 3").
 */
export const STAND_UP_POLICIES = ['never', 'half', 'full'] as const;
/**
 * Which successes roll over as bonus dice: `none`, `standUp`, `defence`, or `all` (both,
 * and a landed attack's with rules.attackCurrency "nextAction").
 */
export const CURRENCY_POLICIES = ['none', 'standUp', 'defence', 'all'] as const;

export const fighterSchema = lazySchema(() => z
  .object({
    name: entityName,
    /** Stamina: the penalty thresholds, and the full defence's dice unless `defence` says otherwise. */
    stamina: count,
    /** Will, rolled to Stand Up. */
    will: count,
    /** Dice of its attack (the stat it fights with); defaults to `stamina`. */
    dice: count.optional(),
    /** Dice of a full defence ("if you dodge, roll your full Stamina + bonuses"); defaults to `stamina`. */
    defence: count.optional(),
    /** Bonus dice on its actions (a bad-ass weapon, cool tactics), and on its full defences unless `defenceBonus` says otherwise; defaults to 0. */
    bonus: count.optional(),
    /**
     * Bonus dice on its full defences ("roll your full Stamina + bonuses"); defaults to
     * `bonus`. "Bad-ass weapons, +1-2" are the action's that uses the weapon: 0 keeps
     * them off the dodge.
     */
    defenceBonus: count.optional(),
    /** Lasting penalties it carries into the conflict; defaults to 0. */
    lasting: count.optional(),
    /**
     * "Next" penalties it carries into the conflict, due on its first action (round 1):
     * fried by laser eyes just before, "4 penalties to your next action, and 9 lasting
     * penalties" is `next: 4, lasting: 9`; defaults to 0.
     */
    next: count.optional(),
    /** What it attacks with: a row of the bleed table. */
    weapon: weaponSchema,
    /** The demon's Power, for the demonic rows of the bleed table. */
    power: count.optional(),
    /** A defender that has not acted yet (see DEFEND_POLICIES); defaults to "moreDice". */
    defend: z.enum(DEFEND_POLICIES).optional(),
    /** Stand Up when its penalties exceed its Stamina (see STAND_UP_POLICIES); defaults to "full". */
    standUp: z.enum(STAND_UP_POLICIES).optional(),
    /**
     * Bonus dice on its Stand Up rolls, beside its Will ("You can rack up bonus dice on
     * this roll (spit blood, stomp on your friends, etc.)"); defaults to 0.
     */
    standUpBonus: count.optional(),
    /**
     * Successes rolled over into its next action (see CURRENCY_POLICIES; `all` includes a
     * landed attack's with rules.attackCurrency "nextAction"); defaults to "all", so a won
     * defence's successes join the next attack on the same opponent, read as "a clearly
     * connected and immediately following action" (docs/rulings/sorcerer-conflict.md,
     * Currency; a table that does not read it so writes `standUp` or `none`).
     */
    currency: z.enum(CURRENCY_POLICIES).optional(),
    /**
     * Dice of its Passion, rolled first each round it acts, against the other character's
     * action dice, the successes bonus dice on its action: "If you are taking an action that
     * is relevant both to Passion and another stat, you can roll your Passion first and then
     * use successes on that roll as bonus dice to the main stat roll" (the text's example is
     * a shot). Left out: no Passion roll.
     */
    passion: z.number().int().min(1).max(100).optional(),
  })
  .strict()
  .superRefine((f, ctx) => {
    if (needsPower(f.weapon) && f.power === undefined) {
      // Said at the Power itself, in words that read there as in the file: the weapon's value
      // and "power" were the file's spellings beside the form's select and label (an audit).
      ctx.addIssue({ code: 'custom', path: ['power'], message: `the weapon, a demonic power, bleeds by the demon's Power ("X+Power"): expected a number, 0 or more` });
    }
    // Dice for a roll this character never makes would change nothing: said, not ignored.
    if ((f.standUpBonus ?? 0) > 0 && f.standUp === 'never') {
      ctx.addIssue({ code: 'custom', path: ['standUpBonus'], message: `standUp is "never", so there is no Stand Up roll for these dice: expected standUpBonus left out, or standUp "half" or "full"` });
    }
  }));

export const conflictSetup = lazySchema(() => z
  .object({
    /** The die; defaults to "d10". */
    die: singleDieSchema.optional(),
    a: fighterSchema,
    b: fighterSchema,
    /** Rounds before the conflict is called a draw; defaults to 20. */
    maxRounds: z.number().int().min(1).max(1000).optional(),
  })
  .strict()
  .superRefine((s, ctx) => {
    if (s.a.name === s.b.name) {
      ctx.addIssue({ code: 'custom', path: ['b', 'name'], message: `both characters are named "${s.a.name}": names must differ` });
    }
  }));

export type Fighter = z.output<typeof fighterSchema>;
export type ConflictSetup = z.output<typeof conflictSetup>;

/**
 * The dice a Stand Up rolls against the dice asked for: "roll your Will (without
 * penalties)", and "You can rack up bonus dice on this roll" (`standUpBonus`). With none,
 * the character cannot Stand Up.
 */
export function standUpPool(f: Pick<Fighter, 'will' | 'standUpBonus'>): number {
  return f.will + (f.standUpBonus ?? 0);
}

/** Dice asked for on a Stand Up roll. */
export function standUpDice(policy: (typeof STAND_UP_POLICIES)[number], score: number): number {
  return policy === 'full' ? score : policy === 'half' ? Math.ceil(score / 2) : 0;
}

/**
 * Dice asked for when standing up mid-round (hit earlier in the round, penalties now above
 * Stamina): "the number of dice you'd like to use for your action, up to your score". The
 * action's dice are already on the table, so it can use at most those: the `standUp`
 * policy's `n`, but never more than `onTable` (docs/rulings/sorcerer-conflict.md).
 */
export function midRoundStandUpDice(n: number, onTable: number): number {
  return n < onTable ? n : onTable;
}

/**
 * Dice an action keeps after standing up mid-round, of the `onTable` it rolled: the `n`
 * asked for + its `bonus` + the currency `carried` into the round, as a Stand Up at the
 * round's start rolls them ("the number of dice you'd like to use for your action, up to
 * your score" is the stat's dice; bonus dice come on top), never more than are on the table.
 */
export function midRoundKeptDice(n: number, bonus: number, carried: number, onTable: number): number {
  const keep = n + bonus + carried;
  return keep < onTable ? keep : onTable;
}

/** Bonus dice on a full defence: `defenceBonus`, else `bonus` ("your full Stamina + bonuses"). */
export function defenceBonusOf(f: Pick<Fighter, 'bonus' | 'defenceBonus'>): number {
  return f.defenceBonus ?? f.bonus ?? 0;
}

/** Dice of a full defence with `penalties` in force (never below 0). */
export function fullDefenceDice(f: Fighter, penalties: number, extra = 0): number {
  return Math.max(0, (f.defence ?? f.stamina) + defenceBonusOf(f) + extra - penalties);
}

/**
 * Dice of a sacrifice by a fighter that stood up at the round's start asking for `n`, with
 * rules.standUpCovers "actionOrSacrifice": its Will roll bought "the number of dice you'd
 * like to use for your action, up to your score", and a full defence's score is its
 * `defence`: min(n, defence) + `defenceBonus`, no penalty cutting them. The Will roll's
 * successes stay off it ("bonus dice to your action"), and so does the currency carried in
 * unless rules.sacrificeCurrency "carried" ("some of your currency dice may not apply!");
 * rules.totallyDefensive's +2 comes on top.
 */
export function stoodUpSacrificeDice(f: Fighter, n: number): number {
  const score = f.defence ?? f.stamina;
  return (n < score ? n : score) + defenceBonusOf(f);
}

/**
 * Why rules.sacrificeCurrency "carried" can change nothing in this conflict (a clause), or
 * undefined where it may: no currency is ever carried into a round, or no fighter that
 * carries some ever defends in full before acting. A sacrifice takes the currency carried
 * in from an earlier round (won defences', and landed attacks' with rules.attackCurrency
 * "nextAction"; a Stand Up's successes join that round's own action), so a conflict of one
 * round, or fighters whose `currency` is "none" or "standUp", carry none. A "oneDie" fighter
 * defends in full before acting only with no dice to act with (pendingDefenceDice), which
 * with currency in hand needs penalties of at least its dice + bonus + 1 and at most its
 * Stamina (above it, it stands up and has dice); even then its dodge is at most its
 * defence + defence bonus (+2 with rules.totallyDefensive) − dice − bonus, and it takes it
 * only when that is more than the one die.
 */
export function sacrificeCurrencyIdle(setup: ConflictSetup, rules: Pick<SorcererRules, 'sacrificeCurrency' | 'totallyDefensive'>): string | undefined {
  if (rules.sacrificeCurrency !== 'carried') return undefined;
  if ((setup.maxRounds ?? DEFAULT_CONFLICT_ROUNDS) === 1) return 'the conflict is one round, and currency is carried only into a later round';
  const fighters = [setup.a, setup.b];
  const carriers = fighters.filter((f) => (f.currency ?? 'all') === 'all' || f.currency === 'defence');
  if (carriers.length === 0) {
    return 'neither fighter carries currency into a later round (currency "none" or "standUp": a Stand Up\'s successes join that round\'s own action)';
  }
  const neverSacrifices = (f: Fighter) => {
    if ((f.defend ?? DEFAULT_DEFEND) !== 'oneDie') return false;
    const acting = (f.dice ?? f.stamina) + (f.bonus ?? 0);
    return acting >= f.stamina || fullDefenceDice(f, acting, sacrificeBonus(rules)) <= 1;
  };
  if (!carriers.every(neverSacrifices)) return undefined;
  const names = carriers.map((f) => f.name).join(', ');
  return `every fighter that carries currency into a round (${names}) sucks it up (defend "oneDie") while it has dice to act with, and with currency in hand it has some, or a dodge of no more than the one die, so it never defends in full before acting`;
}

/**
 * Why rules.failedStandUp "beaten" (the variant; "loseAction" is the default since December
 * 2026) can change nothing in this conflict (a clause), or undefined where it may. The two
 * readings differ only for a character that, at a round's
 * start, has penalties above its Stamina but not above twice it, and does not stand up: so
 * it changes nothing where no fighter can ever be there. A fighter is never there when:
 * its Stamina is 0 (any penalty is past twice 0); it starts past twice its Stamina (beaten
 * at round 1's start, where the conflict ends); or it does not start there and is never
 * hit before a later round's start — the other starts past twice its own Stamina (the
 * conflict ends at round 1's start), the conflict is one round (its only round start is
 * round 1's), or the other never has dice to attack with (no dice of its stat nor bonus
 * dice, no Passion, and no currency from defences: `currency` "none" or "standUp", and a
 * Stand Up needs dice of its stat). A fighter that never stands up (`standUp` "never") is no such case: under
 * "beaten" it is out at once, under "loseAction" it sits the round out and acts again once
 * its next penalties have passed.
 */
export function failedStandUpIdle(setup: ConflictSetup, rules: Pick<SorcererRules, 'failedStandUp'>): string | undefined {
  if (rules.failedStandUp !== 'beaten') return undefined;
  const oneRound = (setup.maxRounds ?? DEFAULT_CONFLICT_ROUNDS) === 1;
  const neverAttacks = (f: Fighter) =>
    (f.dice ?? f.stamina) + (f.bonus ?? 0) === 0 && f.passion === undefined && (f.currency === 'none' || f.currency === 'standUp');
  const startsInBand = (f: Fighter) => openingPenalties(f) > f.stamina && openingPenalties(f) <= 2 * f.stamina;
  // Past twice its Stamina at round 1's start, a character is beaten there under either
  // reading, and the conflict has no later round.
  const startsPast = (f: Fighter) => openingPenalties(f) > 2 * f.stamina;
  const why = (f: Fighter, other: Fighter): string | undefined => {
    if (f.stamina === 0) return `${f.name} has Stamina 0, so any penalty is past twice it`;
    if (startsPast(f)) return `${f.name} starts past twice its Stamina, beaten at round 1's start`;
    if (startsInBand(f)) return undefined;
    if (startsPast(other)) return `${f.name} does not start above its Stamina, and the conflict ends at round 1's start`;
    if (oneRound) return `${f.name} does not start above its Stamina, and the conflict is one round`;
    if (neverAttacks(other)) return `${f.name} does not start above its Stamina, and ${other.name} never has dice to attack it with`;
    return undefined;
  };
  const wa = why(setup.a, setup.b);
  const wb = why(setup.b, setup.a);
  if (wa === undefined || wb === undefined) return undefined;
  return `no character can start a round above its Stamina and not past twice it, where a failed Stand Up would cost only the action (${wa}; ${wb})`;
}

/** Dice rules.totallyDefensive adds to a sacrificed action's defence: 2 or none. */
export function sacrificeBonus(rules: Pick<SorcererRules, 'totallyDefensive'>): number {
  return rules.totallyDefensive === 'sacrifice' ? 2 : 0;
}

/**
 * Dice a defender that has not acted rolls, by its policy, with `penalties` in force; a
 * sacrifice adds `extra` (sacrificeBonus), which `moreDice` counts when it compares. One
 * with no action this round (`noAction`) gives up nothing either way, so whatever its
 * policy it takes the more dice, as `moreDice` does.
 */
export function pendingDefenceDice(f: Fighter, penalties: number, extra = 0, noAction = false): { dice: number; sacrifices: boolean } {
  const policy = noAction ? 'moreDice' : (f.defend ?? DEFAULT_DEFEND);
  const full =
    policy === 'fullDefence' || (policy === 'fullDefenceWhenHurt' && penalties > 0) || (policy === 'moreDice' && fullDefenceDice(f, penalties, extra) > 1);
  // "Roll 1 die (with no bonuses)": the one die is neither raised nor cut.
  return full ? { dice: fullDefenceDice(f, penalties, extra), sacrifices: true } : { dice: 1, sacrifices: false };
}

/** Dice of an action with `penalties` in force and `carried` currency, when it can act. */
export function actionDice(f: Fighter, penalties: number, carried: number): number {
  return Math.max(0, (f.dice ?? f.stamina) + (f.bonus ?? 0) + carried - penalties);
}

/**
 * Runs a contest fold over dice already on the table: face counts per side (index =
 * face). Scratch arrays are the caller's so a trial allocates nothing.
 */
export class TableContest {
  private readonly counts = new Int32Array(2);
  private readonly remaining = new Int32Array(2);

  constructor(
    private readonly fold: PoolFold,
    private readonly sides: number,
  ) {}

  run(facesA: Int32Array, countA: number, facesB: Int32Array, countB: number): number {
    const { fold, counts, remaining } = this;
    remaining[0] = countA;
    remaining[1] = countB;
    let state = fold.initial;
    for (let face = this.sides; face >= 1; face--) {
      counts[0] = facesA[face];
      counts[1] = facesB[face];
      remaining[0] -= counts[0];
      remaining[1] -= counts[1];
      state = fold.next(state, face, counts, remaining);
      if (fold.isFinal!(state)) break;
    }
    return state;
  }
}

const NO_ONE = -1;

/** A conflict's metrics (sim/metrics.ts). */
export const CONFLICT_METRICS = metricTable({
  win: { name: 'win.<name>', kind: 'probability', label: 'P(win: <name>)', family: 'P(win)', headline: true },
  draw: { name: 'draw', kind: 'probability', label: 'P(no one wins)' },
  rounds: { name: 'rounds', kind: 'mean', label: 'mean rounds fought' },
  lasting: { name: 'lasting.<name>', kind: 'mean', label: 'mean lasting penalty of <name> at the end', family: 'mean lasting penalty at the end' },
  injured: { name: 'injured.<name>', kind: 'probability', label: 'P(injured: <name>)', family: 'P(injured)' },
  hospital: { name: 'hospital.<name>', kind: 'probability', label: 'P(in hospital: <name>)', family: 'P(in hospital)' },
  stoodUp: { name: 'stoodUp.<name>', kind: 'mean', label: 'mean Stand Ups by <name>', family: 'mean Stand Ups' },
  first: { name: 'first.<name>', kind: 'probability', label: 'P(acts first: <name>)', family: 'P(acts first)' },
  openingLanded: { name: 'opening.landed', kind: 'probability', label: "P(the first action lands)" },
  openingSuccesses: { name: 'opening.successes', kind: 'mean', label: 'mean successes of the first action (0 if it fails)' },
  passionWon: { name: 'passionWon.<name>', kind: 'mean', label: 'mean Passion rolls won by <name>', family: 'mean Passion rolls won' },
  passionBonus: { name: 'passionBonus.<name>', kind: 'mean', label: "mean bonus dice <name>'s Passion rolls add", family: 'mean bonus dice from Passion' },
});

export const conflict = defineMechanic({
  // Trials per chunk (see Mechanic.chunkTrials): a Sorcerer conflict runs ~0.6M trials/s: 2^14 trials make a chunk of ~30 ms.
  chunkTrials: 16384,
  system: 'sorcerer',
  name: 'conflict',
  summary: 'rounds of opposed rolls: highest die acts first, bleed, Stand Up, currency',
  setup: conflictSetup,
  variants: ['exhausted', 'totallyDefensive', 'nextPenalty', 'attackCurrency', 'standUpCovers', 'tiedExchange', 'passionDefence', 'sacrificeCurrency', 'injuryPenalties', 'passionPenalties', 'failedStandUp'],
  refuse(setup, rules: SorcererRules) {
    // A variant that no fighter of this conflict can meet would change nothing: refused,
    // as a variant the mechanic never plays is (sim/scenario.ts).
    const fighters = [setup.a, setup.b];
    const problems: { path: string; problem: string }[] = [];
    if (rules.attackCurrency === 'nextAction' && !fighters.some((f) => (f.currency ?? 'all') === 'all')) {
      problems.push({ path: 'rules.attackCurrency', problem: `"nextAction" rolls a landed attack's successes over for a fighter whose currency is "all", and neither is (${fighters.map((f) => `${f.name}: "${f.currency}"`).join(', ')}), so it would change nothing: expected attackCurrency left out, or a fighter with currency "all"` });
    }
    // It needs a fighter that can Stand Up (dice to ask for: standUp not "never" and some
    // dice of its stat; some Will or Stand Up bonus dice to roll) and sacrifice its action
    // (a defend policy other than "oneDie").
    const both = (f: Fighter) => standUpDice(f.standUp ?? 'full', f.dice ?? f.stamina) > 0 && standUpPool(f) > 0 && (f.defend ?? DEFAULT_DEFEND) !== 'oneDie';
    if (rules.standUpCovers === 'actionOrSacrifice' && !fighters.some(both)) {
      problems.push({ path: 'rules.standUpCovers', problem: `"actionOrSacrifice" covers a sacrifice after a Stand Up, and neither fighter both stands up and sacrifices (standUp "never", no dice to stand up with, no Will nor Stand Up bonus, or defend "oneDie"), so it would change nothing: expected standUpCovers left out` });
    }
    // It needs a fighter that rolls Passion (any defend policy: one with no dice left to act
    // with after its Passion roll defends in full whatever its policy, when that is more dice).
    if (rules.passionDefence === 'fullDefence' && !fighters.some((f) => f.passion !== undefined)) {
      problems.push({ path: 'rules.passionDefence', problem: `"fullDefence" gives a full defence the Passion dice won this round, and neither fighter rolls Passion, so it would change nothing: expected passionDefence left out, or a fighter with "passion"` });
    }
    if (rules.passionPenalties === 'cut' && !fighters.some((f) => f.passion !== undefined)) {
      problems.push({ path: 'rules.passionPenalties', problem: `"cut" cuts the Passion roll by the penalties in force, and neither fighter rolls Passion, so it would change nothing: expected passionPenalties left out, or a fighter with "passion"` });
    }
    return problems;
  },
  prepare(setup, rules: SorcererRules) {
    const sides = setup.die ?? 10;
    const maxRounds = setup.maxRounds ?? DEFAULT_CONFLICT_ROUNDS;
    const fighters = [setup.a, setup.b];
    const [A, B] = fighters.map((f) => f.name);
    const fold = contestFold(rules.exhausted);
    const sacrifice = sacrificeBonus(rules);

    // Per fighter, for the hot loop.
    const stamina = Int32Array.from(fighters, (f) => f.stamina);
    const will = Int32Array.from(fighters, standUpPool);
    const baseDice = Int32Array.from(fighters, (f) => f.dice ?? f.stamina);
    const bonus = Int32Array.from(fighters, (f) => f.bonus ?? 0);
    const defenceDice = Int32Array.from(fighters, (f) => f.defence ?? f.stamina);
    const defenceBonus = Int32Array.from(fighters, defenceBonusOf);
    const startLasting = Int32Array.from(fighters, (f) => f.lasting ?? 0);
    const startNext = Int32Array.from(fighters, (f) => f.next ?? 0);
    const defendCode = Int32Array.from(fighters, (f) => DEFEND_POLICIES.indexOf(f.defend ?? DEFAULT_DEFEND));
    const standN = Int32Array.from(fighters, (f) => standUpDice(f.standUp ?? 'full', f.dice ?? f.stamina));
    const currency = fighters.map((f) => f.currency ?? 'all');
    const currencyStandUp = Uint8Array.from(currency, (c) => (c === 'standUp' || c === 'all' ? 1 : 0));
    const currencyDefence = Uint8Array.from(currency, (c) => (c === 'defence' || c === 'all' ? 1 : 0));
    // rules.attackCurrency "nextAction": a landed attack's successes roll over too, for a
    // fighter that rolls every currency over (`all`).
    const currencyAttack = Uint8Array.from(currency, (c) => (rules.attackCurrency === 'nextAction' && c === 'all' ? 1 : 0));
    // rules.standUpCovers "actionOrSacrifice": the dice a sacrifice rolls after a Stand Up at
    // the round's start (see stoodUpSacrificeDice); without it, none read this.
    const coversSacrifice = rules.standUpCovers === 'actionOrSacrifice';
    // rules.tiedExchange "reroll": a full tie of an exchange is rolled again (see below).
    const rerollTies = rules.tiedExchange === 'reroll';
    // rules.passionDefence "fullDefence": 1, this round's Passion dice join a full defence
    // made before acting (a multiplier, so the hot loop does not branch on the rule).
    const passionOnDefence = rules.passionDefence === 'fullDefence' ? 1 : 0;
    // rules.sacrificeCurrency "carried": 1, the currency carried into the round joins a full
    // defence made before acting (a multiplier, as passionOnDefence).
    const currencyOnSacrifice = rules.sacrificeCurrency === 'carried' ? 1 : 0;
    // rules.injuryPenalties "lastingAndNext": 1, the next penalties left unspent when the
    // conflict ends count toward injured and hospital (a multiplier, as passionOnDefence).
    const nextAtEnd = rules.injuryPenalties === 'lastingAndNext' ? 1 : 0;
    // rules.passionPenalties "cut": 1, the penalties in force cut the Passion roll too.
    const passionCut = rules.passionPenalties === 'cut' ? 1 : 0;
    const stoodUpDefence = Int32Array.from(fighters, (f, i) => stoodUpSacrificeDice(f, standN[i]));
    const weapon = fighters.map((f) => WEAPONS[f.weapon]);
    const power = Int32Array.from(fighters, (f) => f.power ?? 0);
    const passionDice = Int32Array.from(fighters, (f) => f.passion ?? 0);
    const anyPassion = passionDice[0] > 0 || passionDice[1] > 0;

    const lastingBins = (f: (typeof fighters)[number]) => 4 * f.stamina + 5;
    const L = new MetricLayout(CONFLICT_METRICS);
    const win = [L.add('win', { name: A }), L.add('win', { name: B })];
    const draw = L.add('draw');
    const roundsSlot = L.add('rounds', {}, { max: maxRounds });
    const lastingSlot = new Int32Array(2);
    const injured = new Int32Array(2);
    const hospital = new Int32Array(2);
    const stoodUpSlot = new Int32Array(2);
    fighters.forEach((f, i) => {
      lastingSlot[i] = L.add('lasting', { name: f.name });
      injured[i] = L.add('injured', { name: f.name });
      hospital[i] = L.add('hospital', { name: f.name });
      stoodUpSlot[i] = L.add('stoodUp', { name: f.name });
    });
    const first = [L.add('first', { name: A }), L.add('first', { name: B })];
    const openingLandedSlot = L.add('openingLanded');
    const openingSuccessesSlot = L.add('openingSuccesses');
    // Laid out only for a character that rolls Passion (the question the setup asks).
    const passionWonSlot = new Int32Array(2).fill(-1);
    const passionBonusSlot = new Int32Array(2).fill(-1);
    fighters.forEach((f, i) => {
      if (passionDice[i] === 0) return;
      // One Passion roll a round, each adding at most its dice.
      passionWonSlot[i] = L.add('passionWon', { name: f.name }, { max: maxRounds });
      passionBonusSlot[i] = L.add('passionBonus', { name: f.name }, { max: maxRounds * passionDice[i] });
    });
    const metrics = L.specs;
    const distributions: DistributionSpec[] = fighters.map((f) => ({ name: `lasting.${f.name}`, min: 0, size: lastingBins(f), openTop: true }));
    // Only the bleed table's demonic rows read the demon's Power: on fists or a blade it is
    // said to change nothing, not refused (a library sweep runs the weapons with it kept).
    const setupNotes = (['a', 'b'] as const).flatMap((k) =>
      setup[k].power !== undefined && !needsPower(setup[k].weapon)
        ? // Not naming the weapon: a sweep over weapons gives one note, "at 5 of the 8 points".
          [`${k}.power changes nothing here: ${setup[k].name}'s weapon does not bleed by the demon's Power (only the demonic rows of the bleed table do)`]
        : [],
    );
    // A fighter with no dice of its stat can never Stand Up: "roll your Will (without
    // penalties) vs. the number of dice you'd like to use for your action, up to your score"
    // asks for none, whatever its policy, and a roll against no dice is no roll (standUp()
    // refuses it). So its Will, its Stand Up bonus and its Stand Up policy change nothing.
    for (const k of ['a', 'b'] as const) {
      const f = setup[k];
      if ((f.dice ?? f.stamina) !== 0) continue;
      const why = `${f.name} has no dice to stand up with (dice ${f.dice === undefined ? 'left out: its Stamina, 0' : '0'}), so a Stand Up ("roll your Will (without penalties) vs. the number of dice you'd like to use for your action, up to your score") asks for none and is never rolled`;
      setupNotes.push(`${k}.will changes nothing here: ${why}`);
      if (f.standUpBonus !== undefined) setupNotes.push(`${k}.standUpBonus changes nothing here: ${why}`);
      if (f.standUp !== undefined) setupNotes.push(`${k}.standUp changes nothing here: ${why}`);
    }
    // One that never stands up rolls its Will for nothing; one of Will 0 and no Stand Up
    // bonus has no dice to roll a Stand Up with, which never stands it up, whatever its
    // policy (a Sorcerer audit: the ruling said the notes say so; they did not).
    for (const k of ['a', 'b'] as const) {
      const f = setup[k];
      if ((f.dice ?? f.stamina) === 0) continue; // said above
      if (f.standUp === 'never') setupNotes.push(`${k}.will changes nothing here: ${f.name} never stands up (standUp "never"), and nothing else rolls its Will`);
      else if (f.will === 0 && (f.standUpBonus ?? 0) === 0 && f.standUp !== undefined) {
        setupNotes.push(`${k}.standUp changes nothing here: ${f.name}'s Will is 0 and it has no standUpBonus, so a Stand Up has no dice to roll and never stands it up, whatever its policy`);
      }
    }
    // Half of one die, rounded up, is the one die "full" asks for (an audit: unsaid).
    for (const k of ['a', 'b'] as const) {
      const f = setup[k];
      if (f.standUp === 'half' && (f.dice ?? f.stamina) === 1) setupNotes.push(`${k}.standUp changes nothing here: ${f.name} has 1 die of its stat, and "half" of it, rounded up, is the 1 die "full" asks for`);
    }
    const idleSacrifice = sacrificeCurrencyIdle(setup, rules);
    if (idleSacrifice !== undefined) setupNotes.push(`rules.sacrificeCurrency changes nothing here: ${idleSacrifice}`);
    const idleStandUp = failedStandUpIdle(setup, rules);
    if (idleStandUp !== undefined) setupNotes.push(`rules.failedStandUp changes nothing here: ${idleStandUp}`);
    // "thisAction" cuts an action by the hits taken before it in its round: a fighter that
    // defends in full before acting gives that action up, so where both do, neither is ever
    // hit and still to act (an audit: taken unsaid).
    if (rules.nextPenalty === 'thisAction' && fighters.every((f) => (f.defend ?? DEFAULT_DEFEND) === 'fullDefence')) {
      setupNotes.push('rules.nextPenalty changes nothing here: both fighters defend in full (defend "fullDefence") when attacked before they act, giving the action up, so neither is ever hit with an action of its own still to come in the round');
    }
    // A full defence made before acting is where rules.totallyDefensive's +2 and
    // rules.passionDefence's Passion dice go. A fighter that sucks it up (defend "oneDie")
    // defends in full before acting only with no dice to act with, and one whose dice and
    // bonus are more than its Stamina never has none: at or below its Stamina some are left,
    // above it it stands up with some or loses the action (and then defends on the one die).
    // An audit found both taken unsaid where no fighter concerned could ever get there.
    const neverSacrifices = (f: Fighter) => (f.defend ?? DEFAULT_DEFEND) === 'oneDie' && (f.dice ?? f.stamina) + (f.bonus ?? 0) > f.stamina;
    const whyNeverFull = 'sucks it up (defend "oneDie") and acts on more dice than its Stamina (dice + bonus), so it is never left with none to act with, the one case where it would defend in full before acting';
    if (rules.totallyDefensive === 'never' && fighters.every(neverSacrifices)) {
      setupNotes.push(`rules.totallyDefensive changes nothing here: its +2 goes on a full defence made before acting, and each fighter ${whyNeverFull}`);
    }
    const passionate = fighters.filter((f) => f.passion !== undefined);
    if (rules.passionDefence === 'fullDefence' && passionate.length > 0 && passionate.every(neverSacrifices)) {
      setupNotes.push(`rules.passionDefence changes nothing here: the Passion dice join a full defence made before acting, and each fighter that rolls Passion (${passionate.map((f) => f.name).join(', ')}) ${whyNeverFull}`);
    }
    // Variants that act only from a round after the first, or on penalties carried in: in a
    // conflict of one round where nobody starts with penalties they change nothing (an
    // audit: taken unsaid, where sacrificeCurrency and failedStandUp were said).
    if (maxRounds === 1) {
      if (rules.attackCurrency === 'nextAction') setupNotes.push('rules.attackCurrency changes nothing here: the conflict is one round, and a landed attack\'s successes roll over only into a later round');
      if (rules.standUpCovers === 'actionOrSacrifice' && fighters.every((f) => openingPenalties(f) <= f.stamina)) {
        setupNotes.push('rules.standUpCovers changes nothing here: the conflict is one round, and nobody starts it above its Stamina (lasting + next), so nobody stands up at a round\'s start, where the Will roll could cover a sacrifice');
      }
      if (rules.passionPenalties === 'cut' && fighters.every((f) => f.passion === undefined || openingPenalties(f) === 0)) {
        setupNotes.push('rules.passionPenalties changes nothing here: the conflict is one round, and no fighter that rolls Passion starts it with penalties (lasting + next), so none are in force to cut the roll');
      }
    }

    return {
      metrics,
      distributions,
      setupNotes,
      run(random: RandomStream, trials: number, tally: Tally) {
        const table = new TableContest(fold, sides);
        const actionFaces = [new Int32Array(sides + 1), new Int32Array(sides + 1)];
        const defenceFaces = new Int32Array(sides + 1);
        // The attack's dice when a tied exchange is re-rolled: the dice on the table, which
        // set the order of actions, stay as they fell.
        const rerolledAttack = new Int32Array(sides + 1);
        const willFaces = new Int32Array(sides + 1);
        const opposition = new Int32Array(sides + 1);
        const actionCount = new Int32Array(2);
        // The action's dice before the floor at 0, so a Passion roll's bonus dice are netted
        // with the penalties as any bonus die is ("1 bonus = 1 penalty").
        const rawCount = new Int32Array(2);
        const passionGain = new Int32Array(2);
        const passionWon = new Int32Array(2);
        const passionBonus = new Int32Array(2);
        const lasting = new Int32Array(2);
        // "'Next' penalties apply only to your next action": each one cuts one roll. `due`:
        // those come due this round, not yet spent (its action spends them, or its first
        // full defence when it has none); `pending`: those taken this round, due next round
        // (spent by a full defence later this round, which two characters never reach:
        // docs/rulings/sorcerer-conflict.md).
        const due = new Int32Array(2);
        const pending = new Int32Array(2);
        const carried = new Int32Array(2); // currency dice for the next action
        const roundCarry = new Int32Array(2); // currency this round's action took in
        // The currency carried into this round alone (roundCarry takes the Passion dice
        // too), for a sacrifice with rules.sacrificeCurrency "carried".
        const carriedIn = new Int32Array(2);
        const stoodUp = new Int32Array(2);
        const hasAction = new Uint8Array(2);
        // No dice for an action this round (penalties took them all): it never acts this
        // round, so when attacked it "ha[s] not acted yet" and has the two options.
        const noAction = new Uint8Array(2);
        const down = new Uint8Array(2);
        // Stood up at this round's start: "This roll only applies to your next action", so
        // that action needs no second Will roll when it comes around.
        const upThisRound = new Uint8Array(2);
        // rules.failedStandUp "loseAction": could not act at this round's start (its Stand Up
        // failed, or it could not try) and is not past twice its Stamina: it loses this
        // round's action only, and sucks it up on one die if attacked (it cannot declare the
        // defensive action a full defence before acting is).
        const lostAction = new Uint8Array(2);
        const loseAction = rules.failedStandUp === 'loseAction';
        // rules.nextPenalty "thisAction": a hit before the action cuts the action itself.
        const thisAction = rules.nextPenalty === 'thisAction';
        // The lasting penalties as the action's dice were counted at the round's start: those
        // taken since are not in its dice, and with "thisAction" they cut it too.
        const lastingRolled = new Int32Array(2);

        const roll = (faces: Int32Array, n: number) => {
          faces.fill(0);
          for (let d = 0; d < n; d++) faces[random.below(sides) + 1]++;
        };
        const addDice = (faces: Int32Array, n: number) => {
          for (let d = 0; d < n; d++) faces[random.below(sides) + 1]++;
        };
        const inForce = (i: number) => lasting[i] + due[i] + pending[i];

        // A Stand Up roll: Will (+ its Stand Up bonus: `will` holds standUpPool) against `n`
        // dice. Returns the successes, or −1 when it fails (or cannot be tried). "re-roll or
        // something" on a full tie. The caller counts a won roll in `stoodUp` when the action
        // it stands up for is played (a round-start roll in a round that finds a character
        // beaten is not).
        const standUp = (i: number, n: number) => {
          if (n <= 0 || will[i] <= 0 || inForce(i) > 2 * stamina[i]) return -1;
          for (;;) {
            roll(willFaces, will[i]);
            roll(opposition, n);
            const s = table.run(willFaces, will[i], opposition, n);
            const w = winnerOf(s);
            if (w === A_WINS) return successesOf(s);
            if (w === B_WINS) return -1;
          }
        };

        // Take `k` of the action's dice off the table at random (a penalty after the roll:
        // the dice left are as if fewer had been rolled).
        const dropRandom = (i: number, k: number) => {
          const f = actionFaces[i];
          for (; k > 0 && actionCount[i] > 0; k--) {
            let pick = random.below(actionCount[i]);
            let face = 1;
            while (pick >= f[face]) pick -= f[face++];
            f[face]--;
            actionCount[i]--;
          }
        };

        // Keep the `n` highest dice of an action (a character standing up with fewer dice).
        const keepHighest = (i: number, n: number) => {
          const f = actionFaces[i];
          let drop = actionCount[i] - n;
          for (let face = 1; face <= sides && drop > 0; face++) {
            const k = f[face] < drop ? f[face] : drop;
            f[face] -= k;
            drop -= k;
          }
          actionCount[i] = n;
        };

        for (let trial = 0; trial < trials; trial++) {
          for (let i = 0; i < 2; i++) {
            lasting[i] = startLasting[i];
            due[i] = 0;
            // Next penalties carried in come due at round 1's start, as if taken just before.
            pending[i] = startNext[i];
            carried[i] = 0;
            stoodUp[i] = 0;
            passionWon[i] = 0;
            passionBonus[i] = 0;
          }
          let rounds = 0;
          let winner = NO_ONE; // 0, 1, or NO_ONE (draw)
          let firstActor = NO_ONE;
          let openingLanded = 0;
          let openingSuccesses = 0;
          let opened = false;

          for (;;) {
            // `maxRounds` rounds gone: a draw. Checked before the next round's start, so
            // nothing of a round never played (penalties coming due, Stand Up rolls, a
            // character unable to act) decides the conflict. The next penalties due in the
            // last round and not spent in it passed with that round ("apply only to your
            // next action"): only those taken in it are left unspent (rules.injuryPenalties).
            if (rounds === maxRounds) {
              due[0] = 0;
              due[1] = 0;
              break;
            }
            // 1. Who can act, with how many dice.
            for (let i = 0; i < 2; i++) {
              due[i] = pending[i];
              pending[i] = 0;
              const carry = carried[i];
              carried[i] = 0;
              roundCarry[i] = carry;
              carriedIn[i] = carry;
              const penalties = lasting[i] + due[i];
              lastingRolled[i] = lasting[i];
              down[i] = 0;
              lostAction[i] = 0;
              upThisRound[i] = penalties > stamina[i] ? 1 : 0;
              if (penalties > stamina[i]) {
                const s = standUp(i, standN[i]);
                if (s < 0) {
                  // With rules.failedStandUp "loseAction", only past twice its Stamina ("Seriously,
                  // you need a hospital") is it beaten; else it loses this round's action, and the
                  // currency it carried in with it ("Use it or lose it").
                  if (loseAction && penalties <= 2 * stamina[i]) {
                    lostAction[i] = 1;
                    upThisRound[i] = 0;
                    actionCount[i] = rawCount[i] = 0;
                  } else down[i] = 1;
                } else actionCount[i] = rawCount[i] = standN[i] + bonus[i] + carry + (currencyStandUp[i] ? s : 0);
              } else {
                rawCount[i] = baseDice[i] + bonus[i] + carry - penalties;
                actionCount[i] = rawCount[i] < 0 ? 0 : rawCount[i];
              }
            }
            // A character beaten here ends the conflict before the round is played, so a Will
            // roll won at its start stood up for an action that never comes ("This roll only
            // applies to your next action"): it is not counted in `stoodUp`. Past twice its
            // Stamina a character is beaten with no Will roll of its own (standUp() refuses
            // it). Under "loseAction" only that beats one, and the other's round-start roll
            // decides nothing: its dice are still drawn, and thrown away, so that the random
            // stream, and every other figure, is as it was when it counted (until December
            // 2026). Under "beaten" the other's roll decides a win against a draw.
            if (down[0] || down[1]) {
              winner = down[0] && down[1] ? NO_ONE : down[0] ? 1 : 0;
              break;
            }
            // The round is played: a round-start Stand Up (upThisRound 1: it stood up) counts.
            for (let i = 0; i < 2; i++) stoodUp[i] += upThisRound[i];
            rounds++;
            // "roll your Passion first": each against the other's action dice as they stand
            // before either Passion roll, a tie rolled again; the successes of a won roll are
            // bonus dice on the action (docs/rulings/sorcerer-conflict.md).
            if (anyPassion) {
              for (let i = 0; i < 2; i++) {
                passionGain[i] = 0;
                // A character that lost its action rolls no Passion: there is no action for it.
                if (lostAction[i]) continue;
                // With rules.passionPenalties "cut" ("Penalties apply to ALL actions"), the
                // penalties in force (lasting + due: those taken this round are none yet) take
                // that many of its dice, unless it stood up this round: its Will roll, "without
                // penalties", set its action's dice. Cut to none, it rolls no Passion.
                const n = passionDice[i] - passionCut * (1 - upThisRound[i]) * (lasting[i] + due[i]);
                if (n <= 0) continue;
                const m = actionCount[1 - i];
                let state: number;
                do {
                  roll(willFaces, n);
                  roll(opposition, m);
                  state = table.run(willFaces, n, opposition, m);
                } while (winnerOf(state) === REROLL);
                if (winnerOf(state) === A_WINS) {
                  passionGain[i] = successesOf(state);
                  passionWon[i]++;
                  passionBonus[i] += passionGain[i];
                }
              }
              for (let i = 0; i < 2; i++) {
                const g = passionGain[i];
                if (g === 0) continue;
                rawCount[i] += g;
                actionCount[i] = rawCount[i] < 0 ? 0 : rawCount[i];
                // Bonus dice of this round's action, kept as its currency is if it must Stand
                // Up mid-round (midRoundKeptDice).
                roundCarry[i] += g;
              }
            }

            // 2. Dice hit the table; highest die acts first.
            for (let i = 0; i < 2; i++) {
              roll(actionFaces[i], actionCount[i]);
              hasAction[i] = actionCount[i] > 0 ? 1 : 0;
              noAction[i] = 1 - hasAction[i];
            }
            let first = hasAction[0] ? 0 : hasAction[1] ? 1 : NO_ONE;
            if (hasAction[0] && hasAction[1]) {
              const w = winnerOf(table.run(actionFaces[0], actionCount[0], actionFaces[1], actionCount[1]));
              first = w === A_WINS ? 0 : w === B_WINS ? 1 : random.bits(1);
            }
            if (first === NO_ONE) continue;
            if (!opened) firstActor = first;

            // 3–4. Each action in turn.
            for (let turn = 0; turn < 2; turn++) {
              const x = turn === 0 ? first : 1 - first;
              const y = 1 - x;
              if (!hasAction[x]) continue;
              hasAction[x] = 0;
              // "If you're still standing when your action comes around": hit earlier this round.
              // One Will roll stands for the action, unless the hits since took it past any
              // ("You can't do this if your penalties are > 2x your stamina"): it is lost.
              if (pending[x] > 0 && upThisRound[x] !== 0 && inForce(x) > 2 * stamina[x]) {
                due[x] = 0;
                if (thisAction) pending[x] = 0;
                continue;
              }
              let stoodNow = false;
              if (pending[x] > 0 && inForce(x) > stamina[x] && upThisRound[x] === 0) {
                const n = midRoundStandUpDice(standN[x], actionCount[x]);
                const s = standUp(x, n);
                if (s < 0) {
                  due[x] = 0; // spent on the action, lost
                  if (thisAction) pending[x] = 0;
                  continue;
                }
                stoodUp[x]++;
                // Its bonus and the currency it carried in stay with the dice it asked for. (A
                // won one-die defence's successes, added this round, never meet a mid-round
                // Stand Up: with two characters, one that won its defence was not hit.)
                keepHighest(x, midRoundKeptDice(n, bonus[x], roundCarry[x], actionCount[x]));
                if (currencyStandUp[x] && s > 0) {
                  addDice(actionFaces[x], s);
                  actionCount[x] += s;
                }
                stoodNow = true;
              }
              if (thisAction && pending[x] > 0) {
                // This action is the "next action" of the hits taken before it, so they cut it
                // as any action is cut: "Your total penalties to an action are equal to your
                // next + lasting penalties" (a blade's X next and X lasting: 2X dice). The
                // lasting ones taken before the round are in the dice it rolled already; those
                // taken since are not. Unless it stood up just now, whose Will roll ("without
                // penalties") set its dice. The next ones are spent; the lasting ones stay.
                if (!stoodNow) dropRandom(x, pending[x] + lasting[x] - lastingRolled[x]);
                pending[x] = 0;
              }
              // This round's next penalties were spent on the action's dice.
              due[x] = 0;
              // "An action of no dice is no action" (docs/rulings/sorcerer-conflict.md): the
              // hits before it took every die off the table, so it attacks no one and the
              // other character does not defend (nor win a defence's currency). Its penalties
              // are spent all the same: the due ones on the dice it rolled, the new ones on
              // the dice they took off (with the new lasting ones, which stay). Only
              // rules.nextPenalty "thisAction" takes dice off.
              if (actionCount[x] === 0) continue;
              // The defence. A full one is cut by every penalty in force and spends the next
              // ones (it is the roll they fall on); the one die is cut by none and spends none.
              let dice: number;
              // "you have not acted yet": its action still to come, or none this round (then
              // the sacrifice gives up nothing, and it may still suck it up on one die).
              const pendingAction = hasAction[y] === 1 || noAction[y] === 1;
              const code = defendCode[y];
              // A sacrifice ("you're done for this round"; a declared defensive action, +2 with
              // rules.totallyDefensive "sacrifice"): cut by every penalty in force, unless it
              // stood up at this round's start and rules.standUpCovers lets that Will roll
              // cover it (cut then only by hits taken since: none, with two characters). With
              // rules.passionDefence "fullDefence" the Passion dice it won this round join it,
              // and with rules.sacrificeCurrency "carried" the currency it carried into the
              // round ("some of your currency dice may not apply!"), each netted with those
              // penalties before the floor at 0, as on the action.
              const sacrificed =
                (coversSacrifice && upThisRound[y] !== 0
                  ? stoodUpDefence[y] + sacrifice - pending[y]
                  : defenceDice[y] + defenceBonus[y] + sacrifice - inForce(y)) +
                passionOnDefence * passionGain[y] +
                currencyOnSacrifice * carriedIn[y];
              // With no action this round it gives up nothing either way, so whatever its policy
              // it takes the more dice: the full defence when it rolls more than the one die.
              // One that lost its action this round cannot declare a defensive action: the one die.
              const full = lostAction[y] === 1 ? false : noAction[y] === 1 ? sacrificed > 1 : code === 0 || (code === 2 && inForce(y) > 0) || (code === 3 && sacrificed > 1);
              if (pendingAction && !full) {
                dice = 1;
              } else {
                // Sacrificed (or, with no action, defending in full), or it has acted.
                hasAction[y] = 0;
                dice = pendingAction ? sacrificed : defenceDice[y] + defenceBonus[y] - inForce(y);
                due[y] = 0;
                pending[y] = 0;
              }
              if (dice < 0) dice = 0;
              roll(defenceFaces, dice);
              let state = table.run(actionFaces[x], actionCount[x], defenceFaces, dice);
              // A full tie ("If both sides have the same number of dice, throw your hands up in
              // despair and re-roll or something"): by default (rules.tiedExchange "reroll")
              // this exchange alone is rolled again, the attack on its dice count and the
              // defence on its, until it is no full tie; with "standOff" nothing happens. It
              // is the same action: the penalties and currency it spent, the sacrifice and the
              // dice counts were settled before the first roll and are not paid again. The
              // order of actions stays as the table's dice set it ("Actions are resolved in
              // order of highest die to lowest"), so the attack is rolled apart from them; with
              // two characters nothing later in the round reads an action's dice once it is
              // taken. A full tie means as many dice a side, and an attack has at least one
              // (an action of no dice is no action, above), so a re-roll can end; `dice > 0`
              // only keeps 0 against 0, which no re-roll could change, from looping.
              if (rerollTies && dice > 0 && winnerOf(state) === REROLL) {
                do {
                  roll(rerolledAttack, dice);
                  roll(defenceFaces, dice);
                  state = table.run(rerolledAttack, dice, defenceFaces, dice);
                } while (winnerOf(state) === REROLL);
              }
              const w = winnerOf(state);
              const s = successesOf(state);
              if (w === A_WINS) {
                const wp = weapon[x];
                pending[y] += bleedNext(wp, s, power[x]);
                lasting[y] += bleedLasting(wp, s, power[x]);
                // "I punch my demon in the face (2 successes). That will give me 2 bonus dice":
                // with rules.attackCurrency "nextAction", into x's next action (it has acted).
                if (currencyAttack[x]) carried[x] += s;
              } else if (w === B_WINS && currencyDefence[y] && s > 0) {
                // Into the defender's next action: still this round if it kept its action.
                if (hasAction[y]) {
                  addDice(actionFaces[y], s);
                  actionCount[y] += s;
                } else carried[y] += s;
              }
              if (!opened) {
                opened = true;
                openingLanded = w === A_WINS ? 1 : 0;
                openingSuccesses = w === A_WINS ? s : 0;
              }
            }
          }

          tally.add(win[0], winner === 0 ? 1 : 0);
          tally.add(win[1], winner === 1 ? 1 : 0);
          tally.add(draw, winner === NO_ONE ? 1 : 0);
          tally.add(roundsSlot, rounds);
          for (let i = 0; i < 2; i++) {
            const final = halvedLasting(lasting[i]);
            tally.add(lastingSlot[i], final);
            // "Then see above to find out if you'll make it": on the halved lasting penalties,
            // and with rules.injuryPenalties "lastingAndNext" the next ones no roll spent too
            // (not halved: the text halves the lasting ones). `due` holds those that came due
            // at the start of a round that found a character beaten, `pending` those taken in
            // the last round played (the loop's end leaves only one of them non-zero).
            const judged = final + nextAtEnd * (due[i] + pending[i]);
            tally.add(injured[i], judged > stamina[i] && judged <= 2 * stamina[i] ? 1 : 0);
            tally.add(hospital[i], judged > 2 * stamina[i] ? 1 : 0);
            tally.add(stoodUpSlot[i], stoodUp[i]);
            tally.bin(i, final);
          }
          tally.add(first[0], firstActor === 0 ? 1 : 0);
          tally.add(first[1], firstActor === 1 ? 1 : 0);
          tally.add(openingLandedSlot, openingLanded);
          tally.add(openingSuccessesSlot, openingSuccesses);
          for (let i = 0; i < 2; i++) {
            if (passionWonSlot[i] < 0) continue;
            tally.add(passionWonSlot[i], passionWon[i]);
            tally.add(passionBonusSlot[i], passionBonus[i]);
          }
        }
        tally.addTrials(trials);
      },
      exactMetrics: [first[0], first[1], openingLandedSlot, openingSuccessesSlot].map((i) => L.specs[i]!.name),
      exactCost: () => passionCombinations(setup.a, setup.b, sides, rules.exhausted, rules.passionDefence, rules.passionPenalties).reduce((sum, c) => sum + openingWork(c.a, c.b, sides, sacrifice), 0),
      exact(): ExactValues {
        const o = openingExchange(setup.a, setup.b, sides, rules.exhausted, sacrifice, rerollTies, rules.passionDefence, rules.passionPenalties);
        if (!o) {
          // Said in the result, not left to read as figures with no exact value.
          this.exactSkipped = openingSkipped(setup.a, setup.b, sides, rules.exhausted, rules.passionPenalties, rules.failedStandUp);
          return { metrics: {} };
        }
        const x = L.exact();
        x[first[0]] = o.firstA;
        x[first[1]] = o.firstB;
        x[openingLandedSlot] = o.landed;
        x[openingSuccessesSlot] = o.successes;
        return { metrics: L.named(x) };
      },
    };
  },
});

// ---------------------------------------------------------------- the exact opening

const HALF = 65536; // one contest state fits below 2^16 (successes < 2^11)

/**
 * Two contests folded over three pools at once: pools (0, 1) and pools (0, 2). Pool 0
 * is the first actor's action roll, pool 1 the other's action roll (deciding who acts
 * first), pool 2 the other's defence roll (deciding the exchange).
 */
export function pairedContestFold(exhausted: SorcererRules['exhausted']): PoolFold {
  const f = contestFold(exhausted);
  const c1 = new Int32Array(2);
  const r1 = new Int32Array(2);
  const c2 = new Int32Array(2);
  const r2 = new Int32Array(2);
  return {
    order: 'descending',
    initial: f.initial + HALF * f.initial,
    isFinal: (state) => f.isFinal!(state % HALF) && f.isFinal!(Math.floor(state / HALF)),
    next(state, outcome, counts, remaining) {
      c1[0] = counts[0];
      c1[1] = counts[1];
      r1[0] = remaining[0];
      r1[1] = remaining[1];
      c2[0] = counts[0];
      c2[1] = counts[2];
      r2[0] = remaining[0];
      r2[1] = remaining[2];
      const s1 = f.next(state % HALF, outcome, c1, r1);
      const s2 = f.next(Math.floor(state / HALF), outcome, c2, r2);
      return s1 + HALF * s2;
    },
  };
}

/** Why openingExchange has no exact opening for these fighters (a sentence), or undefined. */
export function openingSkipped(
  a: Fighter,
  b: Fighter,
  sides = 10,
  exhausted: SorcererRules['exhausted'] = SORCERER_DEFAULTS.exhausted,
  passionPenalties: SorcererRules['passionPenalties'] = SORCERER_DEFAULTS.passionPenalties,
  /** rules.failedStandUp, for what a character that cannot Stand Up in round 1 does. */
  failedStandUp: SorcererRules['failedStandUp'] = SORCERER_DEFAULTS.failedStandUp,
): string | undefined {
  if (a.passion !== undefined || b.passion !== undefined) {
    const stands = openingPenalties(a) > a.stamina || openingPenalties(b) > b.stamina;
    // Every way the Passion rolls can go decided here: one with no dice beside a Passion
    // roll wins it, every die a success, and acts (a Sorcerer audit: the base dice alone,
    // below, skipped the exact opening of such a fight, saying nobody could act).
    if (!stands) {
      return passionCombinations(a, b, sides, exhausted, 'never', passionPenalties).some((c) => openingSkipped(c.a, c.b) !== undefined)
        ? 'exact opening skipped: after the Passion rolls, neither character may have dice to act with in round 1, so the first action may come in a later round, if ever; the estimates are Monte Carlo only'
        : undefined;
    }
  }
  if (openingPenalties(a) > a.stamina || openingPenalties(b) > b.stamina) {
    // Said as it happens: a character past twice its Stamina never stands up (the conflict
    // ends at round 1's start, no round played), and one that cannot Stand Up has no action
    // in round 1; only one that can try is "a Will roll away".
    const past = [a, b].filter((f) => openingPenalties(f) > 2 * f.stamina);
    if (past.length > 0) {
      const who = past.length === 2 ? `both ${a.name} and ${b.name} start` : `${past[0].name} starts`;
      return `exact opening skipped: ${who} past twice ${past.length === 2 ? 'their' : 'its'} Stamina in penalties, beaten at round 1's start with no Will roll ("You can't do this if your penalties are > 2x your stamina"), so no round is played and no one takes a first action; the estimates are Monte Carlo only`;
    }
    const above = [a, b].filter((f) => openingPenalties(f) > f.stamina);
    const down = above.filter((f) => cannotStandUp(f) !== undefined);
    // Under "beaten" one that cannot Stand Up ends the conflict at round 1's start whatever
    // the other does (its own Will roll decides only a win or a draw): no round is played.
    if (down.length > 0 && (failedStandUp === 'beaten' || down.length === above.length)) {
      const why = down.map((f) => `${f.name} starts above its Stamina in penalties and cannot Stand Up (${cannotStandUp(f)})`).join(', and ');
      const then =
        failedStandUp === 'beaten'
          ? `${down.length === 2 ? 'both are' : 'it is'} beaten at round 1's start (rules.failedStandUp "beaten"), so no round is played and no one takes a first action`
          : down.length === 2
            ? 'neither acts in round 1: each sits the round out (rules.failedStandUp "loseAction"), so the first action comes in a later round'
            : 'it has no action in round 1, sitting the round out and sucking it up on one die if attacked (rules.failedStandUp "loseAction")';
      return `exact opening skipped: ${why}: ${then}; the estimates are Monte Carlo only`;
    }
    if (down.length > 0) {
      // loseAction, one that cannot Stand Up beside one that can try.
      const other = above.find((f) => cannotStandUp(f) === undefined)!;
      return `exact opening skipped: ${down[0].name} starts above its Stamina in penalties and cannot Stand Up (${cannotStandUp(down[0])}): it has no action in round 1, sitting the round out and sucking it up on one die if attacked (rules.failedStandUp "loseAction"); ${other.name} starts above its Stamina in penalties too and must Stand Up to act in round 1, so its dice are a Will roll away; the estimates are Monte Carlo only`;
    }
    return 'exact opening skipped: a character starts above its Stamina in penalties and must Stand Up to act in round 1, so its dice are a Will roll away; the estimates are Monte Carlo only';
  }
  if (actionDice(a, openingPenalties(a), 0) === 0 && actionDice(b, openingPenalties(b), 0) === 0) {
    // Said by its cause: no dice at all, or penalties (an audit: `dice: 0` on both read as
    // "the penalties both characters start with"). Dice come back only as next penalties
    // are spent or as currency a roll won carries, and with neither acting no roll is won:
    // where no dice and lasting penalties leave both none, nobody ever acts.
    const noDice = (f: Fighter) => actionDice(f, 0, 0) === 0;
    const never = (f: Fighter) => actionDice(f, f.lasting ?? 0, 0) === 0;
    const [x, y] = noDice(a) ? [a, b] : [b, a];
    if (never(a) && never(b)) {
      const why =
        noDice(a) && noDice(b) ? 'neither character has any dice to act with'
        : !noDice(a) && !noDice(b) ? 'the lasting penalties both characters start with leave neither any dice to act with'
        : `${x.name} has no dice to act with, and the lasting penalties ${y.name} starts with leave it none`;
      return `exact opening skipped: ${why}, and nothing in the conflict gives dice back, so no one ever acts: every conflict runs to its last round, a draw; the estimates are Monte Carlo only`;
    }
    const why = noDice(x) ? `${x.name} has no dice to act with, and the penalties ${y.name} starts with leave it none in round 1` : 'the penalties both characters start with leave neither any dice to act with in round 1';
    return `exact opening skipped: ${why}, so the first action comes in a later round, if ever; the estimates are Monte Carlo only`;
  }
  return undefined;
}

/**
 * Why a fighter can never Stand Up (a clause), or undefined where it can: a Stand Up asks
 * for none of its dice (`standUp` "never", or no dice of its stat), or has nothing to roll
 * (no Will nor Stand Up bonus dice).
 */
export function cannotStandUp(f: Fighter): string | undefined {
  if ((f.standUp ?? 'full') === 'never') return 'standUp "never"';
  if (standUpDice(f.standUp ?? 'full', f.dice ?? f.stamina) === 0) return 'no dice of its stat to ask for';
  if (standUpPool(f) === 0) return 'Will 0 and no Stand Up bonus dice';
  return undefined;
}

/** The conflict's first action, exactly: who takes it, whether it lands, its mean successes. */
export interface Opening {
  firstA: number;
  firstB: number;
  landed: number;
  successes: number;
}

/**
 * The round-1 Passion rolls, as every pair of bonus dice they can add with its chance: each
 * character with `passion` rolls it against the other's round-1 action dice (before either
 * Passion roll), a full tie rolled again; a won roll's successes join its action, as bonus
 * dice do. Each pair's fighters carry them as `bonus` and no `passion`, for openingExchange;
 * their full defence's bonus (`defenceBonus`) is kept as it was, or with `passionDefence`
 * "fullDefence" (rules.passionDefence) takes them too: a round-1 defender has not acted, so
 * a full defence it makes replaces its action (the one die has "no bonuses" either way).
 * With `passionPenalties` "cut" (rules.passionPenalties) a Passion roll is of its dice less
 * the round-1 penalties (no one stands up in an exact opening), none when they take all.
 * Without Passion: one pair, the fighters themselves, chance 1.
 */
export function passionCombinations(
  a: Fighter,
  b: Fighter,
  sides: number,
  exhausted: SorcererRules['exhausted'],
  passionDefence: SorcererRules['passionDefence'] = SORCERER_DEFAULTS.passionDefence,
  passionPenalties: SorcererRules['passionPenalties'] = SORCERER_DEFAULTS.passionPenalties,
): { a: Fighter; b: Fighter; p: number }[] {
  const onDefence = passionDefence === 'fullDefence' ? 1 : 0;
  const chances = (x: Fighter, y: Fighter): number[] => {
    if (x.passion === undefined) return [1];
    const rolled = x.passion - (passionPenalties === 'cut' ? openingPenalties(x) : 0);
    if (rolled <= 0) return [1];
    const against = actionDice(y, openingPenalties(y), 0);
    const out = new Array<number>(rolled + 1).fill(0);
    let decided = 0;
    for (const [state, p] of foldDistribution(contestFold(exhausted), [{ count: rolled, sides }, { count: against, sides }])) {
      const w = winnerOf(state);
      if (w === REROLL) continue;
      decided += p;
      out[w === A_WINS ? successesOf(state) : 0] += p;
    }
    return out.map((p) => p / decided);
  };
  const withBonus = (f: Fighter, s: number): Fighter => {
    if (f.passion === undefined) return f;
    const { passion: _passion, ...rest } = f;
    return { ...rest, bonus: (f.bonus ?? 0) + s, defenceBonus: defenceBonusOf(f) + onDefence * s };
  };
  const out: { a: Fighter; b: Fighter; p: number }[] = [];
  const [ca, cb] = [chances(a, b), chances(b, a)];
  ca.forEach((pa, sa) => cb.forEach((pb, sb) => {
    if (pa * pb > 0) out.push({ a: withBonus(a, sa), b: withBonus(b, sb), p: pa * pb });
  }));
  return out;
}

/**
 * Penalties in force on a fighter's round-1 rolls: "Your total penalties to an action are
 * equal to your next + lasting penalties", the next ones carried in coming due then.
 */
export function openingPenalties(f: Fighter): number {
  return (f.lasting ?? 0) + (f.next ?? 0);
}

/**
 * Roughly the work of openingExchange, in Simulation.exactCost steps: each lead folds
 * three pools, its states growing with the product of (dice + 1)² (measured December 2026
 * on the quiet 2-core machine, blade against fists: Stamina 4 a side 0.06 s, 8 a side
 * 2.3 s, 12 a side 28 s; this reads 0.1, 4.3 and 39 s).
 */
export function openingWork(a: Fighter, b: Fighter, sides: number, sacrifice = 0): number {
  const la = openingPenalties(a);
  const lb = openingPenalties(b);
  const na = actionDice(a, la, 0);
  const nb = actionDice(b, lb, 0);
  const lead = (nx: number, y: Fighter, ny: number, ly: number) =>
    nx === 0 ? 0 : 4 * sides * ((nx + 1) * (ny + 1) * (pendingDefenceDice(y, ly, sacrifice, ny === 0).dice + 1)) ** 2;
  return lead(na, b, nb, lb) + lead(nb, a, na, la);
}

/**
 * The exact first action of the conflict: who takes it, whether it bleeds its target and
 * with how many successes. Undefined when a character must Stand Up to act in round 1 (the
 * Will roll makes the pools random), and when neither has dice for an action in round 1
 * (the first action then comes in a later round, on pools the rounds before set: see
 * `openingSkipped`). With `rerollTies` (rules.tiedExchange "reroll") a
 * fully tied exchange is rolled again until it is not: its outcome is then that of a fresh
 * exchange given no full tie. With `passion`, the round-1 Passion rolls come first
 * (passionCombinations): each pair of bonus dice's opening weighed by its chance, and with
 * `passionDefence` "fullDefence" (rules.passionDefence) a defender's full defence takes its
 * Passion dice too (which `moreDice` counts when it weighs the full defence against one die),
 * and with `passionPenalties` "cut" each Passion roll is cut by the round-1 penalties.
 * rules.sacrificeCurrency needs no reading here: no currency is carried into round 1.
 */
export function openingExchange(
  a: Fighter,
  b: Fighter,
  sides: number,
  exhausted: SorcererRules['exhausted'],
  sacrifice = 0,
  /** rules.tiedExchange "reroll"; by default, the variant's default. */
  rerollTies = SORCERER_DEFAULTS.tiedExchange === 'reroll',
  passionDefence: SorcererRules['passionDefence'] = SORCERER_DEFAULTS.passionDefence,
  passionPenalties: SorcererRules['passionPenalties'] = SORCERER_DEFAULTS.passionPenalties,
): Opening | undefined {
  if (openingSkipped(a, b, sides, exhausted, passionPenalties) !== undefined) return undefined;
  if (a.passion !== undefined || b.passion !== undefined) {
    const mixed = { firstA: 0, firstB: 0, landed: 0, successes: 0 };
    for (const c of passionCombinations(a, b, sides, exhausted, passionDefence, passionPenalties)) {
      // Fighters without Passion (their bonus dice won): openingSkipped let every pair through.
      const o = openingExchange(c.a, c.b, sides, exhausted, sacrifice, rerollTies)!;
      mixed.firstA += c.p * o.firstA;
      mixed.firstB += c.p * o.firstB;
      mixed.landed += c.p * o.landed;
      mixed.successes += c.p * o.successes;
    }
    return mixed;
  }
  const la = openingPenalties(a);
  const lb = openingPenalties(b);
  const na = actionDice(a, la, 0);
  const nb = actionDice(b, lb, 0);
  const out = { firstA: 0, firstB: 0, landed: 0, successes: 0 };

  // x acts first against y; `order` tells whether x's lead is decided by the order contest.
  const addLead = (x: Fighter, nx: number, y: Fighter, ny: number, ly: number, isA: boolean) => {
    if (nx === 0) return;
    // y has not acted yet either way: its action comes later, or it has none this round
    // (then its full defence gives up nothing, and it may still suck it up on one die).
    const defence = pendingDefenceDice(y, ly, sacrifice, ny === 0).dice;
    const paired = pairedContestFold(exhausted);
    const finals = foldDistribution(paired, [
      { count: nx, sides },
      { count: ny, sides },
      { count: defence, sides },
    ]);
    // The exchange alone (x's action against y's defence, whoever leads), for a re-roll.
    let freshLanded = 0;
    let freshSuccesses = 0;
    let freshTied = 0;
    let tiedLead = 0; // P(x leads and its exchange ties all the way down)
    for (const [state, p] of finals) {
      const ex = Math.floor(state / HALF);
      const exWinner = winnerOf(ex);
      if (exWinner === A_WINS) {
        freshLanded += p;
        freshSuccesses += p * successesOf(ex);
      } else if (exWinner === REROLL) freshTied += p;
      const order = winnerOf(state % HALF);
      const lead = ny === 0 ? 1 : order === A_WINS ? 1 : order === REROLL ? 0.5 : 0;
      if (lead === 0) continue;
      const q = p * lead;
      if (isA) out.firstA += q;
      else out.firstB += q;
      if (exWinner === A_WINS) {
        out.landed += q;
        out.successes += q * successesOf(ex);
      } else if (exWinner === REROLL) tiedLead += q;
    }
    // Re-rolled, the tied exchange is rolled afresh (the dice that set the order stay on
    // the table) until it is no full tie: the fresh exchange's outcome given no full tie.
    // Its tie needs as many dice a side, so with x acting (nx > 0) freshTied < 1.
    if (rerollTies && tiedLead > 0) {
      out.landed += (tiedLead * freshLanded) / (1 - freshTied);
      out.successes += (tiedLead * freshSuccesses) / (1 - freshTied);
    }
  };
  addLead(a, na, b, nb, lb, true);
  addLead(b, nb, a, na, la, false);
  return out;
}
