/**
 * Bleed (sorcerer.txt "Except bleed"): "Physical injury is a bit different. There's a
 * special table for it (where X is the successes on the attack roll)", and what the
 * penalties mean for the character afterwards.
 */
import { z } from 'zod';
import { lazySchema } from '../lazySchema.ts';

/**
 * The weapon table as coefficients: next = nextX·X + nextPower·Power;
 * lasting = lastingX·X + lastingFlat + lastingPower·Power.
 */
export const WEAPONS = {
  /** "Fists/blunt weapons: X next, 1 lasting" */
  fists: { nextX: 1, nextPower: 0, lastingX: 0, lastingFlat: 1, lastingPower: 0 },
  /** "Blade: X next, X lasting" */
  blade: { nextX: 1, nextPower: 0, lastingX: 1, lastingFlat: 0, lastingPower: 0 },
  /** "Small handgun (Federated Arms X-22): X next, X lasting" */
  smallHandgun: { nextX: 1, nextPower: 0, lastingX: 1, lastingFlat: 0, lastingPower: 0 },
  /** "Big handgun (Armalite 44): 2X next, X lasting" */
  bigHandgun: { nextX: 2, nextPower: 0, lastingX: 1, lastingFlat: 0, lastingPower: 0 },
  /** "Rifle (FN-FAL): 2X next, X lasting" */
  rifle: { nextX: 2, nextPower: 0, lastingX: 1, lastingFlat: 0, lastingPower: 0 },
  /** "Big, big gun (Arasaka 20mm cannon): 3X next, 2X lasting" */
  bigGun: { nextX: 3, nextPower: 0, lastingX: 2, lastingFlat: 0, lastingPower: 0 },
  /** "Demonic power, lethal (laser eyes): 2X next, X+Power lasting" */
  demonicLethal: { nextX: 2, nextPower: 0, lastingX: 1, lastingFlat: 0, lastingPower: 1 },
  /** "Demonic power, non-lethal, temporary (mighty throw): X+Power next, 0 lasting" */
  demonicTemporary: { nextX: 1, nextPower: 1, lastingX: 0, lastingFlat: 0, lastingPower: 0 },
  /** "Demonic power, non-lethal, lasting (taser eyes): X+Power next, X lasting" */
  demonicLasting: { nextX: 1, nextPower: 1, lastingX: 1, lastingFlat: 0, lastingPower: 0 },
} as const;

export type Weapon = keyof typeof WEAPONS;
export const weaponSchema = lazySchema(() => z.enum(Object.keys(WEAPONS) as [Weapon, ...Weapon[]]));

/** Weapons whose bleed names the demon's Power. */
export function needsPower(weapon: Weapon): boolean {
  const w = WEAPONS[weapon];
  return w.nextPower !== 0 || w.lastingPower !== 0;
}

/** One row of the weapon table (WEAPONS). */
export type WeaponBleed = (typeof WEAPONS)[Weapon];

/** A row's "next" penalty of an attack with X successes. Numbers only: the conflict calls it per blow (sim/sorcerer/conflict.ts). */
export function bleedNext(w: WeaponBleed, successes: number, power: number): number {
  return w.nextX * successes + w.nextPower * power;
}

/** A row's "lasting" penalty of an attack with X successes. */
export function bleedLasting(w: WeaponBleed, successes: number, power: number): number {
  return w.lastingX * successes + w.lastingFlat + w.lastingPower * power;
}

/** The "next" and "lasting" penalties of an attack with X successes. */
export function bleed(weapon: Weapon, successes: number, power = 0): { next: number; lasting: number } {
  const w = WEAPONS[weapon];
  return { next: bleedNext(w, successes, power), lasting: bleedLasting(w, successes, power) };
}

/** "at the end of a conflict, your lasting penalties are halved (round up)". */
export function halvedLasting(lasting: number): number {
  return Math.ceil(lasting / 2);
}

/**
 * "How badly are you fucked up in the fiction?": `ok` ("Penalties <= Your Stamina"),
 * `injured` ("Your Stamina < Penalties <= 2x Your Stamina ... requiring medical
 * attention"), `hospital` ("Penalties > 2x Your Stamina ... may die without medical
 * attention").
 */
export function condition(penalties: number, stamina: number): 'ok' | 'injured' | 'hospital' {
  if (penalties <= stamina) return 'ok';
  return penalties <= 2 * stamina ? 'injured' : 'hospital';
}
