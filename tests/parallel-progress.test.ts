/**
 * Issue #5, "progress": on a terminal a long run shows a bar with trials per second and
 * time left, on stderr; nothing of it with `--json`, off a terminal, or under CI.
 */
import { describe, expect, it } from 'vitest';
import { progressBar, wantsProgress, SHOW_AFTER_MS } from '../cli/progress.ts';
import { TerminalCapture, HEIST, poolsim } from './parallel/cli.ts';

describe('progress bar', () => {
  it('is wanted only on a terminal, without --json, outside CI', () => {
    expect(wantsProgress({ isTTY: true }, false, {})).toBe(true);
    expect(wantsProgress({ isTTY: true }, true, {})).toBe(false);
    expect(wantsProgress({}, false, {})).toBe(false);
    expect(wantsProgress({ isTTY: true }, false, { CI: 'true' })).toBe(false);
    expect(wantsProgress({ isTTY: true }, false, { CI: '1' })).toBe(false);
    expect(wantsProgress({ isTTY: true }, false, { CI: 'false' })).toBe(true);
  });

  it(`appears only after ${SHOW_AFTER_MS} ms, with trials done, trials per second and time left`, () => {
    let clock = 0;
    const err = new TerminalCapture();
    const bar = progressBar(err as unknown as NodeJS.WritableStream, { now: () => clock });
    bar.update(1_000_000, 10_000_000);
    clock = SHOW_AFTER_MS - 1;
    bar.update(2_000_000, 10_000_000);
    expect(err.text).toBe('');
    // 4M of 10M after 2 s: 2M trials/s, 3 s left.
    clock = 2000;
    bar.update(4_000_000, 10_000_000);
    bar.stop();
    expect(err.text).toContain('40% | 4,000,000/10.0M trials | 2,000,000 trials/s | 3s left');
  });

  it('`poolsim run` draws it on a terminal stderr, and stdout holds only the results', async () => {
    const r = await poolsim(['run', HEIST, '--workers', '1', '--trials', '600000'], { progressAfterMs: 0 }, true);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/\d+% \| [\d,.M]+\/1,800,000 trials \| [\d,.M]+ trials\/s \| \S+ left/);
    expect(r.stdout).not.toContain('trials/s');
    expect(r.stdout).toContain('600000 trials per point');
  });

  it('draws nothing with --json or under CI, even on a terminal', async () => {
    const json = await poolsim(['run', HEIST, '--workers', '1', '--json'], { progressAfterMs: 0 }, true);
    expect(json.stderr).toBe('');
    const ci = await poolsim(['run', HEIST, '--workers', '1'], { progressAfterMs: 0, env: { CI: 'true' } }, true);
    expect(ci.stderr).toBe('');
    const pipe = await poolsim(['run', HEIST, '--workers', '1'], { progressAfterMs: 0 });
    expect(pipe.stderr).toBe('');
  });
});
