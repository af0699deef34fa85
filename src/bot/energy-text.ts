// The texts of energy: a wallet's energy and bandwidth (/wallet), whether trades are sponsored
// (/settings), the pools as the admins see them (/energy) and the admins' notice of a pool running low.
import type { EnergyPool as PoolView } from '../client/index.js';
import type { EnergyPool, WalletResources } from '../tron/energy-pool.js';
import { esc } from './format.js';
import type { Speech } from './i18n.js';

/** A count of units (energy, bytes, trades): 1,234,567. */
const units = (s: Speech, n: number): string => s.n.num(n, 0);

/** /wallet's lines: energy and bandwidth left of what the wallet has a day, from its stake and the free allowance. */
export function walletResourceLines(s: Speech, r: WalletResources | undefined): string[] {
  if (!r) return [s.t('energy-wallet-no-answer')];
  const energy =
    r.energyLimit > 0
      ? s.t('energy-wallet-energy', {
          left: units(s, r.energyLeft),
          limit: units(s, r.energyLimit),
          staked: s.n.trx(r.stake.energySun),
        })
      : s.t('energy-wallet-energy-none');
  const bandwidth = s.t('energy-wallet-bandwidth', { left: units(s, r.freeNetLeft), limit: units(s, r.freeNetLimit) });
  const staked =
    r.netLimit > 0
      ? ` · ${s.t('energy-wallet-bandwidth-staked', {
          left: units(s, r.netLeft),
          limit: units(s, r.netLimit),
          staked: s.n.trx(r.stake.bandwidthSun),
        })}`
      : '';
  return [energy, bandwidth + staked];
}

/**
 * /settings' line: whether the bot pays the energy of the user's trades. Per family when they differ;
 * undefined when the node did not answer (the line is left out).
 */
export function sponsorshipLine(s: Speech, pools: EnergyPool[] | undefined): string | undefined {
  if (!pools?.length) return undefined;
  const say = (p: EnergyPool): string => {
    if (p.sponsored && p.userPaysPercent <= 0) return s.t('energy-sponsored');
    if (p.sponsored) return s.t('energy-sponsored-part', { pct: s.n.pct(100 - p.userPaysPercent) });
    if (p.energyPerTrade > 0) return s.t('energy-not-sponsored-empty');
    return s.t('energy-not-sponsored');
  };
  const said = pools.map(say);
  const how = said.every((x) => x === said[0])
    ? said[0]!
    : pools.map((p, i) => `${esc(p.family)} ${said[i]}`).join('; ');
  return s.t('energy-sponsorship', { how });
}

/** A pool's lines for /energy. */
export function poolLines(s: Speech, p: PoolView): string[] {
  const others = p.sharedBy.filter((f) => f !== p.family);
  const lines = [
    s.t('energy-pool-title', { family: esc(p.family), router: esc(p.router) }),
    p.origin
      ? s.t('energy-pool-origin', { origin: esc(p.origin) }) +
        (others.length ? ` ${s.t('energy-pool-shared', { families: others.map(esc).join(', ') })}` : '')
      : s.t('energy-pool-none'),
  ];
  if (p.stakedTrx !== null)
    lines.push(
      p.lentTrx
        ? s.t('energy-pool-staked-lent', { staked: s.n.trxNum(p.stakedTrx), lent: s.n.trxNum(p.lentTrx) })
        : s.t('energy-pool-staked', { staked: s.n.trxNum(p.stakedTrx) }),
    );
  const day = p.lastDay.curve + p.lastDay.dex;
  lines.push(
    s.t('energy-pool-energy', { left: units(s, p.energyLeft), limit: units(s, p.energyLimit) }),
    p.sponsored
      ? s.t('energy-pool-users-pay-sponsored', { pct: s.n.pct(p.userPaysPercent) })
      : s.t('energy-pool-users-pay-not-sponsored', { pct: s.n.pct(p.userPaysPercent) }),
    s.t('energy-pool-covers', {
      now: units(s, p.tradesLeft),
      day: units(s, p.tradesADay),
      each: units(s, p.energyPerTrade),
    }),
    s.t('energy-pool-last-day', { trades: day, curve: units(s, p.lastDay.curve), dex: units(s, p.lastDay.dex) }) +
      (p.hoursLeft === null
        ? ''
        : ` · ${s.t('energy-pool-hours-left', { perHour: units(s, p.energyPerHour), hours: p.hoursLeft })}`),
  );
  if (p.low) lines.push(s.t('energy-pool-low-line'));
  for (const u of p.unstaking)
    lines.push(
      s.t('energy-pool-unstaking', {
        amount: s.n.trxNum(u.amountTrx),
        resource: esc(u.resource),
        when: s.n.dateTime(u.withdrawableAt),
      }),
    );
  return lines;
}

/** /energy: every family's pool. */
export const poolsText = (s: Speech, pools: PoolView[]): string =>
  [s.t('energy-pools-title'), ...pools.flatMap((p) => ['', ...poolLines(s, p)])].join('\n');

/** Names a pool by its origin and the families it pays for. */
const poolName = (p: PoolView): string =>
  `<code>${esc(p.origin ?? p.router)}</code> (${p.sharedBy.map(esc).join(', ')})`;

/** The admins' notice: a pool covers less than an hour of the last day's trades. */
export function poolLowText(s: Speech, p: PoolView): string {
  return [
    s.t('energy-low-title'),
    s.t('energy-low-body', {
      pool: poolName(p),
      left: units(s, p.energyLeft),
      perHour: units(s, p.energyPerHour),
    }),
    s.t('energy-low-then'),
    s.t('energy-low-stake'),
  ].join('\n');
}

/** The admins' notice: a pool that ran low covers two hours or more again (or no trade drew on it). */
export function poolRecoveredText(s: Speech, p: PoolView): string {
  const body =
    p.hoursLeft === null
      ? s.t('energy-recovered-idle', { pool: poolName(p), left: units(s, p.energyLeft) })
      : s.t('energy-recovered-body', {
          pool: poolName(p),
          left: units(s, p.energyLeft),
          hours: p.hoursLeft,
        });
  return [s.t('energy-recovered-title'), body].join('\n');
}
