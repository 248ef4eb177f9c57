/** Every mechanic, by system and name (docs/scenario-format.md, "Mechanics, setups and metrics"). */
import type { Mechanic } from './mechanic.ts';
import type { SystemName } from './rules.ts';
import { clash } from './viciousness/clash.ts';
import { battle } from './viciousness/battle.ts';
import { knavery } from './viciousness/knavery.ts';
import { discovery } from './viciousness/discovery.ts';
import { knowledge } from './viciousness/knowledge.ts';
import { rivals } from './viciousness/rivals.ts';
import { campaign } from './viciousness/campaign.ts';
import { check } from './vdp/check.ts';
import { risky } from './vdp/risky.ts';
import { opposed } from './vdp/opposed.ts';
import { combat } from './vdp/combat.ts';
import { extended } from './vdp/extended.ts';
import { contestRound } from './vdp/contestRound.ts';
import { contest } from './sorcerer/contest.ts';
import { conflict } from './sorcerer/conflict.ts';

export const mechanics: readonly Mechanic<any, any>[] = [
  clash,
  battle,
  knavery,
  discovery,
  knowledge,
  rivals,
  campaign,
  check,
  risky,
  opposed,
  combat,
  extended,
  contestRound,
  contest,
  conflict,
];

/** Mechanics the contract names that this build does not model yet. */
export const plannedMechanics: Record<SystemName, readonly string[]> = {
  viciousness: [],
  vdp: [],
  sorcerer: [],
};

export function findMechanic(system: string, name: string): Mechanic<any, any> | undefined {
  return mechanics.find((m) => m.system === system && m.name === name);
}

export function mechanicsOf(system: string): string[] {
  return mechanics.filter((m) => m.system === system).map((m) => m.name);
}

/** The mechanics of `system` that play rule variant `variant` (each mechanic's `variants`). */
export function mechanicsPlaying(system: string, variant: string): string[] {
  return mechanics.filter((m) => m.system === system && m.variants.includes(variant)).map((m) => m.name);
}
