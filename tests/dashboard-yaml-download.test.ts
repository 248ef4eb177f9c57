/**
 * Download scenario of a scenario opened from YAML (dashboard/model/yamlFile.ts): YAML
 * again, the file's comments kept where what they sit on is still there, and the data
 * exactly the page's. It was JSON under a name made from the scenario's name, every
 * comment ("why a band is what it is", as the README invites) gone.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { isMap, isSeq, parseDocument } from 'yaml';
import { yamlFileText } from '../dashboard/model/yamlFile.ts';
import { scenarioFileName } from '../dashboard/model/files.ts';
import { parseScenarioText } from '../sim/scenarioText.ts';

const SCENARIOS = resolve(import.meta.dirname, '..', 'scenarios');
const YAML_FILES = readdirSync(SCENARIOS).filter((f) => /\.ya?ml$/.test(f));

const commentLines = (text: string) => text.split('\n').map((l) => l.trim()).filter((l) => l.startsWith('#'));
/** The value as `poolsim run` reads the file, keys in their order (a sweep's order is its points'). */
const read = (text: string, file: string) => JSON.stringify(parseScenarioText(text, file));

describe('a scenario opened from YAML is saved as YAML, its comments kept', () => {
  test.each(YAML_FILES)('%s unchanged: every comment line kept, the same data', (file) => {
    const text = readFileSync(join(SCENARIOS, file), 'utf8');
    const scenario = parseScenarioText(text, file);
    const saved = yamlFileText(text, file, scenario);
    expect(saved.keptComments).toBe(true);
    expect(read(saved.text, file)).toBe(JSON.stringify(scenario));
    const kept = new Set(saved.text.split('\n').map((l) => l.trim()));
    expect(commentLines(text).filter((c) => !kept.has(c))).toEqual([]);
  });

  test('edited: a check taken out takes its comment, a check changed keeps its own, new values and keys are there, and the file reads as the page’s scenario', () => {
    const file = 'vdp-combat-ambush.yaml';
    const text = readFileSync(join(SCENARIOS, file), 'utf8');
    const scenario = parseScenarioText(text, file) as any;
    const [noAdvantage, everyRoll, firstRoll, twoDice] = commentLines(text).concat([undefined as any]);
    expect(noAdvantage).toContain('No advantage');
    expect(everyRoll).toContain('One die on every roll');
    expect(firstRoll).toContain('The same die on the first roll only');
    void twoDice;
    scenario.trials = 2000;
    scenario.setup.characters[0].fortitude = 3;
    scenario.expect.splice(1, 1);
    scenario.expect[1].between = [0.5, 0.7];
    scenario.sweep['setup.characters.0.advantage'] = [0, 2];
    scenario.rules = { retarget: 'never' };
    const saved = yamlFileText(text, file, scenario);
    expect(saved.keptComments).toBe(true);
    expect(read(saved.text, file)).toBe(JSON.stringify(scenario));
    const lines = saved.text.split('\n').map((l) => l.trim());
    expect(lines).toContain(noAdvantage);
    expect(lines).not.toContain(everyRoll);
    // The comment stays on its own check, now the second: just above its metric line.
    const at = lines.indexOf(firstRoll);
    expect(at).toBeGreaterThan(0);
    expect(lines.slice(at + 1, at + 4)).toEqual(['- metric: win.ambusher', 'point: { setup.characters.0.advantage: 1, setup.characters.0.advantageRolls: first }', 'between: [0.5, 0.7]']);
    // Unchanged values keep their written form ("0.80", not "0.8").
    expect(saved.text).toContain('between: [0.47, 0.53]');
  });

  test('keys in the page’s order, a key taken out with its comment, a key the page added at the end', () => {
    const text = '# the heist\nname: heist\nsystem: viciousness\nmechanic: knavery\n# why this many\ntrials: 1000\nseed: a\nsetup: { challenges: 2, participants: [{ name: crew, count: 3 }] }\n';
    const scenario = { name: 'heist', system: 'viciousness', mechanic: 'knavery', seed: 'a', setup: { challenges: 3, participants: [{ name: 'crew', count: 3 }] }, description: 'how many' };
    const saved = yamlFileText(text, 'h.yaml', scenario);
    expect(read(saved.text, 'h.yaml')).toBe(JSON.stringify(scenario));
    expect(saved.text).toContain('# the heist');
    expect(saved.text).not.toContain('# why this many');
  });

  test('a file with a core tag poolsim reads (`!!float 2`) keeps its comments and its tag when a value changes', () => {
    const text = '# the heist\nname: heist\nsystem: viciousness\nmechanic: knavery\ntrials: 1000\nseed: a\nsetup:\n  challenges: !!float 2 # why two\n  participants: [{ name: crew, count: 3 }]\n';
    const scenario = JSON.parse(JSON.stringify(parseScenarioText(text, 'h.yaml')));
    expect(scenario.setup.challenges).toBe(2);
    scenario.setup.participants[0].count = 4;
    const saved = yamlFileText(text, 'h.yaml', scenario);
    expect(saved.keptComments).toBe(true);
    expect(saved.text).toBe(text.replace('count: 3', 'count: 4'));
  });

  test('an anchor and its alias, one side changed: the other keeps its value (never data other than the page’s)', () => {
    const text = 'name: x\nsystem: viciousness\nmechanic: clash\nsetup:\n  sides:\n    - { name: a, combatants: &c [{ name: c, dice: [d4] }] }\n    - { name: b, combatants: *c }\n';
    // A copy, as the page's scenario is (JSON, no shared objects): only side a changes.
    const scenario = JSON.parse(JSON.stringify(parseScenarioText(text, 'x.yaml')));
    scenario.setup.sides[0].combatants[0].dice = ['d6'];
    const saved = yamlFileText(text, 'x.yaml', scenario);
    expect(read(saved.text, 'x.yaml')).toBe(JSON.stringify(scenario));
    expect(scenario.setup.sides[1].combatants[0].dice).toEqual(['d4']);
  });
});

describe('a change of values only keeps every other byte of the file', () => {
  const differing = (a: string, b: string) => {
    const [x, y] = [a.split('\n'), b.split('\n')];
    return Array.from({ length: Math.max(x.length, y.length) }, (_, i) => i).filter((i) => x[i] !== y[i]);
  };

  // Written anew through the yaml Document, one number changed re-laid 8 to 13 lines of
  // each library file (`{ name: captain }` as `{name: captain}`).
  test.each(YAML_FILES)('%s: trials changed, one line differs', (file) => {
    const text = readFileSync(join(SCENARIOS, file), 'utf8');
    const scenario = parseScenarioText(text, file) as any;
    scenario.trials = (scenario.trials ?? 1000) + 1;
    const saved = yamlFileText(text, file, scenario);
    expect(read(saved.text, file)).toBe(JSON.stringify(scenario));
    const lines = differing(text, saved.text);
    expect(lines).toHaveLength(1);
    expect(saved.text.split('\n')[lines[0]!]).toMatch(/^trials: \d+/);
  });

  test('values in flow maps and lists, strings that need quotes, a byte-order mark: only those values change', () => {
    const text = '\ufeff# keep\nname: x # a name\nsystem: viciousness\nmechanic: clash\nsetup:\n  sides:\n    - { name: a, combatants: [{ name: c, dice: [d4, d4] }] }\n    - { name: b, combatants: [{ name: d, dice: [d4] }] }   # them\n';
    const scenario = JSON.parse(JSON.stringify(parseScenarioText(text, 'x.yaml')));
    scenario.name = 'x, again: true';
    scenario.setup.sides[0].combatants[0].dice = ['2d6', 'd4'];
    scenario.setup.sides[1].name = 'null';
    const saved = yamlFileText(text, 'x.yaml', scenario);
    expect(read(saved.text, 'x.yaml')).toBe(JSON.stringify(scenario));
    expect(saved.text).toBe(
      '\ufeff# keep\nname: "x, again: true" # a name\nsystem: viciousness\nmechanic: clash\nsetup:\n  sides:\n    - { name: a, combatants: [{ name: c, dice: [2d6, d4] }] }\n    - { name: "null", combatants: [{ name: d, dice: [d4] }] }   # them\n',
    );
  });

  // A structural edit is written through the Document, whose one padding option wrote every
  // flow map of the library (`{ name: captain }`) unpadded, or every list padded, and which
  // folded every description anew at the file's longest line (a sweep's point).
  test.each(YAML_FILES)('%s: a key added to the setup, every other byte kept', (file) => {
    const text = readFileSync(join(SCENARIOS, file), 'utf8');
    const scenario = parseScenarioText(text, file) as any;
    scenario.setup.addedByThePage = 1;
    const saved = yamlFileText(text, file, scenario);
    expect(saved.keptComments).toBe(true);
    expect(read(saved.text, file)).toBe(JSON.stringify(scenario));
    // A block map gains the line; an empty flow map (`setup: {}`) its entry.
    const without = saved.text.replace(/^ +addedByThePage: 1\n/m, '').replace('setup: { addedByThePage: 1 }', 'setup: {}');
    expect(without).toBe(text);
  });

  // The Document writes one space before every comment: a key added re-spaced each aligned
  // comment of the file (a dashboard audit: `trials: 20000   # trials comment` lost two).
  test('a key added keeps the space before each comment as the file had it', () => {
    const text = '# why\nname: "Heist"\nsystem: viciousness\nmechanic: knavery\ntrials: 20000   # trials comment\nseed: heist-7\nsetup:\n  challenges: 3 # the GM\'s tally\n  participants:\n    - { name: captain, dice: [d6] }   # the lead\n    - name: minion\n      count: 2\n';
    const scenario = parseScenarioText(text, 'h.yaml') as any;
    scenario.setup.participants.push({ name: 'fence', dice: ['d4'] });
    const saved = yamlFileText(text, 'h.yaml', scenario);
    expect(read(saved.text, 'h.yaml')).toBe(JSON.stringify(scenario));
    expect(saved.text.startsWith(text.replace(/\n$/, ''))).toBe(true);
    expect(saved.text.slice(text.length)).toMatch(/^ +- name: fence\n/);
    // Two alike lines keep each its own spacing, the one-space line not taking the other's.
    const twice = 'name: x\nsystem: viciousness\nmechanic: knavery\nsetup:\n  challenges: 3\n  participants:\n    - name: captain\n      count: 2      # n\n    - name: minion\n      count: 2 # n\n';
    const crew = parseScenarioText(twice, 't.yaml') as any;
    crew.setup.participants.shift();
    expect(yamlFileText(twice, 't.yaml', crew).text).toContain('    - name: minion\n      count: 2 # n\n');
  });

  // A file of CRLF lines (saved on Windows) matched none of its lines to the written LF
  // ones: every aligned comment re-spaced to one, and every line ending changed.
  test('a key added to a CRLF file keeps its comments\' spacing and its CRLF line ends', () => {
    const lf = '# why\nname: "Heist"\nsystem: viciousness\nmechanic: knavery\ntrials: 20000   # trials comment\nseed: heist-7\nsetup:\n  challenges: 3    # the GM\'s tally\n  participants:\n    - { name: captain, dice: [d6] }   # the lead\n    - name: minion\n      count: 2\n';
    const text = lf.replaceAll('\n', '\r\n');
    const scenario = parseScenarioText(text, 'h.yaml') as any;
    scenario.setup.participants.push({ name: 'fence', dice: ['d4'] });
    const saved = yamlFileText(text, 'h.yaml', scenario);
    expect(saved.keptComments).toBe(true);
    expect(read(saved.text, 'h.yaml')).toBe(JSON.stringify(scenario));
    expect(saved.text.startsWith(text.replace(/\r\n$/, ''))).toBe(true);
    expect(saved.text.slice(text.length)).toMatch(/^ +- name: fence\r\n/);
    expect(saved.text).not.toMatch(/[^\r]\n/);
    // As the LF file is saved, line for line.
    expect(saved.text).toBe(yamlFileText(lf, 'h.yaml', scenario).text.replaceAll('\n', '\r\n'));
  });

  test('a file of mixed line ends keeps each commented line as it was, its CR too', () => {
    const text = 'name: x\r\nsystem: viciousness\nmechanic: knavery\ntrials: 500     # few\r\nsetup:\n  challenges: 3   # the tally\n  participants:\n    - name: captain\n';
    const scenario = parseScenarioText(text, 'm.yaml') as any;
    scenario.seed = 'added';
    const saved = yamlFileText(text, 'm.yaml', scenario);
    expect(read(saved.text, 'm.yaml')).toBe(JSON.stringify(scenario));
    expect(saved.text).toContain('trials: 500     # few\r\n');
    expect(saved.text).toContain('  challenges: 3   # the tally\n');
  });

  // A review: a CRLF file whose last line ends in a bare LF (another editor's) was taken for
  // one of mixed ends, and the lines added ended LF among CRLF ones.
  test('lines added to a file of CRLF lines but its last end as most of its lines do, each kept line as it was', () => {
    const lf = '# why\nname: "Heist"\nsystem: viciousness\nmechanic: knavery\ntrials: 20000   # trials comment\nsetup:\n  challenges: 3    # the GM\'s tally\n  participants:\n    - name: minion\n      count: 2\n';
    const text = lf.replaceAll('\n', '\r\n').replace(/\r\n$/, '\n');
    const scenario = parseScenarioText(text, 'h.yaml') as any;
    scenario.setup.participants.push({ name: 'fence', dice: ['d4'] });
    const saved = yamlFileText(text, 'h.yaml', scenario);
    expect(read(saved.text, 'h.yaml')).toBe(JSON.stringify(scenario));
    expect(saved.text.startsWith(text)).toBe(true);
    const added = saved.text.slice(text.length);
    expect(added).toMatch(/^ +- name: fence\r\n/);
    expect(added).not.toMatch(/(^|[^\r])\n/);
  });

  // A review: the byte-order mark was kept where only values changed, and dropped where a key was added.
  test.each([
    ['LF', '\n'],
    ['CRLF', '\r\n'],
  ])('a key added to a file with a byte-order mark keeps the mark (%s lines)', (_, end) => {
    const text = '\ufeff# keep\nname: x   # a name\nsystem: viciousness\nmechanic: knavery\nsetup:\n  challenges: 3\n  participants:\n    - name: captain\n'.replaceAll('\n', end);
    const scenario = parseScenarioText(text, 'b.yaml') as any;
    scenario.seed = 'added';
    const saved = yamlFileText(text, 'b.yaml', scenario);
    expect(read(saved.text, 'b.yaml')).toBe(JSON.stringify(scenario));
    expect(saved.keptComments).toBe(true);
    expect(saved.text.replace(`seed: added${end}`, '')).toBe(text);
  });

  test.each(YAML_FILES)('%s with CRLF lines: a key added to the setup, every other byte kept', (file) => {
    const text = readFileSync(join(SCENARIOS, file), 'utf8').replaceAll('\n', '\r\n');
    const scenario = parseScenarioText(text, file) as any;
    scenario.setup.addedByThePage = 1;
    const saved = yamlFileText(text, file, scenario);
    expect(read(saved.text, file)).toBe(JSON.stringify(scenario));
    const without = saved.text.replace(/^ +addedByThePage: 1\r\n/m, '').replace('setup: { addedByThePage: 1 }', 'setup: {}');
    expect(without).toBe(text);
  });

  test('flow maps and lists each padded as the file pads most of its own', () => {
    const scenario = { name: 'x', system: 'viciousness', mechanic: 'clash', setup: { sides: [{ name: 'a', combatants: [{ name: 'c', dice: ['d4', 'd6'] }] }, { name: 'b', combatants: [{ name: 'd', dice: [], count: 2 }] }] } };
    const write = (text: string) => yamlFileText(text, 'x.yaml', { ...scenario, trials: 5 }).text.split('\n').filter((l) => /[[{]/.test(l));
    const padded = 'name: x\nsystem: viciousness\nmechanic: clash\nsetup:\n  sides:\n    - { name: a, combatants: [ { name: c, dice: [ d4, d6 ] } ] }\n    - { name: b, combatants: [ { name: d, dice: [], count: 2 } ] }\n';
    expect(write(padded)).toEqual(['    - { name: a, combatants: [ { name: c, dice: [ d4, d6 ] } ] }', '    - { name: b, combatants: [ { name: d, dice: [], count: 2 } ] }']);
    const library = padded.replaceAll('[ ', '[').replaceAll(' ]', ']');
    expect(write(library)).toEqual(['    - { name: a, combatants: [{ name: c, dice: [d4, d6] }] }', '    - { name: b, combatants: [{ name: d, dice: [], count: 2 }] }']);
    const bare = library.replaceAll('{ ', '{').replaceAll(' }', '}');
    expect(write(bare)).toEqual(['    - {name: a, combatants: [{name: c, dice: [d4, d6]}]}', '    - {name: b, combatants: [{name: d, dice: [], count: 2}]}']);
  });

  // A key added to a map whose other values are flow lists was written as a block list
  // under them (a dashboard audit: `sweep:` of `[1, 2, 3, 4, 5, 6]` got a 3-line `- 0`).
  const flowSweeps = YAML_FILES.filter((file) => {
    const sweep = parseDocument(readFileSync(join(SCENARIOS, file), 'utf8')).get('sweep');
    if (!isMap(sweep) || sweep.flow) return false;
    const lists = sweep.items.map((p) => p.value).filter((v) => isSeq(v) || isMap(v)) as { flow?: boolean }[];
    return lists.length > 0 && lists.filter((v) => v.flow).length * 2 > lists.length;
  });
  test('the library has sweeps of flow lists to add to', () => expect(flowSweeps.length).toBeGreaterThan(10));
  const added = (before: string, after: string) => {
    const left = [...before.split('\n')];
    return after.split('\n').filter((line) => {
      const at = left.indexOf(line);
      if (at < 0) return true;
      left.splice(at, 1);
      return false;
    });
  };
  test.each(flowSweeps)('%s: a sweep key added is one added line, in the flow style of its siblings', (file) => {
    const text = readFileSync(join(SCENARIOS, file), 'utf8');
    const scenario = parseScenarioText(text, file) as any;
    scenario.sweep = { ...scenario.sweep, 'setup.added': [0, 1] };
    const saved = yamlFileText(text, file, scenario);
    expect(read(saved.text, file)).toBe(JSON.stringify(scenario));
    expect(added(text, saved.text)).toEqual(['  setup.added: [0, 1]']);
    expect(saved.text.split('\n').length).toBe(text.split('\n').length + 1);
  });

  test('a sweep added to a file with none: its list in the flow style of the file’s lists (solve-heist.yaml)', () => {
    const file = 'solve-heist.yaml';
    const text = readFileSync(join(SCENARIOS, file), 'utf8');
    const scenario = parseScenarioText(text, file) as any;
    expect(scenario.sweep).toBeUndefined();
    scenario.sweep = { 'setup.participants.0.count': [2, 3, 4] };
    const saved = yamlFileText(text, file, scenario);
    expect(read(saved.text, file)).toBe(JSON.stringify(scenario));
    expect(added(text, saved.text)).toEqual(['sweep:', '  setup.participants.0.count: [2, 3, 4]']);
  });

  test('a file of block lists gets block lists: a new one takes the style of its siblings', () => {
    const text = 'name: x\nsweep:\n  setup.a:\n    - 1\n    - 2\n  setup.b:\n    - 3\n';
    const scenario = { name: 'x', sweep: { 'setup.a': [1, 2], 'setup.b': [3], 'setup.c': [4, 5] } };
    expect(yamlFileText(text, 'x.yaml', scenario).text).toBe(`${text}  setup.c:\n    - 4\n    - 5\n`);
  });

  test('a folded description changed: written through the Document, the data still the page’s', () => {
    const file = 'knavery-pushes.yaml';
    const text = readFileSync(join(SCENARIOS, file), 'utf8');
    const scenario = parseScenarioText(text, file) as any;
    scenario.description = 'Shorter.';
    const saved = yamlFileText(text, file, scenario);
    expect(read(saved.text, file)).toBe(JSON.stringify(scenario));
    expect(saved.keptComments).toBe(true);
  });
});

describe('a file name from the scenario’s name', () => {
  test('cut to 60 characters, with no hyphen left at its end', () => {
    const name = "VDP combat: what is an ambush's advantage worth, for one roll or the whole fight?";
    expect(scenarioFileName({ name })).toBe('vdp-combat-what-is-an-ambush-s-advantage-worth-for-one-roll.json');
    expect(scenarioFileName({ name }, '-b')).toBe('vdp-combat-what-is-an-ambush-s-advantage-worth-for-one-roll-b.json');
  });
});
