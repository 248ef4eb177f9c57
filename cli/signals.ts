/**
 * Stop signals (Ctrl-C, SIGTERM, SIGHUP) while a command writes its output in one
 * synchronous stretch: a part file (`run --shard --out`), the result JSON on stdout.
 *
 * With no listener a signal ends Node at once, mid-write: `run --json > r.json` left 14 MB
 * of an 84 MB result, cut off, and a shard left its `.partial` file, both with no word and
 * exit 130 or 143 (an audit). Held here, a signal only lands once the synchronous write is
 * done (JavaScript cannot be interrupted), and the writer then looks (`landed`) and takes
 * its output back before saying so, as an interrupted run does: nothing is written.
 *
 * Held only around the write, never around a long synchronous stretch of work (a report's
 * charts, an exact computation), which Ctrl-C would then not stop until its end; and only
 * where the output is a regular file: a write to a terminal nobody reads blocks, and a
 * held Ctrl-C then stopped nothing until it returned (a review), and a pipe's writes are
 * queued, so the write is not over when the loop turns. Those are ended by the signal, as
 * before.
 */
import { Interrupted, STOP_SIGNALS, type StopSignal } from '../workers/schedule.ts';

export class HeldSignals {
  /** The first stop signal that came while held. */
  private by: StopSignal | undefined;
  private readonly handlers: (readonly [string, () => void])[];

  constructor() {
    this.handlers = Object.keys(STOP_SIGNALS).map((by) => {
      // Every signal that came during the write is heard only once it is done, so a second
      // Ctrl-C does not end the process at once (as during a run): that only skipped the
      // taking back, and left the part's temporary file (a review).
      const on = () => {
        this.by ??= by as StopSignal;
      };
      process.on(by, on);
      return [by, on] as const;
    });
  }

  /**
   * The first stop signal that came so far, once the event loop has let any that came
   * during the synchronous work land: its listeners run in the loop's poll phase. Two
   * turns, not one: from code run before the loop's first turn (a module's top level) a
   * signal sent during the work was heard only after the first setImmediate (measured).
   */
  async landed(): Promise<StopSignal | undefined> {
    for (let turn = 0; turn < 2; turn++) await new Promise<void>((resolve) => setImmediate(resolve));
    return this.by;
  }

  /** Stop holding: a signal from now on does what it would have done. */
  release(): void {
    for (const [by, on] of this.handlers) process.off(by, on);
    this.handlers.length = 0;
  }
}

/**
 * A stop signal came as the output went to a file that could not be cut back (others
 * write to it too, or stderr shares it: cli/output.ts): it was written whole first.
 */
export class InterruptedAfterOutput extends Interrupted {
  constructor(signal: StopSignal, why: string) {
    super(signal);
    this.message = `interrupted by ${signal} as the output was written: it was written whole first, and left there: ${why}`;
  }
}
