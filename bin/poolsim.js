#!/usr/bin/env node
// The `poolsim` command: runs the compiled CLI in build/ (scripts/build.mjs, made by
// `npm install`). Before that it checks the build against the sources it was made from;
// if any has changed since, it rebuilds first (a few hundred ms, said on stderr), so an
// edited source never runs as its old compiled self.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { build, currentBuild } from '../scripts/build.mjs';

// `poolsim run … --json | head` closes the pipe early: that is not an error.
process.stdout.on('error', (e) => {
  if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw e;
});

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
  current = await build();
}
// cli.cjs through its code cache (scripts/load-bundle.cjs says why).
const { loadBundle } = createRequire(import.meta.url)(join(current.dir, 'load.cjs'));
const { main } = loadBundle(join(current.dir, 'cli.cjs')).exports;
process.exitCode = await main(process.argv.slice(2));
