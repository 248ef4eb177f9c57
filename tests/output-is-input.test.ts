/**
 * A command never writes its output into a file it reads: `poolsim merge part-0.json
 * part-1.json --json >> part-1.json` appended the result to the part (exit 0, the part no
 * longer JSON), and `run s.json --json >> s.json` to the scenario (a files audit). Each is
 * refused as bad input before anything runs, naming the file, and the file is left as it was.
 */
import { closeSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { Capture, compiledWorkerFile, poolsim, tempFolders } from './helpers.ts';
import { main } from '../cli/main.ts';

const tempFolder = tempFolders();
const dir = tempFolder('poolsim-output-input-');
const scenario = join(dir, 'heist.json');
const parts = [join(dir, 'part-0.json'), join(dir, 'part-1.json')];

beforeAll(async () => {
  writeFileSync(
    scenario,
    JSON.stringify({
      name: 'heist',
      system: 'viciousness',
      mechanic: 'knavery',
      trials: 70_000,
      seed: 's',
      setup: { challenges: 2, participants: [{ name: 'a', count: 2, dice: ['d6'] }] },
    }),
  );
  for (const [i, p] of parts.entries()) {
    const r = await poolsim('run', scenario, '--shard', `${i}/2`, '--out', p, '--workers', '1');
    expect(r.code, r.err).toBe(0);
  }
}, 60_000);

/** `poolsim ARGV… >> file` (or `> file`: `truncate` first, as the shell does): its exit code and stderr. */
async function appendingTo(file: string, argv: string[], truncate = false): Promise<{ code: number; err: string }> {
  const fd = openSync(file, truncate ? 'w' : 'a');
  try {
    const err = new Capture();
    const stdout = { fd, write: () => true } as unknown as NodeJS.WritableStream;
    const code = await main(argv, stdout, err as never, { workerFile: compiledWorkerFile() });
    return { code, err: err.text };
  } finally {
    closeSync(fd);
  }
}

describe('stdout onto a file the command reads is refused, the file kept', () => {
  test('merge >> one of its parts', async () => {
    const before = readFileSync(parts[1], 'utf8');
    const r = await appendingTo(parts[1], ['merge', ...parts, '--json']);
    expect(r.code, r.err).toBe(2);
    expect(r.err).toContain(`${parts[1]}: is the file this command's output goes to (stdout`);
    expect(readFileSync(parts[1], 'utf8')).toBe(before);
  });

  test('merge > one of its parts: said as that, not as a part that is not JSON', async () => {
    const copy = join(dir, 'part-1-copy.json');
    writeFileSync(copy, readFileSync(parts[1]));
    const r = await appendingTo(copy, ['merge', parts[0], copy, '--json'], true);
    expect(r.code, r.err).toBe(2);
    expect(r.err).toContain(`${copy}: is the file this command's output goes to (stdout, \`> ${copy}\` or \`>> ${copy}\`), emptied by the shell before poolsim started`);
  });

  test('run >> the scenario, named or in a folder named', async () => {
    const before = readFileSync(scenario, 'utf8');
    for (const input of [scenario, dir]) {
      const r = await appendingTo(scenario, ['run', input, '--json', '--workers', '1']);
      expect(r.code, r.err).toBe(2);
      expect(r.err).toContain(`${scenario}: (top level): is the file this command's output goes to`);
      expect(readFileSync(scenario, 'utf8')).toBe(before);
    }
  });

  test('diff >> one of its sides, a file or a report folder\'s results.json', async () => {
    const base = join(dir, 'base.json');
    const r0 = await poolsim('run', scenario, '--json', '--workers', '1');
    writeFileSync(base, r0.out);
    const report = join(dir, 'rep', 'heist');
    mkdirSync(report, { recursive: true });
    writeFileSync(join(report, 'results.json'), r0.out);
    for (const [file, side] of [[base, base], [join(report, 'results.json'), join(dir, 'rep')]] as const) {
      const r = await appendingTo(file, ['diff', side, side]);
      expect(r.code, r.err).toBe(2);
      expect(r.err).toContain(`${file}: (top level): is the file this command's output goes to`);
      expect(readFileSync(file, 'utf8')).toBe(r0.out);
    }
  });

  test('an output file that is no input is written as before', async () => {
    const result = join(dir, 'result.json');
    const r = await appendingTo(result, ['merge', ...parts, '--json']);
    expect(r.code, r.err).toBe(0);
    expect(JSON.parse(readFileSync(result, 'utf8')).name).toBe('heist');
  });
});
