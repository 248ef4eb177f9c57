/**
 * What the page reads from its address besides the link's setup (dashboard/model/url.ts):
 * a query parameter it does not know is said, with the one it most likely meant, never
 * passed over (`?worker=2`, a typo of `?workers=2`, ran the default number of workers
 * without a word: a dashboard audit); and a setting put after the # is said as that, not
 * as a link cut short. The shared link itself (the hash) reads as before.
 */
import { describe, expect, test } from 'vitest';
import { decodeLink, encodeLink, sharedLink, unknownQueryNote } from '../dashboard/model/url.ts';
import { workers } from '../dashboard/run/pool.ts';

const KNOWS = 'the page knows only ?workers= (how many workers run the trials).';

describe("the address's query", () => {
  test('known or none: nothing said', () => {
    for (const search of ['', '?', '?workers=2', '?workers=abc', '?workers=2&workers=8', '?&workers=3&']) expect(unknownQueryNote(search), search).toBeUndefined();
  });

  test('a typo of ?workers= is said, with what it most likely meant, and the setting the page knows', () => {
    expect(unknownQueryNote('?worker=2')).toBe(`?worker=2 in the address is not a setting the page knows, so it is ignored (did you mean ?workers=2?): ${KNOWS}`);
    // Case, a letter swapped, a space: all near misses.
    for (const typo of ['Workers', 'wrokers', 'workes', 'workers%20']) expect(unknownQueryNote(`?${typo}=4`), typo).toContain('(did you mean ?workers=4?)');
    // And beside a ?workers= the page takes: said all the same.
    expect(unknownQueryNote('?workers=2&wrokers=3')).toBe(`?wrokers=3 in the address is not a setting the page knows, so it is ignored (did you mean ?workers=3?): ${KNOWS}`);
    // The typo runs the default count, as the page's own workers() reads it: why it must be said.
    expect(workers('?worker=2', 8)).toEqual({ count: 8 });
  });

  test('several unknown are each named once, a guess only where there is one; a long one cut', () => {
    expect(unknownQueryNote('?foo=1&Workers=2&foo=1&bar')).toBe(`?foo=1, ?Workers=2 and ?bar in the address are not settings the page knows, so they are ignored (?Workers=2: did you mean ?workers=2?): ${KNOWS}`);
    expect(unknownQueryNote('?threads=4')).toBe(`?threads=4 in the address is not a setting the page knows, so it is ignored: ${KNOWS}`);
    const note = unknownQueryNote(`?x=${'a'.repeat(100)}`)!;
    expect(note).toContain(`?x=${'a'.repeat(37)}… in the address`);
    expect(note.length).toBeLessThan(200);
  });

  test('what mail, chat apps and ad networks add on the way (?utm_source=, ?fbclid=) is passed over unsaid: no one asked the page anything with it (a review: it was a problem above every link opened from a newsletter)', () => {
    for (const search of ['?utm_source=newsletter&utm_medium=email&utm_campaign=dec', '?fbclid=IwAR0abcdefghijklmnopqrstuvwxyz0123456789', '?gclid=abc&msclkid=def', '?UTM_Source=x']) expect(unknownQueryNote(search), search).toBeUndefined();
    // Beside a typo, the typo alone is said.
    expect(unknownQueryNote('?utm_source=x&worker=2&fbclid=y')).toBe(`?worker=2 in the address is not a setting the page knows, so it is ignored (did you mean ?workers=2?): ${KNOWS}`);
    // A name only like one is still said.
    expect(unknownQueryNote('?utm=x')).toContain('?utm=x in the address is not a setting');
  });

  test('a guess is an address the page takes as written: no bare "?workers=", no value decoded into two; thirty unknown make no paragraph (a review)', () => {
    // "?worker" guessed "?workers=", itself refused as no number of workers.
    expect(unknownQueryNote('?worker')).toContain('(did you mean ?workers=…?)');
    // "a%26b" guessed "?workers=a&b", which an address reads as ?workers=a and a parameter b.
    expect(unknownQueryNote('?worker=a%26b')).toContain('(did you mean ?workers=a%26b?)');
    const many = unknownQueryNote(`?${Array.from({ length: 30 }, (_, i) => `p${i}=1`).join('&')}`)!;
    expect(many).toContain('?p0=1, ?p1=1, ?p2=1, ?p3=1, ?p4=1 and 25 more in the address are not settings');
    expect(many.length).toBeLessThan(200);
  });

  test("a link's setup put in the query (?s=) is said to go after the #", () => {
    expect(unknownQueryNote('?s=eyJuYW1lIjoieCJ9')).toBe(`?s=eyJuYW1lIjoieCJ9 in the address is not a setting the page knows, so it is ignored (did you mean #s=…, the link's setup, which goes after the #?): ${KNOWS}`);
    expect(unknownQueryNote('?c=abc')).toContain("(did you mean #c=…, the link's comparison, which goes after the #?)");
  });
});

describe("a setting put in the link's hash", () => {
  const good = encodeLink({ scenario: { name: 'x', system: 'viciousness' } });

  test('shared links read as before', () => {
    expect(decodeLink(good)).toEqual({ scenario: { name: 'x', system: 'viciousness' } });
    expect(decodeLink(`${good}&trials=5`)).toEqual({ problem: 'the link holds "trials=", which the page never writes: expected s= (the setup), at most one c= (the comparison) and at most one at= (a part of the page to go to)' });
  });

  test('"#s=…?workers=2" is said as a setting after the #, not as a link cut short', () => {
    expect(decodeLink(`${good}?workers=2`)).toEqual({ problem: 'the link\'s setup (s=) has "?workers=2" added after it: a setting of the page (?workers=) goes before the #, as in …/?workers=2#s=…' });
    const compared = encodeLink({ scenario: { name: 'x' }, compare: { path: 'setup.challenges', value: 3 } });
    expect(decodeLink(`${compared}?workers=2`)).toMatchObject({ problem: expect.stringMatching(/^the link's comparison \(c=\) has "\?workers=2" added after it/) });
  });

  test('a hash that holds no setup is said, not taken for no link ("#c=…" alone, "#results": the default scenario opened without a word)', () => {
    expect(decodeLink('')).toBeUndefined();
    expect(decodeLink('#')).toBeUndefined();
    expect(decodeLink(encodeLink({ scenario: { name: 'x' }, compare: { path: 'setup.challenges', value: 3 } }).replace(/^#s=[^&]*&/, '#'))).toEqual({ problem: 'the link holds no setup (s=), only a comparison (c=)' });
    expect(decodeLink('#results')).toEqual({ problem: 'the link holds no setup (s=), only "#results"' });
    expect(decodeLink('#trials=5&c=abc')).toEqual({ problem: 'the link holds no setup (s=), only "trials=" and a comparison (c=)' });
  });

  test('at= is the part of the page a link goes to (the summary bar’s and charts list’s links carry it, for a new tab): read with the setup, once; an empty one is a link cut short', () => {
    const linked = encodeLink({ scenario: { name: 'x' }, compare: { path: 'setup.challenges', value: 3 }, at: 'panel-r0-over-injured' });
    expect(linked).toMatch(/&at=panel-r0-over-injured$/);
    expect(decodeLink(linked)).toEqual({ scenario: { name: 'x' }, compare: { path: 'setup.challenges', value: 3 }, at: 'panel-r0-over-injured' });
    expect(decodeLink(`${good}&at=results`)).toEqual({ scenario: { name: 'x', system: 'viciousness' }, at: 'results' });
    expect(decodeLink(`${good}&at=`)).toEqual({ problem: "the link's part of the page to go to (at=) is empty; it may have been cut short" });
    expect(decodeLink(`${good}&at=results&at=setup`)).toMatchObject({ problem: expect.stringMatching(/^the link holds at= more than once/) });
    expect(decodeLink('#at=results')).toEqual({ problem: 'the link holds no setup (s=), only "at="' });
  });

  test('an empty c= is a comparison cut off, refused as an empty s= is, not A shown alone as the link', () => {
    expect(decodeLink(`${good}&c=`)).toEqual({ problem: "the link's comparison (c=) is empty; it may have been cut short" });
  });

  test('"#s=…?fbclid=x" is not said to hold a setting of the page, nor told to put it before the # (a review: it was)', () => {
    expect(decodeLink(`${good}?fbclid=abc`)).toEqual({ problem: 'the link\'s setup (s=) has "?fbclid=abc" added after it, which is no setting of the page: the page knows only ?workers= (how many workers run the trials), which goes before the #' });
    expect(decodeLink(`${good}?worker=2`)).toEqual({ problem: 'the link\'s setup (s=) has "?worker=2" added after it, which is no setting of the page (did you mean ?workers=2?): the page knows only ?workers= (how many workers run the trials), which goes before the #' });
    // A long value is cut, as every other part of the address said is.
    const problem = (decodeLink(`${good}&workers=${'9'.repeat(500)}`) as { problem: string }).problem;
    expect(problem).toContain(`…/?workers=${'9'.repeat(31)}…#s=…)`);
    expect(problem.length).toBeLessThan(280); // the words of the message (at= added to them) and the value cut, not 500 nines
  });

  test('"#s=…&workers=2" names ?workers= as a setting that goes before the #', () => {
    expect(decodeLink(`${good}&workers=2`)).toEqual({ problem: 'the link holds "workers=", which the page never writes: expected s= (the setup), at most one c= (the comparison) and at most one at= (a part of the page to go to) (?workers= is a setting of the page, which goes before the #: …/?workers=2#s=…)' });
  });
});

describe('the link Copy link gives (sharedLink)', () => {
  const hash = encodeLink({ scenario: { name: 'shared heist', trials: 2000 }, compare: { path: 'setup.challenges', value: 4 } });
  const WORKERS = "a setting of this browser's (whoever opens the link runs one per core of their own, 16 at most, or their own ?workers=)";

  test("is the page's address with the setup and its comparison, not the query: this browser's ?workers= and a typo stay here (they were copied, the one who opened it running the sender's worker count, or told of the sender's typo: a review)", () => {
    expect(sharedLink(`http://127.0.0.1:5173/?workers=2&worker=3${hash}`)).toEqual({
      link: `http://127.0.0.1:5173/${hash}`,
      leftOut: `Left out of it: ?workers=2, ${WORKERS}; ?worker=3, not a setting the page knows.`,
    });
    // The setup and comparison read back as they were.
    expect(decodeLink(new URL(sharedLink(`http://127.0.0.1:5173/?workers=2${hash}`).link).hash)).toEqual(decodeLink(hash));
    // Served under a folder, or opened as a file: its path kept.
    expect(sharedLink(`https://example.org/tools/poolsim/index.html?workers=4${hash}`).link).toBe(`https://example.org/tools/poolsim/index.html${hash}`);
    expect(sharedLink(`file:///home/me/dist/dashboard/index.html?workers=4${hash}`).link).toBe(`file:///home/me/dist/dashboard/index.html${hash}`);
  });

  test("says what whoever opens it runs as pool.ts runs it: one per core, 16 at most (it said one per core, and a 32-core machine runs 16: a review)", () => {
    const most = workers('', 1000).count;
    expect(workers('', 32).count).toBe(most);
    expect(workers('', 8).count).toBe(8);
    expect(sharedLink(`http://x/?workers=2${hash}`).leftOut).toContain(`whoever opens the link runs one per core of their own, ${most} at most, or their own ?workers=`);
  });

  test("a ?workers= this browser does not run as it stands is not said to be its number of workers (?workers=abc was, the page running one per core: a review)", () => {
    expect(workers('?workers=abc', 8).count).toBe(8);
    expect(sharedLink(`http://x/?workers=abc${hash}`).leftOut).toBe(`Left out of it: ?workers=abc, ${WORKERS}.`);
    expect(sharedLink(`http://x/?workers=2&workers=8${hash}`).leftOut).toBe(`Left out of it: ?workers=2 and ?workers=8, settings of this browser's (whoever opens the link runs one per core of their own, 16 at most, or their own ?workers=).`);
  });

  test('with no query, the address as it is, nothing said; what mail and chat apps add on the way left out unsaid, as on opening', () => {
    expect(sharedLink(`http://127.0.0.1:5173/${hash}`)).toEqual({ link: `http://127.0.0.1:5173/${hash}` });
    expect(sharedLink(`http://127.0.0.1:5173/?utm_source=news&fbclid=x${hash}`)).toEqual({ link: `http://127.0.0.1:5173/${hash}` });
    expect(sharedLink(`http://127.0.0.1:5173/?${hash}`)).toEqual({ link: `http://127.0.0.1:5173/${hash}` });
  });

  test('several left out are each named once, a long one cut, many counted', () => {
    expect(sharedLink(`http://x/?a=1&a=1&b=2&workers=2${hash}`).leftOut).toBe(`Left out of it: ?workers=2, ${WORKERS}; ?a=1 and ?b=2, not settings the page knows.`);
    expect(sharedLink(`http://x/?note=${'x'.repeat(60)}${hash}`).leftOut).toBe(`Left out of it: ?note=${'x'.repeat(34)}…, not a setting the page knows.`);
    expect(sharedLink(`http://x/?a=1&b=2&c=3&d=4&e=5&f=6&g=7${hash}`).leftOut).toBe('Left out of it: ?a=1, ?b=2, ?c=3, ?d=4, ?e=5 and 2 more, not settings the page knows.');
  });
});
