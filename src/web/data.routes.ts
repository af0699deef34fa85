// What the Mini App reads: the user (wallet, energy, presets), token lists and search, a token's page
// (details, safety, holders, trades, what the user holds), its candles, and the user's positions with
// their PnL. Data comes through the user's own API client, as the bot's cards get it; balances from the
// node, as the trading side reads them.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiError, type LaunchpadClient, type TokenDetails, type TokenSummary } from '../client/index.js';
import { costBasis } from '../trading/pnl.js';
import { FAMILY_NAMES, type FamilyName } from '../tron/families.js';
import { isBase58Address } from '../tron/address.js';
import { TOKEN_DECIMALS } from '../tron/units.js';
import type { BotNetworks } from '../bot/networks.js';
import type { Me, Position, TokenListKind, TokenPage, TokenRow } from './contract.js';
import { AppFail, callerOf, type Caller, type MiniAppDeps } from './context.js';
import { CandlesQuery, TokenParams, TokensQuery } from './schemas.js';
import { candlesOf, tokenOfDetails, tokenRow } from './view.js';

/** Tokens a list shows at most. */
const LIST_SIZE = 50;
/** What a filtered list or a search reads (the API's largest page). */
const SCAN = 200;
const HOLDERS = 20;
const TRADES = 30;
const CANDLES = 300;

/** A token on either launchpad, with its family; undefined when neither knows it. */
export async function findToken(
  client: LaunchpadClient,
  address: string,
): Promise<{ details: TokenDetails; family: FamilyName } | undefined> {
  for (const family of FAMILY_NAMES) {
    try {
      return { details: await client.getTokenDetails(address, family), family };
    } catch (e) {
      if (!(e instanceof ApiError && e.status === 404)) throw e;
    }
  }
  return undefined;
}

const notFound = (c: Caller) => new AppFail(404, 'not-found', c.s.t('card-token-not-found'));

/** A list of tokens: the newest, by 24 h volume, closest to launching on the curve, or launched. */
async function listOf(client: LaunchpadClient, kind: TokenListKind): Promise<TokenSummary[]> {
  switch (kind) {
    case 'trending':
      return client.listTokens({ sort: 'volume', limit: LIST_SIZE });
    case 'launching':
      return (await client.listTokens({ sort: 'progress', limit: SCAN }))
        .filter((t) => t.currentStatus !== 'LAUNCHED')
        .slice(0, LIST_SIZE);
    case 'launched':
      return (await client.listTokens({ sort: 'new', limit: SCAN }))
        .filter((t) => t.currentStatus === 'LAUNCHED')
        .slice(0, LIST_SIZE);
    default:
      return client.listTokens({ sort: 'new', limit: LIST_SIZE });
  }
}

/** Tokens whose name or symbol holds `q`, or the token at the address `q` (any list). */
async function search(client: LaunchpadClient, q: string, networks: BotNetworks): Promise<TokenRow[]> {
  // (not a type guard here: a string that is no address is still a string)
  const isAddress: boolean = isBase58Address(q);
  if (isAddress) {
    const found = await findToken(client, q);
    // the details say nothing of when it was made
    return found ? [rowOnly(tokenOfDetails(found.details, found.family, 0, networks.nameOf(found.family)))] : [];
  }
  const needle = q.toLowerCase();
  return (await client.listTokens({ sort: 'volume', limit: SCAN }))
    .filter((t) => t.name.toLowerCase().includes(needle) || t.symbol.toLowerCase().includes(needle))
    .slice(0, LIST_SIZE)
    .map((t) => tokenRow(t, networks.nameOf(t.family)));
}

/** A token page's token as a list's row. */
function rowOnly(t: TokenPage['token']): TokenRow {
  const { description: _d, links: _l, trxReserve: _t, tokenReserve: _r, dex: _x, ...row } = t;
  return row;
}

/** A token's page: details, safety, holders, recent trades and what the caller holds of it. */
async function tokenPage(d: MiniAppDeps, address: string, c: Caller): Promise<TokenPage> {
  const { services } = d;
  const user = await c.user();
  const client = services.accounts.clientFor(user);
  const safetyRead = client.getTokenSafety(address).catch(() => undefined);
  const tradesRead = client.getRecentTrades(address, 1, TRADES).catch(() => []);
  const heldRead = services.accounts
    .activeWallet(user)
    .then((w) => services.trading.market.tokenBalance(address, w.address))
    .catch(() => 0n);
  const found = await findToken(client, address);
  if (!found) throw notFound(c);
  const [safety, trades, held, holders] = await Promise.all([
    safetyRead,
    tradesRead,
    heldRead,
    client.getTokenHolders(address, { family: found.family, limit: HOLDERS }).catch(() => []),
  ]);
  const createdAt = safety ? Math.max(0, services.chainNow() - safety.ageSeconds * 1000) : 0;
  return {
    token: tokenOfDetails(found.details, found.family, createdAt, services.networks.nameOf(found.family)),
    ...(safety
      ? {
          safety: {
            verdict: safety.verdict,
            reasons: safety.reasons,
            holderCount: safety.holderCount,
            top10SharePct: safety.top10SharePct,
          },
        }
      : {}),
    holders: holders.map((h) => ({
      address: h.address,
      balance: h.balance,
      percentage: h.percentage,
      type: h.type,
    })),
    trades: trades.map((t) => ({
      txid: t.signature,
      type: t.type,
      user: t.user,
      trxAmount: t.trxAmount,
      tokenAmount: t.tokenAmount,
      timestamp: t.timestamp,
    })),
    heldUnits: held.toString(),
    decimals: TOKEN_DECIMALS,
  };
}

/** The caller's positions, with the cost of what is held from the wallet's own trades. */
async function positions(d: MiniAppDeps, c: Caller): Promise<Position[]> {
  const { services } = d;
  const user = await c.user();
  const client = services.accounts.clientFor(user);
  const wallet = await services.accounts.activeWallet(user);
  const [w, trades] = await Promise.all([
    client.getWallet(wallet.address),
    client.getUserTrades(wallet.address, { limit: 200 }),
  ]);
  return w.positions.map((p) => {
    // the average cost of what is held, from the wallet's own trades (src/trading/pnl.ts); tokens
    // that came from elsewhere cost nothing
    const { units, costSun } = costBasis(trades.filter((t) => t.tokenAddress === p.token));
    const held = BigInt(p.balanceExact);
    const cost = units > 0n ? (costSun * (held < units ? held : units)) / units : 0n;
    // the value at the price now: an estimate (the API's price times the holding)
    const value = BigInt(Math.round(p.valueInTrx * 1e6));
    const pnl = value - cost;
    return {
      token: p.token,
      symbol: p.symbol,
      decimals: TOKEN_DECIMALS,
      heldUnits: p.balanceExact,
      valueSun: value.toString(),
      costSun: cost.toString(),
      pnlSun: pnl.toString(),
      pnlPct: cost > 0n ? Number((pnl * 10_000n) / cost) / 100 : 0,
    };
  });
}

export function dataRoutes(app0: FastifyInstance, deps: () => MiniAppDeps): void {
  const app = app0.withTypeProvider<ZodTypeProvider>();
  const hidden = { hide: true } as const;

  app.get('/app/api/me', { schema: hidden }, async (req): Promise<Me> => {
    const { services } = deps();
    const c = callerOf(req);
    const user = await c.user();
    const wallet = await services.accounts.activeWallet(user);
    const [trxSun, res, pools, networks] = await Promise.all([
      services.trading.market.trxBalance(wallet.address),
      services.energy.wallet(wallet.address).catch(() => undefined),
      services.energy.pools().catch(() => undefined),
      // with several networks, the TRX on each, from the bot's own nodes
      services.networks.many ? services.balances?.(wallet.address).catch(() => undefined) : undefined,
    ]);
    const settings = services.store.settings(user);
    return {
      user: { id: c.tg.id, firstName: c.tg.firstName, lang: c.s.lang },
      wallet: {
        address: wallet.address,
        trxSun: trxSun.toString(),
        ...(networks && networks.length > 1
          ? { networks: networks.map((n) => ({ name: n.name, trxSun: n.sun === undefined ? null : n.sun.toString() })) }
          : {}),
        energy: { available: res?.energyLeft ?? 0, limit: res?.energyLimit ?? 0 },
        bandwidth: {
          available: (res?.freeNetLeft ?? 0) + (res?.netLeft ?? 0),
          limit: (res?.freeNetLimit ?? 0) + (res?.netLimit ?? 0),
        },
      },
      settings: { slippagePct: settings.slippage, buyPresets: settings.buyPresets, sellPresets: settings.sellPresets },
      sponsored: pools?.some((p) => p.sponsored) ?? false,
    };
  });

  app.get('/app/api/tokens', { schema: { ...hidden, querystring: TokensQuery } }, async (req): Promise<TokenRow[]> => {
    const { services } = deps();
    const client = services.accounts.clientFor(await callerOf(req).user());
    const q = req.query.q;
    if (q) return search(client, q, services.networks);
    return (await listOf(client, req.query.list)).map((t) => tokenRow(t, services.networks.nameOf(t.family)));
  });

  app.get('/app/api/tokens/:address', { schema: { ...hidden, params: TokenParams } }, async (req): Promise<TokenPage> =>
    tokenPage(deps(), req.params.address, callerOf(req)),
  );

  app.get(
    '/app/api/tokens/:address/candles',
    { schema: { ...hidden, params: TokenParams, querystring: CandlesQuery } },
    async (req) => {
      const { services } = deps();
      const c = callerOf(req);
      const client = services.accounts.clientFor(await c.user());
      const candles = await client.getCandles(req.params.address, req.query.interval, { limit: CANDLES }).catch((e) => {
        if (e instanceof ApiError && (e.status === 404 || e.status === 400)) throw notFound(c);
        throw e;
      });
      return candlesOf(candles);
    },
  );

  app.get('/app/api/positions', { schema: hidden }, async (req): Promise<Position[]> =>
    positions(deps(), callerOf(req)),
  );
}
