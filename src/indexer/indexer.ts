// Follows the launchpads' and routers' events, every launchpad token's Transfer events, and after the
// launch the token's SunSwap V2 pair (the factory's PairCreated, the pair's Swap and Sync) through the
// node's event API (the same calls work against TronGrid), and keeps tokens, trades, holders and the
// fee ledger in SQLite. A launched token's reserves are its pair's: price, market cap and 24 h figures
// carry on from the curve without a gap.
//
// One cycle: read the confirmed head time H, fetch every stream's events up to H (from its cursor,
// inclusive), then apply them all in one SQLite transaction. Each event is applied once (seen_events
// is the gate), so re-reading the boundary, a crash or a restart never counts anything twice.
import { and, eq, isNotNull, lt, sql } from 'drizzle-orm';
import type { TronWeb } from 'tronweb';
import type { Logger } from 'pino';
import type { AppDb } from '../db/index.js';
import * as t from '../db/schema.js';
import { TRC20_ABI } from '../tron/abi.js';
import { toBase58, toHexAddress } from '../tron/address.js';
import { LaunchpadReader, contractMethods, type DexInfo } from '../tron/client.js';
import { VIRTUAL_TOKEN_START, VIRTUAL_TRX_START, priceTrx, progressPct, sortTokens } from '../tron/market/index.js';
import type { Family } from '../tron/families.js';
import { tokenNumber, trxNumber } from '../tron/units.js';

export interface ChainEvent {
  block_number: number;
  block_timestamp: number;
  contract_address: string;
  event_index: number;
  event_name: string;
  result: Record<string, string>;
  transaction_id: string;
}

export interface IndexerDeps {
  db: AppDb;
  tronWeb: TronWeb;
  families: Family[];
  logger: Logger;
  /** Where a stream starts when it has no cursor yet (ms). */
  fromTimestamp?: number;
}

const PAGE = 200;
const pad = (v: bigint): string => v.toString().padStart(80, '0');
const addr = (v: string): string => toBase58(v);

export type FeedKind = 'create' | 'buy' | 'sell' | 'progress' | 'launch';

export class Indexer {
  private running: Promise<number> | undefined;
  private fed = false;
  /** Called after a cycle that added feed events (the live stream listens). */
  onFeed: (() => void) | undefined;
  /** Called after a cycle that changed the tables (read caches listen). */
  onApplied: (() => void) | undefined;
  private timer: NodeJS.Timeout | undefined;
  /** Each family's DEX, once read (the launchpad's v2Router(), or the override). */
  private readonly dexes = new Map<string, DexInfo>();
  /** Owners of DEX swap transactions made through a router (the trader), by txid. */
  private readonly owners = new Map<string, string>();

  /** Statements run once per event: prepared once. */
  private readonly q: ReturnType<typeof prepare>;

  constructor(private readonly deps: IndexerDeps) {
    this.q = prepare(deps.db);
  }

  /** Runs one cycle (or joins the one under way). Returns the number of events applied. */
  syncOnce(): Promise<number> {
    if (!this.running) {
      this.running = this.cycle()
        .then((n) => {
          if (n > 0) this.onApplied?.();
          return n;
        })
        .finally(() => {
          this.running = undefined;
          if (this.fed) {
            this.fed = false;
            this.onFeed?.();
          }
          // a block came while this cycle read: one more for it
          if (this.again) {
            this.again = false;
            this.nudge();
          }
        });
    }
    return this.running;
  }

  private again = false;
  /**
   * A new block is known to exist (the in-process devnet says so): index it now rather than at the
   * next poll; when a cycle is under way, one more runs right after it.
   */
  nudge(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    void this.syncOnce().catch((err: unknown) =>
      this.deps.logger.warn({ err }, 'indexer cycle failed; the poll retries'),
    );
  }

  private headTimer: NodeJS.Timeout | undefined;
  private stopped = false;
  private lastHead = -1;
  /**
   * Follows the node's confirmed head with a cheap header read every `ms`, and indexes as soon as it
   * moves (instead of waiting for the next full poll): what the sniper and the orders need from a
   * node that is not in this thread.
   */
  followHead(ms: number): void {
    const tick = async () => {
      const head = await this.deps.tronWeb.solidityNode.request<{ block_header?: { raw_data?: { number?: number } } }>(
        'walletsolidity/getblock',
        { detail: false },
        'post',
      );
      const n = head.block_header?.raw_data?.number ?? 0;
      if (n > this.lastHead) {
        this.lastHead = n;
        this.nudge();
      }
    };
    const loop = () =>
      void tick()
        .catch(() => undefined)
        .finally(() => {
          if (!this.stopped) this.headTimer = setTimeout(loop, ms);
        });
    this.headTimer = setTimeout(loop, ms);
  }

  start(intervalMs: number): void {
    const tick = () =>
      void this.syncOnce()
        .catch((err: unknown) => this.deps.logger.warn({ err }, 'indexer cycle failed; retrying'))
        .finally(() => (this.timer = setTimeout(tick, intervalMs)));
    this.timer = setTimeout(tick, 0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.headTimer) clearTimeout(this.headTimer);
    this.headTimer = undefined;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }

  private cursor(contract: string): number {
    const row = this.q.cursor.get({ contract });
    return row?.blockTimestamp ?? this.deps.fromTimestamp ?? 0;
  }

  private async fetchStream(contract: string, from: number, to: number, eventName?: string): Promise<ChainEvent[]> {
    const out: ChainEvent[] = [];
    let fingerprint: string | undefined;
    do {
      const res = await this.deps.tronWeb.event.getEventsByContractAddress(contract, {
        minBlockTimestamp: Math.max(from, 1),
        maxBlockTimestamp: to,
        orderBy: 'block_timestamp,asc',
        limit: PAGE,
        onlyConfirmed: true,
        ...(eventName ? { eventName } : {}),
        ...(fingerprint ? { fingerprint } : {}),
      });
      out.push(...((res.data ?? []) as unknown as ChainEvent[]));
      fingerprint = (res.meta as { fingerprint?: string } | undefined)?.fingerprint;
    } while (fingerprint);
    return out;
  }

  private async tokenInfo(token: string) {
    const m = contractMethods(this.deps.tronWeb, TRC20_ABI, token);
    const [name, symbol, decimals, supply] = await Promise.all(
      ['name', 'symbol', 'decimals', 'totalSupply'].map((k) => m[k]!().call({ from: token })),
    );
    return {
      name: String(name),
      symbol: String(symbol),
      decimals: Number(String(decimals)),
      totalSupply: String(supply),
    };
  }

  private async dexOf(f: Family): Promise<DexInfo | undefined> {
    let d = this.dexes.get(f.launchpad);
    if (!d) {
      d = await new LaunchpadReader(this.deps.tronWeb, f.launchpad).dex(f.dexRouter).catch((err: unknown) => {
        this.deps.logger.warn(
          { err, launchpad: f.launchpad },
          'could not read the launchpad’s DEX; retrying next cycle',
        );
        return undefined;
      });
      if (d) this.dexes.set(f.launchpad, d);
    }
    return d;
  }

  /** The trader of a swap made through a router: the transaction's owner. */
  private async ownerOf(txid: string): Promise<string | undefined> {
    let owner = this.owners.get(txid);
    if (!owner) {
      const tx = (await this.deps.tronWeb.trx.getTransaction(txid)) as {
        raw_data?: { contract?: Array<{ parameter?: { value?: { owner_address?: string } } }> };
      };
      const hex = tx.raw_data?.contract?.[0]?.parameter?.value?.owner_address;
      if (!hex) return undefined;
      owner = addr(hex);
      if (this.owners.size > 10_000) this.owners.clear();
      this.owners.set(txid, owner);
    }
    return owner;
  }

  private async cycle(): Promise<number> {
    const { db, tronWeb, families } = this.deps;
    // the newest solidified block's header only (getblock with detail false, served by the
    // solidity API too): getnowblock would carry every transaction of the block on each poll
    const head = await tronWeb.solidityNode.request<{ block_header: { raw_data: { timestamp: number } } }>(
      'walletsolidity/getblock',
      { detail: false },
      'post',
    );
    const to = head.block_header.raw_data.timestamp;

    const core = families.flatMap((f) => [f.launchpad, f.router]);
    const coreEvents = new Map<string, ChainEvent[]>();
    for (const c of core) coreEvents.set(c, await this.fetchStream(c, this.cursor(c), to));

    // tokens: the known ones and those created in this window
    const known = db
      .select({ address: t.tokens.address })
      .from(t.tokens)
      .all()
      .map((r) => r.address);
    const created = families.flatMap((f) =>
      (coreEvents.get(f.launchpad) ?? [])
        .filter((e) => e.event_name === 'TokenCreate')
        .map((e) => ({ f, e, token: addr(e.result.tokenAddress!) })),
    );
    const fresh = created.filter((c) => !known.includes(c.token));
    const infos = new Map<string, Awaited<ReturnType<Indexer['tokenInfo']>>>();
    for (const c of fresh) infos.set(c.token, await this.tokenInfo(c.token));
    const allTokens = [...new Set([...known, ...created.map((c) => c.token)])];
    const transfers = new Map<string, ChainEvent[]>();
    for (const token of allTokens)
      transfers.set(token, await this.fetchStream(token, this.cursor(token), to, 'Transfer'));

    // SunSwap V2: pairs made for launchpad tokens (against WTRX), then the pairs' own events
    const dexes = new Map<string, DexInfo>();
    for (const f of families) {
      const d = await this.dexOf(f);
      if (d) dexes.set(d.factory, d);
    }
    const tokenSet = new Set(allTokens);
    const pairCreated: Array<{ e: ChainEvent; factory: string; token: string; pair: string }> = [];
    for (const d of dexes.values()) {
      for (const e of await this.fetchStream(d.factory, this.cursor(d.factory), to, 'PairCreated')) {
        const [t0, t1] = [addr(e.result.token0!), addr(e.result.token1!)];
        const token = t0 === d.wtrx ? t1 : t1 === d.wtrx ? t0 : undefined;
        if (token && tokenSet.has(token))
          pairCreated.push({ e, factory: d.factory, token, pair: addr(e.result.pair!) });
      }
    }
    const knownPairs = this.q.pairs.all().map((r) => ({ token: r.address, pair: r.pair! }));
    const pairs = [...knownPairs, ...pairCreated.map((p) => ({ token: p.token, pair: p.pair }))];
    const pairEvents = new Map<string, { token: string; events: ChainEvent[] }>();
    for (const p of pairs) {
      if (pairEvents.has(p.pair)) continue;
      const events = (await this.fetchStream(p.pair, this.cursor(p.pair), to)).filter(
        (e) => e.event_name === 'Swap' || e.event_name === 'Sync',
      );
      pairEvents.set(p.pair, { token: p.token, events });
    }
    // a swap's trader: our routers say who in their own event; through the V2 router it is the owner
    const routerTx = new Map<string, ChainEvent>();
    for (const f of families) for (const e of coreEvents.get(f.router) ?? []) routerTx.set(e.transaction_id, e);
    const intermediaries = new Set([...families.map((f) => f.router), ...[...dexes.values()].map((d) => d.router)]);
    for (const { events } of pairEvents.values()) {
      for (const e of events) {
        if (e.event_name !== 'Swap' || routerTx.has(e.transaction_id)) continue;
        if (intermediaries.has(addr(e.result.to!))) await this.ownerOf(e.transaction_id);
      }
    }

    // a creation's first buy, made in the creating transaction (what snipers filter on)
    const devBuyByTx = new Map<string, bigint>();
    for (const f of families)
      for (const e of coreEvents.get(f.launchpad) ?? [])
        if (e.event_name === 'TokenPurchased')
          devBuyByTx.set(
            e.transaction_id,
            (devBuyByTx.get(e.transaction_id) ?? 0n) + BigInt(e.result.tokenAmount ?? '0'),
          );
    // apply everything in one transaction
    return db.$client.transaction(() => {
      let applied = 0;
      const firstSeen = (e: ChainEvent, contract: string): boolean =>
        this.q.seen.run({ txid: e.transaction_id, contract, idx: e.event_index }).changes > 0;

      for (const f of families) {
        for (const e of coreEvents.get(f.launchpad) ?? []) {
          if (!firstSeen(e, f.launchpad)) continue;
          applied++;
          this.applyLaunchpadEvent(f, e, routerTx, infos, devBuyByTx);
        }
        for (const e of coreEvents.get(f.router) ?? []) {
          if (!firstSeen(e, f.router)) continue;
          applied++;
          this.applyRouterFee(e);
        }
      }
      for (const p of pairCreated) {
        if (!firstSeen(p.e, p.factory)) continue;
        applied++;
        this.q.setPair.run({ token: p.token, pair: p.pair });
      }
      for (const [pair, { token, events }] of pairEvents) {
        for (const e of events) {
          if (!firstSeen(e, pair)) continue;
          applied++;
          this.applyPairEvent(token, pair, e, routerTx);
        }
      }
      for (const [token, events] of transfers) {
        for (const e of events) {
          if (!firstSeen(e, token)) continue;
          applied++;
          this.applyTransfer(token, e);
        }
      }
      // a built trade that expired unbroadcast can never book a fee
      db.delete(t.pendingFees)
        .where(lt(t.pendingFees.expiresAt, to - 60_000))
        .run();
      for (const c of [...core, ...allTokens, ...dexes.keys(), ...pairEvents.keys()]) {
        this.q.setCursor.run({ contract: c, at: to });
      }
      return applied;
    })();
  }

  private applyLaunchpadEvent(
    f: Family,
    e: ChainEvent,
    routerTx: Map<string, ChainEvent>,
    infos: Map<string, { name: string; symbol: string; decimals: number; totalSupply: string }>,
    devBuyByTx: Map<string, bigint>,
  ): void {
    const { db } = this.deps;
    const r = e.result;
    if (e.event_name === 'TokenCreate') {
      const token = addr(r.tokenAddress!);
      const info = infos.get(token);
      if (!info) return; // known already (re-read) – nothing to do
      db.insert(t.tokens)
        .values({
          address: token,
          family: f.family,
          launchpad: f.launchpad,
          tokenIndex: Number(r.tokenIndex),
          ...info,
          creator: addr(r.creator!),
          createTx: e.transaction_id,
          createdAt: e.block_timestamp,
          status: 'CREATED',
          trxReserve: VIRTUAL_TRX_START.toString(),
          tokenReserve: VIRTUAL_TOKEN_START.toString(),
          launchTx: null,
          launchedAt: null,
          pair: null,
          lastTradeAt: null,
        })
        .onConflictDoNothing()
        .run();
      const devBuy = devBuyByTx.get(e.transaction_id) ?? 0n;
      this.feed('create', token, e, {
        family: f.family,
        name: info.name,
        symbol: info.symbol,
        creator: addr(r.creator!),
        devBuy: devBuy.toString(),
        devBuyPct: Number((devBuy * 10_000n) / BigInt(info.totalSupply)) / 100,
      });
      // metadata given when the facade built this creation
      const meta = db.select().from(t.pendingMetadata).where(eq(t.pendingMetadata.txid, e.transaction_id)).get();
      if (meta) {
        const { txid: _txid, createdAt: _at, ...fields } = meta;
        db.insert(t.tokenMetadata)
          .values({ address: token, ...fields })
          .onConflictDoNothing()
          .run();
        db.delete(t.pendingMetadata).where(eq(t.pendingMetadata.txid, e.transaction_id)).run();
      }
      return;
    }
    const token = addr(r.token!);
    const row = this.q.token.get({ token });
    if (!row) return;
    if (e.event_name === 'TokenPurchased' || e.event_name === 'TokenSold') {
      const buy = e.event_name === 'TokenPurchased';
      const trxAmount = BigInt(r.trxAmount!);
      const fee = BigInt(r.fee!);
      const tokenAmount = BigInt(r.tokenAmount!);
      const trxReserve = buy ? BigInt(row.trxReserve) + trxAmount : BigInt(row.trxReserve) - trxAmount - fee;
      const tokenReserve = buy ? BigInt(r.tokenReserve!) : BigInt(row.tokenReserve) + tokenAmount;
      let user = addr((buy ? r.buyer : r.seller)!);
      let routerFee = '0';
      if (user === f.router) {
        const via = routerTx.get(e.transaction_id);
        if (via?.result.user) user = addr(via.result.user);
        routerFee = String(via?.result.fee ?? '0');
      }
      this.q.insertTrade.run({
        txid: e.transaction_id,
        eventIndex: e.event_index,
        token,
        type: buy ? 'BUY' : 'SELL',
        user,
        pool: f.launchpad,
        trxAmount: (buy ? trxAmount + fee : trxAmount).toString(),
        tokenAmount: tokenAmount.toString(),
        fee: fee.toString(),
        routerFee,
        trxReserveAfter: trxReserve.toString(),
        tokenReserveAfter: tokenReserve.toString(),
        blockNumber: e.block_number,
        timestamp: e.block_timestamp,
      });
      this.q.setReserves.run({
        token,
        trx: trxReserve.toString(),
        tok: tokenReserve.toString(),
        at: e.block_timestamp,
      });
      const before = progressPct({ trxReserve: BigInt(row.trxReserve), tokenReserve: BigInt(row.tokenReserve) });
      const after = progressPct({ trxReserve, tokenReserve });
      const trxPaid = buy ? trxAmount + fee : trxAmount;
      this.tradeFeed(
        buy,
        e,
        row,
        { user, trx: trxPaid, tokens: tokenAmount, trxReserve, tokenReserve },
        { progress: after },
      );
      if (after !== before) this.feed('progress', token, e, { symbol: row.symbol, from: before, to: after });
    } else if (e.event_name === 'LaunchPending') {
      db.update(t.tokens).set({ status: 'LAUNCH_PENDING' }).where(eq(t.tokens.address, token)).run();
    } else if (e.event_name === 'TokenLaunched') {
      db.update(t.tokens)
        .set({ status: 'LAUNCHED', launchTx: e.transaction_id, launchedAt: e.block_timestamp })
        .where(eq(t.tokens.address, token))
        .run();
      this.feed('launch', token, e, { symbol: row.symbol, name: row.name });
    }
  }

  /**
   * A pair's Sync sets the launched token's reserves (the pair's, WTRX and token); a Swap is a trade at
   * the reserves the Sync just before it left. Swaps before the launch (a pair made early) are not the
   * token's market and are skipped.
   */
  private applyPairEvent(token: string, pair: string, e: ChainEvent, routerTx: Map<string, ChainEvent>): void {
    const row = this.q.token.get({ token });
    const wtrx = this.dexes.get(row?.launchpad ?? '')?.wtrx;
    if (!row || row.status !== 'LAUNCHED' || !wtrx) return;
    // the factory orders a pair's tokens by address
    const [token0] = sortTokens(toHexAddress(token), toHexAddress(wtrx));
    const tokenIs0 = token0 === toHexAddress(token);
    const r = e.result;
    if (e.event_name === 'Sync') {
      const [r0, r1] = [BigInt(r.reserve0!), BigInt(r.reserve1!)];
      this.q.setPairReserves.run({
        token,
        trx: (tokenIs0 ? r1 : r0).toString(),
        tok: (tokenIs0 ? r0 : r1).toString(),
      });
      return;
    }
    const [a0In, a1In, a0Out, a1Out] = [r.amount0In, r.amount1In, r.amount0Out, r.amount1Out].map((v) => BigInt(v!));
    const [tokIn, tokOut, trxIn, trxOut] = tokenIs0 ? [a0In!, a0Out!, a1In!, a1Out!] : [a1In!, a1Out!, a0In!, a0Out!];
    const buy = tokOut > tokIn;
    const tokenAmount = buy ? tokOut - tokIn : tokIn - tokOut;
    const trxAmount = buy ? trxIn - trxOut : trxOut - trxIn;
    if (tokenAmount <= 0n || trxAmount <= 0n) return;
    const via = routerTx.get(e.transaction_id);
    const recipient = addr(r.to!);
    const user = via?.result.user ? addr(via.result.user) : (this.owners.get(e.transaction_id) ?? recipient);
    const trxReserve = BigInt(row.trxReserve);
    const tokenReserve = BigInt(row.tokenReserve);
    this.q.insertTrade.run({
      txid: e.transaction_id,
      eventIndex: e.event_index,
      token,
      type: buy ? 'BUY' : 'SELL',
      user,
      pool: pair,
      // TRX into the pool for a buy, out of it for a sell; the pool's 0.3 % is in the price
      trxAmount: trxAmount.toString(),
      tokenAmount: tokenAmount.toString(),
      fee: '0',
      routerFee: String(via?.result.fee ?? '0'),
      trxReserveAfter: trxReserve.toString(),
      tokenReserveAfter: tokenReserve.toString(),
      blockNumber: e.block_number,
      timestamp: e.block_timestamp,
    });
    this.q.setReserves.run({ token, trx: trxReserve.toString(), tok: tokenReserve.toString(), at: e.block_timestamp });
    this.tradeFeed(
      buy,
      e,
      row,
      { user, trx: trxAmount, tokens: tokenAmount, trxReserve, tokenReserve },
      { progress: 100, venue: 'dex' },
    );
  }

  /** A trade in the feed: who, how much (numbers and exact strings) and the price after it. */
  private tradeFeed(
    buy: boolean,
    e: ChainEvent,
    row: { address: string; symbol: string; decimals: number },
    t: { user: string; trx: bigint; tokens: bigint; trxReserve: bigint; tokenReserve: bigint },
    extra: Record<string, unknown>,
  ): void {
    this.feed(buy ? 'buy' : 'sell', row.address, e, {
      symbol: row.symbol,
      user: t.user,
      trxAmount: trxNumber(t.trx),
      trxAmountSun: t.trx.toString(),
      tokenAmount: tokenNumber(t.tokens, row.decimals),
      tokenAmountExact: t.tokens.toString(),
      priceInTrx: priceTrx(t, row.decimals),
      // the reserves after the trade, exact: the price a program can compare without rounding
      trxReserveSun: t.trxReserve.toString(),
      tokenReserve: t.tokenReserve.toString(),
      ...extra,
    });
  }

  /** Appends to the event feed (same transaction as the change it reports). */
  private feed(kind: FeedKind, token: string, e: ChainEvent, payload: Record<string, unknown>): void {
    this.q.feed.run({
      kind,
      token,
      txid: e.transaction_id,
      timestamp: e.block_timestamp,
      payload: JSON.stringify({ token, ...payload }),
    });
    this.fed = true;
  }

  /** Books the router's fee for a trade the facade built, once it is on chain. */
  private applyRouterFee(e: ChainEvent): void {
    const pending = this.q.pendingFee.get({ txid: e.transaction_id });
    if (!pending) return;
    this.q.bookFee.run({
      txid: e.transaction_id,
      apiKeyId: pending.apiKeyId,
      token: pending.token,
      side: pending.side,
      feeSun: String(e.result.fee ?? '0'),
      confirmedAt: e.block_timestamp,
    });
    this.q.dropPendingFee.run({ txid: e.transaction_id });
  }

  private applyTransfer(token: string, e: ChainEvent): void {
    const value = BigInt(e.result.value!);
    if (value === 0n) return;
    const from = addr(e.result.from!);
    const to = addr(e.result.to!);
    const zero = addr('0x' + '0'.repeat(40));
    // the launch moves the curve's liquidity to the DEX pair: remember which address that is
    const row = this.q.launchInfo.get({ token });
    if (row && row.launchTx === e.transaction_id && from === row.launchpad) {
      this.deps.db.update(t.tokens).set({ pair: to }).where(eq(t.tokens.address, token)).run();
    }
    if (from !== zero) this.addBalance(token, from, -value);
    if (to !== zero) this.addBalance(token, to, value);
  }

  private addBalance(token: string, holder: string, delta: bigint): void {
    const row = this.q.holder.get({ token, holder });
    const next = (row ? BigInt(row.b) : 0n) + delta;
    if (next === 0n) this.q.deleteHolder.run({ token, holder });
    else this.q.upsertHolder.run({ token, holder, balance: next.toString(), sortKey: pad(next) });
  }
}

function prepare(db: AppDb) {
  const p = (name: string) => sql.placeholder(name);
  return {
    seen: db
      .insert(t.seenEvents)
      .values({ txid: p('txid'), contract: p('contract'), eventIndex: p('idx') })
      .onConflictDoNothing()
      .prepare(),
    holder: db
      .select({ b: t.holders.balance })
      .from(t.holders)
      .where(and(eq(t.holders.token, p('token')), eq(t.holders.address, p('holder'))))
      .prepare(),
    deleteHolder: db
      .delete(t.holders)
      .where(and(eq(t.holders.token, p('token')), eq(t.holders.address, p('holder'))))
      .prepare(),
    upsertHolder: db
      .insert(t.holders)
      .values({ token: p('token'), address: p('holder'), balance: p('balance'), sortKey: p('sortKey') })
      .onConflictDoUpdate({
        target: [t.holders.token, t.holders.address],
        set: { balance: sql`excluded.balance`, sortKey: sql`excluded.sort_key` },
      })
      .prepare(),
    launchInfo: db
      .select({ launchpad: t.tokens.launchpad, launchTx: t.tokens.launchTx })
      .from(t.tokens)
      .where(eq(t.tokens.address, p('token')))
      .prepare(),
    token: db
      .select()
      .from(t.tokens)
      .where(eq(t.tokens.address, p('token')))
      .prepare(),
    setPairReserves: db
      .update(t.tokens)
      .set({ trxReserve: sql`${p('trx')}`, tokenReserve: sql`${p('tok')}` })
      .where(eq(t.tokens.address, p('token')))
      .prepare(),
    setPair: db
      .update(t.tokens)
      .set({ pair: sql`${p('pair')}` })
      .where(eq(t.tokens.address, p('token')))
      .prepare(),
    pairs: db
      .select({ address: t.tokens.address, pair: t.tokens.pair })
      .from(t.tokens)
      .where(isNotNull(t.tokens.pair))
      .prepare(),
    setReserves: db
      .update(t.tokens)
      .set({ trxReserve: sql`${p('trx')}`, tokenReserve: sql`${p('tok')}`, lastTradeAt: sql`${p('at')}` })
      .where(eq(t.tokens.address, p('token')))
      .prepare(),
    insertTrade: db
      .insert(t.trades)
      .values({
        txid: p('txid'),
        eventIndex: p('eventIndex'),
        token: p('token'),
        type: p('type'),
        user: p('user'),
        pool: p('pool'),
        trxAmount: p('trxAmount'),
        tokenAmount: p('tokenAmount'),
        fee: p('fee'),
        routerFee: p('routerFee'),
        trxReserveAfter: p('trxReserveAfter'),
        tokenReserveAfter: p('tokenReserveAfter'),
        blockNumber: p('blockNumber'),
        timestamp: p('timestamp'),
      })
      .onConflictDoNothing()
      .prepare(),
    feed: db
      .insert(t.feedEvents)
      .values({ kind: p('kind'), token: p('token'), txid: p('txid'), timestamp: p('timestamp'), payload: p('payload') })
      .prepare(),
    pendingFee: db
      .select()
      .from(t.pendingFees)
      .where(eq(t.pendingFees.txid, p('txid')))
      .prepare(),
    bookFee: db
      .insert(t.feeLedger)
      .values({
        txid: p('txid'),
        apiKeyId: p('apiKeyId'),
        token: p('token'),
        side: p('side'),
        feeSun: p('feeSun'),
        confirmedAt: p('confirmedAt'),
      })
      .onConflictDoNothing()
      .prepare(),
    dropPendingFee: db
      .delete(t.pendingFees)
      .where(eq(t.pendingFees.txid, p('txid')))
      .prepare(),
    cursor: db
      .select()
      .from(t.indexerCursors)
      .where(eq(t.indexerCursors.contract, p('contract')))
      .prepare(),
    setCursor: db
      .insert(t.indexerCursors)
      .values({ contract: p('contract'), blockTimestamp: p('at') })
      .onConflictDoUpdate({ target: t.indexerCursors.contract, set: { blockTimestamp: sql`excluded.block_timestamp` } })
      .prepare(),
  };
}
