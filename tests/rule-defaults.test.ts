/**
 * One declaration per fact: each system's rule variants have their defaults declared once
 * (sim/rules.ts VICIOUSNESS_DEFAULTS, VDP_DEFAULTS, SORCERER_DEFAULTS), the schema reads
 * them, and so must every note that asks whether a file set a variant away from its default
 * ("rules.hitOn changes nothing here", a campaign's list of settings no fight reads), every
 * function parameter that stands for a variant left out, and every text that calls a value
 * "the default". An audit found such code hard-coding the default instead (violence.ts
 * `rules.hitOn !== 'exact4'`, risky.ts `=== 'accomplish' ? ' (the default)'`, …): a default
 * changed in sim/rules.ts alone would have left those notes saying the old one.
 *
 * The declaration cannot be changed for one test (test files share their module cache:
 * vitest.config.ts `isolate: false`), so most of this is a scan of the sources for the
 * literal defaults where the declaration should be read, outside sim/rules.ts; comparisons
 * that choose what a value does (`hitOn === 'exact4' ? …`) are not defaults and not flagged.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SORCERER_DEFAULTS, VDP_DEFAULTS, VICIOUSNESS_DEFAULTS, rulesBySystem } from '../sim/rules.ts';
import { ruleToggles, ruleValueSaid } from '../reports/fields/rules.ts';
import { advantageOnWords } from '../sim/vdp/risky.ts';

const DEFAULTS = { viciousness: VICIOUSNESS_DEFAULTS, vdp: VDP_DEFAULTS, sorcerer: SORCERER_DEFAULTS } as const;
const ROOT = join(import.meta.dirname, '..');

/** The TypeScript sources below `dir` (a build's output, where one is left in the tree, is not read). */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return ['node_modules', 'dist', 'build', 'out'].includes(name) ? [] : sources(path);
    return /\.m?ts$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** A file's lines with comments blanked (a line comment, a block comment's lines): only code and its strings are read. */
function codeLines(path: string): string[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .map((line) => (/^\s*(\/\/|\*|\/\*)/.test(line) ? '' : line.replace(/\s\/\/ .*$/, '')));
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Where the literal default stands for the declaration: `rules.k !== 'v'` (set away from
 * its default) or `rules.k === 'v' ||` (at its default: no note), `!rules.k ||`, `!rules.k)`
 * (`if (!rules.k) return …`) or a comparison with `false` for a default of false, a parameter
 * `…Rules['k'] = 'v'`, and the words "(the default)" or ", the default" just after the value
 * on a line naming the rule. The value in any of the quotes a string may have ('v', "v",
 * `v`): a review found `rules.hitOn !== "exact4"` and `if (!rules.speedChess) return` passed.
 */
function hardCoded(key: string, value: string | boolean): RegExp[] {
  if (typeof value === 'boolean') {
    return [
      new RegExp(`${value ? '' : '!'}rules\\.${key}\\s*(\\|\\||\\))`),
      new RegExp(`\\b${key}\\s*[!=]==\\s*${value}\\b`),
      new RegExp(`Rules\\[['"\`]${key}['"\`]\\]\\s*=\\s*${value}\\b`),
    ];
  }
  const v = escape(value);
  const q = `(['"\`])${v}\\1`;
  return [
    new RegExp(`\\b${key}\\s*!==\\s*${q}`),
    new RegExp(`\\b${key}\\s*===\\s*${q}\\s*\\|\\|`),
    new RegExp(`Rules\\[['"\`]${key}['"\`]\\]\\s*=\\s*${q}`),
    new RegExp(`\\b${key}\\b.*\\b${v}["'\`]?\\)?\\}?\\s*(\\? ' )?(\\(the default|, the default)`),
  ];
}

const PATTERNS = Object.values(DEFAULTS).flatMap((declared) => Object.entries(declared).map(([key, value]) => ({ key, value, res: hardCoded(key, value) })));

/** The defaults `line` writes where it should read the declaration. */
function flagged(line: string): { key: string; value: string | boolean }[] {
  return PATTERNS.filter(({ key, res }) => line.includes(key) && res.some((re) => re.test(line)));
}

/**
 * Comparisons with a default's value that choose what that value does, not whether the file
 * set it: each with why.
 */
const BEHAVIOUR = [
  // Roles are read only under random wounds (a captain first, minions first read them).
  { file: 'sim/viciousness/violence.ts', code: "if (woundOrder !== 'random') return [];" },
  // Whether a fight's PCs ever push to reroll: "never" makes none.
  { file: 'sim/viciousness/campaignSetup.ts', code: "rules.push !== 'never' ||" },
  // Which pools "accomplish", "caution" and "both" give the dice to.
  { file: 'sim/vdp/risky.ts', code: "return [advantageOn !== 'caution', advantageOn !== 'accomplish'];" },
];

describe('rule variants: one declaration of each default', () => {
  it('each schema defaults to its declaration, every variant declared', () => {
    for (const [system, declared] of Object.entries(DEFAULTS)) {
      expect(rulesBySystem[system as keyof typeof DEFAULTS].parse({}), system).toEqual(declared);
      expect(Object.fromEntries(ruleToggles(system as keyof typeof DEFAULTS).map((t) => [t.key, t.default])), system).toEqual(declared);
    }
  });

  it('no code outside sim/rules.ts writes a default where it should read the declaration (a scan of the sources)', () => {
    const files = ['sim', 'cli', 'reports', 'dashboard', 'workers'].flatMap((d) => sources(join(ROOT, d))).filter((f) => relative(ROOT, f) !== join('sim', 'rules.ts'));
    expect(files.length).toBeGreaterThan(50);
    const found: string[] = [];
    for (const file of files) {
      const rel = relative(ROOT, file);
      codeLines(file).forEach((line, i) => {
        for (const { key, value } of flagged(line)) {
          if (BEHAVIOUR.some((b) => b.file === rel && line.includes(b.code))) continue;
          found.push(`${rel}:${i + 1}: ${key} ${JSON.stringify(value)}: ${line.trim().slice(0, 160)}`);
        }
      });
    }
    expect(found).toEqual([]);
  });

  it('the scan flags a default however the line writes it, and not a comparison that chooses what a value does', () => {
    const flags = (line: string) => flagged(line).map((p) => p.key);
    for (const line of [
      "if (rules.hitOn !== 'exact4') {",
      'if (rules.hitOn !== "exact4") {',
      'if (rules.hitOn !== `exact4`) {',
      "if (rules.invest === 'focus' || rivals.length === 0) return undefined;",
      'if (!rules.speedChess || rivals.length === 0) return undefined;',
      'if (!rules.speedChess) return undefined;',
      'if (rules.speedChess === false) return undefined;',
      "  exhausted: SorcererRules['exhausted'] = 'one',",
      '  exhausted: SorcererRules["exhausted"] = "one",',
      "expected medicReach \"one\" (the default) or \"all\"",
    ]) {
      expect(flags(line), line).not.toEqual([]);
    }
    for (const line of ["const hit = rules.hitOn === 'exact4' ? 4 : 5;", 'this.speedChess = rules.speedChess;', "if (rules.speedChess) refund();", "if (rules.hitOn !== '4+') {"]) {
      expect(flags(line), line).toEqual([]);
    }
  });

  it('each allowed comparison is still there (the list does not outlive the code)', () => {
    for (const b of BEHAVIOUR) expect(readFileSync(join(ROOT, b.file), 'utf8'), b.file).toContain(b.code);
  });

  it('the words "the default" follow the declaration', () => {
    for (const value of ['accomplish', 'caution', 'both'] as const) {
      expect(advantageOnWords(value).endsWith(' (the default)'), value).toBe(value === VDP_DEFAULTS.advantageOn);
    }
    for (const value of ['mostEquipped', 'everySide'] as const) {
      expect(ruleValueSaid('viciousness', 'equipment', value).endsWith(', the default'), value).toBe(value === VICIOUSNESS_DEFAULTS.equipment);
    }
  });
});
