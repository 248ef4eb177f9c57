/**
 * The dashboard's runs, without a browser: the CLI's scheduler (workers/schedule.ts)
 * through workers/live.ts and a ComlinkPool (workers/comlink-pool.ts) of remotes that run
 * the kernel's chunk function (here in-process, finishing out of order) gives byte for byte
 * what `poolsim run --json` gives; live snapshots sharpen as chunks come in; a cancelled
 * run hands out no more chunks. And the panels: each chart has a table with its numbers,
 * distributions read as at-least and at-most, and the compare view's rows.
 */
import { exactFigure, rowFigures, signedFigure } from '../sim/solve/sentence.ts';
import { describe, expect, test } from 'vitest';
import { planScenario } from '../sim/scenario.ts';
import { runPlan } from '../sim/assemble.ts';
import { CHUNK_TRIALS } from '../sim/run.ts';
import { exactValuesTasks, runChunkTask, type ChunkTask, type ExactTask } from '../workers/chunk.ts';
import type { Remote } from 'comlink';
import { LiveRun } from '../workers/live.ts';
import { ComlinkPool } from '../workers/comlink-pool.ts';
import type { ChunkWorker } from '../workers/chunk-worker.ts';
import type { ScenarioPlan } from '../sim/scenario.ts';
import { cumulative, panelsFor } from '../dashboard/charts/panels.ts';
import { compareRows, comparePanels, unpairedMetrics } from '../dashboard/charts/comparePanels.ts';
import { nextValue } from '../dashboard/ui/setup.ts';
import { shownDefault } from '../reports/fields/spec.ts';
import { differenceCell, estimateCell, formatValue, intervalCell, numberCell, signedIntervalCell, signedNumberCell } from '../dashboard/charts/table.ts';
import { compareDifference, differenceText } from '../dashboard/charts/compareCharts.ts';
import { formatNumber } from '../reports/sweep.ts';
import { scenarioB } from '../dashboard/model/compare.ts';
import { workerCount, workers } from '../dashboard/run/pool.ts';
import type { ScenarioResult } from '../sim/result.ts';
import { poolsim, tempFolders } from './helpers.ts';
import { readFileSync, writeFileSync } from 'node:fs';
import { parse } from 'yaml';
import { join } from 'node:path';

/** This file's temporary folders, removed after its tests (helpers.ts tempFolders). */
const tempFolder = tempFolders();

const dir = tempFolder('poolsim-dashboard-run-');

/** What the test's remotes do: ChunkWorker.runChunk and exactValues, answering later. */
interface ChunkRunner {
  runChunk(task: ChunkTask): Promise<Float64Array>;
  exactValues(tasks: ExactTask[], withinMs: number): Promise<unknown>;
}

/** Runs chunks in this process after a pseudo-random pause, so runners finish out of order. */
function runner(log: ChunkTask[], pauses: number[]): ChunkRunner {
  let i = 0;
  return {
    runChunk: (task: ChunkTask) =>
      new Promise((resolve, reject) => {
        log.push(task);
        setTimeout(() => {
          try {
            resolve(runChunkTask(structuredClone(task)));
          } catch (err) {
            reject(err);
          }
        }, pauses[i++ % pauses.length]);
      }),
    // A message's values copied as a worker's reply is (structured clone).
    exactValues: (tasks: ExactTask[], withinMs: number) =>
      new Promise((resolve, reject) => {
        setTimeout(() => {
          try {
            resolve(structuredClone(exactValuesTasks(structuredClone(tasks), withinMs)));
          } catch (err) {
            reject(err);
          }
        }, pauses[i++ % pauses.length]);
      }),
  };
}

/** The dashboard's run: the runners as a page's comlink remotes, in one ComlinkPool. */
class ScenarioRun extends LiveRun {
  constructor(plans: readonly ScenarioPlan[], runners: readonly ChunkRunner[], onMerge?: (run: LiveRun) => void) {
    const remotes = runners.map((r) => ({ ready: () => Promise.resolve(true), runChunk: r.runChunk, exactValues: r.exactValues }) as unknown as Remote<ChunkWorker>);
    super(plans, new ComlinkPool(remotes), onMerge);
  }
}

// Three points of 2.3 chunks each: 65536 + 65536 + 19928 trials per point.
const heist = {
  name: 'Knavery: a heist against 2 to 4 challenges',
  system: 'viciousness',
  mechanic: 'knavery',
  trials: 2 * CHUNK_TRIALS + 19928,
  seed: 'dashboard',
  setup: { challenges: 3, participants: [{ name: 'captain', dice: ['d6'] }, { name: 'minion', count: 2 }] },
  sweep: { 'setup.challenges': [2, 3, 4] },
  expect: [{ metric: 'success', point: { 'setup.challenges': 2 }, atLeast: 0.5 }],
};

describe('the scheduler gives the CLI’s numbers', () => {
  test('three workers finishing out of order: the same result JSON as poolsim run --json, byte for byte', async () => {
    const log: ChunkTask[] = [];
    const runners = [runner(log, [5, 0, 9]), runner(log, [0, 7]), runner(log, [3])];
    const snapshots: number[][] = [];
    const run = new ScenarioRun([planScenario(heist, 'heist.json')], runners, (r) => {
      snapshots.push(r.snapshot()[0]!.results.map((p) => p.trials ?? 0));
    });
    const results = await run.done;
    expect(results).toHaveLength(1);
    const path = join(dir, 'heist.json');
    writeFileSync(path, JSON.stringify(heist));
    const cli = await poolsim('run', path, '--json');
    expect(cli.code).toBe(0);
    // The file name only appears in messages, so the bytes match whatever it is called.
    expect(JSON.stringify(results![0], null, 2) + '\n').toBe(cli.out);

    // Chunk 0 of every point went out before any chunk 1: the whole sweep appears early.
    expect(log.slice(0, 3).map((t) => [t.point, t.chunk])).toEqual([[0, 0], [1, 0], [2, 0]]);
    expect(log).toHaveLength(9);
    expect(new Set(log.map((t) => `${t.point}/${t.chunk}`)).size).toBe(9);
    expect(log.filter((t) => t.chunk === 2).every((t) => t.size === 19928)).toBe(true);
    // Live snapshots: trials per point never shrink (a snapshot as exact values come in
    // has the same trials), and end at the full count.
    for (let i = 1; i < snapshots.length; i++) {
      expect(snapshots[i]!.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(snapshots[i - 1]!.reduce((a, b) => a + b, 0));
    }
    expect(new Set(snapshots.map((t) => t.reduce((a, b) => a + b, 0))).size).toBeGreaterThan(3);
    expect(snapshots.at(-1)).toEqual([heist.trials, heist.trials, heist.trials]);
    expect(run.progress()[0]).toEqual({ done: 9, total: 9, trialsDone: 3 * heist.trials, trialsTotal: 3 * heist.trials, exactDone: 3, exactTotal: 3 });
  });

  test('where exact() notes what it left out as it computes, the page has the note too: byte for byte poolsim run --json', async () => {
    // A contest round whose contender spends tension, a campaign's rivals: the note comes
    // from the worker's copy of the simulation, which alone computed (a review: the three
    // library files below lost every such note, 9 points).
    for (const file of ['scenarios/vdp-contest-round.yaml', 'scenarios/campaign-armed-rival.yaml', 'scenarios/interfere-rival-plans.yaml']) {
      const raw = parse(readFileSync(file, 'utf8'));
      const trials = raw.mechanic === 'campaign' ? 300 : 2000;
      const run = new ScenarioRun([planScenario(raw, file, { trials })], [runner([], [0, 2]), runner([], [1])]);
      const [dashboard] = (await run.done)!;
      const cli = await poolsim('run', file, '--json', '--trials', String(trials));
      expect(cli.code).toBe(0);
      expect(dashboard!.results.some((p) => p.notes?.some((n) => /skipped|Monte Carlo only/.test(n)))).toBe(true);
      expect(JSON.stringify(dashboard, null, 2) + '\n', file).toBe(cli.out);
    }
  }, 120_000);

  test('a snapshot’s interval narrows as chunks come in, around the same exact value', async () => {
    const one = { ...heist, sweep: undefined, expect: undefined, trials: 4 * CHUNK_TRIALS };
    const widths: number[] = [];
    const run = new ScenarioRun([planScenario(one, 'one.json')], [runner([], [1])], (r) => {
      const point = r.snapshot()[0]!.results[0];
      if (!point) return;
      const m = point.metrics.success!;
      if (widths.at(-1) !== m.ci95[1] - m.ci95[0]) widths.push(m.ci95[1] - m.ci95[0]);
      // The exact value, or none yet, said to be on its way (computed in a worker).
      if (point.exactPending) expect(m.exact).toBeUndefined();
      else expect(m.exact).toBeCloseTo(5 / 16, 12);
    });
    await run.done;
    expect(widths).toHaveLength(4);
    for (let i = 1; i < widths.length; i++) expect(widths[i]).toBeLessThan(widths[i - 1]!);
    // Four times the trials, half the width (to within the estimate's own wobble).
    expect(widths[3]! / widths[0]!).toBeCloseTo(0.5, 1);
  });

  test('A and B run together, each job with its own plan, seed and result', async () => {
    const a = { ...heist, sweep: undefined, expect: undefined, trials: 30000 };
    const b = scenarioB(a, { path: 'setup.challenges', value: 4 });
    const run = new ScenarioRun(
      [
        planScenario(a, 'a.json'),
        planScenario(b, 'b.json'),
      ],
      [runner([], [0]), runner([], [2])],
    );
    const [ra, rb] = (await run.done)!;
    expect(ra!.seed).toBe('dashboard');
    expect(rb!.seed).toBe('dashboard / B');
    expect(ra!.results[0]!.metrics.success!.exact).toBeCloseTo(5 / 16, 12);
    expect(rb!.results[0]!.metrics.success!.exact).toBeCloseTo(1 / 16, 12);
  });

  test('cancelling hands out no more chunks and the run ends without a result', async () => {
    const log: ChunkTask[] = [];
    const big = { ...heist, trials: 20 * CHUNK_TRIALS, expect: undefined };
    const run = new ScenarioRun([planScenario(big, 'big.json')], [runner(log, [2]), runner(log, [2])], (r) => {
      if (log.length >= 4) r.cancel();
    });
    expect(await run.done).toBeUndefined();
    expect(run.isCancelled).toBe(true);
    expect(log.length).toBeLessThanOrEqual(6);
  });

  test('exact values come from the workers, never the page: until they are back a point is said to be computing them, not to have none', async () => {
    // A 2,500-point knavery sweep's exact values held the page 2–4 s at its first snapshots
    // (they were computed there). Here the workers' answer is held back: snapshots must not
    // wait for it or compute it, and must say it is coming.
    let release = () => {};
    const held = new Promise<void>((done) => (release = done));
    const slow: ChunkRunner = {
      ...runner([], [0]),
      exactValues: (tasks, withinMs) => held.then(() => structuredClone(exactValuesTasks(structuredClone(tasks), withinMs))),
    };
    const plan = planScenario({ ...heist, expect: undefined, trials: 2000 }, 'held.json');
    let finished = false;
    const live = new ScenarioRun([plan], [slow]);
    void live.done.then(() => (finished = true));
    while (live.progress()[0]!.trialsDone < 3 * 2000) await new Promise((r) => setTimeout(r, 5));
    await new Promise((r) => setTimeout(r, 20));
    // Every trial is in, the exact values are not: the run is not finished.
    expect(finished).toBe(false);
    expect(live.progress()[0]).toMatchObject({ exactDone: 0, exactTotal: 3 });
    const [snap] = live.snapshot();
    expect(snap!.results.map((p) => [p.exactPending, p.metrics.success!.exact])).toEqual([[true, undefined], [true, undefined], [true, undefined]]);
    const table = panelsFor(snap!).find((p) => p.table.columns.includes('exact'))!.table;
    const exactColumn = table.columns.indexOf('exact');
    expect(exactColumn).toBeGreaterThan(0);
    expect(new Set(table.rows.map((r) => r[exactColumn]!.text))).toEqual(new Set(['computing…']));
    // After a stop, the same points say they were not computed.
    const stopped = panelsFor(snap!, { exactPending: 'stopped' }).find((p) => p.table.columns.includes('exact'))!.table;
    expect(new Set(stopped.rows.map((r) => r[stopped.columns.indexOf('exact')]!.text))).toEqual(new Set(['not computed']));
    release();
    const [result] = (await live.done)!;
    expect(result!.results.every((p) => p.exactPending === undefined && p.metrics.success!.exact !== undefined)).toBe(true);
    expect(live.progress()[0]).toMatchObject({ exactDone: 3, exactTotal: 3 });
  });

  test('a run relabelled with a new name and description goes on, and ends as poolsim run gives the renamed file (typing a name restarted a long sweep)', async () => {
    const scenario = { ...heist, trials: 3000 };
    const live = new ScenarioRun([planScenario(scenario, 'heist.json')], [runner([], [1, 3])]);
    const renamed = { ...scenario, name: 'The Lydgate job', description: 'Can the crew pull it off?' };
    // Anything else changed is another run: refused, nothing taken.
    expect(live.relabel([planScenario({ ...renamed, trials: 3001 }, 'heist.json')])).toBe(false);
    expect(live.relabel([planScenario({ ...renamed, seed: 'other' }, 'heist.json')])).toBe(false);
    expect(live.relabel([planScenario({ ...renamed, sweep: { 'setup.challenges': [2, 3, 5] } }, 'heist.json')])).toBe(false);
    expect(live.snapshot()[0]!.name).toBe(heist.name);
    expect(live.relabel([planScenario(renamed, 'renamed.json')])).toBe(true);
    expect(live.snapshot()[0]!.name).toBe('The Lydgate job');
    const [result] = (await live.done)!;
    expect(JSON.stringify(result)).toBe(JSON.stringify(runPlan(planScenario(renamed, 'renamed.json'))));
    // And the description taken out again: gone from the result, as from the file.
    const again = new ScenarioRun([planScenario(renamed, 'r.json')], [runner([], [0])]);
    expect(again.relabel([planScenario({ ...renamed, description: undefined }, 'r.json')])).toBe(true);
    expect(JSON.stringify((await again.done)![0])).toBe(JSON.stringify(runPlan(planScenario({ ...renamed, description: undefined }, 'r.json'))));
  });

  test('a worker’s failure fails the run with its message', async () => {
    const failing: ChunkRunner = { runChunk: () => Promise.reject(new Error('worker crashed')), exactValues: () => Promise.reject(new Error('worker crashed')) };
    const run = new ScenarioRun([planScenario(heist, 'heist.json')], [failing]);
    await expect(run.done).rejects.toThrow('worker crashed');
  });

  test('when one half of a run fails, the other stops too: no chunks or exact messages for a run already failed', async () => {
    const wide = { ...heist, trials: 4 * CHUNK_TRIALS, sweep: { 'setup.challenges': [1, 2, 3, 4, 5, 6, 7, 8] }, expect: undefined };
    const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
    // The exact values fail at once; chunks keep coming back, slowly.
    const chunks: ChunkTask[] = [];
    const exactFails: ChunkRunner = { runChunk: runner(chunks, [5]).runChunk, exactValues: () => Promise.reject(new Error('exact crashed')) };
    const a = new ScenarioRun([planScenario(wide, 'wide.json')], [exactFails]);
    await expect(a.done).rejects.toThrow('exact crashed');
    const handed = chunks.length;
    await wait(200);
    // At most what was already posted to the worker (comlink-pool.ts keeps a few in flight).
    expect(chunks.length - handed).toBeLessThanOrEqual(4);
    expect(chunks.length).toBeLessThan(32);
    // A chunk fails; the exact values would otherwise go on being asked for, point by point.
    let asked = 0;
    const chunkFails: ChunkRunner = {
      runChunk: () => Promise.reject(new Error('chunk crashed')),
      exactValues: (tasks, withinMs) => {
        asked++;
        return wait(2).then(() => exactValuesTasks(structuredClone(tasks), withinMs));
      },
    };
    const b = new ScenarioRun([planScenario({ ...wide, sweep: { 'setup.challenges': Array.from({ length: 400 }, (_, i) => i) } }, 'many.json')], [chunkFails]);
    await expect(b.done).rejects.toThrow('chunk crashed');
    const askedThen = asked;
    await wait(200);
    expect(asked - askedThen).toBeLessThanOrEqual(2);
    expect(b.isCancelled).toBe(false);
  });

  test('cancelled, a run resolves to nothing even where a worker fails after the cancel', async () => {
    let open = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    const lateFailure: ChunkRunner = {
      runChunk: (task) => Promise.resolve(runChunkTask(structuredClone(task))),
      exactValues: () => gate.then(() => Promise.reject(new Error('worker gone'))),
    };
    const run = new ScenarioRun([planScenario({ ...heist, trials: 2000, expect: undefined }, 'heist.json')], [lateFailure]);
    while (run.progress()[0]!.done < run.progress()[0]!.total) await new Promise((r) => setTimeout(r, 5));
    run.cancel();
    open();
    await expect(run.done).resolves.toBeUndefined();
    expect(run.isCancelled).toBe(true);
  });

  test('one worker per core, at most 16; ?workers=N sets it', () => {
    expect(workerCount('', 8)).toBe(8);
    expect(workerCount('', undefined)).toBe(4);
    expect(workerCount('', 64)).toBe(16);
    expect(workerCount('?workers=1', 8)).toBe(1);
    expect(workerCount('?workers=zero', 2)).toBe(2);
  });

  test('an address’s ?workers= the page does not take is said, not ignored ("abc", "-2", "0", more than 16)', () => {
    expect(workers('', 8)).toEqual({ count: 8 });
    expect(workers('?workers=3', 8)).toEqual({ count: 3 });
    for (const asked of ['abc', '-2', '0', '1.5', '']) {
      const { count, note } = workers(`?workers=${asked}`, 2);
      expect(count, asked).toBe(2);
      expect(note, asked).toBe(`?workers=${asked} in the address is not a number of workers (a whole number from 1), so it is not used: the page runs 2, as it does without it.`);
    }
    expect(workers('?workers=40', 8)).toEqual({ count: 16, note: '?workers=40 in the address is more than the 16 workers the page starts at most: it runs 16.' });
    // Asked twice with two numbers: neither is taken without a word of the other (the first was).
    expect(workers('?workers=2&workers=8', 4)).toEqual({ count: 4, note: 'the address asks for ?workers=2 and ?workers=8, different numbers of workers, so neither is used: the page runs 4, as it does without them.' });
    expect(workers('?workers=3&workers=3', 8)).toEqual({ count: 3 });
    // Alike as read, one number written two ways, is that number (a review: "2" and "02" were
    // said to be different numbers and neither used); each asked is named once; one that is no
    // number is not called one.
    expect(workers('?workers=2&workers=02', 4)).toEqual({ count: 2 });
    expect(workers('?workers=2&workers=2&workers=8', 4)).toEqual({ count: 4, note: 'the address asks for ?workers=2 and ?workers=8, different numbers of workers, so neither is used: the page runs 4, as it does without them.' });
    expect(workers('?workers=2&workers=8&workers=5', 4).note).toBe('the address asks for ?workers=2, ?workers=8 and ?workers=5, different numbers of workers, so none is used: the page runs 4, as it does without them.');
    expect(workers('?workers=abc&workers=4', 4)).toEqual({ count: 4, note: 'the address asks for ?workers=abc and ?workers=4, not one number of workers, so neither is used: the page runs 4, as it does without them.' });
  });
});

function run(scenario: object): Promise<ScenarioResult> {
  return new ScenarioRun([planScenario(scenario, 'x.json')], [runner([], [0])]).done.then((r) => r![0]!);
}

describe('every chart has a table beside it', () => {
  test('one point: probabilities, means and the distribution, each table holding the result’s own numbers', async () => {
    const result = await run({ ...heist, sweep: undefined, expect: undefined, trials: 20000 });
    const panels = panelsFor(result);
    expect(panels.map((p) => p.name)).toEqual(['probabilities', 'means', 'distribution-successes']);
    for (const p of panels) expect(p.svg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    const success = result.results[0]!.metrics.success!;
    expect(panels[0]!.table.columns).toEqual(['', 'estimate', '95% interval', 'exact']);
    expect(panels[0]!.table.rows[0]!.map((c) => c.value)).toEqual([undefined, success.estimate, undefined, success.exact]);
    expect(panels[0]!.table.rows[0]![0]!.text).toBe('P(plan succeeds)');
    const dist = result.results[0]!.distributions!.successes!;
    expect(panels[2]!.table.rows.map((r) => r[1]!.value)).toEqual(dist.p);
  });

  test('the split chart names whose split it is, and what the rest of the pool is for (a dashboard audit: B\'s opposed split read "accomplish / caution dice")', async () => {
    const opposed = (axis: string) => run({ name: 'split', system: 'vdp', mechanic: 'opposed', trials: 2000, seed: 's', setup: { a: { name: 'Mark', accomplish: 4, modifier: 5 }, b: { name: 'Jacob', accomplish: 1, modifier: 5 } }, sweep: { [axis]: [0, 1, 2, 3, 4] } });
    const svgOf = (r: ScenarioResult) => panelsFor(r).find((p) => p.svg.includes('accomplish'))!.svg;
    expect(svgOf(await opposed('setup.b.accomplish'))).toContain('Jacob’s accomplish / resist dice');
    expect(svgOf(await opposed('setup.a.accomplish'))).toContain('Mark’s accomplish / resist dice');
    const risky = await run({ name: 'risky', system: 'vdp', mechanic: 'risky', trials: 2000, seed: 's', setup: { accomplish: 2, modifier: 4, successTarget: 12, riskTarget: 8 }, sweep: { 'setup.accomplish': [0, 1, 2, 3, 4] } });
    expect(svgOf(risky)).toContain('accomplish / caution dice');
  });

  test('a distribution read as at least and at most: cumulative shares, exact ones too', async () => {
    expect(cumulative([0.25, 0.5, 0.25], 'atLeast')).toEqual([1, 0.75, 0.25]);
    expect(cumulative([0.25, 0.5, 0.25], 'atMost')).toEqual([0.25, 0.75, 1]);
    const result = await run({ ...heist, sweep: undefined, expect: undefined, trials: 20000 });
    const [panel] = panelsFor(result, { distributionViews: { successes: 'atLeast' } }).filter((p) => p.distribution);
    expect(panel!.title).toBe('Distribution of successes (dice showing 4+): P(successes (dice showing 4+) ≥ x)');
    expect(panel!.table.columns[1]).toBe('P(≥ x)');
    // P(at least 3 of 4 fair successes) = 5/16, the plan's exact odds against 3 challenges.
    expect(panel!.table.rows[3]![3]!.value).toBeCloseTo(5 / 16, 12);
    expect(panel!.table.rows[3]![1]!.value).toBeCloseTo(result.results[0]!.metrics.success!.estimate, 12);
    // Each cumulative share with its own interval (that of success, the same share), not
    // the single bin's (which read 0.36–0.41 beside 0.87 once bins carried theirs).
    const [lo, hi] = result.results[0]!.metrics.success!.ci95;
    const [a, b] = panel!.table.rows[3]![2]!.text.split(' to ').map(Number);
    expect(a).toBeCloseTo(lo, 3);
    expect(b).toBeCloseTo(hi, 3);
  });

  test('two swept paths: the knavery heatmap, its table participants down and challenges across', async () => {
    const grid = { ...heist, trials: 2000, expect: undefined, sweep: { 'setup.challenges': [1, 2, 3], 'setup.participants.1.count': [0, 1] } };
    const result = await run(grid);
    const panels = panelsFor(result, { axes: Object.keys(grid.sweep), pointCount: 6, setup: grid.setup });
    expect(panels[0]!.name).toBe('heatmap-success');
    // The swept count reads by the participant's name, as the Vary menu says it (reports/sweep.ts).
    expect(panels[0]!.table.columns).toEqual(['minion › how many \\ challenges', '1', '2', '3']);
    const cell = panels[0]!.table.rows[1]![3]!; // 1 minion, 3 challenges
    expect(cell.title).toMatch(/^estimate 0\.\d{4}, 95% interval .* to .*, exact /);
    const point = result.results.find((p) => p.point['setup.challenges'] === 3 && p.point['setup.participants.1.count'] === 1)!;
    // Knavery is exact: the cell shows the exact value and says so; the estimate is on hover.
    expect(cell.value).toBe(point.metrics.success!.exact);
    expect(cell.text).toBe(`${exactFigure(point.metrics.success!.exact!)} exact`);
    expect(panelsFor(result, { heatmapMetric: 'sixes' })[0]!.name).toBe('heatmap-sixes');
    // Listed out of order, the table's values run as the chart's do, in ascending numbers (a
    // review: the chart was sorted, its table kept the file's [3, 1, 2]).
    const shuffled = { ...grid, sweep: { 'setup.challenges': [3, 1, 2], 'setup.participants.1.count': [1, 0] } };
    const table = panelsFor(await run(shuffled), { axes: Object.keys(shuffled.sweep), pointCount: 6, setup: shuffled.setup })[0]!.table;
    expect(table.columns).toEqual(['minion › how many \\ challenges', '1', '2', '3']);
    expect(table.rows.map((r) => r[0]!.text)).toEqual(['0', '1']);
  });

  test('the Sorcerer dice ladder draws as a heatmap of P(win: sorcerer)', async () => {
    const ladder = {
      name: 'ladder', system: 'sorcerer', mechanic: 'contest', trials: 1000, seed: 1,
      setup: { a: { name: 'sorcerer', dice: 3 }, b: { name: 'demon', dice: 3 } },
      sweep: { 'setup.a.dice': [1, 2, 3], 'setup.b.dice': [1, 2, 3] },
    };
    const panels = panelsFor(await run(ladder));
    expect(panels[0]!.name).toBe('heatmap-win.sorcerer');
    expect(panels[0]!.title).toBe('P(win: sorcerer) by side A › dice and side B › dice');
  });

  test('a VDP risky check swept over its split: the split comparison first, with every split’s three outcomes', async () => {
    const risky = {
      name: 'split', system: 'vdp', mechanic: 'risky', trials: 2000, seed: 1,
      setup: { accomplish: 2, modifier: 4, successTarget: 12, riskTarget: 8 },
      sweep: { 'setup.accomplish': [0, 1, 2, 3, 4] },
    };
    const panels = panelsFor(await run(risky));
    expect(panels[0]!.name).toBe('split');
    expect(panels[0]!.table.rows.map((r) => r[0]!.text)).toEqual(['0 / 4', '1 / 3', '2 / 2', '3 / 1', '4 / 0']);
    expect(panels[0]!.table.columns).toEqual(['split', 'P(accomplish meets success target)', 'P(caution meets risk target)', 'P(success and safe)']);
    // All 4 dice on accomplish: 4d6 + 4 ≥ 12, and no caution dice (a total of 0 < 8).
    const allIn = panels[0]!.table.rows[4]!;
    expect(allIn[3]!.value).toBe(0);
    // P(4d6 ≥ 8) = 1261/1296 does not end: rounded, and marked so (exactFigure).
    expect(allIn[1]!.title).toMatch(/^estimate 0\.\d{4}, 95% interval 0\.\d{4} to 0\.\d{4}, exact ≈0\.9\d{3,}$/);
    // Then the report's charts, as the chart plan has them (reports/charts/plan.ts).
    expect(panels.map((p) => p.name)).toEqual(['split', 'over-success', 'over-safe', 'over-successandsafe', 'over-tension']);
  });

  test('compare with a sweep: one metric, point by point, the one asked for', async () => {
    const a = { ...heist, expect: undefined, trials: 5000, sweep: { 'setup.challenges': [2, 3] } };
    const b = scenarioB(a, { path: 'setup.participants.0.dice', value: ['d4'] });
    const [ra, rb] = (await new ScenarioRun(
      [planScenario(a, 'a.json'), planScenario(b, 'b.json')],
      [runner([], [0])],
    ).done)!;
    const rows = compareRows(ra!, rb!);
    expect(rows.map((r) => r.label)).toEqual(['challenges = 2', 'challenges = 3']);
    // The captain's d6 trait made a d4: 3 fair dice and one that succeeds 1 in 4.
    // P(≥2 of 4 with p = ½, ½, ½, ¼) − P(≥2 of 4 fair) = 0.59375 − 0.6875.
    expect(rows[0]!.difference.exact).toBeCloseTo(0.59375 - 0.6875, 12);
    expect(compareRows(ra!, rb!, { metric: 'sixes' }).map((r) => r.kind)).toEqual(['mean', 'mean']);
    expect(comparePanels(ra!, rb!, { metric: 'sixes' }).map((p) => p.title)).toEqual(["Mean final 6s, every plan's (a free push only where the plan fails): A and B", "Mean final 6s, every plan's (a free push only where the plan fails): B − A"]);
    // The A and B chart draws a dot for each side at each point (a side's own label once
    // replaced the row's, and every mark of a sweep fell off the chart).
    const svg = comparePanels(ra!, rb!)[0]!.svg;
    expect(svg.match(/<circle/g)?.length).toBe(4);
  });

  test("compare with a sweep in flight: A's points paired with B's by their values, never by position", async () => {
    const a = { ...heist, expect: undefined, trials: 2000, sweep: { 'setup.challenges': [1, 2, 3] } };
    const plain = scenarioB(a, { path: 'setup.participants.0.dice', value: ['d4'] });
    const [ra, rb] = (await new ScenarioRun([planScenario(a, 'a.json'), planScenario(plain, 'b.json')], [runner([], [0])]).done)!;
    // B with only its first and last points back, as a run stopped early may have.
    const partial = { ...rb!, results: [rb!.results[0]!, rb!.results[2]!] };
    const rows = compareRows(ra!, partial);
    expect(rows.map((r) => r.label)).toEqual(['challenges = 1', 'challenges = 3']);
    expect(rows[1]!.b).toBe(rb!.results[2]!.metrics.success);
    // A sweep B shifts by its change (challenges 2 → 3: B runs 2, 3, 4): A's 1 with B's 2, A's 3 with B's 4.
    const shifted = { ...heist, expect: undefined, trials: 2000, setup: { ...heist.setup, challenges: 2 }, sweep: { 'setup.challenges': [1, 2, 3] } };
    const bShifted = scenarioB(shifted, { path: 'setup.challenges', value: 3 });
    const [sa, sb] = (await new ScenarioRun([planScenario(shifted, 'a.json'), planScenario(bShifted, 'b.json')], [runner([], [0])]).done)!;
    const someOfB = { ...sb!, results: [sb!.results[0]!, sb!.results[2]!] };
    const pairs = compareRows(sa!, someOfB, { shift: { path: 'setup.challenges', by: 1 } });
    expect(pairs.map((r) => r.label)).toEqual(['challenges = 1 (B: 2)', 'challenges = 3 (B: 4)']);
    expect(pairs[1]!.b).toBe(sb!.results[2]!.metrics.success);
  });

  test('compare: metrics only one side reports (B renamed a side) are named, not dropped in silence', async () => {
    const clash = { name: 'c', system: 'viciousness', mechanic: 'clash', trials: 2000, seed: 'c', setup: { sides: [{ name: 'crew', combatants: [{ name: 'x', count: 2 }] }, { name: 'guards', combatants: [{ name: 'y', count: 2 }] }] } };
    const b = scenarioB(clash, { path: 'setup.sides.0.name', value: 'pirates' });
    const [ra, rb] = (await new ScenarioRun([planScenario(clash, 'a.json'), planScenario(b, 'b.json')], [runner([], [0])]).done)!;
    const { onlyA, onlyB } = unpairedMetrics(ra!, rb!);
    expect(onlyA.length).toBeGreaterThan(0);
    expect(onlyA.every((l) => l.includes('crew'))).toBe(true);
    expect(onlyB.every((l) => l.includes('pirates'))).toBe(true);
    expect(onlyB).toHaveLength(onlyA.length);
  });

  test('a pivot table cell is never a bare estimate: the exact value, or the estimate with its interval', () => {
    expect(estimateCell({ estimate: 0.74351, ci95: [0.72391, 0.76222] }, 'probability').text).toBe('0.7435 (0.7239–0.7622)');
    expect(estimateCell({ estimate: 0.74351, ci95: [0.72391, 0.76222], exact: 0.75 }, 'probability').text).toBe('0.75 exact');
    expect(estimateCell({ estimate: 1.5, ci95: [1.4, 1.6] }, 'mean').text).toBe('1.500 (1.400–1.600)');
  });

  test('a number that is not whole never prints as one: a bound of 0.99996 beside 1 read "1.0000 to 1"', () => {
    expect(formatValue(0.99996, 'probability')).toBe('0.99996');
    // A whole figure prints whole, as every table row prints it ("26 [25.9950, 26]").
    expect(formatValue(1, 'probability')).toBe('1');
    expect(formatValue(2.9999, 'mean')).toBe('2.9999');
    expect(formatValue(0.5, 'probability')).toBe('0.5000');
    expect(formatNumber(0.99996)).toBe('0.99996');
    expect(formatNumber(0.7435123)).toBe('0.7435');
  });

  test('a difference\'s figures say no more than its interval (an audit: "+0.000800" beside "−0.019 to +0.020"), and a whole figure prints whole', () => {
    // B − A of two close probabilities: under 0.001, but its interval is 0.02 wide each way.
    const ci = [-0.0192, 0.0208] as [number, number];
    expect(signedNumberCell(0.0008, 'probability', ci).text).toBe('+0.0008');
    expect(signedIntervalCell(ci, 'probability').text).toBe('−0.0192 to +0.0208');
    expect(signedNumberCell(-0.0008, 'probability', ci).text).toBe('−0.0008');
    // Near 0 it still never reads as 0 when it is not (notWhole), and an interval that is
    // itself small keeps the three significant digits a small figure has everywhere.
    expect(signedNumberCell(0.00002, 'probability', ci).text).toBe('+0.00002');
    expect(signedNumberCell(0.00042, 'mean', [0.0003, 0.00055]).text).toBe('+0.000420');
    // No difference at all is "0", as the exact column writes it, not "0.000" beside "0".
    expect(signedNumberCell(0, 'mean', [-0.02, 0.02]).text).toBe('0');
    expect(differenceCell(0).text).toBe('0');
    // A series' whole quantiles (the campaign's rank fan): "2 (2–3)", not "2.000 (2.000–3.000)".
    expect(intervalCell([2, 3], 'mean').text).toBe('2 to 3');
    expect(formatValue(2, 'mean', 0.5)).toBe('2');
  });

  test('a small figure keeps its digits, so an exact value stays inside its own interval (an audit: "0.001 | 0.001 to 0.001 | ≈0.000824")', () => {
    // The default clash page's "mean hits wasted by guards": 0.00092 [0.000732, 0.00113],
    // exact 0.000824, printed as `poolsim run` prints it.
    const wasted = { estimate: 0.00092, ci95: [0.000732, 0.00113] as [number, number], exact: 0.000824 };
    const [estimate, interval] = [numberCell(wasted.estimate, 'mean', wasted.ci95), intervalCell(wasted.ci95, 'mean')];
    expect(`${estimate.text} ${interval.text}`).toBe('0.000920 0.000732 to 0.00113');
    const f = rowFigures(wasted);
    expect(`${f.estimate} ${f.interval}`).toBe('0.000920 [0.000732, 0.00113]');
    // A combat "rounds fought" bin of 0.00005 [0.000021, 0.000118]: "0.0001 | 0.000021 to 0.0001".
    expect(numberCell(0.00005, 'probability', [0.000021, 0.000118]).text).toBe('0.0000500');
    expect(intervalCell([0.000021, 0.000118], 'probability').text).toBe('0.0000210 to 0.000118');
    // An interval above 0.001 that its places would print as one point shows as an interval.
    expect(intervalCell([0.0012, 0.0014], 'mean').text).toBe('0.00120 to 0.00140');
    expect(estimateCell({ estimate: 0.0013, ci95: [0.0012, 0.0014] }, 'mean').text).toBe('0.00130 (0.00120–0.00140)');
    expect(signedIntervalCell([-0.0004, 0.0002], 'mean').text).toBe('−0.000400 to +0.000200');
  });

  test('the means table prints a small mean as `poolsim run` does, its interval as one and its exact value inside it', async () => {
    const result = await run({ ...heist, sweep: undefined, expect: undefined, trials: 2000 });
    // The clash page's wasted hits, in place of a heist mean.
    const [key, m] = Object.entries(result.results[0]!.metrics).find(([, x]) => x.kind === 'mean')!;
    result.results[0]!.metrics[key] = { ...m, estimate: 0.00092, ci95: [0.000732, 0.00113], exact: 0.000824219 };
    const means = panelsFor(result).find((p) => p.name === 'means')!;
    const row = means.table.rows.find((r) => r[1]!.value === 0.00092)!;
    expect(row.slice(1).map((c) => c.text)).toEqual(['0.000920', '0.000732 to 0.00113', '≈0.000824']);
    // A larger mean whose interval three places would print as one point.
    result.results[0]!.metrics[key] = { ...m, estimate: 0.0013, ci95: [0.0012, 0.0014], exact: undefined };
    const again = panelsFor(result).find((p) => p.name === 'means')!.table.rows.find((r) => r[1]!.value === 0.0013)!;
    expect(again.slice(1, 3).map((c) => c.text)).toEqual(['0.00130', '0.00120 to 0.00140']);
  });

  test('the B − A chart signs its labels as the table does: "≈−0.0541", not "≈-0.0541"; "0 exact", not "+0 exact"', () => {
    const at = (exact: number | undefined, estimate = 0.01) => differenceText({ estimate, ci95: [estimate - 0.02, estimate + 0.02], exact }, 'probability');
    expect(at(-0.0541234)).toBe('≈−0.0541 exact');
    expect(at(0)).toBe('0 exact');
    expect(at(0.375)).toBe('+0.375 exact');
    expect(at(-0.0541234)).toBe(`${differenceCell(-0.0541234).text} exact`);
    expect(at(0)).toBe(`${differenceCell(0).text} exact`);
    // The reach from the printed −0.032, rounded up, holds all of [−0.0521, −0.0121].
    expect(at(undefined, -0.0321)).toBe('−0.032 ±0.021');
    expect(at(undefined, 0.0321)).toBe('+0.032 ±0.021');
    // The printed figure and its reach hold the whole interval: 0.0014 [0.00101, 0.0021] read
    // "+0.001 ±0.001", ending at 0.002 (a review); so its mirror image, negative.
    for (const [estimate, ci95] of [[0.0014, [0.00101, 0.0021]], [-0.0014, [-0.0021, -0.00101]]] as [number, [number, number]][]) {
      const text = differenceText({ estimate, ci95 }, 'probability');
      const [, sign, figure, reach] = /^([+−])([\d.]+) ±([\d.]+)$/.exec(text)!;
      const shown = (sign === '−' ? -1 : 1) * Number(figure);
      expect(shown - Number(reach), text).toBeLessThanOrEqual(ci95[0]);
      expect(shown + Number(reach), text).toBeGreaterThanOrEqual(ci95[1]);
    }
    // An interval clear of 0 whose printed "±reach" crosses it: by its two ends, rounded
    // outward, as the table says it (a dashboard audit: "−0.01 ±0.02" beside "−0.024 to
    // −0.003", a campaign's one more troupe read as maybe no change); one that holds 0 keeps "±".
    expect(differenceText({ estimate: -0.0133, ci95: [-0.0241, -0.0026] }, 'mean')).toBe('−0.01 (−0.03 to −0.002)');
    expect(differenceText({ estimate: 0.052, ci95: [0.0043, 0.10037] }, 'mean')).toBe('+0.05 (+0.004 to +0.11)');
    expect(differenceText({ estimate: 0.052, ci95: [-0.0043, 0.10037] }, 'mean')).toBe('+0.05 ±0.06');
    // The chart itself: no hyphen for a minus, no "+0".
    const svg = compareDifference([{ label: 'x', kind: 'probability', a: { estimate: 0.5, ci95: [0.49, 0.51] }, b: { estimate: 0.45, ci95: [0.44, 0.46] }, difference: { estimate: -0.05, ci95: [-0.06, -0.04], exact: -0.0541234 } }], 'probability');
    expect(svg).toContain('≈−0.0541 exact');
    expect(svg).not.toContain('≈-0.0541');
  });

  test('compare: B starts one step from A, not as A again', () => {
    expect(nextValue({ kind: 'number', key: 'challenges', label: 'challenges' }, 3)).toBe(4);
    expect(nextValue({ kind: 'flag', key: 'rattled', label: 'rattled' }, undefined)).toBe(true);
    expect(nextValue({ kind: 'choice', key: 'hitOn', label: 'a hit is', placeholder: '', options: [{ value: 'exact4', label: 'exact4' }, { value: '4+', label: '4+' }] }, 'exact4')).toBe('4+');
    expect(nextValue({ kind: 'dice', key: 'dice', label: 'dice' }, ['d6'])).toEqual(['d6', 'd4']);
  });

  test('compare: a field the file leaves out steps from the default the form shows, not from nothing (B was A)', async () => {
    const { ruleFields } = await import('../reports/fields/rules.ts');
    // The VDP rule "effect dice weigh on": B took its first value, the default, and was A.
    const [effects] = ruleFields('vdp', 'combat');
    expect(shownDefault(effects as never)).toBe('fromLanding');
    expect(nextValue(effects as never, shownDefault(effects as never))).toBe('allActions');
    // A combatant's "how many" left out is 1 (its placeholder): B is 2, not 1.
    const count = { kind: 'number', key: 'count', label: 'how many', placeholder: '1' } as const;
    expect(nextValue(count, shownDefault(count))).toBe(2);
    expect(shownDefault({ kind: 'number', key: 'x', label: 'x', placeholder: 'auto' })).toBeUndefined();
  });

  test('compare: one point compares every metric, A beside B, and B − A with its interval', async () => {
    const a = { ...heist, sweep: undefined, expect: undefined, trials: 20000 };
    const b = scenarioB(a, { path: 'setup.challenges', value: 2 });
    const [ra, rb] = (await new ScenarioRun(
      [planScenario(a, 'a.json'), planScenario(b, 'b.json')],
      [runner([], [0])],
    ).done)!;
    const rows = compareRows(ra!, rb!);
    expect(rows.map((r) => r.label)).toEqual([
      'P(plan succeeds)', 'mean successes (dice showing 4+)', "mean final 6s, every plan's (a free push only where the plan fails)", 'mean challenges left active (0 when it succeeds)',
      'mean participants who pushed to reroll (then rattled)', 'mean free pushes a failed plan leaves (0 when it succeeds)', 'mean challenges active in the fallout (0 when it succeeds)',
    ]);
    // 4 fair dice: P(≥2) − P(≥3) = 11/16 − 5/16.
    expect(rows[0]!.difference.exact).toBeCloseTo(6 / 16, 12);
    expect(rows[0]!.difference.ci95[0]).toBeLessThan(rows[0]!.difference.estimate);
    expect(rows[0]!.difference.ci95[1]).toBeGreaterThan(rows[0]!.difference.estimate);
    const panels = comparePanels(ra!, rb!);
    expect(panels.map((p) => p.name)).toEqual(['compare-probability', 'difference-probability', 'compare-mean', 'difference-mean']);
    expect(panels[1]!.table.rows[0]!.map((c) => c.value)).toEqual([undefined, rows[0]!.difference.estimate, undefined, rows[0]!.difference.exact]);
    // A's and B's tables carry each side's exact value beside its estimate: 11/16 and 5/16.
    expect(panels[0]!.table.columns).toEqual(['', 'A', 'A 95% interval', 'A exact', 'B', 'B 95% interval', 'B exact']);
    const cells = panels[0]!.table.rows[0]!;
    expect(cells[3]!.value).toBeCloseTo(5 / 16, 12);
    expect(cells[6]!.value).toBeCloseTo(11 / 16, 12);
    expect(cells[3]!.text).toBe('0.3125');
    // B − A's exact column by the same rule as A's and B's, signed as the chart's label is:
    // 11/16 − 5/16 whole, and a difference that needs rounding keeps its "≈".
    expect(panels[1]!.table.rows[0]![3]!.text).toBe('+0.375');
    const third = structuredClone(rb!);
    third.results[0]!.metrics.success!.exact = 5 / 16 - 1 / 3;
    const rounded = comparePanels(ra!, third)[1]!.table.rows[0]![3]!;
    expect(rounded.value).toBeCloseTo(-1 / 3, 12);
    // The true minus, as the B − A chart's axis writes it, not a hyphen.
    expect(rounded.text).toBe('≈−0.3333');
    // The estimate and its interval signed as the exact column is: "0.0880" beside
    // "≈+0.0883" read as a value, not a change.
    const [estimate, interval] = [panels[1]!.table.rows[0]![1]!, panels[1]!.table.rows[0]![2]!];
    expect(estimate.text).toBe(signedFigure(formatValue(rows[0]!.difference.estimate, 'probability'), '+'));
    expect(interval.text).toMatch(/^\+0\.\d{4} to \+0\.\d{4}$/);
    const fewer = comparePanels(rb!, ra!)[1]!.table.rows[0]!;
    expect(fewer[1]!.text).toMatch(/^−0\.\d{4}$/);
    expect(fewer[2]!.text).toMatch(/^−0\.\d{4} to −0\.\d{4}$/);
    expect(fewer[3]!.text).toBe('−0.375');
  });
});
