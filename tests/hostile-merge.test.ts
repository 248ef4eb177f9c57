/**
 * `merge` refuses tampered part files (issue 19, item 7) and absurd shard counts (item 4):
 * a negative count, a zeroed part, a sum beyond what the counts allow, an edited tally
 * whose numbers still look possible (caught by the tallies' hash).
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { Capture, compiledWorkerFile, heistParts, poolsim, tempFolders } from './helpers.ts';
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

/**
 * `poolsim ARGV…` in this process as the compiled command of `build` runs it (bin/poolsim.js
 * hands main its code digest, which a shard's part names and merge checks), or as the
 * sources run it (the tests' poolsim: no build) where `build` is undefined.
 */
async function asBuild(build: string | undefined, ...argv: string[]) {
  const { main } = await import('../cli/main.ts');
  const out = new Capture();
  const err = new Capture();
  const code = await main(argv, out as never, err as never, { workerFile: compiledWorkerFile(), ...(build === undefined ? {} : { build }) });
  return { code, out: out.text, err: err.text };
}

/** The heist's two shards run by the command of `build` (as asBuild), written to built-BUILD-0.json and built-BUILD-1.json. */
async function builtParts(build: string): Promise<string[]> {
  const built = [0, 1].map((i) => join(dir, `built-${build}-${i}.json`));
  for (const [i, p] of built.entries()) {
    const r = await asBuild(build, 'run', scenario, '--shard', `${i}/2`, '--out', p, '--workers', '1');
    expect(r.code, r.err).toBe(0);
  }
  return built;
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
    const built = await builtParts('aaaaaaaaaaaaaaaa');
    const other = await asBuild('bbbbbbbbbbbbbbbb', 'merge', ...built, '--json');
    expect(other.code).toBe(2);
    expect(other.err).toMatch(/built-aaaaaaaaaaaaaaaa-0\.json was written by build aaaaaaaaaaaaaaaa; this is build bbbbbbbbbbbbbbbb: merge with the build that ran the shards, or rerun them with this one/);
    expect(other.out).toBe('');
    expect((await asBuild('aaaaaaaaaaaaaaaa', 'merge', ...built, '--json')).code).toBe(0);
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

describe('an edited part is refused naming the field inside it that was changed, and what it was (an audit: only the file and the scenario were named)', () => {
  // The hash is kept: a part whose scenario, seed or trials do not hash to its `hash` is
  // refused as before. Where another part given holds the same file as that hash says, the
  // difference is the edit, said by its path in the part.
  const said = (field: string, now: string, was: string) =>
    new RegExp(`edited\\.json: ${escape(scenario)}: edited since its shard wrote it: ${escape(field)} is ${escape(now)} where ${escape(parts[0])} has ${escape(was)} — its hash \\(files\\.0\\.hash\\) was made of what ${escape(parts[0])} holds at files\\.0,`);

  test('the seed, the trials, a setup field, a field added; seed and trials named before the scenario\'s fields', async () => {
    await tampered((p) => (p.files[0].seed = 'tampered'), said('files.0.seed', '"tampered"', '"s"'), false);
    await tampered((p) => (p.files[0].trials = 300_000), said('files.0.trials', '300000', '200000'), false);
    await tampered((p) => (p.files[0].scenario.setup.challenges = 3), said('files.0.scenario.setup.challenges', '3', '2'), false);
    await tampered((p) => (p.files[0].scenario.setup.participants[0].dice = ['d8']), said('files.0.scenario.setup.participants.0.dice.0', '"d8"', '"d6"'), false);
    await tampered((p) => (p.files[0].scenario.description = 'mine'), said('files.0.scenario.description', '"mine"', 'no such field'), false);
    // An element added past a list's end is no field of the other part (a review: "no such field").
    await tampered((p) => p.files[0].scenario.setup.participants[0].dice.push('d8'), said('files.0.scenario.setup.participants.0.dice.1', '"d8"', 'no such element (its list is shorter)'), false);
    await tampered(
      (p) => {
        p.files[0].scenario.setup.challenges = 3;
        p.files[0].scenario.setup.participants[0].count = 4;
        p.files[0].scenario.name = 'other';
        p.files[0].seed = 'x';
      },
      /files\.0\.seed is "x" where .*; files\.0\.scenario\.name is "other" where .*; files\.0\.scenario\.setup\.challenges is 3 where .*, and 1 more — /,
      false,
    );
  });

  test('a field named as what every object inherits (constructor, toString, __proto__) is said as a field added, never an internal error (a review: exit 3) nor an empty list', async () => {
    await tampered((p) => (p.files[0].scenario.constructor = 'x'), said('files.0.scenario.constructor', '"x"', 'no such field'), false);
    await tampered((p) => (p.files[0].scenario.setup.toString = 1), said('files.0.scenario.setup.toString', '1', 'no such field'), false);
    // An own "__proto__", as JSON.parse makes of the text (an assignment would set the prototype).
    await tampered((p) => Object.defineProperty(p.files[0].scenario, '__proto__', { value: { a: 1 }, enumerable: true }), said('files.0.scenario.__proto__', '{"a":1}', 'no such field'), false);
    // Its hash recomputed: the parts disagree, said by the same path.
    await tampered(
      (p) => {
        p.files[0].scenario.constructor = 'x';
        p.files[0].hash = scenarioHash(p.files[0].scenario, p.files[0].seed, p.files[0].trials, p.chunkTrials);
      },
      new RegExp(`the file changed between shards: files\\.0\\.scenario\\.constructor: "x" in .*edited\\.json, absent in ${escape(parts[0])}\\)`),
      false,
    );
  });

  test('the first part given edited: the other one, intact, says what it held', async () => {
    const p = JSON.parse(readFileSync(parts[0], 'utf8'));
    p.files[0].seed = 'tampered';
    const edited = join(dir, 'edited-0.json');
    writeFileSync(edited, JSON.stringify(p));
    const r = await poolsim('merge', edited, parts[1], '--json');
    expect(r.code, r.err).toBe(2);
    expect(r.err).toContain(`${edited}: ${scenario}: edited since its shard wrote it: files.0.seed is "tampered" where ${parts[1]} has "s"`);
  });

  test('the hash itself edited: said as that, with the hash the part\'s contents have', async () => {
    const right = JSON.parse(readFileSync(parts[1], 'utf8')).files[0].hash;
    await tampered((p) => (p.files[0].hash = '0'.repeat(64)), new RegExp(`edited\\.json: ${escape(scenario)}: files\\.0\\.hash is "0{64}", but the scenario, seed and trials the part holds hash to "${right}", as ${escape(parts[0])}, which holds the same, says: the hash was edited`), false);
  });

  test('a hash copied from the part\'s other file: said as the hash edited, never as every field of this file edited with the other file\'s values (a review)', async () => {
    // Two files per part: the heist, and another scenario run beside it.
    const other = join(dir, 'other.json');
    writeFileSync(other, JSON.stringify({ name: 'other', system: 'viciousness', mechanic: 'knavery', trials: 20_000, seed: 'o', setup: { challenges: 3, participants: [{ name: 'b', count: 1, dice: ['d8'] }] } }));
    const two = [0, 1].map((i) => join(dir, `two-${i}.json`));
    for (const [i, p] of two.entries()) expect((await poolsim('run', scenario, other, '--shard', `${i}/2`, '--out', p, '--workers', '1')).code).toBe(0);
    const p = JSON.parse(readFileSync(two[1], 'utf8'));
    const right = p.files[0].hash;
    p.files[0].hash = p.files[1].hash;
    const edited = join(dir, 'two-edited.json');
    writeFileSync(edited, JSON.stringify(p));
    const r = await poolsim('merge', two[0], edited, '--json');
    expect(r.code, r.err).toBe(2);
    expect(r.err).toContain(`${edited}: ${scenario}: files.0.hash is ${JSON.stringify(p.files[1].hash)}, but the scenario, seed and trials the part holds hash to "${right}", as ${two[0]}, which holds the same, says: the hash was edited`);
    expect(r.err).not.toContain('edited since its shard wrote it');
    // The other way about, the heist's scenario written over by the other's: an edit of its fields, said against its own.
    const q = JSON.parse(readFileSync(two[1], 'utf8'));
    q.files[0].scenario = q.files[1].scenario;
    q.files[0].seed = q.files[1].seed;
    writeFileSync(edited, JSON.stringify(q));
    const s = await poolsim('merge', two[0], edited, '--json');
    expect(s.code, s.err).toBe(2);
    expect(s.err).toContain(`${edited}: ${scenario}: edited since its shard wrote it: files.0.seed is "o" where ${two[0]} has "s"`);
    expect(s.err).toContain(`was made of what ${two[0]} holds at files.0,`);
  });

  test('its hash recomputed (a careful forger): the parts disagree, said by the path of the first difference', async () => {
    await tampered(
      (p) => {
        p.files[0].scenario.setup.challenges = 3;
        p.files[0].hash = scenarioHash(p.files[0].scenario, p.files[0].seed, p.files[0].trials, p.chunkTrials);
      },
      new RegExp(`${escape(scenario)}: .*edited\\.json and ${escape(parts[0])} ran it with a different scenario \\(the file changed between shards: files\\.0\\.scenario\\.setup\\.challenges: 3 in .*edited\\.json, 2 in ${escape(parts[0])}\\)`),
      false,
    );
  });

  test('no part given holds it as its hash says (one shard of one, or every part edited alike): what the hash covers is named as expected, which of it changed cannot be told', async () => {
    const one = join(dir, 'one.json');
    expect((await poolsim('run', scenario, '--shard', '0/1', '--out', one, '--workers', '1')).code).toBe(0);
    const p = JSON.parse(readFileSync(one, 'utf8'));
    p.files[0].seed = 'tampered';
    const edited = join(dir, 'one-edited.json');
    writeFileSync(edited, JSON.stringify(p));
    const r = await poolsim('merge', edited, '--json');
    expect(r.code, r.err).toBe(2);
    expect(r.err).toContain(
      `${edited}: ${scenario}: the stored scenario does not match its hash, which covers the build that wrote it too (was the part file edited?): it is the only part given, so which field was changed cannot be told; expected files.0.scenario, files.0.seed, files.0.trials, build, poolsim and chunkTrials as the shard wrote them (their SHA-256 is files.0.hash): run that shard again`,
    );
    const both = parts.map((path, i) => {
      const q = JSON.parse(readFileSync(path, 'utf8'));
      q.files[0].seed = 'tampered';
      const e = join(dir, `both-${i}.json`);
      writeFileSync(e, JSON.stringify(q));
      return e;
    });
    const b = await poolsim('merge', ...both, '--json');
    expect(b.code, b.err).toBe(2);
    expect(b.err).toContain(`${both[0]}: ${scenario}: the stored scenario does not match its hash, which covers the build that wrote it too (was the part file edited?): no other part given holds this file as its hash says, so which field was changed cannot be told; expected files.0.scenario`);
  });
});

/** `text` for a RegExp, as is. */
function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

describe('merge checks a part\'s build against its own, and refuses a part it cannot check it against (an audit: a build taken out of every part by hand merged under any compiled build, exit 0, unsaid)', () => {
  const X = 'aaaaaaaaaaaaaaaa';
  let built: string[];
  beforeAll(async () => {
    built = await builtParts(X);
  }, 60_000);

  /** The part at `path` edited by `edit` (its hashes kept as written), written to `name`. */
  function edited(path: string, name: string, edit: (part: any) => void): string {
    const p = JSON.parse(readFileSync(path, 'utf8'));
    edit(p);
    const to = join(dir, name);
    writeFileSync(to, JSON.stringify(p));
    return to;
  }

  test('parts of build X merge under X into what the sources\' parts merge into from the sources, byte for byte', async () => {
    const compiled = await asBuild(X, 'merge', ...built, '--json');
    expect(compiled.code, compiled.err).toBe(0);
    expect(compiled.err).toBe('');
    const sources = await poolsim('merge', ...parts, '--json');
    expect(sources.code, sources.err).toBe(0);
    expect(compiled.out).toBe(sources.out);
  });

  test('a part of build X with its build taken out by hand is refused under X, naming the file and what was expected', async () => {
    const stripped = built.map((p, i) => edited(p, `stripped-${i}.json`, (part) => delete part.build));
    const r = await asBuild(X, 'merge', ...stripped, '--json');
    expect(r.code, r.err).toBe(2);
    expect(r.out).toBe('');
    expect(r.err).toContain(`${stripped[0]} names no build (nor does the other part given): expected a part written by \`poolsim run --shard\` of build ${X}, which names it;`);
    expect(r.err).toContain('a part written from the sources (through tsx, as the tests run poolsim) cannot be checked against this build: merge it from the sources too, with the runner that wrote it, or rerun its shards with this build');
    // Only one of them stripped: the two parts disagree, as before.
    const one = await asBuild(X, 'merge', built[0], stripped[1], '--json');
    expect(one.code).toBe(2);
    expect(one.err).toContain(`${stripped[1]} was written by the sources (no build), ${built[0]} by build ${X}`);
    // From the sources it is not taken either: the build it was written with is in its hash.
    const sources = await poolsim('merge', ...stripped, '--json');
    expect(sources.code, sources.err).toBe(2);
    expect(sources.err).toContain(`${stripped[0]}: ${scenario}: the stored scenario does not match its hash, which covers the build that wrote it too (was the part file edited?)`);
  });

  test('parts written from the sources (no build) are refused by a compiled merge, which cannot check them: the compiled command itself', async () => {
    const r = spawnSync(process.execPath, ['bin/poolsim.js', 'merge', ...parts, '--json'], { encoding: 'utf8', env: { ...process.env, CI: 'true' } });
    expect(r.status, r.stderr).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/names no build \(nor does the other part given\): expected a part written by `poolsim run --shard` of build [0-9a-f]{16}, which names it; a part written from the sources/);
    expect(r.stderr).toContain(parts[0]);
    // The same parts from the sources merge (the untouched parts merge, above).
    expect((await poolsim('merge', ...parts, '--json')).code).toBe(0);
  }, 30_000);

  test('parts of a build are refused by a merge from the sources, which cannot know its own build', async () => {
    const r = await poolsim('merge', ...built, '--json');
    expect(r.code, r.err).toBe(2);
    expect(r.out).toBe('');
    expect(r.err).toContain(`${built[0]} was written by build ${X}; this merge runs from the sources (no build), which cannot be checked against it: merge with the compiled command (\`poolsim merge\`) of build ${X}, or rerun the shards from the sources too`);
  });

  test('a build written into a part by hand is caught by its hash: a sources\' part given build X, or a part of X given build Y', async () => {
    const given = parts.map((p, i) => edited(p, `given-${i}.json`, (part) => (part.build = X)));
    const r = await asBuild(X, 'merge', ...given, '--json');
    expect(r.code, r.err).toBe(2);
    expect(r.out).toBe('');
    expect(r.err).toContain(`${given[0]}: ${scenario}: names build ${X}, but its hash was made with none (a part written from the sources): the build was written in by hand (was the part file edited?)`);
    const Y = 'bbbbbbbbbbbbbbbb';
    const moved = built.map((p, i) => edited(p, `moved-${i}.json`, (part) => (part.build = Y)));
    const m = await asBuild(Y, 'merge', ...moved, '--json');
    expect(m.code, m.err).toBe(2);
    expect(m.err).toContain(`${moved[0]}: ${scenario}: the stored scenario does not match its hash, which covers the build that wrote it too (was the part file edited?)`);
  });

  test('a build that is no build\'s (empty, or not its 16 hex digits) is refused at the field, naming what was expected, not said as "written by build ;" (a review of e2925c81)', async () => {
    for (const bad of ['', 'X'.repeat(16), 'aaaa']) {
      const odd = built.map((p, i) => edited(p, `odd-${i}.json`, (part) => (part.build = bad)));
      for (const r of [await asBuild(X, 'merge', ...odd, '--json'), await poolsim('merge', ...odd, '--json')]) {
        expect(r.code, r.err).toBe(2);
        expect(r.out).toBe('');
        expect(r.err, JSON.stringify(bad)).toContain(`${odd[0]}: build: expected the 16 hex digits of the build that ran the shard`);
      }
    }
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
