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
 * except under `CI=true`, where a missing browser fails the run.
 */
import { existsSync } from 'node:fs';
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

/** The browser to drive, or the reason there is none. */
export async function findChromium(): Promise<Chromium | { missing: string }> {
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
    const executablePath = await packaged.executablePath();
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
