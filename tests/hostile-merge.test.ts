/**
 * `merge` refuses tampered part files (issue 19, item 7) and absurd shard counts (item 4):
 * a negative count, a zeroed part, a sum beyond what the counts allow, an edited tally
 * whose numbers still look possible (caught by the tallies' hash).
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { Capture, heistParts, poolsim, tempFolders } from './helpers.ts';
import { MAX_PART_BYTES, scenarioHash, tallyHash } from '../cli/shard.ts';

/** This file's temporary folders, removed after its tests (helpers.ts tempFolders). */
const tempFolder = tempFolders();

const dir = tempFolder('poolsim-merge-');
const scenario = join(dir, 'heist.json');
const parts = [join(dir, 'part-0.json'), join(dir, 'part-1.json')];

beforeAll(async () => {
  // 4 chunks: both shards hold some
  await heistParts(dir, 200_000);
}, 60_000);

/** part-1 edited by `edit`, merged with part-0: exit 2 with `message`. */
async function tampered(edit: (part: any) => void, message: RegExp, rehash = true) {
  const p = JSON.parse(readFileSync(parts[1], 'utf8'));
  edit(p);
  // A careful forger recomputes the hash: the invariants must still catch it.
  if (rehash) p.files[0].tallyHash = tallyHash(p.files[0].points);
  const edited = join(dir, 'edited.json');
  writeFileSync(edited, JSON.stringify(p));
  const r = await poolsim('merge', parts[0], edited, '--json');
  expect(r.code, r.err).toBe(2);
  expect(r.err).toMatch(message);
  expect(r.out).toBe('');
}

describe('merge refuses tallies no run can give', () => {
  test('the untouched parts merge', async () => {
    expect((await poolsim('merge', ...parts, '--json')).code).toBe(0);
  });

  test('a field of the wrong kind says what was expected there and what was found, never zod\'s "Invalid input"', async () => {
    await tampered((p) => (p.files[0].seed = null), /edited\.json: files\.0\.seed: expected a string or a number, got null/, false);
    await tampered((p) => (p.chunkTrials = 'many'), /edited\.json: chunkTrials: expected a number, got "many"/, false);
  });

  test('a field this build does not write is refused by name, at any level, never merged as if absent', async () => {
    await tampered((p) => (p.extra = 1), /edited\.json: extra: unknown field "extra"/, false);
    await tampered((p) => (p.files[0].weights = [1, 2]), /edited\.json: files\.0\.weights: unknown field "weights"/, false);
    await tampered((p) => (p.shard.of = 2), /edited\.json: shard\.of: unknown field "of"/, false);
    await tampered((p) => (p.files[0].points[0].scale = 2), /edited\.json: files\.0\.points\.0\.scale: unknown field "scale"/, false);
  });

  test('a part of another build, or of the format before parts named theirs, is refused: the same version may draw other numbers (a determinism audit)', async () => {
    // A part left from before a `git pull` (the version stayed 0.2.0 while a clash's draws
    // changed) merged into figures neither build gives.
    await tampered((p) => (p.build = '0123456789abcdef'), /edited\.json was written by build 0123456789abcdef, .*part-0\.json by the sources \(no build\): the same version may draw other numbers, so rerun every shard with the same build/, false);
    await tampered((p) => (p.version = 1), /edited\.json: a part file of format version 1, written by an earlier poolsim; this one merges version 2: rerun its shard with this build/, false);
    // Every part of one build, merged by another.
    const built = parts.map((path, i) => {
      const p = JSON.parse(readFileSync(path, 'utf8'));
      p.build = 'aaaaaaaaaaaaaaaa';
      const to = join(dir, `built-${i}.json`);
      writeFileSync(to, JSON.stringify(p));
      return to;
    });
    const { main } = await import('../cli/main.ts');
    const run = async (build: string) => {
      const out = new Capture();
      const err = new Capture();
      return { code: await main(['merge', ...built, '--json'], out as never, err as never, { build }), out: out.text, err: err.text };
    };
    const other = await run('bbbbbbbbbbbbbbbb');
    expect(other.code).toBe(2);
    expect(other.err).toMatch(/built-0\.json was written by build aaaaaaaaaaaaaaaa; this is build bbbbbbbbbbbbbbbb: merge with the build that ran the shards, or rerun them with this one/);
    expect(other.out).toBe('');
    expect((await run('aaaaaaaaaaaaaaaa')).code).toBe(0);
  });

  test('a negative count', async () => {
    await tampered((p) => (p.files[0].points[0].tally[1] = -14), /a tally no run can give \(was the part file edited\?\): metric success/);
  });

  test('a zeroed part (its chunks listed, its trials gone)', async () => {
    await tampered((p) => p.files[0].points[0].tally.fill(0), /counts 0 trials where its chunks hold \d+/);
  });

  test('a sum beyond what the counts allow', async () => {
    await tampered((p) => (p.files[0].points[0].tally[1] = p.files[0].points[0].tally[0] + 1), /metric success/);
  });

  test('a count lowered without its squares: the message says what no run can give', async () => {
    // success is 0 or 1 a trial, so its squares equal its sum; lowering the sum alone leaves
    // more squares than the sum, though the count is still in range.
    await tampered((p) => (p.files[0].points[0].tally[1] -= 100), /metric success: a sum of squares \d+ above 1 × its sum \d+, which outcomes of 0 to 1 a trial cannot give/);
  });

  test('a count made negative, its squares kept: no trial counts below 0', async () => {
    // Metric 1 is a mean that counts (successes): a sum of −x with x's squares is a
    // possible set of whole numbers, but not of counts.
    await tampered((p) => (p.files[0].points[0].tally[3] = -p.files[0].points[0].tally[3]), /metric successes: a sum of -\d+ below 0 a trial over \d+ trials/);
  });

  test('a part holding more result points than its scenario has is refused, not merged with the extra ones dropped (an audit: exit 0, the extra point unsaid)', async () => {
    await tampered((p) => p.files[0].points.push(structuredClone(p.files[0].points[0])), /edited\.json: .*heist\.json has 2 result points, the scenario 1/);
    // Fewer, as before: refused the same way.
    await tampered((p) => p.files[0].points.pop(), /edited\.json: .*heist\.json has 0 result points, the scenario 1/);
  });

  test('a chunk dropped from a part\'s list is in none of the parts, which the message names', async () => {
    await tampered((p) => p.files[0].points[0].chunks.pop(), /point 0: chunk \d+ is in none of the parts given \(.*part-0\.json, .*edited\.json\)/);
  });

  test('a plausible edit without a new hash', async () => {
    await tampered(
      (p) => {
        const t = p.files[0].points[0].tally;
        // One more success (and its square), one fewer of a distribution bin moved: still a possible tally.
        t[1] += 1;
        t[2] += 1;
      },
      /the stored tallies do not match their hash/,
      false,
    );
  });

  test('run --shard --out replaces only a part file: never a scenario, a folder or another file', async () => {
    const notes = join(dir, 'notes.txt');
    writeFileSync(notes, 'my notes');
    for (const target of [scenario, notes, dir]) {
      const r = await poolsim('run', scenario, '--shard', '0/2', '--out', target, '--workers', '1');
      expect(r.code, target).toBe(2);
      expect(r.err).toMatch(/a part file replaces only a part file an earlier shard wrote/);
    }
    expect(readFileSync(notes, 'utf8')).toBe('my notes');
    expect(JSON.parse(readFileSync(scenario, 'utf8')).name).toBe('heist');
    // Its own part file is replaced.
    expect((await poolsim('run', scenario, '--shard', '0/2', '--out', parts[0], '--workers', '1')).code).toBe(0);
  }, 30_000);

  test('a part file claiming billions of shards', async () => {
    const r = await poolsim('run', scenario, '--shard', '0/5000000000', '--out', join(dir, 'huge.json'));
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/at most 100,000 shards/);
    await tampered((p) => (p.shard = { index: 1, count: 300_000_000 }), /shard\.count|100000/);
  });

  test('a shard index at or above its count names the part and the field, not a "missing shard" with an impossible one given (an audit)', async () => {
    await tampered((p) => (p.shard = { index: 5, count: 2 }), /edited\.json: shard\.index: expected a shard index below shard\.count \(2: 0 … 1\), got 5/, false);
    await tampered((p) => (p.shard = { index: 2, count: 2 }), /edited\.json: shard\.index: expected a shard index below shard\.count \(2: 0 … 1\), got 2/, false);
  });
});

describe('merge given a file that is not a part names what it is and what merge expects', () => {
  const expects = 'merge expects the part files of a sharded run, one per shard, as `poolsim run FILE --shard I/N --out PART.json` writes them';

  test('a result of run --json (one, or a list of them) is said to be a result, with no advice to write a part over it', async () => {
    const one = await poolsim('run', scenario, '--trials', '1000', '--json', '--workers', '1');
    const results = join(dir, 'results.json');
    writeFileSync(results, one.out);
    const r = await poolsim('merge', results);
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err).toBe(`poolsim: ${results}: (top level): is a result JSON (what \`poolsim run --json\` prints, or a report's results.json), not a part file: ${expects}; nothing was written\n`);
    expect(r.err).not.toContain(`--out ${results}`);
    const list = join(dir, 'list.json');
    writeFileSync(list, JSON.stringify([JSON.parse(one.out), JSON.parse(one.out)]));
    expect((await poolsim('merge', list)).err).toContain(`${list}: (top level): is a result JSON (what \`poolsim run --json\` prints`);
  });

  test('the parts put in one file as a list (`jq -s`) are said to be that, not "a part file …, not a part file" (an audit)', async () => {
    const slurped = join(dir, 'slurped.json');
    writeFileSync(slurped, JSON.stringify(parts.map((p) => JSON.parse(readFileSync(p, 'utf8')))));
    const r = await poolsim('merge', slurped);
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err).toBe(`poolsim: ${slurped}: (top level): is a list of ${parts.length} part files in one file, not a part file: ${expects}; nothing was written\n`);
  });

  test('a scenario, JSON or YAML, is said to be a scenario; any other JSON is not a part file', async () => {
    expect((await poolsim('merge', scenario)).err).toContain(`${scenario}: (top level): is a scenario, not a part file: ${expects}`);
    const yaml = join(dir, 'heist.yaml');
    writeFileSync(yaml, 'name: heist\nsystem: viciousness\nmechanic: knavery\nsetup:\n  challenges: 2\n');
    expect((await poolsim('merge', yaml)).err).toContain(`${yaml}: (top level): is a scenario, not a part file: ${expects}`);
    const other = join(dir, 'other.json');
    writeFileSync(other, '{"a": 1}');
    const r = await poolsim('merge', other);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`${other}: (top level): not a poolsim part file: ${expects}`);
  });
});

describe('merge refuses parts no shard\'s run writes, however well their hashes are kept', () => {
  /** Both parts edited alike by `edit`, every hash recomputed (as a careful forger would), then merged. */
  async function forged(edit: (part: any) => void) {
    const paths = parts.map((p, i) => {
      const part = JSON.parse(readFileSync(p, 'utf8'));
      edit(part);
      for (const f of part.files) {
        f.hash = scenarioHash(f.scenario, f.seed, f.trials, part.chunkTrials);
        f.tallyHash = tallyHash(f.points);
      }
      const edited = join(dir, `forged-${i}.json`);
      writeFileSync(edited, JSON.stringify(part));
      return edited;
    });
    return { r: await poolsim('merge', ...paths, '--json'), paths };
  }

  test('trials beyond what a scenario may ask for are bad input (exit 2), never a RangeError (exit 3)', async () => {
    for (const trials of [1e15, 2e9]) {
      const { r, paths } = await forged((p) => (p.files[0].trials = trials));
      expect(r.code, r.err).toBe(2);
      expect(r.err).toContain(`${paths[0]}: files.0.trials: `);
      expect(r.err).toMatch(/1000000000|1,000,000,000/);
      expect(r.out).toBe('');
    }
  });

  test('a forged scenario\'s several problems are said one a line, each naming the part (a review: joined by \\u000a once a path\'s newline was escaped)', async () => {
    const { r, paths } = await forged((p) => {
      p.files[0].scenario.trials = 'lots';
      p.files[0].scenario.seed = [1];
    });
    expect(r.code, r.err).toBe(2);
    const lines = r.err.trimEnd().split('\n');
    expect(lines.length).toBeGreaterThanOrEqual(2);
    expect(r.err).not.toContain('\\u000a');
    expect(lines.filter((l) => l.includes(`${paths[0]}: ${scenario}: `)).length).toBeGreaterThanOrEqual(2);
  });

  test('parts with no scenario files are refused, not merged into nothing', async () => {
    const { r, paths } = await forged((p) => (p.files = []));
    expect(r.code, r.err).toBe(2);
    expect(r.err).toBe(`poolsim: ${paths[0]}: holds no scenario files: a shard's part holds every file its run ran, at least one (was the part file edited?); nothing was written\n`);
    expect(r.out).toBe('');
  });

  test('one scenario twice is refused, as run refuses two scenarios of one name', async () => {
    const { r, paths } = await forged((p) => p.files.push(JSON.parse(JSON.stringify(p.files[0]))));
    expect(r.code, r.err).toBe(2);
    expect(r.err).toContain(`poolsim: ${paths[0]}: ${scenario} and ${scenario} are both named "heist": results are matched by name`);
    expect(r.out).toBe('');
  });
});

describe('merge reads no more than a part file can hold', () => {
  test('a device is refused before it is read (merge /dev/zero grew to 6 GB)', async () => {
    const r = await poolsim('merge', '/dev/zero', parts[0]);
    expect(r.code, r.err).toBe(2);
    expect(r.err).toBe('poolsim: /dev/zero: is a device, not a file: merge expects the part files `poolsim run --shard I/N --out PART.json` writes; nothing was written\n');
  });

  test('a file larger than any part is refused by its size, unread', async () => {
    const big = join(dir, 'big.json');
    writeFileSync(big, '');
    truncateSync(big, MAX_PART_BYTES + 1); // sparse: no disk is used
    const r = await poolsim('merge', big, parts[1]);
    expect(r.code, r.err).toBe(2);
    expect(r.err).toContain(`${big}: ${(MAX_PART_BYTES + 1).toLocaleString('en')} bytes: a part file is at most ${MAX_PART_BYTES.toLocaleString('en')} bytes`);
  });

  test('a part through a pipe still merges', async () => {
    const fifo = join(dir, 'part.fifo');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    // exec: the shell becomes cat, so the process killed below is the one blocked on the FIFO.
    const writer = spawn('sh', ['-c', `exec cat "$0" > "$1"`, parts[1], fifo], { stdio: 'ignore' });
    const exited = new Promise((resolve) => writer.on('exit', resolve));
    let piped;
    try {
      piped = await poolsim('merge', parts[0], fifo, '--json');
    } finally {
      // A merge that never opened the FIFO (or stopped reading it) leaves the writer blocked
      // on it for good; one that read it to the end has seen it close: cat is done.
      if (writer.exitCode === null && writer.signalCode === null) writer.kill('SIGKILL');
      await exited;
    }
    expect(piped.code, piped.err).toBe(0);
    expect(piped.out).toBe((await poolsim('merge', parts[0], parts[1], '--json')).out);
  });
});
