/** sim/words.ts: a list in words, as the notes and the solve sentence write it. */
import { describe, expect, test } from 'vitest';
import { wordList } from '../sim/words.ts';

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
