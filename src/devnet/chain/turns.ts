// How the chain's work shares one SQLite connection. Blocks, forks and calls await the EVM, so two
// of them could interleave at its awaits, and with them their savepoints: each takes its turn
// (`exclusive`). Reads and broadcasts never await, so they need no turn. Work that must leave
// nothing behind (a view, a read at the solid block) runs in a savepoint that is always rolled back.
import type { Database, Statement } from 'better-sqlite3';

/** A savepoint's three statements, prepared once per depth (exec would parse them on every call). */
interface Savepoint {
  open: Statement;
  release: Statement;
  rollback: Statement;
}

export class Turns {
  private queue: Promise<unknown> = Promise.resolve();
  private savepoints = 0;
  private readonly prepared: Savepoint[] = [];

  constructor(private readonly db: Database) {}

  private savepoint(depth: number): Savepoint {
    const name = `chain_${depth}`;
    return (this.prepared[depth] ??= {
      open: this.db.prepare(`savepoint ${name}`),
      release: this.db.prepare(`release ${name}`),
      rollback: this.db.prepare(`rollback to ${name}`),
    });
  }

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
    const point = this.savepoint(++this.savepoints);
    point.open.run();
    try {
      const out = await fn();
      point.release.run();
      return out;
    } catch (e) {
      rollBack(point);
      throw e;
    } finally {
      this.savepoints -= 1;
    }
  }

  /**
   * Runs fn and rolls back whatever it wrote; its result (or its error) is kept: a savepoint of its
   * own, always rolled back (no exception thrown to make a transaction undo it).
   */
  discard<T>(fn: () => T): T {
    const point = this.savepoint(++this.savepoints);
    point.open.run();
    try {
      return fn();
    } finally {
      rollBack(point);
      this.savepoints -= 1;
    }
  }

  /** `discard` for work that awaits. */
  async discardAsync<T>(fn: () => Promise<T>): Promise<T> {
    const point = this.savepoint(++this.savepoints);
    point.open.run();
    try {
      return await fn();
    } finally {
      rollBack(point);
      this.savepoints -= 1;
    }
  }
}

/** Undoes what was written since the savepoint opened, and closes it. */
function rollBack(point: Savepoint): void {
  point.rollback.run();
  point.release.run();
}
