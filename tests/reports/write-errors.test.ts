/**
 * A system error while writing the reports names the file it was writing: a full disk
 * said only "ENOSPC: no space left on device, write" (an audit). Node's writeFile is made
 * to fail as a full disk does, with an error that carries no path; the previous reports
 * stay as they were and nothing is left beside them.
 */
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { writeReports } from '../../reports/write.ts';
import { heistOnePoint } from './fixtures.ts';

/** The file name whose write fails as a full disk does, or undefined. */
const fail = vi.hoisted(() => ({ name: undefined as string | undefined }));
vi.mock('node:fs/promises', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs/promises')>();
  const writeFile = (async (path: Parameters<typeof fs.writeFile>[0], ...rest: unknown[]) => {
    if (fail.name !== undefined && String(path).endsWith(fail.name)) {
      // As Node says it: no path in the message nor on the error.
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { errno: -28, code: 'ENOSPC', syscall: 'write' });
    }
    return (fs.writeFile as (...a: unknown[]) => Promise<void>)(path, ...rest);
  }) as typeof fs.writeFile;
  return { ...fs, default: { ...fs, writeFile }, writeFile };
});

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'poolsim-enospc-'));
  fail.name = undefined;
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('a full disk while writing the reports', () => {
  it('names the file it was writing; the previous reports stay, nothing is left beside them', async () => {
    const out = join(root, 'out');
    await writeReports(out, [{ slug: 'heist', result: heistOnePoint }]);
    const before = await readFile(join(out, 'heist', 'report.md'), 'utf8');
    fail.name = join('heist', 'report.md');
    const e = (await writeReports(out, [{ slug: 'heist', result: heistOnePoint }]).catch((x: unknown) => x)) as NodeJS.ErrnoException;
    expect(e.message).toBe(`cannot write ${join(out, 'heist', 'report.md')}: ENOSPC: no space left on device, write; no report was written, and what was there before is as it was`);
    // Still a system error (bin/poolsim.js says it as one, exit 3).
    expect(e.code).toBe('ENOSPC');
    expect(e.syscall).toBe('write');
    expect(await readFile(join(out, 'heist', 'report.md'), 'utf8')).toBe(before);
    expect(await readdir(root)).toEqual(['out']);
    // The index, written last but one, is named as well.
    fail.name = 'index.md';
    await expect(writeReports(out, [{ slug: 'heist', result: heistOnePoint }])).rejects.toThrow(`cannot write ${join(out, 'index.md')}: ENOSPC`);
  });
});
