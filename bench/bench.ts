/**
 * `npm run bench [-- --json]`: throughput of the kernel, each figure quoted as a ratio
 * against a baseline measured in the same run (so the machine's speed cancels out). A
 * benchmark, not a test: it asserts nothing. With `--json` the last line is one JSON
 * object with every figure.
 *
 * Each section is a module exporting `run(): Promise<Record<string, number>>`.
 */
import * as core from './core.ts';
import * as battle from './battle.ts';
import * as campaign from './campaign.ts';
import * as multiround from './multiround.ts';
import * as workers from './workers.ts';
import * as startup from './startup.ts';
import * as solve from './solve.ts';

const sections: { name: string; run: () => Promise<Record<string, number>> }[] = [
  { name: 'core', run: core.run },
  { name: 'battle', run: battle.run },
  { name: 'multiround', run: multiround.run },
  { name: 'campaign', run: campaign.run },
  { name: 'workers', run: workers.run },
  { name: 'startup', run: startup.run },
  { name: 'solve', run: solve.run },
];

// The startup and workers sections run the compiled CLI and worker (scripts/build.mjs):
// build them first if the sources changed, so no figure comes from an old build.
const { build, currentBuild } = await import('../scripts/build.mjs');
if (!currentBuild()) await build();

const json = process.argv.includes('--json');
const only = process.argv.find((a) => a.startsWith('--only='))?.slice(7).split(',');
const figures: Record<string, number> = {};
for (const section of sections) {
  if (only && !only.includes(section.name)) continue;
  const t0 = performance.now();
  const out = await section.run();
  Object.assign(figures, out);
  process.stderr.write(`[${section.name}] ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
  for (const [k, v] of Object.entries(out)) process.stdout.write(`${k.padEnd(28)} ${formatFigure(v)}\n`);
}
if (json) process.stdout.write(JSON.stringify(figures) + '\n');

function formatFigure(v: number): string {
  return Math.abs(v) >= 100 ? Math.round(v).toLocaleString('en') : v.toPrecision(4);
}
