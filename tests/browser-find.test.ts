/**
 * tests/browser.ts on a machine the suite was not written on (a portability audit): a
 * Chromium that is there but cannot run skips the browser tests with its reason (or fails
 * them under CI=true) instead of failing every browser file at launch; and two test files
 * unpacking the packaged Chromium at once (a fresh machine: the suite runs two files at a
 * time) both get a whole one, and another user's in the temp folder is left alone.
 */
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { findChromium } from './browser.ts';

const ROOT = resolve(import.meta.dirname, '..');
const saved = process.env.POOLSIM_CHROMIUM;
afterEach(() => {
  if (saved === undefined) delete process.env.POOLSIM_CHROMIUM;
  else process.env.POOLSIM_CHROMIUM = saved;
});

describe('findChromium', () => {
  test('a browser that cannot start (its libraries missing) is no browser, with the reason', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'poolsim-browser-'));
    try {
      const broken = join(dir, 'chromium');
      // What the packaged Chromium does on a system without libnss3.
      writeFileSync(broken, '#!/bin/sh\necho "chromium: error while loading shared libraries: libnss3.so: cannot open shared object file" >&2\nexit 127\n');
      chmodSync(broken, 0o755);
      process.env.POOLSIM_CHROMIUM = broken;
      const found = await findChromium();
      expect(found).toEqual({ missing: expect.stringContaining('error while loading shared libraries: libnss3.so') });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  const SYSTEM = ['/usr/lib/chromium/chromium', '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];
  const packaged = process.platform === 'linux' && ['x64', 'arm64'].includes(process.arch) && !process.env.CHROME_PATH && !SYSTEM.some((p) => existsSync(p));
  test.skipIf(!packaged)("two processes unpacking the packaged Chromium at once both get one that runs, beside another user's", async ({ skip }) => {
    const fresh = mkdtempSync(join(tmpdir(), 'poolsim-unpack-'));
    // Another user's unpacked Chromium (mode 0700, theirs): not this user's to run.
    writeFileSync(join(fresh, 'chromium'), '');
    chmodSync(join(fresh, 'chromium'), 0o600);
    const code = `import { spawnSync } from 'node:child_process';
      import { findChromium } from './tests/browser.ts';
      const c = await findChromium();
      if (!('executablePath' in c)) { console.log('missing: ' + c.missing); process.exit(0); }
      const r = spawnSync(c.executablePath, ['--version'], { encoding: 'utf8' });
      console.log(r.status === 0 ? 'runs' : 'cannot run: ' + (r.error?.message ?? r.stderr));`;
    const child = () =>
      new Promise<string>((done) => {
        const p = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
          cwd: ROOT,
          env: { ...process.env, TMPDIR: fresh, POOLSIM_CHROMIUM: '', CI: '' },
        });
        let out = '';
        p.stdout.on('data', (d) => (out += d));
        p.stderr.on('data', (d) => (out += d));
        p.on('close', () => done(out.trim()));
      });
    try {
      const first = child();
      // The second starts while the first is writing the binary (it takes seconds).
      await new Promise((done) => setTimeout(done, 1500));
      const second = child();
      const answers = await Promise.all([first, second]);
      // Where this machine cannot run the packaged Chromium at all (its libraries missing,
      // a machine with nothing but Node: the case findChromium now says), there is no race
      // to see: both say why, and the browser tests skip (a review: this test failed there).
      if (answers.every((a) => a.startsWith('missing: ') && a.includes('error while loading shared libraries'))) return skip();
      expect(answers).toEqual(['runs', 'runs']);
    } finally {
      rmSync(fresh, { recursive: true, force: true });
    }
  }, 180_000);
});
