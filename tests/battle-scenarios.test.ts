/**
 * The shipped battle scenarios (scenarios/battle-*.json): every `expect` band contains the
 * exact value at every point it covers, so the checks are true statements about the rules
 * and pass on any seed with enough trials (the Monte Carlo agreeing with exact is
 * tests/battle.test.ts's job).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { planScenario, pointMatches } from '../sim/scenario.ts';

const folder = new URL('../scenarios/', import.meta.url);
const files = readdirSync(folder).filter((f) => /^battle-.*\.json$/.test(f));

describe('battle scenarios', () => {
  it('there are the four the issue asks for', () => {
    expect(files.sort()).toEqual(['battle-d4-vs-d6.json', 'battle-equipment.json', 'battle-flee.json', 'battle-medic.json']);
  });

  for (const file of files) {
    it(`${file}: each band holds the exact value`, () => {
      const plan = planScenario(JSON.parse(readFileSync(new URL(file, folder), 'utf8')), file);
      const checks = plan.scenario.expect ?? [];
      expect(checks.length).toBeGreaterThan(0);
      for (const check of checks) {
        const points = plan.points.filter((p) => pointMatches(check.point, p.point));
        expect(points.length).toBeGreaterThan(0);
        for (const p of points) {
          const value = p.simulation.exact!().metrics[check.metric];
          const where = `${check.metric} at ${JSON.stringify(p.point)}: exact ${value}`;
          if (check.atLeast !== undefined) expect(value, where).toBeGreaterThanOrEqual(check.atLeast);
          if (check.atMost !== undefined) expect(value, where).toBeLessThanOrEqual(check.atMost);
          if (check.between !== undefined) {
            expect(value, where).toBeGreaterThanOrEqual(check.between[0]);
            expect(value, where).toBeLessThanOrEqual(check.between[1]);
          }
        }
      }
    });
  }
});
