// How the chain's work shares one SQLite connection. Blocks, forks and calls await the EVM, so two
// of them could interleave at its awaits, and with them their savepoints: each takes its turn
// (`exclusive`). Reads and broadcasts never await, so they need no turn. Work that must leave
// nothing behind (a view, a read at the solid block) runs in a savepoint that is always rolled back.
import type { Database } from 'better-sqlite3';

class Rollback extends Error {}

export class Turns {
  private queue: Promise<unknown> = Promise.resolve();
  private savepoints = 0;

  constructor(private readonly db: Database) {}

  /** Runs fn after the work queued before it. */
  exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn, fn);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Runs fn in one SQLite transaction; nested calls become savepoints, a throw rolls back. */
  atomic<T>(fn: () => T): T {
    return this.db.transaction(fn)();
  }

  /** `atomic` for work that awaits (the EVM): a savepoint around it, rolled back if it throws. */
  async atomicAsync<T>(fn: () => Promise<T>): Promise<T> {
    const name = `chain_${++this.savepoints}`;
    this.db.exec(`savepoint ${name}`);
    try {
      const out = await fn();
      this.db.exec(`release ${name}`);
      return out;
    } catch (e) {
      this.db.exec(`rollback to ${name}; release ${name}`);
      throw e;
    } finally {
      this.savepoints -= 1;
    }
  }

  /** Runs fn and rolls back whatever it wrote; its result (or its error) is kept. */
  discard<T>(fn: () => T): T {
    let out!: T;
    try {
      this.atomic(() => {
        out = fn();
        throw new Rollback();
      });
    } catch (e) {
      if (!(e instanceof Rollback)) throw e;
    }
    return out;
  }

  /** `discard` for work that awaits. */
  async discardAsync<T>(fn: () => Promise<T>): Promise<T> {
    let out!: T;
    try {
      await this.atomicAsync(async () => {
        out = await fn();
        throw new Rollback();
      });
    } catch (e) {
      if (!(e instanceof Rollback)) throw e;
    }
    return out;
  }
}
