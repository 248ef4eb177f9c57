/**
 * The Sorcerer conflict (sim/sorcerer/conflict.ts) against a slow, obvious one written
 * from docs/rulings/sorcerer-conflict.md: every die an array entry, every roll sorted and
 * compared as sorcerer.txt says ("Compare the highest die on each side … If any dice are
 * tied, ignore them and go to the next highest"), on the cast's die and with its
 * rules.exhausted, every penalty a named counter, and the bleed table typed here from the
 * text (BLEED): nothing of the engine's is imported but its random stream (sim/random.ts,
 * no game logic), at seeds of the reference's own.
 *
 * The readings it plays, round by round:
 * - Penalties: "Your total penalties to an action are equal to your next + lasting
 *   penalties"; "'Next' penalties apply only to your next action" — a next penalty cuts
 *   one roll: the next penalties that come due at a round's start are spent by the
 *   character's action (its first full defence when it has none; dropped at the round's
 *   end otherwise), and those taken during a round by its next full defence that round
 *   (two characters never reach one), else they come due next round. Lasting penalties cut
 *   every roll. The one-die defence is cut by none and spends none. The penalties in force
 *   when a waiting action comes around are the lasting ones, those due this round (the
 *   action is still taken with them) and those taken since.
 * - "If you're suffering penalties greater than your Stamina, you can't act" — unless it
 *   stands up, Will against the dice it asks for (none past twice its Stamina); at the
 *   start of a round a character that cannot act is beaten. Mid-round, one hit earlier in
 *   the round stands up when its action comes around, asking for no more dice than are on
 *   the table, and keeps the highest: those asked for, its bonus and the currency it
 *   carried into the round, no more than are on the table.
 * - "Dice all hit the table at the same time. Actions are resolved in order of highest die
 *   to lowest", a full tie a coin toss; each action attacks the other; a defender that has
 *   acted rolls its full defence, one that has not follows its policy, and one with no
 *   dice to act with this round (it gives up nothing) takes the more dice: its full defence
 *   when that is more than the one die.
 *   A full defence is `defence` + `defenceBonus` (by default `bonus`) − the penalties in force.
 * - A won attack bleeds by the weapon's row; won defences and Stand Ups roll successes
 *   over as currency by policy, and with rules.attackCurrency "nextAction" so does a landed
 *   attack, into the attacker's next round (a fighter rolling `all` over).
 * - With rules.standUpCovers "actionOrSacrifice", one that stood up at the round's start and
 *   is attacked before acting may sacrifice for a full defence of the dice it asked for (no
 *   more than its defence) + its defence bonus, uncut by the penalties it stood up under. A side with no dice loses and the winner counts every die.
 * - "roll your Passion first and then use successes on that roll as bonus dice to the main
 *   stat roll": each round both can act, a character with `passion` rolls that many dice
 *   against the other's action dice (before either's Passion roll), again on a tie; a won
 *   roll's successes join its action dice, netted with its penalties (a pool cut below 0
 *   by them takes them back first), and stay with the dice it keeps on a mid-round Stand Up
 *   as its bonus does.
 * - An exchange that ties all the way down ("If both sides have the same number of dice,
 *   throw your hands up in despair and re-roll or something") does nothing; with
 *   rules.tiedExchange "reroll" the attacker and the defender roll that exchange again, as
 *   many dice each as before, until it does not tie, and nothing else is rolled again or
 *   paid again (the order of actions stays).
 * - With rules.sacrificeCurrency "carried", the currency a character carried into the round
 *   joins a full defence it makes before acting (a sacrifice, covered by a Stand Up or not,
 *   or with no dice to act with), netted with its penalties; never a Stand Up's successes.
 * - With rules.nextPenalty "thisAction", the hits taken before a character's action cut
 *   that action, "your next action": "Your total penalties to an action are equal to your
 *   next + lasting penalties", so their next and their lasting penalties together take that
 *   many of its dice off the table, any alike (the lasting ones taken before the round are
 *   in the dice it rolled). The next ones are spent, the lasting ones stay; an action it
 *   stands up for after them has the dice its Will roll bought, and none come off. An
 *   action they leave no dice is no action: it attacks no one, and no one defends.
 * - With rules.failedStandUp "loseAction" (the default since December 2026), a character
 *   that cannot act at a round's start and does not stand up, its penalties not past twice
 *   its Stamina, sits the round out: no action, no Passion roll, the currency it carried in
 *   lost, the next penalties due passing with the round; attacked, it rolls the one die.
 *   Past twice its Stamina it is beaten, and the round is not played: no one rolls Will in
 *   it. With "beaten" (the variant) it is beaten at once. Either way a Will roll at the
 *   start of a round that finds a character beaten stands up for no action and is not
 *   counted in stoodUp. Every cast that does not name the rule is checked under both readings.
 * - With rules.passionPenalties "cut", a Passion roll loses a die to each penalty the
 *   character acts under that round (lasting + the next ones come due), down to none, unless
 *   it stood up at the round's start.
 * - At the end, "your lasting penalties are halved (round up). Then see above to find out if
 *   you'll make it": injured above Stamina, in hospital above twice it. With
 *   rules.injuryPenalties "lastingAndNext", the next penalties no roll spent count on top,
 *   not halved: those that came due at the start of a round that found a character beaten,
 *   or those taken in the last round played (its own due ones passed with it).
 * Two independent samples, the engine's and this one's: every figure must agree within
 * 4.5 joint standard errors (who wins, rounds, Stand Ups, lasting harm, injured, hospital,
 * who acts first and what the first action does, and the Passion figures).
 */
import { describe, expect, test } from 'vitest';
import { HEAVY_TEST_MS } from './size.ts';
import { RandomStream } from '../sim/random.ts';
import { runScenario } from './helpers.ts';

/**
 * The bleed table, typed from sorcerer.txt ("Except bleed": "There's a special table for it
 * (where X is the successes on the attack roll)"), not read from the engine's. Each row: the
 * next and the lasting penalties of a blow of `x` successes by a demon of Power `power`.
 */
const BLEED = {
  /** "Fists/blunt weapons: X next, 1 lasting" */
  fists: (x: number) => ({ next: x, lasting: 1 }),
  /** "Blade: X next, X lasting" */
  blade: (x: number) => ({ next: x, lasting: x }),
  /** "Small handgun (Federated Arms X-22): X next, X lasting" */
  smallHandgun: (x: number) => ({ next: x, lasting: x }),
  /** "Big handgun (Armalite 44): 2X next, X lasting" */
  bigHandgun: (x: number) => ({ next: 2 * x, lasting: x }),
  /** "Rifle (FN-FAL): 2X next, X lasting" */
  rifle: (x: number) => ({ next: 2 * x, lasting: x }),
  /** "Big, big gun (Arasaka 20mm cannon): 3X next, 2X lasting" */
  bigGun: (x: number) => ({ next: 3 * x, lasting: 2 * x }),
  /** "Demonic power, lethal (laser eyes): 2X next, X+Power lasting" */
  demonicLethal: (x: number, power: number) => ({ next: 2 * x, lasting: x + power }),
  /** "Demonic power, non-lethal, temporary (mighty throw): X+Power next, 0 lasting" */
  demonicTemporary: (x: number, power: number) => ({ next: x + power, lasting: 0 }),
  /** "Demonic power, non-lethal, lasting (taser eyes): X+Power next, X lasting" */
  demonicLasting: (x: number, power: number) => ({ next: x + power, lasting: x }),
} satisfies Record<string, (x: number, power: number) => { next: number; lasting: number }>;

interface Fighter {
  name: string;
  stamina: number;
  will: number;
  dice?: number;
  defence?: number;
  bonus?: number;
  defenceBonus?: number;
  lasting?: number;
  next?: number;
  weapon: keyof typeof BLEED;
  power?: number;
  defend?: 'fullDefence' | 'oneDie' | 'fullDefenceWhenHurt' | 'moreDice';
  standUp?: 'never' | 'half' | 'full';
  standUpBonus?: number;
  currency?: 'none' | 'standUp' | 'defence' | 'all';
  passion?: number;
}

/** `ranOut`: the loser ran out of dice after ties (it had some). */
type Outcome = { winner: 0 | 1 | -1; successes: number; ranOut?: boolean };

/**
 * One opposed roll of sorted lists, as sorcerer.txt reads it (winner 0 = x, 1 = y, −1 = a
 * full tie). A side that runs out of dice while the other has some loses: "the side with
 * more dice wins with 1 success" (`exhausted` "one"), or with every die it has left
 * ("remaining", rules.exhausted); a side that never had a die loses to every die.
 */
function opposedRoll(xs: number[], ys: number[], exhausted: 'one' | 'remaining'): Outcome {
  const x = [...xs].sort((p, q) => q - p);
  const y = [...ys].sort((p, q) => q - p);
  if (x.length > 0 && y.length === 0) return { winner: 0, successes: x.length };
  if (y.length > 0 && x.length === 0) return { winner: 1, successes: y.length };
  while (x.length > 0 && y.length > 0 && x[0] === y[0]) {
    x.shift();
    y.shift();
  }
  if (x.length === 0 && y.length === 0) return { winner: -1, successes: 0 };
  // "If all dice are tied, the side with more dice wins with 1 success."
  if (y.length === 0) return { winner: 0, successes: exhausted === 'one' ? 1 : x.length, ranOut: true };
  if (x.length === 0) return { winner: 1, successes: exhausted === 'one' ? 1 : y.length, ranOut: true };
  return x[0] > y[0] ? { winner: 0, successes: x.filter((d) => d > y[0]).length } : { winner: 1, successes: y.filter((d) => d > x[0]).length };
}

/** The variants a cast may set (sim/rules.ts); unset, each plays its default. */
interface Rules {
  exhausted?: 'remaining';
  totallyDefensive?: 'sacrifice' | 'never';
  nextPenalty?: 'thisAction';
  attackCurrency?: 'nextAction';
  standUpCovers?: 'actionOrSacrifice';
  tiedExchange?: 'reroll' | 'standOff';
  passionDefence?: 'fullDefence';
  sacrificeCurrency?: 'carried';
  injuryPenalties?: 'lastingAndNext';
  passionPenalties?: 'cut';
  failedStandUp?: 'beaten' | 'loseAction';
}

function referenceConflicts(fighters: [Fighter, Fighter], maxRounds: number, trials: number, seed: string, rules: Rules = {}, sides = 10) {
  const exhausted = rules.exhausted ?? 'one';
  const opposed = (xs: number[], ys: number[]) => {
    const o = opposedRoll(xs, ys, exhausted);
    // A side ran out of dice after ties, and the winner scored more than one success by it.
    if (o.ranOut && o.successes > 1) seen.exhaustedMany++;
    return o;
  };
  // A sacrificed action's defence takes +2 ("Totally defensive … declared action"), unless
  // the cast plays "never" (the default before December 2026).
  const sacrifice = rules.totallyDefensive === 'never' ? 0 : 2;
  // A hit before the action cuts that action.
  const thisAction = rules.nextPenalty === 'thisAction';
  // "I punch my demon in the face (2 successes). That will give me 2 bonus dice to command it."
  const attackRollsOver = rules.attackCurrency === 'nextAction';
  // A Will roll at the round's start stands for a sacrifice too ("Sacrifice your planned
  // action and declare a defensive action, at full dice"): the dice it bought.
  const standUpCoversSacrifice = rules.standUpCovers === 'actionOrSacrifice';
  // "re-roll or something", for an attack against a defence (the default), or a stand-off.
  const rerollTiedExchange = rules.tiedExchange !== 'standOff';
  // "Sacrifice your planned action and declare a defensive action": the Passion dice won
  // this round go with that full defence instead of staying behind with the action.
  const passionJoinsDefence = rules.passionDefence === 'fullDefence';
  // "Note that some of your currency dice may not apply!": with "carried", the currency
  // carried into the round goes with the sacrifice instead of being lost with the action.
  const currencyJoinsDefence = rules.sacrificeCurrency === 'carried';
  // "Then see above to find out if you'll make it", the table's "Penalties" read as "next +
  // lasting": the next penalties no roll spent count beside the halved lasting ones.
  const nextCountsAtEnd = rules.injuryPenalties === 'lastingAndNext';
  // "Penalties apply to ALL actions": the Passion roll too, unless a Will roll stood it up.
  const passionIsCut = rules.passionPenalties === 'cut';
  // "This roll only applies to your next action. If you're still holding your guts in with
  // one hand by next action, you need another Will roll": a character down at a round's
  // start sits that round out and tries again, out of the fight only when "your penalties
  // are > 2x your stamina. Seriously, you need a hospital."
  const sitsOut = rules.failedStandUp !== 'beaten';
  const random = RandomStream.fromKey(seed);
  const roll = (n: number) => Array.from({ length: n }, () => random.below(sides) + 1);
  const sums = { win: [0, 0], draw: 0, rounds: [] as number[], stoodUp: [[], []] as number[][], lasting: [[], []] as number[][], injured: [0, 0], hospital: [0, 0], first: [0, 0], openingLanded: 0, openingSuccesses: [] as number[], passionWon: [[], []] as number[][], passionBonus: [[], []] as number[][] };
  // Actions whose dice the hits before them took off the table (no action), and exchanges
  // rolled again: for a cast to show it met the case it was written for.
  const seen = { emptied: 0, rerolled: 0, idleDefended: 0, passionNetted: 0, passionStoodUp: 0, passionKept: 0, passionDefended: 0, passionDefenceNetted: 0, passionChoseDefence: 0, currencyDefended: 0, currencyStoodUpDefended: 0, currencyIdleDefended: 0, exhaustedMany: 0, nextAtEnd: 0, passionCut: 0, lastingCut: 0, satOut: 0, satOutAttacked: 0, pastTwice: 0, unplayedStandUp: 0, standOff: 0 };
  for (let trial = 0; trial < trials; trial++) {
    const c = fighters.map((f) => ({
      f,
      dice: f.dice ?? f.stamina,
      defence: f.defence ?? f.stamina,
      bonus: f.bonus ?? 0,
      // "roll your full Stamina + bonuses": the fighter's own defence bonus, else its `bonus`.
      defenceBonus: f.defenceBonus ?? f.bonus ?? 0,
      lasting: f.lasting ?? 0,
      // Lasting penalties taken this round (not in the dice it rolled at the round's start).
      lastingThisRound: 0,
      due: 0,
      // Next penalties carried in: as if taken just before, due on round 1's action.
      pending: f.next ?? 0,
      carried: 0,
      roundCarry: 0,
      stoodUp: 0,
      passionWon: 0,
      passionBonus: 0,
      // Passion's dice this round, kept with the action on a mid-round Stand Up.
      passionNow: 0,
      upThisRound: false,
      asks: (f.standUp ?? 'full') === 'full' ? (f.dice ?? f.stamina) : (f.standUp ?? 'full') === 'half' ? Math.ceil((f.dice ?? f.stamina) / 2) : 0,
      currency: f.currency ?? 'all',
      action: [] as number[],
      acts: false,
      // No dice for an action this round: when attacked it has "not acted yet" all round.
      idle: false,
      // Down this round (rules.failedStandUp "loseAction"): no action, and attacked it can
      // only suck it up ("Roll 1 die (with no bonuses)": a full defence before acting is a
      // declared defensive action, which it cannot take).
      out: false,
    }));
    const inForce = (i: number) => c[i].lasting + c[i].due + c[i].pending;
    /** A Stand Up: Will against `n` dice; its successes, or −1 (counted by the caller). */
    const standUp = (i: number, n: number): number => {
      // "You can rack up bonus dice on this roll": they join the Will.
      const will = c[i].f.will + (c[i].f.standUpBonus ?? 0);
      if (n <= 0 || will <= 0 || inForce(i) > 2 * c[i].f.stamina) return -1;
      for (;;) {
        const o = opposed(roll(will), roll(n));
        if (o.winner === 0) return o.successes;
        if (o.winner === 1) return -1;
      }
    };
    let rounds = 0;
    // Who takes the conflict's first action, and what that action does.
    let firstActor = -1;
    let opening: Outcome | undefined;
    let winner = -1;
    // The conflict ended at a round's start, a character beaten: the next penalties that came
    // due then were never rolled against. Otherwise it ended after its last round, whose due
    // penalties passed with it, and only those taken in it are left.
    let beatenAtStart = false;
    for (;;) {
      if (rounds === maxRounds) break;
      const down = [false, false];
      const pools = [0, 0];
      // The action's dice before the floor at 0: bonus dice net with penalties.
      const raw = [0, 0];
      // "loseAction": past twice its Stamina at a round's start a character is beaten, with no
      // Will roll, and the round is not played, so no one rolls one: checked first.
      const noRound = sitsOut && c.some((me) => me.lasting + me.pending > 2 * me.f.stamina);
      for (let i = 0; i < 2; i++) {
        const me = c[i];
        me.due = me.pending;
        me.pending = 0;
        me.lastingThisRound = 0;
        const carry = me.carried;
        me.carried = 0;
        me.roundCarry = carry;
        const penalties = me.lasting + me.due;
        // A Will roll "only applies to your next action": the one made now covers this round's.
        me.upThisRound = penalties > me.f.stamina;
        me.out = false;
        if (noRound) {
          if (penalties > 2 * me.f.stamina) {
            down[i] = true;
            seen.pastTwice++;
          } else if (penalties > me.f.stamina) seen.unplayedStandUp++;
        } else if (penalties > me.f.stamina) {
          const s = standUp(i, me.asks);
          if (s < 0 && sitsOut && penalties <= 2 * me.f.stamina) {
            // Its action this round is gone, and the currency it carried in with it.
            me.out = true;
            me.upThisRound = false;
            raw[i] = 0;
            seen.satOut++;
          } else if (s < 0) {
            down[i] = true;
            if (sitsOut) seen.pastTwice++;
          } else raw[i] = me.asks + me.bonus + carry + (me.currency === 'standUp' || me.currency === 'all' ? s : 0);
        } else raw[i] = me.dice + me.bonus + carry - penalties;
        pools[i] = Math.max(0, raw[i]);
      }
      // A character beaten here: the round is not played, and a Will roll won at its start
      // (under "beaten", where the other's roll decides a win against a draw) stood up for no
      // action ("This roll only applies to your next action"), so it is not counted.
      if (down[0] || down[1]) {
        winner = down[0] && down[1] ? -1 : down[0] ? 1 : 0;
        if (c.some((me, i) => me.upThisRound && !down[i])) seen.unplayedStandUp++;
        beatenAtStart = true;
        break;
      }
      for (const me of c) if (me.upThisRound) me.stoodUp++;
      rounds++;
      const won = [0, 0];
      for (let i = 0; i < 2; i++) {
        c[i].passionNow = 0;
        let n = c[i].f.passion ?? 0;
        // No action, so no Passion roll to go with one.
        if (n === 0 || c[i].out) continue;
        // The penalties it acts under this round: lasting, and the next ones come due.
        if (passionIsCut && !c[i].upThisRound && c[i].lasting + c[i].due > 0) {
          n = Math.max(0, n - c[i].lasting - c[i].due);
          seen.passionCut++;
        }
        if (n === 0) continue;
        let o: Outcome;
        do o = opposed(roll(n), roll(pools[1 - i]));
        while (o.winner === -1);
        if (o.winner === 0) won[i] = o.successes;
      }
      for (let i = 0; i < 2; i++) {
        if (won[i] === 0) continue;
        if (raw[i] < 0) seen.passionNetted++;
        if (c[i].upThisRound) seen.passionStoodUp++;
        c[i].passionWon++;
        c[i].passionBonus += won[i];
        c[i].passionNow = won[i];
        pools[i] = Math.max(0, raw[i] + won[i]);
      }
      for (let i = 0; i < 2; i++) {
        c[i].action = roll(pools[i]);
        c[i].acts = pools[i] > 0;
        c[i].idle = pools[i] === 0;
      }
      let first: number;
      if (c[0].acts && c[1].acts) {
        const o = opposed(c[0].action, c[1].action);
        first = o.winner === -1 ? random.bits(1) : o.winner;
      } else if (c[0].acts || c[1].acts) first = c[0].acts ? 0 : 1;
      else continue;
      if (firstActor < 0) firstActor = first;
      for (const x of [first, 1 - first]) {
        const y = 1 - x;
        const me = c[x];
        const them = c[y];
        if (!me.acts) continue;
        me.acts = false;
        // Stood up this round, then hit past twice its Stamina: "you need a hospital", no action.
        if (me.pending > 0 && me.upThisRound && inForce(x) > 2 * me.f.stamina) {
          me.due = 0;
          if (thisAction) me.pending = 0;
          continue;
        }
        // "If you're still standing when your action comes around."
        let stoodNow = false;
        if (me.pending > 0 && inForce(x) > me.f.stamina && !me.upThisRound) {
          const n = Math.min(me.asks, me.action.length);
          const s = standUp(x, n);
          me.due = 0;
          if (s < 0) {
            if (thisAction) me.pending = 0;
            continue;
          }
          me.stoodUp++;
          // The dice asked for, with its bonus, the currency it carried in and its Passion's
          // dice: at most the table's.
          if (me.passionNow > 0 && me.action.length > n + me.bonus + me.roundCarry) seen.passionKept++;
          me.action = [...me.action].sort((p, q) => q - p).slice(0, Math.min(n + me.bonus + me.roundCarry + me.passionNow, me.action.length));
          if ((me.currency === 'standUp' || me.currency === 'all') && s > 0) me.action.push(...roll(s));
          stoodNow = true;
        }
        // "'Next' penalties apply only to your next action": with thisAction, this one; and
        // "Penalties apply to ALL actions", "next + lasting", so the lasting ones taken this
        // round cut it too. Its dice are on the table, so that many come off, any alike.
        const cut = me.pending + me.lastingThisRound;
        if (thisAction && cut > 0) {
          if (!stoodNow) {
            if (me.lastingThisRound > 0 && me.action.length > me.pending) seen.lastingCut++;
            for (let k = 0; k < cut && me.action.length > 0; k++) me.action.splice(random.below(me.action.length), 1);
          }
          me.pending = 0;
        }
        me.due = 0;
        // An action of no dice is no action: nobody is attacked, nobody defends. Its
        // penalties were spent above.
        if (me.action.length === 0) {
          seen.emptied++;
          continue;
        }
        let defence: number[];
        // The policy, by default moreDice: a full defence only when it rolls more than the one die.
        const policy = them.f.defend ?? 'moreDice';
        // "you have not acted yet. You suck. You have two options": its action still to
        // come, or none at all this round (a full defence then gives up nothing).
        const notActed = them.acts || them.idle;
        if (them.idle) seen.idleDefended++;
        // A defence declared in place of the action ("I dive under the couch!") may take +2.
        const extra = notActed ? sacrifice : 0;
        // With rules.passionDefence "fullDefence", the Passion dice won this round join the
        // full defence made before acting, netted with its penalties (not after acting: they
        // went with the action).
        const passion = notActed && passionJoinsDefence ? them.passionNow : 0;
        // With rules.sacrificeCurrency "carried", the currency it carried into this round
        // (not a Stand Up's successes, nor its Passion dice) joins that full defence too.
        const currency = notActed && currencyJoinsDefence ? them.roundCarry : 0;
        // Stood up this round and not yet acted, with the variant: the dice asked for, up to
        // the defence's score, + its defence bonus; only hits since the Will roll cut them.
        const beforePassion =
          standUpCoversSacrifice && them.acts && them.upThisRound
            ? Math.min(them.asks, them.defence) + them.defenceBonus + extra + currency - them.pending
            : them.defence + them.defenceBonus + extra + currency - inForce(y);
        const fullDice = Math.max(0, beforePassion + passion);
        // With no action to give up, whatever its policy: the more dice.
        const fullWith = (dice: number) =>
          them.idle ? dice > 1 : policy === 'fullDefence' || (policy === 'fullDefenceWhenHurt' && inForce(y) > 0) || (policy === 'moreDice' && dice > 1);
        const full = !them.out && fullWith(fullDice);
        if (notActed && full && currency > 0) {
          seen.currencyDefended++;
          if (them.acts && them.upThisRound) seen.currencyStoodUpDefended++;
          if (them.idle) seen.currencyIdleDefended++;
        }
        if (notActed && full && passion > 0) {
          seen.passionDefended++;
          if (beforePassion < 0) seen.passionDefenceNetted++;
          if (!fullWith(Math.max(0, beforePassion))) seen.passionChoseDefence++;
        }
        if (them.out) {
          // Sat out: the one die, which spends nothing.
          seen.satOutAttacked++;
          defence = roll(1);
        } else if (notActed && !full) defence = roll(1);
        else {
          them.acts = false;
          defence = roll(fullDice);
          them.due = 0;
          them.pending = 0;
        }
        let o = opposed(me.action, defence);
        // The same attack against the same defence, rolled again by both until it is no tie:
        // as many dice each (me.action and them.action are not touched: they set the order).
        while (rerollTiedExchange && o.winner === -1) {
          seen.rerolled++;
          o = opposed(roll(me.action.length), roll(defence.length));
        }
        // rules.tiedExchange "standOff": the tie stands, and nothing comes of the exchange.
        if (o.winner === -1) seen.standOff++;
        opening ??= o;
        if (o.winner === 0) {
          const blow = BLEED[me.f.weapon](o.successes, me.f.power ?? 0);
          them.pending += blow.next;
          them.lasting += blow.lasting;
          them.lastingThisRound += blow.lasting;
          // It has acted: its next action is next round's.
          if (attackRollsOver && me.currency === 'all') me.carried += o.successes;
        } else if (o.winner === 1 && (them.currency === 'defence' || them.currency === 'all') && o.successes > 0) {
          if (them.acts) them.action.push(...roll(o.successes));
          else them.carried += o.successes;
        }
      }
    }
    if (winner < 0) sums.draw++;
    else sums.win[winner]++;
    sums.rounds.push(rounds);
    if (firstActor >= 0) sums.first[firstActor]++;
    if (opening?.winner === 0) sums.openingLanded++;
    sums.openingSuccesses.push(opening?.winner === 0 ? opening.successes : 0);
    for (let i = 0; i < 2; i++) {
      sums.stoodUp[i].push(c[i].stoodUp);
      sums.lasting[i].push(Math.ceil(c[i].lasting / 2));
      // "Your Stamina < Penalties <= 2x Your Stamina" and "Penalties > 2x Your Stamina",
      // after the halving; with rules.injuryPenalties "lastingAndNext" the unspent next
      // penalties on top, not halved.
      const unspent = c[i].pending + (beatenAtStart ? c[i].due : 0);
      if (nextCountsAtEnd && unspent > 0) seen.nextAtEnd++;
      const judged = Math.ceil(c[i].lasting / 2) + (nextCountsAtEnd ? unspent : 0);
      if (judged > c[i].f.stamina && judged <= 2 * c[i].f.stamina) sums.injured[i]++;
      if (judged > 2 * c[i].f.stamina) sums.hospital[i]++;
      sums.passionWon[i].push(c[i].passionWon);
      sums.passionBonus[i].push(c[i].passionBonus);
    }
  }
  const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
  const se = (xs: number[]) => {
    const m = mean(xs);
    return Math.sqrt(xs.reduce((s, x) => s + (x - m) ** 2, 0) / (xs.length - 1) / xs.length);
  };
  const p = (k: number) => ({ mean: k / trials, se: Math.sqrt(Math.max(k / trials, 1 / trials) * (1 - k / trials) / trials) });
  const [a, b] = fighters.map((f) => f.name);
  const metrics = {
    [`win.${a}`]: p(sums.win[0]),
    [`win.${b}`]: p(sums.win[1]),
    draw: p(sums.draw),
    rounds: { mean: mean(sums.rounds), se: se(sums.rounds) },
    [`stoodUp.${a}`]: { mean: mean(sums.stoodUp[0]), se: se(sums.stoodUp[0]) },
    [`stoodUp.${b}`]: { mean: mean(sums.stoodUp[1]), se: se(sums.stoodUp[1]) },
    [`lasting.${a}`]: { mean: mean(sums.lasting[0]), se: se(sums.lasting[0]) },
    [`lasting.${b}`]: { mean: mean(sums.lasting[1]), se: se(sums.lasting[1]) },
    [`injured.${a}`]: p(sums.injured[0]),
    [`injured.${b}`]: p(sums.injured[1]),
    [`hospital.${a}`]: p(sums.hospital[0]),
    [`hospital.${b}`]: p(sums.hospital[1]),
    [`first.${a}`]: p(sums.first[0]),
    [`first.${b}`]: p(sums.first[1]),
    'opening.landed': p(sums.openingLanded),
    'opening.successes': { mean: mean(sums.openingSuccesses), se: se(sums.openingSuccesses) },
  } as Record<string, { mean: number; se: number }>;
  fighters.forEach((f, i) => {
    if (f.passion === undefined) return;
    metrics[`passionWon.${f.name}`] = { mean: mean(sums.passionWon[i]), se: se(sums.passionWon[i]) };
    metrics[`passionBonus.${f.name}`] = { mean: mean(sums.passionBonus[i]), se: se(sums.passionBonus[i]) };
  });
  return { metrics, seen };
}

const sorcerer = (name: string, more: Partial<Fighter> = {}): Fighter => ({ name, stamina: 5, will: 4, weapon: 'fists', ...more });

/** What a cast must meet at least once in the reference, to show it tests what it says. */
type Meets = 'lastingCut' | 'satOut' | 'satOutAttacked' | 'pastTwice' | 'unplayedStandUp' | 'nextAtEnd' | 'passionCut' | 'exhaustedMany' | 'currencyDefended' | 'currencyStoodUpDefended' | 'currencyIdleDefended' | 'emptied' | 'rerolled' | 'idleDefended' | 'passionNetted' | 'passionStoodUp' | 'passionKept' | 'passionDefended' | 'passionDefenceNetted' | 'passionChoseDefence' | 'standOff';

/** A cast: what it checks, the fighters, maxRounds, rules, what it must meet, the die's sides (default 10). */
const cases: [string, [Fighter, Fighter], number?, Rules?, Meets[]?, number?][] = [
  [
    'a mirror of next-only blows (mighty throw, Power 2), both sucking it up',
    [sorcerer('a', { weapon: 'demonicTemporary', power: 2, defend: 'oneDie' }), sorcerer('b', { weapon: 'demonicTemporary', power: 2, defend: 'oneDie' })],
  ],
  [
    'the same against a full defence',
    [sorcerer('a', { weapon: 'demonicTemporary', power: 2, defend: 'oneDie' }), sorcerer('b', { weapon: 'demonicTemporary', power: 2, defend: 'fullDefence' })],
  ],
  [
    'the default defence (moreDice) on Stamina 3 under next-only blows, whose full defence often shrinks to one die or none',
    [sorcerer('a', { stamina: 3, weapon: 'demonicTemporary', power: 2 }), sorcerer('b', { stamina: 3, dice: 4, weapon: 'demonicTemporary', power: 1 })],
  ],
  ['fists against a blade that sucks it up and stands up mid-round', [sorcerer('a', { will: 3 }), sorcerer('b', { stamina: 4, will: 3, dice: 4, defend: 'oneDie', weapon: 'blade' })]],
  // currency "standUp": only a Stand Up's successes roll over (a reference-coverage audit:
  // the reference played it, no cast asked for it).
  [
    'currency from Stand Ups only: a blade standing up by half against a rifle that rolls all over',
    [sorcerer('a', { stamina: 4, will: 5, weapon: 'blade', standUp: 'half', currency: 'standUp' }), sorcerer('b', { stamina: 4, will: 3, weapon: 'rifle', defend: 'oneDie' })],
  ],
  [
    'currency from Stand Ups only, lasting harm carried in, under nextPenalty thisAction',
    [sorcerer('a', { stamina: 4, will: 6, lasting: 5, weapon: 'blade', currency: 'standUp' }), sorcerer('b', { stamina: 5, will: 4, weapon: 'bigHandgun', currency: 'defence' })],
    undefined,
    { nextPenalty: 'thisAction' },
  ],
  [
    'laser eyes against a sorcerer standing up by half, rolling every success over',
    [sorcerer('sorcerer', { stamina: 3, will: 6, weapon: 'smallHandgun', standUp: 'half' }), sorcerer('demon', { will: 5, weapon: 'demonicLethal', power: 3, standUp: 'never' })],
  ],
  // A weapon's "+1-2" is the attack's: `defenceBonus: 0` keeps it off the full defence.
  [
    'a bad-ass weapon (+2) that stays off the dodge, against a fist-fighter who sacrifices for full defences',
    [sorcerer('a', { stamina: 4, bonus: 2, defenceBonus: 0, weapon: 'blade' }), sorcerer('b', { defend: 'fullDefence', defenceBonus: 2 })],
  ],
  // "4 penalties to your next action, and 9 lasting penalties": next penalties carried in
  // come due on round 1's action (b must stand up by half to take it), then pass.
  [
    'next penalties carried in: a hurt blade against a rifle who must stand up in round 1',
    [sorcerer('a', { stamina: 4, will: 3, next: 2, lasting: 1, weapon: 'blade' }), sorcerer('b', { will: 5, next: 5, lasting: 2, weapon: 'rifle', standUp: 'half', defend: 'oneDie' })],
  ],
  [
    'defending in full once hurt, with bonus dice, lasting harm carried in and currency from defences only',
    [
      sorcerer('a', { defend: 'fullDefenceWhenHurt', bonus: 1, lasting: 2, currency: 'defence', weapon: 'rifle' }),
      sorcerer('b', { stamina: 4, dice: 6, defence: 3, defend: 'fullDefenceWhenHurt', currency: 'none', weapon: 'bigHandgun' }),
    ],
  ],
  // Mid-round, a Stand Up by half keeps its bonus and carried currency with the dice it asked
  // for (until December 2026 it kept only those: here 1 of its 6 dice on the table). One
  // round, so its big gun's blow after standing up is a's whole lasting harm: 1.06 (0.94
  // keeping the one die).
  [
    'one round: 8 fists against a big gun on 2 dice + 4 bonus, sucking it up and standing up mid-round by half',
    [sorcerer('a', { dice: 8, will: 3 }), sorcerer('b', { stamina: 4, dice: 2, bonus: 4, will: 4, standUp: 'half', defend: 'oneDie', weapon: 'bigGun' })],
    1,
  ],
  // "You can rack up bonus dice on this roll (spit blood, stomp on your friends, etc.)": a
  // hurt sorcerer of Will 1 who stands up on Will + 3 bonus dice, each Stand Up's successes
  // rolled over into the action; its Will alone would seldom beat its own 4 dice.
  [
    'Stand Up bonus dice: a hurt blade of Will 1 + 3 bonus dice on its Stand Ups, against fists',
    [sorcerer('a', { stamina: 4, will: 1, standUpBonus: 3, lasting: 5, weapon: 'blade' }), sorcerer('b', { will: 3 })],
  ],
  // "you have not acted yet. You suck. You have two options": a sorcerer whose lasting
  // penalties (3, its Stamina) leave it no dice to act with has not acted when the blade
  // comes, so it may suck it up on one die (moreDice: a full defence of Stamina 3 − 3 is
  // none); until December 2026 it defended on those 0 dice, and every die of the attack
  // was a success.
  [
    'one round: a sorcerer with no dice to act with sucks it up against a blade',
    [sorcerer('a', { stamina: 3, lasting: 3, weapon: 'blade' }), sorcerer('b', { stamina: 3, weapon: 'blade' })],
    1,
    undefined,
    ['idleDefended'],
  ],
  // With no action to give up, its policy does not decide: the more dice. A "oneDie"
  // fighter whose dodge (defence 4 − 2) beats the one die dodges in full; one whose dodge
  // (Stamina 3 + a shield's 1 − 3) is one die sucks it up on a die "with no bonuses".
  [
    'no dice to act with: a oneDie fighter dodges on its 2 dice against a blade',
    [sorcerer('a', { stamina: 3, dice: 2, defence: 4, lasting: 2, defend: 'oneDie', weapon: 'blade' }), sorcerer('b', { stamina: 3, weapon: 'blade' })],
    2,
    undefined,
    ['idleDefended'],
  ],
  [
    'no dice to act with: a shielded fighter sucks it up on one die, without its shield',
    [sorcerer('a', { stamina: 3, lasting: 3, defenceBonus: 1, weapon: 'blade' }), sorcerer('b', { stamina: 3, weapon: 'blade' })],
    2,
    undefined,
    ['idleDefended'],
  ],
  [
    'no dice to act with, sacrificing for full defences with +2, against a rifle',
    [sorcerer('a', { stamina: 4, lasting: 4, defenceBonus: 1, defend: 'fullDefence', weapon: 'blade' }), sorcerer('b', { weapon: 'rifle' })],
    undefined,
    { totallyDefensive: 'sacrifice' },
    ['idleDefended'],
  ],
  ['a rifle against fists, six rounds at most', [sorcerer('a', { weapon: 'rifle', defend: 'oneDie' }), sorcerer('b', { stamina: 6, will: 2, standUp: 'full' })], 6],
  // Stood up at the round's start ("This roll only applies to your next action"), then hit
  // before acting: no second Will roll for the same action (the engine rolled one, and
  // kept only N dice of it, until December 2026: a rules audit).
  [
    'one round: a hurt sorcerer stands up, is hit first, and acts on its first Will roll',
    [sorcerer('a', { stamina: 4, will: 3, weapon: 'blade' }), sorcerer('b', { stamina: 3, will: 5, lasting: 4, bonus: 2, weapon: 'blade', defend: 'oneDie' })],
    1,
  ],
  // "Totally defensive (opposes no one) declared action (e.g., 'I dive under the couch!')
  // +2" for a sacrifice (rules.totallyDefensive, "sacrifice" by default since December
  // 2026): the default defence now chooses it on Stamina 1 under penalties too. And the
  // same cast without it ("never", the variant).
  [
    'a sacrifice with +2 against one who sucks it up, and the default defence on Stamina 3',
    [sorcerer('a', { defend: 'fullDefence', weapon: 'blade' }), sorcerer('b', { stamina: 3, weapon: 'rifle' })],
    undefined,
    { totallyDefensive: 'sacrifice' },
  ],
  [
    'a sacrifice without the +2 (rules.totallyDefensive "never") against one who sucks it up, and the default defence on Stamina 3',
    [sorcerer('a', { defend: 'fullDefence', weapon: 'blade' }), sorcerer('b', { stamina: 3, weapon: 'rifle' })],
    undefined,
    { totallyDefensive: 'never' },
  ],
  // rules.nextPenalty "thisAction": a hit before the action cuts that action, and is spent.
  // A blade's "X next, X lasting" both cut it ("Your total penalties to an action are equal
  // to your next + lasting penalties"): 2X dice, where the engine took X off until December
  // 2026 (a rules audit); that engine fails here (win.a, rounds).
  [
    'next penalties on the action still to come: blades, one sacrificing, one sucking it up',
    [sorcerer('a', { stamina: 4, will: 3, defend: 'fullDefence', weapon: 'blade' }), sorcerer('b', { stamina: 4, will: 3, defend: 'oneDie', weapon: 'blade' })],
    undefined,
    { nextPenalty: 'thisAction' },
    ['lastingCut'],
  ],
  // The same reading where it weighs most: b's 8 dice on Stamina 8, sucking it up, seldom
  // stand up (whose Will roll would set the dice), so each blow before its action takes 2X
  // of them off, not X: win.a 0.100 → 0.125, rounds 4.92 → 5.24 (20,000 trials).
  [
    'next and lasting penalties on the action still to come: a blade against 8 dice of blade on Stamina 8, sucking it up',
    [sorcerer('a', { stamina: 4, will: 3, weapon: 'blade' }), sorcerer('b', { stamina: 8, will: 3, dice: 8, defend: 'oneDie', weapon: 'blade' })],
    undefined,
    { nextPenalty: 'thisAction' },
    ['lastingCut'],
  ],
  [
    'next penalties on the action still to come: mighty throws, standing up by half, all currency',
    [sorcerer('a', { weapon: 'demonicTemporary', power: 2, defend: 'oneDie', standUp: 'half' }), sorcerer('b', { stamina: 3, weapon: 'demonicTemporary', power: 1, bonus: 1 })],
    undefined,
    { nextPenalty: 'thisAction' },
  ],
  // rules.attackCurrency "nextAction": a landed attack's successes are also bonus dice on the
  // attacker's next action, for a fighter that rolls all currency over; b rolls over only
  // its defences' and keeps none of its attacks'.
  [
    'attack currency: fists rolling every success over against fists rolling only defences over',
    [sorcerer('a', { stamina: 4, will: 5 }), sorcerer('b', { stamina: 4, will: 2, currency: 'defence' })],
    undefined,
    { attackCurrency: 'nextAction' },
  ],
  [
    'attack currency: a blade and a rifle, both rolling all over, both sucking it up',
    [sorcerer('a', { stamina: 4, will: 3, weapon: 'blade', defend: 'oneDie' }), sorcerer('b', { will: 3, weapon: 'rifle', defend: 'oneDie', standUp: 'half' })],
    undefined,
    { attackCurrency: 'nextAction' },
  ],
  // rules.standUpCovers "actionOrSacrifice": a Will roll at the round's start covers a
  // sacrifice too. a is hurt past its Stamina from the start and always sacrifices when hit
  // first: by default its full defence is cut to nothing by the penalties it stood up under.
  [
    'a Stand Up covering a sacrifice: a hurt blade that always sacrifices, against a blade',
    [sorcerer('a', { will: 6, lasting: 6, weapon: 'blade', defend: 'fullDefence' }), sorcerer('b', { will: 3, weapon: 'blade' })],
    undefined,
    { standUpCovers: 'actionOrSacrifice' },
  ],
  // The dice bought are the action's (5), but a dodge rolls no more than its defence (1) +
  // its defence bonus (1), +2 for the declared defensive action: 4 dice, which moreDice
  // takes over the one die. Its currency (defences' and the Will roll's) stays off the
  // defence. b's 8 dice mostly act first.
  [
    'a Stand Up covering a sacrifice: 5 dice of attack on a 1-die dodge, with +2, against 8 dice of rifle',
    [
      sorcerer('a', { stamina: 4, dice: 5, defence: 1, defenceBonus: 1, will: 9, lasting: 5, weapon: 'bigHandgun' }),
      sorcerer('b', { dice: 8, will: 3, weapon: 'rifle', defend: 'oneDie' }),
    ],
    undefined,
    { standUpCovers: 'actionOrSacrifice', totallyDefensive: 'sacrifice' },
  ],
  // rules.tiedExchange "reroll": "If both sides have the same number of dice, throw your
  // hands up in despair and re-roll or something", for an attack against its defence. One
  // die to act and one to dodge (sucking it up or not), so a tenth of the exchanges tie all
  // the way down; a won re-roll of a one-die defence rolls its success into the action on
  // the table. Stand-offs drawn out to 20 rounds are the draws: 0.395 → 0.437 (40,000 trials).
  [
    'a tied exchange re-rolled: a one-die blade against one-die fists, one die to dodge',
    [sorcerer('a', { dice: 1, defence: 1, weapon: 'blade' }), sorcerer('b', { stamina: 4, will: 3, dice: 1, defence: 1 })],
    undefined,
    { tiedExchange: 'reroll' },
    ['rerolled'],
  ],
  // rules.tiedExchange "standOff" (the default until December 2026): the same casts, the
  // exchange that ties all the way down left a stand-off, nothing paid, no currency won.
  // Both fail (all four runs; win.a z 6.5 in the first) against an engine that re-rolls
  // under "standOff" too.
  [
    'a tied exchange left a stand-off: a one-die blade against one-die fists, one die to dodge',
    [sorcerer('a', { dice: 1, defence: 1, weapon: 'blade' }), sorcerer('b', { stamina: 4, will: 3, dice: 1, defence: 1 })],
    undefined,
    { tiedExchange: 'standOff' },
    ['standOff'],
  ],
  [
    'a tied exchange left a stand-off, and an action left no dice no action',
    [sorcerer('a', { stamina: 4, will: 3, dice: 1, defend: 'oneDie' }), sorcerer('b', { stamina: 4, will: 3, dice: 1, defence: 0, weapon: 'blade' })],
    undefined,
    { tiedExchange: 'standOff', nextPenalty: 'thisAction' },
    ['standOff', 'emptied'],
  ],
  // b dodges on no dice once it has acted, and a's one die is taken off the table by a hit
  // before it acts (rules.nextPenalty "thisAction"): an action of no dice is no action (until
  // December 2026 it met b's dodge of no dice, a stand-off).
  [
    'a tied exchange re-rolled, and an action left no dice no action: hits before acting take the one die off',
    [sorcerer('a', { stamina: 4, will: 3, dice: 1, defend: 'oneDie' }), sorcerer('b', { stamina: 4, will: 3, dice: 1, defence: 0, weapon: 'blade' })],
    undefined,
    { tiedExchange: 'reroll', nextPenalty: 'thisAction' },
    ['rerolled', 'emptied'],
  ],
  // The independent audit's cast: a's 2 dice, sucking it up against fists, are all taken
  // off by any blow before its action (X next and 1 lasting: X + 1 dice; until its
  // penalties pass its Stamina it need not stand up). Until December 2026 the engine played
  // that action of no dice against b's full defence, which won with every die and rolled
  // them over: mean rounds 8.09 → 8.58 (the defaults then); and it took off the X alone,
  // leaving a one die after a blow of one success: win.a 0.082 → 0.068 (100,000 trials).
  [
    'next penalties on the action still to come take all its dice: no action, no defence, no currency',
    [sorcerer('a', { will: 3, dice: 2, defend: 'oneDie' }), sorcerer('b', { stamina: 4, will: 3 })],
    undefined,
    { nextPenalty: 'thisAction' },
    ['emptied'],
  ],
  // "If you are taking an action that is relevant both to Passion and another stat, you can
  // roll your Passion first and then use successes on that roll as bonus dice to the main
  // stat roll (e.g., your Passion is Solo and your Stamina is Military Training [yawn] -
  // roll Passion first and then Stamina to shoot someone with extreme prejudice)".
  [
    'Passion first: a Solo of Passion 3 shooting a small handgun, against a blade',
    [sorcerer('solo', { stamina: 4, passion: 3, weapon: 'smallHandgun' }), sorcerer('b', { weapon: 'blade' })],
  ],
  // Lasting 4 on 2 dice of attack (Stamina 5): the pool is −2 before Passion, whose dice
  // pay those penalties first ("1 bonus = 1 penalty").
  [
    'Passion netted with penalties: 2 dice under 4 lasting penalties, Passion 4, against fists',
    [sorcerer('a', { dice: 2, lasting: 4, passion: 4, weapon: 'blade' }), sorcerer('b', { stamina: 4 })],
    undefined,
    undefined,
    ['passionNetted'],
  ],
  // As the one-round big-gun cast above, with a Passion roll first (10 dice against the
  // rifle's 6): the dice it won stay with the one it keeps when it stands up mid-round, as
  // bonus dice do, against a's 1-die dodge (dropping them: hospital.a 0.050 → 0.033).
  [
    'one round: Passion dice kept on a mid-round Stand Up by half, a big gun of 1 die + Passion 10 sucking it up against a rifle',
    [sorcerer('a', { stamina: 2, dice: 6, defence: 1, will: 3, weapon: 'rifle' }), sorcerer('b', { stamina: 6, dice: 1, will: 5, passion: 10, standUp: 'half', defend: 'oneDie', weapon: 'bigGun' })],
    1,
    undefined,
    ['passionKept'],
  ],
  // Both roll Passion, each against the other's dice before either's Passion; one stands up
  // each round (lasting 6 on Stamina 5), its Passion dice on top of those its Will bought.
  [
    'both roll Passion, one standing up at every round start, rolling every success over',
    [sorcerer('a', { will: 6, lasting: 6, passion: 2, weapon: 'blade' }), sorcerer('b', { stamina: 4, will: 3, passion: 3, weapon: 'rifle', defend: 'oneDie' })],
    undefined,
    { attackCurrency: 'nextAction' },
    ['passionStoodUp'],
  ],
  // rules.passionPenalties "cut": "Penalties apply to ALL actions, not just physical ones",
  // the Passion roll among them. The library's Solo of Passion 3 against a blade: win.solo
  // 0.585 → 0.549 (40,000 trials).
  [
    'Passion cut by penalties: a Solo of Passion 3 shooting a small handgun, against a blade',
    [sorcerer('solo', { stamina: 4, will: 3, passion: 3, weapon: 'smallHandgun' }), sorcerer('thug', { stamina: 4, will: 3, weapon: 'blade' })],
    undefined,
    { passionPenalties: 'cut' },
    ['passionCut'],
  ],
  // a stands up each round (lasting 6 on Stamina 5), its Passion uncut then; b's is cut by
  // the 3 lasting penalties it carries in and the blows it takes. Every success rolled over.
  [
    'Passion cut by penalties, but not after a Stand Up: both roll Passion, one standing up at every round start',
    [sorcerer('a', { will: 6, lasting: 6, passion: 4, weapon: 'blade' }), sorcerer('b', { stamina: 4, will: 3, lasting: 3, passion: 4, weapon: 'rifle', defend: 'oneDie' })],
    undefined,
    { passionPenalties: 'cut', attackCurrency: 'nextAction' },
    ['passionCut', 'passionStoodUp'],
  ],
  // rules.passionDefence "fullDefence": "Sacrifice your planned action and declare a
  // defensive action, at full dice" takes the Passion dice won this round with it. A
  // one-die knife of Passion 5, always sacrificing, mostly hit before it acts by fists of 4.
  [
    'Passion dice on the sacrifice: a one-die blade of Passion 5 always defending in full, against fists',
    [sorcerer('a', { stamina: 4, dice: 1, passion: 5, defend: 'fullDefence', weapon: 'blade' }), sorcerer('b', { stamina: 4, will: 3 })],
    undefined,
    { passionDefence: 'fullDefence' },
    ['passionDefended'],
  ],
  // Lasting 2 on a 2-die dodge, and b's mighty throws add next penalties: no dice or fewer
  // before Passion, so the default defence (moreDice) sucks it up on one die unless the
  // Passion dice it won pay those penalties and lift the dodge past it.
  [
    'Passion dice netted on the sacrifice, and moreDice counting them: a dodge of 2 under 2 lasting penalties, Passion 5, against mighty throws',
    [sorcerer('a', { dice: 3, defence: 2, lasting: 2, passion: 5, weapon: 'blade' }), sorcerer('b', { dice: 3, will: 3, weapon: 'demonicTemporary', power: 1 })],
    undefined,
    { passionDefence: 'fullDefence' },
    ['passionDefended', 'passionDefenceNetted', 'passionChoseDefence'],
  ],
  // With a Stand Up covering the sacrifice too, the Passion dice come on top of the dice the
  // Will roll bought (as on the action); both roll Passion.
  [
    'Passion dice on a sacrifice a Stand Up covers: a hurt blade standing up each round, both rolling Passion',
    [sorcerer('a', { will: 7, lasting: 6, dice: 2, passion: 6, defend: 'fullDefence', weapon: 'blade' }), sorcerer('b', { stamina: 4, will: 3, dice: 3, passion: 2, weapon: 'bigHandgun' })],
    undefined,
    { passionDefence: 'fullDefence', standUpCovers: 'actionOrSacrifice' },
    ['passionDefended', 'passionStoodUp'],
  ],
  // rules.sacrificeCurrency "carried": "Sacrifice your planned action and declare a
  // defensive action, at full dice. Note that some of your currency dice may not apply!" —
  // the currency carried in goes with the sacrifice. A dodger (1 die to act, 6 to dodge)
  // mostly hit first by 5 fists wins its defences by several dice, which it carries into
  // the next round's sacrifice: win.a 0.395 → 0.434 (20,000 trials), the engine ignoring
  // the variant fails here.
  [
    'currency carried into a sacrifice: a dodger on 1 die of big handgun and 6 of dodge, sacrificing, against 5 fists',
    [sorcerer('a', { stamina: 4, will: 3, dice: 1, defence: 6, defend: 'fullDefence', weapon: 'bigHandgun' }), sorcerer('b', { stamina: 4, will: 3, dice: 5, defend: 'oneDie' })],
    undefined,
    { sacrificeCurrency: 'carried' },
    ['currencyDefended'],
  ],
  // The other ways in (they move the figures less, within this test's band): a stands up
  // every round (lasting 6 on Stamina 5) and sacrifices on the dice its Will roll bought,
  // plus the currency its blows and defences carried in; b, one die to act with and
  // Stamina 4, is soon left none, and then dodges in full with its currency.
  [
    'currency carried into a sacrifice a Stand Up covers, and into a dodge with no dice to act with, blows rolled over too',
    [sorcerer('a', { will: 6, lasting: 6, weapon: 'blade', defend: 'fullDefence' }), sorcerer('b', { stamina: 4, will: 3, dice: 1, defend: 'oneDie' })],
    undefined,
    { sacrificeCurrency: 'carried', standUpCovers: 'actionOrSacrifice', attackCurrency: 'nextAction' },
    ['currencyDefended', 'currencyStoodUpDefended', 'currencyIdleDefended'],
  ],
  // rules.injuryPenalties "lastingAndNext": "Your total penalties to an action are equal to
  // your next + lasting penalties", and at the end "your lasting penalties are halved (round
  // up). Then see above": the next penalties no roll spent count too. The library's weapons
  // fight with the thug's big gun ("3X next, 2X lasting"): the blow that beats the sorcerer
  // leaves it 3X next on top, so hospital.sorcerer 0.000 → 0.21 (40,000 trials).
  [
    'next penalties unspent at the end count toward injury: fists against a big gun',
    [sorcerer('sorcerer', { stamina: 4, will: 5 }), sorcerer('thug', { stamina: 4, will: 2, weapon: 'bigGun' })],
    undefined,
    { injuryPenalties: 'lastingAndNext' },
    ['nextAtEnd'],
  ],
  // Two rounds at most, so most conflicts end as draws with the last round's blows unspent;
  // b has no dice to act with once hit (1 die), and sucks it up on one die, so the next
  // penalties due in a round often find no roll and pass with it (they are not counted).
  [
    'next penalties unspent at the end: two rounds, a rifle against one die of blade that sucks it up',
    [sorcerer('a', { stamina: 3, will: 3, weapon: 'rifle' }), sorcerer('b', { stamina: 4, will: 3, dice: 1, defence: 1, weapon: 'blade' })],
    2,
    { injuryPenalties: 'lastingAndNext' },
    ['nextAtEnd'],
  ],
  // rules.failedStandUp "loseAction": "If you're still holding your guts in with one hand by
  // next action, you need another Will roll." The audit's fight: mighty throws (X + Power
  // next, 0 lasting) against a blade, Stamina 4 and Will 4 each. Down after a failed Will
  // roll, the sorcerer sits the round out and its next penalties pass: the demon, which
  // leaves nothing lasting, all but never wins (win.demon 0.27 → 0.007, 40,000 trials).
  [
    'a failed Stand Up loses the round\'s action: mighty throws against a blade',
    [sorcerer('sorc', { stamina: 4, will: 4, weapon: 'blade' }), sorcerer('demon', { stamina: 4, will: 4, weapon: 'demonicTemporary', power: 2 })],
    undefined,
    { failedStandUp: 'loseAction' },
    ['satOut', 'satOutAttacked'],
  ],
  // One that never stands up and dodges in full on 8 dice with a Passion roll, on Stamina 3:
  // sitting out, it still sucks it up on the one die, rolls no Passion and loses the currency
  // it carried in; a big handgun's lasting harm takes it past twice its Stamina in the end.
  // Six rounds: the rest are draws.
  [
    'sitting out: a dodger of 8 with Passion that never stands up, against a big handgun rolling every success over',
    [
      sorcerer('a', { stamina: 3, will: 2, dice: 3, defence: 8, passion: 2, defend: 'fullDefence', standUp: 'never', weapon: 'blade' }),
      sorcerer('b', { stamina: 5, will: 4, weapon: 'bigHandgun' }),
    ],
    6,
    { failedStandUp: 'loseAction', attackCurrency: 'nextAction' },
    ['satOut', 'satOutAttacked', 'pastTwice'],
  ],
  // On a d6 ties are common, and a side that runs out of dice while the other has some is
  // too; with rules.exhausted "remaining" the winner counts every die it has left. A rifle
  // (2X next, X lasting) against a blade that sucks it up on its one die, and whose 3 dice
  // of attack often tie the rifle's dodge away.
  [
    'd6, a win by exhaustion scoring every remaining die: a rifle against a blade that sucks it up',
    [sorcerer('a', { stamina: 4, will: 3, weapon: 'rifle' }), sorcerer('b', { dice: 3, will: 4, weapon: 'blade', defend: 'oneDie' })],
    undefined,
    { exhausted: 'remaining' },
    ['exhaustedMany'],
    6,
  ],
  // A round's start that finds a character beaten while the other is above its Stamina:
  // the round is not played, so there is no Stand Up to count (under "loseAction" no Will
  // roll at all; under "beaten" the other's decides a win against a draw). The stander is
  // above its Stamina at every round's start; until December 2026 its roll there was
  // counted in stoodUp (an audit, December 2026: a second implementation).
  [
    'a round-start Will roll in a round not played: a hurt blade of Will 30 against frail fists',
    [sorcerer('stander', { stamina: 4, will: 30, lasting: 5, weapon: 'blade' }), sorcerer('frail', { stamina: 2, will: 0 })],
    undefined,
    undefined,
    ['unplayedStandUp'],
  ],
];

describe('the Sorcerer conflict against the slow reference', () => {
  // A cast that does not name rules.failedStandUp plays the default ("loseAction"), and again
  // under "beaten", the variant (the default before December 2026), so both readings stay
  // checked on every cast; "satOut" and the like are the default's, not asked of "beaten".
  const both = cases.flatMap(([what, fighters, maxRounds, rules, meets, sides]): typeof cases =>
    rules?.failedStandUp !== undefined
      ? [[what, fighters, maxRounds, rules, meets, sides]]
      : [[what, fighters, maxRounds, rules, meets, sides], [`${what} (rules.failedStandUp "beaten")`, fighters, maxRounds, { ...rules, failedStandUp: 'beaten' }, meets, sides]]);
  for (const [what, fighters, maxRounds, rules, meets, sides] of both) {
    test(what, () => {
      const trials = 20000;
      const engine = runScenario({
        name: 'conflict',
        system: 'sorcerer',
        mechanic: 'conflict',
        trials,
        seed: `engine ${what}`,
        rules: rules ?? {},
        setup: { a: fighters[0], b: fighters[1], ...(maxRounds ? { maxRounds } : {}), ...(sides ? { die: `d${sides}` } : {}) },
      }).results[0].metrics;
      const { metrics: slow, seen } = referenceConflicts(fighters, maxRounds ?? 20, trials, `reference ${what}`, rules, sides);
      for (const m of meets ?? []) expect(seen[m], `the cast meets ${m}`).toBeGreaterThan(0);
      for (const [metric, ref] of Object.entries(slow)) {
        const m = engine[metric];
        const seEngine = (m.ci95[1] - m.ci95[0]) / (2 * 1.959963984540054);
        const joint = Math.sqrt(seEngine ** 2 + ref.se ** 2);
        expect(Math.abs(m.estimate - ref.mean), `${metric}: engine ${m.estimate}, reference ${ref.mean} (joint se ${joint})`).toBeLessThanOrEqual(4.5 * joint + 1e-9);
      }
    }, HEAVY_TEST_MS);
  }
});
