/**
 * CPU time of the bench campaign (bench/campaign.ts) in this checkout against another one
 * (issue 18, `campaignPerSecond`), for speed work on a machine other work shares: wall
 * clock there says more about the neighbours than about the change, CPU time of the
 * process much less. Each round runs one fresh process per checkout, in alternating
 * order, and each process warms up, then times `--trials` campaigns in chunks as the
 * runner does (process.cpuUsage, user + system). Prints each round, then the medians and
 * their ratio (other / this: above 1, this checkout is faster).
 *
 *   git worktree add /tmp/base main && (cd /tmp/base && npm ci)
 *   node --import tsx bench/campaign-ab.ts /tmp/base --rounds 7 --trials 20000
 *
 * Each side runs in its own checkout's folder, so tsx compiles it with that checkout's
 * tsconfig.json and its own tsx: the other checkout needs its `npm ci` (above), and the
 * two lockfiles should match, or the A/B also measures the compilers.
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i < 0 ? undefined : process.argv[i + 1];
};
const trials = Number(arg('--trials') ?? 20_000);
const CHUNK = 2048;

/** The child: CPU milliseconds of `trials` bench campaigns with the sources under `root`. */
async function child(root: string): Promise<void> {
  const { campaign } = await import(`${root}/sim/viciousness/campaign.ts`);
  const { viciousnessRules } = await import(`${root}/sim/rules.ts`);
  const { benchCampaign } = await import(`${root}/bench/campaign.ts`);
  const { RandomStream } = await import(`${root}/sim/random.ts`);
  const { layoutOf } = await import(`${root}/sim/run.ts`);
  const sim = campaign.prepare(campaign.setup.parse(benchCampaign), viciousnessRules.parse({}));
  const tally = layoutOf(sim).create();
  // Warm-up: the JIT's tiers and the rivals' memo tables (sim/viciousness/rivalMemo.ts).
  sim.run(RandomStream.fromKey('warm'), 3000, tally);
  const random = RandomStream.fromKey('bench');
  const c0 = process.cpuUsage();
  for (let done = 0; done < trials; done += CHUNK) sim.run(random, Math.min(CHUNK, trials - done), tally);
  const c = process.cpuUsage(c0);
  console.log(((c.user + c.system) / 1000).toFixed(1));
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

if (arg('--child') !== undefined) {
  await child(arg('--child')!);
} else {
  const other = process.argv[2];
  if (other === undefined || other.startsWith('--')) throw new Error('usage: campaign-ab.ts OTHER_CHECKOUT [--rounds N] [--trials N]');
  const here = resolve(fileURLToPath(new URL('..', import.meta.url)));
  const there = resolve(other);
  const rounds = Number(arg('--rounds') ?? 7);
  const script = fileURLToPath(import.meta.url);
  const ms = (root: string) => {
    // In the checkout's own folder: tsx compiles with the tsconfig.json of the folder it runs in.
    const r = spawnSync(process.execPath, [...process.execArgv, script, '--child', root, '--trials', String(trials)], { encoding: 'utf8', cwd: root });
    if (r.status !== 0) throw new Error(r.stderr);
    return Number(r.stdout.trim());
  };
  const times: Record<'here' | 'there', number[]> = { here: [], there: [] };
  for (let k = 0; k < rounds; k++) {
    // Alternate which goes first, so a drift in the machine's load falls on both.
    const order = k % 2 === 0 ? (['there', 'here'] as const) : (['here', 'there'] as const);
    for (const which of order) times[which].push(ms(which === 'here' ? here : there));
    console.log(`round ${k + 1}: other ${times.there[k]} ms, this ${times.here[k]} ms`);
  }
  const a = median(times.there);
  const b = median(times.here);
  console.log(`${trials} campaigns, ${rounds} rounds: median CPU other ${a} ms, this ${b} ms; other/this ${(a / b).toFixed(3)}`);
}
