/**
 * Issue #5, "precision target": `--precision P` adds chunks to each point, in rounds, until
 * every metric's 95% half-width is at most P (or `--max-trials`). A round's size depends
 * only on the tally merged so far (sim/precision.ts), so the same command gives the same
 * JSON with any number of workers, and a point that ran T trials reports exactly what
 * `--trials T` reports.
 */
import { describe, expect, it } from 'vitest';
import { CHUNK_TRIALS } from '../sim/run.ts';
import { TallyLayout } from '../sim/stats.ts';
import { FIRST_ROUND_CHUNKS, MAX_ROUND_GROWTH, ROUND_MARGIN, nextChunkTarget, widestHalfWidth } from '../sim/precision.ts';
import { DEFAULT_MAX_TRIALS } from '../cli/main.ts';
import type { PointResult, ScenarioResult } from '../sim/result.ts';
import { AMBUSH, HEIST, poolsim } from './parallel/cli.ts';

/** A sweep whose points need different numbers of trials (no `trials`: the default). */
const CREW = 'tests/fixtures/precision/crew-sweep.json';

/** The widest 95% half-width of a result point, read from its JSON as a user would. */
function widest(point: PointResult): number {
  return Math.max(...Object.values(point.metrics).map((m) => (m.ci95[1] - m.ci95[0]) / 2));
}

async function fixed(file: string, trials: number): Promise<ScenarioResult> {
  const r = await poolsim(['run', file, '--json', '--workers', '1', '--trials', String(trials)]);
  return JSON.parse(r.stdout);
}

describe('--precision', () => {
  it('stops at the first round whose every half-width is within the target, as the documented rounds say', async () => {
    const target = 0.003;
    const r = await poolsim(['run', AMBUSH, '--json', '--workers', '2', '--precision', String(target)]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const result: ScenarioResult = JSON.parse(r.stdout);
    expect(result.precision).toBe(target);
    expect(result.trials).toBe(DEFAULT_MAX_TRIALS);
    const point = result.results[0];
    expect(widest(point)).toBeLessThanOrEqual(target);

    // Replay the rounds from fixed runs: round 1 is one chunk; each next round aims at
    // n·(h/target)²·ROUND_MARGIN trials, in whole chunks, at least one more chunk.
    let chunks = FIRST_ROUND_CHUNKS;
    const rounds: number[] = [];
    for (;;) {
      const run = await fixed(AMBUSH, chunks * CHUNK_TRIALS);
      const h = widest(run.results[0]);
      rounds.push(chunks);
      if (h <= target) {
        // The point is exactly the fixed run of the trials it took.
        expect(point).toEqual(run.results[0]);
        break;
      }
      const wanted = Math.ceil((chunks * CHUNK_TRIALS * (h / target) ** 2 * ROUND_MARGIN) / CHUNK_TRIALS);
      chunks = Math.max(chunks + 1, Math.min(wanted, chunks * MAX_ROUND_GROWTH));
    }
    expect(point.trials).toBe(rounds[rounds.length - 1] * CHUNK_TRIALS);
    // One chunk is not enough for ±0.003 here, so there were at least two rounds.
    expect(rounds.length).toBeGreaterThan(1);
  }, 60_000);

  it('gives the same JSON with 1 and 2 workers, each point of a sweep with its own trials', async () => {
    const one = await poolsim(['run', CREW, '--json', '--workers', '1', '--precision', '0.002']);
    const two = await poolsim(['run', CREW, '--json', '--workers', '2', '--precision', '0.002']);
    expect(two.stdout).toBe(one.stdout);
    const result: ScenarioResult = JSON.parse(one.stdout);
    for (const point of result.results) {
      expect(widest(point)).toBeLessThanOrEqual(0.002);
      expect(point.trials! % CHUNK_TRIALS).toBe(0);
    }
    // Four minions add four dice: more variance in `successes`, so more trials.
    expect(result.results[0].trials).toBeLessThan(result.results[1].trials!);
  }, 60_000);

  it('stops at --max-trials, says so on stderr, and the top-level trials is that cap', async () => {
    const r = await poolsim(['run', HEIST, '--json', '--workers', '1', '--precision', '0.0001', '--max-trials', '100000']);
    expect(r.code).toBe(0);
    const result: ScenarioResult = JSON.parse(r.stdout);
    expect(result.trials).toBe(100000);
    expect(result.results.map((p) => p.trials)).toEqual([100000, 100000, 100000]);
    expect(result.results).toEqual((await fixed(HEIST, 100000)).results);
    expect(r.stderr).toMatch(/^poolsim: --precision 0\.0001 not reached within --max-trials at 3 point\(s\):\n/);
    expect(r.stderr).toContain(`${HEIST}: result point 0 {"setup.challenges":2}: ±`);
    expect(r.stderr).toContain('after 100,000 trials');
  }, 30_000);

  it('the readable output says the target and each point\'s trials', async () => {
    const r = await poolsim(['run', HEIST, '--workers', '1', '--precision', '0.01']);
    expect(r.stdout).toContain('until every 95% interval\'s half-width is at most 0.01, at most 100000000 trials per point, seed "parallel-heist"');
    expect(r.stdout).toContain(`\n  ${CHUNK_TRIALS} trials\n`);
  });

  it('refuses bad precision flags (exit 2)', async () => {
    const cases: [string[], string][] = [
      [['--precision', '0'], '--precision expects a positive number such as 0.001, got "0"'],
      [['--precision', 'tight'], '--precision expects a positive number'],
      [['--precision', '0.01', '--trials', '1000'], '--precision runs until the interval is narrow enough, so it takes no --trials'],
      [['--max-trials', '1000'], '--max-trials caps --precision'],
      [['--precision', '0.01', '--max-trials', '0'], '--max-trials expects a positive whole number'],
      [['--precision', '0.01', '--max-trials', '2000000000'], '--max-trials expects at most 1000000000'],
    ];
    for (const [flags, message] of cases) {
      const r = await poolsim(['run', HEIST, ...flags]);
      expect(r.code, flags.join(' ')).toBe(2);
      expect(r.stderr).toContain(message);
      expect(r.stdout).toBe('');
    }
  });
});

describe('nextChunkTarget (sim/precision.ts)', () => {
  const layout = new TallyLayout([{ name: 'success', kind: 'probability' }]);
  /** A tally of `n` trials with `k` successes. */
  const tally = (n: number, k: number) => {
    const t = layout.create();
    t.addTrials(n);
    t.addMany(0, 1, k);
    return t;
  };

  it('starts with one chunk, then aims at n·(h/target)²·margin trials', () => {
    expect(nextChunkTarget(layout.create(), 0.001, 0, 100, CHUNK_TRIALS)).toBe(1);
    const half = tally(CHUNK_TRIALS, CHUNK_TRIALS / 2);
    // Wilson at p = 1/2, n = 65536: half-width ≈ 1.96·√(0.25/65536) ≈ 0.003828.
    expect(widestHalfWidth(half)).toBeCloseTo(0.003828, 5);
    // (0.003828/0.001)²·1.05 ≈ 15.4 chunks → 16.
    expect(nextChunkTarget(half, 0.001, 1, 100, CHUNK_TRIALS)).toBe(16);
  });

  it('stops when reached or capped, grows at least one chunk and at most MAX_ROUND_GROWTH times', () => {
    const half = tally(CHUNK_TRIALS, CHUNK_TRIALS / 2);
    expect(nextChunkTarget(half, 0.004, 1, 100, CHUNK_TRIALS)).toBe(1);
    expect(nextChunkTarget(half, 0.001, 1, 10, CHUNK_TRIALS)).toBe(10);
    expect(nextChunkTarget(half, 0.001, 10, 10, CHUNK_TRIALS)).toBe(10);
    expect(nextChunkTarget(half, 0.0001, 1, 10_000, CHUNK_TRIALS)).toBe(MAX_ROUND_GROWTH);
    // Just short of the target: one more chunk, not zero.
    expect(nextChunkTarget(half, 0.00382, 1, 100, CHUNK_TRIALS)).toBe(2);
  });

  it('a metric that never varied aims at n·(h/target) trials: its bound shrinks as 1/n', () => {
    // A count (least value 0) that was 0 in all 65,536 trials: [0, 3.84/n], half-width
    // 1.92/n ≈ 2.93e-5. At 1e-5 it needs n ≥ 192,000: 3.07 chunks ·1.05 → 4 (squaring the
    // ratio aimed at 9). A share never seen behaves alike (Wilson's bound).
    const count = new TallyLayout([{ name: 'pushed', kind: 'mean', min: 0 }]).create();
    count.addTrials(CHUNK_TRIALS);
    expect(widestHalfWidth(count)).toBeCloseTo(1.92 / CHUNK_TRIALS, 7);
    expect(nextChunkTarget(count, 1e-5, 1, 1000, CHUNK_TRIALS)).toBe(4);
    expect(nextChunkTarget(tally(CHUNK_TRIALS, 0), 1e-5, 1, 1000, CHUNK_TRIALS)).toBe(4);
    // Four chunks later it has reached the target.
    const four = new TallyLayout([{ name: 'pushed', kind: 'mean', min: 0 }]).create();
    four.addTrials(4 * CHUNK_TRIALS);
    expect(widestHalfWidth(four)).toBeLessThanOrEqual(1e-5);
  });
});
