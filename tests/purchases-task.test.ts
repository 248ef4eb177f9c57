/**
 * Tasks bought for a job (policy buy.task, docs/rulings/purchases.md "buy.task"): "A task
 * done by an average citizen" … "a powerful wizard" from the price table, each removing one
 * of the job's challenges ("Challenges may be removed from the total as a result of a
 * particularly clever plan"). Draw for draw against setups that remove the same challenges
 * another way, the buyer's action, the refusals and the notes. The loop itself is checked
 * against a reference in tests/purchases-reference.test.ts, the whole campaign in
 * tests/campaign-reference.test.ts.
 */
import { describe, expect, test } from 'vitest';
import type { MetricResult } from '../sim/result.ts';
import { expectRejected, runScenario } from './helpers.ts';
import { NO_AMBITION_NOTE } from '../sim/viciousness/campaignSetup.ts';

const scenario = (setup: object, trials = 1500, rules: object = {}) => ({
  name: 'task',
  system: 'viciousness',
  mechanic: 'campaign',
  trials,
  seed: 'buy-task',
  rules,
  setup,
});
const run = (setup: object, trials = 1500) => runScenario(scenario(setup, trials)).results[0];

/** The metrics without `tasks.bought` (laid out only with buy.task). */
function withoutTasks(metrics: Record<string, MetricResult>): Record<string, MetricResult> {
  const { 'tasks.bought': _, ...rest } = metrics;
  return rest;
}

const rival = { name: 'countess', rank: 5, designs: [{ severity: 'light' }, { severity: 'heavy', style: 'rash' }] };
const crew = { name: 'crew', count: 2, captain: { knavery: ['d6'], violence: ['d4'] }, minions: [{ name: 'm', count: 2, knavery: ['d6'], violence: ['d4'] }] };
/** A task free at every rank: rank 1, "Low quality and secondhand: -1" twice over (1 − 2 < 0). */
const FREE_TASK = { itemRank: 1, modifiers: -2 };

describe('a task removes one of its job\'s challenges, draw for draw', () => {
  test('free tasks that take nobody\'s action play as job.removed: the same figures at the same seed', () => {
    for (const [perJob, pushTraits] of [[1, 0], [2, 0], [1, 1]]) {
      const job = { challenges: 4, method: 'rare', guards: { perActiveChallenge: 1 }, pushTraits };
      const base = { turns: 16, company: { name: 'co', rank: 2 }, troupes: [crew], rivals: [rival] };
      const bought = run({ ...base, policy: { job, buy: { task: { ...FREE_TASK, perJob }, action: 'free' } } });
      const removed = run({ ...base, policy: { job: { ...job, removed: perJob } } });
      // Every job of every troupe gets its tasks (two troupes, a job each turn).
      expect(bought.metrics['tasks.bought'].estimate, `perJob ${perJob}`).toBe(perJob * bought.metrics.jobs.estimate);
      expect(bought.metrics['coins.spent'].estimate).toBe(0);
      expect(withoutTasks(bought.metrics), `perJob ${perJob}, pushTraits ${pushTraits}`).toEqual(removed.metrics);
    }
  });

  test('a task is its buyer\'s turn action (buy.action "pc"): a troupe of three buying one a job plays as a troupe of two with a challenge removed', () => {
    // The last listed PC free to act buys (the second minion), so it never takes part in a
    // job: the captain and the first minion take the jobs, against 3 challenges. A failed
    // plan is abandoned, so nobody is wounded (were the other two in bed, the buyer would
    // take the job alone, buying no task: nobody else would be left for it).
    const two = { ...crew, minions: [{ name: 'm', count: 1, knavery: ['d6'], violence: ['d4'] }] };
    const job = { challenges: 4, method: 'rare' };
    const abandon = { onFailedJob: 'abandon' };
    const base = { turns: 16, company: { name: 'co', rank: 2 } };
    const bought = run({ ...base, troupes: [crew], policy: { job, ...abandon, buy: { task: FREE_TASK } } });
    const removed = run({ ...base, troupes: [two], policy: { job: { ...job, removed: 1 }, ...abandon } });
    const none = run({ ...base, troupes: [crew], policy: { job, ...abandon } });
    expect(none.metrics['jobs.succeeded'].estimate).not.toBe(bought.metrics['jobs.succeeded'].estimate);
    expect(bought.metrics['tasks.bought'].estimate).toBe(bought.metrics.jobs.estimate);
    // The same draws, so the same figures. (A figure that never varied has an interval
    // reaching as far as its most, which a troupe of three and one of two set apart:
    // medical.bought, one a PC. sim/stats.ts normalMean.)
    const figures = (m: Record<string, { estimate: number; exact?: number }>) => Object.fromEntries(Object.entries(m).map(([k, v]) => [k, [v.estimate, v.exact]]));
    expect(figures(withoutTasks(bought.metrics))).toEqual(figures(removed.metrics));
  });

  test('priced tasks are paid from the turn\'s coins (coins.spent), and the tasks bought move the company', () => {
    // "A task done by an average citizen" (rank 3), "Illegal (a narcotic, a bribe): +1":
    // 1 + 2 × (3 − 2) + 1 = 4 coins at rank 2 (out of the two troupes' reach), 2 at rank 3
    // (one troupe's task a turn), free at rank 4 and above.
    const base = { turns: 20, company: { name: 'co', rank: 3 }, troupes: [crew], rivals: [rival] };
    const job = { challenges: 4, method: 'rare', guards: { perActiveChallenge: 2 } };
    const bribe = run({ ...base, policy: { job, buy: { task: { itemRank: 3, modifiers: 1 }, action: 'free' } } }, 3000).metrics;
    const none = run({ ...base, policy: { job } }, 3000).metrics;
    expect(bribe['tasks.bought'].estimate).toBeGreaterThan(10);
    // Two coins a task at rank 3, none at 4+: coins spent are at most twice the tasks.
    expect(bribe['coins.spent'].estimate).toBeGreaterThan(5);
    expect(bribe['coins.spent'].estimate).toBeLessThanOrEqual(2 * bribe['tasks.bought'].estimate);
    expect(bribe['jobs.succeeded'].ci95[0]).toBeGreaterThan(none['jobs.succeeded'].ci95[1]);
    expect(bribe['rank.final'].ci95[0]).toBeGreaterThan(none['rank.final'].ci95[1]);
    expect(none['tasks.bought']).toBeUndefined();
  });

  test('no task on a turn without a job (jobEvery), and none beyond the job\'s challenges', () => {
    const base = { turns: 12, company: { name: 'co', rank: 2 }, troupes: [crew] };
    const m = run({ ...base, policy: { jobEvery: 3, job: { challenges: 2 }, buy: { task: { ...FREE_TASK, perJob: 5 }, action: 'free' } } }).metrics;
    // Jobs on turns 1, 4, 7, 10: 4 job turns × 2 troupes × 2 challenges.
    expect(m.jobs.estimate).toBe(8);
    expect(m['tasks.bought'].estimate).toBe(16);
    // Each job then has no challenge left: it always succeeds.
    expect(m['jobs.succeeded'].estimate).toBe(8);
  });
});

describe('buy.task is refused where it makes no sense, naming the path', () => {
  const setup = (task: unknown) => ({ turns: 4, company: { name: 'co' }, troupes: [crew], policy: { job: { challenges: 3 }, buy: { task } } });
  test.each([
    ['perJob 0', { itemRank: 3, perJob: 0 }, 'setup.policy.buy.task.perJob', /expected a number ≥ 1, got 0/],
    ['perJob 1.5', { itemRank: 3, perJob: 1.5 }, 'setup.policy.buy.task.perJob', /integer/i],
    ['itemRank 8', { itemRank: 8 }, 'setup.policy.buy.task.itemRank', /expected a number ≤ 7, got 8/],
    ['no itemRank', { perJob: 1 }, 'setup.policy.buy.task.itemRank', /missing: expected a number/],
    ['an unknown field', { itemRank: 3, count: 2 }, 'setup.policy.buy.task.count', /unknown field "count"/],
  ])('%s', (_, task, path, words) => {
    expectRejected('viciousness', 'campaign', setup(task), path, words);
  });
});

describe('where a task can never be bought or changes nothing, a note says so, and the figures are as without it', () => {
  const base = { turns: 12, company: { name: 'co', rank: 2 }, troupes: [crew], rivals: [rival] };
  const job = { challenges: 3, guards: { perActiveChallenge: 1 } };
  const cases: [string, object, object, string][] = [
    [
      'not for sale at any rank',
      { ...base, policy: { job, buy: { task: { itemRank: 7, modifiers: 4 } } } },
      { ...base, policy: { job } },
      'policy.buy.task changes nothing here: its price is above 4 at every rank ("If it ends up above 4, it isn\'t obtainable with money")',
    ],
    [
      'no job',
      { ...base, policy: { action: 'idle', buy: { task: FREE_TASK } } },
      { ...base, policy: { action: 'idle' } },
      'policy.buy.task changes nothing here: a task is bought for a job, and action is "idle", so no troupe takes a job',
    ],
    [
      'no challenge left',
      { ...base, policy: { job: { ...job, removed: 3 }, buy: { task: FREE_TASK } } },
      { ...base, policy: { job: { ...job, removed: 3 } } },
      'policy.buy.task changes nothing here: a task removes one of a job\'s challenges, and none is left once job.removed is taken off',
    ],
    [
      'captains alone, the task a PC\'s action',
      { ...base, troupes: [{ ...crew, minions: [] }], policy: { job, buy: { task: FREE_TASK } } },
      { ...base, troupes: [{ ...crew, minions: [] }], policy: { job } },
      'policy.buy.task changes nothing here: with buy.action "pc" a task is a PC\'s turn action, and every troupe is its captain alone (no minion, none added by advancing), so nobody would be left to take the job',
    ],
  ];
  test.each(cases)('%s', (_, withIt, without, note) => {
    const a = run(withIt);
    const b = run(without);
    expect(a.notes).toContain(note);
    expect(a.metrics['tasks.bought'].estimate).toBe(0);
    expect(withoutTasks(a.metrics)).toEqual(b.metrics);
  });

  test('perJob beyond the job\'s challenges buys as many as there are: a note, and the figures of perJob = challenges', () => {
    // Tasks taking nobody's turn: the challenges are the cap.
    const free = (perJob: number) => run({ ...base, policy: { job, buy: { task: { ...FREE_TASK, perJob }, action: 'free' } } });
    const [a, b] = [free(5), free(3)];
    expect(a.notes).toContain('policy.buy.task.perJob (5) buys 3 a job at most: a task removes one of the job\'s challenges, and 3 are left once job.removed is taken off');
    expect(b.notes ?? []).toEqual([NO_AMBITION_NOTE]);
    expect(a.metrics).toEqual(b.metrics);
  });

  test('perJob beyond a troupe\'s PCs less one, each task a PC\'s turn: a note with that cap, and the figures of perJob = that cap (it said "buys 3" of a troupe that bought 2)', () => {
    // A captain and two minions: two may hire, one is left for the job (3 challenges).
    const pc = (perJob: number) => run({ ...base, policy: { job, buy: { task: { ...FREE_TASK, perJob } } } });
    const [a, b] = [pc(5), pc(2)];
    expect(a.notes).toContain('policy.buy.task.perJob (5) buys 2 a job at most: with buy.action "pc" each task is a PC\'s turn and one PC is left for the job, and the largest troupe has 3 PCs');
    expect(b.notes ?? []).toEqual([NO_AMBITION_NOTE]);
    expect(a.metrics).toEqual(b.metrics);
  });

  test('a task that can be bought gets no note', () => {
    // Nothing of the task's: only the note of a campaign that names no ambition.
    expect(run({ ...base, policy: { job, buy: { task: { itemRank: 3, modifiers: 1 } } } }, 200).notes ?? []).toEqual([NO_AMBITION_NOTE]);
  });
});
