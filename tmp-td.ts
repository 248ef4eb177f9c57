import { runScenario } from './tests/helpers.ts';
const weapons = ['fists', 'blade', 'rifle', 'demonicLasting'];
let seed = 7;
const rnd = (n: number) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
const out = { td: [0, 0], pd: [0, 0], ctrl: [0, 0] };
for (let k = 0; k < 36; k++) {
  const f = (name: string, passion: boolean) => {
    const stamina = 1 + rnd(4);
    const dice = rnd(stamina + 2);
    const bonus = Math.max(0, stamina - dice + 1 + rnd(2));
    return { name, stamina, will: 1 + rnd(5), dice, bonus, defence: rnd(5), defenceBonus: rnd(2), weapon: weapons[rnd(4)], defend: 'oneDie', ...(passion ? { passion: 1 + rnd(3) } : {}), ...(rnd(3) === 0 ? { next: rnd(5) } : {}), ...(rnd(3) === 0 ? { lasting: rnd(5) } : {}), power: 3, currency: ['all', 'none', 'defence', 'standUp'][rnd(4)], standUp: ['full', 'half', 'never'][rnd(3)] };
  };
  const setup = { a: f('a', rnd(2) === 0), b: f('b', true), maxRounds: 1 + rnd(6) };
  const rules: Record<string, string> = {};
  for (const [r, v] of [['failedStandUp', 'beaten'], ['attackCurrency', 'nextAction'], ['tiedExchange', 'standOff'], ['sacrificeCurrency', 'carried']] as const) if (rnd(3) === 0) rules[r] = v;
  const sc = (extra: object) => ({ name: 'x', system: 'sorcerer', mechanic: 'conflict', trials: 3000, seed: 'td' + k, setup, rules: { ...rules, ...extra } });
  try {
    const base = JSON.stringify(runScenario(sc({})).results[0].metrics);
    const td = JSON.stringify(runScenario(sc({ totallyDefensive: 'never' })).results[0].metrics);
    const pd = JSON.stringify(runScenario(sc({ passionDefence: 'fullDefence' })).results[0].metrics);
    out.td[base === td ? 0 : 1]++;
    out.pd[base === pd ? 0 : 1]++;
    if (base !== td || base !== pd) console.log('DIFF', JSON.stringify(setup), JSON.stringify(rules), base !== td, base !== pd);
  } catch (e) { console.log('ERR', String(e).slice(0, 200)); }
}
console.log(out);
