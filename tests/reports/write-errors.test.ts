/**
 * A system error while writing the reports names the file it was writing: a full disk
 * said only "ENOSPC: no space left on device, write" (an audit). The write is made to
 * fail as a full disk does, with an error that carries no path (WriteReportsOptions
 * writeFile: vi.mock of node:fs would leak, as the test files share a module cache); the
 * previous reports stay as they were and nothing is left beside them.
 */
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeReports } from '../../reports/write.ts';
import { heistOnePoint } from './fixtures.ts';

/** A writeFile that fails as a full disk does for a path ending in `name`. */
const fullDiskAt = (name: string) => async (path: string, text: string) => {
  if (path.endsWith(name)) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { errno: -28, code: 'ENOSPC', syscall: 'write' });
  await writeFile(path, text);
};

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'poolsim-enospc-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('a full disk while writing the reports', () => {
  it('names the file it was writing; the previous reports stay, nothing is left beside them', async () => {
    const out = join(root, 'out');
    const entries = [{ slug: 'heist', result: heistOnePoint }];
    await writeReports(out, entries);
    const before = await readFile(join(out, 'heist', 'report.md'), 'utf8');
    const e = (await writeReports(out, entries, { writeFile: fullDiskAt(join('heist', 'report.md')) }).catch((x: unknown) => x)) as NodeJS.ErrnoException;
    expect(e.message).toBe(`cannot write ${join(out, 'heist', 'report.md')}: ENOSPC: no space left on device, write; no report was written, and what was there before is as it was`);
    // Still a system error (bin/poolsim.js says it as one, exit 3).
    expect(e.code).toBe('ENOSPC');
    expect(e.syscall).toBe('write');
    expect(await readFile(join(out, 'heist', 'report.md'), 'utf8')).toBe(before);
    expect(await readdir(root)).toEqual(['out']);
    // The index, written last but one, is named as well.
    await expect(writeReports(out, entries, { writeFile: fullDiskAt('index.md') })).rejects.toThrow(`cannot write ${join(out, 'index.md')}: ENOSPC`);
    expect(await readdir(root)).toEqual(['out']);
  });
});
