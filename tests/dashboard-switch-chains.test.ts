/**
 * Chains of mechanic switches as the page makes them (dashboard/ui/app.ts `newScenario`:
 * its memory of each mechanic left, with its Compare change, and the untouched setup),
 * calling model/switch.ts directly. A value typed on one mechanic and left behind comes
 * back when the page comes back to it, even by way of a mechanic that has the field but
 * never held it; a round trip with nothing edited on the way gives the same file back,
 * key for key and in the same order; and a Compare change left behind comes back.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { describe, expect, test } from 'vitest';
import { editsMade, switchMechanic, type Edit } from '../dashboard/model/switch.ts';
import { newScenario } from '../dashboard/model/scenario.ts';
import { checkScenario } from '../dashboard/model/validate.ts';
import type { CompareChange } from '../dashboard/model/compare.ts';
import { getAt, withValue } from '../reports/fields/paths.ts';
import { removeItem } from '../dashboard/model/removal.ts';

type Obj = Record<string, unknown>;

/**
 * The page's switching (dashboard/ui/app.ts newScenario): memory of each mechanic left, its
 * Compare change, the untouched setup, and the edits made on each mechanic, in order.
 */
function asThePage(start: Obj, change?: CompareChange) {
  const memory = new Map<string, Obj>();
  const memoryUntouched = new Map<string, Obj | undefined>();
  const edits: Edit[] = [];
  const editsAt = new Map<string, number>();
  let arrived: Obj | undefined = start;
  const key = (s: Obj) => `${String(s.system)}/${String(s.mechanic)}`;
  let leftChange: CompareChange | undefined;
  let leftFrom: Obj | undefined;
  /** What was edited since `arrived`, recorded, the page as it is now the next step's start (dashboard/ui/app.ts editStep). */
  const step = () => {
    edits.push(...editsMade(arrived, page.current));
    arrived = page.current;
  };
  const page = {
    current: start,
    change,
    untouched: undefined as Obj | undefined,
    /** The designer presses an item's remove button (dashboard/ui/app.ts removeItem): an edit of its own. */
    remove(list: (string | number)[], index: number) {
      const removed = removeItem(page.current, list, index, page.change);
      step();
      page.current = removed.scenario;
      page.change = removed.compare;
      step();
      return removed;
    },
    /** The designer presses "+ add …" (dashboard/ui/app.ts addItem): an edit of its own. */
    add(list: (string | number)[], item: Obj) {
      step();
      page.current = withValue(page.current, [...list, ((getAt(page.current, list) as unknown[] | undefined) ?? []).length], item) as Obj;
      step();
    },
    /** The designer sets (or clears) the Compare change. */
    setCompare(c: CompareChange | undefined) {
      page.change = c;
      leftChange = undefined;
    },
    go(system: string, mechanic: string) {
      memory.set(key(page.current), page.current);
      memoryUntouched.set(key(page.current), page.untouched);
      edits.push(...editsMade(arrived, page.current));
      editsAt.set(key(page.current), edits.length);
      const target = `${system}/${mechanic}`;
      const out = switchMechanic(page.current, system as never, mechanic, page.change, memory.get(target), page.untouched, leftChange, memoryUntouched.get(target), { later: edits.slice(editsAt.get(target) ?? edits.length), leftFrom });
      if (page.change !== undefined && out.compare === undefined) {
        leftChange = page.change;
        leftFrom = page.current;
      }
      else if (out.compare !== undefined) leftChange = undefined;
      page.current = out.scenario;
      arrived = out.scenario;
      page.untouched = out.untouched;
      page.change = out.compare;
      return out;
    },
  };
  return page;
}

/** A battle whose guards' count of 5 was typed (its template says 4). */
function typedGuardsBattle(): Obj {
  return withValue(newScenario('viciousness', 'battle'), ['setup', 'sides', 1, 'combatants', 0, 'count'], 5) as Obj;
}

/** The page on `battle`, then by way of a knowledge roll on a clash, which so starts from its own template. */
function onTemplateClash(battle: Obj): ReturnType<typeof asThePage> {
  const page = asThePage(battle);
  page.go('viciousness', 'knowledge');
  page.go('viciousness', 'clash');
  return page;
}

describe('chains of switches bring back what was left behind, as it was', () => {
  test('a field typed in a group, left behind, comes back by way of a mechanic that has the field but never held it', () => {
    // A conflict fighter's passion 2: left out of a discovery roll (said), the contest got
    // its own template's sorcerer, without passion, and the conflict came back without it, unsaid.
    const conflict = withValue(newScenario('sorcerer', 'conflict'), ['setup', 'a', 'passion'], 2) as Obj;
    const page = asThePage(conflict);
    expect(page.go('viciousness', 'discovery').dropped).toEqual(["the setup's a.passion"]);
    page.go('sorcerer', 'contest');
    const back = page.go('sorcerer', 'conflict');
    expect(JSON.stringify(page.current)).toBe(JSON.stringify(conflict));
    expect(back.dropped).toEqual([]);
    // Still the designer's: left out again, it is said again.
    expect(page.go('viciousness', 'discovery').dropped).toEqual(["the setup's a.passion"]);

    // An opposed side's advantage, by way of a basic check and a contest round (which has advantage).
    const opposed = withValue(newScenario('vdp', 'opposed'), ['setup', 'b', 'advantage'], 2) as Obj;
    const vdp = asThePage(opposed);
    vdp.go('vdp', 'check');
    vdp.go('vdp', 'contestRound');
    vdp.go('vdp', 'opposed');
    expect(JSON.stringify(vdp.current)).toBe(JSON.stringify(opposed));
    // An explicit 0 (the default, typed) is the designer's too.
    const zero = withValue(newScenario('vdp', 'opposed'), ['setup', 'b', 'advantage'], 0) as Obj;
    const z = asThePage(zero);
    z.go('vdp', 'check');
    z.go('vdp', 'contestRound');
    z.go('vdp', 'opposed');
    expect(JSON.stringify(z.current)).toBe(JSON.stringify(zero));
  });

  test('one the other mechanic held and the designer took out there stays out', () => {
    // Carried to the contest, then cleared there: back on the conflict it is not brought back.
    const conflict = withValue(newScenario('sorcerer', 'conflict'), ['setup', 'a', 'passion'], 2) as Obj;
    const page = asThePage(conflict);
    page.go('sorcerer', 'contest');
    expect((page.current.setup as any).a.passion).toBe(2);
    page.current = withValue(page.current, ['setup', 'a', 'passion'], undefined) as Obj;
    page.go('sorcerer', 'conflict');
    expect((page.current.setup as any).a.passion).toBeUndefined();
  });

  test('a round trip with nothing edited on the way gives the same file, in the same key order', () => {
    // A battle side typed into (a guard count), through a clash: its flee came back first.
    const battle = withValue(newScenario('viciousness', 'battle'), ['setup', 'sides', 1, 'combatants', 0, 'count'], 1) as Obj;
    const page = asThePage(battle);
    page.go('viciousness', 'clash');
    page.go('viciousness', 'battle');
    expect(JSON.stringify(page.current)).toBe(JSON.stringify(battle));
    // A contest side typed into, through a conflict: its penalty came back before its name.
    const contest = withValue(withValue(newScenario('sorcerer', 'contest'), ['setup', 'a', 'name'], 'Zed'), ['setup', 'a', 'penalty'], 1) as Obj;
    const sorcerer = asThePage(contest);
    sorcerer.go('sorcerer', 'conflict');
    sorcerer.go('sorcerer', 'contest');
    expect(JSON.stringify(sorcerer.current)).toBe(JSON.stringify(contest));
    expect(checkScenario(sorcerer.current, 'contest.json').ok).toBe(true);
  });

  test('every library file switched to every other mechanic and back is the same file: no `rules: {}` it did not have (a review: 882 of 896 round trips added one)', () => {
    const library = readdirSync(join(import.meta.dirname, '..', 'scenarios')).filter((f) => /\.(json|ya?ml)$/.test(f));
    const mechanics = ['viciousness/clash', 'viciousness/battle', 'viciousness/knavery', 'vdp/check', 'sorcerer/contest'];
    let trips = 0;
    for (const file of library) {
      const text = readFileSync(join(import.meta.dirname, '..', 'scenarios', file), 'utf8');
      const scenario = (file.endsWith('.json') ? JSON.parse(text) : parseYaml(text)) as Obj;
      for (const target of mechanics) {
        if (target === `${String(scenario.system)}/${String(scenario.mechanic)}`) continue;
        const page = asThePage(scenario);
        const [system, mechanic] = target.split('/') as [string, string];
        page.go(system, mechanic);
        page.go(String(scenario.system), String(scenario.mechanic));
        expect(JSON.stringify(page.current), `${file} through ${target}`).toBe(JSON.stringify(scenario));
        trips++;
      }
    }
    expect(trips).toBeGreaterThan(200);
  });

  test('what comes back from the memory of a mechanic is read against what it started from there', () => {
    // Rivals typed into (a rank 6), left for a knowledge roll (said), came back by way of a
    // campaign that had held the rivals before the edit: the campaign's old countess, read
    // as typed, came back over the rank 6, unsaid.
    const rivals = asThePage(newScenario('viciousness', 'rivals'));
    rivals.go('viciousness', 'campaign');
    rivals.go('viciousness', 'rivals');
    rivals.current = withValue(rivals.current, ['setup', 'rivals', 0, 'rank'], 6) as Obj;
    const typed = rivals.current;
    expect(rivals.go('viciousness', 'knowledge').dropped).toEqual(["the setup's rivals.0.rank"]);
    rivals.go('viciousness', 'campaign');
    rivals.go('viciousness', 'rivals');
    expect(JSON.stringify(rivals.current)).toBe(JSON.stringify(typed));
    // A battle side's combatant's opening dice, by way of a clash that had held the sides before.
    const battle = asThePage(newScenario('viciousness', 'battle'));
    battle.go('viciousness', 'clash');
    battle.go('viciousness', 'battle');
    battle.current = withValue(battle.current, ['setup', 'sides', 0, 'combatants', 1, 'openingDice'], ['d10']) as Obj;
    const opened = battle.current;
    battle.go('viciousness', 'knowledge');
    battle.go('viciousness', 'clash');
    battle.go('viciousness', 'battle');
    expect(JSON.stringify(battle.current)).toBe(JSON.stringify(opened));

    // Nothing typed is named: a contest's demon, carried through a conflict and back, was
    // named as left out ("b.name") on the next switch, as was a campaign's untouched rival rank.
    const contest = asThePage(newScenario('sorcerer', 'contest'));
    contest.go('sorcerer', 'conflict');
    contest.go('sorcerer', 'contest');
    contest.current = withValue(contest.current, ['setup', 'a', 'penalty'], 5) as Obj;
    expect(contest.go('viciousness', 'knowledge').dropped).toEqual(["the setup's a.penalty"]);
    contest.go('sorcerer', 'conflict');
    contest.go('sorcerer', 'contest');
    expect(contest.go('viciousness', 'knowledge').dropped).toEqual(["the setup's a.penalty"]);
    const campaign = asThePage(newScenario('viciousness', 'campaign'));
    campaign.go('viciousness', 'rivals');
    campaign.go('viciousness', 'campaign');
    campaign.current = withValue(campaign.current, ['setup', 'turns'], 10) as Obj;
    expect(campaign.go('viciousness', 'clash').dropped).toEqual(["the setup's turns"]);
    campaign.go('viciousness', 'rivals');
    campaign.go('viciousness', 'campaign');
    expect(campaign.go('viciousness', 'clash').dropped).toEqual(["the setup's turns"]);
    // What was typed on a mechanic is still named when left again, after it came back from memory.
    const typedCampaign = asThePage(withValue(newScenario('viciousness', 'campaign'), ['setup', 'rivals', 0, 'rank'], 5) as Obj);
    expect(typedCampaign.go('viciousness', 'clash').dropped).toEqual(["the setup's rivals.0.rank"]);
    typedCampaign.go('viciousness', 'campaign');
    expect(typedCampaign.go('viciousness', 'clash').dropped).toEqual(["the setup's rivals.0.rank"]);
  });

  test('dice emptied or changed by the designer are theirs: said where left behind, as one value', () => {
    // A knavery captain's d6 taken off ([]), left out of a campaign: it went without a word.
    const knavery = withValue(newScenario('viciousness', 'knavery'), ['setup', 'participants', 0, 'dice'], []) as Obj;
    expect(switchMechanic(knavery, 'viciousness', 'campaign', undefined).dropped).toEqual(["the setup's participants.0.dice"]);
    const battle = withValue(newScenario('viciousness', 'battle'), ['setup', 'sides', 0, 'combatants', 0, 'dice'], []) as Obj;
    expect(switchMechanic(battle, 'viciousness', 'knowledge', undefined).dropped).toEqual(["the setup's sides.0.combatants.0.dice"]);
    // Changed, the dice are named as the field, not die by die ("violence.0", "violence.1").
    const campaign = withValue(newScenario('viciousness', 'campaign'), ['setup', 'troupes', 0, 'captain', 'violence'], ['d6', 'd8']) as Obj;
    expect(switchMechanic(campaign, 'viciousness', 'clash', undefined).dropped).toEqual(["the setup's troupes.0.captain.violence"]);
  });

  test('a field asked of but never typed is not the other mechanic’s template on the way back', () => {
    // A conflict's Compare change of the thug's attack dice (Stamina by default), through a
    // contest (dice 3 there) and back: the thug attacked with 3, said as "carried".
    const conflict = newScenario('sorcerer', 'conflict');
    const change = { path: 'setup.b.dice', value: 1 };
    const page = asThePage(conflict, change);
    page.go('sorcerer', 'contest');
    const back = page.go('sorcerer', 'conflict');
    expect(JSON.stringify(page.current)).toBe(JSON.stringify(conflict));
    expect(back.notes).toEqual([]);
    expect(page.change).toEqual(change);
  });

  test('a Compare change left behind where its field is not comes back where it fits, said', () => {
    const check = newScenario('vdp', 'check');
    const change = { path: 'setup.advantage', value: 2 };
    const page = asThePage(check, change);
    expect(page.go('vdp', 'opposed').dropped).toEqual(['the Compare change of setup.advantage']);
    expect(page.change).toBeUndefined();
    const back = page.go('vdp', 'check');
    expect(page.change).toEqual(change);
    expect(back.notes).toContain('the Compare change of “advantage dice” left out before is back');
    // Carried to a risky check, left out of a contest round, it comes back on the way to the check.
    const page2 = asThePage(check, change);
    page2.go('vdp', 'risky');
    expect(page2.change).toEqual(change);
    page2.go('vdp', 'contestRound');
    page2.go('vdp', 'check');
    expect(page2.change).toEqual(change);
    // One the designer set or cleared since is theirs: the one left out does not come over it.
    const page3 = asThePage(check, change);
    page3.go('vdp', 'opposed');
    page3.setCompare(undefined);
    page3.go('vdp', 'check');
    expect(page3.change).toBeUndefined();
    // A Compare change back on a mechanic that has the field but did not hold the designer's
    // value is no reason to keep its template over the memory: rivals typed into came back
    // by way of a campaign as the campaign's template countess.
    const rivals = withValue(withValue(newScenario('viciousness', 'rivals'), ['setup', 'rivals', 0, 'minionDice'], ['d6', 'd8']), ['setup', 'rivals', 0, 'designs', 0, 'severity'], 'medium') as Obj;
    const page4 = asThePage(rivals, { path: 'setup.rivals.0.rank', value: 2 });
    page4.go('viciousness', 'knowledge');
    page4.go('viciousness', 'campaign');
    page4.go('viciousness', 'rivals');
    expect(JSON.stringify(page4.current)).toBe(JSON.stringify(rivals));
    expect(page4.change).toEqual({ path: 'setup.rivals.0.rank', value: 2 });
  });
});

describe('the latest value of each field comes back, not an older memory’s (a review)', () => {
  test('a value changed, typed back to a default or taken out on another mechanic, then taken through one without the field, comes back as last set', () => {
    // A conflict's passion 2, set to 4 on a contest, by way of a basic check: it came back as 2, unsaid.
    const conflict = withValue(newScenario('sorcerer', 'conflict'), ['setup', 'a', 'passion'], 2) as Obj;
    const set = (page: ReturnType<typeof asThePage>, path: (string | number)[], value: unknown) => {
      page.current = withValue(page.current, ['setup', ...path], value) as Obj;
    };
    const four = asThePage(conflict);
    four.go('sorcerer', 'contest');
    set(four, ['a', 'passion'], 4);
    four.go('vdp', 'check');
    const back = four.go('sorcerer', 'conflict');
    expect((four.current.setup as any).a.passion).toBe(4);
    expect(back.notes).toEqual([]);
    // Still the designer's: left out again, it is said again.
    expect(four.go('viciousness', 'discovery').dropped).toEqual(["the setup's a.passion"]);
    // Taken out on the contest: it stays out (it came back as 2).
    const out = asThePage(conflict);
    out.go('sorcerer', 'contest');
    set(out, ['a', 'passion'], undefined);
    out.go('vdp', 'check');
    expect(out.go('sorcerer', 'conflict').notes).toEqual([]);
    expect((out.current.setup as any).a).not.toHaveProperty('passion');
    // Typed back to the template's default on a risky check (its modifier 4): a basic
    // check's modifier 5, by way of an opposed check, came back as 5.
    const check = withValue(newScenario('vdp', 'check'), ['setup', 'modifier'], 5) as Obj;
    const vdp = asThePage(check);
    vdp.go('vdp', 'risky');
    expect((vdp.current.setup as any).modifier).toBe(5);
    set(vdp, ['modifier'], 4);
    vdp.go('vdp', 'opposed');
    expect(vdp.go('vdp', 'check').notes).toEqual([]);
    expect((vdp.current.setup as any).modifier).toBe(4);
    // A value the mechanic refuses (passion 0, which a contest takes): the older one comes
    // back, and the page says which, and why.
    const zero = asThePage(conflict);
    zero.go('sorcerer', 'contest');
    set(zero, ['a', 'passion'], 0);
    zero.go('vdp', 'check');
    const refused = zero.go('sorcerer', 'conflict');
    expect((zero.current.setup as any).a.passion).toBe(2);
    expect(refused.notes).toEqual(['“sorcerer › Passion dice” is back as it was on “Conflict: rounds of opposed rolls”, 2: “Conflict: rounds of opposed rolls” cannot take the 0 set on “Contest: one opposed roll” since']);
  });

  test('a value back under another label is said, as a switch straight there says it; a list changed elsewhere keeps what only this mechanic has', () => {
    // A contest's dice 5, by way of a basic check: a conflict's "attack dice" 5, as a switch straight there carries it.
    const page = asThePage(newScenario('sorcerer', 'conflict'));
    page.go('sorcerer', 'contest');
    page.current = withValue(page.current, ['setup', 'a', 'dice'], 5) as Obj;
    page.go('vdp', 'check');
    const back = page.go('sorcerer', 'conflict');
    expect((page.current.setup as any).a.dice).toBe(5);
    expect(back.notes).toEqual(['“sorcerer › dice” 5, set on “Contest: one opposed roll”, is back as “sorcerer › attack dice”: check it still means what you meant']);
    // A count 0, which a clash takes and a battle does not: the battle's 4 is back, said.
    const battle = asThePage(newScenario('viciousness', 'battle'));
    battle.go('viciousness', 'clash');
    battle.current = withValue(battle.current, ['setup', 'sides', 1, 'combatants', 0, 'count'], 0) as Obj;
    battle.go('viciousness', 'knowledge');
    expect(battle.go('viciousness', 'battle').notes).toEqual(['“guards › guard › how many” is back as it was on “Violence: a whole battle”, 4: “Violence: a whole battle” cannot take the 0 set on “Violence: one clash” since']);
    expect((battle.current.setup as any).sides[1].combatants[0].count).toBe(4);
    // A side added on a clash comes back to the battle, and the guards' flee typed there stays.
    const fleeing = asThePage(withValue(newScenario('viciousness', 'battle'), ['setup', 'sides', 1, 'flee'], 'never') as Obj);
    fleeing.go('viciousness', 'clash');
    const sides = (fleeing.current.setup as any).sides as unknown[];
    const added = { name: 'dogs', combatants: [{ name: 'dog', count: 2 }] };
    fleeing.current = withValue(fleeing.current, ['setup', 'sides'], [...sides, added]) as Obj;
    fleeing.go('viciousness', 'knowledge');
    fleeing.go('viciousness', 'battle');
    const after = (fleeing.current.setup as any).sides;
    expect(after).toHaveLength(3);
    expect(after[1].flee).toBe('never');
    expect(after[2]).toEqual(added);
    expect(checkScenario(fleeing.current, 'battle.json').ok).toBe(true);
    // A field of another kind at the same place is another field: a conflict fighter's
    // defence 3 is nothing of a contest round character's defence (attribute and skill).
    const round = asThePage(newScenario('vdp', 'contestRound'));
    const defence = (round.current.setup as any).b.defence;
    round.go('sorcerer', 'conflict');
    round.current = withValue(round.current, ['setup', 'b', 'defence'], 3) as Obj;
    round.go('vdp', 'combat');
    expect(round.go('vdp', 'contestRound').notes).toEqual([]);
    expect((round.current.setup as any).b.defence).toEqual(defence);
  });

  test('a list whose items moved on another mechanic comes back item by item, each with what only this mechanic has of it', () => {
    // A battle's guards fled "never"; on a clash the crew before them was taken out and dogs
    // added, as long a list as before. Replayed by place, the battle came back with a "crew"
    // holding the guards' combatants, the dogs fleeing "never", and a note that the battle
    // "cannot take the \"guards\"" (two sides of that name, on the way): a review.
    const fleeing = withValue(newScenario('viciousness', 'battle'), ['setup', 'sides', 1, 'flee'], 'never') as Obj;
    const dogs = { name: 'dogs', combatants: [{ name: 'dog', count: 2 }] };
    for (const via of [['viciousness', 'knowledge'], []] as const) {
      const page = asThePage(fleeing);
      page.go('viciousness', 'clash');
      const [, guards] = (page.current.setup as any).sides;
      page.current = withValue(page.current, ['setup', 'sides'], [guards, dogs]) as Obj;
      if (via.length) page.go(via[0], via[1]);
      const back = page.go('viciousness', 'battle');
      expect((page.current.setup as any).sides, via.join('/')).toEqual([{ ...(fleeing.setup as any).sides[1] }, dogs]);
      expect(back.notes).toEqual([]);
      expect(checkScenario(page.current, 'battle.json').ok).toBe(true);
    }
    // Renamed in place, a side added after it: the side that stood there, its flee with it.
    const renamed = asThePage(fleeing);
    renamed.go('viciousness', 'clash');
    const sides = structuredClone((renamed.current.setup as any).sides);
    sides[1].name = 'watch';
    renamed.current = withValue(renamed.current, ['setup', 'sides'], [...sides, dogs]) as Obj;
    renamed.go('viciousness', 'knowledge');
    renamed.go('viciousness', 'battle');
    expect((renamed.current.setup as any).sides.map((s: Obj) => [s.name, s.flee])).toEqual([['crew', undefined], ['watch', 'never'], ['dogs', undefined]]);
    // Renamed and moved (the guards renamed the watch and put first): the one name gone and
    // the one name new are the same side, its flee with it, straight back or by way of a
    // knowledge roll (it came back with no flee, unsaid: a review).
    for (const via of [['viciousness', 'knowledge'], []] as const) {
      const moved = asThePage(fleeing);
      moved.go('viciousness', 'clash');
      const [crew, guards] = (moved.current.setup as any).sides;
      moved.current = withValue(moved.current, ['setup', 'sides'], [{ ...guards, name: 'watch' }, crew]) as Obj;
      if (via.length) moved.go(via[0], via[1]);
      moved.go('viciousness', 'battle');
      expect((moved.current.setup as any).sides.map((s: Obj) => [s.name, s.flee]), via.join('/')).toEqual([['watch', 'never'], ['crew', undefined]]);
    }
    // Not a side taken out and another added: the crew (fleeing when outnumbered, a Medic's
    // aid) taken out on the clash and "+ add side" pressed, the new side got the crew's flee
    // and Medic, never set on it, unsaid (a review). The guards renamed the watch with the
    // crew before them taken out are the guards still, their flee with them, not the crew's.
    const crewSet = withValue(withValue(withValue(withValue(fleeing, ['setup', 'sides', 0, 'flee'], 'outnumbered'), ['setup', 'sides', 0, 'aid'], 'medic'), ['setup', 'sides', 0, 'medics'], 2), ['setup', 'sides', 2], { name: 'wolves', combatants: [{ name: 'wolf', count: 3 }] }) as Obj;
    const others = { name: 'others', combatants: [{ name: 'captain' }] };
    for (const via of [['viciousness', 'knowledge'], []] as const) {
      const added = asThePage(crewSet);
      added.go('viciousness', 'clash');
      const [, guards, wolves] = (added.current.setup as any).sides;
      added.current = withValue(added.current, ['setup', 'sides'], [guards, wolves, others]) as Obj;
      if (via.length) added.go(via[0], via[1]);
      expect(added.go('viciousness', 'battle').notes).toEqual([]);
      expect((added.current.setup as any).sides.at(-1), via.join('/')).toEqual(others);
      const watch = asThePage(crewSet);
      watch.go('viciousness', 'clash');
      const [, guarding, wolfs] = (watch.current.setup as any).sides;
      watch.current = withValue(watch.current, ['setup', 'sides'], [{ ...guarding, name: 'watch' }, wolfs, others]) as Obj;
      if (via.length) watch.go(via[0], via[1]);
      watch.go('viciousness', 'battle');
      expect((watch.current.setup as any).sides.map((s: Obj) => [s.name, s.flee]), via.join('/')).toEqual([['watch', 'never'], ['wolves', undefined], ['others', undefined]]);
    }
    // Renamed in place, its count set to one the battle refuses: the name is back, the count
    // as it was, said of the count alone.
    const refused = asThePage(fleeing);
    refused.go('viciousness', 'clash');
    refused.current = withValue(withValue(refused.current, ['setup', 'sides', 1, 'name'], 'watch'), ['setup', 'sides', 1, 'combatants', 0, 'count'], 0) as Obj;
    refused.go('viciousness', 'knowledge');
    const back = refused.go('viciousness', 'battle');
    expect((refused.current.setup as any).sides[1]).toEqual({ name: 'watch', flee: 'never', combatants: [{ name: 'guard', count: 4 }] });
    expect(back.notes).toEqual(['“watch › guard › how many” is back as it was on “Violence: a whole battle”, 4: “Violence: a whole battle” cannot take the 0 set on “Violence: one clash” since']);
  });

  test('a name typed over another side\'s for a moment, an item added meanwhile, is the same side all along: its own fields come back with it', () => {
    // A battle's guards flee when outnumbered. On a clash "guards" typed over the crew's name
    // (a slip), "+ add side" or "+ add combatant" pressed, then "crew" typed back: the steps
    // of two sides named "guards" paired neither with the battle's, the battle refused them,
    // and it came back with the guards' flee gone, unsaid (a review); by way of a knowledge
    // roll, with the side added gone too.
    const fleeing = withValue(newScenario('viciousness', 'battle'), ['setup', 'sides', 1, 'flee'], 'outnumbered') as Obj;
    const others = { name: 'others', combatants: [{ name: 'captain' }] };
    const minion = { name: 'minion', count: 1 };
    for (const via of [['viciousness', 'knowledge'], []] as const) {
      for (const [list, item] of [[['setup', 'sides'], others], [['setup', 'sides', 1, 'combatants'], minion]] as const) {
        const page = asThePage(fleeing);
        page.go('viciousness', 'clash');
        page.current = withValue(page.current, ['setup', 'sides', 0, 'name'], 'guards') as Obj;
        page.add([...list], item);
        page.current = withValue(page.current, ['setup', 'sides', 0, 'name'], 'crew') as Obj;
        const clash = structuredClone((page.current.setup as any).sides);
        if (via.length) page.go(via[0], via[1]);
        const back = page.go('viciousness', 'battle');
        const at = `${via.join('/')} ${String(list.at(-1))}`;
        expect((page.current.setup as any).sides, at).toEqual(clash.map((side: Obj) => (side.name === 'guards' ? { name: 'guards', flee: 'outnumbered', combatants: side.combatants } : side)));
        expect(back.notes, at).toEqual([]);
        expect(back.dropped, at).toEqual([]);
        expect(checkScenario(page.current, 'battle.json').ok).toBe(true);
      }
    }
    // A side added, its count then set, by way of a knowledge roll: back as set, and not said
    // to be otherwise (the whole list set at the add was read as the latest: "did not come back").
    const counted = asThePage(fleeing);
    counted.go('viciousness', 'clash');
    counted.add(['setup', 'sides'], others);
    counted.current = withValue(counted.current, ['setup', 'sides', 2, 'combatants', 0, 'count'], 3) as Obj;
    counted.go('viciousness', 'knowledge');
    const back = counted.go('viciousness', 'battle');
    expect((counted.current.setup as any).sides.map((s: any) => [s.name, s.flee, s.combatants[0].count])).toEqual([['crew', undefined, undefined], ['guards', 'outnumbered', 4], ['others', undefined, 3]]);
    expect(back.notes).toEqual([]);
  });

  test('an edit inside a list the mechanic refused on the way is one of what the edits made in the end', () => {
    // On a clash both sides named "x" (a battle refuses two sides of one name), "+ add side"
    // (a third "x"), then the three named crew, guards and others. By way of a knowledge
    // roll, the battle replayed the edits: the renames inside the list it had refused were
    // skipped, then the list as the edits made it taken, and the third side came back named
    // "x", unsaid (a review).
    const fleeing = withValue(newScenario('viciousness', 'battle'), ['setup', 'sides', 1, 'flee'], 'outnumbered') as Obj;
    for (const via of [[], ['viciousness', 'knowledge']] as const) {
      const page = asThePage(fleeing);
      page.go('viciousness', 'clash');
      page.current = withValue(page.current, ['setup', 'sides', 0, 'name'], 'x') as Obj;
      page.current = withValue(page.current, ['setup', 'sides', 1, 'name'], 'x') as Obj;
      page.add(['setup', 'sides'], { name: 'x', combatants: [{ name: 'captain' }] });
      page.current = withValue(page.current, ['setup', 'sides', 0, 'name'], 'crew') as Obj;
      page.current = withValue(page.current, ['setup', 'sides', 1, 'name'], 'guards') as Obj;
      page.current = withValue(page.current, ['setup', 'sides', 2, 'name'], 'others') as Obj;
      if (via.length) page.go(via[0], via[1]);
      const back = page.go('viciousness', 'battle');
      const at = via.join('/') || 'direct';
      expect((page.current.setup as any).sides.map((s: any) => [s.name, s.flee]), at).toEqual([['crew', undefined], ['guards', 'outnumbered'], ['others', undefined]]);
      expect(back.notes, at).toEqual([]);
      expect(checkScenario(page.current, 'battle.json').ok).toBe(true);
    }
  });

  test('a side added on another mechanic, the battle refusing a field of another side with three: the rest comes back, and what cannot is said, by whatever route', () => {
    // The crew's marksman push (a battle of two sides only), the guards fleeing when
    // outnumbered; on a clash "+ add side" and the guards' count set. Back on the battle, the
    // three sides were read by place only where there were as many as before: the flee and
    // the push were both gone, nothing said (a review). Straight back, the three sides came
    // back, the push said to be left out; by way of a knowledge roll or a basic check, the
    // two sides of before with the push, the side added gone, said (a review). The side
    // added is the designer's latest edit, the push an older one it leaves no place for:
    // the sides as last made, the push said, by every route.
    const battle = structuredClone(newScenario('viciousness', 'battle')) as any;
    battle.setup.sides[0].marksmanPush = 'first';
    battle.setup.sides[0].combatants[0].traits = ['marksman'];
    battle.setup.sides[1].flee = 'outnumbered';
    expect(checkScenario(battle, 'battle.json').ok).toBe(true);
    const others = { name: 'others', combatants: [{ name: 'captain' }] };
    const pushSaid = /^“crew › Marksman’s push” "first", as it was on “Violence: a whole battle”, cannot come back: .*battle of two sides/;
    const routes = [[], ['viciousness', 'knowledge'], ['vdp', 'check']] as const;
    const ends: string[] = [];
    for (const via of routes) {
      const page = asThePage(battle);
      page.go('viciousness', 'clash');
      page.add(['setup', 'sides'], others);
      page.current = withValue(page.current, ['setup', 'sides', 1, 'combatants', 0, 'count'], 7) as Obj;
      if (via.length) page.go(via[0], via[1]);
      const back = page.go('viciousness', 'battle');
      const at = via.join('/') || 'direct';
      expect((page.current.setup as any).sides.map((s: any) => [s.name, s.flee, s.marksmanPush, s.combatants[0].count]), at).toEqual([
        ['crew', undefined, undefined, undefined],
        ['guards', 'outnumbered', undefined, 7],
        ['others', undefined, undefined, undefined],
      ]);
      expect(back.notes, at).toHaveLength(1);
      expect(back.notes[0], at).toMatch(pushSaid);
      expect(checkScenario(page.current, 'battle.json').ok).toBe(true);
      ends.push(JSON.stringify(page.current));
    }
    // The same file by every route, key for key.
    expect(new Set(ends).size).toBe(1);
    // A step refused on the way, the list as last made judged at the end: "guards" typed
    // over the crew's name, "+ add side", then "crew" again. Straight back, three sides, the
    // push said; by way of a knowledge roll, the two sides of before, the side added gone.
    const slips: string[] = [];
    for (const via of routes) {
      const page = asThePage(battle);
      page.go('viciousness', 'clash');
      page.current = withValue(page.current, ['setup', 'sides', 0, 'name'], 'guards') as Obj;
      page.add(['setup', 'sides'], others);
      page.current = withValue(page.current, ['setup', 'sides', 0, 'name'], 'crew') as Obj;
      if (via.length) page.go(via[0], via[1]);
      const back = page.go('viciousness', 'battle');
      const at = via.join('/') || 'direct';
      expect((page.current.setup as any).sides.map((s: any) => [s.name, s.flee, s.marksmanPush]), at).toEqual([['crew', undefined, undefined], ['guards', 'outnumbered', undefined], ['others', undefined, undefined]]);
      expect(back.notes, at).toHaveLength(1);
      expect(back.notes[0], at).toMatch(pushSaid);
      slips.push(JSON.stringify(page.current));
    }
    expect(new Set(slips).size).toBe(1);
    // The side added, then taken out again: two sides, the push has its place, back unsaid.
    for (const via of routes) {
      const page = asThePage(battle);
      page.go('viciousness', 'clash');
      page.add(['setup', 'sides'], others);
      page.remove(['setup', 'sides'], 2);
      if (via.length) page.go(via[0], via[1]);
      const back = page.go('viciousness', 'battle');
      expect(back.notes, via.join('/') || 'direct').toEqual([]);
      expect(JSON.stringify(page.current), via.join('/') || 'direct').toBe(JSON.stringify(battle));
    }
  });

  test('what only this mechanic has of an item comes back together where one field needs another, and what cannot is said of the list as it comes back', () => {
    // A file's guards with medics 2 before aid "medic" (a battle's own fields both), the
    // crew's marksman push; on a clash "+ add side". Back on the battle, by either route, the
    // fields went back one at a time in their keys' order: medics 2 refused for want of the
    // aid "medic" not yet back, said to need it "(the side's aid is "none")", and the aid then
    // taken: the side came back with aid "medic" and no medics, the note false of it (a review).
    const battle = structuredClone(newScenario('viciousness', 'battle')) as any;
    battle.setup.sides[0].marksmanPush = 'first';
    battle.setup.sides[0].combatants[0].traits = ['marksman'];
    battle.setup.sides[1].medics = 2;
    battle.setup.sides[1].aid = 'medic';
    expect(checkScenario(battle, 'battle.json').ok).toBe(true);
    for (const via of [[], ['viciousness', 'knowledge']] as const) {
      const page = asThePage(battle);
      page.go('viciousness', 'clash');
      page.add(['setup', 'sides'], { name: 'others', combatants: [{ name: 'captain' }] });
      if (via.length) page.go(via[0], via[1]);
      const back = page.go('viciousness', 'battle');
      const at = via.join('/') || 'straight';
      expect(JSON.stringify((page.current.setup as any).sides[1]), at).toBe(JSON.stringify(battle.setup.sides[1]));
      expect(back.notes, at).toHaveLength(1);
      expect(back.notes[0], at).toMatch(/^“crew › Marksman’s push” "first"/);
    }
  });

  test('what a list taken on the way left out is still said where a later edit of the list is refused', () => {
    // The crew's marksman push; on a clash "+ add side" twice, both named "others": the
    // battle took the first (three sides, the push left out) and refused the second (two
    // sides of one name). Back, by either route, the sides of the first came back, said, but
    // the push they left out went unsaid: the refused edit had cleared it (a review).
    const battle = structuredClone(newScenario('viciousness', 'battle')) as any;
    battle.setup.sides[0].marksmanPush = 'first';
    battle.setup.sides[0].combatants[0].traits = ['marksman'];
    const others = { name: 'others', combatants: [{ name: 'captain' }] };
    for (const via of [[], ['viciousness', 'knowledge']] as const) {
      const page = asThePage(battle);
      page.go('viciousness', 'clash');
      page.add(['setup', 'sides'], others);
      page.add(['setup', 'sides'], others);
      if (via.length) page.go(via[0], via[1]);
      const back = page.go('viciousness', 'battle');
      const at = via.join('/') || 'straight';
      expect((page.current.setup as any).sides.map((s: Obj) => [s.name, s.marksmanPush]), at).toEqual([['crew', undefined], ['guards', undefined], ['others', undefined]]);
      expect(back.notes.some((n) => /^“sides” is /.test(n)), at).toBe(true);
      expect(back.notes.filter((n) => n.startsWith('“crew › Marksman’s push” "first", as it was on “Violence: a whole battle”, cannot come back: ')), at).toHaveLength(1);
    }
  });

  test('what an item started from on the other mechanic is that of the same item, not of the one that started at its place', () => {
    // A battle's crew pushes "never"; on a clash the push taken out of the crew and the two
    // sides swapped. Back on the battle with no record of the edits (switchMechanic's
    // `untouched` alone says what was carried, for a caller without `later`), the crew was
    // read against the guards' starting setup, where no push had started, and its push came
    // back, taken out as it was (a review's suspicion of `startedItems[i]`, proven here).
    const battle = withValue(newScenario('viciousness', 'battle'), ['setup', 'sides', 0, 'push'], 'never') as Obj;
    const clash = switchMechanic(battle, 'viciousness', 'clash', undefined);
    const [crew, guards] = structuredClone((clash.scenario.setup as any).sides);
    delete crew.push;
    const edited = withValue(clash.scenario, ['setup', 'sides'], [guards, crew]) as Obj;
    const back = switchMechanic(edited, 'viciousness', 'battle', undefined, battle, clash.untouched);
    expect((back.scenario.setup as any).sides.map((s: Obj) => [s.name, s.push])).toEqual([['guards', undefined], ['crew', undefined]]);
    // As the page does it, its record of the edits saying the same.
    const page = asThePage(battle);
    page.go('viciousness', 'clash');
    page.current = edited;
    page.go('viciousness', 'battle');
    expect(page.current).toEqual(back.scenario);
  });

  test('a field both mechanics have that the other never held for an item comes back over a list edited whole there, as straight back (withOwnFields as itemsBack)', () => {
    // The guards push "never"; by way of a knowledge roll the clash starts from its own
    // template, its guards without a push. "+ add side" there: back on the battle the edits
    // replayed took the list as the clash made it, and only the fields a clash has not (the
    // flee) went back on the guards: their push was gone, unsaid. Without the side added the
    // push came back (itemsBack: a field the clash never held for them). One rule for both.
    const battle = withValue(newScenario('viciousness', 'battle'), ['setup', 'sides', 1, 'push'], 'never') as Obj;
    const others = { name: 'others', combatants: [{ name: 'captain' }] };
    const ends: string[] = [];
    for (const via of [[], ['viciousness', 'knowledge'], ['vdp', 'check']] as const) {
      for (const add of [false, true]) {
        const page = onTemplateClash(battle);
        if (add) page.add(['setup', 'sides'], others);
        if (via.length) page.go(via[0], via[1]);
        const back = page.go('viciousness', 'battle');
        const at = `${via.join('/') || 'straight'}${add ? ', a side added' : ''}`;
        const guards = (page.current.setup as any).sides.find((s: Obj) => s.name === 'guards');
        expect([guards.flee, guards.push], at).toEqual(['lostHalf', 'never']);
        expect((page.current.setup as any).sides.map((s: Obj) => s.name), at).toEqual(add ? ['crew', 'guards', 'others'] : ['crew', 'guards']);
        expect(back.notes, at).toEqual([]);
        expect(checkScenario(page.current, 'battle.json').ok, at).toBe(true);
        if (add) ends.push(JSON.stringify(page.current));
      }
    }
    expect(new Set(ends).size).toBe(1);
    // One the clash held and the designer took out there stays out, the side added after.
    for (const via of [[], ['viciousness', 'knowledge']] as const) {
      const page = asThePage(battle);
      page.go('viciousness', 'clash');
      expect((page.current.setup as any).sides[1].push).toBe('never');
      page.current = withValue(page.current, ['setup', 'sides', 1, 'push'], undefined) as Obj;
      page.add(['setup', 'sides'], others);
      if (via.length) page.go(via[0], via[1]);
      page.go('viciousness', 'battle');
      expect((page.current.setup as any).sides[1], via.join('/') || 'straight').not.toHaveProperty('push');
    }
    // …also taken out in the same step as the list changed whole (the sides swapped there).
    for (const via of [[], ['viciousness', 'knowledge']] as const) {
      const page = asThePage(battle);
      page.go('viciousness', 'clash');
      const [crew, guards] = structuredClone((page.current.setup as any).sides);
      delete guards.push;
      page.current = withValue(page.current, ['setup', 'sides'], [guards, crew]) as Obj;
      page.add(['setup', 'sides'], others);
      if (via.length) page.go(via[0], via[1]);
      page.go('viciousness', 'battle');
      expect((page.current.setup as any).sides.map((s: Obj) => [s.name, s.push]), via.join('/') || 'straight').toEqual([['guards', undefined], ['crew', undefined], ['others', undefined]]);
    }
  });

  test('a list the mechanic refuses whole comes back as the page left it, said, straight back as by way of another mechanic', () => {
    // The guards push as berzerkers "never" (a battle's own field). On a clash the crew taken
    // out (a battle of one side), or "+ add side" named "guards" (two sides of one name):
    // straight back the battle got its template's sides, the push gone, unsaid (only the
    // clash's paths named as left out); by way of a knowledge roll its sides as it left them,
    // said (a review).
    const battle = withValue(newScenario('viciousness', 'battle'), ['setup', 'sides', 1, 'berzerkerPush'], 'never') as Obj;
    const edits: [string, (page: ReturnType<typeof asThePage>) => void][] = [
      ['the crew taken out', (page) => page.remove(['setup', 'sides'], 0)],
      ['a side of the guards\' name added', (page) => page.add(['setup', 'sides'], { name: 'guards', combatants: [{ name: 'captain' }] })],
    ];
    for (const [what, edit] of edits) {
      const ends: string[] = [];
      for (const via of [[], ['viciousness', 'knowledge'], ['vdp', 'check']] as const) {
        const page = asThePage(battle);
        page.go('viciousness', 'clash');
        edit(page);
        const clash = (page.current.setup as any).sides;
        if (via.length) page.go(via[0], via[1]);
        const back = page.go('viciousness', 'battle');
        const at = `${what}, ${via.join('/') || 'straight'}`;
        expect(JSON.stringify(page.current), at).toBe(JSON.stringify(battle));
        expect(back.dropped, at).toEqual([]);
        expect(back.notes, at).toEqual([
          `“sides” is back as it was on “Violence: a whole battle”, ${JSON.stringify((battle.setup as any).sides)}: “Violence: a whole battle” cannot take the ${JSON.stringify(clash)} set on “Violence: one clash” since`,
        ]);
        ends.push(JSON.stringify(page.current));
      }
      expect(new Set(ends).size, what).toBe(1);
    }
  });

  test('a list refused whole with an edit taken before it is not said to be back as it was', () => {
    // On a clash the guard count set to 7 (a battle takes it), then the crew taken out (a
    // battle of one side): back by way of a knowledge roll the battle said its sides were
    // "back as it was on" the battle, with a guard count of 7 it never had (a review).
    const battle = withValue(newScenario('viciousness', 'battle'), ['setup', 'sides', 1, 'berzerkerPush'], 'never') as Obj;
    for (const via of [[], ['viciousness', 'knowledge'], ['vdp', 'check']] as const) {
      const page = asThePage(battle);
      page.go('viciousness', 'clash');
      page.current = withValue(page.current, ['setup', 'sides', 1, 'combatants', 0, 'count'], 7) as Obj;
      page.remove(['setup', 'sides'], 0);
      const clash = (page.current.setup as any).sides;
      if (via.length) page.go(via[0], via[1]);
      const back = page.go('viciousness', 'battle');
      const sides = (page.current.setup as any).sides;
      expect(sides[1].combatants[0].count).toBe(7);
      expect(back.notes, via.join('/') || 'straight').toEqual([
        `“sides” is ${JSON.stringify(sides)}: “Violence: a whole battle” cannot take the ${JSON.stringify(clash)} set on “Violence: one clash” since`,
      ]);
    }
  });

  // A review: where the other mechanic's list started from its own template (by way of a
  // knowledge roll), straight back carried its list whole, the memory's items it replaced
  // unsaid, and by way of another mechanic its edits were replayed by place on the memory's
  // items, another item than the one edited. One rule now (switch.ts itemsOnAnother): the
  // memory with the edits made there, each read in the list it was made in; where the
  // memory's item at its place is another, the list as made there, the item replaced said.
  test('a list the other mechanic started from its own template: the guard count typed on the battle is not lost unsaid straight back (by way of a knowledge roll it stays)', () => {
    const battle = typedGuardsBattle();
    const ends: string[] = [];
    for (const via of [[], ['viciousness', 'knowledge']] as const) {
      const page = onTemplateClash(battle);
      page.current = withValue(page.current, ['setup', 'sides', 0, 'combatants', 0, 'count'], 7) as Obj;
      if (via.length) page.go(via[0], via[1]);
      const back = page.go('viciousness', 'battle');
      const guards = (page.current.setup as any).sides[1];
      // Straight back: the clash's template guards (captain d6, minion 2), the guard count 5 gone, nothing said.
      if (JSON.stringify(guards.combatants) !== JSON.stringify([{ name: 'guard', count: 5 }])) expect(back.notes.join(' '), via.join('/') || 'straight').toMatch(/guard/);
      ends.push(JSON.stringify(page.current));
    }
    expect(ends[0]).toBe(ends[1]);
  });

  test('a list the other mechanic started from its own template: a side added and taken out again there is no edit of the battle\'s guards', () => {
    // By way of a knowledge roll the clash has its template's sides; "+ add side" there, then
    // the side taken out: each a list edited whole, replayed over the battle's memory, and
    // the guards' combatants (a guard count of 5 typed) came back as the clash's template's
    // captain and minions, nothing said, by either route.
    const battle = typedGuardsBattle();
    for (const via of [[], ['viciousness', 'knowledge']] as const) {
      const page = onTemplateClash(battle);
      page.add(['setup', 'sides'], { name: 'others', combatants: [{ name: 'captain' }] });
      page.remove(['setup', 'sides'], 2);
      if (via.length) page.go(via[0], via[1]);
      const back = page.go('viciousness', 'battle');
      if (JSON.stringify(page.current) !== JSON.stringify(battle)) expect(back.notes.join(' '), via.join('/') || 'straight').toMatch(/guard/);
    }
  });

  test('a list the other mechanic started from its own template: a combatant renamed there is not replayed on another combatant by way of another mechanic', () => {
    // The battle's guard renamed "x"; back on the clash by way of a knowledge roll, the
    // clash's guards' captain was renamed "x" (an edit by place on another item), unsaid;
    // straight back the battle's list came whole.
    const ends: string[] = [];
    for (const via of [[], ['viciousness', 'knowledge']] as const) {
      const page = asThePage(newScenario('viciousness', 'clash'));
      page.go('viciousness', 'knowledge');
      page.go('viciousness', 'battle');
      page.current = withValue(page.current, ['setup', 'sides', 1, 'combatants', 0, 'name'], 'x') as Obj;
      if (via.length) page.go(via[0], via[1]);
      const back = page.go('viciousness', 'clash');
      const renamed = (page.current.setup as any).sides[1].combatants.find((c: Obj) => c.name === 'x');
      if (renamed?.dice !== undefined) expect(back.notes.join(' '), 'the captain renamed unsaid').toMatch(/x/);
      ends.push(JSON.stringify(page.current));
    }
    expect(ends[0]).toBe(ends[1]);
  });

  test('a list the other mechanic started from its own template comes back by any route as the memory with the edits made there', () => {
    // (a) The battle's guard count 5, a clash started from its own template, its crew
    // captain's count set to 7: the battle comes back with both, nothing to say, by either route.
    const battle = typedGuardsBattle();
    const expected = withValue(battle, ['setup', 'sides', 0, 'combatants', 0, 'count'], 7) as Obj;
    for (const via of [[], ['viciousness', 'knowledge']] as const) {
      const page = onTemplateClash(battle);
      page.current = withValue(page.current, ['setup', 'sides', 0, 'combatants', 0, 'count'], 7) as Obj;
      if (via.length) page.go(via[0], via[1]);
      const back = page.go('viciousness', 'battle');
      expect(JSON.stringify(page.current), via.join('/') || 'straight').toBe(JSON.stringify(expected));
      expect(back.notes, via.join('/') || 'straight').toEqual([]);
      expect(back.dropped).toEqual([]);
    }
    // (b) A side added there and taken out again: no edit of the battle's guards, the battle as it was.
    for (const via of [[], ['viciousness', 'knowledge']] as const) {
      const page = onTemplateClash(battle);
      page.add(['setup', 'sides'], { name: 'others', combatants: [{ name: 'captain' }] });
      page.remove(['setup', 'sides'], 2);
      if (via.length) page.go(via[0], via[1]);
      const back = page.go('viciousness', 'battle');
      expect(JSON.stringify(page.current), via.join('/') || 'straight').toBe(JSON.stringify(battle));
      expect(back.notes, via.join('/') || 'straight').toEqual([]);
    }
  });

  test('an edit made on another item than the memory holds at its place: the list as made there, the memory\'s item it replaces said, by any route', () => {
    // (c) The battle's guard (its template's) renamed "x": the clash's guards were a captain
    // d6 and minions, another item. Never the captain renamed; the battle's guards come,
    // and the clash's guards they replace are said. What the edit did not touch (the
    // clash's crew captain typed d8) stays the clash's, by either route.
    for (const typed of [false, true]) {
      let clash = newScenario('viciousness', 'clash') as Obj;
      if (typed) clash = withValue(clash, ['setup', 'sides', 0, 'combatants', 0, 'dice'], ['d8']) as Obj;
      const ends: string[] = [];
      for (const via of [[], ['viciousness', 'knowledge']] as const) {
        const at = `${typed ? 'd8' : 'template'}, ${via.join('/') || 'straight'}`;
        const page = asThePage(clash);
        page.go('viciousness', 'knowledge');
        page.go('viciousness', 'battle');
        page.current = withValue(page.current, ['setup', 'sides', 1, 'combatants', 0, 'name'], 'x') as Obj;
        if (via.length) page.go(via[0], via[1]);
        const back = page.go('viciousness', 'clash');
        const sides = (page.current.setup as any).sides;
        expect(sides[0], at).toEqual((clash.setup as any).sides[0]);
        expect(sides[1], at).toEqual({ name: 'guards', combatants: [{ name: 'x', count: 4 }] });
        expect(back.notes, at).toEqual([
          `“guards” as it was on “Violence: one clash”, ${JSON.stringify((clash.setup as any).sides[1])}, is replaced by the one set on “Violence: a whole battle”: what was edited there was another item than this one`,
        ]);
        ends.push(JSON.stringify(page.current));
      }
      expect(ends[0]).toBe(ends[1]);
    }
    // The other way: the clash's guard captain (its template's) given a d8; the battle's
    // guards (a guard count of 5 typed) were another item: the clash's guards come, with
    // the battle's flee, and the count of 5 they replace is said, by every route.
    const battle = typedGuardsBattle();
    const ends: string[] = [];
    for (const via of [[], ['viciousness', 'knowledge'], ['vdp', 'check']] as const) {
      const at = via.join('/') || 'straight';
      const page = onTemplateClash(battle);
      page.current = withValue(page.current, ['setup', 'sides', 1, 'combatants', 0, 'dice'], ['d8']) as Obj;
      if (via.length) page.go(via[0], via[1]);
      const back = page.go('viciousness', 'battle');
      expect((page.current.setup as any).sides[1], at).toEqual({ name: 'guards', flee: 'lostHalf', combatants: [{ name: 'captain', dice: ['d8'] }, { name: 'minion', count: 2 }] });
      expect(back.notes, at).toEqual([
        '“guards” as it was on “Violence: a whole battle”, {"name":"guards","combatants":[{"name":"guard","count":5}]}, is replaced by the one set on “Violence: one clash”: what was edited there was another item than this one',
      ]);
      ends.push(JSON.stringify(page.current));
    }
    expect(new Set(ends).size).toBe(1);
  });

  test('edits made together inside a list started from the other mechanic\'s template: each read in the list as the ones before it left it, the note quoting the memory\'s item', () => {
    // A review of 948e1619: on a clash started from its own template (by way of a knowledge
    // roll), the guards renamed "beta" and their captain's count set to 3, nothing added or
    // taken out between (one step of the page's): the count, read in the list before the
    // rename, came back as the list made there with the old name, "beta" lost unsaid, and
    // the note said the battle's guards were, as it was there, a side "beta" it never had.
    const battle = newScenario('viciousness', 'battle') as Obj;
    for (const stepped of [false, true]) {
      const ends: string[] = [];
      for (const via of [[], ['viciousness', 'knowledge'], ['vdp', 'check']] as const) {
        const at = `${stepped ? 'stepped' : 'together'}, ${via.join('/') || 'straight'}`;
        const page = onTemplateClash(battle);
        page.current = withValue(page.current, ['setup', 'sides', 1, 'name'], 'beta') as Obj;
        if (stepped) {
          page.add(['setup', 'sides'], { name: 'others', combatants: [{ name: 'captain' }] });
          page.remove(['setup', 'sides'], 2);
        }
        page.current = withValue(page.current, ['setup', 'sides', 1, 'combatants', 0, 'count'], 3) as Obj;
        if (via.length) page.go(via[0], via[1]);
        const back = page.go('viciousness', 'battle');
        expect((page.current.setup as any).sides[1], at).toEqual({ name: 'beta', flee: 'lostHalf', combatants: [{ name: 'captain', count: 3, dice: ['d6'] }, { name: 'minion', count: 2 }] });
        expect(back.notes, at).toEqual([
          '“guards” as it was on “Violence: a whole battle”, {"name":"guards","combatants":[{"name":"guard","count":4}]}, is replaced by the one set on “Violence: one clash”: what was edited there was another item than this one',
        ]);
        ends.push(JSON.stringify(page.current));
      }
      expect(new Set(ends).size).toBe(1);
    }
  });

  test('the memory\'s item said replaced is named as the memory has it, where the sides moved on the other mechanic', () => {
    // A review of 948e1619: the clash's sides swapped, the guards' captain given a d8 there:
    // the note named the battle's guards (count 5) "“crew”", the label read at the guards'
    // new place in the battle's memory.
    const battle = typedGuardsBattle();
    for (const via of [[], ['viciousness', 'knowledge']] as const) {
      const page = onTemplateClash(battle);
      page.current = withValue(page.current, ['setup', 'sides'], [...(page.current.setup as any).sides].reverse()) as Obj;
      page.add(['setup', 'sides'], { name: 'others', combatants: [{ name: 'captain' }] });
      page.remove(['setup', 'sides'], 2);
      page.current = withValue(page.current, ['setup', 'sides', 0, 'combatants', 0, 'dice'], ['d8']) as Obj;
      if (via.length) page.go(via[0], via[1]);
      const back = page.go('viciousness', 'battle');
      expect((page.current.setup as any).sides.map((s: Obj) => s.name)).toEqual(['guards', 'crew']);
      expect(back.notes, via.join('/') || 'straight').toEqual([
        '“guards” as it was on “Violence: a whole battle”, {"name":"guards","combatants":[{"name":"guard","count":5}]}, is replaced by the one set on “Violence: one clash”: what was edited there was another item than this one',
      ]);
    }
  });

  // A review of 948e1619: lists that do not pair one for one (a side added on the battle,
  // its clash started from its own template of two) came back as the list made there, the
  // memory's items it does not hold gone unsaid, by every route. An item of the memory that
  // list never held is the memory's still, at its place; the edit is the guards' there.
  test('a side added on the battle, its clash started from its own template: an edit there does not take it out unsaid', () => {
    const ends = new Set<string>();
    for (const via of [[], ['viciousness', 'knowledge'], ['vdp', 'check']] as const) {
      const page = asThePage(newScenario('viciousness', 'battle'));
      page.add(['setup', 'sides'], { name: 'dogs', combatants: [{ name: 'hound', count: 3 }] });
      page.go('viciousness', 'knowledge');
      page.go('viciousness', 'clash');
      page.current = withValue(page.current, ['setup', 'sides', 1, 'combatants', 0, 'dice'], ['d8']) as Obj;
      const clash = (page.current.setup as any).sides;
      if (via.length) page.go(via[0], via[1]);
      const back = page.go('viciousness', 'battle');
      const sides = (page.current.setup as any).sides;
      expect(sides.map((s: Obj) => s.name), via.join('/') || 'straight').toEqual(['crew', 'guards', 'dogs']);
      expect(sides[1], via.join('/') || 'straight').toEqual({ ...clash[1], flee: 'lostHalf' });
      expect(sides[2]).toEqual({ name: 'dogs', combatants: [{ name: 'hound', count: 3 }] });
      expect(back.notes, via.join('/') || 'straight').toEqual([
        '“guards” as it was on “Violence: a whole battle”, {"name":"guards","combatants":[{"name":"guard","count":4}]}, is replaced by the one set on “Violence: one clash”: what was edited there was another item than this one',
      ]);
      ends.add(JSON.stringify(page.current));
    }
    expect(ends.size).toBe(1);
  });

  test('a rival added on the campaign, its rivals list started from its own template: an edit there does not take it out unsaid', () => {
    const ends = new Set<string>();
    for (const via of [[], ['viciousness', 'battle'], ['vdp', 'check']] as const) {
      const page = asThePage(newScenario('viciousness', 'campaign'));
      page.add(['setup', 'rivals'], { name: 'duke', rank: 2, designs: [{ severity: 'light' }] });
      page.go('viciousness', 'knowledge');
      page.go('viciousness', 'rivals');
      page.add(['setup', 'rivals'], { name: 'baron', rank: 1, designs: [{ severity: 'light' }] });
      page.current = withValue(page.current, ['setup', 'rivals', 0, 'rank'], 5) as Obj;
      if (via.length) page.go(via[0], via[1]);
      const back = page.go('viciousness', 'campaign');
      expect((page.current.setup as any).rivals, via.join('/') || 'straight').toEqual([
        { name: 'countess', rank: 5, designs: [{ severity: 'light' }, { severity: 'medium' }] },
        { name: 'duke', rank: 2, designs: [{ severity: 'light' }] },
        { name: 'baron', rank: 1, designs: [{ severity: 'light' }] },
      ]);
      expect(back.notes, via.join('/') || 'straight').toEqual([]);
      ends.add(JSON.stringify(page.current));
    }
    expect(ends.size).toBe(1);
  });


  // A memory's item whose name matches nothing in the list the other mechanic started from
  // its own template, the two lists as long: sameItems took it by place for the item
  // edited there, and the edit landed on it, unsaid (rivals [duke r2], the campaign's
  // countess ranked 6: back as duke r6; a battle's dogs said replaced by the clash's
  // guards, their flee put on the guards; the countess renamed "earl": the baron came back
  // as "earl"). An edit made on an item the memory does not hold is no edit of another of
  // its items: the memory's stays as the designer left it, and the edit is said.
  const campaignTitle = '“A campaign: company, troupes and rivals”';
  const notHeld = (label: string, item: unknown, on: string, called: string) =>
    `“${label}” as set on ${on}, ${JSON.stringify(item)}, did not come back: what was edited there is an item ${called} does not hold`;
  test('an edit made on another mechanic on an item the memory does not hold, the lists as long: not put on the memory\'s item at its place, said, by any route (rivals: a rank)', () => {
    const ends = new Set<string>();
    for (const via of [[], ['viciousness', 'knowledge'], ['vdp', 'check']] as const) {
      const at = via.join('/') || 'straight';
      const page = asThePage(newScenario('viciousness', 'rivals'));
      page.remove(['setup', 'rivals'], 0);
      page.add(['setup', 'rivals'], { name: 'duke', rank: 2, designs: [{ severity: 'light' }] });
      page.go('viciousness', 'knowledge');
      page.go('viciousness', 'campaign');
      page.current = withValue(page.current, ['setup', 'rivals', 0, 'rank'], 6) as Obj;
      const there = structuredClone((page.current.setup as any).rivals[0]);
      if (via.length) page.go(via[0], via[1]);
      const back = page.go('viciousness', 'rivals');
      expect((page.current.setup as any).rivals, at).toEqual([{ name: 'duke', rank: 2, designs: [{ severity: 'light' }] }]);
      expect(back.notes, at).toEqual([notHeld('countess', there, campaignTitle, '“Rivals over many turns”')]);
      ends.add(JSON.stringify(page.current));
    }
    expect(ends.size).toBe(1);
  });

  test('an edit made on another mechanic on an item the memory does not hold, the lists as long: no memory\'s item is said replaced, none gets another\'s fields (a battle: the guards\' captain)', () => {
    const ends = new Set<string>();
    for (const via of [[], ['viciousness', 'knowledge'], ['vdp', 'check']] as const) {
      const at = via.join('/') || 'straight';
      const page = asThePage(newScenario('viciousness', 'battle'));
      page.remove(['setup', 'sides'], 1);
      page.add(['setup', 'sides'], { name: 'dogs', flee: 'never', combatants: [{ name: 'hound', count: 3 }] });
      const battle = structuredClone(page.current.setup as any).sides;
      page.go('viciousness', 'knowledge');
      page.go('viciousness', 'clash');
      page.current = withValue(page.current, ['setup', 'sides', 1, 'combatants', 0, 'dice'], ['d8']) as Obj;
      const there = structuredClone((page.current.setup as any).sides[1]);
      if (via.length) page.go(via[0], via[1]);
      const back = page.go('viciousness', 'battle');
      expect((page.current.setup as any).sides, at).toEqual(battle);
      expect(back.notes, at).toEqual([notHeld('guards', there, '“Violence: one clash”', '“Violence: a whole battle”')]);
      ends.add(JSON.stringify(page.current));
    }
    expect(ends.size).toBe(1);
  });

  test('an edit made on another mechanic on an item the memory does not hold, the lists as long: a rename there is no rename of the memory\'s item at its place (rivals: "earl")', () => {
    const ends = new Set<string>();
    const baron = { name: 'baron', rank: 4, designs: [{ severity: 'light' }] };
    for (const via of [[], ['viciousness', 'knowledge'], ['vdp', 'check']] as const) {
      const at = via.join('/') || 'straight';
      const page = asThePage(withValue(newScenario('viciousness', 'rivals'), ['setup', 'rivals', 0], baron) as Obj);
      page.go('viciousness', 'knowledge');
      page.go('viciousness', 'campaign');
      page.current = withValue(page.current, ['setup', 'rivals', 0, 'name'], 'earl') as Obj;
      const there = structuredClone((page.current.setup as any).rivals[0]);
      if (via.length) page.go(via[0], via[1]);
      const back = page.go('viciousness', 'rivals');
      expect((page.current.setup as any).rivals, at).toEqual([baron]);
      expect(back.notes, at).toEqual([notHeld('earl', there, campaignTitle, '“Rivals over many turns”')]);
      ends.add(JSON.stringify(page.current));
    }
    expect(ends.size).toBe(1);
  });

  test('an edit said not to come back, the memory not holding its item, is said once, as last set there: not where the item was taken out there, or set back as it started', () => {
    const duke = { name: 'duke', rank: 2, designs: [{ severity: 'light' }] };
    const x = { name: 'x', rank: 1, designs: [{ severity: 'light' }] };
    const countess = (name: string, rank: number) => ({ name, rank, designs: [{ severity: 'light' }, { severity: 'medium' }] });
    const cases: [string, (page: ReturnType<typeof asThePage>) => void, unknown[], unknown[]][] = [
      ['ranked, then taken out there', (page) => { page.current = withValue(page.current, ['setup', 'rivals', 0, 'rank'], 6) as Obj; page.remove(['setup', 'rivals'], 0); }, [duke], []],
      ['ranked, a rival added, ranked again', (page) => {
        page.current = withValue(page.current, ['setup', 'rivals', 0, 'rank'], 6) as Obj;
        page.add(['setup', 'rivals'], x);
        page.current = withValue(page.current, ['setup', 'rivals', 0, 'rank'], 7) as Obj;
      }, [duke, x], [countess('countess', 7)]],
      ['renamed, a rival added, ranked', (page) => {
        page.current = withValue(page.current, ['setup', 'rivals', 0, 'name'], 'earl') as Obj;
        page.add(['setup', 'rivals'], x);
        page.current = withValue(page.current, ['setup', 'rivals', 0, 'rank'], 5) as Obj;
      }, [duke, x], [countess('earl', 5)]],
      ['ranked, a rival added, ranked back as it started', (page) => {
        page.current = withValue(page.current, ['setup', 'rivals', 0, 'rank'], 6) as Obj;
        page.add(['setup', 'rivals'], x);
        page.current = withValue(page.current, ['setup', 'rivals', 0, 'rank'], 3) as Obj;
      }, [duke, x], []],
    ];
    for (const [what, edit, rivals, said] of cases) {
      for (const via of [[], ['viciousness', 'knowledge']] as const) {
        const at = `${what}, ${via.join('/') || 'straight'}`;
        const page = asThePage(newScenario('viciousness', 'rivals'));
        page.remove(['setup', 'rivals'], 0);
        page.add(['setup', 'rivals'], duke);
        page.go('viciousness', 'knowledge');
        page.go('viciousness', 'campaign');
        edit(page);
        if (via.length) page.go(via[0], via[1]);
        const back = page.go('viciousness', 'rivals');
        expect((page.current.setup as any).rivals, at).toEqual(rivals);
        expect(back.notes, at).toEqual(said.map((item) => notHeld((item as Obj).name as string, item, campaignTitle, '“Rivals over many turns”')));
      }
    }
  });
  // The same by place for what asks of an item: a Vary row or the Compare change set on the
  // campaign's countess came back on the rivals' duke (straight back unsaid; by way of a
  // knowledge roll "back as set on … since", named the duke's). Of the item it was set on,
  // followed by name; where the memory does not hold it, left out, said.
  test('a Vary row or the Compare change set on another mechanic\'s item is not carried to the memory\'s item at its place; where it stands elsewhere, it follows it', () => {
    const duke = { name: 'duke', rank: 2, designs: [{ severity: 'light' }] };
    for (const held of [false, true]) {
      for (const via of [[], ['viciousness', 'knowledge'], ['vdp', 'check']] as const) {
        const at = `${held ? 'countess held second' : 'countess not held'}, ${via.join('/') || 'straight'}`;
        const page = asThePage(newScenario('viciousness', 'rivals'));
        if (held) page.add(['setup', 'rivals'], duke);
        if (held) page.current = withValue(page.current, ['setup', 'rivals'], [...(page.current.setup as any).rivals].reverse()) as Obj;
        else page.remove(['setup', 'rivals'], 0);
        if (!held) page.add(['setup', 'rivals'], duke);
        page.go('viciousness', 'knowledge');
        page.go('viciousness', 'campaign');
        page.current = { ...page.current, sweep: { 'setup.rivals.0.rank': [1, 2, 3] } };
        page.setCompare({ path: 'setup.rivals.0.rank', value: 5 } as CompareChange);
        if (via.length) page.go(via[0], via[1]);
        const back = page.go('viciousness', 'rivals');
        const said = back.notes.join(' | ');
        if (held) {
          expect((page.current.setup as any).rivals.map((r: Obj) => r.name), at).toEqual(['duke', 'countess']);
          expect(page.current.sweep, at).toEqual({ 'setup.rivals.1.rank': [1, 2, 3] });
          if (!via.length) expect(page.change, at).toEqual({ path: 'setup.rivals.1.rank', value: 5 });
        } else {
          expect((page.current.setup as any).rivals, at).toEqual([duke]);
          expect(page.current.sweep, at).toBeUndefined();
          expect(page.change, at).toBeUndefined();
          expect(said, at).not.toMatch(/duke/);
          if (!via.length) {
            expect(back.notes, at).toContain('the Vary row “countess › wealth rank” set on “A campaign: company, troupes and rivals” is left out: what it varied is not in the setup now, or not where it can be told');
            expect(back.dropped, at).toContain('the Compare change of setup.rivals.0.rank');
          }
        }
      }
    }
  });

  test('a Find question set on another mechanic asks, back, of the items it asked of there: never of the memory\'s item at their place', () => {
    // A clash's question of its guards' captain's count, straight back on a battle whose
    // guards were taken out and dogs added, asked of the dogs' hound count, said only as
    // "now asks of … wounded.crew". One of an item the battle holds elsewhere (the crew's
    // minions, the dogs put first) follows it.
    const dogs = { name: 'dogs', flee: 'never', combatants: [{ name: 'hound', count: 3 }] };
    for (const held of [false, true]) {
      const at = held ? 'the crew, held second' : 'the guards, not held';
      const q = { name: 'q', vary: held ? 'setup.sides.0.combatants.1.count' : 'setup.sides.1.combatants.0.count', values: [2, 3, 4, 5], metric: 'wounded.crew', target: 1 };
      const page = asThePage(newScenario('viciousness', 'battle'));
      page.remove(['setup', 'sides'], 1);
      page.add(['setup', 'sides'], dogs);
      if (held) page.current = withValue(page.current, ['setup', 'sides'], [...(page.current.setup as any).sides].reverse()) as Obj;
      page.go('viciousness', 'knowledge');
      page.go('viciousness', 'clash');
      page.current = { ...page.current, solve: [q] };
      const back = page.go('viciousness', 'battle');
      expect((page.current.setup as any).sides.map((s: Obj) => s.name), at).toEqual(held ? ['dogs', 'crew'] : ['crew', 'dogs']);
      if (held) {
        expect(page.current.solve, at).toEqual([{ ...q, vary: 'setup.sides.1.combatants.1.count' }]);
        expect(back.notes, at).toContain('the Find question "q" now asks of “Violence: a whole battle”\'s wounded.crew, where what it asks of now stands: check it still asks what you meant');
      } else {
        expect(page.current.solve, at).toBeUndefined();
        expect(back.dropped, at).toContain('the Find question "q" (setup.sides.1.combatants.0.count)');
      }
    }
  });

  test('a side added on a battle started from its own template is no edit of the clash\'s guards: they are not said replaced by the battle\'s untouched guards, by any route', () => {
    // The battle's guards' flee (a field the clash has not) read as an edit of them on the
    // battle: back on the clash, its guards (captain d6, minions) were the battle's
    // template's guard count of 4, said "replaced", though nobody touched them there.
    const clash = newScenario('viciousness', 'clash') as Obj;
    const x = { name: 'x', combatants: [{ name: 'captain', dice: ['d6'] }] };
    for (const via of [[], ['viciousness', 'knowledge'], ['vdp', 'check']] as const) {
      const at = via.join('/') || 'straight';
      const page = asThePage(clash);
      page.go('viciousness', 'knowledge');
      page.go('viciousness', 'battle');
      page.add(['setup', 'sides'], x);
      if (via.length) page.go(via[0], via[1]);
      const back = page.go('viciousness', 'clash');
      expect((page.current.setup as any).sides, at).toEqual([...(clash.setup as any).sides, x]);
      expect(back.notes, at).toEqual([]);
    }
  });

  test('a rename on another mechanic of an item the memory does hold is still followed, by any route', () => {
    // (i) The list carried there from the memory; (ii) the other mechanic's own template, its item of the same name.
    for (const carried of [true, false]) {
      const ends = new Set<string>();
      for (const via of [[], ['viciousness', 'knowledge'], ['vdp', 'check']] as const) {
        const at = `${carried ? 'carried' : 'template'}, ${via.join('/') || 'straight'}`;
        const page = asThePage(newScenario('viciousness', 'rivals'));
        if (!carried) page.go('viciousness', 'knowledge');
        page.go('viciousness', 'campaign');
        page.current = withValue(page.current, ['setup', 'rivals', 0, 'name'], 'earl') as Obj;
        if (via.length) page.go(via[0], via[1]);
        const back = page.go('viciousness', 'rivals');
        expect((page.current.setup as any).rivals, at).toEqual([{ name: 'earl', rank: 4, designs: [{ severity: 'light' }, { severity: 'medium' }] }]);
        expect(back.notes, at).toEqual([]);
        ends.add(JSON.stringify(page.current));
      }
      expect(ends.size).toBe(1);
    }
  });
  // A review of 21281a36: a side added on the clash, then the guards renamed "crew" there
  // (two sides of one name: refused, said). By way of a knowledge roll or a VDP basic check
  // the whole list was said again, "did not come back", though the side added came back and
  // the rest is the battle's own (the rename aside, said by its refusal); straight back, not.
  // With a memory's side the clash never held ("dogs", renamed to over the guards), the same.
  test('an edit refused inside a list edited whole on another mechanic is said once, the same by every route', () => {
    for (const dogs of [false, true]) {
      const said = new Set<string>();
      const ends = new Set<string>();
      for (const via of [[], ['viciousness', 'knowledge'], ['vdp', 'check']] as const) {
        const page = asThePage(newScenario('viciousness', 'battle'));
        if (dogs) page.add(['setup', 'sides'], { name: 'dogs', flee: 'never', combatants: [{ name: 'hound', count: 3 }] });
        page.go('viciousness', 'knowledge');
        page.go('viciousness', 'clash');
        page.add(['setup', 'sides'], { name: 'x', combatants: [{ name: 'captain', dice: ['d6'] }] });
        page.current = withValue(page.current, ['setup', 'sides', 1, 'name'], dogs ? 'dogs' : 'crew') as Obj;
        if (via.length) page.go(via[0], via[1]);
        const back = page.go('viciousness', 'battle');
        expect((page.current.setup as any).sides.map((s: Obj) => s.name), via.join('/') || 'straight').toEqual(dogs ? ['crew', 'guards', 'dogs', 'x'] : ['crew', 'guards', 'x']);
        expect(back.notes.filter((n) => n.includes('did not come back')), via.join('/') || 'straight').toEqual([]);
        expect(back.notes.filter((n) => n.includes('cannot take the')), via.join('/') || 'straight').toHaveLength(1);
        said.add(JSON.stringify(back.notes));
        ends.add(JSON.stringify(page.current));
      }
      expect(said.size).toBe(1);
      expect(ends.size).toBe(1);
    }
  });

  test('a list edited whole after an edit refused inside it: the list is taken with that edit left out, said once, whatever the order of the two', () => {
    // A clash started from its own template (by way of a knowledge roll); there "+ add side"
    // x, the guards renamed "crew" (a battle refuses two sides of one name), then x taken
    // out. Back on the battle, by any route: x was back ([crew, guards, x]), though taken
    // out there ("one taken out stays out"), the whole list said refused; the same two edits
    // the other way round gave [crew, guards], the rename alone said (a review). The removal
    // carried the refused rename in its list, and the list was refused whole. Likewise a side
    // y added after the rename: y did not come back, the whole list said refused.
    const renameSaid = '“guards › side” is back as it was on “Violence: a whole battle”, "guards": “Violence: a whole battle” cannot take the "crew" set on “Violence: one clash” since';
    const side = (name: string) => ({ name, combatants: [{ name: 'captain', dice: ['d6'] }] });
    const cases = {
      'x taken out': { names: ['crew', 'guards'], orders: { 'rename, then x taken out': ['add x', 'rename', 'remove x'], 'x taken out, then rename': ['add x', 'remove x', 'rename'] } },
      'y added': { names: ['crew', 'guards', 'y'], orders: { 'rename, then y added': ['rename', 'add y'], 'y added, then rename': ['add y', 'rename'] } },
    } as const;
    // Each case, order and route at once: the names back, and what is said.
    const got: Record<string, unknown> = {};
    const wanted: Record<string, unknown> = {};
    for (const [what, { names, orders }] of Object.entries(cases)) {
      const ends = new Set<string>();
      for (const [order, steps] of Object.entries(orders)) {
        for (const via of [[], ['viciousness', 'knowledge'], ['vdp', 'check']] as const) {
          const page = asThePage(newScenario('viciousness', 'battle'));
          page.go('viciousness', 'knowledge');
          page.go('viciousness', 'clash');
          for (const step of steps) {
            if (step === 'rename') page.current = withValue(page.current, ['setup', 'sides', 1, 'name'], 'crew') as Obj;
            else if (step === 'remove x') page.remove(['setup', 'sides'], 2);
            else page.add(['setup', 'sides'], side(step.slice(-1)));
          }
          if (via.length) page.go(via[0], via[1]);
          const back = page.go('viciousness', 'battle');
          const at = `${what}: ${order}, ${via.join('/') || 'straight'}`;
          got[at] = { sides: (page.current.setup as any).sides.map((s: Obj) => s.name), notes: back.notes, ok: checkScenario(page.current, 'battle.json').ok };
          wanted[at] = { sides: names, notes: [renameSaid], ok: true };
          ends.add(JSON.stringify(page.current));
        }
      }
      // The same file, key for key, whatever the order and the route.
      got[`${what}: files`] = ends.size;
      wanted[`${what}: files`] = 1;
    }
    // With the crew's marksman push (a battle of two sides only): y added after the rename,
    // the list is taken without the push, and both are said, as in the other order.
    const battle = structuredClone(newScenario('viciousness', 'battle')) as any;
    battle.setup.sides[0].marksmanPush = 'first';
    battle.setup.sides[0].combatants[0].traits = ['marksman'];
    const ends = new Set<string>();
    for (const order of ['rename, then y added', 'y added, then rename']) {
      for (const via of [[], ['viciousness', 'knowledge'], ['vdp', 'check']] as const) {
        const page = onTemplateClash(battle);
        const rename = () => { page.current = withValue(page.current, ['setup', 'sides', 1, 'name'], 'crew') as Obj; };
        if (order.startsWith('rename')) { rename(); page.add(['setup', 'sides'], side('y')); } else { page.add(['setup', 'sides'], side('y')); rename(); }
        if (via.length) page.go(via[0], via[1]);
        const back = page.go('viciousness', 'battle');
        const at = `the push: ${order}, ${via.join('/') || 'straight'}`;
        got[at] = { sides: (page.current.setup as any).sides.map((s: Obj) => [s.name, s.marksmanPush]), notes: back.notes.map((n) => (n.startsWith('“crew › Marksman’s push” "first", as it was on “Violence: a whole battle”, cannot come back: ') ? 'the push' : n)) };
        wanted[at] = { sides: [['crew', undefined], ['guards', undefined], ['y', undefined]], notes: [renameSaid, 'the push'] };
        ends.add(JSON.stringify(page.current));
      }
    }
    got['the push: files'] = ends.size;
    wanted['the push: files'] = 1;
    expect(got).toEqual(wanted);
  });

  test('a side taken out after renames refused inside the list: the side stays out, each rename made again where the list now takes it, the rest said', () => {
    // A battle's dogs added; on a clash (the sides carried), the guards renamed "dogs"
    // (refused: two dogs), then the crew taken out: the renamed guards move up a place. Back
    // on the battle the crew was back, the whole list said refused. And the guards renamed
    // "crew", the dogs "crew" too (both refused), then the crew taken out: the guards'
    // "crew" is taken once the crew is out, the dogs' still not. Each as the other order
    // gives it (the crew taken out first), by every route.
    const battle = structuredClone(newScenario('viciousness', 'battle')) as any;
    battle.setup.sides.push({ name: 'dogs', flee: 'never', combatants: [{ name: 'hound', count: 3 }] });
    const cases = {
      'guards renamed "dogs"': {
        sides: [['guards', 'lostHalf'], ['dogs', 'never']],
        said: '“guards › side” is "guards": “Violence: a whole battle” cannot take the "dogs" set on “Violence: one clash” since',
        orders: [[['name', 1, 'dogs'], ['remove', 0]], [['remove', 0], ['name', 0, 'dogs']]],
      },
      'guards and dogs renamed "crew"': {
        sides: [['crew', 'lostHalf'], ['dogs', 'never']],
        said: '“dogs › side” is "dogs": “Violence: a whole battle” cannot take the "crew" set on “Violence: one clash” since',
        orders: [[['name', 1, 'crew'], ['name', 2, 'crew'], ['remove', 0]], [['remove', 0], ['name', 0, 'crew'], ['name', 1, 'crew']]],
      },
    } as const;
    const got: Record<string, unknown> = {};
    const wanted: Record<string, unknown> = {};
    for (const [what, { sides, said, orders }] of Object.entries(cases)) {
      const ends = new Set<string>();
      for (const [n, steps] of orders.entries()) {
        for (const via of [[], ['viciousness', 'knowledge'], ['vdp', 'check']] as const) {
          const page = asThePage(battle);
          page.go('viciousness', 'clash');
          for (const [op, i, name] of steps as readonly (readonly [string, number, string?])[]) {
            if (op === 'remove') page.remove(['setup', 'sides'], i);
            else page.current = withValue(page.current, ['setup', 'sides', i, 'name'], name) as Obj;
          }
          if (via.length) page.go(via[0], via[1]);
          const back = page.go('viciousness', 'battle');
          const at = `${what}, ${n === 0 ? 'the crew taken out last' : 'the crew taken out first'}, ${via.join('/') || 'straight'}`;
          // Straight back from the clash, which holds the list as made, the list is said whole,
          // as a switch straight from there says any list it cannot take.
          const notes = via.length ? back.notes : back.notes.map((note) => (/^“sides” is .*: “Violence: a whole battle” cannot take the \[.*\] set on “Violence: one clash” since$/.test(note) ? 'the list' : note));
          got[at] = { sides: (page.current.setup as any).sides.map((s: Obj) => [s.name, s.flee]), notes, ok: checkScenario(page.current, 'battle.json').ok };
          wanted[at] = { sides, notes: [via.length ? said : 'the list'], ok: true };
          ends.add(JSON.stringify(page.current));
        }
      }
      got[`${what}: files`] = ends.size;
      wanted[`${what}: files`] = 1;
    }
    expect(got).toEqual(wanted);
  });

  // A review of 948e1619: a memory's item said replaced by the one set on the clash, that
  // one then taken out there: the note said a replacement the list that came back does not
  // hold. Taken out there, it stays out, as any side taken out there (nothing to say).
  test('a memory\'s item replaced on the other mechanic and then taken out there is not said replaced', () => {
    const battle = typedGuardsBattle();
    for (const via of [[], ['viciousness', 'knowledge']] as const) {
      const page = onTemplateClash(battle);
      page.current = withValue(page.current, ['setup', 'sides', 1, 'combatants', 0, 'dice'], ['d8']) as Obj;
      page.add(['setup', 'sides'], { name: 'dogs', combatants: [{ name: 'hound', count: 3 }] });
      page.remove(['setup', 'sides'], 1);
      if (via.length) page.go(via[0], via[1]);
      const back = page.go('viciousness', 'battle');
      expect((page.current.setup as any).sides.map((s: Obj) => s.name)).toEqual(['crew', 'dogs']);
      expect(back.notes.filter((n) => n.includes('is replaced by')), via.join('/') || 'straight').toEqual([]);
    }
  });

  test('a refusal note names the value as the designer last set it, not as it was when refused', () => {
    // On a clash "+ add side" (its captain's count 0, which a battle refuses), the new side
    // then renamed "y"; by way of a knowledge roll the battle refused the list, and said it
    // could not take the list with a side named "others" (a review).
    const fleeing = withValue(newScenario('viciousness', 'battle'), ['setup', 'sides', 1, 'flee'], 'outnumbered') as Obj;
    const page = asThePage(fleeing);
    page.go('viciousness', 'clash');
    page.add(['setup', 'sides'], { name: 'others', combatants: [{ name: 'captain', count: 0 }] });
    page.current = withValue(page.current, ['setup', 'sides', 2, 'name'], 'y') as Obj;
    const clash = (page.current.setup as any).sides;
    page.go('viciousness', 'knowledge');
    const back = page.go('viciousness', 'battle');
    expect(JSON.stringify(page.current)).toBe(JSON.stringify(fleeing));
    expect(back.notes).toEqual([
      `“sides” is back as it was on “Violence: a whole battle”, ${JSON.stringify((fleeing.setup as any).sides)}: “Violence: a whole battle” cannot take the ${JSON.stringify(clash)} set on “Violence: one clash” since`,
    ]);
  });

  test('a rule set or taken out on another mechanic of the system comes back as last set, by way of another system', () => {
    // A battle's hit "exact4", set to "4+" on a clash, by way of a basic check: the battle
    // came back with "exact4", said as "back as it was".
    const battle = withValue(newScenario('viciousness', 'battle'), ['rules', 'hitOn'], 'exact4') as Obj;
    const page = asThePage(battle);
    page.go('viciousness', 'clash');
    page.current = withValue(page.current, ['rules', 'hitOn'], '4+') as Obj;
    page.go('vdp', 'check');
    const back = page.go('viciousness', 'battle');
    expect(page.current.rules).toEqual({ hitOn: '4+' });
    expect(back.notes).toEqual(['the rule “a hit is” is back as set on “Violence: one clash” since']);
    // Taken out on the clash: it stays out.
    const out = asThePage(battle);
    out.go('viciousness', 'clash');
    out.current = { ...out.current, rules: {} };
    out.go('vdp', 'check');
    expect(out.go('viciousness', 'battle').notes).toEqual([]);
    expect(out.current.rules).toEqual({});
    // Nothing edited: as it was, said as before.
    const same = asThePage(battle);
    same.go('viciousness', 'clash');
    same.go('vdp', 'check');
    expect(same.go('viciousness', 'battle').notes).toEqual(['the rule “a hit is” is back as it was on “Violence: a whole battle”']);
    expect(JSON.stringify(same.current)).toBe(JSON.stringify(battle));
  });

  test('a Vary row taken out or changed on another mechanic comes back as last set', () => {
    // A battle's Vary row of the guards' count, taken out on a clash: back on the battle it
    // came back, "back as it was"; changed there to 5 and 6, by way of a knowledge roll, it
    // came back as 2, 3 and 4.
    const battle = { ...newScenario('viciousness', 'battle'), sweep: { 'setup.sides.1.combatants.0.count': [2, 3, 4] } } as Obj;
    expect(checkScenario(battle, 'battle.json').ok).toBe(true);
    const out = asThePage(battle);
    out.go('viciousness', 'clash');
    const { sweep: _row, ...rest } = out.current;
    out.current = rest;
    expect(out.go('viciousness', 'battle').notes).toEqual([]);
    expect(out.current.sweep).toBeUndefined();
    const changed = asThePage(battle);
    changed.go('viciousness', 'clash');
    changed.current = { ...changed.current, sweep: { 'setup.sides.1.combatants.0.count': [5, 6] } };
    changed.go('viciousness', 'knowledge');
    const back = changed.go('viciousness', 'battle');
    expect(changed.current.sweep).toEqual({ 'setup.sides.1.combatants.0.count': [5, 6] });
    expect(back.notes).toEqual(['the Vary row “guards › guard › how many” is back as set on “Violence: one clash” since']);
    // Nothing changed: as it was, said as before, the same file.
    const same = asThePage(battle);
    same.go('viciousness', 'knowledge');
    expect(same.go('viciousness', 'battle').notes).toEqual(['the Vary row “guards › guard › how many” is back as it was on “Violence: a whole battle”']);
    expect(JSON.stringify(same.current)).toBe(JSON.stringify(battle));
  });

  test('a Vary row set on another mechanic the page left this one for comes back, as a rule set there does', () => {
    // A clash's row of the guards' count and its rule "leftover hits go to", both left out of
    // a knowledge roll: back on the battle, the rule came back, "as set on the clash", the row
    // did not (a review).
    const page = asThePage(newScenario('viciousness', 'battle') as Obj);
    page.go('viciousness', 'clash');
    page.current = { ...page.current, rules: { targeting: 'random' }, sweep: { 'setup.sides.1.combatants.0.count': [5, 6] } };
    page.go('viciousness', 'knowledge');
    const back = page.go('viciousness', 'battle');
    expect(page.current.rules).toEqual({ targeting: 'random' });
    expect(page.current.sweep).toEqual({ 'setup.sides.1.combatants.0.count': [5, 6] });
    expect(back.notes).toContain('the Vary row “guards › guard › how many” is back as set on “Violence: one clash” since');
    expect(checkScenario(page.current, 'battle.json').ok).toBe(true);
    // One the battle cannot take (a row of a check's modifier, by way of a clash) stays out,
    // said when it was left out.
    const other = asThePage(newScenario('viciousness', 'battle') as Obj);
    other.go('vdp', 'check');
    other.current = { ...other.current, sweep: { 'setup.modifier': [1, 2] } };
    other.go('viciousness', 'knowledge');
    const none = other.go('viciousness', 'battle');
    expect(other.current.sweep).toBeUndefined();
    expect(none.notes).toEqual([]);
  });

  test('a Vary row follows its item by name where the item moved on another mechanic, or is left out, said: never on another item, never "as it was" where it is not', () => {
    // A battle's row of the guards' count, carried to a clash, the sides swapped there: back
    // on the battle, straight or by way of a knowledge roll, it varied the crew captain's
    // count, said "“crew › captain › how many” is back as it was" (a review).
    const battle = { ...newScenario('viciousness', 'battle'), sweep: { 'setup.sides.1.combatants.0.count': [2, 3, 4] } } as Obj;
    for (const via of [['viciousness', 'knowledge'], []] as const) {
      const page = asThePage(battle);
      page.go('viciousness', 'clash');
      const [crew, guards] = (page.current.setup as any).sides;
      page.current = withValue(page.current, ['setup', 'sides'], [guards, crew]) as Obj;
      if (via.length) page.go(via[0], via[1]);
      const back = page.go('viciousness', 'battle');
      expect((page.current.setup as any).sides.map((s: Obj) => s.name), via.join('/')).toEqual(['guards', 'crew']);
      expect(page.current.sweep, via.join('/')).toEqual({ 'setup.sides.0.combatants.0.count': [2, 3, 4] });
      expect(back.notes.join(' '), via.join('/')).not.toContain('crew › captain');
      expect(back.notes.some((n) => n.startsWith('the Vary row “guards › guard › how many” is back as it was')), via.join('/')).toBe(true);
      expect(checkScenario(page.current, 'battle.json').ok).toBe(true);
    }
    // As the page does it: a row the clash cannot take (the guards' flee, left out there),
    // the crew removed on the clash and a crew added after the guards: it came back on the
    // new crew's flee, "back as it was".
    const fleeing = { ...newScenario('viciousness', 'battle'), sweep: { 'setup.sides.1.flee': ['never', 'lostHalf'] } } as Obj;
    const crewAgain = { name: 'crew', combatants: [{ name: 'captain', dice: ['d4'] }] };
    const page = asThePage(fleeing);
    page.go('viciousness', 'clash');
    page.current = removeItem(page.current, ['setup', 'sides'], 0, undefined).scenario;
    page.current = withValue(page.current, ['setup', 'sides', 1], crewAgain) as Obj;
    const back = page.go('viciousness', 'battle');
    expect(page.current.sweep).toEqual({ 'setup.sides.0.flee': ['never', 'lostHalf'] });
    expect(back.notes).toEqual(['the Vary row “guards › flees” is back as it was on “Violence: a whole battle”']);
    // The guards removed there, and two sides added: which of them they became it cannot
    // tell, so the row is left out, said (it came back on the side at their old place).
    const gone = asThePage(fleeing);
    gone.go('viciousness', 'clash');
    gone.current = removeItem(gone.current, ['setup', 'sides'], 1, undefined).scenario;
    gone.current = withValue(gone.current, ['setup', 'sides'], [...(gone.current.setup as any).sides, { name: 'dogs', combatants: [{ name: 'dog', count: 2 }] }, { name: 'cats', combatants: [{ name: 'cat', count: 2 }] }]) as Obj;
    const none = gone.go('viciousness', 'battle');
    expect(gone.current.sweep).toBeUndefined();
    expect(none.notes).toEqual(['the Vary row “guards › flees” set on “Violence: a whole battle” is left out: what it varied is not in the setup now, or not where it can be told']);
    // The crew taken out and "+ add side" pressed (a side "others", after the guards): one
    // name gone, one new, but not the same side renamed: the row of the crew's flee is left
    // out, said, not put on the new side's flee (a review).
    const crewFlee = { ...newScenario('viciousness', 'battle'), sweep: { 'setup.sides.0.flee': ['never', 'lostHalf'] } } as Obj;
    const added = asThePage(crewFlee);
    added.go('viciousness', 'clash');
    added.current = removeItem(added.current, ['setup', 'sides'], 0, undefined).scenario;
    added.current = withValue(added.current, ['setup', 'sides', 1], { name: 'others', combatants: [{ name: 'captain' }] }) as Obj;
    const other = added.go('viciousness', 'battle');
    expect(added.current.sweep).toBeUndefined();
    expect(other.notes).toEqual(['the Vary row “crew › flees” set on “Violence: a whole battle” is left out: what it varied is not in the setup now, or not where it can be told']);
    // Renamed alone (the watch), all else the same: the row follows it.
    const watch = asThePage(fleeing);
    watch.go('viciousness', 'clash');
    watch.current = withValue(watch.current, ['setup', 'sides', 1, 'name'], 'watch') as Obj;
    watch.go('viciousness', 'knowledge');
    watch.go('viciousness', 'battle');
    expect(watch.current.sweep).toEqual({ 'setup.sides.1.flee': ['never', 'lostHalf'] });
  });

  test('a side taken out and another added at its place is a new side, not the old one renamed: nothing of the old one comes to it (the page records the removal as an edit of its own)', () => {
    // The guards (a Medic's aid, 2 medics, a row of their flee) taken out on a clash, the
    // last side, and "+ add side" pressed: the new side stood where the guards had, its
    // name new and theirs gone, and back on the battle it had their aid and medics, and
    // the row varied its flee, "back as it was", nothing said (a review).
    const guardsSet = { ...withValue(withValue(newScenario('viciousness', 'battle'), ['setup', 'sides', 1, 'aid'], 'medic'), ['setup', 'sides', 1, 'medics'], 2), sweep: { 'setup.sides.1.flee': ['never', 'lostHalf'] } } as Obj;
    const others = { name: 'others', combatants: [{ name: 'captain' }] };
    for (const via of [['viciousness', 'knowledge'], []] as const) {
      const page = asThePage(guardsSet);
      page.go('viciousness', 'clash');
      page.remove(['setup', 'sides'], 1);
      page.add(['setup', 'sides'], others);
      if (via.length) page.go(via[0], via[1]);
      const back = page.go('viciousness', 'battle');
      expect((page.current.setup as any).sides.at(-1), via.join('/')).toEqual(others);
      expect(page.current.sweep, via.join('/')).toBeUndefined();
      expect(back.notes, via.join('/')).toEqual(['the Vary row “guards › flees” set on “Violence: a whole battle” is left out: what it varied is not in the setup now, or not where it can be told']);
      expect(checkScenario(page.current, 'battle.json').ok).toBe(true);
      // Renamed there instead (the watch), its guard count changed too: the same side, its
      // aid, medics and row with it.
      const renamed = asThePage(guardsSet);
      renamed.go('viciousness', 'clash');
      renamed.current = withValue(withValue(renamed.current, ['setup', 'sides', 1, 'name'], 'watch'), ['setup', 'sides', 1, 'combatants', 0, 'count'], 5) as Obj;
      if (via.length) renamed.go(via[0], via[1]);
      renamed.go('viciousness', 'battle');
      expect((renamed.current.setup as any).sides[1], via.join('/')).toEqual({ name: 'watch', flee: 'lostHalf', aid: 'medic', medics: 2, combatants: [{ name: 'guard', count: 5 }] });
      expect(renamed.current.sweep, via.join('/')).toEqual({ 'setup.sides.1.flee': ['never', 'lostHalf'] });
    }
    // As the page names them: a side added on the battle ("others", fleeing never), taken
    // out on the clash and "+ add side" pressed, which names the new one "others" again:
    // the same name, not the same side (it fled never, as the one taken out).
    const three = withValue(newScenario('viciousness', 'battle'), ['setup', 'sides', 2], { ...others, flee: 'never' }) as Obj;
    const again = asThePage(three);
    again.go('viciousness', 'clash');
    again.remove(['setup', 'sides'], 2);
    again.add(['setup', 'sides'], others);
    expect(again.go('viciousness', 'battle').notes).toEqual([]);
    expect((again.current.setup as any).sides.map((s: Obj) => [s.name, s.flee])).toEqual([['crew', undefined], ['guards', 'lostHalf'], ['others', undefined]]);
  });

  test('a side renamed is one rule for its own fields and for the Vary row that follows it: both sides renamed and swapped, the row goes with the flee of its side', () => {
    // The crew fleeing when outnumbered, a row of the guards' flee; on a clash both renamed
    // (mob, watch) and swapped. The row followed by place (gone two, new two): it came back
    // on the mob's flee, the crew's, "back as it was"; the edit record read the swap as two
    // renamed in place, and the watch fled as the crew had (three rules of "renamed").
    const battle = { ...withValue(newScenario('viciousness', 'battle'), ['setup', 'sides', 0, 'flee'], 'outnumbered'), sweep: { 'setup.sides.1.flee': ['never', 'lostHalf'] } } as Obj;
    for (const via of [['viciousness', 'knowledge'], []] as const) {
      const page = asThePage(battle);
      page.go('viciousness', 'clash');
      const [crew, guards] = (page.current.setup as any).sides;
      page.current = withValue(page.current, ['setup', 'sides'], [{ ...guards, name: 'watch' }, { ...crew, name: 'mob' }]) as Obj;
      if (via.length) page.go(via[0], via[1]);
      const back = page.go('viciousness', 'battle');
      expect((page.current.setup as any).sides.map((s: Obj) => [s.name, s.flee]), via.join('/')).toEqual([['watch', 'lostHalf'], ['mob', 'outnumbered']]);
      expect(page.current.sweep, via.join('/')).toEqual({ 'setup.sides.0.flee': ['never', 'lostHalf'] });
      expect(back.notes.filter((n) => n.startsWith('the Vary row')), via.join('/')).toEqual(['the Vary row “watch › flees” is back as it was on “Violence: a whole battle”']);
    }
  });

  test('a Find question follows the items it asks of by name where they moved on another mechanic, or is left out, said', () => {
    // A battle's question of the guards' count, its sides swapped on a clash: back on the
    // battle it asked of the crew captain's count, "back as it was" (a review).
    const q = { name: 'q', vary: 'setup.sides.1.combatants.0.count', values: [2, 3, 4, 5], metric: 'wounded.crew', target: 1 };
    const battle = { ...newScenario('viciousness', 'battle'), solve: [{ ...q, expect: { equals: 3 } }] } as Obj;
    for (const via of [['viciousness', 'knowledge'], []] as const) {
      const page = asThePage(battle);
      page.go('viciousness', 'clash');
      const [crew, guards] = (page.current.setup as any).sides;
      page.current = withValue(page.current, ['setup', 'sides'], [guards, crew]) as Obj;
      if (via.length) page.go(via[0], via[1]);
      const back = page.go('viciousness', 'battle');
      expect(page.current.solve, via.join('/')).toEqual([{ ...q, vary: 'setup.sides.0.combatants.0.count', expect: { equals: 3 } }]);
      expect(back.notes, via.join('/')).toContain(`the Find question "q" is back as it was on “Violence: a whole battle”${via.length ? '' : ', its expect too'}, where what it asks of now stands`);
      expect(checkScenario(page.current, 'battle.json').ok).toBe(true);
    }
    // The guards taken out there and two sides added: which is theirs it cannot tell, so
    // the question is left out, said.
    const gone = asThePage(battle);
    gone.go('viciousness', 'clash');
    const [crew] = (gone.current.setup as any).sides;
    gone.current = withValue(gone.current, ['setup', 'sides'], [crew, { name: 'dogs', combatants: [{ name: 'dog', count: 2 }] }, { name: 'cats', combatants: [{ name: 'cat', count: 2 }] }]) as Obj;
    gone.go('viciousness', 'knowledge');
    const none = gone.go('viciousness', 'battle');
    expect(gone.current.solve).toBeUndefined();
    expect(none.notes.filter((n) => n.includes('Find'))).toEqual(['the Find question "q" set on “Violence: a whole battle” is left out: what it asks of is not in the setup now, or not where it can be told']);
  });

  test('a Find question taken out or changed on another mechanic comes back as last set', () => {
    // A battle's question, carried to a clash (its expect left behind) and taken out there,
    // came back to the battle, "back as it was"; changed there (its target 2), it came back
    // as asked on the battle by way of a knowledge roll, and straight back it was said as
    // one that "cannot come back" (its name now the changed one's).
    const q = { name: 'q', vary: 'setup.sides.1.combatants.0.count', values: [2, 3, 4, 5], metric: 'wounded.crew', target: 1 };
    const battle = { ...newScenario('viciousness', 'battle'), solve: [{ ...q, expect: { equals: 3 } }] } as Obj;
    expect(checkScenario(battle, 'battle.json').ok).toBe(true);
    for (const via of [['viciousness', 'knowledge'], []] as const) {
      const out = asThePage(battle);
      out.go('viciousness', 'clash');
      expect(out.current.solve, via.join('/')).toEqual([q]);
      const { solve: _q, ...rest } = out.current;
      out.current = rest;
      if (via.length) out.go(via[0], via[1]);
      const gone = out.go('viciousness', 'battle');
      expect(out.current.solve, via.join('/')).toBeUndefined();
      expect(gone.notes.filter((n) => n.includes('Find')), via.join('/')).toEqual([]);
      const changed = asThePage(battle);
      changed.go('viciousness', 'clash');
      changed.current = { ...changed.current, solve: [{ ...q, target: 2 }] };
      if (via.length) changed.go(via[0], via[1]);
      const back = changed.go('viciousness', 'battle');
      expect(changed.current.solve, via.join('/')).toEqual([{ ...q, target: 2 }]);
      expect(back.notes.filter((n) => n.includes('cannot')), via.join('/')).toEqual([]);
      if (via.length) expect(back.notes).toContain('the Find question "q" is back as set on “Violence: one clash” since');
    }
    // Nothing changed: as it was, its expect too, the same file.
    const same = asThePage(battle);
    same.go('viciousness', 'clash');
    same.go('viciousness', 'knowledge');
    expect(same.go('viciousness', 'battle').notes).toEqual(['the Find question "q" is back as it was on “Violence: a whole battle”']);
    expect(JSON.stringify(same.current)).toBe(JSON.stringify(battle));
  });

  test('a Compare change back after a detour is said against A’s value as it now is, where that is not what it was', () => {
    // A basic check's advantage 1, B at 2, through an opposed check (which has neither) to a
    // risky check: B at 2 was now against the risky check's 0, said only as "back".
    const check = withValue(newScenario('vdp', 'check'), ['setup', 'advantage'], 1) as Obj;
    const change = { path: 'setup.advantage', value: 2 };
    const page = asThePage(check, change);
    page.go('vdp', 'opposed');
    const risky = page.go('vdp', 'risky');
    expect(page.change).toEqual(change);
    expect(risky.notes).toEqual(["the Compare change of “advantage dice” left out before is back, against A's 0 now (it was 1 when it was left out): check it still compares what you meant"]);
    // Back where A is as it was, nothing more to say.
    const same = asThePage(check, change);
    same.go('vdp', 'opposed');
    expect(same.go('vdp', 'check').notes).toEqual(['the Compare change of “advantage dice” left out before is back']);
  });

  test('a Compare change left out and back after a detour follows its item by name where the item moved, or is left out, said, as a Vary row does', () => {
    // A battle's B with the guards fleeing never, left out of a clash (no flee there), its
    // sides swapped there: back on the battle, B had the crew (fleeing when outnumbered)
    // fleeing never, "back".
    const battle = withValue(newScenario('viciousness', 'battle'), ['setup', 'sides', 0, 'flee'], 'outnumbered') as Obj;
    const change = { path: 'setup.sides.1.flee', value: 'never' };
    for (const via of [['viciousness', 'knowledge'], []] as const) {
      const page = asThePage(battle, change);
      expect(page.go('viciousness', 'clash').dropped, via.join('/')).toContain('the Compare change of setup.sides.1.flee');
      const [crew, guards] = (page.current.setup as any).sides;
      page.current = withValue(page.current, ['setup', 'sides'], [guards, crew]) as Obj;
      if (via.length) page.go(via[0], via[1]);
      const back = page.go('viciousness', 'battle');
      expect((page.current.setup as any).sides.map((s: Obj) => s.name), via.join('/')).toEqual(['guards', 'crew']);
      expect(page.change, via.join('/')).toEqual({ path: 'setup.sides.0.flee', value: 'never' });
      expect(back.notes, via.join('/')).toContain('the Compare change of “guards › flees” left out before is back, where its item now stands');
    }
    // The guards taken out there and another side added: which is theirs it cannot tell
    // (the new one is not them), so it is not put on the new side's flee: left out, said.
    const gone = asThePage(battle, change);
    gone.go('viciousness', 'clash');
    gone.remove(['setup', 'sides'], 1);
    gone.add(['setup', 'sides'], { name: 'others', combatants: [{ name: 'captain' }] });
    const none = gone.go('viciousness', 'battle');
    expect(gone.change).toBeUndefined();
    expect(none.notes).toContain('the Compare change of “guards › flees” left out before cannot come back: what it changed is not in the setup now, or not where it can be told');
  });

  test('a Vary row of one die of a dice list comes back from a round trip with nothing edited (it was left out, "not in the setup now")', () => {
    // A file's row of the crew captain's second die: dice are no items with names, and
    // the one rule of "the same item" paired objects only, so the row could follow nothing.
    const battle = { ...withValue(newScenario('viciousness', 'battle'), ['setup', 'sides', 0, 'combatants', 0, 'dice'], ['d4', 'd6']), sweep: { 'setup.sides.0.combatants.0.dice.1': ['d6', 'd8'] } } as Obj;
    expect(checkScenario(battle, 'battle.json').ok).toBe(true);
    for (const via of [['viciousness', 'clash'], ['viciousness', 'knowledge']] as const) {
      const page = asThePage(battle);
      page.go(via[0], via[1]);
      const back = page.go('viciousness', 'battle');
      expect(page.current.sweep, via.join('/')).toEqual(battle.sweep);
      expect(back.notes.filter((n) => n.includes('Vary row') && n.includes('left out')), via.join('/')).toEqual([]);
    }
  });

  test('a Compare change said unable to come back does not come back on a later trip, on the side added where its item was', () => {
    // The guards' B (fleeing when outnumbered) left out of a clash, the guards taken out
    // there and "others" added: back on the battle, it cannot come back, said. Once more
    // to the clash and back, nothing edited: it came back on the others' flee, "left out
    // before is back", followed straight from the battle as it was when it was left out,
    // where the others stand in the guards' place (a review).
    const battle = withValue(newScenario('viciousness', 'battle'), ['setup', 'sides', 0, 'flee'], 'lostHalf') as Obj;
    for (const via of [['viciousness', 'clash'], ['viciousness', 'knowledge']] as const) {
      const page = asThePage(battle, { path: 'setup.sides.1.flee', value: 'outnumbered' });
      page.go('viciousness', 'clash');
      page.remove(['setup', 'sides'], 1);
      page.add(['setup', 'sides'], { name: 'others', combatants: [{ name: 'captain' }] });
      expect(page.go('viciousness', 'battle').notes).toContain('the Compare change of “guards › flees” left out before cannot come back: what it changed is not in the setup now, or not where it can be told');
      page.go(via[0], via[1]);
      const again = page.go('viciousness', 'battle');
      expect(page.change, via.join('/')).toBeUndefined();
      expect(again.notes.filter((n) => n.includes('Compare change')), via.join('/')).toEqual([]);
    }
  });

  test('a field carried to a mechanic with the rest of its group, and taken out there, is not brought back from the memory it came from (what `marked` is for)', () => {
    // Switches as a caller makes them with no record of the edits: only `untouched` says
    // that the contest's passion 3, carried to the conflict with its side, was held there.
    const c1 = switchMechanic(newScenario('sorcerer', 'conflict'), 'sorcerer', 'contest', undefined);
    const contest = withValue(c1.scenario, ['setup', 'a', 'passion'], 3) as Obj;
    const conflict = switchMechanic(contest, 'sorcerer', 'conflict', undefined, newScenario('sorcerer', 'conflict'), c1.untouched, undefined, undefined);
    expect((conflict.scenario.setup as any).a.passion).toBe(3);
    const cleared = withValue(conflict.scenario, ['setup', 'a', 'passion'], undefined) as Obj;
    const back = switchMechanic(cleared, 'sorcerer', 'contest', undefined, contest, conflict.untouched, undefined, c1.untouched);
    expect((back.scenario.setup as any).a).not.toHaveProperty('passion');
  });

  test('random edits on other mechanics, then a switch back through one without the field: each field as last set, or said (seeded)', async () => {
    const { forms, formFor } = await import('../reports/fields/index.ts');
    const { fieldAt, leaves, shownDefault } = await import('../reports/fields/spec.ts');
    const { getAt, joinPath } = await import('../reports/fields/paths.ts');
    let seed = 11;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
    const failures: string[] = [];
    let checked = 0;
    for (let run = 0; run < 80; run++) {
      const home = pick(forms);
      const others = forms.filter((f) => f.system === home.system && f !== home);
      if (others.length === 0) continue;
      const page = asThePage(newScenario(home.system, home.mechanic));
      const there = pick(others);
      page.go(there.system, there.mechanic);
      const arrived = page.current;
      // Edits, on the other mechanic, of fields this one has too: the latest of each, as the
      // test keeps it (one set and then set back as it was there is no change).
      const latest = new Map<string, { path: (string | number)[]; value: unknown }>();
      for (let i = 0; i < 3; i++) {
        const shared = leaves(there.fields, page.current.setup).filter((l) => fieldAt(home.fields, l.path.slice(1), undefined) && (l.field.kind === 'number' || l.field.kind === 'choice'));
        if (shared.length === 0) break;
        const leaf = pick(shared);
        const f = leaf.field;
        const value = f.kind === 'number' ? pick([undefined, 1, 2, 3, shownDefault(f)]) : f.kind === 'choice' ? pick(f.options).value : undefined;
        const next = withValue(page.current, leaf.path, value) as Obj;
        // One set to what it is already is no edit (the template's value left as it was).
        if (!checkScenario(next, 'x.json').ok || JSON.stringify(getAt(next, leaf.path)) === JSON.stringify(getAt(page.current, leaf.path))) continue;
        page.current = next;
        latest.set(joinPath(leaf.path), { path: leaf.path, value });
      }
      for (const [at, { path }] of latest) if (JSON.stringify(getAt(page.current, path)) === JSON.stringify(getAt(arrived, path))) latest.delete(at);
      // Through a mechanic that has none of them.
      const away = forms.find((f) => [...latest.values()].every((e) => !fieldAt(f.fields, e.path.slice(1), undefined)));
      if (!away || latest.size === 0) continue;
      page.go(away.system, away.mechanic);
      const back = page.go(home.system, home.mechanic);
      const form = formFor(home.system, home.mechanic)!;
      for (const [at, { path, value }] of latest) {
        if (getAt(page.current, path.slice(0, -1)) === undefined) continue;
        checked++;
        const now = getAt(page.current, path);
        const label = fieldAt(form.fields, path.slice(1), page.current.setup)!.field.label;
        if (JSON.stringify(now) !== JSON.stringify(value) && !back.notes.some((n) => n.includes(label))) {
          failures.push(`${home.mechanic} → ${there.mechanic}: ${at}=${JSON.stringify(value)} → ${away.mechanic} → back: ${JSON.stringify(now)}, said ${JSON.stringify(back.notes)}`);
        }
      }
    }
    expect(checked).toBeGreaterThan(20);
    expect(failures).toEqual([]);
  }, 60_000);
});

describe('random chains of switches over every mechanic (seeded)', () => {
  test('typed edits, then switches with nothing edited on the way and back: the same file, the same Compare change, nothing said left out', async () => {
    const { forms, formFor } = await import('../reports/fields/index.ts');
    const { leaves, shownDefault } = await import('../reports/fields/spec.ts');
    const { getAt, joinPath } = await import('../reports/fields/paths.ts');
    const { scenarioB, sweepOverlap } = await import('../dashboard/model/compare.ts');
    let seed = 7;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
    const all = forms.map((f) => [f.system, f.mechanic] as const);
    const failures: string[] = [];
    for (let run = 0; run < 60; run++) {
      const [system, mechanic] = pick(all);
      const page = asThePage(newScenario(system, mechanic));
      const log = [`${system}/${mechanic}`];
      const others = all.filter(([s, m]) => s === system && m !== mechanic);
      if (others.length > 0 && rnd() < 0.5) {
        const [s, m] = pick(others);
        page.go(s, m);
        page.go(system, mechanic);
        log.push(`via ${m}`);
      }
      // Typed edits, explicit zeros and template defaults among them.
      for (let i = 0; i < 3; i++) {
        const form = formFor(page.current.system, page.current.mechanic)!;
        const leaf = pick(leaves(form.fields, page.current.setup));
        const now = getAt(page.current, leaf.path);
        const f = leaf.field;
        const value = f.kind === 'number' ? pick([0, 1, 2, 5, shownDefault(f)]) : f.kind === 'flag' ? (now ? undefined : true) : f.kind === 'choice' ? pick(f.options).value : f.kind === 'dice' ? pick([[], ['d8']]) : f.kind === 'die' ? pick(f.options) : leaf.path.at(-1) === 'name' ? 'Zed' : now;
        const next = withValue(page.current, leaf.path, value) as Obj;
        if (checkScenario(next, 'x.json').ok) {
          page.current = next;
          log.push(`${joinPath(leaf.path)}=${JSON.stringify(value)}`);
        }
      }
      // A Compare change, on a field the setup holds.
      if (rnd() < 0.4) {
        const numbers = leaves(formFor(page.current.system, page.current.mechanic)!.fields, page.current.setup).filter((l) => l.field.kind === 'number' && getAt(page.current, l.path) !== undefined);
        if (numbers.length > 0) {
          const change = { path: joinPath(pick(numbers).path), value: pick([1, 2, 4]) };
          if (sweepOverlap(page.current, change).kind !== 'refused' && checkScenario(scenarioB(page.current, change), 'b.json').ok) page.setCompare(change);
        }
      }
      const before = JSON.stringify(page.current);
      const change = page.change;
      for (let i = 0, n = 1 + Math.floor(rnd() * 3); i < n; i++) {
        const [s, m] = rnd() < 0.85 ? pick(all.filter(([x]) => x === system)) : pick(all);
        if (s === page.current.system && m === page.current.mechanic) continue;
        page.go(s, m);
        log.push(`→ ${s}/${m}`);
      }
      if (page.current.system === system && page.current.mechanic === mechanic) continue;
      const back = page.go(system, mechanic);
      if (JSON.stringify(page.current) !== before) failures.push(`${log.join(' ')} → back: ${JSON.stringify(page.current.setup)}`);
      if (JSON.stringify(page.change) !== JSON.stringify(change)) failures.push(`${log.join(' ')} → back: compare ${JSON.stringify(page.change)}`);
      if (back.dropped.length > 0) failures.push(`${log.join(' ')} → back said ${back.dropped.join(', ')}`);
    }
    expect(failures).toEqual([]);
  }, 60_000);
});

// A review of 0508ed8b..d4faf567 (sameItems inPlace=false, followCarried, itemsOnAnother in
// what both forms have). Each test compares the routes straight back, by way of a knowledge
// roll and by way of a VDP basic check.
describe('a review of same-length pairing by place (inPlace false) and followCarried', () => {
  const routes = [[], ['viciousness', 'knowledge'], ['vdp', 'check']] as const;
  const rival = (n: number) => ({ name: `rival ${n}`, rank: 3, designs: [{ severity: 'light' }] });

  test('two rivals of one name the page itself gave ("+ add rival" after one was taken out), the second renamed: the rename comes back, nothing said, by every route', () => {
    // rivals [countess]; on the campaign "+ add rival" twice (rival 2, rival 3), rival 2 taken
    // out, "+ add rival" again (the page names it "rival 3" too), the second renamed "earl".
    // Back on the rivals by way of another mechanic (or from a campaign started from its own
    // template, by every route): "earl" gone, said "did not come back: … an item … does not
    // hold" and the list said refused ("cannot take"), though the rivals mechanic takes it.
    for (const carried of [true, false]) {
      const ends = new Set<string>();
      for (const via of routes) {
        const at = `${carried ? 'carried' : 'template'}, ${via.join('/') || 'straight'}`;
        const page = asThePage(newScenario('viciousness', 'rivals'));
        if (!carried) page.go('viciousness', 'knowledge');
        page.go('viciousness', 'campaign');
        page.add(['setup', 'rivals'], rival(2));
        page.add(['setup', 'rivals'], rival(3));
        page.remove(['setup', 'rivals'], 1);
        page.add(['setup', 'rivals'], rival(3));
        page.current = withValue(page.current, ['setup', 'rivals', 2, 'name'], 'earl') as Obj;
        if (via.length) page.go(via[0], via[1]);
        const back = page.go('viciousness', 'rivals');
        expect((page.current.setup as any).rivals.map((r: Obj) => r.name), at).toEqual(['countess', 'rival 3', 'earl']);
        expect(back.notes.filter((n) => /did not come back|cannot take/.test(n)), at).toEqual([]);
        ends.add(JSON.stringify(page.current));
      }
      expect(ends.size).toBe(1);
    }
  });

  test('a side renamed to another side\'s name for a moment ("crew" typed as "guards", "+ add side", the guards renamed "watch"): the renames and the side added come back, by every route', () => {
    // A clash, by way of a knowledge roll, on a battle (its own template). There the crew
    // renamed "guards", "+ add side", then the (battle's) guards renamed "watch": back on the
    // clash, by every route, the clash's [crew, guards] as they were, said "cannot take" the
    // list made there and "“watch” … did not come back: what was edited there is an item
    // “Violence: one clash” does not hold" (the clash holds the guards renamed).
    const ends = new Set<string>();
    for (const via of routes) {
      const at = via.join('/') || 'straight';
      const page = asThePage(newScenario('viciousness', 'clash'));
      page.go('viciousness', 'knowledge');
      page.go('viciousness', 'battle');
      page.current = withValue(page.current, ['setup', 'sides', 0, 'name'], 'guards') as Obj;
      page.add(['setup', 'sides'], { name: 'others', combatants: [{ name: 'captain' }] });
      page.current = withValue(page.current, ['setup', 'sides', 1, 'name'], 'watch') as Obj;
      if (via.length) page.go(via[0], via[1]);
      const back = page.go('viciousness', 'clash');
      expect((page.current.setup as any).sides.map((s: Obj) => s.name), at).toEqual(['guards', 'watch', 'others']);
      expect(back.notes.filter((n) => /did not come back|cannot take/.test(n)), at).toEqual([]);
      ends.add(JSON.stringify(page.current));
    }
    expect(ends.size).toBe(1);
  });

  test('an item renamed on another mechanic to the name of one the memory holds, then edited: not said "did not come back" where its edit came back', () => {
    // rivals [duke r2]; a campaign from its own template: the countess renamed "duke", then
    // ranked 5. Back on the rivals (every route) the duke is ranked 5 (the edit made, by name),
    // and a note said the "duke" as set on the campaign, {rank 3 …}, did not come back.
    const duke = { name: 'duke', rank: 2, designs: [{ severity: 'light' }] };
    for (const via of routes) {
      const at = via.join('/') || 'straight';
      const page = asThePage(newScenario('viciousness', 'rivals'));
      page.remove(['setup', 'rivals'], 0);
      page.add(['setup', 'rivals'], duke);
      page.go('viciousness', 'knowledge');
      page.go('viciousness', 'campaign');
      page.current = withValue(page.current, ['setup', 'rivals', 0, 'name'], 'duke') as Obj;
      page.current = withValue(page.current, ['setup', 'rivals', 0, 'rank'], 5) as Obj;
      if (via.length) page.go(via[0], via[1]);
      const back = page.go('viciousness', 'rivals');
      // The duke renamed onto there: the memory's duke replaced by the one set there, said, as
      // where the memory's item at its name is another than the one edited there.
      expect((page.current.setup as any).rivals, at).toEqual([{ name: 'duke', rank: 5, designs: [{ severity: 'light' }, { severity: 'medium' }] }]);
      expect(back.notes, at).toEqual([
        `“duke” as it was on “Rivals over many turns”, ${JSON.stringify(duke)}, is replaced by the one set on “A campaign: company, troupes and rivals”: what was edited there was another item than this one`,
      ]);
    }
  });

  test('a clash of one side (the other taken out), an edit of the battle\'s template side: the same end by every route', () => {
    // Straight back the battle's guards come (count 3); by way of a knowledge roll or a basic
    // check they do not, said. Before these commits, the same by every route.
    const ends = new Set<string>();
    for (const via of routes) {
      const page = asThePage(newScenario('viciousness', 'clash'));
      page.remove(['setup', 'sides'], 1);
      page.go('viciousness', 'knowledge');
      page.go('viciousness', 'battle');
      page.current = withValue(page.current, ['setup', 'sides', 1, 'combatants', 0, 'count'], 3) as Obj;
      if (via.length) page.go(via[0], via[1]);
      page.go('viciousness', 'clash');
      ends.add(JSON.stringify(page.current.setup));
    }
    expect([...ends]).toHaveLength(1);
  });

  test('a Vary row or a Find question of a combatant of a side the battle started from its own template: never carried to the clash\'s combatant at its place', () => {
    // The battle's guards' "guard" count: straight back on the clash (same side names) the row
    // varied the clash's guards' captain's count, the question asked of it, unsaid.
    const page = asThePage(newScenario('viciousness', 'clash'));
    page.go('viciousness', 'knowledge');
    page.go('viciousness', 'battle');
    const q = { name: 'q', vary: 'setup.sides.1.combatants.0.count', values: [2, 3, 4, 5], metric: 'wounded.crew', target: 1 };
    page.current = { ...page.current, sweep: { 'setup.sides.1.combatants.0.count': [1, 2, 3] }, solve: [q] };
    const back = page.go('viciousness', 'clash');
    expect((page.current.setup as any).sides[1].combatants[0].name).toBe('captain');
    expect(page.current.sweep).toBeUndefined();
    expect(page.current.solve).toBeUndefined();
    expect(back.notes.some((n) => n.includes('Vary row') && n.includes('left out'))).toBe(true);
    expect(back.dropped).toContain('the Find question "q" (setup.sides.1.combatants.0.count)');
  });

  test('a battle of one side (the other taken out), by way of a clash from its own template, nothing edited there: the same end by every route', () => {
    // Straight back the battle came back with the clash's template's crew and guards (the
    // guards with the battle's flee), said nowhere; by way of a knowledge roll or a basic
    // check, as the page left it, [guards] (route fuzzer seed 429, older than HEAD~5).
    const ends = new Set<string>();
    for (const via of routes) {
      const page = asThePage(newScenario('viciousness', 'battle'));
      page.remove(['setup', 'sides'], 0);
      page.go('viciousness', 'knowledge');
      page.go('viciousness', 'clash');
      if (via.length) page.go(via[0], via[1]);
      const back = page.go('viciousness', 'battle');
      expect((page.current.setup as any).sides.map((s: Obj) => s.name), via.join('/') || 'straight').toEqual(['guards']);
      ends.add(JSON.stringify(page.current) + JSON.stringify(back.notes));
    }
    expect([...ends]).toHaveLength(1);
  });

  test('a side taken out on a clash, leaving one side, which a battle refuses: said by every route, straight back too', () => {
    // Straight back the battle came back with both its sides, nothing said of the side taken
    // out; by way of a knowledge roll or a basic check, said (the list "is back as it was").
    // An item taken out was no typed path (typedPaths read only the items left).
    const notes = new Set<string>();
    for (const via of routes) {
      const page = asThePage(newScenario('viciousness', 'battle'));
      page.go('viciousness', 'clash');
      page.remove(['setup', 'sides'], 1);
      if (via.length) page.go(via[0], via[1]);
      const back = page.go('viciousness', 'battle');
      expect((page.current.setup as any).sides.map((s: Obj) => s.name)).toEqual(['crew', 'guards']);
      expect(back.notes.filter((n) => n.startsWith('“sides” is back as it was')), via.join('/') || 'straight').toHaveLength(1);
      notes.add(JSON.stringify(back.notes));
    }
    expect([...notes]).toHaveLength(1);
    // The first time, with no memory: the side taken out is named as left behind.
    const page = asThePage(newScenario('viciousness', 'clash'));
    page.remove(['setup', 'sides'], 1);
    expect(page.go('viciousness', 'battle').dropped).toContain("the setup's sides");
  });
});

// A review of 63a253b6 (withRefusedLeftOut): a side renamed on the other mechanic to a name
// its memory refuses, then that side taken out there, the list having started there from the
// other mechanic's own template (by way of a knowledge roll). The refused rename stays in what
// the edits made (`made`), so the memory holds two sides of one name when the removal comes:
// the removal was read as of no memory's side (sameItems paired neither by name), and the side
// taken out came back. Proven failing (test.fails) at 63a253b6; they pass since items of a
// shared name left unpaired are paired in their order (sameItems, 2240db75), applied meanwhile.
describe('a side renamed to a refused name and then taken out on the other mechanic (a review of the refused-rename fix)', () => {
  const dogsBattle = () => {
    const battle = structuredClone(newScenario('viciousness', 'battle')) as any;
    battle.setup.sides.push({ name: 'dogs', flee: 'never', combatants: [{ name: 'hound', count: 3 }] });
    return battle as Obj;
  };
  const routes = [[], ['viciousness', 'knowledge'], ['vdp', 'check']] as const;
  /** On a clash from its own template the guards renamed "crew" (refused: two crews), then that side taken out; back on the battle by `via`. */
  const guardsRenamedThenOut = (via: readonly string[]) => {
    const page = onTemplateClash(dogsBattle());
    page.current = withValue(page.current, ['setup', 'sides', 1, 'name'], 'crew') as Obj;
    page.remove(['setup', 'sides'], 1);
    if (via.length) page.go(via[0]!, via[1]!);
    const back = page.go('viciousness', 'battle');
    return { back, names: (page.current.setup as any).sides.map((s: Obj) => s.name) as string[] };
  };
  /** The campaign's countess and duke; rivals from their own template (the countess), "+ add rival" y, the countess renamed "y" (refused: two rivals y), then taken out; back on the campaign by `via`. */
  const countessRenamedThenOut = (via: readonly string[]) => {
    const campaign = structuredClone(newScenario('viciousness', 'campaign')) as any;
    campaign.setup.rivals.push({ name: 'duke', rank: 4, designs: [{ severity: 'light' }] });
    const page = asThePage(campaign);
    page.go('viciousness', 'knowledge');
    page.go('viciousness', 'rivals');
    page.add(['setup', 'rivals'], { name: 'y', rank: 2, designs: [{ severity: 'light' }] });
    page.current = withValue(page.current, ['setup', 'rivals', 0, 'name'], 'y') as Obj;
    page.remove(['setup', 'rivals'], 0);
    if (via.length) page.go(via[0]!, via[1]!);
    const back = page.go('viciousness', 'campaign');
    return { back, names: (page.current.setup as any).rivals.map((r: Obj) => r.name) as string[] };
  };

  test('the side taken out stays out, by every route (older than 63a253b6)', () => {
    // The battle's crew, guards and dogs; on a clash from its own template (crew, guards) the
    // guards renamed "crew" (refused: two crews), then that side taken out. The clash is the
    // crew alone; the battle back is the crew and the dogs (which the clash never held).
    const got: Record<string, unknown> = {};
    const wanted: Record<string, unknown> = {};
    for (const via of routes) {
      got[via.join('/') || 'straight'] = guardsRenamedThenOut(via).names;
      wanted[via.join('/') || 'straight'] = ['crew', 'dogs'];
    }
    expect(got).toEqual(wanted);
  });

  test('where the side taken out comes back by way of another mechanic, the list is said, not only the rename (new with 63a253b6)', () => {
    // HEAD~2 said the list ("“sides” is back as it was …"); 63a253b6 says only that the rename
    // "crew" cannot be taken, and the side taken out on the clash is back unsaid. (Straight
    // back nothing is said, before and after: older.)
    const unsaid: string[] = [];
    for (const via of routes.filter((r) => r.length > 0)) {
      const { back, names } = guardsRenamedThenOut(via);
      // The list as taken out there is said (the list note), as HEAD~2 said it by way of another mechanic.
      if (names.includes('guards') && !back.notes.some((n) => n.startsWith('“sides”'))) unsaid.push(`${via.join('/') || 'straight'}: ${JSON.stringify(names)} said ${JSON.stringify(back.notes)}`);
    }
    expect(unsaid).toEqual([]);
  });

  test('rivals: a rival renamed to a refused name and then taken out stays out, by every route (older than 63a253b6)', () => {
    // The campaign's countess and duke; rivals from their own template (the countess), "+ add
    // rival" y, the countess renamed "y" (refused: two rivals y), then she is taken out. The
    // rivals are y alone; the campaign back: the duke (the rivals never held him) and y.
    const got: Record<string, unknown> = {};
    const wanted: Record<string, unknown> = {};
    for (const via of routes) {
      const { names } = countessRenamedThenOut(via);
      got[via.join('/') || 'straight'] = names;
      wanted[via.join('/') || 'straight'] = ['duke', 'y'];
    }
    expect(got).toEqual(wanted);
  });

  test('rivals: where the rival taken out comes back, the list is said, not only the rename, by every route (new with 63a253b6)', () => {
    // The campaign's countess and duke; rivals from their own template (the countess), "+ add
    // rival" y, the countess renamed "y" (refused: two rivals y), then she is taken out. The
    // rivals are y alone; the campaign back: the duke (the rivals never held him) and y.
    const got: Record<string, unknown> = {};
    const wanted: Record<string, unknown> = {};
    for (const via of routes) {
      const { back, names } = countessRenamedThenOut(via);
      got[via.join('/') || 'straight'] = !names.includes('countess') || back.notes.some((n) => n.startsWith('“rivals”'));
      wanted[via.join('/') || 'straight'] = true;
    }
    expect(got).toEqual(wanted);
  });

  test('a side renamed to the name of one taken out after it: the same file whichever comes first (older than 63a253b6)', () => {
    // A clash from its own template: "+ add side" countess, the crew renamed "guards" (refused
    // while the guards stand), the guards taken out: the guards came back and the rename was
    // refused ([crew, guards, countess]); the guards taken out first, then the rename, gave
    // [guards, countess].
    const side = { name: 'countess', combatants: [{ name: 'captain', dice: ['d6'] }] };
    const got: Record<string, unknown> = {};
    const wanted: Record<string, unknown> = {};
    for (const order of ['rename, then the guards taken out', 'the guards taken out, then rename']) {
      for (const via of routes) {
        const page = onTemplateClash(newScenario('viciousness', 'battle') as Obj);
        page.add(['setup', 'sides'], side);
        const rename = () => { page.current = withValue(page.current, ['setup', 'sides', 0, 'name'], 'guards') as Obj; };
        if (order.startsWith('rename')) { rename(); page.remove(['setup', 'sides'], 1); } else { page.remove(['setup', 'sides'], 1); rename(); }
        if (via.length) page.go(via[0], via[1]);
        page.go('viciousness', 'battle');
        got[`${order}, ${via.join('/') || 'straight'}`] = (page.current.setup as any).sides.map((s: Obj) => s.name);
        wanted[`${order}, ${via.join('/') || 'straight'}`] = ['guards', 'countess'];
      }
    }
    expect(got).toEqual(wanted);
  });

  test('a side added and renamed to a refused name, then taken out: the same file straight back as by way of another mechanic (older than 63a253b6)', () => {
    // The sides carried (no detour): "+ add side" duke, the crew taken out, "+ add side" y, y
    // renamed "duke" (refused: two dukes), then y taken out. The clash is [guards, duke];
    // straight back the battle is [guards, duke]; by way of a knowledge roll or a basic check
    // it was [guards, duke, y], y back though taken out, the whole list said refused.
    const side = (name: string) => ({ name, combatants: [{ name: 'captain', dice: ['d6'] }] });
    const got: Record<string, unknown> = {};
    const wanted: Record<string, unknown> = {};
    const ends = new Set<string>();
    for (const via of routes) {
      const page = asThePage(newScenario('viciousness', 'battle'));
      page.go('viciousness', 'clash');
      page.add(['setup', 'sides'], side('duke'));
      page.remove(['setup', 'sides'], 0);
      page.add(['setup', 'sides'], side('y'));
      page.current = withValue(page.current, ['setup', 'sides', 2, 'name'], 'duke') as Obj;
      page.remove(['setup', 'sides'], 2);
      if (via.length) page.go(via[0], via[1]);
      page.go('viciousness', 'battle');
      got[via.join('/') || 'straight'] = (page.current.setup as any).sides.map((s: Obj) => s.name);
      wanted[via.join('/') || 'straight'] = ['guards', 'duke'];
      ends.add(JSON.stringify(page.current));
    }
    got.files = ends.size;
    wanted.files = 1;
    expect(got).toEqual(wanted);
  });

  test('a battle of one side, a side of the same name added on the clash: by way of another mechanic not back with two sides of one name, unsaid; the same end by every route', () => {
    // The battle's guards renamed "countess", its crew taken out (one side); on the clash (its
    // template's crew and guards, the battle's list refused) a side "countess" added. By way of
    // a knowledge roll or a basic check the battle came back as [countess, countess] (a problem
    // its memory never had: two sides of one name), nothing said; straight back as the clash's
    // [crew, guards, countess], the battle's countess (flee, guard 4) gone, nothing said.
    // Older than HEAD~5 (route fuzzer seed 940). Since withLaterEdits takes an edit of a field
    // the memory held refused only where it adds no problem of its own (problemAdded): by
    // every route the battle's countess, the clash's list (its countess too) said not taken.
    const ends = new Set<string>();
    for (const via of routes) {
      const at = via.join('/') || 'straight';
      const page = asThePage(newScenario('viciousness', 'battle'));
      page.current = withValue(page.current, ['setup', 'sides', 1, 'name'], 'countess') as Obj;
      page.remove(['setup', 'sides'], 0);
      const had = checkScenario(page.current, 'x.json');
      const hadMessages = new Set(had.ok ? [] : had.errors.map((e) => e.message));
      page.go('viciousness', 'clash');
      page.add(['setup', 'sides'], { name: 'countess', combatants: [{ name: 'hound', count: 3 }] });
      if (via.length) page.go(via[0], via[1]);
      const back = page.go('viciousness', 'battle');
      const now = checkScenario(page.current, 'x.json');
      const fresh = now.ok ? [] : now.errors.map((e) => e.message).filter((m) => !hadMessages.has(m));
      if (fresh.length > 0) expect(back.notes, at).not.toEqual([]);
      // The clash's countess (hound 3), typed there, is not in the end: said.
      const sides = (page.current.setup as any).sides as Obj[];
      if (!JSON.stringify(sides).includes('hound')) expect(back.notes.some((n) => n.includes('hound')), `${at}: ${JSON.stringify(back.notes)}`).toBe(true);
      ends.add(JSON.stringify(page.current.setup));
    }
    expect([...ends]).toHaveLength(1);
  });

  test('an item renamed on another mechanic onto a name the memory holds, then back to its own (a "+ add" between): the memory\'s item not lost', () => {
    // rivals [duke r2]; a campaign from its own template: its countess renamed "duke", a rival
    // added, the countess named "countess" again. Back on the rivals (every route): [countess r3
    // (the campaign's template's, nobody typed it), baron], the duke typed on the rivals gone,
    // said "“duke” … is replaced by the one set on “A campaign…”", no duke in the file (the
    // option of fd5d01b3: the rename claims the duke, the rename back takes it with it). At
    // HEAD~5: [countess r2, baron], the duke renamed, said "“duke” as set on the campaign …
    // did not come back". The campaign's edit of that item comes to nothing; the duke stays.
    // Since withLaterEdits gives a replaced item back where the one that replaced it is edited
    // back there to what it started from (Replaced.claim): [duke r2, baron], nothing said
    // replaced, by every route.
    const ends = new Set<string>();
    const duke = { name: 'duke', rank: 2, designs: [{ severity: 'light' }] };
    for (const via of routes) {
      const at = via.join('/') || 'straight';
      const page = asThePage(newScenario('viciousness', 'rivals'));
      page.remove(['setup', 'rivals'], 0);
      page.add(['setup', 'rivals'], duke);
      page.go('viciousness', 'knowledge');
      page.go('viciousness', 'campaign');
      page.current = withValue(page.current, ['setup', 'rivals', 0, 'name'], 'duke') as Obj;
      page.add(['setup', 'rivals'], { name: 'baron', rank: 1, designs: [{ severity: 'light' }] });
      page.current = withValue(page.current, ['setup', 'rivals', 0, 'name'], 'countess') as Obj;
      if (via.length) page.go(via[0], via[1]);
      const back = page.go('viciousness', 'rivals');
      expect((page.current.setup as any).rivals, at).toContainEqual(duke);
      expect(back.notes.filter((n) => n.includes('replaced')), at).toEqual([]);
      ends.add(JSON.stringify(page.current.setup));
    }
    expect([...ends]).toHaveLength(1);
  });

  test('an item edited on another mechanic, then renamed onto a name the memory holds and back: as the edit without the renames, what cannot come back said', () => {
    // rivals [duke r2]; a campaign from its own template: its countess ranked 5, "+ add rival"
    // earl, then (or not) the countess renamed "duke", "+ add rival" baron, named "countess"
    // again. The campaign's file is the same either way ([countess r5, earl, baron]): back on
    // the rivals, the same answer, the duke kept and the countess's rank 5 said not to come
    // back (the renames undone, the claim on the duke with them; what was said of the countess
    // before it said again).
    const duke = { name: 'duke', rank: 2, designs: [{ severity: 'light' }] };
    const rival = (name: string) => ({ name, rank: 1, designs: [{ severity: 'light' }] });
    const got: Record<string, unknown> = {};
    const wanted: Record<string, unknown> = {};
    for (const renamed of [false, true]) {
      for (const via of routes) {
        const page = asThePage(newScenario('viciousness', 'rivals'));
        page.remove(['setup', 'rivals'], 0);
        page.add(['setup', 'rivals'], duke);
        page.go('viciousness', 'knowledge');
        page.go('viciousness', 'campaign');
        page.current = withValue(page.current, ['setup', 'rivals', 0, 'rank'], 5) as Obj;
        page.add(['setup', 'rivals'], rival('earl'));
        if (renamed) page.current = withValue(page.current, ['setup', 'rivals', 0, 'name'], 'duke') as Obj;
        page.add(['setup', 'rivals'], rival('baron'));
        if (renamed) page.current = withValue(page.current, ['setup', 'rivals', 0, 'name'], 'countess') as Obj;
        if (via.length) page.go(via[0], via[1]);
        const back = page.go('viciousness', 'rivals');
        const at = `${renamed ? 'renamed and back' : 'not renamed'}, ${via.join('/') || 'straight'}`;
        got[at] = { rivals: (page.current.setup as any).rivals.map((r: Obj) => `${String(r.name)} r${String(r.rank)}`), said: back.notes };
        wanted[at] = { rivals: ['duke r2', 'earl r1', 'baron r1'], said: ['“countess” as set on “A campaign: company, troupes and rivals”, {"name":"countess","rank":5,"designs":[{"severity":"light"},{"severity":"medium"}]}, did not come back: what was edited there is an item “Rivals over many turns” does not hold'] };
      }
    }
    expect(got).toEqual(wanted);
  });
});

describe('a list the memory held refused, carried as it was to a mechanic that takes it (a route fuzz)', () => {
  // Fixed by 73398501 (keepAsHeld in the branch for a list refused whole), which a review then
  // found losing a list straight back, unsaid (the describe "a list refused whole kept as the
  // memory held it, then left with nothing edited" below): reverted, as the lesser of the two
  // wrongs is a list said left behind that was not, over a list lost unsaid. Straight back
  // the rivals' template's countess comes back, the rivals said left behind.
  test.fails('rivals of no rival, through a campaign with nothing edited: back as they were by every route, nothing said left behind', () => {
    // The rivals' one rival taken out (refused: a rivals needs one), a campaign (which takes
    // none), back: by way of a knowledge roll or a basic check the rivals came back as they
    // were, []; straight back with the rivals' template's countess, "the setup's rivals" said
    // left behind, though nothing typed was (keepAsHeld was not asked where the list is
    // refused whole).
    const got: Record<string, unknown> = {};
    const wanted: Record<string, unknown> = {};
    for (const via of [[], ['viciousness', 'knowledge'], ['vdp', 'check']] as const) {
      const page = asThePage(newScenario('viciousness', 'rivals'));
      page.remove(['setup', 'rivals'], 0);
      page.go('viciousness', 'campaign');
      if (via.length) page.go(via[0], via[1]);
      const back = page.go('viciousness', 'rivals');
      got[via.join('/') || 'straight'] = { rivals: (page.current.setup as any).rivals, dropped: back.dropped, notes: back.notes };
      wanted[via.join('/') || 'straight'] = { rivals: [], dropped: [], notes: [] };
    }
    expect(got).toEqual(wanted);
  });
});

describe('an edit elsewhere undone there, on a list the memory held refused (a review of problemAdded)', () => {
  test('a battle of one side, a side added on the clash and taken out again there: back as the memory held it, nothing said, by every route', () => {
    // The battle's crew renamed "" and its guards taken out (a battle of one side, a side of
    // no name); on the clash (its template's crew and guards, the battle's list refused) a
    // side "crew" added and taken out again. problemAdded judged the removal against the list
    // as the add had left it ([“”, crew]: two sides): back to one side read as a problem the
    // edit added ("at least 2 items"), the removal refused, and the battle came back with the
    // clash's side that was taken out there, [“”, crew (hound 3)]; straight back nothing said,
    // by way of another mechanic the whole list said not taken. A problem the memory itself
    // was held with is none the edit adds.
    const got: Record<string, unknown> = {};
    const wanted: Record<string, unknown> = {};
    for (const via of [[], ['viciousness', 'knowledge'], ['vdp', 'check']] as const) {
      const page = asThePage(newScenario('viciousness', 'battle'));
      page.current = withValue(page.current, ['setup', 'sides', 0, 'name'], '') as Obj;
      page.remove(['setup', 'sides'], 1);
      const memory = structuredClone((page.current.setup as any).sides);
      page.go('viciousness', 'clash');
      page.add(['setup', 'sides'], { name: 'crew', combatants: [{ name: 'hound', count: 3 }] });
      page.remove(['setup', 'sides'], 2);
      if (via.length) page.go(via[0], via[1]);
      const back = page.go('viciousness', 'battle');
      const at = via.join('/') || 'straight';
      got[at] = { sides: (page.current.setup as any).sides, notes: back.notes };
      wanted[at] = { sides: memory, notes: [] };
    }
    expect(got).toEqual(wanted);
  });
});

describe('an item renamed onto the memory\'s, edited in another field, then renamed back alone (a review of Replaced.claim)', () => {
  // rivals [duke r2]; a campaign from its own template: its countess renamed "duke" ("+ add
  // rival" earl), then (or from the start, not renamed) ranked 5 or 9 ("+ add rival" baron),
  // then named "countess" again. The campaign's file is the same either way ([countess r5 or
  // r9, earl, baron]): back on the rivals the same answer. Renamed, the claim stood, for the
  // item is not `started` again in all it has (its rank): the duke typed on the rivals gone,
  // said "replaced by the one set on" the campaign; with rank 9 (refused) the rivals came
  // back with the campaign's template's countess r3, which nobody typed there.
  const duke = { name: 'duke', rank: 2, designs: [{ severity: 'light' }] };
  const rival = (name: string) => ({ name, rank: 1, designs: [{ severity: 'light' }] });
  for (const rank of [5, 9]) {
    test(`ranked ${rank} while renamed: as ranked ${rank} never renamed, by every route`, () => {
      const got: Record<string, unknown> = {};
      const wanted: Record<string, unknown> = {};
      for (const via of [[], ['viciousness', 'knowledge'], ['vdp', 'check']] as const) {
        const ends: Record<string, unknown> = {};
        for (const renamed of [false, true]) {
          const page = asThePage(newScenario('viciousness', 'rivals'));
          page.remove(['setup', 'rivals'], 0);
          page.add(['setup', 'rivals'], duke);
          page.go('viciousness', 'knowledge');
          page.go('viciousness', 'campaign');
          if (renamed) page.current = withValue(page.current, ['setup', 'rivals', 0, 'name'], 'duke') as Obj;
          page.add(['setup', 'rivals'], rival('earl'));
          page.current = withValue(page.current, ['setup', 'rivals', 0, 'rank'], rank) as Obj;
          page.add(['setup', 'rivals'], rival('baron'));
          if (renamed) page.current = withValue(page.current, ['setup', 'rivals', 0, 'name'], 'countess') as Obj;
          if (via.length) page.go(via[0], via[1]);
          const back = page.go('viciousness', 'rivals');
          ends[String(renamed)] = { rivals: (page.current.setup as any).rivals.map((r: Obj) => `${String(r.name)} r${String(r.rank)}`), said: back.notes };
        }
        const at = via.join('/') || 'straight';
        got[at] = ends.true;
        wanted[at] = ends.false;
      }
      expect(got).toEqual(wanted);
    });
  }
});

describe('a list refused whole kept as the memory held it, then left with nothing edited (a review of 73398501)', () => {
  // The campaign's countess named "" (refused, kept); on the rivals (its template's countess, the
  // campaign's list refused there) a rival added and both taken out: rivals []. Back on the
  // campaign (c1): [“” r3], by every route. To the rivals again: [] (its memory, kept by
  // keepAsHeld since 73398501, the note "is back as it was"). Back on the campaign with nothing
  // edited since c1: by way of a knowledge roll or a basic check [“” r3], as at c1; straight
  // back [], the campaign's rival gone, nothing said. The rivals' [] came back with
  // `startedFrom` = the memory's start (the rivals' template's countess, `untouched`), so
  // straight back it reads as typed since and is carried whole to the campaign (which takes
  // none), though what was typed was judged at c1 and nothing was typed since. Before
  // 73398501 every route gave [“” r3] (the rivals at r2 being their template's countess);
  // 73398501's change to switch.ts is reverted, so every route does again.
  test('back on the campaign with nothing edited since: as it was, by every route', () => {
    const got: Record<string, unknown> = {};
    const wanted: Record<string, unknown> = {};
    const blank = { name: '', rank: 3, designs: [{ severity: 'light' }, { severity: 'medium' }] };
    for (const via of [[], ['viciousness', 'knowledge'], ['vdp', 'check']] as const) {
      const page = asThePage(newScenario('viciousness', 'campaign'));
      page.current = withValue(page.current, ['setup', 'rivals', 0, 'name'], '') as Obj;
      page.go('viciousness', 'rivals');
      page.add(['setup', 'rivals'], { name: 'duke', rank: 1, designs: [{ severity: 'light' }] });
      page.remove(['setup', 'rivals'], 1);
      page.remove(['setup', 'rivals'], 0);
      page.go('viciousness', 'campaign');
      const c1 = structuredClone((page.current.setup as any).rivals);
      page.go('viciousness', 'rivals');
      if (via.length) page.go(via[0], via[1]);
      const back = page.go('viciousness', 'campaign');
      const at = via.join('/') || 'straight';
      got[at] = { c1, rivals: (page.current.setup as any).rivals, notes: back.notes };
      wanted[at] = { c1: [blank], rivals: [blank], notes: [] };
    }
    expect(got).toEqual(wanted);
  });
});
