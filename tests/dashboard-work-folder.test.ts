/**
 * A browser test's dashboard (tests/dashboard-server.ts) leaves no work folder in the
 * temporary folder: closed, or failing to open. A browser that failed to launch left its
 * poolsim-<prefix>-* folder, with the browser profile in it, on every run. Run where the
 * browser tests run (a Chromium is found): the dashboard's build is theirs, made once.
 */
import { chmodSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { chromiumOrSkip } from './browser.ts';
import { openDashboard } from './dashboard-server.ts';

const CHROMIUM = await chromiumOrSkip('the dashboard work folder test');

/** The folders in the temporary folder whose names start with `prefix`. */
const named = (prefix: string) => readdirSync(tmpdir()).filter((n) => n.startsWith(prefix));

test.skipIf(!CHROMIUM)('a browser that cannot launch: openDashboard throws and leaves no work folder', async () => {
  const prefix = 'poolsim-unlaunched-';
  const before = named(prefix);
  const broken = { ...CHROMIUM!, executablePath: '/bin/false' };
  await expect(openDashboard(broken, { prefix, viewport: { width: 800, height: 600 } })).rejects.toThrow();
  expect(named(prefix)).toEqual(before);
});

test.skipIf(!CHROMIUM)('closed, its work folder is gone, a read-only folder in it too', async () => {
  const dashboard = await openDashboard(CHROMIUM!, { prefix: 'poolsim-closed-', viewport: { width: 800, height: 600 } });
  const locked = join(dashboard.work, 'locked');
  try {
    mkdirSync(join(locked, 'inner'), { recursive: true });
    chmodSync(join(locked, 'inner'), 0o555);
    chmodSync(locked, 0o555);
  } finally {
    await dashboard.close();
  }
  expect(existsSync(dashboard.work)).toBe(false);
});
