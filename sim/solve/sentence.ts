/**
 * A solve's answer as one sentence: "2 challenges (P(plan succeeds) = 0.5 exact); 1 challenge
 * gives 0.875 exact, 3 challenges gives 0.125 exact", or with intervals, its confidence and
 * the trials it took.
 */
import { EVERY_VALUE_MOST, solveValues, type SolveBlock } from './schema.ts';
import type { SolvePoint, SolveResult } from './result.ts';
import { EXACT_TOLERANCE, exactSlack } from '../result.ts';
import { wordList } from '../words.ts';

/** Fields whose value is a list of dice ("d4", "2d6"): an empty one reads "no dice". */
const DICE_LISTS = new Set(['dice', 'knavery', 'violence', 'bonus', 'openingDice', 'minionDice', 'minionBonus']);

/**
 * A value as it reads in a sentence: numbers and strings as they are, lists joined. An
 * empty list is "no dice" for a list of dice (`vary`'s last field), "an empty list"
 * otherwise: never "none", which is what a search that found no value says (an audit:
 * "found none" for a captain of no trait dice).
 */
export function valueText(value: unknown, vary?: string): string {
  if (value === null) return 'none';
  if (Array.isArray(value)) {
    if (value.length > 0) return value.map((v) => valueText(v)).join(' + ');
    if (vary === undefined) return 'none';
    return DICE_LISTS.has(vary.split('.').pop() ?? '') ? 'no dice' : 'an empty list';
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** A path in the user's words ("guards › how many"), given by the caller; the path itself by default. */
export type PathWords = (path: string) => string;

const asIs: PathWords = (path) => path;

/**
 * A value of a path in the user's words where the caller has words for it (a rule's
 * select: "“lets nothing through”"); undefined: valueText's, the file's own.
 */
export type ValueWords = (path: string, value: unknown) => string | undefined;

/** A value at `path` as a sentence says it: in the caller's words where it has some, else valueText's. */
function valueSaid(value: unknown, path: string, valueWords?: ValueWords): string {
  return (value === null ? undefined : valueWords?.(path, value)) ?? valueText(value, path);
}

/**
 * "2 challenges" (or "modifier = 1") from the block's `label` ("{value}" replaced) or the path's last word; a
 * path deeper than one field ("setup.sides.1.combatants.0.count", whose last word read
 * "4 count") as `words` names it: "guards › how many = 4", and a rule likewise ("rule: a
 * hit is = “4 or more”", where "hitOn = 4+" named it as the file does, and no other page).
 * The value in `valueWords`' words where it has some.
 */
export function valueLabel(value: unknown, block: Pick<SolveBlock, 'label' | 'vary'>, words: PathWords = asIs, valueWords?: ValueWords): string {
  const text = valueSaid(value, block.vary, valueWords);
  // A label of a count and one plural word ("{value} tries", "guards") reads it singular
  // after 1, as a field's name does below: "1 tries gives ≈0.4034" (a report audit); so
  // does a count and two words, the last plural ("1 bonus die"). A longer label, or one
  // not led by the count, is left as written ("rival rank 1").
  if (block.label) return countLabel(block.label.includes('{value}') ? block.label.replaceAll('{value}', text) : `${text} ${block.label}`, value);
  const deep = block.vary.split('.').length > 2 || block.vary.startsWith('rules.');
  if (deep && words(block.vary) !== block.vary) return `${words(block.vary)} = ${text}`;
  const fields = block.vary.split('.').filter((s) => !/^\d+$/.test(s));
  const word = fields[fields.length - 1] ?? block.vary;
  // A count reads "2 challenges", "1 challenge" (a plural field name, singular after 1);
  // any other field "modifier = 1", where "1 modifier" read as one of several modifiers.
  if (!/[^su]s$/.test(word)) return `${word} = ${text}`;
  // "pushes" → "push", "challenges" → "challenge", "tries" → "try".
  return `${text} ${value === 1 ? singular(word) : word}`;
}

/**
 * "1 tries" → "1 try", "1 bonus dice" → "1 bonus die": a value of 1 and one or two words
 * after it, the last plural, made singular. A longer label is left as written, and so is a
 * second word of fewer than four letters that is no known plural ("{value} dice is").
 */
function countLabel(text: string, value: unknown): string {
  if (value !== 1) return text;
  const m = /^1 ((?:[a-z]+ )?)([a-z]+)$/i.exec(text);
  if (!m || !plural(m[2]!)) return text;
  if (m[1] && m[2]!.length < 4 && !(m[2]!.toLowerCase() in IRREGULAR)) return text;
  return `1 ${m[1]}${singular(m[2]!)}`;
}

/**
 * Plurals that are not a word plus -s or -es as singular() takes them off, and words alike
 * in both (an audit: "1 dice", "1 heroe", "1 knive", "1 sery"; a review: "1 zomby", "1 cach",
 * "1 bonuse"). A dice tool's labels count dice, henchmen, marksmen.
 */
const IRREGULAR: Readonly<Record<string, string>> = {
  dice: 'die',
  men: 'man',
  women: 'woman',
  people: 'person',
  children: 'child',
  feet: 'foot',
  teeth: 'tooth',
  mice: 'mouse',
  geese: 'goose',
  knives: 'knife',
  lives: 'life',
  wives: 'wife',
  wolves: 'wolf',
  thieves: 'thief',
  elves: 'elf',
  dwarves: 'dwarf',
  halves: 'half',
  heroes: 'hero',
  potatoes: 'potato',
  echoes: 'echo',
  zombies: 'zombie',
  movies: 'movie',
  rookies: 'rookie',
  cookies: 'cookie',
  pies: 'pie',
  ties: 'tie',
  lies: 'lie',
  caches: 'cache',
  bonuses: 'bonus',
  statuses: 'status',
  buses: 'bus',
  // -uses and -ses words singular() would leave with an e ("1 viruse", "1 lense"; the last
  // audit): -use words ("houses", "fuses") take only the s off, so these are listed.
  viruses: 'virus',
  campuses: 'campus',
  circuses: 'circus',
  choruses: 'chorus',
  geniuses: 'genius',
  octopuses: 'octopus',
  walruses: 'walrus',
  lenses: 'lens',
  gases: 'gas',
  canvases: 'canvas',
  atlases: 'atlas',
  niches: 'niche',
  series: 'series',
  species: 'species',
  sheep: 'sheep',
  deer: 'deer',
  fish: 'fish',
};

/** Words ending in -s that are no plural: "1 gas", not "1 ga". */
const NOT_PLURAL = new Set(['gas', 'yes', 'lens', 'axis', 'this', 'was', 'has', 'his', 'its', 'is', 'as', 'chaos', 'canvas', 'atlas', 'omen', 'amen', 'specimen', 'stamen', 'abdomen', 'regimen', 'hymen', 'semen']);

/** Is `word` a plural that reads singular after 1? Irregulars, -men ("horsemen"; not "omen", NOT_PLURAL), and a word ending -s (not -ss, -us: "status", "boss"). */
function plural(word: string): boolean {
  const w = word.toLowerCase();
  if (NOT_PLURAL.has(w)) return false;
  return (w in IRREGULAR && IRREGULAR[w] !== w) || /men$/.test(w) || /[^su]s$/.test(w);
}

/** A plural field name after 1: "pushes" → "push", "challenges" → "challenge", "tries" → "try" (it read "1 trie"), "dice" → "die", "henchmen" → "henchman", "bonuses" → "bonus". */
export function singular(word: string): string {
  const irregular = IRREGULAR[word.toLowerCase()];
  if (irregular !== undefined) return word[0] === word[0]!.toUpperCase() ? irregular[0]!.toUpperCase() + irregular.slice(1) : irregular;
  if (/men$/.test(word) && !NOT_PLURAL.has(word.toLowerCase())) return word.slice(0, -3) + 'man';
  if (/[^aeiou]ies$/.test(word)) return word.slice(0, -3) + 'y';
  return word.replace(/(?<=(?:sh|ch|x|ss))es$|s$/, '');
}

/**
 * A Monte Carlo figure in a sentence: at four places, as formatNumber prints it (a table row
 * may print more, where its interval or a figure from 0.001 to 0.01 asks: rowPlaces). Until December
 * 2026 three decimals, which read 0.0012 [0.0011, 0.0013] as "0.001 [0.001, 0.001]": a
 * value that misses a goal of ≤ 0.001 read as meeting it, and an interval of no width.
 */
export const figure = (x: number): string => formatNumber(x);

/**
 * A number in a table: whole numbers as they are, others to 4 places (3 significant when
 * tiny), after float noise is taken off where that leaves it whole at 4 places
 * (snapDecimal, below: 2.999… printed "3.0000" beside an exact "4").
 */
export function formatNumber(raw: number): string {
  return formatAt(raw, 4);
}

/**
 * formatNumber at `places` decimals (a row's, rowPlaces): whole numbers as they are, a
 * figure under 0.001 in three significant digits (smallFigure), float noise taken off where
 * that leaves it whole at `places`.
 */
export function formatAt(raw: number, places: number): string {
  // Only where the noise-free value prints whole at `places`: rounding a snapped 0.50575
  // (a double just below it) would print 0.5057 where the sum's own 0.505750…01 gave 0.5058.
  const snapped = snapDecimal(raw);
  const value = Number.isInteger(Math.round(snapped * 10 ** places * 1e6) / 1e6) ? snapped : raw;
  if (Number.isInteger(value)) return String(value);
  return smallFigure(value) ?? notWhole(value, places);
}

/**
 * The places `poolsim run`'s table prints a figure of `x`'s size to, before its interval
 * asks for more (rowPlaces): 4 below 10, 2 below 1000, none from 1000 ("1624 [1621, 1628]").
 * The reports' tables print by the same rule.
 */
export function tablePlaces(x: number): number {
  const a = Math.abs(x);
  return a >= 1000 ? 0 : a >= 10 ? 2 : 4;
}

/** A row's estimate, interval and exact value as text, at the row's places (rowPlaces; formatAt). */
export function rowFigures(m: { estimate: number; ci95: readonly [number, number]; exact?: number }): RowFigures {
  return figuresAt(m, rowPlaces(m, tablePlaces(m.estimate)));
}

/** A row's figures as text: the estimate, its interval ("[low, high]") and bounds, the exact value. */
export interface RowFigures {
  estimate: string;
  interval: string;
  low: string;
  high: string;
  exact?: string;
}

/** A row's estimate, interval and exact value as text at `places` (formatAt; exactAt). */
export function figuresAt(m: { estimate: number; ci95: readonly [number, number]; exact?: number }, places: number): RowFigures {
  const [low, high] = m.ci95.map((x) => formatAt(x, places)) as [string, string];
  return { estimate: formatAt(m.estimate, places), interval: `[${low}, ${high}]`, low, high, ...(m.exact === undefined ? {} : { exact: exactAt(m.exact, places) }) };
}

/**
 * One precision for several rows said together and the exact values said beside them (a
 * check's "measured" over several points, a headline across them): the most that any row
 * asks beside any of the values (rowPlaces). Each row at its own places read a shared exact
 * value "≈0.3181" beside an upper bound "0.31807" it lies under, where that point's table
 * row says "≈0.31806". Rounded at one precision, a value inside an interval reads inside it.
 */
export function rowsPlaces(rows: readonly { estimate: number; ci95: readonly [number, number] }[], exact: readonly number[]): number {
  let places = 0;
  for (const row of rows) {
    for (const x of exact.length > 0 ? exact : [undefined]) {
      const m = { estimate: row.estimate, ci95: row.ci95, ...(x === undefined ? {} : { exact: x }) };
      const p = rowPlaces(m, tablePlaces(row.estimate));
      // A row printed without places ("0 [0, 0.000190]": whole, or under 0.001) asks for
      // none: its half-width's six put "0.685100" beside it.
      if ([row.estimate, ...row.ci95].some((y) => smallFigure(y) === undefined && formatAt(y, p).includes('.'))) places = Math.max(places, p);
    }
  }
  return places;
}

/**
 * An exact value beside figures at `places` (rowPlaces): exactFigure's text, or where that is
 * rounded ("≈0.3181") to fewer places than the row's, rounded at the row's places
 * ("≈0.31806"). A figure under 0.001 keeps its three significant digits.
 */
export function exactAt(value: number, places: number): string {
  const own = roundedPlaces(value);
  return own > 0 && places > own ? `≈${snapDecimal(value).toFixed(places)}` : exactFigure(value);
}

/** Decimals of a rounded exact value ("≈0.3181": 4, "≈0.9999847": 7); 0 for one in full and for one under 0.001. */
function roundedPlaces(value: number): number {
  const shown = exactFigure(value);
  return shown.startsWith('≈') && Math.abs(snapDecimal(value)) >= 0.001 ? (shown.split('.')[1]?.length ?? 0) : 0;
}

/**
 * The places a rounded exact value asks of its row (rowPlaces): its decimals ("≈0.3181": 4),
 * but none for one just short of a whole number ("≈0.9999999999854"), whose digits of its
 * distance from it order it with the figures beside it, as a small value's do: a row at its
 * thirteen places read "[0.9998079640000, 1]". Beside a row of more places than its own it
 * is still rounded at the row's (exactAt), so that one outside an interval reads outside it.
 */
function exactPlaces(value: number): number {
  const places = roundedPlaces(value);
  return places <= EXACT_PLACES ? places : 0;
}

/**
 * A figure under 0.001 (not 0) in three significant digits, as the exact column prints
 * one ("0.000920", "0.0000192"; toPrecision's "1.00e-7" below 1e-6): fixed places left
 * it one digit or none ("0.001" for 0.00092, an interval "0.001 to 0.001" that left out
 * its own exact ≈0.000824). Undefined for any other figure. Shared by every table: the
 * reports' (formatNumber), `poolsim run`'s (cli/format.ts) and the dashboard's.
 */
export function smallFigure(x: number): string | undefined {
  return x !== 0 && Math.abs(x) < 0.001 ? x.toPrecision(3) : undefined;
}

/**
 * Decimal places for a figure beside a 95% interval of half-width `h`: `base`, or more
 * where `base` would round both ends together ("24.00 [24.00, 24.00]" read as known
 * exactly; it was 23.9993 [23.9976, 24]): two significant digits of `h`, at most 6.
 * Shared by every table's rows (rowPlaces) and the dashboard's other cells.
 */
export function intervalPlaces(base: number, h: number): number {
  return h > 0 ? Math.min(6, Math.max(base, Math.ceil(-Math.log10(h)) + 1)) : base;
}

/**
 * Decimal places for one row's Monte Carlo figures — an estimate and its 95% interval — and
 * the exact value beside them, where the row has one: one precision for the row, the rule
 * of every table (the reports', `poolsim run`'s, the dashboard's) and of a check's
 * "measured". `base` is the table's places for a figure of the estimate's size (4 below 10
 * in all of them; tablePlaces). Every figure prints as formatAt prints it: a whole one as a
 * whole number ("26 [25.9950, 26]", "0 [0, 0.000192]"), one under 0.001 in three
 * significant digits, any other at the row's places. Then
 *
 * - an estimate from 0.001 to 0.01 gets three significant digits (5 places), as the exact
 *   value beside it does (exactFigure) and a figure under 0.001 does (smallFigure): "0.0052
 *   [0.0049, 0.0056]" stood beside "≈0.00523";
 * - more where the interval needs them to show as one (intervalPlaces);
 * - more while a figure that is not whole would read whole at them (notWhole writes it
 *   longer than the row): "3.97740 [3.95480, 3.99998]", where "3.9774 [3.9548, 3.99998]"
 *   mixed places and "[3.9548, 4.0000]" read a bound of 4;
 * - at least a rounded exact value's ("≈") places (but for one just short of a whole
 *   number, whose own digits order it: exactPlaces), and where the row has more, the exact
 *   value rounded at the row's places instead (exactAt): "≈0.3181" stood beside an upper
 *   bound "0.31807", the bound 0.318070 and the value 0.318063. Rounded at one precision,
 *   the three keep their order;
 * - and more, up to 9, while an exact value inside its interval would still read outside it
 *   ("0.00724", a value in full, beside an upper bound 0.007241 at 4 places, "0.0072").
 *
 * An exact value outside its interval (the Monte Carlo's 1 in 20) reads outside it: more
 * places, up to 9, while it would read on one of its ends.
 */
export function rowPlaces(m: { estimate: number; ci95: readonly [number, number]; exact?: number }, base = 4): number {
  const size = Math.abs(m.estimate);
  const [low, high] = m.ci95;
  let places = intervalPlaces(size >= 0.001 && size < 0.01 ? Math.max(base, 5) : base, (high - low) / 2);
  // The whole row up together where a figure that is not whole would read whole at its
  // places (notWhole writes it longer): "3.9774 [3.9548, 3.99998]" and "22.25 [21.997,
  // 22.50]" mixed places, where `poolsim run` said "[3.9548, 4.0000]" and "[22.00, 22.50]".
  const longer = (x: number, p: number) => smallFigure(x) === undefined && (formatAt(x, p).split('.')[1]?.length ?? 0) > p;
  while (places < 9 && [m.estimate, low, high].some((x) => longer(x, places))) places++;
  if (m.exact === undefined) return places;
  // At least a rounded exact value's decimals ("≈0.3181": 4; none under 0.001, whose three
  // significant digits order with the figures beside them as smallFigure prints those).
  const first = Math.max(places, exactPlaces(m.exact));
  const value = (text: string) => Number(text.replace(/^≈/, ''));
  if (!(low <= m.exact && m.exact <= high)) {
    // Outside, more places while it would read on an end or inside: "0.5 [0.5000, 0.5139]"
    // read as inside, where the bound is 0.500020 (an audit).
    for (let p = first; p <= 9; p++) {
      const e = value(exactAt(m.exact, p));
      if (e < value(formatAt(low, p)) || e > value(formatAt(high, p))) return p;
    }
    return first;
  }
  for (let p = first; p <= 9; p++) {
    const e = value(exactAt(m.exact, p));
    if (value(formatAt(low, p)) <= e && e <= value(formatAt(high, p))) return p;
  }
  return first;
}

/**
 * `value` to `places` decimals, or more where that would read as a whole number it is not:
 * an upper bound of 0.99996 read "1.0000" beside a bound of exactly 1, an interval of no width.
 */
export function notWhole(value: number, places: number): string {
  let text = value.toFixed(places);
  for (let p = places + 1; p <= 9 && !Number.isInteger(value) && Number.isInteger(Number(text)); p++) text = value.toFixed(p);
  return text;
}

/** "1.6 M" / "420 k" / "900" trials. */
export function trialsText(n: number): string {
  if (n >= 1e6) return `${(n / 1e6).toPrecision(2)} M`;
  if (n >= 1e4) return `${Math.round(n / 1e3)} k`;
  return String(n);
}

/**
 * `x` as the shortest decimal of at most 9 places within float noise of it (1e-10, or
 * 1e-12 of it past 100, at most 1e-9): exact values are sums of floats, so 1/32 arrives as 0.031249999999999997
 * and 3 as 2.9999999999999996, which printed "0.0312" beside "0.0313" and "3.0000"
 * beside "4". Exact values are exact to 1e-9 (docs/scenario-format.md): this moves none by more.
 * A small value is moved by no more than a millionth of itself either: 3.639e-7 is no
 * float noise of 0.000000364, and printed so, unmarked, it passed a rounding off as the
 * value (a dashboard audit).
 */
export function snapDecimal(x: number): number {
  if (!Number.isFinite(x)) return x;
  // 1e-10, or 1e-12 of the value past 100, never past 1e-9 (what an exact value is exact
  // to): float noise grows with the value, a rounding's error with its places. Relative
  // 1e-10 at every size let a big value's rounding pass for it: 25 + 400000/7 =
  // 57167.857142857… snapped to 57167.85714 (5.7e-6 allowed, 2.9e-6 off) and printed
  // unmarked as exact, 100000/3 as "33333.333333" (a docs audit); without the cap, so did
  // 1e6 + 1/3 as "1000000.333333" (a review).
  const tolerance = Math.min(1e-9, Math.max(1e-10, 1e-12 * Math.abs(x)));
  for (let places = 0; places <= 9; places++) {
    const f = 10 ** places;
    const y = Math.round(x * f) / f;
    // Onto 0 only below 1e-15, a sum's float noise around 0: a draw of exact odds 8.3e-11
    // printed "exact 0", and one of 9.9e-13 still did, as if it could not happen.
    if (y === 0) {
      if (Math.abs(x) < 1e-15) return 0;
      continue;
    }
    // Onto 1 only within a float sum's rounding (1e-13, exactSlack): 1 − 2^-36, a plan
    // that fails once in 69 billion, printed "exact 1" beside a failed "at least 1" (a
    // report audit). "Certain" is a claim no rounding makes.
    if (Math.abs(y) === 1 && Math.abs(y - x) > 1e-13) continue;
    if (Math.abs(y - x) <= tolerance && Math.abs(y - x) <= 1e-6 * Math.abs(x)) return y;
  }
  return x;
}

/**
 * The most decimals an exact value is shown to in full (more only where a small value
 * needs them for three significant digits, 0.00002, or one just short of a whole number
 * for three of its distance from it, 0.9999924). Six hold every figure of a few coins
 * or d4s (0.015625 is 1/64) and keep figures side by side alike: with eight, a d10 pool's
 * 0.73362998 stood beside a d6's 0.7943 rounded, the two alike "exact".
 */
export const EXACT_PLACES = 6;

/**
 * An exact value as every page prints it, by one rule a reader can trust: the shortest
 * decimal that is the value, up to EXACT_PLACES ("1", "0.1", "0.45", "0.2025", "0.65625");
 * a value that needs more rounded, and marked so with "≈": to four decimals (three from 10
 * up, one from 1000), three significant digits at least ("≈0.6667", "≈0.1210", "≈0.000284").
 * Three decimals made 0.49964 read "0.500 exact", as if it hit a target of 0.500 that it
 * misses, and a rounded figure unmarked read as the value itself. One rule, no padding and
 * no extension: "0.100" and "0.450" (three decimals at least) stood beside "1" and "0.2025",
 * and "≈0.1209995" (a rounding 0 pushed further) beside "≈0.7943" (a report audit).
 * From the tenth decimal on (8.3e-11), significant digits.
 */
export function exactFigure(value: number): string {
  const x = snapDecimal(value);
  // A value under 1e-15 that is not 0 is 0 to within a sum's float noise, or a real chance
  // too small to print (an extended check still going after 100 steps, 8.1e-105): "≈0",
  // not "0", which claimed it never happens (a report audit).
  if (x === 0 && value !== 0) return '≈0';
  // Whole numbers as they are, as every table prints them: "0 exact", "1 exact".
  if (Number.isInteger(x)) return String(x);
  const size = Math.abs(x);
  // Places for three significant digits, for a value under 0.1.
  const significant = size < 0.1 ? 2 - Math.floor(Math.log10(size)) : 0;
  // Past snapDecimal's nine places a row of zeros reads worse than "8.3e-11".
  if (significant > 9) {
    for (let digits = 1; digits <= 3; digits++) if (Number(x.toPrecision(digits)) === x) return x.toPrecision(digits);
    return `≈${x.toPrecision(3)}`;
  }
  for (let places = 1; places <= Math.max(EXACT_PLACES, significant); places++) if (Number(x.toFixed(places)) === x) return x.toFixed(places);
  const places = Math.max(size >= 1000 ? 1 : size >= 10 ? 3 : 4, significant);
  // A value under 10 that rounds to a whole number it is not keeps three significant
  // digits of its distance from it, as a small value does of its own: 0.9999847 and 0.9999924, one
  // under a bound of 0.99999 and one over it, both read "≈1.0000" (a report audit).
  const gap = Math.abs(x - Math.round(x));
  // Below 10, where chances and small counts are (a big mean's last digits are its rounding).
  const nearWhole = size < 10 && Number.isInteger(Number(x.toFixed(places))) ? Math.min(15, 2 - Math.floor(Math.log10(gap))) : 0;
  // Those digits may be the whole value ("0.9999924"), said unmarked as any value in full.
  for (let more = EXACT_PLACES + 1; more <= nearWhole; more++) if (Number(x.toFixed(more)) === x) return x.toFixed(more);
  // (Zeros past the gap's digits say nothing: "≈2.99998", not "≈2.9999800".)
  return `≈${nearWhole > places ? x.toFixed(nearWhole).replace(/0+$/, '') : x.toFixed(places)}`;
}

/**
 * A figure said to equal something: "= 0.5" or, rounded (exactFigure), "≈ 0.4996",
 * not "= ≈0.4996".
 */
export function equalsFigure(figure: string): string {
  return figure.startsWith('≈') ? `≈ ${figure.slice(1)}` : `= ${figure}`;
}

/** A signed figure: "+0.25", "≈+0.1431", the sign after a rounded one's mark. */
export function signedFigure(figure: string, sign: string): string {
  // 0 to within float noise has no side of 0 to say ("≈+0" for a B − A of 5e-17; a review).
  if (figure === '≈0') return figure;
  return figure.startsWith('≈') ? `≈${sign}${figure.slice(1)}` : `${sign}${figure}`;
}

/** Values listed shown by name up to this many; past it counted, the first few named. */
const LISTED_SHOWN = 6;

/** A `values` list in words, in its order: "the values listed (1, 8, 2, 7, 3)", "the 12 values listed (1, 8, 2, …)". */
function listedText(values: readonly unknown[], text: (v: unknown) => string): string {
  if (values.length <= LISTED_SHOWN) return `the values listed (${values.map(text).join(', ')})`;
  return `the ${values.length} values listed (${values.slice(0, 3).map(text).join(', ')}, …)`;
}


/**
 * Where a value lies against the target, as far as the figures show: +1 surely above, −1
 * surely below, 0 on it or not told apart. Exact against an exact target within 1e-9; a
 * Monte Carlo value by its 95% interval against the target's (a number, or setup A's
 * interval in the equivalence form: intervals apart, the two surely differ).
 */
function sideOf(p: SolvePoint, r: SolveResult): -1 | 0 | 1 {
  const span = (q: SolvePoint | undefined): [number, number] | undefined =>
    q === undefined ? undefined : q.exact !== undefined && q.estimate === undefined ? [q.exact, q.exact] : q.ci95;
  const t: [number, number] | undefined = r.target !== undefined ? [r.target, r.target] : span(r.reference);
  const v = span(p);
  if (!t || !v) return 0;
  // As the verdict reads its bound (exactSlack: none past rounding at 0 or 1).
  const slack = r.method !== 'exact' ? 0 : r.target !== undefined ? exactSlack(r.target) : EXACT_TOLERANCE;
  return v[0] > t[1] + slack ? 1 : v[1] < t[0] - slack ? -1 : 0;
}

/** Whether intervals share a point: the highest low end at most the lowest high end. */
function commonPoint(spans: readonly (readonly [number, number])[]): boolean {
  return Math.max(...spans.map((x) => x[0])) <= Math.min(...spans.map((x) => x[1]));
}

/**
 * A `closest` answer where the target lies outside the values searched: said only where
 * every value was looked at and lies on the same side of the target (an audit: "the range
 * ends there and the target lies beyond it" was said of an end heading for the target
 * beside its neighbour, while a value listed earlier, or one where the metric turned back,
 * lay on the far side; and a metric flat at the range's end got no word at all). Which
 * end it lies beyond is said where the figures show it: the metric one way over the values
 * (exact: checked; Monte Carlo: the estimates in order) and nearer the target at one end.
 */
function beyondText(
  r: SolveResult,
  values: readonly unknown[],
  named: string,
  listed: string | undefined,
  text: (v: unknown) => string,
  label: (v: unknown) => string,
  field: string,
  rangeOpen?: readonly [boolean, boolean],
  noValue = false,
): string {
  if (values.length < 2 || r.points.length !== values.length) return '';
  const sides = r.points.map((p) => sideOf(p, r));
  if (!(sides.every((x) => x === 1) || sides.every((x) => x === -1))) return '';
  const m = r.points.map((p) => p.exact ?? p.estimate!);
  const target = r.target ?? r.reference?.exact ?? r.reference?.estimate!;
  const slack = r.method === 'exact' ? EXACT_TOLERANCE : 0;
  const oneWay = m.every((x, i) => i === 0 || x >= m[i - 1] - slack) || m.every((x, i) => i === 0 || x <= m[i - 1] + slack);
  const [first, last] = [Math.abs(m[0] - target), Math.abs(m[m.length - 1] - target)];
  const end = !oneWay || Math.abs(first - last) <= slack ? undefined : first < last ? 'first' : 'last';
  // Beyond that end only where the metric still moves toward the target there: its end
  // value and the one next to it apart (exact: by more than 1e-9; Monte Carlo: their 95%
  // intervals apart). Where they are alike it has levelled off, and a wider range need not
  // come nearer: a sorcerer of 3 dice against a demon's 5 wins within 3 tries or never (0
  // dice from the 4th), ≈0.5503 from 3 tries to 20, and the sentence read "the target lies
  // beyond the range, above 20" (an audit). The run of values alike at that end is said:
  // exact, within 1e-9 of the end's ("it has levelled off"); Monte Carlo, each 95% interval
  // overlapping the end's ("it may have levelled off": not told apart).
  const at = end === 'first' ? 0 : m.length - 1;
  const step = end === 'first' ? 1 : -1;
  const span = (p: SolvePoint): [number, number] => (p.ci95 && p.estimate !== undefined ? p.ci95 : [p.exact!, p.exact!]);
  const apartFrom = (i: number, j: number) =>
    r.method === 'exact' ? Math.abs(m[i] - m[j]) > slack : span(r.points[i]!)[0] > span(r.points[j]!)[1] || span(r.points[j]!)[0] > span(r.points[i]!)[1];
  const apart = (i: number) => apartFrom(i, at);
  const moving = end !== undefined && apart(at + step);
  let flatTo: number | undefined;
  // A metric that moves in steps (alike over as many values between two moves somewhere
  // else in the range) has not levelled off for being alike at the end: its next step may
  // lie past the range (a review: "levelled off" was judged from the end's two values
  // alone). A run reaching the range's other end does not count: that is a floor (a chance
  // of 0 where winning is impossible) or a ceiling, not a step. `stepRun` is the earlier
  // run found, in the range's order.
  let stepRun: [number, number] | undefined;
  if (end !== undefined && !moving) {
    flatTo = at + step;
    while (flatTo + step >= 0 && flatTo + step < m.length && !apart(flatTo + step)) flatTo += step;
    const flat = Math.abs(flatTo - at) + 1;
    for (let from = flatTo + step; from >= 0 && from < m.length && stepRun === undefined; ) {
      let to = from;
      while (to + step >= 0 && to + step < m.length && !apartFrom(to + step, from)) to += step;
      const interior = to + step >= 0 && to + step < m.length;
      if (interior && Math.abs(to - from) + 1 >= flat) stepRun = from < to ? [from, to] : [to, from];
      from = to + step;
    }
  }
  // Beyond an end only where the field takes values past it (rangeOpen; a list's values
  // are not known to end anywhere): "the target lies outside the range" was said of a risky
  // split's accomplish dice over 0…4, every value the field takes, as if a wider range could
  // reach it (an audit). A range that is every value says so.
  // A list of a choice's values (a rule's) has no order to go on in: "after the last (“4 or
  // more”)" pointed past a rule's two values as if there were a third.
  const choices = values.every((v) => typeof v === 'string' || typeof v === 'boolean');
  const open = (e: 'first' | 'last') => (listed !== undefined ? !choices : rangeOpen === undefined || rangeOpen[e === 'first' ? 0 : 1]);
  // An end, and where the metric levels off, are values named on their own: as the value
  // found reads ("above 20 tries"), where a span after the field's name ("0…4 is every
  // value accomplish dice can take") reads bare.
  const endValue = (e: 'first' | 'last') => label(values[e === 'first' ? 0 : values.length - 1]);
  const scope = listed ? 'the values listed' : 'the range';
  const beyondEnd = (e: 'first' | 'last') =>
    listed ? `beyond them, ${e === 'first' ? 'before the first' : 'after the last'} (${endValue(e)})` : `beyond the range, ${e === 'first' ? 'below' : 'above'} ${endValue(e)}`;
  const where =
    !listed && rangeOpen && !rangeOpen[0] && !rangeOpen[1]
      ? `, and ${text(values[0])}…${text(values[values.length - 1])} is every value ${field} can take`
      : end === undefined || !open(end)
        ? ''
        : stepRun !== undefined
          ? r.method === 'exact'
            ? `; it moves in steps: the same ${end === 'first' ? `up to ${label(values[flatTo!])}` : `from ${label(values[flatTo!])} on`}, as it was from ${label(values[stepRun[0]])} to ${label(values[stepRun[1]])} before it moved again, so the target may lie ${beyondEnd(end)}`
            : `; the values ${end === 'first' ? `up to ${label(values[flatTo!])}` : `from ${label(values[flatTo!])} on`} are not told apart (each 95% interval), nor were those from ${label(values[stepRun[0]])} to ${label(values[stepRun[1]])}, and the metric moved after them, so it may still move: the target may lie ${beyondEnd(end)}`
        : flatTo !== undefined && flatTo === (end === 'first' ? m.length - 1 : 0)
          ? // Alike to the other end: levelled off at neither end (an audit: "levelled off at
            // the start of the range: the values up to 60 are not told apart", 60 its far
            // end). Flat over the whole range as far as the figures show where every interval
            // shares a point; else some values are apart from each other though none from
            // the end's (wide) interval, and nothing is said of the ends (a review).
            commonPoint(r.points.map(span))
            ? `; no value is told apart from ${endValue(end!)} (each 95% interval): it may not move over ${scope} at all`
            : ''
          : flatTo !== undefined
          ? r.method === 'exact'
            ? `; it has levelled off at the ${end === 'first' ? 'start' : 'end'} of ${scope}, the same ${end === 'first' ? `up to ${label(values[flatTo])}` : `from ${label(values[flatTo])} on`}`
            : `; it may have levelled off at the ${end === 'first' ? 'start' : 'end'} of ${scope}: the values ${end === 'first' ? `up to ${label(values[flatTo])}` : `from ${label(values[flatTo])} on`} are not told apart (each 95% interval)`
          : // "may": the metric still moves toward the target at that end, which says where a
            // wider range would come nearer, not that it reaches the target (an audit: a
            // 2d6 total's chance, 0.167 at most, "lies beyond the range, above 5" for 0.2).
            `; the target may lie ${beyondEnd(end)}`;
  // Monte Carlo: each value's 95% interval clear of the target, said as such (a claim at
  // 95% per value, not a fact about the metric: a review).
  const surely = r.method === 'exact' ? '' : ' (each 95% interval)';
  // An `atLeast` or `atMost` answer of no value has said so, and named the nearest (and
  // the values tied with it, where the metric levels off): only where the target may lie
  // is added, to widen the range there, or that the range is every value the field takes.
  // Exact, where it levels off its ties have said so; a range that is every value the field
  // takes is said all the same, and a Monte Carlo one's overlaps are no ties (a review).
  const closed = !listed && rangeOpen !== undefined && !rangeOpen[0] && !rangeOpen[1];
  if (noValue) return flatTo !== undefined && stepRun === undefined && r.method === 'exact' && !closed ? '' : where;
  return `; every value gives ${named} ${sides[0] === 1 ? 'above' : 'below'} the target${surely}, so none ${listed ? 'of the values listed' : 'in the range'} reaches it${where}`;
}

/**
 * `atLeast`/`atMost` read as the first value meeting the bound: of a metric that falls as
 * the value grows, that is the range's first value, true and of no use to a GM asking how
 * many challenges keep a heist at even odds (a user audit: "the first with success ≥ 0.500:
 * 1 challenge"). Where the answer is the first value searched and a later one meets the
 * bound too, the last that does is said, with the `find` that asks for it. Exact answers
 * only: every value is known there.
 */
function lastText(r: SolveResult, values: readonly unknown[], goal: string, label: (v: unknown) => string): string {
  if ((r.find !== 'firstAtLeast' && r.find !== 'firstAtMost') || r.method !== 'exact' || values.length < 2) return '';
  if (JSON.stringify(r.value) !== JSON.stringify(values[0]) || r.points.length !== values.length) return '';
  const want = r.find === 'firstAtLeast' ? 1 : -1;
  const meets = r.points.map((p) => sideOf(p, r)).map((side) => side === 0 || side === want);
  const last = meets.lastIndexOf(true);
  if (last <= 0) return '';
  const find = r.find === 'firstAtLeast' ? 'lastAtLeast' : 'lastAtMost';
  return `; ${goal.replace(/^the first/, 'the last')} is ${label(r.points[last]!.value)} (find: ${find})`;
}

function pointText(p: SolvePoint | undefined, withInterval: boolean): string {
  if (!p) return '?';
  if (p.exact !== undefined && p.estimate === undefined) return exactFigure(p.exact);
  const e = figure(p.estimate!);
  return withInterval && p.ci95 ? `${e} [${figure(p.ci95[0])}, ${figure(p.ci95[1])}]` : e;
}

/**
 * The goal in words. An equivalence target is the metric's value with the reference
 * setting, said as that setting: "closest to its value with us › captain › trait dice = d6
 * (≈0.3310 exact)". It read "its value in A (…: …)", and "A" is named nowhere a reader of
 * the sentence sees it (a report audit).
 */
function goalText(r: SolveResult, words: PathWords = asIs, metricWords: PathWords = asIs, valueWords?: ValueWords): string {
  const ref = r.reference;
  const target = r.target !== undefined ? exactFigure(r.target) : `its value with ${Object.entries(r.sameAs ?? {}).map(([k, v]) => `${words(k)} = ${valueSaid(v, k, valueWords)}`).join(', ')} (${ref ? pointText(ref, true) + (ref.exact !== undefined ? ' exact' : '') : '…'})`;
  const metric = metricWords(r.metric);
  switch (r.find) {
    case 'closest':
      return `${metric} closest to ${target}`;
    case 'firstAtLeast':
      return `the first with ${metric} ≥ ${target}`;
    case 'lastAtLeast':
      return `the last with ${metric} ≥ ${target}`;
    case 'firstAtMost':
      return `the first with ${metric} ≤ ${target}`;
    case 'lastAtMost':
      return `the last with ${metric} ≤ ${target}`;
  }
}

/**
 * "The first with…" starts a sentence; a metric's name keeps its case ("win.crew closest
 * to…", said so where no label is declared), a metric's words start with a capital ("Mean
 * successes closest to…").
 */
function capital(text: string, words: boolean): string {
  if (text.startsWith('the ')) return 'T' + text.slice(1);
  return words ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}

/**
 * The sentence after its block's name on one line ("favoured heist: the last with …"): the
 * capital the sentence opens with on its own (a page, the JSON) is mid-line there. Only the
 * sentence's own openings; a metric's name keeps its case.
 */
export function afterName(sentence: string): string {
  return sentence.replace(/^(The (?:first|last) with |Undecided: |No value )/, (w) => w.charAt(0).toLowerCase() + w.slice(1));
}

/** What a sentence is told beyond the answer and the block (SolveProblem: plan.ts fills it in). */
export interface SentenceWords {
  /** A value in the caller's words (a rule's select); the file's without it. */
  valueWords?: ValueWords;
  /** A `range`: whether the field takes a value below it, and above it (SolveProblem.rangeOpen). */
  rangeOpen?: readonly [boolean, boolean];
}

/** Values listed up to this many; past it the first few, and how many more. */
const TIES_SHOWN = 3;

/** An undecided answer's candidates listed up to this many; past it the first TIES_SHOWN, and how many more. */
const CANDIDATES_SHOWN = 6;

/** Values tied with another, as the value found reads: "4 tries and 5 tries", past TIES_SHOWN + 1 "4 tries, 5 tries, 6 tries and 14 more". */
function tiesText(values: readonly unknown[], label: (v: unknown) => string): string {
  return values.length > TIES_SHOWN + 1 ? `${values.slice(0, TIES_SHOWN).map(label).join(', ')} and ${values.length - TIES_SHOWN} more` : wordList(values.map(label));
}

/**
 * The nearest of an answer that found no value (`r.nearest`): where it is and its figure,
 * "; the highest is at 3 tries (P(…) ≈ 0.5503 exact), as at every value after it". The
 * sentence said only "no value … gives P ≥ 0.9", and a GM could not tell a target missed
 * by a hair from one out of reach (an audit: the sorcerer's odds level off at 0.5503 from
 * 3 tries; a Monte Carlo answer gave no estimate for any value).
 */
function nearestText(r: SolveResult, named: string, label: (v: unknown) => string): string {
  const n = r.nearest;
  if (!n) return '';
  const exact = r.method === 'exact';
  const most = r.find.endsWith('AtLeast') ? 'highest' : 'lowest';
  // Of the values looked at where a bisection passed over some.
  const of = exact || r.everyValue === true ? '' : ' of the values looked at';
  const figure = exact ? `${named} ${equalsFigure(pointText(n, false))} exact` : `${named} = ${pointText(n, true)}`;
  // A tie (exact: as the verdict reads a bound, within its slack, exactSlack; Monte Carlo:
  // the same estimate, as nearestPoint reads it): the first is named, the others said, so that
  // a metric that levels off reads as one (and a share never seen at any value, 0 at
  // each, does not read as rank 1's alone).
  let tied = '';
  const figureOf = (p: SolvePoint) => (exact ? p.exact : p.estimate);
  const own = figureOf(n);
  if (own !== undefined) {
    const k = r.points.findIndex((p) => JSON.stringify(p.value) === JSON.stringify(n.value));
    const tie = !exact ? 0 : r.target !== undefined ? exactSlack(r.target) : EXACT_TOLERANCE;
    const others = r.points.filter((p, i) => i !== k && figureOf(p) !== undefined && Math.abs(figureOf(p)! - own) <= tie).map((p) => p.value);
    const after = r.points.slice(k + 1).map((p) => p.value);
    if (others.length > 1 && others.length === after.length && others.every((v, i) => JSON.stringify(v) === JSON.stringify(after[i]))) tied = ', as at every value after it';
    else if (others.length > 0) {
      tied = `, as at ${tiesText(others, label)}`;
    }
    const near = nearestNotApart(r);
    if (near > 0) return `; the ${most} estimate${of} is at ${label(n.value)} (${figure})${tied}, not told apart by the 95% intervals from ${near} other value${near === 1 ? '' : 's'}`;
  }
  return `; the ${most}${of} is at ${label(n.value)} (${figure})${tied}`;
}

/**
 * Of a Monte Carlo answer's nearest (`r.nearest`), how many other values' 95% intervals meet
 * its own, those of the same estimate (its ties, said apart) left out; 0 for an exact one.
 * Such a nearest is the highest (lowest) estimate, not surely the highest value: said as the
 * headlines say it (a report audit: "the highest is at rival rank 5" from one trial in
 * 2,048, its interval [0.0000862, 0.0028] over the [0, 0.00187] of six values estimated 0).
 */
export function nearestNotApart(r: Pick<SolveResult, 'method' | 'nearest' | 'points'>): number {
  const n = r.nearest;
  if (r.method === 'exact' || !n?.ci95 || n.estimate === undefined) return 0;
  const [lo, hi] = n.ci95;
  const same = (v: unknown) => JSON.stringify(v) === JSON.stringify(n.value);
  return r.points.filter((p) => !same(p.value) && p.estimate !== n.estimate && p.ci95 !== undefined && p.ci95[0] <= hi && lo <= p.ci95[1]).length;
}

/**
 * The sentence; `words` names the varied paths as the form does, `metricWords` the metric
 * (sim/solve/plan.ts passes its declared label); the default of each: as written.
 */
export function solveSentence(r: SolveResult, block: SolveBlock, done: boolean, words: PathWords = asIs, metricWords?: PathWords, said: SentenceWords = {}): string {
  const metric = metricWords ?? asIs;
  const named = metric(r.metric);
  const exact = r.method === 'exact';
  const { valueWords, rangeOpen } = said;
  // Every value in the sentence is a value of the searched field (an empty dice list: "no
  // dice"), in the form's words where it has some (a rule's select), as `run` names it.
  const text = (v: unknown) => valueSaid(v, block.vary, valueWords);
  const label = (v: unknown) => valueLabel(v, block, words, valueWords);
  const goal = goalText(r, words, metric, valueWords);
  const at = (v: unknown) => r.points.find((p) => JSON.stringify(p.value) === JSON.stringify(v));
  const index = (v: unknown) => r.points.findIndex((p) => JSON.stringify(p.value) === JSON.stringify(v));
  // What was searched, in words: a range as lo…hi; a `values` list by its values, in the
  // order given (first…last of a list read as a numeric range: [1, 8, 2, 7, 3] as "1…3").
  const listed = block.values ? listedText(block.values, text) : undefined;
  const scope = listed ? 'the values listed' : 'the range';
  const cost = exact ? '' : `, ${trialsText(r.trials ?? 0)} trials`;
  if (!done) return `Searching for ${goal}: ${r.points.length} value(s) looked at${cost}…`;
  // A bisection alone (past EVERY_VALUE_MOST values) says how to decide every value instead:
  // a metric that turns back between the values it looked at reads as a wrong answer,
  // decided (an audit: a guard's death odds over 1–40 guards, "5", where 2 meets the bound).
  // Not where both ends lie near the target at the cap (two values looked at, undecided):
  // every value would run to the cap there too, and the search does not.
  const bisected = !exact && r.everyValue !== true && r.monotone !== false && solveValues(block).length > EVERY_VALUE_MOST && (r.decided || r.points.length > 2);
  const everyHint = bisected ? '; everyValue: true decides every value' : '';
  const monotoneNote = r.monotone === false ? `; note: ${named} does not move one way over ${listed ? `${listed}, in their order` : `${block.range![0]}…${block.range![1]}`}` : '';
  // The field by the form's words, else by its last key as valueLabel names it ("accomplish", not "setup.accomplish").
  const field = words(block.vary) !== block.vary ? words(block.vary) : (block.vary.split('.').filter((k) => !/^\d+$/.test(k)).pop() ?? block.vary);
  const beyondOf = (values: readonly unknown[]) => beyondText(r, values, named, listed, text, label, field, rangeOpen);
  if (!r.decided) {
    // A result from before every value was decided, whose bisection the values contradicted.
    if (r.monotone === false && r.everyValue !== true) return `Undecided: ${named} does not move one way over ${scope} (values looked at disagree), so the search cannot be trusted${cost}.`;
    // Past CANDIDATES_SHOWN candidates the first TIES_SHOWN, with their figures, and how
    // many more, as ties read: 21 values that a field changes nothing of were each named
    // with its figure in one sentence (an audit). The JSON's candidates and points hold all.
    const all = r.candidates ?? [];
    const shown = all.length > CANDIDATES_SHOWN ? all.slice(0, TIES_SHOWN) : all;
    const cands = shown.map((v) => (v === null ? 'none in range' : label(v)));
    const hidden = all.slice(shown.length);
    // "Possibly none in range" is said whatever the number of values before it.
    if (hidden.some((v) => v !== null)) cands.push(`${hidden.filter((v) => v !== null).length} more`);
    if (hidden.includes(null)) cands.push('none in range');
    // Each value as the candidates name it: "40 maxRounds, 41 maxRounds …; 40 gives …" dropped
    // the word within one sentence (an audit).
    const near = shown.filter((v) => v !== null).map((v) => `${label(v)} gives ${pointText(at(v), true)}`).filter((s) => !s.endsWith('?'));
    if (shown.length < all.length) near.push('…');
    // Why, as the search decides: a value against the target, or which of several lies
    // nearer it, on intervals 95% over all of a value's looks (sim/solve/confidence.ts),
    // those printed beside them.
    // (For first/last the first candidate is the one not decided; later ones may be sure.)
    const why = r.find === 'closest' ? 'none of them is surely nearer the target' : `the target still lies within the interval of ${label(r.candidates?.[0])}`;
    // Past EVERY_VALUE_MOST values the ones never looked at are placed as a one-way metric
    // puts them, for the candidates as for a decided answer: said here too (an audit found a
    // value the bisection passed over, on the goal's side, missing from the candidates unsaid).
    // The hint in brackets here: after it come the trials, which read as its cost (a review).
    const assumed = r.everyValue === true ? '' : `, assuming ${named} moves one way over ${scope}${bisected ? ' (everyValue: true decides every value)' : ''}`;
    // Undecided which is nearest, every value on one side: the target lies outside all the same.
    const outside = r.find === 'closest' ? beyondOf(solveValues(block)) : '';
    return `${capital(goal, named !== r.metric)}: undecided between ${wordList(cands)}; ${near.join(', ')} — ${why} at the cap of ${trialsText(r.maxTrials ?? 0)} trials a value (each interval 95% over all of a value's looks)${assumed}${cost}${outside}${monotoneNote}.`;
  }
  const assumption = r.everyValue === true ? 'at every value' : `assuming ${named} moves one way over ${scope}${everyHint}`;
  if (r.value === null) {
    // The values searched as the block's `label` reads them where it has one ("from rival
    // rank 1 to rival rank 7"): the sentence named the path instead, "rival › wealth rank",
    // the one sentence that dropped the label (an audit).
    const searched = block.label
      ? listed
        ? `among ${listedText(block.values!, label)}`
        : `from ${label(block.range![0])} to ${label(block.range![1])}`
      : `of ${words(block.vary)} ${listed ? `among ${listed}` : `in ${block.range![0]}…${block.range![1]}`}`;
    const nearest = nearestText(r, named, label);
    // Where the target may lie (a GM asked "first bonus ≥ 0.5 in 0…2" and was not told to
    // widen the range: an audit): as a `closest` answer says it, where every value was looked at.
    const beyond = beyondText(r, solveValues(block), named, listed, text, label, field, rangeOpen, true);
    return `No value ${searched} gives ${goal.replace(/^the (first|last) with /, '')} (${exact ? 'exact' : `decided at 95% ${assumption}`}${cost})${nearest}${beyond}${monotoneNote}.`;
  }
  const k = index(r.value);
  const p = r.points[k];
  const main = exact ? `${named} ${equalsFigure(pointText(p, false))} exact` : `${named} = ${pointText(p, true)}`;
  // The values next to it in the list, where they were looked at (a Monte Carlo search
  // looks at few: naming the nearest looked at would pass over values never run).
  const values = solveValues(block);
  const pos = values.findIndex((v) => JSON.stringify(v) === JSON.stringify(r.value));
  const tied = exact && r.candidates && r.candidates.length > 1 ? r.candidates.slice(1) : [];
  const isTied = (v: unknown) => tied.some((t) => JSON.stringify(t) === JSON.stringify(v));
  // A neighbour by the block's label where it has one, as the value found reads: "4 guards
  // …; 3 gives …" dropped it. A neighbour tied with the answer is said once, in the ties: "(tied with
  // “minions first”, …); “minions first” gives ≈0.3310" said it twice.
  // A count without a label reads with its field's word too ("1 challenge gives …, 3
  // challenges gives …": it read "2 challenges (…); 1 gives …", the unit dropped, where a
  // labelled block said "3 guards gives"), and a "field = value" name likewise: "watch ›
  // guard › how many = 5 (…); 4 gives …" read bare (an audit). One rule: every value a
  // sentence names on its own reads as the value found.
  const neighbours = [values[pos - 1], values[pos + 1]]
    .map((v) => (pos < 0 || v === undefined || isTied(v) ? undefined : at(v)))
    .filter((q): q is SolvePoint => q !== undefined)
    // Marked exact one by one, as the value found is: a bare "1 gives 0.875" beside
    // "0.500 exact" read as an estimate.
    .map((q) => `${label(q.value)} gives ${pointText(q, !exact)}${exact && q.exact !== undefined && q.estimate === undefined ? ' exact' : ''}`);
  // A value tied as near the target from its other side (closest) has a figure of its own,
  // said with it: "(tied with 2 challenges)" gave 2's 0.5 nowhere (an audit). One tied
  // at the answer's own figure (a metric that levels off) needs none.
  const tiedLabel = (v: unknown) => {
    const q = at(v);
    return q?.exact !== undefined && p.exact !== undefined && Math.abs(q.exact - p.exact) > EXACT_TOLERANCE ? `${label(v)} at ${pointText(q, false)} exact` : label(v);
  };
  const ties = tied.length > 0 ? ` (tied with ${tiesText(tied, tiedLabel)})` : '';
  const how = exact ? '' : ` — decided at 95% (${assumption})${cost}`;
  const beyond = r.find === 'closest' ? beyondOf(values) : lastText(r, values, goal, label);
  return `${capital(goal, named !== r.metric)}: ${label(r.value)} (${main})${ties}${neighbours.length > 0 ? `; ${neighbours.join(', ')}` : ''}${beyond}${how}${monotoneNote}.`;
}
