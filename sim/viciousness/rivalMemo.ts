/**
 * Rivals as a memo of their states (the campaign's and the rivals mechanic's) (issue 18, `campaignPerSecond`): the same
 * moves as RivalBoard (rivalDice.ts), the same draws in the same order, but each rival's
 * state — its designs' points, severities and order, and the *spread* pointer — is a number,
 * and what a turn's investment, a strike's outcome or a rival deal makes of it is looked
 * up in tables, worked out by a RivalBoard the first time a state meets it. A rival visits
 * few states (its points climb by its rank until the d20 comes under them), so after the
 * first trials of a run (each `run` of the campaign builds its own tables) every step is a
 * table read, where RivalBoard searched and updated its arrays every turn: the bench
 * campaign ran 10% faster (interleaved CPU time against RivalBoard; 5.6% fewer instructions).
 *
 * Only what does not depend on the dice is tabled: the rival die, the success d4 and the
 * consequence d6 are drawn here exactly as RivalBoard draws them, when it draws them.
 */
import { belowBits, belowReject, type RandomStream } from '../random.ts';
import { RIVAL_DIE, RivalBoard, pursued, type RivalPlan } from './rivalDice.ts';

const RIVAL_DIE_BITS = belowBits(RIVAL_DIE);
const RIVAL_DIE_REJECT = belowReject(RIVAL_DIE);
const D6_BITS = belowBits(6);
const D6_REJECT = belowReject(6);

/** A table entry not worked out yet. */
const UNKNOWN = -1;
/** The most a rival deal brings (a PC's wealth rank); more is worked out on the board. */
const MOST_DEAL = 7;
/**
 * States past which a run stops tabling (spread over many designs with Speed Chess grows
 * fast, as the exact chain finds; a state takes ~200 bytes): from the next trial on,
 * RivalBoard plays every rival.
 */
export const MAX_MEMO_STATES = 1 << 14;

export class RivalMemo {
  /** Per rival, this turn: as RivalBoard's struck, succeeded, consequence. */
  readonly struck: Int32Array;
  readonly succeeded: Uint8Array;
  readonly consequence: Int32Array;

  /** Works out each new state's steps, and plays the rivals once the tables are full. */
  private readonly board: RivalBoard;
  /** Per rival: its state now; before its move, the state it struck from. */
  private readonly state: Int32Array;
  /** Per rival: its state at the start of a trial. */
  private readonly start: Int32Array;
  /** Set once the states pass `maxStates`: then the board plays, from the next trial. */
  private onBoard = false;

  // Per state (the states of all rivals numbered together): what the board holds in it
  // (its rival's slots: points, severities, order, then the pointer), whose it is, the
  // slot it pursues, and that slot's points (the strike's "invested") and severity.
  private readonly ids = new Map<string, number>();
  private readonly saved: Int32Array[] = [];
  private readonly ownerOf: number[] = [];
  private pursuedOf: Int32Array = new Int32Array(64);
  private pointsOf: Int32Array = new Int32Array(64);
  private severityOf: Int32Array = new Int32Array(64);
  // Per state, where a step leads (UNKNOWN until worked out): the turn's investment; a
  // strike that fails (or is foiled); one that succeeds, per consequence d6 face (6 each);
  // a rival deal of 1..MOST_DEAL points (MOST_DEAL each).
  private investTo: Int32Array = new Int32Array(64).fill(UNKNOWN);
  private missTo: Int32Array = new Int32Array(64).fill(UNKNOWN);
  private landTo: Int32Array = new Int32Array(64 * 6).fill(UNKNOWN);
  private dealTo: Int32Array = new Int32Array(64 * MOST_DEAL).fill(UNKNOWN);
  private count = 0;

  /** `maxStates`: MAX_MEMO_STATES, or fewer for a test of the board taking over. */
  constructor(
    readonly plan: RivalPlan,
    private readonly maxStates = MAX_MEMO_STATES,
  ) {
    this.board = new RivalBoard(plan);
    this.struck = new Int32Array(plan.count);
    this.succeeded = new Uint8Array(plan.count);
    this.consequence = new Int32Array(plan.count);
    this.state = new Int32Array(plan.count);
    this.start = new Int32Array(plan.count);
    this.board.reset();
    for (let r = 0; r < plan.count; r++) this.start[r] = this.intern(r);
  }

  reset(): void {
    if (this.count > this.maxStates && !this.onBoard) this.onBoard = true;
    if (this.onBoard) {
      this.board.reset();
      return;
    }
    const { state, start } = this;
    for (let r = 0; r < this.plan.count; r++) state[r] = start[r];
  }

  /** RivalBoard.turn: every rival invests, rolls its rival die and, maybe, initiates a design. */
  turn(random: RandomStream): void {
    this.invest();
    for (let r = 0; r < this.plan.count; r++) if (this.rollDie(random, r)) this.move(random, r, false);
  }

  /** RivalBoard.invest: every rival's ambition points of the turn. */
  invest(): void {
    if (this.onBoard) {
      this.board.invest();
      return;
    }
    const { state } = this;
    for (let r = 0; r < this.plan.count; r++) {
      const s = state[r];
      let to = this.investTo[s];
      if (to === UNKNOWN) {
        this.restore(s);
        this.board.investRival(r);
        to = this.investTo[s] = this.intern(r);
      }
      state[r] = to;
    }
  }

  /** RivalBoard.advance: a rival deal of `amount` points into rival r's designs. */
  advance(r: number, amount: number): void {
    if (amount <= 0) return;
    if (this.onBoard || amount > MOST_DEAL) {
      if (!this.onBoard) this.restore(this.state[r]);
      this.board.advance(r, amount);
      if (!this.onBoard) this.state[r] = this.intern(r);
      return;
    }
    const s = this.state[r];
    const at = s * MOST_DEAL + amount - 1;
    let to = this.dealTo[at];
    if (to === UNKNOWN) {
      this.restore(s);
      this.board.advance(r, amount);
      to = this.dealTo[at] = this.intern(r);
    }
    this.state[r] = to;
  }

  /** RivalBoard.rollDie: rival r's d20; whether it initiates its pursued design. */
  rollDie(random: RandomStream, r: number): boolean {
    if (this.onBoard) {
      const struck = this.board.rollDie(random, r);
      this.copyTurn(r);
      return struck;
    }
    this.struck[r] = -1;
    this.succeeded[r] = 0;
    this.consequence[r] = -1;
    const s = this.state[r];
    const invested = this.pointsOf[s];
    if (invested === 0 || random.belowFixed(RIVAL_DIE, RIVAL_DIE_BITS, RIVAL_DIE_REJECT) + 1 > invested) return false;
    // The state stays the one struck from until `move`, which looks up where the strike leads.
    this.struck[r] = this.pursuedOf[s];
    return true;
  }

  /** RivalBoard.move: the success d4 and consequence d6 of the design rival r initiated, unless `foiled`. */
  move(random: RandomStream, r: number, foiled: boolean): void {
    if (this.onBoard) {
      this.board.move(random, r, foiled);
      this.copyTurn(r);
      return;
    }
    const s = this.state[r];
    const m = this.pursuedOf[s];
    const faces = this.plan.successFaces[m];
    // The success d4 is 2 bits, never rejected: bits(2) + 1 draws what die(4) does.
    if (!foiled && (faces >= 4 || random.bits(2) + 1 <= faces)) {
      this.succeeded[r] = 1;
      const face = random.belowFixed(6, D6_BITS, D6_REJECT) + 1;
      this.consequence[r] = this.severityOf[s] * 6 + face - 1;
      const at = s * 6 + face - 1;
      let to = this.landTo[at];
      if (to === UNKNOWN) {
        this.restore(s);
        this.board.spend(r, m);
        this.board.landed(m, face);
        to = this.landTo[at] = this.intern(r);
      }
      this.state[r] = to;
    } else {
      let to = this.missTo[s];
      if (to === UNKNOWN) {
        this.restore(s);
        this.board.spend(r, m);
        this.board.missed(r, m, this.pointsOf[s]);
        to = this.missTo[s] = this.intern(r);
      }
      this.state[r] = to;
    }
  }

  /** The board's outcome of rival r's turn, once the board plays. */
  private copyTurn(r: number): void {
    this.struck[r] = this.board.struck[r];
    this.succeeded[r] = this.board.succeeded[r];
    this.consequence[r] = this.board.consequence[r];
  }

  /** States met so far. */
  get states(): number {
    return this.count;
  }

  /** Whether the board plays the rivals (the states passed `maxStates`). */
  get playsOnBoard(): boolean {
    return this.onBoard;
  }

  /** Rival r's state on the board now, as a number (a new one for a state not met before). */
  private intern(r: number): number {
    const { plan, board } = this;
    const from = plan.designFrom[r];
    const n = plan.designCount[r];
    const save = new Int32Array(3 * n + 1);
    for (let i = 0; i < n; i++) {
      save[i] = board.points[from + i];
      save[n + i] = board.severity[from + i];
      save[2 * n + i] = board.order[from + i];
    }
    save[3 * n] = board.pointer[r];
    const key = `${r}:${save.join(',')}`;
    const known = this.ids.get(key);
    if (known !== undefined) return known;
    const s = this.count++;
    this.ids.set(key, s);
    this.saved.push(save);
    this.ownerOf.push(r);
    if (s >= this.pursuedOf.length) this.grow();
    const m = pursued(board.points, board.order, from, n);
    this.pursuedOf[s] = m;
    this.pointsOf[s] = board.points[m];
    this.severityOf[s] = board.severity[m];
    return s;
  }

  /** Put state s back on the board (its rival's slots and pointer). */
  private restore(s: number): void {
    const { plan, board } = this;
    const save = this.saved[s];
    const r = this.ownerOf[s];
    const from = plan.designFrom[r];
    const n = plan.designCount[r];
    for (let i = 0; i < n; i++) {
      board.points[from + i] = save[i];
      board.severity[from + i] = save[n + i];
      board.order[from + i] = save[2 * n + i];
    }
    board.pointer[r] = save[3 * n];
  }

  private grow(): void {
    const size = 2 * this.pursuedOf.length;
    const widen = (a: Int32Array, per: number, fill: number) => {
      const b = new Int32Array(size * per).fill(fill);
      b.set(a);
      return b;
    };
    this.pursuedOf = widen(this.pursuedOf, 1, 0);
    this.pointsOf = widen(this.pointsOf, 1, 0);
    this.severityOf = widen(this.severityOf, 1, 0);
    this.investTo = widen(this.investTo, 1, UNKNOWN);
    this.missTo = widen(this.missTo, 1, UNKNOWN);
    this.landTo = widen(this.landTo, 6, UNKNOWN);
    this.dealTo = widen(this.dealTo, MOST_DEAL, UNKNOWN);
  }
}
