// The texts of energy: a wallet's energy and bandwidth (/wallet), whether trades are sponsored
// (/settings), the pools as the admins see them (/energy) and the admins' notice of a pool running low.
import type { EnergyPool as PoolView } from '../client/index.js';
import type { EnergyPool, WalletResources } from '../tron/energy-pool.js';
import { esc, trx, trxExact } from './format.js';

/** A count of units (energy, bytes, trades): 1,234,567. */
export const units = (n: number): string => n.toLocaleString('en-US', { maximumFractionDigits: 0 });

/** /wallet's lines: energy and bandwidth left of what the wallet has a day, from its stake and the free allowance. */
export function walletResourceLines(r: WalletResources | undefined): string[] {
  if (!r) return ['Energy and bandwidth: the node did not answer; try again.'];
  const energy =
    r.energyLimit > 0
      ? `Energy: <b>${units(r.energyLeft)}</b> of ${units(r.energyLimit)} a day left (${trxExact(r.stake.energySun)} staked)`
      : 'Energy: none staked';
  const staked =
    r.netLimit > 0 ? ` · staked ${units(r.netLeft)} of ${units(r.netLimit)} (${trxExact(r.stake.bandwidthSun)})` : '';
  return [
    energy,
    `Bandwidth: <b>${units(r.freeNetLeft)}</b> of ${units(r.freeNetLimit)} free bytes left today${staked}`,
  ];
}

/**
 * /settings' line: whether the bot pays the energy of the user's trades. Per family when they differ;
 * undefined when the node did not answer (the line is left out).
 */
export function sponsorshipLine(pools: EnergyPool[] | undefined): string | undefined {
  if (!pools?.length) return undefined;
  const say = (p: EnergyPool): string => {
    if (p.sponsored && p.userPaysPercent <= 0) return 'sponsored: the bot pays the energy of your trades';
    if (p.sponsored) return `partly sponsored: the bot pays ${100 - p.userPaysPercent}% of your trades' energy`;
    if (p.energyPerTrade > 0)
      return "not sponsored for now (the bot's energy pool is empty): your trades burn TRX for their energy";
    return 'not sponsored: your trades burn TRX for their energy';
  };
  const said = pools.map(say);
  if (said.every((s) => s === said[0])) return `⚡ Network fees: ${said[0]}. The trade card shows what you pay.`;
  return `⚡ Network fees: ${pools.map((p, i) => `${esc(p.family)} ${said[i]}`).join('; ')}. The trade card shows what you pay.`;
}

/** A pool's lines for /energy. */
export function poolLines(p: PoolView): string[] {
  const others = p.sharedBy.filter((f) => f !== p.family);
  const lines = [
    `<b>${esc(p.family)}</b> · router <code>${esc(p.router)}</code>`,
    p.origin
      ? `Pool: <code>${esc(p.origin)}</code>${others.length ? ` (shared with ${others.map(esc).join(', ')})` : ''}`
      : 'Pool: none (the node shows no router there)',
  ];
  if (p.stakedTrx !== null)
    lines.push(`Staked: ${trx(p.stakedTrx)} for energy${p.lentTrx ? ` (${trx(p.lentTrx)} lent out)` : ''}`);
  lines.push(
    `Energy: ${units(p.energyLeft)} left of ${units(p.energyLimit)} a day`,
    `Users pay ${p.userPaysPercent}% of a trade's energy: ${p.sponsored ? '<b>sponsored</b>' : '<b>not sponsored</b>'}`,
    `Covers ${units(p.tradesLeft)} typical trades now, ${units(p.tradesADay)} a day (${units(p.energyPerTrade)} energy each)`,
    `Last 24 h: ${units(p.lastDay.curve + p.lastDay.dex)} router trades (${units(p.lastDay.curve)} curve, ${units(p.lastDay.dex)} DEX)` +
      (p.hoursLeft === null ? '' : ` · ${units(p.energyPerHour)} energy an hour: ${p.hoursLeft} hours left`),
  );
  if (p.low)
    lines.push('⚠️ Less than an hour of trades left: stake more (<code>npm run cli -- energy stake TRX</code>)');
  for (const u of p.unstaking)
    lines.push(
      `Unstaking: ${trx(u.amountTrx)} (${u.resource}), withdrawable from ${new Date(u.withdrawableAt).toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    );
  return lines;
}

/** /energy: every family's pool. */
export const poolsText = (pools: PoolView[]): string =>
  ['<b>⚡ Energy pools</b>', ...pools.flatMap((p) => ['', ...poolLines(p)])].join('\n');

/** Names a pool by its origin and the families it pays for. */
const poolName = (p: PoolView): string =>
  `<code>${esc(p.origin ?? p.router)}</code> (${p.sharedBy.map(esc).join(', ')})`;

/** The admins' notice: a pool covers less than an hour of the last day's trades. */
export function poolLowText(p: PoolView): string {
  return [
    '⚠️ <b>Energy pool low</b>',
    `The pool ${poolName(p)} has ${units(p.energyLeft)} energy left: less than an hour of the last day's trades (${units(p.energyPerHour)} energy an hour).`,
    "When it runs out, users pay their trades' energy in burnt TRX.",
    'Stake more: <code>npm run cli -- energy stake TRX</code> (the key on stdin). /energy shows the pools.',
  ].join('\n');
}

/** The admins' notice: a pool that ran low covers two hours or more again (or no trade drew on it). */
export function poolRecoveredText(p: PoolView): string {
  const hours =
    p.hoursLeft === null ? 'no trade drew on it in the last day' : `${p.hoursLeft} hours of the last day's trades`;
  return [
    '✅ <b>Energy pool recovered</b>',
    `The pool ${poolName(p)} has ${units(p.energyLeft)} energy left: ${hours}.`,
  ].join('\n');
}
