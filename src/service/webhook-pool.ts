// Sends webhook deliveries side by side, so a slow receiver holds up only its own: at most `perTarget`
// at once to one target (a URL's host and port), `perOwner` for one API key, and `total` in all. A job
// that may not start yet waits in line (first come, first started) and starts as soon as a slot of
// its own frees; a job for another target passes it.
export interface PoolLimits {
  perTarget: number;
  perOwner: number;
  total: number;
}

export interface Lane {
  target: string;
  owner: number;
}

interface Job {
  lane: Lane;
  fn: () => Promise<void>;
  resolve: () => void;
  reject: (e: unknown) => void;
}

export function createDeliveryPool(limits: PoolLimits) {
  const waiting: Job[] = [];
  const running = new Set<Promise<void>>();
  const byTarget = new Map<string, number>();
  const byOwner = new Map<number, number>();
  const count = <K>(m: Map<K, number>, k: K, n: number) => {
    const v = (m.get(k) ?? 0) + n;
    if (v > 0) m.set(k, v);
    else m.delete(k);
  };
  const fits = ({ target, owner }: Lane) =>
    (byTarget.get(target) ?? 0) < limits.perTarget && (byOwner.get(owner) ?? 0) < limits.perOwner;

  function start(job: Job): void {
    count(byTarget, job.lane.target, 1);
    count(byOwner, job.lane.owner, 1);
    // the slot is free (and the next job started) before the caller hears the outcome
    const release = () => {
      running.delete(p);
      count(byTarget, job.lane.target, -1);
      count(byOwner, job.lane.owner, -1);
      startWhatFits();
    };
    const p: Promise<void> = new Promise<void>((r) => r(job.fn())).then(
      () => {
        release();
        job.resolve();
      },
      (e: unknown) => {
        release();
        job.reject(e);
      },
    );
    running.add(p);
  }

  function startWhatFits(): void {
    for (let i = 0; i < waiting.length && running.size < limits.total;) {
      if (fits(waiting[i]!.lane)) start(waiting.splice(i, 1)[0]!);
      else i++;
    }
  }

  return {
    /**
     * Runs `fn` once its lane has a free slot; settles as `fn` does, or resolves without running it
     * if `drain` drops it first.
     */
    run(lane: Lane, fn: () => Promise<void>): Promise<void> {
      return new Promise<void>((resolve, reject) => {
        waiting.push({ lane, fn, resolve, reject });
        startWhatFits();
      });
    },
    /** How many jobs are waiting or running. */
    get size(): number {
      return waiting.length + running.size;
    },
    /** Drops the jobs still waiting (their `run` resolves unrun) and waits for the running ones. */
    async drain(): Promise<void> {
      for (const job of waiting.splice(0)) job.resolve();
      await Promise.all(running);
    },
  };
}
