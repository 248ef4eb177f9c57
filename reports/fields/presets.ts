/** Preset helpers shared by the mechanic forms. */
import type { Preset } from './spec.ts';

/** A preset that replaces the scenario's sweep with `sweep`. */
export function sweepPreset(label: string, help: string, sweep: Record<string, unknown[]>): Preset {
  return { label, help, apply: (s) => ({ ...s, sweep: structuredClone(sweep) }) };
}
