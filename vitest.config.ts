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
  },
});
