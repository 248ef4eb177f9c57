/**
 * Issue #5, "browser workers": workers/browser.ts exposes the kernel's chunk function with
 * comlink for the dashboard. It must import nothing Node-only, run the same function as
 * the Node pool (same tally for the same task), transfer the tally's buffer, and, through
 * workers/comlink-pool.ts and the shared scheduler, give the command line's numbers.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import * as Comlink from 'comlink';
import { afterAll, describe, expect, it } from 'vitest';
import { chunkWorker, type ChunkWorker } from '../workers/chunk-worker.ts';
import { chunkTask, runChunkTask, type ChunkTask } from '../workers/chunk.ts';
import { ComlinkPool } from '../workers/comlink-pool.ts';
import { InProcessExecutor, runScenarios } from '../workers/schedule.ts';
import { assembleResult } from '../sim/assemble.ts';
import { planScenario } from '../sim/scenario.ts';
import { readScenario } from '../cli/load.ts';
import { HEIST, poolsim } from './parallel/cli.ts';
import { PoolExecutor } from '../workers/pool.ts';
import { compiledWorkerFile } from './helpers.ts';

/** Every module reachable from `entry` by static or dynamic import: files and packages. */
function importGraph(entry: string): { files: string[]; packages: Set<string> } {
  const files: string[] = [];
  const packages = new Set<string>();
  const todo = [resolve(entry)];
  while (todo.length > 0) {
    const file = todo.pop()!;
    if (files.includes(file)) continue;
    files.push(file);
    const source = readFileSync(file, 'utf8');
    const specifiers = [...source.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s*['"]([^'"]+)['"]|(?:^|\n)\s*import\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)].map(
      (m) => m[1] ?? m[2] ?? m[3],
    );
    for (const s of specifiers) {
      if (s.startsWith('.')) todo.push(join(dirname(file), s));
      else packages.add(s.startsWith('@') ? s.split('/').slice(0, 2).join('/') : s.split('/')[0]);
    }
  }
  return { files, packages };
}

const ports: MessagePort[] = [];
afterAll(() => ports.forEach((p) => p.close()));

/** A comlink connection to `chunkWorker` over a MessageChannel, as a page has to a Worker. */
function connect(sent?: unknown[][]): Comlink.Remote<ChunkWorker> {
  const { port1, port2 } = new MessageChannel();
  ports.push(port1, port2);
  if (sent) {
    const post = port1.postMessage.bind(port1);
    port1.postMessage = (message: unknown, transfer?: readonly unknown[]) => {
      sent.push([...(transfer ?? [])]);
      post(message, transfer as never);
    };
  }
  Comlink.expose(chunkWorker, port1 as unknown as Comlink.Endpoint);
  return Comlink.wrap<ChunkWorker>(port2 as unknown as Comlink.Endpoint);
}

describe('workers/browser.ts', () => {
  it('imports nothing Node-only: no node: modules, no piscina, only browser-safe packages', () => {
    const { files, packages } = importGraph('workers/browser.ts');
    expect(files.map((f) => f.slice(resolve('.').length + 1))).toEqual(expect.arrayContaining(['workers/browser.ts', 'workers/chunk.ts', 'sim/mechanics.ts', 'sim/run.ts']));
    expect([...packages].filter((p) => p.startsWith('node:'))).toEqual([]);
    expect([...packages].sort()).toEqual(['comlink', 'seedrandom', 'zod']);
    for (const f of files) expect(f).not.toMatch(/workers\/(pool|node-worker)|\/cli\//);
  });

  it('the dashboard has one scheduler, the CLI\'s: workers/live.ts over workers/schedule.ts, nothing Node-only', () => {
    const { files, packages } = importGraph('workers/live.ts');
    const names = files.map((f) => f.slice(resolve('.').length + 1));
    expect(names).toEqual(expect.arrayContaining(['workers/live.ts', 'workers/schedule.ts', 'sim/assemble.ts']));
    expect([...packages].filter((p) => p.startsWith('node:') || p === 'piscina')).toEqual([]);
    expect(existsSync('dashboard/run/scheduler.ts')).toBe(false);
    expect(readFileSync('dashboard/ui/app.ts', 'utf8')).toMatch(/from '\.\.\/\.\.\/workers\/live\.ts'/);
    expect(readFileSync('dashboard/run/pool.ts', 'utf8')).toMatch(/new ComlinkPool\(/);
  });

  it('gives what a thread of the Node pool gives for the same chunk, and transfers the tally instead of copying it', async () => {
    const plan = planScenario(readScenario(HEIST), HEIST);
    const task: ChunkTask = chunkTask(plan, 2, 5, 4096);
    const sent: unknown[][] = [];
    const remote = connect(sent);
    expect(await remote.ready()).toBe(true);
    const values = await remote.runChunk(task);
    expect(values).toBeInstanceOf(Float64Array);
    // The same chunk on a piscina thread running the compiled worker, as `poolsim run` does.
    const node = new PoolExecutor({ threads: 1, filename: compiledWorkerFile() });
    try {
      await node.whenReady();
      expect(Array.from(values)).toEqual(Array.from(await node.run({ plan, task: chunkTask(plan, 2, 5, 4096) })));
    } finally {
      await node.destroy();
    }
    expect(Array.from(values)).toEqual(Array.from(runChunkTask(task)));
    expect(values[0]).toBe(4096);
    // The answer went out with its buffer in the transfer list, which detached it on the
    // worker's side: moved, not copied.
    const transferred = sent.flat();
    expect(transferred).toHaveLength(1);
    expect(transferred[0]).toBeInstanceOf(ArrayBuffer);
    expect((transferred[0] as ArrayBuffer).byteLength).toBe(0);
    expect(values.buffer.byteLength).toBe(values.length * 8);
  });

  it('scheduled over a comlink pool, a scenario gives what `poolsim run` prints', async () => {
    const raw = readScenario(HEIST);
    const plan = planScenario(raw, HEIST);
    const pool = new ComlinkPool([connect(), connect()]);
    const here = new InProcessExecutor(() => new Promise((r) => setTimeout(r, 0)));
    const [points] = await runScenarios([plan], { here, pool, poolOnly: true });
    const cli = await poolsim(['run', HEIST, '--json', '--workers', '1']);
    expect(JSON.stringify(assembleResult(plan, points.map((p) => p.tally)), null, 2) + '\n').toBe(cli.stdout);
  });
});
