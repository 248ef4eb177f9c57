/**
 * Which Chromium the browser tests drive, so `npm ci && npm test` runs them on a machine
 * that has nothing but Node. In order:
 * 1. `POOLSIM_CHROMIUM` or `CHROME_PATH`, when set (a path that does not exist is an error,
 *    not a silent fallback: the user asked for that browser);
 * 2. a system Chromium or Chrome (Debian's `/usr/lib/chromium/chromium` first: the binary
 *    itself avoids the wrapper script's warning);
 * 3. the Chromium shipped inside the npm package `@sparticuz/chromium` (a devDependency),
 *    unpacked to the temp folder on first use (~3 s). It is built for Linux only.
 * Where none can run, `findChromium` says why; the tests then skip with one printed line,
 * except under `CI=true`, where a missing browser fails the run. "Can run" is asked of the
 * binary itself (`--version`): the packaged one needs the system's NSS libraries (Debian:
 * libnss3), which a machine with nothing but Node lacks, and a launch failing there failed
 * every browser test file instead of skipping it (a portability audit).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { chromium as playwrightChromium, type Browser, type Page } from 'playwright-core';
import { takeScreenshots } from './size.ts';

export interface Chromium {
  executablePath: string;
  args: string[];
  /** Where it came from, for the test's log line. */
  source: string;
}

/** Flags for every browser (TOOLCHAIN.md: without the networking flags Chromium floods the closed network). */
const QUIET_ARGS = ['--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const SYSTEM_PATHS = ['/usr/lib/chromium/chromium', '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];
const SYSTEM_NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];

function onPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir && existsSync(join(dir, name))) return join(dir, name);
  }
  return undefined;
}

export const HOW_TO_ENABLE =
  'set POOLSIM_CHROMIUM (or CHROME_PATH) to a Chromium/Chrome binary, install one (Debian: apt-get install chromium), ' +
  'or run on Linux x64/arm64 where the npm package @sparticuz/chromium ships one';

/** Why `path` cannot run (`--version`), or undefined when it can. */
function cannotRun(path: string): string | undefined {
  const r = spawnSync(path, ['--version'], { encoding: 'utf8', timeout: 60_000, stdio: ['ignore', 'pipe', 'pipe'] });
  if (r.error) return `${path} cannot run: ${r.error.message}`;
  if (r.status !== 0) return `${path} cannot run: ${(r.stderr || r.stdout).trim().split('\n')[0] || `exit ${r.status ?? r.signal}`}`;
  return undefined;
}

/**
 * `@sparticuz/chromium` unpacks its browser into the temp folder and takes a file that is
 * there as unpacked, whole or not, and whoever's it is (portability audit): two test files
 * starting at once on a fresh machine (the suite runs two at a time) gave the second a
 * half-written binary (spawn ETXTBSY), and on a machine of several users the first one's
 * /tmp/chromium (mode 0700) left the others' browser tests failing with EACCES. So it is
 * unpacked into a folder of this user's own, one process at a time, under a lock folder;
 * a lock older than 3 minutes is of a run that was killed.
 */
async function unpackPackaged(executablePath: () => Promise<string>): Promise<string> {
  const own = join(tmpdir(), `poolsim-chromium-${process.getuid?.() ?? 'user'}`);
  mkdirSync(own, { recursive: true, mode: 0o700 });
  const lock = join(own, 'unpack.lock');
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      let age = 0;
      try {
        age = Date.now() - statSync(lock).mtimeMs;
      } catch {
        continue; // released meanwhile
      }
      if (age > 180_000) rmSync(lock, { recursive: true, force: true });
      else await new Promise((done) => setTimeout(done, 250));
    }
  }
  // The package unpacks into os.tmpdir(), which reads $TMPDIR at each call.
  const saved = process.env.TMPDIR;
  process.env.TMPDIR = own;
  try {
    return await executablePath();
  } finally {
    if (saved === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = saved;
    rmSync(lock, { recursive: true, force: true });
  }
}

/** The browser to drive, or the reason there is none. */
export async function findChromium(): Promise<Chromium | { missing: string }> {
  const found = await locateChromium();
  if (!('executablePath' in found)) return found;
  const why = cannotRun(found.executablePath);
  if (why === undefined) return found;
  const hint = found.source === '@sparticuz/chromium' ? ` (a half-unpacked one from a run that was stopped: delete it; or the system lacks its libraries, Debian: apt-get install libnss3)` : '';
  return { missing: `${why}${hint}` };
}

async function locateChromium(): Promise<Chromium | { missing: string }> {
  for (const variable of ['POOLSIM_CHROMIUM', 'CHROME_PATH']) {
    const path = process.env[variable];
    if (!path) continue;
    if (!existsSync(path)) return { missing: `${variable}=${path} does not exist` };
    return { executablePath: path, args: QUIET_ARGS, source: variable };
  }
  const system = SYSTEM_PATHS.find((p) => existsSync(p)) ?? SYSTEM_NAMES.map(onPath).find(Boolean);
  if (system) return { executablePath: system, args: QUIET_ARGS, source: 'system' };
  if (process.platform !== 'linux' || !['x64', 'arm64'].includes(process.arch)) {
    return { missing: `no system Chromium, and @sparticuz/chromium ships none for ${process.platform}/${process.arch}` };
  }
  try {
    const { default: packaged } = await import('@sparticuz/chromium');
    const executablePath = await unpackPackaged(() => packaged.executablePath());
    // Its own flags are tuned for AWS Lambda; `--single-process` would put the page's web
    // workers in the browser process, which is not how a user's browser runs them.
    const args = packaged.args.filter((a: string) => a !== '--single-process');
    return { executablePath, args: [...args, ...QUIET_ARGS], source: '@sparticuz/chromium' };
  } catch (e) {
    return { missing: `@sparticuz/chromium could not unpack its browser: ${(e as Error).message}` };
  }
}

/**
 * The browser, or `undefined` after printing one line on how to enable the browser tests.
 * Under CI a missing browser is an error.
 */
export async function chromiumOrSkip(suite: string): Promise<Chromium | undefined> {
  const found = await findChromium();
  if ('executablePath' in found) return found;
  const line = `${suite}: no Chromium (${found.missing}); ${HOW_TO_ENABLE}`;
  if (process.env.CI === 'true') throw new Error(`${line}. CI=true: the browser tests must run.`);
  console.warn(`skipped ${line}`);
  return undefined;
}

/**
 * Leaves a picture of a page in test-artifacts/ for a person to look at, at the full test
 * size or with POOLSIM_SCREENSHOTS=1 (tests/size.ts): a full-page PNG costs a second or
 * more, and a picture asserts nothing, so the quick suite skips writing it.
 */
export async function keepScreenshot(page: Page, path: string, options: { fullPage?: boolean } = {}): Promise<void> {
  if (takeScreenshots) await page.screenshot({ path, ...options });
}

/**
 * One page of `chromium` (1280 × 900) for a whole test file: launched before its tests,
 * closed after; nothing is launched where the browser tests are skipped (`undefined`).
 */
export function sharedPage(chromium: Chromium | undefined): () => Page {
  let browser: Browser | undefined;
  let page: Page | undefined;
  beforeAll(async () => {
    if (!chromium) return;
    browser = await playwrightChromium.launch({ executablePath: chromium.executablePath, args: chromium.args });
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  }, 60_000);
  afterAll(async () => browser?.close());
  return () => page!;
}
