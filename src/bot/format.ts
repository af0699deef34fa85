// Message texts (HTML). Every string that comes from a user or the chain is escaped here; the words
// come from the message files (locales/<lang>/card.ftl), the figures from the speech's number formats.
import type { Holder, Safety, TokenDetails, TokenSummary, Trade } from '../client/index.js';
import { scalarText } from '../text.js';
import type { Side } from '../tron/market/index.js';
import { TOKEN_DECIMALS, formatUnits, sunToTrx } from '../tron/units.js';
import type { TradeQuote } from '../trading/trade-row.js';
import type { Speech } from './i18n.js';

const MAX_MESSAGE = 4096;

export const esc = (s: unknown): string =>
  scalarText(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export const short = (a: string): string => (a.length > 12 ? `${a.slice(0, 5)}…${a.slice(-4)}` : a);

/**
 * 1234567.89 -> "1.23M"; small numbers keep significant digits.
 * English only (other helpers' files until they move to the speech's `n.compact`).
 */
export function compact(n: number): string {
  const abs = Math.abs(n);
  if (abs >= 1e9) return (n / 1e9).toFixed(2) + 'B';
  if (abs >= 1e6) return (n / 1e6).toFixed(2) + 'M';
  if (abs >= 1e4) return (n / 1e3).toFixed(1) + 'K';
  if (abs >= 1) return n.toLocaleString('en-US', { maximumFractionDigits: 2 });
  if (abs === 0) return '0';
  return n.toPrecision(4);
}

/** English only (other helpers' files until they move to the speech's `n.trxNum`). */
export const trx = (n: number): string => `${n.toLocaleString('en-US', { maximumFractionDigits: 6 })} TRX`;

/** A ten-step bar of a percent, with the figure: "▰▰▰▱▱▱▱▱▱▱ 30%". */
export function progressBar(s: Speech, pct: number, width = 10): string {
  const p = Math.max(0, Math.min(100, pct));
  const full = Math.round((p / 100) * width);
  return '▰'.repeat(full) + '▱'.repeat(width - full) + ` ${s.n.pct(p)}`;
}

/** Where a token trades, in words. */
function statusText(s: Speech, status: string): string {
  switch (status) {
    case 'CREATED':
      return s.t('card-status-created');
    case 'LAUNCH_PENDING':
      return s.t('card-status-launch-pending');
    case 'LAUNCHED':
      return s.t('card-status-launched');
    default:
      return esc(status);
  }
}

/** The safety verdict, in words. */
function verdictText(s: Speech, verdict: Safety['verdict']): string {
  switch (verdict) {
    case 'ok':
      return s.t('card-verdict-ok');
    case 'caution':
      return s.t('card-verdict-caution');
    default:
      return s.t('card-verdict-danger');
  }
}

/**
 * One of the safety report's reasons in the reader's language: the API gives them in English, each
 * naming a fact whose figure the report also carries, so the reason is told again from that figure; a
 * reason of another kind is shown as the API wrote it.
 */
function reasonText(s: Speech, safety: Safety, reason: string): string {
  const pct = (n: number) => s.n.pct(n);
  if (/^the creator holds /.test(reason)) return s.t('card-reason-creator-share', { pct: pct(safety.creatorSharePct) });
  if (/^the creator dumped /.test(reason))
    return s.t('card-reason-creator-dumped', { dumps: safety.creatorDumps, tokens: safety.creatorTokens });
  if (/^the top 10 holders /.test(reason)) return s.t('card-reason-top10', { pct: pct(safety.top10SharePct) });
  if (/^the creator sold /.test(reason)) return s.t('card-reason-creator-sold', { pct: pct(safety.creatorSoldPct) });
  if (/^\d+ bundled buys? /.test(reason))
    return s.t('card-reason-bundles', { buys: safety.bundleBuys, pct: pct(safety.bundleSharePct) });
  return esc(reason);
}

/** The safety verdict in a line, with the two reasons that matter most. */
function safetyLine(s: Speech, safety: Safety): string {
  const verdict = verdictText(s, safety.verdict);
  const why = safety.reasons
    .slice(0, 2)
    .map((r) => reasonText(s, safety, r))
    .join('; ');
  return why
    ? s.t('card-safety-why', { verdict, why })
    : s.t('card-safety-holders', {
        verdict,
        holders: safety.holderCount,
        top10: s.n.pct(safety.top10SharePct),
      });
}

/** The line naming a token's network (shown only when more than one network is configured). */
export const networkLine = (s: Speech, network: string): string => s.t('token-network', { network: esc(network) });

/** A token's card; `network` is the name of its network when more than one is configured. */
export function tokenCard(s: Speech, d: TokenDetails, trxUsd: number, safety?: Safety, network?: string): string {
  const m = d.metadata;
  const x = d.data;
  const { n } = s;
  const links = [
    m.website ? `<a href="${esc(m.website)}">${s.t('card-link-web')}</a>` : '',
    m.twitter ? `<a href="${esc(m.twitter)}">${s.t('card-link-x')}</a>` : '',
    m.telegram ? `<a href="${esc(m.telegram)}">${s.t('card-link-telegram')}</a>` : '',
  ].filter(Boolean);
  const lines = [
    `<b>${esc(m.name)}</b> ($${esc(m.symbol)})`,
    `<code>${esc(m.contractAddress)}</code>`,
    ...(network ? [networkLine(s, network)] : []),
    '',
    s.t('card-price', { price: n.price(x.priceInTrx), usd: n.usd(x.priceInTrx * trxUsd) }),
    s.t('card-market-cap', { usd: n.usd(x.marketCap) }),
    s.t('card-day', { change: n.signedPct(x.priceChange24Hr), volume: n.compact(x.volume24Hr) }),
    ...(x.dex
      ? [
          s.t('card-dex-pair', { pair: esc(short(x.dex.pairAddress)) }),
          s.t('card-liquidity', {
            liquidity: n.compact(x.dex.liquidityInTrx),
            trx: n.compact(x.dex.trxReserve),
            tokens: n.compact(x.dex.tokenReserve),
          }),
        ]
      : [
          s.t('card-curve', { bar: progressBar(s, x.pumpPercentage) }),
          '   ' + s.t('card-curve-reserves', { trx: n.compact(x.trxReserve), tokens: n.compact(x.tokenReserve) }),
        ]),
    s.t('card-status', { status: statusText(s, x.currentStatus) }),
    ...(safety ? [safetyLine(s, safety)] : []),
  ];
  if (m.description) lines.push('', esc(m.description.slice(0, 1000)));
  if (links.length) lines.push('', links.join(' · '));
  return lines.join('\n');
}

/** Whole thousands grouped: "1234567" -> "1,234,567". */
const grouped = (whole: string): string => whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/**
 * TRX to the sun, as the trade pins it: 1509240000n -> "1,509.24 TRX".
 * English only (other helpers' files until they move to the speech's `n.trx`).
 */
export function trxExact(sun: bigint): string {
  const [whole = '0', frac] = sunToTrx(sun).split('.');
  return `${grouped(whole)}${frac ? `.${frac}` : ''} TRX`;
}

/**
 * Token base units as whole tokens, rounded down to `places` decimals (never more than the exact figure).
 * English only (other helpers' files until they move to the speech's `n.tokens`).
 */
export function tokensDown(units: bigint, decimals = TOKEN_DECIMALS, places = 2): string {
  const step = 10n ** BigInt(decimals - places);
  const [whole = '0', frac] = formatUnits((units / step) * step, decimals).split('.');
  return `${grouped(whole)}${frac ? `.${frac}` : ''}`;
}

/** A percent with exactly two decimals, as a price impact is shown: "1.50%" / "1,50 %" (the language's percent sign). */
const pct2 = (s: Speech, n: number): string => s.n.decimal(n.toFixed(2)) + s.n.pct(0).slice(1);

/**
 * A trade's card before Confirm, from the terms the trade is pinned to (the user's amount, the output
 * and minimum made from the node's market, the router's rate): what is shown is what is signed.
 */
export function quoteText(
  s: Speech,
  side: Side,
  t: TradeQuote,
  slippagePct: number,
  expiresInS: number,
  network?: string,
): string {
  const buy = side === 'buy';
  const { n } = s;
  const symbol = `$${esc(t.symbol)}`;
  const out = (v: string) => (buy ? `${n.tokens(v)} ${symbol}` : n.trx(v));
  const bot = s.t('trade-quote-bot-fee', { fee: n.trx(t.routerFee ?? '0'), pct: n.pct(Number(t.feeBps ?? 0) / 100) });
  return [
    buy ? s.t('trade-quote-buy-title', { symbol }) : s.t('trade-quote-sell-title', { symbol }),
    ...(network ? [networkLine(s, network)] : []),
    buy
      ? s.t('trade-quote-pay', { amount: n.trx(t.amountIn) })
      : s.t('trade-quote-sell', { amount: `${n.tokens(t.amountIn)} ${symbol}` }),
    s.t('trade-quote-get', { amount: out(t.expectedOut ?? '0') }),
    s.t('trade-quote-minimum', { slippage: n.pct(slippagePct), amount: out(t.minOut ?? '0') }),
    t.venue === 'dex'
      ? s.t('trade-quote-fees-dex', { pool: n.pct(0.3), bot })
      : s.t('trade-quote-fees-curve', { launchpad: n.trx(t.launchpadFee ?? '0'), bot }),
    s.t('trade-quote-impact', { impact: pct2(s, Number(t.impactBps ?? 0) / 100) }),
    networkFeeLine(s, t),
    t.fills ? s.t('trade-quote-fills', { refund: n.trx(t.refund ?? '0') }) : '',
    '',
    s.t('trade-quote-valid', { seconds: expiresInS }),
  ]
    .filter((l, i, a) => l !== '' || a[i - 1] !== '')
    .join('\n');
}

/** The network fee a trade's card shows: what the node's estimate says the wallet burns, and who pays the energy. */
export function networkFeeLine(s: Speech, t: TradeQuote): string {
  if (t.networkFeeSun === undefined) return '';
  const fee = s.n.trx(t.networkFeeSun);
  const max = t.networkFeeMaxSun !== undefined ? s.n.trx(t.networkFeeMaxSun) : undefined;
  const then = (more: string) => ` · ${more}`;
  const most = max ? then(s.t('trade-fee-at-most', { max })) : '';
  const ifDry = max ? then(s.t('trade-fee-if-dry', { max })) : '';
  if (t.energyLent)
    return (
      s.t('trade-fee-lent', { fee, energy: s.n.num(t.energyLent, 0) }) +
      (max ? then(s.t('trade-fee-if-no-loan', { max })) : '')
    );
  switch (t.energyPool) {
    case 'sponsored':
      return s.t('trade-fee-sponsored', { fee, energy: s.n.num(t.energyFromPool ?? 0, 0) }) + ifDry;
    case 'partial':
      return s.t('trade-fee-partial', { fee }) + ifDry;
    case 'empty':
      return s.t('trade-fee-empty', { fee }) + most;
    default:
      return s.t('trade-fee-plain', { fee }) + most;
  }
}

/** What kind of holder an address is, in words (a trader is just a holder: no tag). */
function holderTag(s: Speech, type: Holder['type']): string {
  switch (type) {
    case 'curve':
      return s.t('list-holder-curve');
    case 'dev':
      return s.t('list-holder-dev');
    case 'pool':
      return s.t('list-holder-pool');
    default:
      return '';
  }
}

export function holdersPage(s: Speech, symbol: string, list: Holder[], page: number, perPage: number): string {
  const sym = `$${esc(symbol)}`;
  if (!list.length) return page === 1 ? s.t('list-holders-none', { symbol: sym }) : s.t('list-holders-no-more');
  const rows = list.map((h, i) => {
    const kind = holderTag(s, h.type);
    const tag = kind ? ` <i>(${kind})</i>` : '';
    return `${(page - 1) * perPage + i + 1}. <code>${esc(short(h.address))}</code>${tag} — ${s.n.compact(h.balance)} (${s.n.pct(h.percentage)})`;
  });
  return [s.t('list-holders-title', { symbol: sym, page }), '', ...rows].join('\n');
}

export function tradesPage(s: Speech, symbol: string, list: Trade[], page: number): string {
  const sym = `$${esc(symbol)}`;
  if (!list.length) return page === 1 ? s.t('list-trades-none', { symbol: sym }) : s.t('list-trades-no-more');
  const rows = list.map((t) => {
    const when = s.n.shortTime(t.timestamp);
    return `${t.type === 'BUY' ? '🟢' : '🔴'} ${when} <code>${esc(short(t.user))}</code> ${s.n.trxNum(Math.round(t.trxAmount * 100) / 100)} · ${s.n.compact(t.tokenAmount)}`;
  });
  return [s.t('list-trades-title', { symbol: sym, page }), '', ...rows].join('\n');
}

/** A list of tokens under its title (HTML-safe already: the caller's own words). */
export function tokenList(s: Speech, title: string, list: TokenSummary[]): string {
  if (!list.length) return s.t('list-tokens-none');
  const rows = list.map(
    (t, i) =>
      `${i + 1}. <b>${esc(t.name)}</b> ($${esc(t.symbol)}) · ${progressBar(s, t.pumpPercentage, 5)} · ${s.t('list-token-volume', { volume: s.n.compact(t.volume24Hr) })}\n   <code>${esc(t.address)}</code>`,
  );
  return [`<b>${title}</b>`, '', ...rows].join('\n');
}

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

/** A transaction, by its id and (for a trade) its token: a link to its network's explorer, or its id. */
export type TxLink = (txid: string, token?: string) => string;

/**
 * A transaction as a link to the explorer, or as code when there is none (the devnet). With several
 * networks, a trade's link is its token's network's (`byFamily`, the token's family from `familyOf`);
 * a family whose network has no explorer shows the id.
 */
export const txLinker =
  (
    explorerTxUrl?: string,
    byFamily?: Partial<Record<string, string | undefined>>,
    familyOf?: (token: string) => string | undefined,
  ): TxLink =>
  (txid, token) => {
    const family = token ? familyOf?.(token) : undefined;
    const prefix = family && byFamily && Object.hasOwn(byFamily, family) ? byFamily[family] : explorerTxUrl;
    return prefix ? `<a href="${esc(prefix + txid)}">${esc(txid.slice(0, 10))}…</a>` : `<code>${esc(txid)}</code>`;
  };
