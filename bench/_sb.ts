import { runScenario } from '../tests/helpers.ts';
const a = { name: 'a', stamina: 5, will: 3, weapon: 'fists' };
const b = { name: 'b', stamina: 4, will: 3, dice: 4, defend: 'oneDie', weapon: 'blade' };
const r = runScenario({ name: 'x', system: 'sorcerer', mechanic: 'conflict', trials: 20000, seed: 'sorcerer-conflict', setup: { a, b } });
const m = r.results[0].metrics; console.log(m['stoodUp.b'].estimate, m['stoodUp.b'].ci95);
