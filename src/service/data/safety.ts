// Facts that tell a rug from a fair launch, each from the index with its figure, and a verdict:
// danger when the creator holds most of the supply, dumped an earlier token, or ten wallets hold
// nearly everything; caution for a large creator share, a creator who sold most of their first buy,
// bundled buys in the creation block, or concentrated holders.
import { and, asc, desc, eq, lt, lte } from 'drizzle-orm';
import { ratioNumber, tokenNumber } from '../../tron/units.js';
import { findToken, type DataContext, type TokenRow } from './rows.js';

/** An earlier token counts as dumped when its creator sold half of what they bought in its first hour. */
const DUMP_WINDOW_MS = 3_600_000;

export interface SafetyFacts {
  creatorSharePct: number;
  creatorFirstBuy: number;
  creatorFirstBuyPct: number;
  creatorSoldPct: number;
  top10SharePct: number;
  holderCount: number;
  bundleBuys: number;
  bundleSharePct: number;
  creatorTokens: number;
  creatorDumps: number;
  ageSeconds: number;
}

export type Verdict = 'ok' | 'caution' | 'danger';

const sumTokens = (rows: Array<{ tokenAmount: string }>) => rows.reduce((s, x) => s + BigInt(x.tokenAmount), 0n);
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The verdict and its reasons (dangers first), from the facts alone. */
export function verdictOf(f: SafetyFacts): { verdict: Verdict; reasons: string[] } {
  const danger: string[] = [];
  const caution: string[] = [];
  const creatorShare = `the creator holds ${f.creatorSharePct}% of the supply`;
  if (f.creatorSharePct > 50) danger.push(creatorShare);
  else if (f.creatorSharePct > 15) caution.push(creatorShare);
  if (f.creatorDumps > 0) danger.push(`the creator dumped ${f.creatorDumps} of ${plural(f.creatorTokens, 'earlier token')}`);
  const top10 = `the top 10 holders have ${f.top10SharePct}%`;
  if (f.top10SharePct > 90) danger.push(top10);
  else if (f.top10SharePct > 60) caution.push(top10);
  if (f.creatorFirstBuy > 0 && f.creatorSoldPct >= 50)
    caution.push(`the creator sold ${f.creatorSoldPct}% of their first buy`);
  if (f.bundleBuys > 0)
    caution.push(`${plural(f.bundleBuys, 'bundled buy')} in the creation block (${f.bundleSharePct}%)`);
  const verdict: Verdict = danger.length ? 'danger' : caution.length ? 'caution' : 'ok';
  return { verdict, reasons: [...danger, ...caution] };
}

/** The creator's earlier tokens, and how many of them they sold most of their stake of within an hour. */
async function earlierTokens(ctx: DataContext, row: TokenRow) {
  const { q, t } = ctx.db;
  const earlier = await q
    .select()
    .from(t.tokens)
    .where(and(eq(t.tokens.creator, row.creator), lt(t.tokens.createdAt, row.createdAt)));
  const dumped = await Promise.all(
    earlier.map(async (tok) => {
      const hour = await q
        .select()
        .from(t.trades)
        .where(
          and(
            eq(t.trades.token, tok.address),
            eq(t.trades.user, row.creator),
            lte(t.trades.timestamp, tok.createdAt + DUMP_WINDOW_MS),
          ),
        );
      const bought = sumTokens(hour.filter((x) => x.type === 'BUY'));
      const sold = sumTokens(hour.filter((x) => x.type === 'SELL'));
      return bought > 0n && sold * 2n >= bought;
    }),
  );
  return { count: earlier.length, dumps: dumped.filter(Boolean).length };
}

/** The holders' side: the creator's balance, and the holders other than the curve and the pair. */
async function holderFacts(ctx: DataContext, row: TokenRow) {
  const { q, t } = ctx.db;
  const excluded = new Set([row.launchpad, row.pair].filter((x): x is string => !!x));
  const [creator] = await q
    .select({ b: t.holders.balance })
    .from(t.holders)
    .where(and(eq(t.holders.token, row.address), eq(t.holders.address, row.creator)));
  const all = await q
    .select()
    .from(t.holders)
    .where(eq(t.holders.token, row.address))
    .orderBy(desc(t.holders.sortKey));
  const holders = all.filter((h) => !excluded.has(h.address));
  const top10 = holders.slice(0, 10).reduce((sum, h) => sum + BigInt(h.balance), 0n);
  return { creatorBalance: BigInt(creator?.b ?? '0'), top10, holderCount: holders.length };
}

/** The trades' side: the creator's first buy and what they sold since, and buys bundled with the creation. */
async function tradeFacts(ctx: DataContext, row: TokenRow) {
  const { q, t } = ctx.db;
  const trades = await q.select().from(t.trades).where(eq(t.trades.token, row.address)).orderBy(asc(t.trades.id));
  const createBlock = trades.find((x) => x.txid === row.createTx)?.blockNumber;
  const firstBuy = sumTokens(trades.filter((x) => x.txid === row.createTx && x.type === 'BUY' && x.user === row.creator));
  const creatorSold = sumTokens(trades.filter((x) => x.user === row.creator && x.type === 'SELL'));
  const soldPct = firstBuy > 0n ? Math.min(100, Math.round(ratioNumber(creatorSold * 10_000n, firstBuy)) / 100) : 0;
  const bundles = trades.filter(
    (x) => x.type === 'BUY' && x.user !== row.creator && createBlock !== undefined && x.blockNumber === createBlock,
  );
  return { firstBuy, soldPct, bundleBuys: bundles.length, bundleTokens: sumTokens(bundles) };
}

export async function tokenSafety(ctx: DataContext, address: string) {
  const row = await findToken(ctx.db, address);
  const supply = BigInt(row.totalSupply);
  const pct = (v: bigint) => Math.round(ratioNumber(v * 100n, supply) * 100) / 100;
  const [h, tr, earlier] = await Promise.all([holderFacts(ctx, row), tradeFacts(ctx, row), earlierTokens(ctx, row)]);
  const facts: SafetyFacts = {
    creatorSharePct: pct(h.creatorBalance),
    creatorFirstBuy: tokenNumber(tr.firstBuy, row.decimals),
    creatorFirstBuyPct: pct(tr.firstBuy),
    creatorSoldPct: tr.soldPct,
    top10SharePct: pct(h.top10),
    holderCount: h.holderCount,
    bundleBuys: tr.bundleBuys,
    bundleSharePct: pct(tr.bundleTokens),
    creatorTokens: earlier.count,
    creatorDumps: earlier.dumps,
    ageSeconds: Math.max(0, Math.floor((ctx.nowOf(row.family) - row.createdAt) / 1000)),
  };
  return { address, symbol: row.symbol, ...verdictOf(facts), ...facts };
}
