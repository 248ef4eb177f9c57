/**
 * Before any test: bring the compiled command (scripts/build.mjs) up to date with the
 * sources, once, so that tests spawning `node bin/poolsim.js` run what the sources say
 * (bin/poolsim.js would rebuild too, but then say so on stderr, in every one of them).
 * Tests calling the CLI in-process run the TypeScript sources themselves.
 */
import { build, currentBuild } from '../scripts/build.mjs';

export default async function setup(): Promise<void> {
  if (!currentBuild()) await build();
}
