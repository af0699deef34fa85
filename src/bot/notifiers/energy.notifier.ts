// Tells the bot's admins when an energy pool runs low: what it has left covers less than an hour of
// the last day's router trades (GET /admin/energy says so), and again when it covers two hours or more
// (or no trade drew on it): once per crossing, not at every look. Each pool's state is kept in the
// trading side's key-value table and changed by one conditional update before the message goes, so
// two runs or two instances never both tell a crossing; one that reached no admin for a passing reason
// (the network, Telegram down) is given back and told by the next run.
import type { Api } from 'grammy';
import type { Logger } from 'pino';
import type { EnergyPool } from '../../client/index.js';
import type { TradingStore } from '../../trading/store.js';
import { poolLowText, poolRecoveredText } from '../energy-text.js';
import type { Speech } from '../i18n.js';
import { refusalOf } from '../refusals.js';

type PoolState = 'ok' | 'low';

/** A pool back from low covers at least this many hours of the last day's trades (so a pool at the edge does not flap). */
export const RECOVERED_HOURS = 2;

export interface EnergyWatchDeps {
  api: Api;
  /** the pools as the API reports them (the operator's client: GET /admin/energy) */
  pools: () => Promise<EnergyPool[]>;
  admins: number[];
  /** an admin's language (their chat's choice, else their app's): each is told in their own */
  speechOf: (chatId: number) => Promise<Speech>;
  meta: Pick<TradingStore, 'meta' | 'claimMeta' | 'swapMeta'>;
  logger: Logger;
}

/** The state a pool is in now, given the one it was in. */
function stateOf(p: EnergyPool, was: PoolState): PoolState {
  if (p.low) return 'low';
  if (was === 'low' && p.hoursLeft !== null && p.hoursLeft < RECOVERED_HOURS) return 'low';
  return 'ok';
}

/**
 * A run that looks at every pool and tells the admins of each crossing; it returns how many crossings
 * it told. Runs never overlap (a run still going makes the next one a no-op).
 */
export function watchEnergyPools(deps: EnergyWatchDeps) {
  const { meta } = deps;
  let running = false;

  /**
   * Sends to every admin, each in their language; true when one got it, or when none can take it (a
   * refusal is no passing failure).
   */
  async function tell(textIn: (s: Speech) => string): Promise<boolean> {
    let passing = false;
    let delivered = false;
    for (const admin of deps.admins) {
      try {
        const text = textIn(await deps.speechOf(admin));
        await deps.api.sendMessage(admin, text, { parse_mode: 'HTML', link_preview_options: { is_disabled: true } });
        delivered = true;
      } catch (err) {
        const refusal = refusalOf(err);
        if (refusal === undefined) passing = true;
        deps.logger.warn({ admin, refusal, err: (err as Error).message }, 'energy pool notice not delivered');
      }
    }
    return delivered || !passing;
  }

  async function look(p: EnergyPool): Promise<boolean> {
    const key = `energy.pool:${p.origin ?? p.router}`;
    // a pool first seen is taken as fine: one already low is told at once
    await meta.claimMeta(key, 'ok');
    const was = ((await meta.meta(key)) ?? 'ok') as PoolState;
    const now = stateOf(p, was);
    if (now === was || !(await meta.swapMeta(key, was, now))) return false;
    if (await tell((s) => (now === 'low' ? poolLowText(s, p) : poolRecoveredText(s, p)))) return true;
    await meta.swapMeta(key, now, was);
    return false;
  }

  return async (): Promise<number> => {
    if (running) return 0;
    running = true;
    try {
      // families whose routers share an origin share a pool: it is looked at once
      const seen = new Set<string>();
      let told = 0;
      for (const p of await deps.pools()) {
        const pool = p.origin ?? p.router;
        if (seen.has(pool)) continue;
        seen.add(pool);
        if (await look(p)) told++;
      }
      return told;
    } finally {
      running = false;
    }
  };
}
