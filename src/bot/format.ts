// Message texts (HTML). Every string that comes from a user or the chain is escaped here.
import type { Holder, Safety, TokenDetails, TokenSummary, Trade } from '../client/index.js';
import { scalarText } from '../text.js';
import type { Side } from '../tron/market/index.js';
import { TOKEN_DECIMALS, formatUnits, sunToTrx } from '../tron/units.js';
import type { TradeQuote } from '../trading/trade-row.js';

const MAX_MESSAGE = 4096;

export const esc = (s: unknown): string =>
  scalarText(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export const short = (a: string): string => (a.length > 12 ? `${a.slice(0, 5)}…${a.slice(-4)}` : a);

/** 1234567.89 -> "1.23M"; small numbers keep significant digits. */
export function compact(n: number): string {
  const abs = Math.abs(n);
  if (abs >= 1e9) return (n / 1e9).toFixed(2) + 'B';
  if (abs >= 1e6) return (n / 1e6).toFixed(2) + 'M';
  if (abs >= 1e4) return (n / 1e3).toFixed(1) + 'K';
  if (abs >= 1) return n.toLocaleString('en-US', { maximumFractionDigits: 2 });
  if (abs === 0) return '0';
  return n.toPrecision(4);
}

export const trx = (n: number): string => `${n.toLocaleString('en-US', { maximumFractionDigits: 6 })} TRX`;
const price = (n: number): string =>
  n === 0 ? '0' : n < 0.001 ? n.toPrecision(4) : n.toLocaleString('en-US', { maximumSignificantDigits: 6 });
const usd = (n: number): string =>
  `$${n >= 1 ? n.toLocaleString('en-US', { maximumFractionDigits: 2 }) : n.toPrecision(3)}`;
const signed = (n: number): string => `${n > 0 ? '+' : ''}${n.toFixed(2)}%`;

function progressBar(pct: number, width = 10): string {
  const p = Math.max(0, Math.min(100, pct));
  const full = Math.round((p / 100) * width);
  return '▰'.repeat(full) + '▱'.repeat(width - full) + ` ${p}%`;
}

const STATUS: Record<string, string> = {
  CREATED: '🟢 trading on the curve',
  LAUNCH_PENDING: '🟡 curve full, launching',
  LAUNCHED: '🚀 launched, trading on SunSwap V2',
};

const VERDICT = { ok: '🛡 Safety: ok', caution: '⚠️ Caution', danger: '⛔ Danger' } as const;

/** The safety verdict in a line, with the two reasons that matter most. */
function safetyLine(s: Safety): string {
  const why = s.reasons.slice(0, 2).map(esc).join('; ');
  return `${VERDICT[s.verdict]}${why ? `: ${why}` : ` · ${s.holderCount} holders, top 10 hold ${s.top10SharePct}%`}`;
}

export function tokenCard(d: TokenDetails, trxUsd: number, safety?: Safety): string {
  const m = d.metadata;
  const x = d.data;
  const links = [
    m.website ? `<a href="${esc(m.website)}">web</a>` : '',
    m.twitter ? `<a href="${esc(m.twitter)}">X</a>` : '',
    m.telegram ? `<a href="${esc(m.telegram)}">telegram</a>` : '',
  ].filter(Boolean);
  const lines = [
    `<b>${esc(m.name)}</b> ($${esc(m.symbol)})`,
    `<code>${esc(m.contractAddress)}</code>`,
    '',
    `💰 Price: ${price(x.priceInTrx)} TRX (${usd(x.priceInTrx * trxUsd)})`,
    `🏦 Market cap: ${usd(x.marketCap)}`,
    `📈 24h: ${signed(x.priceChange24Hr)} · volume ${compact(x.volume24Hr)} TRX`,
    ...(x.dex
      ? [
          `🔄 SunSwap V2 pair <code>${esc(short(x.dex.pairAddress))}</code>`,
          `💧 Liquidity: ${compact(x.dex.liquidityInTrx)} TRX (${compact(x.dex.trxReserve)} TRX · ${compact(x.dex.tokenReserve)} tokens)`,
        ]
      : [
          `⛽ Curve: ${progressBar(x.pumpPercentage)}`,
          `   ${compact(x.trxReserve)} TRX in curve · ${compact(x.tokenReserve)} tokens left`,
        ]),
    `Status: ${STATUS[x.currentStatus] ?? esc(x.currentStatus)}`,
    ...(safety ? [safetyLine(safety)] : []),
  ];
  if (m.description) lines.push('', esc(m.description.slice(0, 1000)));
  if (links.length) lines.push('', links.join(' · '));
  return lines.join('\n');
}

/** Whole thousands grouped: "1234567" -> "1,234,567". */
const grouped = (whole: string): string => whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** TRX to the sun, as the trade pins it: 1509240000n -> "1,509.24 TRX". */
export function trxExact(sun: bigint): string {
  const [whole = '0', frac] = sunToTrx(sun).split('.');
  return `${grouped(whole)}${frac ? `.${frac}` : ''} TRX`;
}

/** Token base units as whole tokens, rounded down to `places` decimals (never more than the exact figure). */
export function tokensDown(units: bigint, decimals = TOKEN_DECIMALS, places = 2): string {
  const step = 10n ** BigInt(decimals - places);
  const [whole = '0', frac] = formatUnits((units / step) * step, decimals).split('.');
  return `${grouped(whole)}${frac ? `.${frac}` : ''}`;
}

/**
 * A trade's card before Confirm, from the terms the trade is pinned to (the user's amount, the output
 * and minimum made from the node's market, the router's rate): what is shown is what is signed.
 */
export function quoteText(side: Side, t: TradeQuote, slippagePct: number, expiresInS: number): string {
  const buy = side === 'buy';
  const sym = `$${esc(t.symbol)}`;
  const out = (v: string) => (buy ? `${tokensDown(BigInt(v))} ${sym}` : trxExact(BigInt(v)));
  const bot = `${trxExact(BigInt(t.routerFee ?? '0'))} bot (${Number(t.feeBps ?? 0) / 100}%)`;
  return [
    `<b>${buy ? '🟢 Buy' : '🔴 Sell'} ${sym}</b>`,
    buy ? `You pay: ${trxExact(BigInt(t.amountIn))}` : `You sell: ${tokensDown(BigInt(t.amountIn))} ${sym}`,
    `You get: ~${out(t.expectedOut ?? '0')}`,
    `Minimum (slippage ${slippagePct}%): ${out(t.minOut ?? '0')}`,
    t.venue === 'dex'
      ? `Fees: 0.3% pool (in the price) + ${bot} · on SunSwap V2`
      : `Fees: ${trxExact(BigInt(t.launchpadFee ?? '0'))} launchpad + ${bot}`,
    `Price impact: ${(Number(t.impactBps ?? 0) / 100).toFixed(2)}%`,
    networkFeeLine(t),
    t.fills ? `⚠️ This fills the curve; ${trxExact(BigInt(t.refund ?? '0'))} would be refunded.` : '',
    '',
    `<i>Quote valid for ${expiresInS} s.</i>`,
  ]
    .filter((l, i, a) => l !== '' || a[i - 1] !== '')
    .join('\n');
}

/** The network fee a trade's card shows: what the node's estimate says the wallet burns, and who pays the energy. */
export function networkFeeLine(t: TradeQuote): string {
  if (t.networkFeeSun === undefined) return '';
  const fee = trxExact(BigInt(t.networkFeeSun));
  const max = t.networkFeeMaxSun !== undefined ? trxExact(BigInt(t.networkFeeMaxSun)) : undefined;
  const most = max ? ` · at most ${max}` : '';
  const ifDry = max ? ` · up to ${max} if the pool runs dry first` : '';
  if (t.energyLent)
    return `Network fee: ~${fee} (the bot lends your wallet the ${t.energyLent.toLocaleString('en-US')} energy for this trade)${max ? ` · up to ${max} if the loan does not go through` : ''}`;
  switch (t.energyPool) {
    case 'sponsored':
      return `Network fee: ~${fee} (the bot pays the ${(t.energyFromPool ?? 0).toLocaleString('en-US')} energy)${ifDry}`;
    case 'partial':
      return `Network fee: ~${fee} (the bot's energy pool pays part; it is running low)${ifDry}`;
    case 'empty':
      return `⚠️ Network fee: ~${fee}: the bot's energy pool is empty, you pay the energy${most}`;
    default:
      return `Network fee: ~${fee}${most}`;
  }
}

export function holdersPage(symbol: string, list: Holder[], page: number, perPage: number): string {
  if (!list.length) return page === 1 ? `No holders of $${esc(symbol)} yet.` : 'No more holders.';
  const rows = list.map((h, i) => {
    const tag = h.type === 'trader' ? '' : ` <i>(${h.type})</i>`;
    return `${(page - 1) * perPage + i + 1}. <code>${esc(short(h.address))}</code>${tag} — ${compact(h.balance)} (${h.percentage.toFixed(2)}%)`;
  });
  return [`<b>Holders of $${esc(symbol)}</b> — page ${page}`, '', ...rows].join('\n');
}

export function tradesPage(symbol: string, list: Trade[], page: number): string {
  if (!list.length) return page === 1 ? `No trades of $${esc(symbol)} yet.` : 'No more trades.';
  const rows = list.map((t) => {
    const when = new Date(t.timestamp).toISOString().slice(5, 16).replace('T', ' ');
    return `${t.type === 'BUY' ? '🟢' : '🔴'} ${when} <code>${esc(short(t.user))}</code> ${trx(Math.round(t.trxAmount * 100) / 100)} · ${compact(t.tokenAmount)}`;
  });
  return [`<b>Trades of $${esc(symbol)}</b> — page ${page}`, '', ...rows].join('\n');
}

export function tokenList(title: string, list: TokenSummary[]): string {
  if (!list.length) return 'No tokens yet.';
  const rows = list.map(
    (t, i) =>
      `${i + 1}. <b>${esc(t.name)}</b> ($${esc(t.symbol)}) · ${progressBar(t.pumpPercentage, 5)} · vol ${compact(t.volume24Hr)} TRX\n   <code>${esc(t.address)}</code>`,
  );
  return [`<b>${esc(title)}</b>`, '', ...rows].join('\n');
}

/** Keeps a message under Telegram's limit. */
/**
 * Keeps a message within Telegram's limit by dropping whole lines from the end (every line of ours
 * closes its own tags, so the HTML stays valid), with a last line saying so.
 */
export function clip(text: string, max = MAX_MESSAGE): string {
  if (text.length <= max) return text;
  const more = '\n…';
  const lines = text.split('\n');
  let out = '';
  for (const line of lines) {
    const next = out ? `${out}\n${line}` : line;
    if (next.length + more.length > max) break;
    out = next;
  }
  return out + more;
}

/** A transaction as a link to the explorer, or as code when there is none (the devnet). */
export const txLinker = (explorerTxUrl?: string) => (txid: string) =>
  explorerTxUrl ? `<a href="${esc(explorerTxUrl + txid)}">${esc(txid.slice(0, 10))}…</a>` : `<code>${esc(txid)}</code>`;
