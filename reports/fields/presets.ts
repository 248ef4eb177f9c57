/** Preset helpers shared by the mechanic forms. */
import type { Preset, PresetChange } from './spec.ts';
import { getAt, parsePath } from './paths.ts';

/** A preset that replaces the scenario's sweep with `sweep`. */
export function sweepPreset(label: string, help: string, sweep: Record<string, unknown[]>): Preset {
  return { label, help, apply: (s) => ({ ...s, sweep: structuredClone(sweep) }) };
}

/**
 * The compare change "one more" of the number at `path` (its default `byDefault` where the
 * file leaves it out), or a refusal where the field holds no number: a
 * count typed as text has no "one more" (the knavery preset did nothing then, and said
 * nothing; the Sorcerer one compared with 1 die, as if the text were 0).
 */
export function oneMore(scenario: Record<string, unknown>, path: string, byDefault?: number): PresetChange {
  const value = getAt(scenario, parsePath(path));
  const from = value === undefined ? byDefault : value;
  if (typeof from === 'number' && Number.isFinite(from)) return { path, value: from + 1 };
  return { path, needs: 'a number', holds: value === undefined || value === '' ? 'it is empty' : `it holds ${JSON.stringify(value)}` };
}
