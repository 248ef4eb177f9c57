/**
 * Tests run in Node (no jsdom): the dashboard's browser test drives a real Chromium
 * itself (tests/dashboard-e2e.test.ts). This file exists so vitest does not pick up
 * vite.config.ts, whose root is the dashboard folder.
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/global-setup.ts'],
    // Budgets that hold on a loaded 2-core machine (a laptop running other work, a shared CI
    // runner): the suite takes ~4x longer there than when the machine is idle. A test's work
    // is sized by count, never by time, so a longer budget changes no assertion.
    testTimeout: 60_000,
    // vitest's default is one file at a time on a 2-core machine (cores − 1); two at a time
    // took the suite from 2m54s to 2m09s there, quiet, with every test still green under load.
    maxWorkers: 2,
    // Files share their worker's module cache instead of each importing (and transforming)
    // the kernel, vite and playwright again: 2m09s → 1m38s quiet. No test relies on a fresh
    // module state: those that touch process-wide state (signal handlers, env) restore it.
    isolate: false,
    hookTimeout: 180_000,
  },
});
