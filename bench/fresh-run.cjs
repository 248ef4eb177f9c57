// One run of a scenario in this fresh `node`, on the compiled command, as `poolsim run
// --workers N` does it: `node bench/fresh-run.cjs BUILD_DIR SCENARIO [WORKERS]` loads
// cli.cjs through the build's loader (code cache and all, as bin/poolsim.js does), plans
// the file, then prints how many ms `runBatch` took: the threads' start, the kernel's JIT
// warm-up in every thread and the merging included; the process's own start and loading
// not (bench/startup.ts times those). bench/workers.ts runs it for its cold figures.
'use strict';
const { join } = require('node:path');

async function main() {
  const [dir, file, workers] = process.argv.slice(2);
  const { loadBundle } = require(join(dir, 'load.cjs'));
  const cli = loadBundle(join(dir, 'cli.cjs')).exports;
  const plans = cli.loadPlans([file]);
  const t0 = performance.now();
  await cli.runBatch(plans, workers === undefined ? {} : { workers: Number(workers) });
  process.stdout.write(`${performance.now() - t0}\n`);
}

main().catch((e) => {
  process.stderr.write(`${e.stack ?? e}\n`);
  process.exit(1);
});
