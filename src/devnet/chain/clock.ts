// The devnet's clock: the machine's time plus how far an operator moved it forward
// (POST /devnet/advance), kept in the chain's meta so that a restart keeps the chain's time.
import type { Ledger } from '../ledger.js';

const CLOCK_KEY = 'clock_offset';

export class ChainClock {
  private offset: number;

  constructor(
    private readonly machine: () => number,
    private readonly ledger: Ledger,
  ) {
    this.offset = Number(ledger.getMeta(CLOCK_KEY) ?? 0);
  }

  /** The chain's time now (ms). */
  now = (): number => this.machine() + this.offset;

  /**
   * Moves the clock forward (as a test chain's increaseTime does): the next block is stamped `ms`
   * later than it would have been, and every later one with it. Returns the whole offset.
   */
  advance(ms: number): number {
    if (!Number.isSafeInteger(ms) || ms < 0) throw new RangeError('advance takes a whole, positive number of ms');
    this.offset += ms;
    this.ledger.setMeta(CLOCK_KEY, String(this.offset));
    return this.offset;
  }
}
