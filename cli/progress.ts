/**
 * The progress bar of long runs, on stderr: trials done, trials per second, time left.
 * Shown only on a terminal, never with `--json` or under CI (the caller decides), and
 * only once a run has lasted SHOW_AFTER_MS, so quick runs print nothing extra.
 */
import cliProgress from 'cli-progress';

/** A run shorter than this shows no bar at all. */
export const SHOW_AFTER_MS = 500;

export interface Progress {
  /** Trials done and trials scheduled so far (the total grows with `--precision` rounds). */
  update(done: number, total: number): void;
  /** Remove the bar (on success, failure or Ctrl-C alike). */
  stop(): void;
}

export const noProgress: Progress = { update() {}, stop() {} };

/** Should a run show a bar? Only on a terminal, not for `--json`, not under CI. */
export function wantsProgress(stream: { isTTY?: boolean }, json: boolean, env: NodeJS.ProcessEnv): boolean {
  const ci = env.CI !== undefined && env.CI !== '' && env.CI !== 'false' && env.CI !== '0';
  return stream.isTTY === true && !json && !ci;
}

/** Whole numbers with thousands separators; millions and more shortened (12.3M). */
function count(n: number): string {
  if (n >= 1e9) return `${(n / 1e9).toFixed(2)}G`;
  if (n >= 1e7) return `${(n / 1e6).toFixed(1)}M`;
  return Math.round(n).toLocaleString('en');
}

function duration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '?';
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}

export function progressBar(
  stream: NodeJS.WritableStream,
  { afterMs = SHOW_AFTER_MS, now = () => performance.now() }: { afterMs?: number; now?: () => number } = {},
): Progress {
  const start = now();
  let bar: cliProgress.SingleBar | undefined;
  return {
    update(done, total) {
      const elapsed = now() - start;
      if (!bar && (elapsed < afterMs || done >= total)) return;
      const rate = done / (elapsed / 1000);
      const figures = { done: count(done), all: count(total), rate: count(rate), left: duration((total - done) / rate) };
      if (!bar) {
        bar = new cliProgress.SingleBar({
          stream,
          format: '{bar} {percentage}% | {done}/{all} trials | {rate} trials/s | {left} left',
          barsize: 30,
          hideCursor: true,
          clearOnComplete: true,
          // The bar is redrawn on updates and on a timer; nothing else writes to stderr meanwhile.
          fps: 5,
        });
        bar.start(total, done, figures);
        return;
      }
      bar.setTotal(total);
      bar.update(done, figures);
    },
    stop() {
      bar?.stop();
      bar = undefined;
    },
  };
}
