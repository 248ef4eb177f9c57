/**
 * Mistakes a designer makes writing their own files, found by a walk through the command
 * line as a user (December 2026): each is refused before anything runs, naming the file,
 * the path inside it and what was expected, and nothing is written.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { poolsim, tempFolders } from './helpers.ts';
import { plainText } from '../cli/text.ts';
import { decimal } from '../cli/options.ts';
import { parseScenarioText } from '../sim/scenarioText.ts';
import { ScenarioErrors, setPath } from '../sim/scenario.ts';

/** This file's temporary folders, removed after its tests (helpers.ts tempFolders). */
const tempFolder = tempFolders();

const dir = tempFolder('poolsim-mistakes-');
const write = (name: string, text: string) => {
  const f = join(dir, name);
  writeFileSync(f, text);
  return f;
};
/** What parseScenarioText says of a file's text: its problems, a line each, or "read". */
const readOrSaid = (text: string, file: string): string => {
  try {
    parseScenarioText(text, file);
  } catch (e) {
    return (e as ScenarioErrors).errors.map((x) => x.message).join('\n');
  }
  return 'read';
};
const clash = `name: B
system: viciousness
mechanic: clash
trials: 500
setup:
  sides:
    - name: heroes
      combatants: [{ name: captain, dice: ["d6"] }]
    - name: villains
      combatants: [{ name: boss }]
`;

/** Three crew with a d4 each against two challenges. */
const heist = `name: heist
system: viciousness
mechanic: knavery
trials: 200
setup:
  challenges: 2
  participants: [{ name: crew, count: 3, dice: ["d4"] }]
`;

describe('sweeps meet the file\'s own rules', () => {
  test('two sweep paths where one lies inside the other (the outer value wiped the inner, so points labelled apart ran one setup)', async () => {
    const f = write('overlap.yaml', `${clash}sweep:\n  setup.sides.0.combatants.0.count: [1, 3]\n  setup.sides.0.combatants.0: [{ name: captain, dice: ["d4"] }, { name: hero }]\n`);
    const r = await poolsim('run', f);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`${f}: sweep.setup.sides.0.combatants.0.count: lies inside "setup.sides.0.combatants.0", which the sweep also sets`);
  });

  test('a sweep of a field outside the setup and rules is refused as not sweepable, not as missing (it read "trials" does not exist)', async () => {
    const f = write('sweep-trials.yaml', `${clash}sweep: { trials: [100, 200] }\n`);
    const r = await poolsim('run', f);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`${f}: sweep.trials: "trials" cannot be swept: a sweep varies the setup or the rules, so its path starts with "setup." or "rules."`);
    expect(r.err).not.toContain('does not exist');
  });

  test('a sweep path through a wrong value says what is there, and the file\'s own mistake is named beside it (it read "the file has no setup.sides.0", of a side written as a name)', async () => {
    const side = { name: 'b', combatants: [{ name: 'minion', count: 2 }] };
    const asName = write('side-name.json', JSON.stringify({ name: 'b', system: 'viciousness', mechanic: 'battle', setup: { sides: ['vipers', side] }, sweep: { 'setup.sides.0.flee': ['never', 'lostHalf'] } }));
    const r = await poolsim('run', asName);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`${asName}: sweep.setup.sides.0.flee: "setup.sides.0.flee" does not exist: "setup.sides.0" is "vipers", not an object or a list holding "flee"`);
    expect(r.err).toContain(`${asName}: setup.sides.0: expected an object {name, bonus?, combatants, flee?, aid?, medics?, berzerkerPush?, defenderPush?, marksmanPush?, push?}, got "vipers" (in the file, before the sweep sets its values)`);
    expect(r.out).toBe('');
    // Sides written as an object: what the schema expected is said too.
    const asObject = write('sides-object.json', JSON.stringify({ name: 'b', system: 'viciousness', mechanic: 'battle', setup: { sides: { crew: 1 } }, sweep: { 'setup.sides.0.flee': ['never', 'lostHalf'] } }));
    const o = await poolsim('run', asObject);
    expect(o.code).toBe(2);
    expect(o.err).toContain(`${asObject}: setup.sides: expected a list, got an object (in the file, before the sweep sets its values)`);
  });

  test('a value listed twice, a lone value and a list of it counting as one (as diff matches points)', async () => {
    const f = write('twice.yaml', `${clash}sweep:\n  setup.sides.0.combatants.0.dice: ["d4", ["d4"], ["d6"]]\n`);
    const r = await poolsim('run', f);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`${f}: sweep.setup.sides.0.combatants.0.dice.1: ["d4"] is listed twice (as \"d4\": a lone value and a list of it are the same): each value makes one point`);
  });

  test('dice written two ways are listed twice ("d6", " d6", "1d6", "01d06": one setup, four points with four figures until an audit)', async () => {
    const f = write('twice-dice.yaml', `${clash}sweep:\n  setup.sides.0.combatants.0.dice: ["d6", "1d6", "d4"]\n`);
    const r = await poolsim('run', f);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`${f}: sweep.setup.sides.0.combatants.0.dice.1: "1d6" is listed twice (as "d6": the same dice, written another way): each value makes one point`);
    const g = write('twice-dice-lists.yaml', `${clash}sweep:\n  setup.sides.0.combatants.0.dice: [["2d4", "d6"], ["02d04", " 1d6"]]\n`);
    expect((await poolsim('run', g)).err).toContain('is listed twice (as ["2d4","d6"]: the same dice, written another way)');
    // Other dice are other points.
    const h = write('dice-differ.yaml', `${clash}sweep:\n  setup.sides.0.combatants.0.dice: ["d6", "2d6"]\n`);
    expect((await poolsim('run', h, '--trials', '500')).code).toBe(0);
  });

  test('a solve value listed twice is refused as a sweep value is', async () => {
    const f = write('solve-twice.yaml', `${clash}solve:\n  - { name: how many, vary: setup.sides.1.combatants.0.count, values: [1, 1, 2], metric: top.heroes, target: 0.5 }\n`);
    const r = await poolsim('solve', f);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`${f}: solve.0.values.1: 1 is listed twice: each value is searched once`);
  });

  test('a value named by expect.equals or a check\'s point is matched as a listed value is: keys in any order, a lone value as a list of it (equals was refused as "not among the values searched")', async () => {
    // A battle's guards, their keys in another order in the expect than in the values.
    const battle = `name: guards
system: viciousness
mechanic: battle
trials: 400
setup:
  sides:
    - name: crew
      combatants: [{ name: captain, dice: ["d6"] }, { name: m, count: 2 }]
    - name: guard
      combatants: [{ name: guard, count: 2 }]
`;
    const keys = write('equals-keys.yaml', `${battle}solve:\n  - { name: how many, vary: setup.sides.1.combatants.0, values: [{ name: guard, count: 1 }, { name: guard, count: 3 }], metric: win.crew, target: 0.5, expect: { equals: { count: 1, name: guard } } }\n`);
    const k = await poolsim('solve', keys, '--json');
    expect(k.err).not.toContain('is not among the values searched');
    expect(k.code).not.toBe(2);
    // A lone die and a list of it, in the expect and in a check's point.
    const knavery = heist;
    const lone = write('equals-lone.yaml', `${knavery}solve:\n  - { name: which die, vary: setup.participants.0.dice, values: [[], [d4], [d6]], metric: success, target: 0.7, expect: { equals: d4 } }\n`);
    const l = await poolsim('solve', lone, '--json');
    expect(l.err).not.toContain('is not among the values searched');
    expect(l.code).toBe(0);
    expect(JSON.parse(l.out).solve[0].expect.pass).toBe(true);
    const point = write('check-point.yaml', `${knavery}sweep: { setup.participants.0.dice: [[d4], [d6]] }\nexpect:\n  - { metric: success, atLeast: 0, point: { setup.participants.0.dice: d6 } }\n`);
    const p = await poolsim('run', point, '--json');
    expect(p.err).not.toContain('is not among the sweep');
    expect(p.code).toBe(0);
  });

  test('dice written another way are matched as the values listed: "1d4" in a check\'s point or expect.equals is "d4", and ["2d4"] is ["d4", "d4"] (an audit: refused as not among the values, or run as two points)', async () => {
    const knavery = heist;
    const point = write('check-point-dice.yaml', `${knavery}sweep: { setup.participants.0.dice: [[d4], [2d4]] }\nexpect:\n  - { metric: success, atLeast: 0, point: { setup.participants.0.dice: 1d4 } }\n`);
    const p = await poolsim('run', point, '--json');
    expect(p.err).not.toContain('is not among the sweep');
    expect(p.code, p.err).toBe(0);
    const equals = write('equals-dice.yaml', `${knavery}solve:\n  - { name: which die, vary: setup.participants.0.dice, values: [[d4], [2d4]], metric: success, target: 0.99, expect: { equals: [d4, d4] } }\n`);
    const e = await poolsim('solve', equals, '--json');
    expect(e.err).not.toContain('is not among the values searched');
    expect(e.code, e.err).toBe(0);
    const pool = write('twice-pool.yaml', `${knavery}sweep: { setup.participants.0.dice: [[d4, d4], [2d4]] }\n`);
    const t = await poolsim('run', pool);
    expect(t.code).toBe(2);
    expect(t.err).toContain(`${pool}: sweep.setup.participants.0.dice.1: ["2d4"] is listed twice (as ["d4","d4"]: the same dice, written another way): each value makes one point`);
    const searched = write('twice-pool-solve.yaml', `${knavery}solve:\n  - { name: which die, vary: setup.participants.0.dice, values: [[d4, d4], [2d4], [d6]], metric: success, target: 0.5 }\n`);
    expect((await poolsim('solve', searched)).err).toContain('solve.0.values.1: ["2d4"] is listed twice (as ["d4","d4"]: the same dice, written another way)');
  });

  test('the file\'s own mistake is said to be "before the sweep sets its values" only where the sweep sets a value there (a user\'s audit: a die "d1" beside a sweep of challenges)', async () => {
    const knavery = (sweep: string) => `name: heist\nsystem: viciousness\nmechanic: knavery\ntrials: 200\nsetup:\n  challenges: 2\n  participants: [{ name: crew, count: 3, dice: ["d1"] }]\nsweep: { ${sweep} }\n`;
    const elsewhere = write('d1-elsewhere.yaml', knavery('setup.challenges: [1, 2]'));
    const r = await poolsim('run', elsewhere);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`${elsewhere}: setup.participants.0.dice.0: "d1" has 1 side: a die has 2 to 100 sides\n`);
    const there = write('d1-there.yaml', knavery('setup.participants.0.dice: [[d4], [d6]]'));
    expect((await poolsim('run', there)).err).toContain(`${there}: setup.participants.0.dice.0: "d1" has 1 side: a die has 2 to 100 sides (in the file, before the sweep sets its values)`);
    // A check across fields may be the sweep's to settle from another field: said (a review).
    const across = write('saluted-across.json', JSON.stringify({
      name: 'x', system: 'viciousness', mechanic: 'clash', trials: 200, seed: 1,
      setup: { sides: [{ name: 'a', combatants: [{ name: 'duelist', dice: ['d4'], saluted: true }] }, { name: 'b', combatants: [{ name: 'captain', dice: ['d6'] }] }] },
      sweep: { 'setup.sides.0.combatants.0.traits': [['duelist'], ['duelist', 'berzerker']] },
    }));
    const a = await poolsim('run', across);
    expect(a.code).toBe(2);
    expect(a.err).toMatch(/setup\.sides\.0\.combatants\.0\.saluted: .*\(in the file, before the sweep sets its values\)/);
  });

  test('a name that reads as dice is a name: a side named "1d4" is not the side named "d4" (a review: a check at "1d4" was judged at "d4")', async () => {
    const clash2 = (extra: string) => `name: B\nsystem: viciousness\nmechanic: clash\ntrials: 200\nsetup:\n  sides:\n    - name: heroes\n      combatants: [{ name: captain, dice: ["d6"] }]\n    - name: villains\n      combatants: [{ name: boss }]\n${extra}`;
    const named = write('names-dice.yaml', clash2('sweep: { setup.sides.0.name: ["d4", "1d4"] }\n'));
    expect((await poolsim('run', named)).code).toBe(0);
    const point = write('names-dice-point.yaml', clash2('sweep: { setup.sides.0.name: ["d4", "x"] }\nexpect:\n  - { metric: hits.villains, point: { setup.sides.0.name: "1d4" }, atMost: 1 }\n'));
    const p = await poolsim('run', point);
    expect(p.code).toBe(2);
    expect(p.err).toContain('expect.0.point.setup.sides.0.name: "1d4" is not among the sweep\'s values ["d4","x"]');
  });

  test('an object written as a number says the fields it takes (a user\'s audit: "expected an object, got 3" named none)', async () => {
    const f = write('contest-attack.yaml', `name: cr\nsystem: vdp\nmechanic: contestRound\ntrials: 200\nsetup:\n  a: { name: a, attack: 3, defence: { attribute: 1, skill: 1 }, timing: 1 }\n  b: { name: b, attack: { attribute: 1, skill: 1 }, defence: { attribute: 1, skill: 1 }, timing: 2 }\n`);
    const r = await poolsim('run', f);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`${f}: setup.a.attack: expected an object {attribute, skill, bonus?}, got 3`);
  });

  test('a check\'s point: {} covers every point, and is not said to be "at no sweep" (an audit)', async () => {
    const f = write('point-empty.yaml', `${clash}sweep: { setup.sides.1.combatants.0.count: [1, 3] }\nexpect:\n  - { metric: top.heroes, point: {}, atLeast: 0.9 }\n`);
    const r = await poolsim('run', f);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/FAIL {2}top\.heroes at least 0\.9; measured at /);
    expect(r.out).not.toContain('no sweep');
    const j = await poolsim('run', f, '--json');
    expect(JSON.parse(j.out).expect[0]).not.toHaveProperty('point');
  });

  test('a search\'s everyValue: false is refused: it is what a search does without it (it was taken, and changed nothing)', async () => {
    const f = write('every-false.yaml', `${clash}solve:\n  - { name: how many, vary: setup.sides.1.combatants.0.count, range: [1, 4], metric: top.heroes, target: 0.5, everyValue: false }\n`);
    const r = await poolsim('solve', f);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`${f}: solve.0.everyValue: false is what a search does without it (it decides every value of up to 32 anyway, and bisects more), so it would change nothing: expected true, or everyValue left out`);
  });

  test('keys in another order listed twice are said to be so (the message said "a lone value and a list of it")', async () => {
    const f = write('twice-keys.yaml', `${clash}sweep:\n  setup.sides.1.combatants.0: [{ name: boss, count: 2 }, { count: 2, name: boss }]\n`);
    const r = await poolsim('run', f);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`${f}: sweep.setup.sides.1.combatants.0.1: {"count":2,"name":"boss"} is listed twice (as {"name":"boss","count":2}: the order of keys makes no difference): each value makes one point`);
  });

  test('a name with a dot and a list too long, set by a sweep, as if written in the setup', async () => {
    const dot = write('dot.yaml', `${clash}sweep: { setup.sides.1.name: ["bad.name", "ok"] }\n`);
    const r = await poolsim('run', dot);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`${dot}: sweep.setup.sides.1.name: "bad.name" contains "."`);
    expect(r.err).toContain('(at sweep point {"setup.sides.1.name":"bad.name"})');
    const many = Array.from({ length: 150 }, (_, i) => `{ name: m${i} }`).join(', ');
    const long = write('long.yaml', `${clash}sweep: { setup.sides.1.combatants: [[${many}]] }\n`);
    const l = await poolsim('run', long);
    expect(l.code).toBe(2);
    expect(l.err).toContain(`${long}: sweep.setup.sides.1.combatants: a list of 150 items: at most 100 (at sweep point`);
  });
});

describe('checks that could never pass', () => {
  test('a band wholly outside what the metric can be is bad input, not a failure at every run', async () => {
    const f = write('band.yaml', `${clash}expect:\n  - { metric: top.heroes, atLeast: 1.5 }\n  - { metric: hits.heroes, atMost: -1 }\n  - { metric: top.heroes, between: [0.2, 2] }\n`);
    const r = await poolsim('run', f);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`${f}: expect.0: atLeast 1.5 can never be met: top.heroes is a probability, from 0 to 1`);
    expect(r.err).toContain(`${f}: expect.1: atMost -1 can never be met: hits.heroes is from 0 to 2`);
    expect(r.err).not.toContain('expect.2');
  });

  test('a probability\'s band that can never fail, past 0 or 1, is bad input: most often a percentage (it passed every run)', async () => {
    const f = write('percent.yaml', `${clash}expect:\n  - { metric: top.heroes, atMost: 50 }\n  - { metric: top.heroes, between: [0, 80] }\n  - { metric: top.heroes, atLeast: -0.1 }\n  - { metric: top.heroes, atMost: 1 }\n  - { metric: top.heroes, between: [0.2, 2] }\n`);
    const r = await poolsim('run', f);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`${f}: expect.0.atMost: atMost 50 can never fail: top.heroes is a probability, from 0 to 1, and 50 reads as a percentage: 50% is 0.5: expected a bound from 0 to 1`);
    expect(r.err).toContain(`${f}: expect.1.between: between [0, 80] can never fail: top.heroes is a probability, from 0 to 1, and 80 reads as a percentage: 80% is 0.8: expected a bound from 0 to 1`);
    expect(r.err).toContain(`${f}: expect.2.atLeast: atLeast -0.1 can never fail: top.heroes is a probability, from 0 to 1: expected a bound from 0 to 1`);
    // As written and within the range, or with an end that still checks: left as they are.
    expect(r.err).not.toMatch(/expect\.[34]/);
    // Nor a mean, whose most may depend on the point.
    const mean = write('mean.yaml', `${clash}expect:\n  - { metric: hits.heroes, atMost: 50 }\n`);
    expect((await poolsim('run', mean)).code).toBe(0);
  });
});

describe('a check on a metric some sweep points lack', () => {
  test('names the points that lack it and suggests the point that confines the check (it said "no metric" of one that exists)', async () => {
    const battle = `name: B
system: viciousness
mechanic: battle
trials: 500
setup:
  sides:
    - name: a
      combatants: [{ name: b, dice: [d4] }, { name: m, count: 2 }]
    - name: x
      combatants: [{ name: captain, dice: [d6] }, { name: m, count: 2 }]
`;
    const f = write('some-points.yaml', `${battle}sweep: { rules.push: [never, ifNoHit], setup.sides.1.combatants.1.count: [1, 2] }\nexpect: [{ metric: pushed.a, atMost: 0.5 }]\n`);
    const r = await poolsim('run', f);
    expect(r.code).toBe(2);
    expect(r.err).toContain(
      `${f}: expect.0.metric: "pushed.a" is not reported at sweep point {"rules.push":"never","setup.sides.1.combatants.1.count":1} and 1 other, which the check covers; it is at {"rules.push":"ifNoHit","setup.sides.1.combatants.1.count":1} and 1 other: expected a "point" that confines the check to points reporting it (point: { "rules.push": "ifNoHit" })`,
    );
    // With that point the file runs (and its check is judged: exit 0 or 1, not bad input);
    // a metric no point has is still "no metric".
    const confined = await poolsim('run', write('confined.yaml', `${battle}sweep: { rules.push: [never, ifNoHit] }\nexpect: [{ metric: pushed.a, atMost: 1, point: { "rules.push": "ifNoHit" } }]\n`));
    expect(confined.code, confined.err).not.toBe(2);
    expect(confined.out).toContain('pushed.a');
    const none = write('none.yaml', `${battle}sweep: { rules.push: [never, ifNoHit] }\nexpect: [{ metric: pushed.q, atMost: 1 }]\n`);
    expect((await poolsim('run', none)).err).toContain(`${none}: expect.0.metric: no metric "pushed.q" in viciousness battle`);
  });
});

describe('a value of the wrong kind says what is expected there', () => {
  test('a die written as a number asks for a die like "d10"; true and false are said as written', async () => {
    const sorcerer = (die: string) => write(`die-${die}.yaml`, `name: S\nsystem: sorcerer\nmechanic: contest\ntrials: 100\nsetup:\n  die: ${die}\n  a: { name: a, dice: 2 }\n  b: { name: b, dice: 2 }\n`);
    const two = sorcerer('2');
    const r = await poolsim('run', two);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`${two}: setup.die: expected one die written as a string ("d10"), got 2`);
    const yes = sorcerer('true');
    expect((await poolsim('run', yes)).err).toContain(`${yes}: setup.die: expected one die written as a string ("d10"), got true`);
    const dice = write('dice-number.yaml', clash.replace('dice: ["d6"]', 'dice: [6]'));
    expect((await poolsim('run', dice)).err).toContain(`${dice}: setup.sides.0.combatants.0.dice.0: expected dice written as a string ("d10", "2d6"), got 6`);
  });
});

describe('names', () => {
  test('a scenario or solve block named with only spaces is refused (it read as none: "Find:    ")', async () => {
    const f = write('blank.yaml', clash.replace('name: B', 'name: "   "') + 'solve:\n  - { name: " ", vary: setup.sides.1.combatants.0.count, range: [1, 3], metric: top.heroes, target: 0.5 }\n');
    const r = await poolsim('run', f);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`${f}: name: expected a name with something besides spaces`);
    expect(r.err).toContain(`${f}: solve.0.name: expected a name with something besides spaces`);
  });
});

describe('files that are not what they seem', () => {
  test('YAML errors name the place once, in poolsim\'s words; an empty file is said to be empty', async () => {
    const cases: [string, string, string][] = [
      // What goes there instead is said too (a docs audit: the message named no expectation).
      ['tab.yaml', 'name: x\n\tsystem: y\n', 'line 2, column 1: not valid YAML: Tabs are not allowed as indentation: expected spaces (YAML indents with spaces only)\n'],
      // The key named, as JSON's is (a files audit).
      ['twice.yaml', 'name: x\nname: y\n', 'line 2, column 1: not valid YAML: Map keys must be unique: "name" is given twice\n'],
      ['twice-inline.yaml', 'name: x\nsetup: { sides: [ { name: a, "name": b } ] }\n', 'line 2, column 30: not valid YAML: Map keys must be unique: "name" is given twice\n'],
      ['two-docs.yaml', 'name: x\n---\nname: y\n', 'line 2, column 1: not valid YAML: a second document (after a line "---", or "..." and more): a scenario file holds one\n'],
      // After the end marker "...", with no "---" in the file (a CLI audit: the message named one).
      ['end-marker.yaml', 'name: x\n...\ngarbage: [\n', 'line 3, column 1: not valid YAML: a second document (after a line "---", or "..." and more): a scenario file holds one\n'],
      ['empty.yaml', '', '(top level): the file is empty: expected a scenario'],
      ['comments.yaml', '# to do\n', '(top level): the file is empty: expected a scenario'],
      ['empty.json', '  \n', '(top level): the file is empty: expected a scenario'],
      // A file that writes null is not empty; a "---" with nothing after it ends the one document.
      ['null.yaml', 'null\n', '(top level): expected an object, got null'],
      ['end.yaml', 'name: x\n---\n', 'system: expected one of'],
    ];
    for (const [name, text, said] of cases) {
      const r = await poolsim('run', write(name, text));
      expect(r.code, name).toBe(2);
      expect(r.err, name).toContain(`${join(dir, name)}: ${said}`);
    }
  });

  test('a shard\'s part file left among the scenarios, and a folder of parts given to merge', async () => {
    const folder = join(dir, 'lib');
    mkdirSync(folder);
    writeFileSync(join(folder, 'b.yaml'), clash);
    // Written straight into the folder being run, it is refused before anything runs…
    const into = await poolsim('run', folder, '--shard', '0/2', '--out', join(folder, 'part-0.json'));
    expect(into.code).toBe(2);
    expect(into.err).toContain('which is being run, and the next run of it would read the part as a scenario');
    // …but one written elsewhere and moved in by hand is still said for what it is.
    expect((await poolsim('run', folder, '--shard', '0/2', '--out', join(dir, 'part-0.json'))).code).toBe(0);
    copyFileSync(join(dir, 'part-0.json'), join(folder, 'part-0.json'));
    const r = await poolsim('run', folder, '--shard', '1/2', '--out', join(dir, 'part-1.json'));
    expect(r.code).toBe(2);
    expect(r.err).toContain(`${join(folder, 'part-0.json')}: (top level): a part file of a sharded run (run --shard --out), not a scenario`);
    const m = await poolsim('merge', folder);
    expect(m.code).toBe(2);
    expect(m.err).toContain(`${folder}: is a folder: expected the part files themselves`);
  });

  test('the last of a flag given twice counts; two shard indexes that disagree are refused', async () => {
    const f = write('twice.yaml', clash);
    // A flag given twice counts its last value (`npm start -- --out DIR` relies on it).
    const r = await poolsim('run', f, '--trials', '1000', '--trials', '2000', '--json');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out).trials).toBe(2000);
    const { main } = await import('../cli/main.ts');
    const sink = () => ({ text: '', write(s: string) { this.text += s; return true; } });
    const err = sink();
    const code = await main(['run', f, '--shards', '2', '--out', join(dir, 'q.json')], sink() as any, err as any, { env: { JOB_COMPLETION_INDEX: '1', POOLSIM_SHARD_INDEX: '0' } });
    expect(code).toBe(2);
    expect(err.text).toContain('$JOB_COMPLETION_INDEX is "1" and $POOLSIM_SHARD_INDEX is "0": set one of them, or both alike');
    expect(existsSync(join(dir, 'q.json'))).toBe(false);
    // The same index written two ways is one index.
    const same = await main(['run', f, '--shards', '2', '--out', join(dir, 'q.json')], sink() as any, sink() as any, { env: { JOB_COMPLETION_INDEX: '1', POOLSIM_SHARD_INDEX: '01' } });
    expect(same).toBe(0);
  });

  test('--out in a folder that does not exist is refused before the shard runs, not after', async () => {
    const f = write('c.yaml', clash);
    const target = join(dir, 'no-such-folder', 'p.json');
    const r = await poolsim('run', f, '--shard', '0/2', '--out', target);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`--out ${target}: the folder ${join(dir, 'no-such-folder')} does not exist`);
    expect(r.err).not.toContain('shard 0/2:');
    expect(existsSync(join(dir, 'no-such-folder'))).toBe(false);
    expect(readdirSync(dir).some((n) => n.endsWith('.partial'))).toBe(false);
  });

  test('--out through a folder that does not exist and back out (`missing/../p.json`) names that folder, not the one it climbs back to as one that "takes no new file" (an audit)', async () => {
    const f = write('c.yaml', clash);
    // Written as typed: join() would take the ".." away, as resolve() did for the look.
    const target = `${dir}/no-such-folder/../p.json`;
    const r = await poolsim('run', f, '--shard', '0/2', '--out', target);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`--out ${target}: the folder ${dir}/no-such-folder does not exist, so the path cannot go on past it (ENOENT)`);
    expect(r.err).not.toContain('takes no new file');
    expect(existsSync(join(dir, 'p.json'))).toBe(false);
    expect(readdirSync(dir).some((n) => n.endsWith('.partial'))).toBe(false);
  });

  test('--out through a link and a `..` after it (`lnk/../gone/p.json`, lnk → real/sub) names the folder the system finds, real/gone, not ./gone, there and writable, as one that "takes no new file" (a review of ce140747)', async () => {
    const f = write('c.yaml', clash);
    const here = join(dir, 'linked');
    mkdirSync(join(here, 'real', 'sub'), { recursive: true });
    mkdirSync(join(here, 'gone'));
    symlinkSync('real/sub', join(here, 'lnk'));
    const target = `${here}/lnk/../gone/p.json`;
    const r = await poolsim('run', f, '--shard', '0/2', '--out', target);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`--out ${target}: the folder ${here}/real/gone does not exist`);
    expect(r.err).not.toContain('takes no new file');
    expect(readdirSync(join(here, 'gone'))).toEqual([]);
    // Where the folder the system finds is there, the part goes in it, as the system opens the path.
    const there = await poolsim('run', f, '--shard', '0/2', '--out', `${here}/lnk/../p.json`);
    expect(there.code, there.err).toBe(0);
    expect(existsSync(join(here, 'real', 'p.json'))).toBe(true);
    expect(existsSync(join(here, 'p.json'))).toBe(false);
  });

  test('--out ending in "/" is refused before the shard runs: a part is a file', async () => {
    const f = write('c.yaml', clash);
    const r = await poolsim('run', f, '--shard', '0/2', '--out', join(dir, 'newp.json') + '/');
    expect(r.code).toBe(2);
    expect(r.err).toContain('ends in "/", which names a folder');
    expect(readdirSync(dir).some((n) => n.endsWith('.partial') || n === 'newp.json')).toBe(false);
  });
});

describe('seeds', () => {
  test('a whole-number seed past 2^53 is refused: the file read it rounded, so two seeds ran one stream', async () => {
    const f = write('bigseed.json', '{"name":"k","system":"viciousness","mechanic":"knowledge","trials":1000,"seed":12345678901234567890,"setup":{}}');
    const r = await poolsim('run', f);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`${f}: seed: a whole number past 2^53 (9007199254740991) is not read exactly: write the seed in quotes, as a string`);
    // In quotes it is its own seed; a safe number is a number.
    expect((await poolsim('run', write('strseed.json', '{"name":"k","system":"viciousness","mechanic":"knowledge","trials":1000,"seed":"12345678901234567890","setup":{}}'))).code).toBe(0);
    expect((await poolsim('run', write('okseed.json', '{"name":"k","system":"viciousness","mechanic":"knowledge","trials":1000,"seed":9007199254740991,"setup":{}}'))).code).toBe(0);
  });
});

describe('files read as scenarios are: results for diff, parts for merge, YAML data only', () => {
  test('a byte order mark is passed over in diff and merge; a key twice in one object is refused by diff', async () => {
    const f = write('r.yaml', clash);
    const result = (await poolsim('run', f, '--json')).out;
    const plain = write('plain.json', result);
    const bom = write('bom.json', `\ufeff${result}`);
    const diff = await poolsim('diff', plain, bom);
    expect(diff.code, diff.err).toBe(0);
    expect(diff.out).toContain('nothing moved');
    const twice = write('twice.json', result.replace('{', '{\n  "name": "other",'));
    const refused = await poolsim('diff', plain, twice);
    expect(refused.code).toBe(2);
    expect(refused.err).toContain(`${twice}: (top level): expected result JSON (poolsim run --json): line 3, column 3: not valid JSON: the key "name" appears twice in one object`);
    const part = join(dir, 'part.json');
    expect((await poolsim('run', f, '--shard', '0/1', '--out', part)).code).toBe(0);
    const bomPart = write('bom-part.json', `\ufeff${(await import('node:fs')).readFileSync(part, 'utf8')}`);
    const merged = await poolsim('merge', bomPart, '--json');
    expect(merged.code, merged.err).toBe(0);
    expect(JSON.parse(merged.out).name).toBe('B');
  });

  test('a file named with another extension that is not JSON says it was read as JSON (it said "not valid JSON" alone)', async () => {
    const f = write('heist.yanl', clash);
    const r = await poolsim('run', f);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`${f}: line 1, column 1: not valid JSON: Unexpected token "name" (read as JSON: a scenario file's name ends .json, .yaml or .yml)`);
    // A name with no extension, as extname reads it (`noext`, `.hidden`), gets no such word:
    // `.hidden` was read as ending ".hidden" and got it (a review).
    for (const name of ['noext', '.hidden']) {
      const bare = await poolsim('run', write(name, clash));
      expect(bare.code, name).toBe(2);
      expect(bare.err, name).toContain('not valid JSON: Unexpected token "name"');
      expect(bare.err, name).not.toContain('read as JSON');
    }
    // A .json file's own syntax error needs no such word.
    const j = write('cut.json', '{"name": 1');
    const cut = await poolsim('run', j);
    expect(cut.code).toBe(2);
    expect(cut.err).not.toContain('read as JSON');
  });

  test('a YAML tag poolsim does not know is refused, not read as its bare value with a warning', async () => {
    const f = write('tag.yaml', clash.replace('trials: 500', 'trials: 500\nseed: !custom x'));
    const r = await poolsim('run', f);
    expect(r.code).toBe(2);
    // Said at its field, as every other problem of a file is (it read "line 5, column 7" alone).
    expect(r.err).toContain(`${f}: seed (line 5, column 7): not plain YAML data: a tag poolsim does not read, !custom (a scenario holds strings, numbers, true/false, null, lists and objects only): expected the value without its tag`);
    expect(r.err).not.toContain('YAMLWarning');
  });

  test('YAML 1.2 core tags on values that fit them read as those values (`!!float 5` was refused as "not plain YAML data")', async () => {
    const read = (value: string) => (parseScenarioText(`v: ${value}\n`, 'tags.yaml') as { v: unknown }).v;
    // The core schema's float pattern takes a whole number: every YAML 1.2 reader reads these as 5.
    expect(read('!!float 5')).toBe(5);
    expect(read('!!float -5')).toBe(-5);
    expect(read('!!float +5')).toBe(5);
    expect(read('!!float "5"')).toBe(5);
    expect(read('!!float 0.25')).toBe(0.25);
    expect(read('!!float 1e3')).toBe(1000);
    expect(read('!!float .inf')).toBe(Infinity);
    expect(read('!!int 5')).toBe(5);
    expect(read('!!int 0x1F')).toBe(31);
    expect(read('!!str 5')).toBe('5');
    expect(read('!!bool true')).toBe(true);
    expect(read('!!null ~')).toBe(null);
    expect(read('!!null')).toBe(null);
    // A value its tag does not fit is still refused, with what the tag takes.
    const refused = (value: string) => readOrSaid(`v: ${value}
`, 'tags.yaml');
    expect(refused('!!float abc')).toBe('tags.yaml: v (line 1, column 4): not plain YAML data: a value tagged !!float that YAML 1.2 does not read as one: expected a number, such as 5, 0.25, 1e3 or .inf');
    expect(refused('!!float 1_000')).toContain('a value tagged !!float that YAML 1.2 does not read as one');
    expect(refused('!!int 5.0')).toBe('tags.yaml: v (line 1, column 4): not plain YAML data: a value tagged !!int that YAML 1.2 does not read as one: expected a whole number, such as 5, -3, 0x1F or 0o17');
    expect(refused('!!bool yes')).toContain('a value tagged !!bool that YAML 1.2 does not read as one: expected true or false');
    expect(refused('!!null x')).toContain('a value tagged !!null that YAML 1.2 does not read as one: expected ~, null or nothing');
    // A collection's tag on a scalar said as the others are (it read "Unresolved tag: tag:yaml.org,2002:seq").
    expect(refused('!!seq 5')).toBe('tags.yaml: v (line 1, column 4): not plain YAML data: a value tagged !!seq that YAML 1.2 does not read as one: expected a list (items on lines starting with "- ", or [a, b])');
    expect(refused('!!map x')).toBe('tags.yaml: v (line 1, column 4): not plain YAML data: a value tagged !!map that YAML 1.2 does not read as one: expected a mapping (key: value lines, or {a: 1})');
    // Deep in the file, at its path: an item of a list, a value in a flow mapping.
    const deep = (text: string) => readOrSaid(text, 'deep.yaml');
    expect(deep('a: 1\nl:\n  - 1\n  - !!int x\n')).toBe('deep.yaml: l.1 (line 4, column 5): not plain YAML data: a value tagged !!int that YAML 1.2 does not read as one: expected a whole number, such as 5, -3, 0x1F or 0o17');
    expect(deep('setup: { attacker: !!bool 3d4 }\n')).toContain('deep.yaml: setup.attacker (line 1, column 20): not plain YAML data: a value tagged !!bool');
    // The whole document tagged has no field to name: its line and column alone.
    expect(deep('!!seq 5\n')).toBe('deep.yaml: line 1, column 1: not plain YAML data: a value tagged !!seq that YAML 1.2 does not read as one: expected a list (items on lines starting with "- ", or [a, b])');
    // And a whole file so tagged runs as the same file untagged does.
    const tagged = write('tagged.yaml', heist.replace('trials: 200', 'trials: !!int 200\nseed: !!str 7').replace('challenges: 2', 'challenges: !!float 2'));
    const plain = write('untagged.yaml', heist.replace('trials: 200', 'trials: 200\nseed: "7"'));
    const a = await poolsim('run', tagged, '--json');
    expect(a.code, a.err).toBe(0);
    const b = await poolsim('run', plain, '--json');
    expect(JSON.parse(a.out).results).toEqual(JSON.parse(b.out).results);
  });

  test('a tag problem is said at the tagged node, not at the mapping around it nor at the first key under a tagged document (a review)', () => {
    const said = (text: string) => readOrSaid(text, 'place.yaml');
    const int = 'not plain YAML data: a value tagged !!int that YAML 1.2 does not read as one: expected a whole number, such as 5, -3, 0x1F or 0o17';
    // A block mapping starts where its first key does: the first key's tag was said at the
    // mapping around it ("a", "0", "a.0"), a later key's at the key.
    expect(said('a:\n  !!int k: 5\n')).toBe(`place.yaml: a.k (line 2, column 3): ${int}`);
    expect(said('- !!int k: 5\n')).toBe(`place.yaml: 0.k (line 1, column 3): ${int}`);
    expect(said('a: [!!int k: 5]\n')).toBe(`place.yaml: a.0.k (line 1, column 5): ${int}`);
    expect(said('!!int k: 5\n')).toBe(`place.yaml: k (line 1, column 1): ${int}`);
    // A tag on the whole document is on no field: it was said at the first key ("a").
    expect(said('!custom\na: 1\n')).toBe('place.yaml: line 1, column 1: not plain YAML data: a tag poolsim does not read, !custom (a scenario holds strings, numbers, true/false, null, lists and objects only): expected the value without its tag');
    expect(said('--- !!seq\na: 1\n')).toMatch(/^place\.yaml: line 1, column 5: not plain YAML data: a value tagged !!seq/);
    // After an empty first document, a !!float (an error, not a warning) at its field too.
    expect(said('---\n---\na: !!float abc\n')).toBe('place.yaml: a (line 3, column 4): not plain YAML data: a value tagged !!float that YAML 1.2 does not read as one: expected a number, such as 5, 0.25, 1e3 or .inf');
    // !!str on a list is YAML's own tag, not "a tag poolsim does not read, tag:yaml.org,2002:str".
    expect(said('a: !!str [1]\n')).toBe('place.yaml: a (line 1, column 4): not plain YAML data: a value tagged !!str that YAML 1.2 does not read as one: expected a single value (text such as x or "5"), not a list or a mapping');
  });

  test('a key YAML reads as null is said as the file wrote it (`~: 4` was refused as `unknown field ""`)', () => {
    const said = (text: string) => readOrSaid(text, 'keys.yaml');
    const names = "a scenario's keys are names (of a field, a rule variant, a sweep path): expected a name there";
    expect(said('name: x\n~: 4\n')).toBe(`keys.yaml: (top level): a key written ~, which YAML reads as null (line 2, column 1): ${names}`);
    expect(said('setup:\n  NULL: 4\n')).toBe(`keys.yaml: setup: a key written NULL, which YAML reads as null (line 2, column 3): ${names}`);
    expect(said('sweep: { : [1] }\n')).toBe(`keys.yaml: sweep: a key left empty (nothing before its colon), which YAML reads as null (line 1, column 9): ${names}`);
    expect(said('a: &n ~\nsetup: { *n : 1 }\n')).toBe(`keys.yaml: setup: a key written *n, which YAML reads as null (line 2, column 10): ${names}`);
    // Its tag as written (it read "a key left empty").
    expect(said('name: x\n!!null : 4\n')).toMatch(/^keys\.yaml: \(top level\): a key written !!null, which YAML reads as null \(line 2, /);
    expect(said('name: x\n!!null ~: 4\n')).toMatch(/^keys\.yaml: \(top level\): a key written !!null ~, which YAML reads as null/);
    // Quoted, it is the text it says, a key like any other.
    expect(said('"~": 4\n')).toBe('read');
    expect(said('"": 4\n')).toBe('read');
  });

  test('diff says when a scenario of one name is now another mechanic (its metrics may share names and mean other things)', async () => {
    const knowledge = write('kn.json', '{"name":"x","system":"viciousness","mechanic":"knowledge","trials":1000,"seed":"a","setup":{}}');
    const discovery = write('di.json', '{"name":"x","system":"viciousness","mechanic":"discovery","trials":1000,"seed":"a","setup":{"value":2}}');
    const a = write('kn-r.json', (await poolsim('run', knowledge, '--json')).out);
    const b = write('di-r.json', (await poolsim('run', discovery, '--json')).out);
    const r = await poolsim('diff', a, b);
    expect(r.out).toContain('"x": mechanic "viciousness knowledge" → "viciousness discovery"');
    // Said, not compared, and failed: a changed scenario is a change the gate must see.
    expect(r.code, r.out).toBe(1);
    expect(r.out).toContain('(their numbers and solve answers not compared');
    const json = JSON.parse((await poolsim('diff', a, b, '--json')).out);
    expect(json.settings).toContainEqual({ scenario: 'x', setting: 'mechanic', base: 'viciousness knowledge', new: 'viciousness discovery' });
    expect(json.changes).toEqual([]);
  });
});


describe('an unknown field near one the file could mean is named (an input audit)', () => {
  test('a misspelt field says what it may be: case, a slip, two letters swapped', async () => {
    const f = write('typos.yaml', `name: typos
system: viciousness
mechanic: campaign
trials: 100
seed: 1
setup:
  turns: 3
  company: { name: co }
  troupes: [ { name: t, captain: { knavery: [d6] }, minons: [ { name: m } ] } ]
  policy: { job: { challenges: 2 }, defenderpush: captain }
expcet: []
`);
    const top = await poolsim('run', f);
    expect(top.code).toBe(2);
    expect(top.err).toContain('typos.yaml: expcet: unknown field "expcet": did you mean "expect"?');
    writeFileSync(f, readFileSync(f, 'utf8').replace('expcet: []\n', ''));
    const inner = await poolsim('run', f);
    expect(inner.err).toContain('typos.yaml: setup.troupes.0.minons: unknown field "minons": did you mean "minions"?');
    expect(inner.err).toContain('typos.yaml: setup.policy.defenderpush: unknown field "defenderpush": did you mean "defenderPush"?');
  });

  test('a long list of the fields expected is said whole (a VDP character\'s was cut at 500 characters: "chargeB…", chargeCashIn and charge never shown)', async () => {
    const f = write('vdp-field.json', JSON.stringify({ name: 'v', system: 'vdp', mechanic: 'combat', trials: 100, seed: 's', setup: { characters: [{ name: 'a', team: 'x', zzzzqqq: 1 }, { name: 'b', team: 'y' }] } }));
    const r = await poolsim('run', f);
    expect(r.code).toBe(2);
    const line = r.err.split('\n').find((l) => l.includes('unknown field "zzzzqqq"'))!;
    expect(line).toMatch(/"chargeBuy".*"chargeCashIn".*"charge"/);
    expect(line).not.toContain('…');
  });

  test('a field name thousands of characters long is cut in the message, not printed whole', async () => {
    // (JSON: YAML refuses a key over 1,024 characters itself.)
    const f = write('long-field.json', JSON.stringify({ name: 'B', system: 'viciousness', mechanic: 'clash', trials: 500, ['g'.repeat(1900)]: true, setup: { sides: [{ name: 'h', combatants: [{ name: 'c' }] }, { name: 'v', combatants: [{ name: 'b' }] }] } }));
    const r = await poolsim('run', f);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`${f}: ggg`);
    for (const l of r.err.split('\n')) expect(l.length).toBeLessThan(1100);
  });

  test('a field written a level too low is sent where it goes, not to a look-alike (a Sorcerer audit: a side\'s "die" was "did you mean "dice"?", a count)', async () => {
    const f = write('side-die.json', JSON.stringify({ name: 'd', system: 'sorcerer', mechanic: 'contest', trials: 100, seed: 'x', setup: { a: { name: 'a', dice: 3, die: 'd6' }, b: { name: 'b', dice: 2 } } }));
    const r = await poolsim('run', f);
    expect(r.code).toBe(2);
    expect(r.err).toContain('side-die.json: setup.a.die: unknown field "die": "die" goes in setup, not in setup.a');
    expect(r.err).not.toContain('did you mean');
  });

  test('a name with a line break is refused, the scenario\'s and the setup\'s (a files audit: "ok    fake line" printed as a line of the report\'s own)', async () => {
    const clashOf = (name: string, side: string) => JSON.stringify({ name, system: 'viciousness', mechanic: 'clash', trials: 100, seed: 's', setup: { sides: [{ name: side, combatants: [{ name: 'c' }] }, { name: 'v', combatants: [{ name: 'b' }] }] } });
    const top = await poolsim('run', write('nl-name.json', clashOf('Heist\n\nok    fake line', 'x')));
    expect(top.code).toBe(2);
    expect(top.err).toContain('nl-name.json: name: expected a name on one line: it holds a line break');
    const side = await poolsim('run', write('nl-side.json', clashOf('Heist', 'x\u2028y')));
    expect(side.code).toBe(2);
    expect(side.err).toContain('nl-side.json: setup.sides.0.name: expected a name on one line: it holds a line break');
    const swept = write('nl-sweep.json', JSON.stringify({ ...JSON.parse(clashOf('Heist', 'x')), sweep: { 'setup.sides.0.name': ['x', 'y\rz'] } }));
    expect((await poolsim('run', swept)).err).toContain('nl-sweep.json: sweep.setup.sides.0.name.1: expected a name on one line');
    // A VDP team's name is a metric's too (win.<team>: a review).
    const team = write('nl-team.json', JSON.stringify({ name: 't', system: 'vdp', mechanic: 'combat', trials: 100, seed: 's', setup: { characters: [{ name: 'a', team: 'line\nbreak', attack: { attribute: 2, skill: 2 }, defence: { attribute: 3, skill: 2 }, fortitude: 3, type: 'trained', timing: 7 }, { name: 'b', attack: { attribute: 2, skill: 2 }, defence: { attribute: 3, skill: 2 }, fortitude: 3, type: 'trained', timing: 7 }] } }));
    expect((await poolsim('run', team)).err).toContain('nl-team.json: setup.characters.0.team: expected a name on one line');
    // And a line separator in other text (a check's why) is shown escaped.
    expect(plainText('a\u2028b\u2029c\nd')).toBe('a\\u2028b\\u2029c\nd');
  });

  test('a file name holding a newline is said on one line, the newline written \\u000a (each problem read as one of a file "file.json": an input audit)', async () => {
    mkdirSync(join(dir, 'nl'));
    const f = write(join('nl', 'bad\nfile.json'), '{"name": 5}');
    const r = await poolsim('run', f);
    expect(r.code).toBe(2);
    const shown = join(dir, 'nl', 'bad\\u000afile.json');
    expect(r.err).toContain(`  ${shown}: name: expected a string, got 5\n`);
    expect(r.err).not.toContain('\nfile.json');
    // A refused --out, and a result's heading, on one line too (a review).
    const good = write(join('nl', 'go\nod.yaml'), clash);
    const shard = await poolsim('run', good, '--shard', '0/2', '--out', join(dir, 'nl'));
    expect(shard.code).toBe(2);
    expect(shard.err).toContain(`--out ${join(dir, 'nl')}`);
    const linked = await poolsim('run', good, '--shard', '0/2', '--out', join(dir, 'l\nnk', 'p.json'));
    expect(linked.code).toBe(2);
    expect(linked.err.trimEnd().split('\n')[0]).toContain('l\\u000ank');
    const table = await poolsim('run', good);
    expect(table.code, table.err).toBe(0);
    expect(table.out).toContain(`(viciousness clash, ${join(dir, 'nl', 'go\\u000aod.yaml')})`);
  });

  test('a number on the command line or in a POOLSIM_ setting is a decimal one: 0x10 and 0b1 are refused everywhere, as --trials refused them (--min-change, --precision and the settings took them: an input audit)', async () => {
    expect([decimal('0.001'), decimal('5'), decimal('1e-3'), decimal(' 2 '), decimal('.5')]).toEqual([0.001, 5, 0.001, 2, 0.5]);
    for (const bad of ['0x10', '0b1', '0o7', '', 'Infinity', '1_000']) expect(decimal(bad)).toBeNaN();
    const f = write('hex.yaml', clash);
    const precision = await poolsim('run', f, '--precision', '0x1');
    expect(precision.code).toBe(2);
    expect(precision.err).toContain('--precision expects a positive number such as 0.001, got "0x1"');
    const minChange = await poolsim('diff', f, f, '--min-change', '0x1');
    expect(minChange.code).toBe(2);
    expect(minChange.err).toContain('--min-change expects a number ≥ 0 such as 0.01, got "0x1"');
  });

  test('nothing near: no guess', async () => {
    const f = write('greed.yaml', clash.replace('trials: 500', 'trials: 500\ngreed: true'));
    const r = await poolsim('run', f);
    expect(r.err).toContain('greed.yaml: greed: unknown field "greed"');
    expect(r.err).not.toContain('did you mean');
  });
});

describe('messages an input audit found unclear (December 2026)', () => {
  /** Refused with exit 2, nothing on stdout, and the problems said: one a line, each naming the file. */
  const refused = async (...argv: string[]) => {
    const r = await poolsim(...argv, '--json');
    expect(r.code, r.err).toBe(2);
    expect(r.out).toBe('');
    return r.err.split('\n').filter((line) => line.startsWith(`  ${dir}`)).map((line) => line.trim());
  };

  test('a YAML merge key is refused once, at the "<<", with what to write instead (it read as unknown field "<<" and a "missing" error for each field merged)', async () => {
    const merged = clash.replace(
      '    - name: villains\n      combatants: [{ name: boss }]\n',
      '    - &side\n      name: villains\n      combatants: [{ name: boss }]\n    - <<: *side\n      name: others\n',
    );
    const f = write('merge.yaml', merged);
    expect(await refused('run', f)).toEqual([
      `${f}: setup.sides.2.<<: YAML merge keys ("<<") are not supported: write the fields out, or use an alias of the whole mapping (*side) where nothing in it changes`,
    ]);
    // In a flow mapping, merging a list of mappings: refused the same. Under a %YAML 1.1
    // directive (where the library merges whatever its options say) the directive itself is
    // refused first: 1.1 reads 012 as 10.
    const flow = write('merge-flow.yaml', merged.replace('    - <<: *side\n      name: others\n', '    - { <<: [*side], name: others }\n'));
    expect(await refused('run', flow)).toEqual([
      `${flow}: setup.sides.2.<<: YAML merge keys ("<<") are not supported: write the fields out, or use an alias of the whole mapping (*anchor) where nothing in it changes`,
    ]);
    const old = write('merge-1.1.yaml', `%YAML 1.1\n---\n${merged}`);
    expect(await refused('run', old)).toEqual([
      `${old}: (top level): a %YAML 1.1 directive: poolsim reads YAML 1.2 only (under 1.1, 012 reads as 10, 1:30 as 90, yes and no as true and false): expected the directive left out, or %YAML 1.2`,
    ]);
    // An alias is read as written.
    const alias = write('alias.yaml', clash.replace('dice: ["d6"]', 'dice: &dice ["d6"]').replace('{ name: boss }', '{ name: boss, dice: *dice }'));
    const r = await poolsim('run', alias, '--json');
    expect(r.code, r.err).toBe(0);
  });

  test('an alias inside what it names is refused at its depth, not a stack overflow (a review)', async () => {
    const f = write('alias-loop.yaml', clash.replace('trials: 500', 'trials: 500\njunk: &x [1, *x]'));
    const r = await poolsim('run', f);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`${f}: junk.1.1.1`);
    expect(r.err).toContain('nested more than 32 levels deep');
  });

  test('an alias reads as its own copy, and setPath shares nothing with what it copies (a review: each half alone kept the sweep test passing)', () => {
    const data = parseScenarioText('a: &x { n: [1] }\nb: *x\n', 'x.yaml') as { a: { n: number[] }; b: { n: number[] } };
    expect(data.a).toEqual(data.b);
    expect(data.a).not.toBe(data.b);
    expect(data.a.n).not.toBe(data.b.n);
    const shared = { n: [1] };
    const root = { a: shared, b: shared };
    const set = setPath(root, 'a.n', [2]) as typeof root;
    expect(set.b.n).toEqual([1]);
    expect(set.a).not.toBe(set.b);
    expect(root.a.n).toEqual([1]);
  });

  test('a sweep or a solve of a place that a YAML alias repeats changes that place only: the alias is a copy (both changed, unsaid, while the result echoed the other as written: an input audit)', async () => {
    const f = write('alias-sweep.yaml', [
      'name: x', 'system: viciousness', 'mechanic: clash', 'trials: 1000', 'seed: a', 'setup:', '  sides:',
      '    - { name: a, combatants: &c [{ name: c, dice: [d4] }] }', '    - { name: b, combatants: *c }',
      'sweep:', '  setup.sides.0.combatants.0.dice: [[d4], [d4, d4, d4]]', '',
    ].join('\n'));
    const r = await poolsim('run', f, '--json');
    expect(r.code, r.err).toBe(0);
    const result = JSON.parse(r.out);
    const points = result.results;
    // Side b: its 1d4 and one d4 trait die, each a hit on exactly 4: 2 × 1/4 (it rolled a's four dice: 1).
    for (const p of points) expect(p.metrics['hits.b'].exact).toBe(0.5);
    expect(points[1].metrics['hits.a'].exact).toBe(1);
    expect(result.setup.sides[1].combatants[0].dice).toEqual(['d4']);
    // A solve over the aliased place: its answer is the unaliased file's.
    const solve = (text: string) => write('alias-solve.yaml', text);
    const body = (b: string) => [
      'name: x', 'system: viciousness', 'mechanic: clash', 'seed: a', 'setup:', '  sides:',
      '    - { name: a, combatants: &c [{ name: c, count: 1 }] }', `    - { name: b, combatants: ${b} }`,
      'solve:', '  - name: q', '    vary: setup.sides.0.combatants.0.count', '    range: [1, 6]', '    metric: top.a', '    target: 0.5', '    find: closest', '',
    ].join('\n');
    const answer = async (b: string) => {
      const r = await poolsim('solve', solve(body(b)), '--json');
      expect(r.code, r.err).toBe(0);
      return JSON.parse(r.out).solve[0].value;
    };
    // 3 minions against one: a strictly ahead ≈0.4727 exact (2: 0.34375, 4: 0.578125); with
    // b's side growing alongside, a never reached 0.5 and the answer read 6.
    expect(await answer('[{ name: c, count: 1 }]')).toBe(3);
    expect(await answer('*c')).toBe(3);
  });

  test('a %YAML 1.1 directive is refused: under it 012 read as 10 and 1_000 as 1000, unsaid (an input audit); %YAML 1.2 reads as without it', async () => {
    const body = 'name: x\nsystem: viciousness\nmechanic: knavery\nseed: 012\ntrials: 1000\nsetup: { challenges: 2, participants: [{ name: crew, count: 3 }] }\n';
    const f = write('yaml-1.1.yaml', `%YAML 1.1\n---\n${body}`);
    expect(await refused('run', f)).toEqual([
      `${f}: (top level): a %YAML 1.1 directive: poolsim reads YAML 1.2 only (under 1.1, 012 reads as 10, 1:30 as 90, yes and no as true and false): expected the directive left out, or %YAML 1.2`,
    ]);
    const ok = write('yaml-1.2.yaml', `%YAML 1.2\n---\n${body}`);
    const r = await poolsim('run', ok, '--json');
    expect(r.code, r.err).toBe(0);
    expect(JSON.parse(r.out).seed).toBe(12);
  });

  test('NaN or Infinity in a JSON file is said to be what JSON lacks, at its line and column, as other JSON errors are (it said "(top level): … Unexpected token \'N\'")', async () => {
    const json = (modifier: string) => `{\n  "name": "x",\n  "system": "vdp",\n  "mechanic": "check",\n  "setup": {\n    "modifier": ${modifier},\n    "target": 12\n  }\n}\n`;
    for (const [name, value] of [['nan.json', 'NaN'], ['inf.json', 'Infinity'], ['minus-inf.json', '-Infinity']]) {
      const f = write(name, json(value));
      expect(await refused('run', f), name).toEqual([`${f}: line 6, column 17: not valid JSON: ${value}: JSON has no NaN or Infinity: write a number, or null`]);
    }
    // Any other word JSON does not have is placed too, and named, not V8's one character of it
    // with the file's text quoted after.
    const nan = write('lower-nan.json', json('nan'));
    expect(await refused('run', nan)).toEqual([`${nan}: line 6, column 17: not valid JSON: Unexpected token "nan"`]);
    // In a string, NaN is text.
    const text = write('nan-text.json', json('1').replace('"x"', '"NaN"'));
    expect((await poolsim('run', text, '--trials', '100', '--json')).code).toBe(0);
  });

  test('a solve label with a placeholder other than {value}, or braces as an escape, is refused at solve.N.label (it read "2 {other} {2}")', async () => {
    const f = write('label.yaml', `${clash}solve:\n  - { name: how many, vary: setup.sides.1.combatants.0.count, range: [1, 3], metric: top.heroes, target: 0.5, label: "{value} {other} {{value}}" }\n`);
    expect(await refused('solve', f)).toEqual([`${f}: solve.0.label: unknown placeholder "{other}": "{value}" is the only one, and a label holds no other "{" or "}"`]);
  });
});

describe('command-line slips a file-safety audit found passed over unsaid (December 2026)', () => {
  test('a blank --seed is refused: `--seed "$SEED"` with SEED unset ran every file on seed "" instead of its own', async () => {
    const f = write('seeded.yaml', clash);
    for (const [command, seed] of [['run', ''], ['run', ' '], ['solve', ''], ['report', '']]) {
      const r = await poolsim(command, f, '--seed', seed);
      expect(r.code, `${command} --seed "${seed}"`).toBe(2);
      expect(r.err).toContain(`--seed needs a value, got ${JSON.stringify(seed)}`);
    }
  });

  test('a folder named beside other inputs that holds no scenario is refused, as it is named alone (it was skipped)', async () => {
    const empty = join(dir, 'new-folder');
    mkdirSync(empty);
    const f = write('beside.yaml', clash);
    for (const command of ['run', 'report', 'solve']) {
      const r = await poolsim(command, empty, f);
      expect(r.code, command).toBe(2);
      expect(r.err).toContain(`${empty}: (top level): no scenario files (.json, .yaml, .yml) found in this folder (each folder named must hold some)`);
    }
    // A folder of report folders only, beside a scenario, is the same mistake.
    const reports = join(dir, 'reports-only');
    expect((await poolsim('report', f, '--trials', '500', '--out', join(reports, 'out'))).code).toBe(0);
    const r = await poolsim('run', reports, f);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`${reports}: (top level): no scenario files`);
    // Alone, as before: refused.
    expect((await poolsim('run', empty)).code).toBe(2);
  });

  test('solve: a file named without solve blocks is refused however its path is spelled (reached first through a folder, it was skipped)', async () => {
    const folder = join(dir, 'solve-lib');
    mkdirSync(folder);
    writeFileSync(join(folder, 'plain.yaml'), clash);
    copyFileSync(join(import.meta.dirname, '..', 'scenarios', 'solve-heist.yaml'), join(folder, 'heist.yaml'));
    // The same file, spelled through its folder's parent.
    const spelled = `${folder}/../solve-lib/plain.yaml`;
    const r = await poolsim('solve', folder, spelled);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`${spelled}: solve: missing: expected a list of solve blocks (docs/solve.md)`);
    // The folder alone asks only the file with solve blocks.
    expect((await poolsim('solve', folder)).code).toBe(0);
  });

  test('a name beginning ".." inside a folder is inside it: a part is not written into the folder being run, nor a report into the baseline', async () => {
    const folder = join(dir, 'dots');
    mkdirSync(folder);
    writeFileSync(join(folder, 'b.yaml'), clash);
    const part = await poolsim('run', folder, '--shard', '0/1', '--out', join(folder, '..p.json'));
    expect(part.code).toBe(2);
    // A hidden name, which the next run passes over: refused all the same, and said so.
    expect(part.err).toContain('which is being run, and poolsim keeps parts out of the folders it runs, whatever the name (the next run passes a hidden name over)');
    expect(readdirSync(folder)).toEqual(['b.yaml']);
    const base = join(dir, 'dots-base');
    expect((await poolsim('report', folder, '--trials', '500', '--out', base)).code).toBe(0);
    const into = await poolsim('report', folder, '--trials', '500', '--baseline', base, '--out', join(base, '..new'));
    expect(into.code).toBe(2);
    expect(into.err).toContain('is inside the --baseline folder');
    expect(existsSync(join(base, '..new'))).toBe(false);
    // A name that only starts with dots, beside the folder, is outside it, as before.
    expect((await poolsim('run', folder, '--shard', '0/1', '--out', join(dir, '..dots-part.json'))).code).toBe(0);
  });
});

describe('names that differ only in spaces at an end (a dashboard audit: two "P(win: crew)" lines, 0.52 and 0.48)', () => {
  test('a name with a space at either end is refused, naming the path, in every mechanic that names things', async () => {
    const { planScenario } = await import('../sim/scenario.ts');
    const refuses = (system: string, mechanic: string, setup: object, path: string) =>
      expect(() => planScenario({ name: 'names', system, mechanic, trials: 100, seed: 's', setup }, 'names.json')).toThrow(
        new RegExp(`names\\.json: ${path.replace(/\./g, '\\.')}: expected a name without spaces at either end, got "`),
      );
    const side = (name: string, combatant = 'a') => ({ name, combatants: [{ name: combatant }] });
    refuses('viciousness', 'battle', { sides: [side('crew'), side('crew ')] }, 'setup.sides.1.name');
    refuses('viciousness', 'clash', { sides: [side(' crew'), side('guards')] }, 'setup.sides.0.name');
    refuses('viciousness', 'battle', { sides: [{ name: 'crew', combatants: [{ name: 'minion' }, { name: 'minion ' }] }, side('guards')] }, 'setup.sides.0.combatants.1.name');
    refuses('viciousness', 'knavery', { challenges: 1, participants: [{ name: 'crew ' }] }, 'setup.participants.0.name');
    refuses('sorcerer', 'contest', { a: { name: 'sorcerer ', dice: 3 }, b: { name: 'demon', dice: 4 } }, 'setup.a.name');
    const fighter = (name: string, team?: string) => ({ name, ...(team ? { team } : {}), attack: { attribute: 3, skill: 2 }, defence: { attribute: 3, skill: 2 }, fortitude: 4 });
    refuses('vdp', 'combat', { characters: [fighter('ann', 'heroes '), fighter('bo', 'villains')] }, 'setup.characters.0.team');
    // A space inside a name is a name like any other.
    expect(() => planScenario({ name: 'names', system: 'viciousness', mechanic: 'battle', trials: 100, seed: 's', setup: { sides: [side('the crew'), side('the guards')] } }, 'names.json')).not.toThrow();
  });

  test('nor a name with a character that is not seen, or one written with combining marks apart: each read alike beside another (a CLI audit: "x" and "x" + U+200B, "café" twice)', async () => {
    const { planScenario } = await import('../sim/scenario.ts');
    const side = (name: string, combatant = 'a') => ({ name, combatants: [{ name: combatant }] });
    const plan = (sides: object[]) => planScenario({ name: 'names', system: 'viciousness', mechanic: 'clash', trials: 100, seed: 's', setup: { sides } }, 'names.json');
    expect(() => plan([side('x'), side('x\u200b')])).toThrow('names.json: setup.sides.1.name: expected a name without invisible characters, got "x\u200b", which holds U+200B: a name is part of the metrics\' names and labels, where such a character cannot be seen');
    expect(() => plan([side('a\u202eb'), side('y')])).toThrow('which holds U+202E');
    expect(() => plan([side('café'), side('y', 'cafe\u0301')])).toThrow('names.json: setup.sides.1.combatants.0.name: expected a name in composed form (NFC), got "cafe\u0301": write it "café", the same text written the one way (a letter and its accent as one character, for one), so that two names never read alike');
    // Composed letters and an emoji's joiner and variation selector are names like any other.
    expect(() => plan([side('café'), side('👩\u200d🔧 crew ⚔\ufe0f')])).not.toThrow();
    // Nor a Persian word's non-joiner, nor a flag's tag characters (a review found both
    // refused), nor an emoji's selector and joiner, nor a format character that is drawn (U+0600).
    expect(() => plan([side('می\u200cخواهم'), side('\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}')])).not.toThrow();
    expect(() => plan([side('\u2764\ufe0f\u200d\u{1F525}'), side('\u0600 crew')])).not.toThrow();
    // Where they do no such work they are unseen, and refused (a review: "crew" and "crew" + U+200C both ran).
    for (const [name, held] of [['crew\u200c', 'U+200C'], ['crew\u200d', 'U+200D'], ['\u200c', 'U+200C'], ['crew\u{E0067}', 'U+E0067'], ['\u{E0063}\u{E0072}', 'U+E0063'], ['crew\u3164', 'U+3164'], ['a\u200d\u200db', 'U+200D']]) {
      expect(() => plan([side('y'), side(name)]), name).toThrow(`which holds ${held}: a name is part of the metrics' names and labels`);
    }
  });
});
