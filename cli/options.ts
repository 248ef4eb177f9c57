/** Command-line option parsing shared by the commands; problems are usage errors (exit 2). */
import { parseArgs } from 'node:util';

export class UsageError extends Error {}

/** node:util parseArgs, its errors turned into usage errors. */
export function parseOptions<T extends NonNullable<Parameters<typeof parseArgs>[0]>['options']>(args: string[], options: T) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
}

export function positiveInteger(flag: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text) || Number(text) < 1) throw new UsageError(`${flag} expects a positive whole number, got "${text}"`);
  return Number(text);
}
