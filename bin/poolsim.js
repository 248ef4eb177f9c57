#!/usr/bin/env node
// The `poolsim` command: runs the compiled CLI in build/ (scripts/build.mjs, made by
// `npm install`). Before that it checks the build against the sources it was made from;
// if any has changed since, it rebuilds first (a few hundred ms, said on stderr), so an
// edited source never runs as its old compiled self.
import { utimesSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { BUILD, ROOT, build, currentBuild } from '../scripts/build.mjs';

// `poolsim run … --json | head` closes the pipe early: that is not an error. Any other
// failure to write the output (a full disk: ENOSPC) is the command failing, exit 3 with
// the system's words; as an uncaught error it exited 1, "a check failed", and CI read a
// truncated result as a balance failure. (Output to a regular file, `--json > result.json`,
// is written by main itself, every byte or exit 3: Node's stream there ignores a short
// write, and this handler never heard of it: cli/output.ts.)
let hungUp = false;
process.stdout.on('error', (e) => {
  if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  // Its terminal is gone (hung up): end as a hangup ends a command (a review: the exit(3)
  // here crashed Node on the dead terminal). While a run or a report's writing listens
  // for SIGHUP, the signal goes to it, once, to stop cleanly (the end below re-raises it);
  // otherwise it ends the command now, as its default does.
  if (e.code === 'EIO') {
    if (process.listenerCount('SIGHUP') === 0) hangUp();
    else if (!hungUp) {
      hungUp = true;
      process.kill(process.pid, 'SIGHUP');
    }
    return;
  }
  process.stderr.write(`poolsim: the output could not be written: ${e.message}\n`);
  process.exit(3);
});

// Nothing can be said where stderr cannot be written (a terminal hung up: EIO); left
// unheard, the error crashed Node (SIGSEGV, a core file) as the progress bar was cleared
// after a SIGHUP (a review).
process.stderr.on('error', () => {});

/** `path` from the current folder, or whole where that folder is gone (deleted under the shell). */
function fromHere(path) {
  try {
    return relative(process.cwd(), path);
  } catch {
    return path;
  }
}

/** End by SIGHUP, its handlers gone, as its default would have ended the command. */
function hangUp() {
  process.removeAllListeners('SIGHUP');
  process.kill(process.pid, 'SIGHUP');
}

let current = currentBuild();
if (!current) {
  try {
    await import('esbuild');
  } catch {
    process.stderr.write(
      'poolsim: the compiled command in build/ is missing or older than the sources, and esbuild (a development\n' +
        'dependency) is not installed to rebuild it: run `npm install` in the poolsim folder, then try again\n',
    );
    process.exit(2);
  }
  process.stderr.write('poolsim: the sources changed since the last build, compiling them first (npm run build:cli)\n');
  try {
    current = await build({ quiet: true });
  } catch (e) {
    // A checkout it cannot write (read-only, a full disk): one line and exit 3 (the command
    // could not run), not esbuild's stack trace and Node's exit 1, which means "a check
    // failed" to CI (an audit).
    // esbuild's first error with its place (a mistake in a source), or the system's words;
    // where to go next depends on which (a review: a typo lost its file and line, and was
    // told to find a user who can write).
    const first = e?.errors?.[0];
    // esbuild names the file from the poolsim folder: said from here, where the command ran.
    const file = first?.location ? fromHere(join(ROOT, first.location.file)) : '';
    const at = first?.location ? `${file}:${first.location.line}:${first.location.column + 1}: ` : '';
    const why = `${at}${String(first?.text ?? e?.message ?? e).split('\n')[0]}`;
    const unwritable = /EACCES|EROFS|ENOSPC|EEXIST|ENOTDIR|EPERM|permission denied|read-only|no space|no such file/i.test(`${e?.code ?? ''} ${why}`) && !first?.location;
    const full = /ENOSPC|no space/i.test(`${e?.code ?? ''} ${why}`);
    let next = 'put back the sources changed since the last build (git status, git checkout), or fix what it says, then try again';
    if (first?.location) next = 'fix the source it names (or put it back as it was: git checkout), then try again';
    if (unwritable) next = 'run `npm run build:cli` in the poolsim folder as a user who can write there, then try again';
    if (full) next = 'free some space on that disk, then try again';
    process.stderr.write(`poolsim: the compiled command could not be rebuilt in ${BUILD}: ${why}\n  ${next}\n`);
    process.exit(3);
  }
}
// Marked as in use: old builds are pruned by this time (scripts/build.mjs pruneOld), so a
// build made days ago and still run is not removed under a command that runs it (an
// audit). Nothing to do where the checkout is read-only.
try {
  const now = new Date();
  utimesSync(current.dir, now, now);
} catch {
  // Read-only: nothing prunes there either.
}
// cli.cjs through its code cache (scripts/load-bundle.cjs says why).
const { loadBundle } = createRequire(import.meta.url)(join(current.dir, 'load.cjs'));
const { main } = loadBundle(join(current.dir, 'cli.cjs')).exports;
try {
  // The digest of the build's code goes into a shard's part, and merge refuses another's (cli/shard.ts).
  process.exitCode = await main(process.argv.slice(2), undefined, undefined, { build: current.code });
} catch (e) {
  // Every error a user can cause has its own message and exit code (main); anything else
  // is a bug. Exit 3 (a run failed), not Node's 1, which means "a check failed" and would
  // send CI (.ci/balance) on to compare reports that were never written.
  // A system error (a disk full, a permission refused) is said as it is; anything else is a bug.
  process.stderr.write(
    e?.syscall !== undefined
      ? `poolsim: ${e.message}\n`
      : `poolsim: an internal error stopped the command (a bug: please report it with the command and its files):\n${e?.stack ?? e}\n`,
  );
  process.exitCode = 3;
}

// Stopped by SIGHUP (its terminal closed, an ssh session dropped) and cleaned up: end by
// that signal itself, its handlers gone, as its default would have ended it — a shell
// says 129 all the same. Left to exit, Node (20) aborts when its terminal has hung up on
// it (SIGABRT or SIGSEGV: a crash report, or a core file where they are kept). Windows
// has no such signal to send.
if (process.exitCode === 129 && process.platform !== 'win32') hangUp();
