/**
 * Viciousness `knavery`: a plan's roll against its challenges (docs/rules.md "Knavery";
 * viciousness.txt "3: The Roll"). "Every die result of 4 or above is a success. Every die
 * result of 6 grants a free push to be used if the scheme fails." With the policies
 * `push` (the group's own pushes to reroll) and `freePushes` (what the 6s do once the
 * scheme fails) of knaveryPushes.ts; readings in docs/rulings/knavery.md.
 */
import { z } from 'zod';
import { lazySchema } from '../lazySchema.ts';
import { entityName } from '../names.ts';
import { defineMechanic } from '../mechanic.ts';
import { diceListSchema, eachDie } from '../dice.ts';
import { fixedLayout, metricTable } from '../metrics.ts';
import { PARTICIPANT_DIE, challengesToMeet } from './knaveryDice.ts';
import { FREE_PUSH_POLICIES, MAX_PUSH_DICE, PUSH_POLICIES, knaveryOdds, pushBelow, type KnaveryParticipantDice } from './knaveryPushes.ts';

export { PARTICIPANT_DIE, challengesToMeet, isSix, isSuccess, knaveryGrid } from './knaveryDice.ts';

export const participantSchema = lazySchema(() => z
  .object({
    name: entityName,
    count: z.number().int().min(0).max(1000).optional(),
    /** Trait dice that apply; the 1d6 every participant adds comes from the rules. */
    dice: diceListSchema.optional(),
    /** Rolls each die twice, keeping the lower; "Rattled PCs can't push themselves". */
    rattled: z.boolean().optional(),
    /**
     * Pushes one of its traits before the roll to remove a challenge ("Challenges may be
     * removed from the total as a result of a … pushed trait"): one challenge fewer for
     * each such participant, each then rattled for the roll ("Immediately after a
     * character pushes, they are rattled").
     */
    removesChallenge: z.boolean().optional(),
  })
  .strict()
  .superRefine((p, ctx) => {
    if (p.removesChallenge === true && p.rattled === true) {
      ctx.addIssue({ code: 'custom', path: ['removesChallenge'], message: '"Rattled PCs can\'t push themselves": a rattled participant cannot push a trait to remove a challenge' });
    }
  }));

/** The most dice one plan rolls (a successes distribution of as many bins, a pool rolled each trial). */
export const MAX_PLAN_DICE = 10_000;

export const knaverySetup = lazySchema(() => z
  .object({
    challenges: z.number().int().min(0).max(1000),
    /**
     * Challenges removed before the roll by "a particularly clever plan" (free). A pushed
     * trait's is a participant's `removesChallenge`, which rattles it.
     */
    removed: z.number().int().min(0).max(1000).optional(),
    /**
     * Every challenge discovered: changes no odds ("A prepared group may decide which
     * challenges have been thwarted": which, not how many), and the point's notes say so.
     */
    prepared: z.boolean().optional(),
    participants: z.array(participantSchema).min(1),
    /**
     * The group's own pushes to reroll: *never* (default), *ifShort* (when short, whoever
     * showed no success) or *ifBehind* (when short, whoever showed fewer successes than its
     * reroll expects).
     */
    push: z.enum(PUSH_POLICIES).optional(),
    /**
     * The free pushes from 6s when the scheme fails: *reroll* (default: violence rerolls in
     * the fight that follows, so the plan's own figures are as *unused*'s), *unused* (only
     * counted) or *fallout* (each thwarts an active challenge).
     */
    freePushes: z.enum(FREE_PUSH_POLICIES).optional(),
  })
  .strict()
  .superRefine((s, ctx) => {
    // "Each participant with an additive, meaningful role adds 1d6": with every count 0 there
    // is no pool to roll (as a violence side of no combatants is refused).
    if (s.participants.every((p) => (p.count ?? 1) === 0)) {
      ctx.addIssue({ code: 'custom', path: ['participants'], message: 'the plan has no participants (every count is 0): expected at least one' });
    }
    // Every die of the plan: each participant's 1d6 and its dice, times its count. Bounded
    // so that a plan too large to roll is refused as input, not left to exhaust the memory
    // (an audit: 1,000 participants of 100 × "1000d6" each passed every other bound and
    // ended in "JavaScript heap out of memory" after 79 s).
    const dice = s.participants.reduce((n, p) => n + (p.count ?? 1) * (1 + (p.dice ?? []).reduce((m, g) => m + g.count, 0)), 0);
    if (dice > MAX_PLAN_DICE) {
      ctx.addIssue({ code: 'custom', path: ['participants'], message: `the plan rolls ${dice.toLocaleString('en')} dice (each participant's 1d6 and its dice, times its count): expected at most ${MAX_PLAN_DICE.toLocaleString('en')}` });
    }
    // A push that removes no challenge would rattle its pusher for nothing: refused.
    const left = s.challenges - (s.removed ?? 0);
    let pushers = 0;
    s.participants.forEach((p, i) => {
      if (p.removesChallenge !== true) return;
      pushers += p.count ?? 1;
      if (pushers > left) {
        ctx.addIssue({
          code: 'custom',
          path: ['participants', i, 'removesChallenge'],
          message: `${pushers} participant(s) pushing a trait would remove ${pushers} challenge(s), but only ${Math.max(0, left)} of the ${s.challenges} challenge(s) ${s.removed ? `are left after the ${s.removed} a clever plan removes` : 'are there'}: expected at most ${Math.max(0, left)} participant(s) pushing`,
        });
      }
    });
  }));

/** Knavery's metrics (sim/metrics.ts). */
export const KNAVERY_METRICS = metricTable({
  success: { name: 'success', kind: 'probability', label: 'P(plan succeeds)', headline: true },
  successes: { name: 'successes', kind: 'mean', label: 'mean successes (dice showing 4+)' },
  sixes: { name: 'sixes', kind: 'mean', label: "mean final 6s, every plan's (a free push only where the plan fails)" },
  active: { name: 'active', kind: 'mean', label: 'mean challenges left active (0 when it succeeds)' },
  pushed: { name: 'pushed', kind: 'mean', label: 'mean participants who pushed to reroll (then rattled)' },
  freePushes: { name: 'freePushes', kind: 'mean', label: 'mean free pushes a failed plan leaves (0 when it succeeds)' },
  threats: { name: 'threats', kind: 'mean', label: 'mean challenges active in the fallout (0 when it succeeds)' },
});

export const knavery = defineMechanic({
  system: 'viciousness',
  name: 'knavery',
  summary: 'a plan: 1d6 per participant plus traits, 4+ thwarts a challenge; pushes to reroll, free pushes from 6s',
  setup: knaverySetup,
  variants: [],
  prepare(setup) {
    const policy = setup.push ?? 'never';
    const push = policy !== 'never';
    const fallout = (setup.freePushes ?? 'reroll') === 'fallout';
    const parts: KnaveryParticipantDice[] = [];
    let pushedRemovals = 0;
    for (const p of setup.participants) {
      // A participant who pushed a trait to remove a challenge rolls rattled, and cannot
      // push again to reroll.
      const rattled = (p.rattled ?? false) || p.removesChallenge === true;
      for (let k = 0; k < (p.count ?? 1); k++) {
        const dice = [PARTICIPANT_DIE, ...eachDie(p.dice ?? [])].map((sides) => ({ sides, rattled }));
        parts.push({ dice, pushable: push && !rattled, pushBelow: pushBelow(policy, dice) });
        if (p.removesChallenge === true) pushedRemovals++;
      }
    }
    const dice = parts.flatMap((p) => p.dice);
    // Dice that can show a success ("Every die result of 4 or above"): a d2 or d3 never can.
    const ableDice = dice.filter((d) => d.sides >= 4).length;
    // "Rattled PCs can't push themselves": with every participant rattled the policy is never
    // acted on (said, not refused: a sweep over `rattled` crosses it).
    const setupNotes: string[] = push && !parts.some((p) => p.pushable) ? ['push changes nothing here: every participant is rattled ("Rattled PCs can\'t push themselves")'] : [];
    // Fields this mechanic never acts on, said (an audit: accepted and said nothing).
    // "A prepared group may decide which challenges have been thwarted": which, not how many.
    if (setup.prepared === true) {
      setupNotes.push('prepared changes nothing here: "A prepared group may decide which challenges have been thwarted" decides which, not how many, so no odds change');
    }
    const need = challengesToMeet(setup.challenges, (setup.removed ?? 0) + pushedRemovals);
    // A plan against no challenge never fails, so it leaves no free push, whatever they are
    // spent on (an audit: "fallout" taken unsaid there, and "unused" said to differ from it).
    if (setup.freePushes !== undefined && need === 0) {
      setupNotes.push(`freePushes changes nothing here: no challenge is left to meet, so the plan never fails and leaves no free push to spend ("${setup.freePushes}")`);
    } else if (fallout && !parts.some((p) => !p.dice[0].rattled)) {
      // "Rattled PCs can't push themselves": no free push is used, as with "unused" (a
      // knavery audit: thwarted challenges with nobody able to push).
      setupNotes.push('freePushes changes nothing here: every participant is rattled ("Rattled PCs can\'t push themselves"), so no free push is used to thwart a challenge: "fallout" gives the figures of "unused"');
    } else if (setup.freePushes === 'unused') {
      // The default's rerolls are the violence of the fight after a failed plan, which this
      // mechanic does not play: its figures are `unused`'s (docs/rulings/knavery.md).
      setupNotes.push('freePushes changes nothing here: "unused" gives the same figures as the default "reroll", whose free pushes are rerolls in the fight after a failed plan, which the knavery mechanic does not play ("fallout", which thwarts challenges, does differ)');
    }
    // A clever plan that removes more challenges than there are (a sweep over `challenges`
    // with `removed` written once crosses it): the plan succeeds as with none left, and a
    // push, made only to meet challenges, is never made (an audit: accepted, unsaid).
    const removed = setup.removed ?? 0;
    if (removed > setup.challenges) {
      setupNotes.push(`removed ${removed} is more than the ${setup.challenges} challenge(s): none is left to meet after ${setup.challenges}, so the plan succeeds, as with removed ${setup.challenges}`);
    }
    if (push && need === 0 && parts.some((p) => p.pushable)) {
      setupNotes.push('push changes nothing here: no challenge is left to meet, so the plan succeeds and nobody pushes');
    } else if (push && need > ableDice && parts.some((p) => p.pushable)) {
      // A push would rattle its pusher for nothing (as a trait pushed to remove no challenge,
      // refused): nobody makes one (a knavery audit: 0.75 pushed, 3 dice against 5).
      const which = ableDice === dice.length ? `${dice.length} dice` : `${ableDice} dice able to succeed (of its ${dice.length}: a d2 or d3 never shows 4 or above)`;
      setupNotes.push(`push changes nothing here: the plan's ${which} cannot meet its ${need} challenge(s), so it fails whatever is rerolled, and nobody pushes`);
    }
    const sides = Int32Array.from(dice, (d) => d.sides);
    const rattled = Uint8Array.from(dice, (d) => (d.rattled ? 1 : 0));
    // The most a plan can count: a success or a six per die (a push rerolls a die, it adds
    // none), a threat per challenge to meet, a push per participant.
    const most = { max: dice.length };
    const challenges = { max: Math.max(0, need) };
    const { specs: metrics, slot: M, exact: exactOf } = fixedLayout(KNAVERY_METRICS, {
      successes: most,
      sixes: most,
      freePushes: most,
      active: challenges,
      threats: challenges,
      pushed: { max: parts.length },
    });
    // Participant i's dice are diceFrom[i]..diceFrom[i+1]−1.
    const diceFrom = new Int32Array(parts.length + 1);
    parts.forEach((p, i) => (diceFrom[i + 1] = diceFrom[i] + p.dice.length));
    const pushable = Uint8Array.from(parts, (p) => (p.pushable ? 1 : 0));
    // Participants not rattled as the plan is rolled: those left so after the pushes may use
    // a free push.
    const steadyCount = parts.filter((p) => !p.dice[0].rattled).length;
    const diceCount = ableDice;
    // A pusher's first-roll successes are below this: 1 for ifShort (none), ⌈expected⌉ for ifBehind.
    const below = Int32Array.from(parts, (p) => p.pushBelow ?? 1);
    const distributions = [{ name: 'successes', min: 0, size: dice.length + 1 }];

    return {
      metrics,
      distributions,
      setupNotes,
      run(random, trials, tally) {
        const ownSuccesses = new Int32Array(parts.length);
        const ownSixes = new Int32Array(parts.length);
        const m = parts.length;
        for (let t = 0; t < trials; t++) {
          let successes = 0;
          let sixes = 0;
          for (let i = 0; i < m; i++) {
            let s = 0;
            let x = 0;
            for (let d = diceFrom[i]; d < diceFrom[i + 1]; d++) {
              // Faces 0..sides−1: a success is face 4+ (index 3+), a six is index 5.
              const f = rattled[d] === 0 ? random.below(sides[d]) : random.belowKeepLower(sides[d]);
              if (f >= 3) s++;
              if (f === 5) x++;
            }
            ownSuccesses[i] = s;
            ownSixes[i] = x;
            successes += s;
            sixes += x;
          }
          let pushed = 0;
          // Nobody pushes where no reroll can meet the challenges (fewer dice able to succeed
          // than them).
          if (push && successes < need && need <= diceCount) {
            // Every participant who showed too little (nothing, for ifShort), and may push,
            // rerolls (then is rattled).
            for (let i = 0; i < m; i++) {
              if (pushable[i] === 0 || ownSuccesses[i] >= below[i]) continue;
              pushed++;
              // The reroll replaces its first roll: its successes and 6s are gone.
              successes -= ownSuccesses[i];
              sixes -= ownSixes[i];
              for (let d = diceFrom[i]; d < diceFrom[i + 1]; d++) {
                const f = random.below(sides[d]);
                if (f >= 3) successes++;
                if (f === 5) sixes++;
              }
            }
          }
          const failed = successes < need;
          const active = failed ? need - successes : 0;
          // "Rattled PCs can't push themselves": the 6s thwart challenges (fallout) only where a
          // participant is left not rattled, every pusher having been one (knaveryOdds).
          const thwart = fallout && steadyCount > pushed;
          tally.add(M.success, failed ? 0 : 1);
          tally.add(M.successes, successes);
          tally.add(M.sixes, sixes);
          tally.add(M.active, active);
          tally.add(M.pushed, pushed);
          tally.add(M.freePushes, failed ? sixes : 0);
          tally.add(M.threats, failed ? Math.max(0, active - (thwart ? sixes : 0)) : 0);
          tally.bin(0, successes);
        }
        tally.addTrials(trials);
      },
      // The grid grows with the square of the dice. Measured (December 2026, quiet 2-core
      // machine): 200 dice 0.06 s, 600 dice 0.5 s; set about 2.8× above that, as a loaded
      // machine took 11 s for 1,400 dice (this reads 7.8 s: skipped). With pushes the chain
      // is (N+1)³ states a die: 40 dice 0.06 s, 80 dice 0.29 s, 100 dice 0.85 s; set about
      // 3× above that (100 dice read 2.6 s). ifBehind's two-pass fold (knaveryPushes.ts) was
      // timed beside ifShort on a loaded 2-core machine: every split of 100 d6 under 1.7 s
      // against ifShort's 1.4 s (10 of 10 dice 1.7 s against 0.7 s), inside that margin.
      // With pushes and `fallout` the chain keeps one more state (whether a participant not
      // rattled is left): twice the work.
      exactCost: () => (parts.some((p) => p.pushable) ? (fallout ? 0.5 : 0.25) * (dice.length + 1) ** 4 : 40 * (dice.length + 1) ** 2),
      exact() {
        const o = knaveryOdds(parts, need, fallout);
        if (!o) {
          // Said in the result, not left to read as a figure with no exact value.
          this.exactSkipped = `exact values skipped: a plan whose participants push is computed exactly up to ${MAX_PUSH_DICE} dice, and this one has ${dice.length}; the estimates are Monte Carlo only`;
          return { metrics: {} };
        }
        const { distribution, ...metrics } = o;
        return { metrics: exactOf(metrics), distributions: { successes: distribution } };
      },
    };
  },
});
