/**
 * The built dashboard served by `vite preview` and a Chromium context on it, for the
 * browser tests. The app is built once per state of its sources and reused by every
 * browser test file of a run (and by later runs while the sources are unchanged): a Vite
 * build is the costliest step of these tests, and building it once per file tripled it.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build, preview, type PreviewServer } from 'vite';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { Chromium } from './browser.ts';
import { removeFolder } from './helpers.ts';

const ROOT = resolve(import.meta.dirname, '..');
/** What the built app is made of: the app, what it imports, and the build's settings. */
const SOURCES = ['dashboard', 'sim', 'reports', 'workers', 'vite.config.ts', 'package-lock.json'];
const CACHE = join(ROOT, 'node_modules', '.cache', 'poolsim-dashboard');

function files(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((name) => files(join(path, name)));
}

function sourceHash(): string {
  const hash = createHash('sha256');
  for (const file of SOURCES.flatMap((s) => files(join(ROOT, s)))) {
    hash.update(file.slice(ROOT.length)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

/** The built app for the sources as they are now: built into a temporary folder and renamed into place whole, so files building at once never see half a build. */
async function builtApp(): Promise<string> {
  const dir = join(CACHE, sourceHash());
  if (existsSync(dir)) return dir;
  mkdirSync(CACHE, { recursive: true });
  const temp = mkdtempSync(join(CACHE, 'building-'));
  try {
    await build({ configFile: join(ROOT, 'vite.config.ts'), logLevel: 'warn', build: { outDir: temp, emptyOutDir: true } });
  } catch (e) {
    rmSync(temp, { recursive: true, force: true }); // a failed build leaves no half of one
    throw e;
  }
  try {
    renameSync(temp, dir);
  } catch {
    rmSync(temp, { recursive: true, force: true }); // another file finished the same build first
  }
  return dir;
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

export interface Dashboard {
  url: string;
  context: BrowserContext;
  /** A temporary folder of this test file's own (downloads, reports); removed by close(). */
  work: string;
  close(): Promise<void>;
}

/** Serve the built app and open a browser context on it. */
export async function openDashboard(
  browser: Chromium,
  options: { prefix: string; viewport: { width: number; height: number }; acceptDownloads?: boolean },
): Promise<Dashboard> {
  const work = mkdtempSync(join(tmpdir(), options.prefix));
  let port = 0;
  let server: PreviewServer | undefined;
  let context: BrowserContext;
  try {
    const outDir = await builtApp();
    // A port free a moment ago may be taken by the time the server listens on it (two test
    // files at a time on a busy machine, a portability audit): another is tried then.
    for (let attempt = 1; server === undefined; attempt++) {
      port = await freePort();
      try {
        server = await preview({
          configFile: join(ROOT, 'vite.config.ts'),
          logLevel: 'warn',
          build: { outDir },
          preview: { port, strictPort: true, host: '127.0.0.1', open: false },
        });
      } catch (err) {
        if (attempt >= 5 || !/already in use|EADDRINUSE/.test(String((err as Error).message))) throw err;
      }
    }
    context = await chromium.launchPersistentContext(join(work, 'profile'), {
      executablePath: browser.executablePath,
      headless: true,
      args: browser.args,
      acceptDownloads: options.acceptDownloads ?? false,
      viewport: options.viewport,
    });
  } catch (e) {
    // A browser that failed to launch (or a build or server that failed) left its work
    // folder, with the browser profile, in the temporary folder on every run.
    try {
      await server?.close();
    } finally {
      removeFolder(work);
    }
    throw e;
  }
  const running = server;
  return {
    url: `http://127.0.0.1:${port}/`,
    context,
    work,
    async close() {
      try {
        await context.close();
      } finally {
        try {
          await running.close();
        } finally {
          removeFolder(work);
        }
      }
    },
  };
}

/** What a browser test file does with its dashboard: pages on it, runs awaited, downloads saved. */
export interface DashboardSuite {
  /** Set in beforeAll (undefined without Chromium: the file's tests are skipped then). */
  readonly dashboard: Dashboard | undefined;
  /** Every uncaught error of every page opened by `page`, for a test to expect none. */
  readonly pageErrors: string[];
  /** A new page on the dashboard at `path` (a link's `#…`, or '' for the start page), its results laid out. */
  page(path?: string, viewport?: { width: number; height: number }): Promise<Page>;
  /** Until the page's run has finished. */
  finished(page: Page): Promise<void>;
  /**
   * Do `action` (open a file, an edit), then wait until the run it starts has finished: the
   * page's run states are watched from before it, so the run before's "finished" is not
   * taken for it (that read a sweep still running as done, 1 time in 3 on a busy machine).
   */
  finishedAfter(page: Page, action: () => Promise<unknown>): Promise<void>;
  /** Click `button` and save what it downloads in the file's own folder. */
  download(page: Page, button: string): Promise<{ name: string; text: string; path: string }>;
}

/**
 * One dashboard for a browser test file: opened in beforeAll and closed in afterAll (this
 * registers both), with the page, run and download steps every such file takes. `runTimeout`:
 * how long a run may take before `finished` fails.
 */
export function dashboardSuite(
  browser: Chromium | undefined,
  options: { prefix: string; viewport: { width: number; height: number }; acceptDownloads?: boolean; runTimeout?: number },
): DashboardSuite {
  let dashboard: Dashboard | undefined;
  const pageErrors: string[] = [];
  beforeAll(async () => {
    if (browser) dashboard = await openDashboard(browser, options);
  }, 180_000);
  afterAll(async () => {
    await dashboard?.close();
  });
  return {
    get dashboard() {
      return dashboard;
    },
    pageErrors,
    async page(path = '', viewport?: { width: number; height: number }) {
      const page = await dashboard!.context.newPage();
      if (viewport) await page.setViewportSize(viewport);
      page.on('pageerror', (e) => pageErrors.push(e.message));
      await page.goto(dashboard!.url + path);
      await page.waitForSelector('.results[data-run-state]');
      return page;
    },
    async finished(page: Page) {
      await page.waitForSelector('.results[data-run-state="finished"]', { timeout: options.runTimeout ?? 60_000 });
    },
    async finishedAfter(page: Page, action: () => Promise<unknown>) {
      await page.evaluate(() => {
        const w = window as unknown as { __runStates: string[]; __runObserver?: MutationObserver };
        const state = () => document.querySelector('.results')?.getAttribute('data-run-state') ?? '';
        w.__runStates = [state()];
        w.__runObserver?.disconnect();
        w.__runObserver = new MutationObserver(() => {
          if (w.__runStates[w.__runStates.length - 1] !== state()) w.__runStates.push(state());
        });
        w.__runObserver.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-run-state'] });
      });
      await action();
      await page.waitForFunction(
        () => {
          const states = (window as unknown as { __runStates: string[] }).__runStates;
          const started = states.indexOf('running', 1);
          return started > 0 && states.indexOf('finished', started) > started;
        },
        undefined,
        { timeout: options.runTimeout ?? 60_000, polling: 100 },
      );
    },
    async download(page: Page, button: string) {
      const [dl] = await Promise.all([page.waitForEvent('download'), page.click(button)]);
      const path = join(mkdtempSync(join(dashboard!.work, 'download-')), dl.suggestedFilename());
      await dl.saveAs(path);
      return { name: dl.suggestedFilename(), text: readFileSync(path, 'utf8'), path };
    },
  };
}
