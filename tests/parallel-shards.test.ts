/**
 * Issue #5, "shards that merge across machines": `run --shard i/n --out PART` runs the
 * chunks shardOf gives shard i ((point + chunk) mod n) and writes their integer tallies;
 * `merge` refuses parts that do not belong together and otherwise prints exactly what
 * one machine prints.
 */
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync, existsSync, readdirSync, symlinkSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { shardOf } from '../cli/runner.ts';
import { parseShard, resolveShard, ShardError } from '../cli/shard.ts';
import { FIXTURES, HEIST, AMBUSH, poolsim } from './parallel/cli.ts';
import { tempFolders } from './helpers.ts';

/** This file's temporary folders, removed after its tests (helpers.ts tempFolders). */
const tempFolder = tempFolders();

const dir = tempFolder('poolsim-shards-');
const part = (name: string) => join(dir, name);

/** Run shard i of n of `files` into `name`, with extra flags. */
async function shard(files: string[], spec: string, name: string, extra: string[] = []) {
  const r = await poolsim(['run', ...files, '--shard', spec, '--out', part(name), ...extra]);
  expect(r.stderr).toContain(`shard ${spec}`);
  expect(r.code).toBe(0);
  expect(r.stdout).toBe('');
  return part(name);
}

describe('shards', () => {
  let whole: string;
  let parts: string[];

  beforeAll(async () => {
    whole = (await poolsim(['run', FIXTURES, '--json', '--workers', '1'])).stdout;
    parts = [];
    // Shards run with different worker counts, as on different machines.
    for (const [i, workers] of [[0, '1'], [1, '2'], [2, '1']] as const) {
      parts.push(await shard([FIXTURES], `${i}/3`, `part-${i}.json`, ['--workers', workers]));
    }
  }, 60_000);

  it('three shards merged print byte for byte what one run prints, in any order', async () => {
    const merged = await poolsim(['merge', ...parts, '--json']);
    expect(merged.stderr).toBe('');
    expect(merged.code).toBe(0);
    expect(merged.stdout).toBe(whole);
    const shuffled = await poolsim(['merge', parts[2], parts[0], parts[1], '--json']);
    expect(shuffled.stdout).toBe(whole);
    // Without --json: the same readable table as `run`.
    const table = await poolsim(['merge', ...parts]);
    expect(table.stdout).toBe((await poolsim(['run', FIXTURES, '--workers', '1'])).stdout);
  });

  it('a part written again keeps the mode of the one it replaces (a files audit: a part made read-only came back rw-r--r--)', async () => {
    const again = part('mode.json');
    expect((await poolsim(['run', AMBUSH, '--shard', '0/2', '--out', again, '--trials', '2000'])).code).toBe(0);
    chmodSync(again, 0o640);
    expect((await poolsim(['run', AMBUSH, '--shard', '0/2', '--out', again, '--trials', '2000'])).code).toBe(0);
    expect(statSync(again).mode & 0o777).toBe(0o640);
  });

  it('a part holds whole-number tallies, the scenario, seed, trials, file, shard and hash', () => {
    const p = JSON.parse(readFileSync(parts[1], 'utf8'));
    expect(p.format).toBe('poolsim-part');
    expect(p.shard).toEqual({ index: 1, count: 3 });
    expect(p.files.map((f: { file: string }) => f.file)).toEqual([AMBUSH, HEIST]);
    const heist = p.files[1];
    expect(heist.seed).toBe('parallel-heist');
    expect(heist.trials).toBe(200000);
    expect(heist.scenario.name).toBe('Knavery: a 3-person heist, 2 to 4 challenges');
    expect(heist.hash).toMatch(/^[0-9a-f]{64}$/);
    // 200000 trials are chunks 0..3; point p's chunks in shard 1 are those with (p + c) mod 3 = 1.
    expect(heist.points.map((x: { chunks: number[] }) => x.chunks)).toEqual([[1], [0, 3], [2]]);
    for (const x of heist.points) for (const v of x.tally) expect(Number.isInteger(v)).toBe(true);
  });

  it('shardOf spreads both the chunks of one point and the points of a sweep', () => {
    expect([0, 1, 2, 3, 4, 5].map((c) => shardOf(0, c, 3))).toEqual([0, 1, 2, 0, 1, 2]);
    expect([0, 1, 2, 3, 4, 5].map((p) => shardOf(p, 0, 3))).toEqual([0, 1, 2, 0, 1, 2]);
  });

  it('takes the shard index from a batch engine: JOB_COMPLETION_INDEX with --shards, or POOLSIM_* variables', async () => {
    const byEnv: string[] = [];
    for (let i = 0; i < 3; i++) {
      const file = part(`k8s-${i}.json`);
      const r = await poolsim(['run', FIXTURES, '--shards', '3', '--out', file, '--workers', '1'], { env: { JOB_COMPLETION_INDEX: String(i) } });
      expect(r.code).toBe(0);
      byEnv.push(file);
    }
    expect(readFileSync(byEnv[1], 'utf8')).toBe(readFileSync(parts[1], 'utf8'));
    expect((await poolsim(['merge', ...byEnv, '--json'])).stdout).toBe(whole);

    expect(resolveShard({}, { POOLSIM_SHARDS: '4', POOLSIM_SHARD_INDEX: '3' })).toEqual({ index: 3, count: 4 });
    expect(resolveShard({ shards: '2' }, { JOB_COMPLETION_INDEX: '1', POOLSIM_SHARD_INDEX: '1' })).toEqual({ index: 1, count: 2 });
    expect(() => resolveShard({ shards: '2' }, { JOB_COMPLETION_INDEX: '1', POOLSIM_SHARD_INDEX: '0' })).toThrow('set one of them, or both alike');
    expect(() => resolveShard({ shards: '3' }, {})).toThrow('--shards 3 needs the shard index in $JOB_COMPLETION_INDEX or $POOLSIM_SHARD_INDEX');
    expect(() => resolveShard({ shards: '3' }, { JOB_COMPLETION_INDEX: '3' })).toThrow('shard index 3 is not below 3');
    expect(() => parseShard('1of3')).toThrow(ShardError);
  });

  it('refuses bad shard flags before running anything (exit 2)', async () => {
    const cases: [string[], string][] = [
      [['--shard', '3/3', '--out', part('x.json')], 'shard index 3 is not below 3'],
      [['--shard', '0/0', '--out', part('x.json')], 'the number of shards must be at least 1'],
      [['--shard', 'one/3', '--out', part('x.json')], '--shard expects I/N'],
      [['--shard', '0/3'], '--shard and --shards write a part file: give --out PART.json'],
      [['--out', part('x.json')], '--out writes one shard\'s part: give --shard I/N'],
      [['--shard', '0/2', '--shards', '2', '--out', part('x.json')], 'give --shard I/N or --shards N, not both'],
      [['--shard', '0/2', '--out', part('x.json'), '--precision', '0.01'], '--precision cannot be split into shards'],
    ];
    for (const [flags, message] of cases) {
      const r = await poolsim(['run', HEIST, ...flags]);
      expect(r.code, flags.join(' ')).toBe(2);
      expect(r.stderr).toContain(message);
    }
    expect(existsSync(part('x.json'))).toBe(false);
  });

  it('a shard of one chunk says "1 chunk", of one file "1 file"', async () => {
    const one = part('one-point.json');
    writeFileSync(one, JSON.stringify({ name: 'one', system: 'viciousness', mechanic: 'knowledge', trials: 1000, seed: 'o', setup: {} }));
    const r = await poolsim(['run', one, '--shard', '0/2', '--out', part('one-chunk.json')]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/shard 0\/2: 1 chunk, 1,000 trials of 1 file written to /);
  });

  it("a refused shard run leaves --out's folder untouched, not even a file made and removed; the part's name is printed with its control characters shown (an audit)", async () => {
    const folder = tempFolder('poolsim-untouched-');
    const bad = join(folder, 'bad.json');
    writeFileSync(bad, '');
    const outs = tempFolder('poolsim-untouched-out-');
    // An old time set by hand: a file made and removed in the folder moves it to now.
    utimesSync(outs, 1_000_000, 1_000_000);
    for (const args of [[bad], [folder]]) {
      const r = await poolsim(['run', ...args, '--shard', '0/1', '--out', args[0] === folder ? join(folder, 'p.json') : join(outs, 'p.json')]);
      expect(r.code, r.stderr).toBe(2);
    }
    expect(statSync(outs).mtimeMs).toBe(1_000_000_000);
    expect(readdirSync(outs)).toEqual([]);
    const odd = join(outs, 'q\u001b[31m.json');
    const ok = await poolsim(['run', HEIST, '--trials', '1000', '--shard', '0/1', '--out', odd]);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stderr).toContain('written to ' + join(outs, 'q\\u001b[31m.json'));
    expect(ok.stderr).not.toContain('\u001b');
  });

  it('refuses a part written into a folder being run, where the next shard would read it as a scenario (exit 2)', async () => {
    const folder = tempFolder('poolsim-inplace-');
    writeFileSync(join(folder, 'heist.json'), readFileSync(HEIST));
    const r = await poolsim(['run', folder, '--shard', '0/2', '--out', join(folder, 'part-0.json')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`is in the folder ${folder}, which is being run, and the next run of it would read the part as a scenario`);
    expect(readdirSync(folder)).toEqual(['heist.json']);
    // Nor through a link to the folder, either way round: compared by what the names lead to.
    const link = join(tempFolder('poolsim-inplace-link-'), 'lib');
    symlinkSync(folder, link);
    for (const [input, out] of [[link, join(folder, 'part-0.json')], [folder, join(link, 'part-0.json')]]) {
      const l = await poolsim(['run', input, '--shard', '0/2', '--out', out]);
      expect(l.code, l.stderr).toBe(2);
      expect(l.stderr).toContain(`is in the folder ${input}, which is being run`);
      expect(readdirSync(folder)).toEqual(['heist.json']);
    }
  });

  it('refuses a part\'s --out that a link inside the folder being run reaches, or one through a link and ".." into it (an audit: written, and the next shard failed on it)', async () => {
    const root = tempFolder('poolsim-reach-');
    // (a) the folder being run holds a link to the parts folder.
    const run = join(root, 'run');
    const parts = join(root, 'parts');
    mkdirSync(run);
    mkdirSync(parts);
    writeFileSync(join(run, 'heist.json'), readFileSync(HEIST));
    symlinkSync('../parts', join(run, 'parts'));
    const a = await poolsim(['run', run, '--shard', '0/2', '--out', join(parts, 'p0.json')]);
    expect(a.code, a.stderr).toBe(2);
    expect(a.stderr).toContain(`is in ${parts}, a folder the run reads (through ${run})`);
    expect(readdirSync(parts)).toEqual([]);
    // (b) --out goes through a link, then "..", into the folder being run.
    const deep = join(root, 'L', 'deep');
    mkdirSync(join(deep, 'real'), { recursive: true });
    writeFileSync(join(deep, 'heist.json'), readFileSync(HEIST));
    symlinkSync('deep/real', join(root, 'L', 'lnk'));
    // (Not join(), which takes "lnk/.." away before the system sees it.)
    const b = await poolsim(['run', deep, '--shard', '0/2', '--out', `${join(root, 'L', 'lnk')}/../p0.json`]);
    expect(b.code, b.stderr).toBe(2);
    expect(b.stderr).toContain(`is in ${deep}, a folder the run reads`);
    expect(readdirSync(deep).sort()).toEqual(['heist.json', 'real']);
    // Beside the folder being run, as before, it is written.
    const beside = await poolsim(['run', deep, '--shard', '0/2', '--out', join(root, 'L', 'p0.json')]);
    expect(beside.code, beside.stderr).toBe(0);
  });

  it('a folder being run passes over hidden names: an editor\'s lock file, a .git folder (an audit: one refused the whole run)', async () => {
    const folder = tempFolder('poolsim-hidden-');
    writeFileSync(join(folder, 'heist.json'), readFileSync(HEIST));
    symlinkSync('root@host.1:2', join(folder, '.#heist.json'));
    mkdirSync(join(folder, '.git'));
    writeFileSync(join(folder, '.git', 'bad.json'), '{');
    writeFileSync(join(folder, '._heist.json'), '\u0000\u0005Mac');
    const r = await poolsim(['run', folder, '--trials', '1000', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).name).toBe(JSON.parse(readFileSync(HEIST, 'utf8')).name);
    // Named, a hidden file is read.
    const named = await poolsim(['run', join(folder, '._heist.json')]);
    expect(named.code).toBe(2);
    // A folder of hidden scenarios alone says they were passed over (a review: "no scenario files").
    const only = tempFolder('poolsim-hidden-only-');
    writeFileSync(join(only, '.draft.json'), readFileSync(HEIST));
    const none = await poolsim(['run', only]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain(`${only}: (top level): no scenario files (.json, .yaml, .yml) found in this folder (one hidden file, whose name starts with ".", passed over: name one to run it)`);
  });

  it('a folder named through a link and then ".." is the one the system reads (a review: names beside the link were opened)', async () => {
    const root = tempFolder('poolsim-dotdot-');
    mkdirSync(join(root, 'A', 'real'), { recursive: true });
    mkdirSync(join(root, 'B'));
    writeFileSync(join(root, 'A', 'heist.json'), readFileSync(HEIST));
    symlinkSync('../A/real', join(root, 'B', 'lnk'));
    const r = await poolsim(['run', `${join(root, 'B', 'lnk')}/..`, '--trials', '1000', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).name).toBe(JSON.parse(readFileSync(HEIST, 'utf8')).name);
  });

  describe('merge refuses parts that do not belong together, and writes nothing', () => {
    async function refused(files: string[], message: string | RegExp) {
      const r = await poolsim(['merge', ...files, '--json']);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(message);
      expect(r.stderr).toContain('nothing was written');
    }

    it('a missing shard', async () => {
      await refused([parts[0], parts[2]], 'missing shard 1/3: merge needs all 3 parts (given: shards 0/3, 2/3)');
      // One given is "shard 0/3", not "got 0/3", which read as "got none".
      await refused([parts[0]], 'missing shards 1/3, 2/3: merge needs all 3 parts (given: shard 0/3)');
      // Of a split into 100,000, the first ten and a count (it listed all 99,999: 1.4 MB).
      const one = await shard([HEIST], '0/100000', 'wide-0.json');
      const r = await poolsim(['merge', one, '--json']);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('missing shards 1/100000, 2/100000, 3/100000, 4/100000, 5/100000, 6/100000, 7/100000, 8/100000, 9/100000, 10/100000 and 99,989 more: merge needs all 100000 parts (given: shard 0/100000)');
      expect(r.stderr.length).toBeLessThan(1000);
    });

    it('overlapping shards: the same shard twice', async () => {
      await refused([parts[0], parts[1], parts[1], parts[2]], `overlapping shards: ${parts[1]} and ${parts[1]} are both shard 1/3`);
    });

    it('shards of different splits', async () => {
      const half = await shard([FIXTURES], '1/2', 'half-1.json', ['--workers', '1']);
      await refused([parts[0], half, parts[2]], `${half} is shard 1/2 but ${parts[0]} is shard 0/3`);
    });

    it('a different seed', async () => {
      const other = await shard([FIXTURES], '1/3', 'seed-1.json', ['--workers', '1', '--seed', 'other']);
      await refused([parts[0], other, parts[2]], new RegExp(`${AMBUSH}: ${other} and ${parts[0]} ran it with a different seed \\("other" in .*, 7 in .*\\)`));
      // The same seed written two ways ("7" in the file, 7 from --seed): the same draws, and
      // said so (an audit: "a different seed" read as other numbers).
      const file = part('seed-text.json');
      writeFileSync(file, JSON.stringify({ name: 'seeded', system: 'vdp', mechanic: 'check', trials: 3000, seed: '7', setup: { modifier: 0, target: 7 } }));
      const [asText, asNumber] = [await shard([file], '0/2', 'seed-text-0.json'), await shard([file], '1/2', 'seed-text-1.json', ['--seed', '7'])];
      await refused([asText, asNumber], `${file}: ${asNumber} and ${asText} ran it with the seed written two ways (7 in ${asNumber}, "7" in ${asText}: the same draws, but the result prints one of them) — give every shard the seed the same way`);
    });

    it('different trials', async () => {
      const other = await shard([FIXTURES], '2/3', 'trials-2.json', ['--workers', '1', '--trials', '1000']);
      await refused([parts[0], parts[1], other], 'ran it with different trials (1000 in');
    });

    it('different trials of the same file named by another path: said as the trials, not as other files (a files audit)', async () => {
      const copy = part('heist-elsewhere.json');
      writeFileSync(copy, readFileSync(HEIST));
      const [a, b] = [await shard([HEIST], '0/2', 'where-0.json'), await shard([copy], '1/2', 'where-1.json', ['--trials', '1000'])];
      await refused([a, b], `ran it with different trials (1000 in ${b}`);
    });

    it('a different scenario (the file changed between shards)', async () => {
      const changed = JSON.parse(readFileSync(HEIST, 'utf8'));
      changed.setup.participants[1].count = 3;
      const copyDir = tempFolder('poolsim-changed-');
      // Same file names, one file edited: as if the repository moved on between shards.
      writeFileSync(join(copyDir, 'ambush.yaml'), readFileSync(AMBUSH));
      writeFileSync(join(copyDir, 'heist-sweep.json'), JSON.stringify(changed));
      const a = await shard([join(copyDir, 'ambush.yaml'), join(copyDir, 'heist-sweep.json')], '0/2', 'changed-0.json', ['--workers', '1']);
      writeFileSync(join(copyDir, 'heist-sweep.json'), readFileSync(HEIST));
      const b = await shard([join(copyDir, 'ambush.yaml'), join(copyDir, 'heist-sweep.json')], '1/2', 'changed-1.json', ['--workers', '1']);
      // Said with the path of what differs in the parts (an audit: the scenario alone).
      await refused([a, b], `${join(copyDir, 'heist-sweep.json')}: ${b} and ${a} ran it with a different scenario (the file changed between shards: files.1.scenario.setup.participants.1.count: 2 in ${b}, 3 in ${a})`);
    });

    it('the same files under another path merge as one run (a pod that mounts them elsewhere)', async () => {
      const copyDir = tempFolder('poolsim-moved-');
      writeFileSync(join(copyDir, 'ambush.yaml'), readFileSync(AMBUSH));
      writeFileSync(join(copyDir, 'heist-sweep.json'), readFileSync(HEIST));
      const moved = await shard([join(copyDir, 'ambush.yaml'), join(copyDir, 'heist-sweep.json')], '1/3', 'moved-1.json', ['--workers', '1']);
      const a = await poolsim(['merge', parts[0], moved, parts[2], '--json']);
      const b = await poolsim(['merge', ...parts, '--json']);
      expect(a.code, a.stderr).toBe(0);
      expect(a.stdout).toBe(b.stdout);
    });

    it('the readable table names the files as the lowest shard did, whatever order the parts are given in (a files audit)', async () => {
      const copyDir = tempFolder('poolsim-moved-order-');
      writeFileSync(join(copyDir, 'ambush.yaml'), readFileSync(AMBUSH));
      writeFileSync(join(copyDir, 'heist-sweep.json'), readFileSync(HEIST));
      const moved = await shard([join(copyDir, 'ambush.yaml'), join(copyDir, 'heist-sweep.json')], '0/3', 'moved-order-0.json', ['--workers', '1']);
      const a = await poolsim(['merge', moved, parts[1], parts[2]]);
      const b = await poolsim(['merge', parts[2], parts[1], moved]);
      expect(a.code, a.stderr).toBe(b.code);
      expect(a.stdout).toContain(join(copyDir, 'heist-sweep.json'));
      expect(b.stdout).toBe(a.stdout);
    });

    it('a part of the build before sweep streams were keyed by values (poolsim 0.1.0): its numbers are of other draws', async () => {
      // 0.2.0 keys a sweep point's streams by its values (docs/parallel.md): a 0.1.0 part
      // of a sweep merged with a 0.2.0 one gave numbers neither build gives (a review).
      const old = join(tempFolder('poolsim-old-part-'), 'old-1.json');
      writeFileSync(old, readFileSync(parts[1], 'utf8').replace(/"poolsim": ?"[^"]*"/, '"poolsim":"0.1.0"'));
      await refused([parts[0], old, parts[2]], `${old} was written by poolsim 0.1.0 (default chunk size 65536), ${parts[0]} by poolsim 0.2.0 (default chunk size 65536): run every shard with the same build`);
    });

    it('the same files in another order: said as that, and how to put it right (an audit: "every shard must run the same files" of the same files)', async () => {
      const reordered = await shard([HEIST, AMBUSH], '1/3', 'reordered-1.json', ['--workers', '1']);
      await refused(
        [parts[0], reordered, parts[2]],
        `${reordered} ran ${HEIST}, ${AMBUSH} but ${parts[0]} ran ${AMBUSH}, ${HEIST}: the same files in another order — the result lists the files in the order they were given, so give every shard the files in the same order (a folder is read in name order)`,
      );
      // Given in the same order, they merge.
      const again = await shard([AMBUSH, HEIST], '1/3', 'reordered-again-1.json', ['--workers', '1']);
      expect((await poolsim(['merge', parts[0], again, parts[2], '--json'])).stdout).toBe(whole);
    });

    it('different files', async () => {
      const only = await shard([HEIST], '1/3', 'only-heist-1.json', ['--workers', '1']);
      await refused([parts[0], only, parts[2]], `${only} ran ${HEIST} but ${parts[0]} ran ${AMBUSH}, ${HEIST}: every shard must run the same files`);
    });

    it('an edited part, a file that is not a part, and no parts at all', async () => {
      const p = JSON.parse(readFileSync(parts[1], 'utf8'));
      p.files[1].scenario.seed = 'tampered';
      writeFileSync(part('edited-1.json'), JSON.stringify(p));
      await refused([parts[0], part('edited-1.json'), parts[2]], `${part('edited-1.json')}: ${HEIST}: edited since its shard wrote it: files.1.scenario.seed is "tampered" where ${parts[0]} has "parallel-heist"`);

      const q = JSON.parse(readFileSync(parts[1], 'utf8'));
      q.files[1].points[0].chunks = [1, 2]; // chunk 2 of point 0 is shard 2's
      writeFileSync(part('chunks-1.json'), JSON.stringify(q));
      await refused([parts[0], part('chunks-1.json'), parts[2]], `overlapping parts: ${HEIST} point 0 chunk 2 is in both ${part('chunks-1.json')} and ${parts[2]}`);

      const t = JSON.parse(readFileSync(parts[1], 'utf8'));
      t.files[1].points[0].tally[0] = 0.5;
      writeFileSync(part('fraction-1.json'), JSON.stringify(t));
      await refused([parts[0], part('fraction-1.json'), parts[2]], `${part('fraction-1.json')}: files.1.points.0.tally.0:`);

      await refused([HEIST], `${HEIST}: (top level): is a scenario, not a part file: merge expects`);
      await refused([part('nowhere.json')], `${part('nowhere.json')}: (top level): no such file (or a link to nothing): expected a part file \`poolsim run --shard I/N --out PART.json\` writes`);
      const none = await poolsim(['merge']);
      expect(none.code).toBe(2);
      expect(none.stderr).toContain('merge needs the part files');
    });
  });

  it('a shard that fails writes no part file', async () => {
    const r = await poolsim(['run', FIXTURES, '--shard', '0/2', '--out', part('failed.json'), '--workers', '2'], {
      workerFile: new URL('./parallel/throwing-worker.cjs', import.meta.url).href,
    });
    expect(r.code).toBe(3);
    expect(existsSync(part('failed.json'))).toBe(false);
    expect(readdirSync(dir).filter((f) => f.includes('failed'))).toEqual([]);
  }, 30_000);
});
