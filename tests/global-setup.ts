/**
 * Before any test: bring the compiled command (scripts/build.mjs) up to date with the
 * sources, once, so that tests spawning `node bin/poolsim.js` run what the sources say
 * (bin/poolsim.js would rebuild too, but then say so on stderr, in every one of them).
 * Tests calling the CLI in-process run the TypeScript sources themselves.
 *
 * And a list of the temporary folders the run's tests make (tests/temp-log.ts), whose
 * leftovers the teardown removes.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { build, currentBuild } from '../scripts/build.mjs';
import { removeLoggedFolders } from './temp-log.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder listing the temporary folders tests/helpers.ts tempFolders made in this run. */
    tempFolderLog: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  if (!currentBuild()) await build();
  const log = mkdtempSync(join(tmpdir(), 'poolsim-test-run-'));
  project.provide('tempFolderLog', log);
  return () => {
    const left = removeLoggedFolders(log);
    if (left.length > 0) throw new Error(`temporary folders left behind:\n${left.join('\n')}`);
  };
}
