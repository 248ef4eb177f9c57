// Types of scripts/build.mjs for the TypeScript that calls it (bench, tests).
export interface Build {
  /** The build's folder: cli.cjs and worker-bundle.cjs with their code caches, load.cjs, worker.cjs, inputs.json and meta.json. */
  dir: string;
  hash: string;
  /** The source files that went in, relative to the repository root. */
  inputs: string[];
  /** The digest of its two bundles (cli.cjs, worker-bundle.cjs): what a shard's part names as its `build`. */
  code: string;
}
export const ROOT: string;
export const BUILD: string;
export const CURRENT: string;
export function digest(inputs: readonly string[]): string;
export function currentBuild(): Build | undefined;
export function workerUrl(build: Build): string;
export function build(): Promise<Build>;
