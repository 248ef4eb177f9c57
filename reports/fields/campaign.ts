/**
 * Viciousness over many turns: rivals scheming on their own (`rivals`), and a company's
 * troupes working jobs against them (`campaign`). Labels quote viciousness.txt ("Rival
 * Dice", "Turns", "Wealth"); every policy field says its default (docs/rulings/campaign.md).
 */
import { choice, type Field, type ListField, type MechanicForm, type TextField } from './spec.ts';
import { ruleNamed, ruleValueNamed, ruleValueSaid } from './rules.ts';
import { oneMore, sweepPreset } from './presets.ts';
import { troupeNamesMedic } from '../../sim/viciousness/traits.ts';
import { DEFAULT_MAX_ROUNDS } from '../../sim/viciousness/battleSetup.ts';
import { DEFAULT_RANK } from '../../sim/viciousness/wealth.ts';

/** `assets`: a count ("4") or the assets' names ("boat, gang"), as the schema takes either. */
export const assetsField: TextField = {
  kind: 'text',
  key: 'assets',
  label: 'assets',
  placeholder: '4',
  help: '“Give your rival four assets fitting their rank”: a number, or their names',
  read: (t) => {
    const text = t.trim();
    if (text === '') return undefined;
    if (/^\d+$/.test(text)) return Number(text);
    // Anything else that reads as a number ("-1", "2.5", "1e1") was meant as a count: kept
    // as a number for the schema to refuse, not turned into an asset named "-1".
    if (/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(text)) return Number(text);
    return text.split(',').map((x) => x.trim()).filter((x) => x !== '');
  },
  show: (v) => (Array.isArray(v) ? v.join(', ') : v === undefined ? '' : String(v)),
};

/** `handyAsset`: yes, no, or the name of the rival's asset that comes in handy. */
export const handyField: TextField = {
  kind: 'text',
  key: 'handyAsset',
  label: 'a handy asset',
  placeholder: 'no',
  help: 'yes, or the asset’s name: +1 ambition point a turn for the rival (one however many designs it helps), into a design it helps',
  read: (t) => {
    const text = t.trim();
    if (text === '' || /^(no|false)$/i.test(text)) return undefined;
    if (/^(yes|true)$/i.test(text)) return true;
    return text;
  },
  show: (v) => (v === true ? 'yes' : v === false || v === undefined ? '' : String(v)),
};

const designs: ListField = {
  kind: 'list',
  key: 'designs',
  label: 'designs',
  item: 'design',
  min: 1,
  help: '“Give each rival up to three designs.”',
  fields: [
    choice('severity', 'severity', ['light', 'medium', 'heavy'], 'choose', 'which consequence table a success rolls on'),
    { ...choice('style', 'style', ['rash', 'default', 'shrewd'], 'default: succeeds 3 in 4'), help: 'rash 2 in 4, shrewd always' },
    handyField,
    { kind: 'number', key: 'points', label: 'points held', placeholder: '0', help: 'ambition points it starts with' },
    { kind: 'flag', key: 'unsubtle', label: 'unsubtle', help: '“If the rival’s plan is unsubtle, give the PCs the chance to interfere” (campaign policy)' },
  ],
  newItem: () => ({ severity: 'light' }),
};

export const rivalList: ListField = {
  kind: 'list',
  key: 'rivals',
  label: 'rivals',
  item: 'rival',
  fields: [
    { kind: 'text', key: 'name', label: 'name' },
    { kind: 'number', key: 'rank', label: 'wealth rank', help: '1 to 7: its ambition points per turn' },
    assetsField,
    { kind: 'number', key: 'minions', label: 'minions', placeholder: 'rank − 2', help: '“If in doubt, use their rank minus 2”: who fights for it in a campaign' },
    { kind: 'dice', key: 'minionDice', label: 'dice each minion adds', help: 'to its 1d4 in a campaign’s fights (“Rivals have minions, just as player troupes do”); none: a bare 1d4' },
    { kind: 'dice', key: 'minionBonus', label: 'the minions’ equipment dice', help: '“The GM awards 1d4 or 2d4 to the most well-equipped side”: rolled in a campaign’s fights with its minions when they are better equipped than the troupe (rule “equipment dice roll for”); none by default' },
    designs,
  ],
  newItem: (items) => ({ name: `rival ${items.length + 1}`, rank: 3, designs: [{ severity: 'light' }] }),
};

export const rivalsForm: MechanicForm = {
  system: 'viciousness',
  mechanic: 'rivals',
  title: 'Rivals over many turns',
  intro: '“At the end of each turn, roll a d20 (called the rival die) for each rival.” At or under a design’s ambition points, the rival initiates it.',
  fields: [
    { kind: 'number', key: 'turns', label: 'turns' },
    {
      ...rivalList,
      min: 1,
      // The rivals alone have no PCs to fight: their minions play no part here, and the form says so.
      fields: rivalList.fields.map((f) =>
        f.key === 'minions' || f.key === 'minionDice' || f.key === 'minionBonus' ? { ...f, label: `${f.label} (campaign only)`, help: `${f.help ?? ''}; no effect here: the rivals alone fight nobody` } : f,
      ),
    },
  ],
  template: () => ({ turns: 52, rivals: [{ name: 'countess', rank: 4, designs: [{ severity: 'light' }, { severity: 'medium' }] }] }),
  presets: [
    sweepPreset('rank 1 to 7', 'the first rival at every wealth rank', { 'setup.rivals.0.rank': [1, 2, 3, 4, 5, 6, 7] }),
    { label: 'Speed Chess?', help: 'compare with the Speed Chess variant on', apply: (s) => s, compare: () => ({ path: 'rules.speedChess', value: true }) },
  ],
};

const pcFields: Field[] = [
  {
    ...assetsField,
    key: 'traits',
    label: 'traits',
    placeholder: '2',
    help: '“Minions get 2 traits; captains get 3”: a number, or their names (“medic, acrobat, hacker”); a Medic attends the troupe’s fights, a Berzerker and a Duelist gain their d4s in them; a Defender’s and a Marksman’s pushes are the company’s policy',
  },
  { kind: 'dice', key: 'knavery', label: 'knavery trait dice', help: 'traits that apply to jobs; the 1d6 is added for you' },
  { kind: 'dice', key: 'violence', label: 'violence trait dice', help: 'traits that apply in a fight; the 1d4 is added for you' },
  { kind: 'flag', key: 'rattled', label: 'starts rattled' },
];

const FLEE = ['never', 'outnumbered', 'lostHalf'] as const;

/**
 * Words for the values the file spells as no designer says (the select, Vary's boxes and the
 * results show these; the file keeps the value), viciousness.txt's own where it has them.
 */
/** As the battle form says them (viciousness.ts). */
const FLEE_WORDS: Record<(typeof FLEE)[number], string> = { never: 'never', outnumbered: 'when outnumbered', lostHalf: 'once half are down' };
const AID_WORDS = { none: 'none: 2 in 4 die', ordinary: 'ordinary: 1 in 4 die', medic: 'a Medic: none die' };
/** "Each troupe begins the game with one asset chosen from the following list." */
const ASSET_WORDS = { liquidCoin: 'a liquid coin', securedHeadquarters: 'a secured headquarters', luxuryItem: 'a luxury item', favor: 'a favor owed' };

export const campaignForm: MechanicForm = {
  system: 'viciousness',
  mechanic: 'campaign',
  title: 'A campaign: company, troupes and rivals',
  intro: 'Turn after turn the troupes take jobs (a knavery plan; a failed one may turn to violence), rivals invest and roll, and the company’s wealth rank drifts. Every choice the company makes is a named policy below.',
  fields: [
    { kind: 'number', key: 'turns', label: 'turns' },
    {
      kind: 'group',
      key: 'company',
      label: 'company',
      fields: [
        { kind: 'text', key: 'name', label: 'name' },
        { kind: 'number', key: 'rank', label: 'wealth rank', placeholder: String(DEFAULT_RANK), help: '“The default rank is 2”' },
        { kind: 'number', key: 'points', label: 'investment points', placeholder: 'the rank’s minimum' },
        { kind: 'number', key: 'liquid', label: 'liquid coins', placeholder: '0' },
        { kind: 'number', key: 'assets', label: 'assets', placeholder: '0', help: 'besides the troupes’ own' },
      ],
    },
    {
      kind: 'list',
      key: 'troupes',
      label: 'troupes',
      item: 'troupe',
      min: 1,
      fields: [
        { kind: 'text', key: 'name', label: 'name' },
        { kind: 'number', key: 'count', label: 'how many', placeholder: '1', help: 'identical troupes this entry stands for' },
        { kind: 'group', key: 'captain', label: 'captain', fields: pcFields.map((f) => (f.key === 'traits' ? { ...f, placeholder: '3' } : f)) },
        {
          kind: 'list',
          key: 'minions',
          label: 'minions',
          item: 'minion',
          help: '“A troupe begins with a captain and one minion” (one plain minion if none is listed)',
          fields: [
            { kind: 'text', key: 'name', label: 'name' },
            { kind: 'number', key: 'count', label: 'how many', placeholder: '1' },
            ...pcFields.map((f) => (f.key === 'traits' ? { ...f, placeholder: '2' } : f)),
          ],
          newItem: (items) => ({ name: `minion ${items.length + 1}` }),
        },
        choice('asset', 'starting asset', ['liquidCoin', 'securedHeadquarters', 'luxuryItem', 'favor'], 'a secured headquarters (default)', '“A luxury item of 1 rank above theirs”, “A favor owed by an NPC of 1 rank above theirs”', ASSET_WORDS),
        {
          ...choice('aid', 'medical attention', ['none', 'ordinary', 'medic'], 'none: 2 in 4 die (default): a Medic’s where a PC has the Medic trait', undefined, AID_WORDS),
          // A PC with the Medic trait attends the troupe's wounded: its aid is then a
          // Medic's, left out or not (sim/viciousness/campaignSetup.ts).
          defaultIn: (troupe) => (troupeNamesMedic(troupe) ? 'medic' : 'none'),
        },
        { kind: 'dice', key: 'bonus', label: 'equipment bonus', help: '“The GM awards 1d4 or 2d4 to the most well-equipped side”' },
      ],
      newItem: (items) => ({ name: `troupe ${items.length + 1}`, captain: { knavery: ['d6'], violence: ['d4'] } }),
    },
    rivalList,
    {
      kind: 'group',
      key: 'policy',
      label: 'the company’s policy',
      fields: [
        choice('action', 'each troupe’s turn', ['job', 'idle'], 'job (default)'),
        { kind: 'number', key: 'jobEvery', label: 'a job every … turns', placeholder: '1', help: 'the troupe rests in between' },
        {
          kind: 'group',
          key: 'job',
          label: 'the job',
          fields: [
            { kind: 'number', key: 'challenges', label: 'challenges' },
            { kind: 'number', key: 'removed', label: 'challenges removed', placeholder: '0', help: '“by a particularly clever plan”: free' },
            {
              kind: 'number',
              key: 'pushTraits',
              label: 'traits pushed to remove challenges',
              placeholder: '0',
              help: '“… or pushed trait”: up to this many participants, fewest knavery dice first, each remove a challenge and are rattled (“Immediately after a character pushes, they are rattled”)',
            },
            choice('method', 'reward by', ['work', 'rare', 'destroy'], 'rare (default)', 'work for someone 1, a rare reward 2, destroy someone 3 liquid coins'),
            { kind: 'number', key: 'npcRank', label: 'the NPC’s rank', placeholder: 'company’s ± offset' },
            { kind: 'number', key: 'npcRankOffset', label: 'NPC rank − company rank', placeholder: '0' },
            choice('workFallback', 'at rank 4+, instead of work', ['rare', 'destroy', 'idle'], 'rare (default)'),
            {
              kind: 'group',
              key: 'guards',
              label: 'guards, when a failed plan turns to violence',
              fields: [
                { kind: 'number', key: 'perActiveChallenge', label: 'per challenge left active', placeholder: '1' },
                { kind: 'number', key: 'count', label: 'there regardless', placeholder: '0' },
                { kind: 'dice', key: 'dice', label: 'trait dice each' },
                { kind: 'dice', key: 'bonus', label: 'equipment bonus', help: `only the better-equipped side rolls its equipment dice (“to the most well-equipped side”); as many as the troupe’s: neither (the rule ${ruleNamed('equipment')}: ${ruleValueSaid('viciousness', 'equipment', 'mostEquipped')}; ${ruleValueSaid('viciousness', 'equipment', 'everySide')}: both roll)` },
                choice('flee', 'guards flee', FLEE, 'never (default)', undefined, FLEE_WORDS),
              ],
            },
          ],
        },
        choice('restWhenRattled', 'rattled PCs rest', [true, false], 'yes (default)', '“A PC may stop being rattled by taking one turn to rest”', { true: 'yes', false: 'no' }),
        {
          kind: 'group',
          key: 'buy',
          // Not "what the turn's coins buy": liquid coins and traded points pay too (payWith).
          label: 'what the company buys',
          fields: [
            {
              kind: 'group',
              key: 'equipment',
              label: 'equipment for violence',
              fields: [
                { kind: 'dice', key: 'dice', label: 'equipment dice', minDice: 1, help: '“The GM awards 1d4 or 2d4 to the most well-equipped side”' },
                { kind: 'number', key: 'itemRank', label: 'item rank', help: 'a sword/handgun 3, armor 4; price 1 + 2 × (item rank − company rank), free below 0, not for sale above 4' },
                { kind: 'number', key: 'modifiers', label: 'price modifiers', placeholder: '0', help: 'custom-built +1, illegal +1, one-of-a-kind +2 …' },
              ],
            },
            {
              kind: 'group',
              key: 'medical',
              label: 'medical help for the wounded',
              fields: [
                { kind: 'number', key: 'itemRank', label: 'item rank', help: '“expert surgery, alchemical tonics, or supernatural intervention”' },
                { kind: 'number', key: 'modifiers', label: 'price modifiers', placeholder: '0' },
                { kind: 'number', key: 'turns', label: 'bed rest shortened by', placeholder: '1', help: 'turns, once per wound' },
              ],
            },
            {
              kind: 'group',
              key: 'asset',
              label: 'a lost asset replaced',
              help: 'bought back, one a turn, after a rival’s “An asset is lost”',
              fields: [
                { kind: 'number', key: 'itemRank', label: 'item rank' },
                { kind: 'number', key: 'modifiers', label: 'price modifiers', placeholder: '0' },
              ],
            },
            {
              kind: 'group',
              key: 'task',
              label: 'a task done for each job',
              help: 'bought before the job, after the other purchases: each removes one of the job’s challenges (“Challenges may be removed from the total as a result of a particularly clever plan”); the hired help adds no dice and never fights',
              fields: [
                { kind: 'number', key: 'itemRank', label: 'task rank', help: 'an average citizen’s task 3, an expert hacker’s or warrior’s 4, a mercenary company’s 5, a powerful wizard’s 6' },
                { kind: 'number', key: 'modifiers', label: 'price modifiers', placeholder: '0', help: 'illegal (a bribe) +1, very illegal +2, requires a trained expert +1, supernatural +2 …' },
                { kind: 'number', key: 'perJob', label: 'tasks a job, at most', placeholder: '1', help: 'never more than the job’s challenges, nor (each a PC’s turn) than the troupe’s PCs less one; each a purchase of its own' },
              ],
            },
            choice('payWith', 'what pays', ['turnCoins', 'liquid', 'points'], 'the turn’s coins only (default)', 'the turn’s coins only, or liquid coins for what they do not cover (which ones: “liquid coins that pay”), or those and then investment points traded in (“at a rate of 2 points per 1 coin”), never below the rank’s minimum', { turnCoins: 'the turn’s coins only', liquid: 'liquid coins too', points: 'liquid coins, then points traded in' }),
            choice('liquidRank', 'liquid coins that pay', ['earned', 'company'], 'another rank’s too (default)', 'with liquid coins paying: those of the company’s rank and, where they cannot pay, those of one other rank, above it (kept from before a demotion) or below it (from before a promotion), at that rank’s price (“the same buying power as standard coins of their rank”), the rank needing the fewest coins; or only those of the company’s rank', { earned: 'another rank’s too', company: 'the company’s rank only' }),
            choice('action', 'a purchase takes', ['pc', 'free'], 'a PC’s turn (default)', '“The character acquires an asset using wealth” is a turn action: a PC of the buying troupe spends its turn on it, or nobody does', { pc: 'a PC’s turn', free: 'no one’s turn' }),
          ],
        },
        {
          kind: 'group',
          key: 'interfere',
          label: 'interfere with unsubtle rival plans',
          fields: [
            choice('roll', 'by', ['knavery', 'violence'], 'no interference', 'a knavery plan, or a fight with the rival’s minions; a foiled plan is refunded half with Speed Chess'),
            { kind: 'number', key: 'challenges', label: 'challenges (knavery)', placeholder: '2' },
            choice('action', 'costs the interferers', ['nextTurn', 'free'], 'their next turn’s action (default)', '“Each character in a troupe may take one turn action”: the move comes as the next turn begins, and taking part in it is that turn’s action; or nothing', { nextTurn: 'their next turn’s action', free: 'nothing' }),
            choice('onFailed', 'a failed plan (knavery) turns to', ['violence', 'nothing'], 'a fight with the rival’s minions (default)', '“Once a plan has failed, the scene shifts immediately to the action”: the interferers fight the rival’s minions, and foil the design if they win; or the design goes ahead', { violence: 'a fight with the rival’s minions', nothing: 'nothing: the design goes ahead' }),
          ],
        },
        choice('knaveryPush', 'pushes to reroll in a plan', ['never', 'ifShort', 'ifBehind'], 'never (default)', 'when the plan falls short, those who showed no success (or, bolder, fewer successes than a reroll of their dice averages) reroll, then are rattled', { never: 'never', ifShort: 'when the plan falls short', ifBehind: 'when short, whoever rolled below its reroll’s average' }),
        choice('freePushes', 'free pushes from 6s', ['reroll', 'unused', 'fallout'], 'reroll (default)', '“to be used if the scheme fails”: each rerolls a PC’s violence dice in the fight that follows, without a rattle; or unused; or each thwarts one active challenge in the fallout'),
        choice('onFailedJob', 'a failed plan turns to', ['violence', 'abandon'], 'violence (default)', 'or is abandoned: no reward, no fight', { violence: 'violence', abandon: 'nothing: abandoned' }),
        choice('takeRivalDeal', 'take a rival deal', ['never', 'whenJobFails'], 'never (default)', '“If a PC fails at an important task, the GM may choose to offer a rival deal”', { never: 'never', whenJobFails: 'when a job fails' }),
        choice('flee', 'troupes flee', FLEE, 'once half are down (default)', undefined, FLEE_WORDS),
        { kind: 'number', key: 'maxRounds', label: 'most rounds of a fight', placeholder: String(DEFAULT_MAX_ROUNDS) },
        choice('bank', 'bank liquid coins', ['all', 'reserve', 'none'], 'all (default)', undefined, { all: 'all', reserve: 'all but a reserve', none: 'none' }),
        { kind: 'number', key: 'reserve', label: 'liquid coins kept back', placeholder: '0', help: 'with bank “all but a reserve”' },
        { kind: 'flag', key: 'defendRank', label: 'bank at once to keep the rank', help: 'when a consequence would cost the company its rank' },
        choice('replaceMinions', 'replace dead minions', ['always', 'keepRank', 'never'], 'always (default)', '“two investment points may be spent to replace them”: whenever the points are there, or only if the company keeps its rank after paying', { always: 'always', keepRank: 'only if the rank is kept', never: 'never' }),
        choice('assetLoss', '“An asset is lost” takes', ['any', 'held'], 'any asset (default)', 'any: a held asset, a troupe’s bought equipment or a liquid coin, at random (“An asset is any material … from liquid coin to a nice car”); held: only held assets', { any: 'any asset', held: 'held assets only' }),
        choice('newTroupe', 'a troupe whose captain died', ['nextTurn', 'never'], 'a new one the next turn (default)', undefined, { nextTurn: 'a new one the next turn', never: 'no new one' }),
        {
          kind: 'text',
          key: 'ambition',
          label: 'the company’s ambition',
          placeholder: 'none',
          help: '“Upon the completion of a company’s ambition, it names its next ambition, and advances”: “5 jobs” (every 5 successful jobs) or “next rank”',
          // Only what the help names is read: a bare "rank" was taken for "next rank", a
          // guess; any other text is kept as typed and refused in the box's words (expects).
          read: (t) => {
            const text = t.trim().toLowerCase();
            if (text === '') return undefined;
            if (/^next\s*rank$/.test(text)) return { rank: 'next' };
            const n = /^(\d+)(\s*jobs?)?$/.exec(text);
            return n ? { jobs: Number(n[1]) } : t.trim();
          },
          expects: '“N jobs” (N a whole number from 1 to 1000) or “next rank”',
          show: (v) => (v && typeof v === 'object' ? ('jobs' in v ? `${(v as { jobs: number }).jobs} jobs` : 'next rank') : v === undefined ? '' : String(v)),
        },
        {
          kind: 'group',
          key: 'advance',
          label: 'when the company advances',
          help: '“Each troupe may decide between giving one of their existing PCs a new trait or adding a new PC to their company. A character may have 4 traits at most.”',
          fields: [
            choice('choice', 'each troupe takes', ['trait', 'pc'], 'needed with an ambition', 'a new trait for its first PC with room (else a new PC), or a new PC', { trait: 'a new trait', pc: 'a new PC' }),
            {
              kind: 'group',
              key: 'trait',
              label: 'a new trait brings',
              fields: [
                { kind: 'dice', key: 'knavery', label: 'knavery dice' },
                { kind: 'dice', key: 'violence', label: 'violence dice' },
              ],
            },
            {
              kind: 'group',
              key: 'pc',
              label: 'a new PC',
              fields: [
                { kind: 'number', key: 'traits', label: 'traits', placeholder: '2' },
                { kind: 'dice', key: 'knavery', label: 'knavery dice' },
                { kind: 'dice', key: 'violence', label: 'violence dice' },
              ],
            },
            { kind: 'number', key: 'maxPcs', label: 'most new PCs a troupe adds', placeholder: '2' },
          ],
        },
        choice('successorAdvancements', 'a new troupe inherits advancements', ['none', 'all'], 'none (default)', '“A merciful GM will allow the troupe’s player to begin with all or a portion of their predecessor’s advancements”: all, the traits and PCs its predecessor gained'),
        choice('medicPush', 'the Medic pushes', ['never', 'always', 'restTurns'], 'never (default)', '“Reduce a wounded character’s recovery time by 1 turn”: each turn, or only on turns without a job; the Medic is then rattled', { never: 'never', always: 'each turn', restTurns: 'on turns without a job' }),
        choice('defenderPush', 'a Defender minion pushes', ['never', 'captain'], 'never (default)', '“Take a blow meant for another character”: in every fight, a wound meant for its captain falls on it instead; it is then rattled', { never: 'never', captain: 'for the captain' }),
        choice('marksmanPush', 'a Marksman snap-shoots', ['never', 'first', 'lastFoe'], 'never (default)', '“Make a snap shot with amazing accuracy”: in every fight, a foe wounded before the dice, no roll — every Marksman as the fight begins, or one at the last foe standing; it is then rattled, and rests it off as any rattled PC does', { never: 'never', first: 'as the fight begins', lastFoe: 'at the last foe' }),
        choice('successorAsset', 'a new troupe brings', ['none', 'startingAsset'], 'none (default)', '“Each troupe begins the game with one asset”: a generous GM may grant it again', { none: 'none', startingAsset: 'its starting asset' }),
      ],
    },
  ],
  template: () => ({
    turns: 52,
    company: { name: 'The Gilded Knives', rank: 2 },
    troupes: [{ name: 'vipers', captain: { knavery: ['d6', 'd6'], violence: ['d4'] }, minions: [{ name: 'cutpurse', knavery: ['d6'] }] }],
    rivals: [{ name: 'countess', rank: 3, designs: [{ severity: 'light' }, { severity: 'medium' }] }],
    policy: { jobEvery: 7, job: { challenges: 3, method: 'rare' } },
  }),
  presets: [
    sweepPreset('rival rank 1 to 7', 'the first rival at every wealth rank', { 'setup.rivals.0.rank': [1, 2, 3, 4, 5, 6, 7] }),
    sweepPreset('banking policies', 'bank all, keep a reserve, or bank nothing', { 'setup.policy.bank': ['all', 'reserve', 'none'] }),
    // One more in the first entry's count (1 when left out), not the entry doubled.
    { label: 'one more troupe?', help: 'compare with one more troupe in the first troupe entry', apply: (s) => s, compare: (s) => oneMore(s, 'setup.troupes.0.count', 1) },
  ],
};
