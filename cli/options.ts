/**
 * Command-line flags, validated in one place for every command: each command lists the
 * flags it takes (`parseFlags(args, ['trials', 'seed', …])`) and gets them checked the same
 * way — a bad value is a usage error (exit 2) before anything is read or run. A new
 * command adds its own flag here, beside the others, rather than parsing it itself.
 */
import { parseArgs } from 'node:util';
import { nearNames } from '../sim/scenario.ts';

export class UsageError extends Error {}

/**
 * node:util parseArgs, its errors turned into usage errors in poolsim's words: an unknown
 * flag names the flags the command takes (and the one nearest it: "did you mean
 * "--trials"?"), a flag missing its value says what value it expects (`expects`, by flag
 * name without the dashes), as a bad value does.
 */
export function parseOptions<T extends NonNullable<Parameters<typeof parseArgs>[0]>['options']>(args: string[], options: T, expects: Readonly<Record<string, string>> = {}) {
  // A negative number after a flag that takes a value (`--trials -5`) is that flag's value,
  // to be refused by its own check ("expects a positive whole number, got "-5""): node's
  // parser reads it as an option and says the argument is "ambiguous".
  const end = args.indexOf('--');
  const joined: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const next = args[i + 1];
    const takesValue = (end < 0 || i < end - 1) && a.startsWith('--') && !a.includes('=') && (options as Record<string, { type: string }> | undefined)?.[a.slice(2)]?.type === 'string';
    if (takesValue && next !== undefined && /^-(\d|\.\d)/.test(next)) {
      joined.push(`${a}=${next}`);
      i++;
    } else joined.push(a);
  }
  args = joined;
  // A flag given twice counts its last value, as node's parser and most commands do: so
  // `npm start -- --out DIR` writes where asked, over the script's own --out.
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (e) {
    const message = (e as Error).message;
    const code = (e as NodeJS.ErrnoException).code;
    // Node's own wording for an unknown option ends in an unclosed quote and advice about
    // positionals that no poolsim command needs: say it in one line, naming the flags, and
    // the one meant where the given one is a slip from it (as an unknown field is:
    // sim/scenario.ts nearNames).
    const unknown = /^Unknown option '(.*)'\. To specify/s.exec(message);
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && unknown) {
      const known = [...Object.keys(options ?? {}).map((n) => `--${n}`), '--help'];
      const near = unknown[1].startsWith('--') ? nearNames(unknown[1], known) : [];
      const hint = near.length > 0 ? `did you mean ${near.map((n) => `"${n}"`).join(' or ')}? ` : '';
      throw new UsageError(`unknown option "${shown(unknown[1])}": ${hint}this command takes ${known.join(', ')} (a file whose name starts with - goes after --)`);
    }
    // A flag with no value after it, or an option where its value should be: node's
    // "Option '--seed <value>' argument missing" said as poolsim says a bad value.
    const missing = /^Option '--([^' ]+)(?: <value>)?' argument (missing|is ambiguous)/.exec(message);
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && missing) {
      const flag = `--${missing[1]}`;
      const what = expects[missing[1]] ?? 'a value';
      const at = args.findIndex((a, i) => a === flag && args[i + 1]?.startsWith('-'));
      const got = missing[2] === 'missing' || at < 0 ? 'nothing after it' : `the option "${shown(args[at + 1])}" after it (a value that starts with - is written ${flag}=VALUE)`;
      throw new UsageError(`${flag} expects ${what}, got ${got}`);
    }
    const noValue = /^Option '--([^' ]+)' does not take an argument/.exec(message);
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && noValue) {
      const given = args.find((a) => a.startsWith(`--${noValue[1]}=`));
      throw new UsageError(`--${noValue[1]} takes no value${given === undefined ? '' : `, got "${shown(given)}"`}`);
    }
    throw new UsageError(message);
  }
}

/** Longest text a flag may carry: anything longer is a mistake (or an attack), not a value. */
export const MAX_FLAG_TEXT = 4096;

/** Shown in messages: a flag's value, cut short and with control characters escaped. */
export function shown(text: string, max = 60): string {
  const cut = text.length > max ? `${text.slice(0, max)}…` : text;
  return JSON.stringify(cut).slice(1, -1);
}

export function positiveInteger(flag: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text) || Number(text) < 1) throw new UsageError(`${flag} expects a positive whole number, got "${shown(text)}"`);
  return Number(text);
}

export function atMost(flag: string, n: number | undefined, max: number): number | undefined {
  if (n !== undefined && n > max) throw new UsageError(`${flag} expects at most ${max}, got "${n > 1e21 ? n.toExponential(3) : n}"`);
  return n;
}

/** A whole number from 1 to `max`; checked as text first, so "99999999999999999999" never becomes a float. */
export function boundedInteger(flag: string, text: string | undefined, max: number): number | undefined {
  if (text === undefined) return undefined;
  const digits = text.trim();
  if (/^\d+$/.test(digits) && digits.replace(/^0+/, '').length > String(max).length) {
    throw new UsageError(`${flag} expects at most ${max}, got "${shown(text)}"`);
  }
  return atMost(flag, positiveInteger(flag, text), max);
}

/** More threads than this is a typo, not a machine. */
export const MAX_WORKERS = 1024;
/** Most trials a point may ask for (sim/scenario.ts MAX_TRIALS, the file's own cap). */
export const MAX_TRIALS_FLAG = 1_000_000_000;

/** `--workers N` of the batch commands: undefined means one per core. */
export function workersOption(text: string | undefined): number | undefined {
  return boundedInteger('--workers', text, MAX_WORKERS);
}

/**
 * `text` as a decimal number ("0.001", "5", "1e-3"), NaN for anything else: Number() also
 * reads "0x10" as 16 and "0b1" as 1, which `--trials` (whole digits only) refused while
 * `--min-change` and the POOLSIM_* settings took them (an input audit): one reading for
 * every number the command line and the environment give.
 */
export function decimal(text: string): number {
  return /^\s*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?\s*$/.test(text) ? Number(text) : NaN;
}

export function positiveNumber(flag: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const x = decimal(text);
  if (text.trim() === '' || !Number.isFinite(x) || x <= 0) throw new UsageError(`${flag} expects a positive number such as 0.001, got "${shown(text)}"`);
  return x;
}

function text(flag: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (value.length > MAX_FLAG_TEXT) throw new UsageError(`${flag} expects at most ${MAX_FLAG_TEXT} characters, got ${value.length.toLocaleString('en')}`);
  if (/[\0]/.test(value)) throw new UsageError(`${flag} must not contain a NUL character`);
  return value;
}

function nonEmptyText(flag: string, value: string | undefined): string | undefined {
  const t = text(flag, value);
  if (t !== undefined && t.trim() === '') throw new UsageError(`${flag} needs a value, got ${JSON.stringify(t)}`);
  return t;
}

/**
 * `--seed S`: a number written as JSON writes it ("7", "-3", "0.5") is that number, so that
 * `--seed 7` is the seed a file's `"seed": 7` is (the same streams, keyed by the text, and
 * now the same JSON, which merge and diff compare); any other text ("007", "1e3", "abc")
 * is a string seed.
 */
function seedOption(value: string | undefined): string | number | undefined {
  // Blank is refused, not taken as the seed "": `--seed "$SEED"` with SEED unset ran every
  // file on seed "" instead of its own, unsaid (an audit). A file may still say "seed": "".
  const t = nonEmptyText('--seed', value);
  if (t === undefined) return undefined;
  const n = Number(t);
  return t.trim() !== '' && Number.isFinite(n) && String(n) === t ? n : t;
}

/** Every flag any command takes: how node:util parses it, what value it expects (said when it is missing) and how that value is checked. */
const FLAGS = {
  trials: { type: 'string', expects: 'a positive whole number', check: (v: string | undefined) => boundedInteger('--trials', v, MAX_TRIALS_FLAG) },
  'max-trials': { type: 'string', expects: 'a positive whole number', check: (v: string | undefined) => boundedInteger('--max-trials', v, MAX_TRIALS_FLAG) },
  seed: { type: 'string', expects: 'a seed (a number or any text)', check: seedOption },
  workers: { type: 'string', expects: 'a positive whole number', check: workersOption },
  precision: { type: 'string', expects: 'a positive number such as 0.001', check: (v: string | undefined) => positiveNumber('--precision', v) },
  json: { type: 'boolean', check: (v: boolean | undefined) => v ?? false },
  markdown: { type: 'boolean', check: (v: boolean | undefined) => v ?? false },
  out: { type: 'string', expects: 'a file or folder to write', check: (v: string | undefined) => nonEmptyText('--out', v) },
  shard: { type: 'string', expects: 'I/N (shard I of N, counting from 0)', check: (v: string | undefined) => nonEmptyText('--shard', v) },
  shards: { type: 'string', expects: 'a whole number (how many shards)', check: (v: string | undefined) => nonEmptyText('--shards', v) },
  // The diff options: their values are checked by cli/diff-command.ts diffOptionsOf.
  baseline: { type: 'string', expects: 'a report folder (reports/baseline, say)', check: (v: string | undefined) => nonEmptyText('--baseline', v) },
  'min-change': { type: 'string', expects: 'a number ≥ 0 such as 0.01', check: (v: string | undefined) => text('--min-change', v) },
  fdr: { type: 'string', expects: 'a rate between 0 and 1 such as 0.05', check: (v: string | undefined) => text('--fdr', v) },
} as const;

export type FlagName = keyof typeof FLAGS;
type Checked<K extends FlagName> = { [F in K]: ReturnType<(typeof FLAGS)[F]['check']> };

/**
 * Parse `args` for a command that takes the flags `names`: unknown flags, a value where
 * none is taken, and bad values are usage errors; the values come back checked.
 */
export function parseFlags<K extends FlagName>(args: string[], names: readonly K[]): { values: Checked<K>; positionals: string[] } {
  const options: Record<string, { type: 'string' | 'boolean' }> = {};
  const expects: Record<string, string> = {};
  for (const n of names) {
    const flag = FLAGS[n];
    options[n] = { type: flag.type };
    if ('expects' in flag) expects[n] = flag.expects;
  }
  const { values, positionals } = parseOptions(args, options, expects);
  const checked = {} as Record<string, unknown>;
  for (const n of names) checked[n] = (FLAGS[n].check as (v: unknown) => unknown)((values as Record<string, unknown>)[n]);
  for (const p of positionals) text('a file name', p);
  return { values: checked as Checked<K>, positionals };
}
