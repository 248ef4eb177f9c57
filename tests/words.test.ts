/** sim/words.ts: a list in words, as the notes and the solve sentence write it. */
import { describe, expect, test } from 'vitest';
import { quoted, wordList } from '../sim/words.ts';
import { sweepOverlap } from '../dashboard/model/compare.ts';
import { ruleNamed } from '../reports/fields/rules.ts';

describe('wordList', () => {
  test('one, two, several; "and" or "or"', () => {
    expect(wordList([])).toBe('');
    expect(wordList(['rank 4'])).toBe('rank 4');
    expect(wordList(['rank 4', 'rank 5'])).toBe('rank 4 and rank 5');
    // The solve's undecided answer read "rank 4 and rank 5 and rank 6 and rank 7".
    expect(wordList(['rank 4', 'rank 5', 'rank 6', 'rank 7'])).toBe('rank 4, rank 5, rank 6 and rank 7');
    expect(wordList(['a', 'b', 'c'], 'or')).toBe('a, b or c');
  });
});

describe('quoted', () => {
  test('curly quotes, a quote inside turned single, a wholly quoted text kept', () => {
    expect(quoted('a hit is')).toBe('“a hit is”');
    // The rule's label quotes the text: it read “a rival’s “A PC is wounded””, closing early.
    expect(quoted('a rival’s “A PC is wounded”')).toBe('“a rival’s ‘A PC is wounded’”');
    expect(quoted('“already quoted”')).toBe('“already quoted”');
    // Two quotes side by side are not one quoted text.
    expect(quoted('“a” and “b”')).toBe('“‘a’ and ‘b’”');
  });

  test('a rule whose label quotes the text, named in a help and in a Compare refusal', () => {
    expect(ruleNamed('consequenceWound')).toBe('“a rival’s ‘A PC is wounded’”');
    const a = { name: 'c', system: 'viciousness', mechanic: 'campaign', rules: { consequenceWound: 'deathRoll' }, setup: {} };
    const overlap = sweepOverlap(a, { path: 'rules.consequenceWound', value: 'deathRoll' });
    expect(overlap.kind).toBe('refused');
    const problem = (overlap as { problem: string }).problem;
    expect(problem).toContain('‘A PC is wounded’');
    expect(problem).not.toMatch(/“[^”]*“/);
  });
});
