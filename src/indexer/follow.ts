// What a cycle reads, up to the solid head's time: the launchpads' and the fee routers' events; every
// launchpad token's Transfer events; after a launch, the factory's PairCreated and the token's pair's
// Swap and Sync. Each contract's stream starts at its cursor (inclusive: the boundary is read again,
// and seen_events drops what was applied). Tokens' and pairs' streams, which grow with the tokens, are
// read by block when the last cycle's head says where they stand (see event-api.ts).
import type { TronWeb } from 'tronweb';
import type { Logger } from 'pino';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { AppDatabase } from '../db/index.js';
import { TRC20_ABI } from '../tron/abi.js';
import { toBase58 } from '../tron/address.js';
import { contractMethods, type DexInfo } from '../tron/client.js';
import { routersOf, type Family } from '../tron/families.js';
import type { ChainGateway, Head } from '../tron/gateway.js';
import type { LaunchpadInputs, TokenInfo } from './apply-launchpad.js';
import { contractEvents, mapBounded, readStreams, type BlockRange, type ChainEvent, type Stream } from './event-api.js';

export interface PairCreated {
  e: ChainEvent;
  factory: string;
  token: string;
  pair: string;
}

/** Everything one cycle applies, read up to `to` (the solid head's time). */
export interface Window extends LaunchpadInputs {
  to: number;
  /** Each launchpad's and fee router's events. */
  core: ReadonlyMap<string, ChainEvent[]>;
  /** Known tokens and those created in the window, and each one's Transfer events. */
  tokens: readonly string[];
  pairCreated: readonly PairCreated[];
  /** Each pair followed, and its token. */
  pairs: ReadonlyMap<string, string>;
  /** Tokens' Transfer and pairs' Swap and Sync events, by contract. */
  streams: ReadonlyMap<string, ChainEvent[]>;
  /** Contracts whose cursor moves to `to` once the window is applied. */
  cursors: readonly string[];
}

export interface FollowDeps {
  db: AppDatabase;
  /** The network read (its cursors); `families` are the families on it. */
  network: string;
  tronWeb: TronWeb;
  chain: ChainGateway;
  families: Family[];
  logger: Logger;
  fromTimestamp?: number | undefined;
}

const addr = (v: string): string => toBase58(v);
const OWNERS_KEPT = 10_000;

export class Follower {
  /** Each family's DEX, by launchpad, once read (the launchpad's v2Router(), or the override). */
  readonly dexes = new Map<string, DexInfo>();
  /** Owners of DEX swap transactions made through a router (the trader), by txid. */
  readonly owners = new Map<string, string>();
  /** The head the last applied window ended at: every cursor set then stands at its time. */
  private lastHead: Head | undefined;
  /** Every stream's cursor (ms), by contract, as read at the start of the window being read. */
  private cursors = new Map<string, number>();

  constructor(private readonly deps: FollowDeps) {}

  /** A fork took back what was applied from some blocks: the cursors stand where they stood before. */
  forget(): void {
    this.lastHead = undefined;
  }

  /** The window was applied: its cursors stand at this head's time. */
  applied(head: Head): void {
    this.lastHead = head;
  }

  /** Where a contract's stream starts (ms), and whether that was stored or is the default. */
  private cursor(contract: string): { from: number; stored: boolean } {
    const at = this.cursors.get(contract);
    return at !== undefined ? { from: at, stored: true } : { from: this.deps.fromTimestamp ?? 0, stored: false };
  }

  private stream(contract: string, to: number, eventName?: string): Promise<ChainEvent[]> {
    return contractEvents(this.deps.tronWeb, contract, this.cursor(contract).from, to, eventName);
  }

  async read(head: Head): Promise<Window> {
    const { db, families } = this.deps;
    const { t } = db;
    const to = head.timestamp;
    // one read of every cursor (nothing moves them until this window is applied)
    const stored = await db.q.select().from(t.indexerCursors).where(eq(t.indexerCursors.network, this.deps.network));
    this.cursors = new Map(stored.map((c) => [c.contract, c.blockTimestamp]));
    const coreContracts = families.flatMap((f) => [f.launchpad, ...routersOf(f)]);
    const coreLists = await mapBounded(coreContracts, (c) => this.stream(c, to));
    const core = new Map(coreContracts.map((c, i) => [c, coreLists[i]!]));
    const launchpadEvents = families.flatMap((f) => core.get(f.launchpad) ?? []);

    // tokens: the known ones (of this network's families) and those created in this window
    const ours = inArray(
      t.tokens.family,
      families.map((f) => f.family),
    );
    const known = (
      await db.q.select({ address: t.tokens.address }).from(t.tokens).where(ours).orderBy(t.tokens.address)
    ).map((r) => r.address);
    const created = launchpadEvents
      .filter((e) => e.event_name === 'TokenCreate')
      .map((e) => addr(e.result.tokenAddress!));
    const fresh = created.filter((token) => !known.includes(token));
    const infoList = await mapBounded(fresh, (token) => this.tokenInfo(token));
    const infos = new Map(fresh.map((token, i) => [token, infoList[i]!]));
    const tokens = [...new Set([...known, ...created])];

    const { factories, pairCreated } = await this.pairsCreated(to, new Set(tokens));
    const knownPairs = (
      await db.q
        .select({ token: t.tokens.address, pair: t.tokens.pair })
        .from(t.tokens)
        .where(and(ours, isNotNull(t.tokens.pair)))
        .orderBy(t.tokens.address)
    ).map((r) => ({ token: r.token, pair: r.pair! }));
    const pairs = new Map<string, string>();
    for (const p of [...knownPairs, ...pairCreated]) if (!pairs.has(p.pair)) pairs.set(p.pair, p.token);

    // streams born in this window have no cursor and nothing before their birth
    const born = new Set([...fresh, ...pairCreated.map((p) => p.pair)]);
    const streams: Stream[] = [
      ...tokens.map((token) => ({ contract: token, from: this.cursor(token).from, names: ['Transfer'] })),
      ...[...pairs.keys()].map((pair) => ({ contract: pair, from: this.cursor(pair).from, names: ['Swap', 'Sync'] })),
    ];
    const range = this.blockRange(head, [...coreContracts, ...factories, ...streams.map((s) => s.contract)], born);
    const events = await readStreams(this.deps.tronWeb, streams, to, range);

    const routerTx = new Map<string, ChainEvent>();
    for (const f of families)
      for (const r of routersOf(f))
        for (const e of core.get(r) ?? []) if (e.event_name.startsWith('Router')) routerTx.set(e.transaction_id, e);
    await this.readOwners(pairs, events, routerTx);
    return {
      to,
      core,
      infos,
      devBuyByTx: devBuys(launchpadEvents),
      routerTx,
      tokens,
      pairCreated,
      pairs,
      streams: events,
      cursors: [...coreContracts, ...tokens, ...factories, ...pairs.keys()],
    };
  }

  /**
   * The blocks that hold every stream's unread events: from the last applied head on, when every
   * stream started there (its cursor stands at that head's time, or it was born since).
   */
  private blockRange(head: Head, contracts: string[], born: ReadonlySet<string>): BlockRange | undefined {
    const last = this.lastHead;
    if (!last || head.number < last.number) return undefined;
    for (const c of contracts) {
      const { from, stored } = this.cursor(c);
      if (!(stored ? from >= last.timestamp : born.has(c))) return undefined;
    }
    return { first: last.number, last: head.number };
  }

  /** SunSwap V2 pairs made in the window for launchpad tokens (against WTRX), by each DEX's factory. */
  private async pairsCreated(to: number, tokens: ReadonlySet<string>) {
    const dexes = new Map<string, DexInfo>();
    for (const f of this.deps.families) {
      const d = await this.dexOf(f);
      if (d) dexes.set(d.factory, d);
    }
    const pairCreated: PairCreated[] = [];
    for (const d of dexes.values()) {
      for (const e of await this.stream(d.factory, to, 'PairCreated')) {
        const [t0, t1] = [addr(e.result.token0!), addr(e.result.token1!)];
        const token = t0 === d.wtrx ? t1 : t1 === d.wtrx ? t0 : undefined;
        if (token && tokens.has(token)) pairCreated.push({ e, factory: d.factory, token, pair: addr(e.result.pair!) });
      }
    }
    return { factories: [...dexes.keys()], pairCreated };
  }

  private async dexOf(f: Family): Promise<DexInfo | undefined> {
    const d = await this.deps.chain.dex(f).catch((err: unknown) => {
      this.deps.logger.warn({ err, launchpad: f.launchpad }, 'could not read the launchpad’s DEX; retrying next cycle');
      return undefined;
    });
    if (d) this.dexes.set(f.launchpad, d);
    return d;
  }

  private async tokenInfo(token: string): Promise<TokenInfo> {
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

  /**
   * A swap's trader: our fee routers say who in their own event; through another router (the swap's
   * recipient is a router) it is the transaction's owner, read here before the window is applied.
   */
  private async readOwners(
    pairs: ReadonlyMap<string, string>,
    events: ReadonlyMap<string, ChainEvent[]>,
    routerTx: ReadonlyMap<string, ChainEvent>,
  ): Promise<void> {
    const intermediaries = new Set([
      ...this.deps.families.flatMap(routersOf),
      ...[...this.dexes.values()].map((d) => d.router),
    ]);
    for (const pair of pairs.keys()) {
      for (const e of events.get(pair) ?? []) {
        if (e.event_name !== 'Swap' || routerTx.has(e.transaction_id)) continue;
        if (intermediaries.has(addr(e.result.to!))) await this.ownerOf(e.transaction_id);
      }
    }
  }

  private async ownerOf(txid: string): Promise<void> {
    if (this.owners.has(txid)) return;
    const tx = (await this.deps.tronWeb.trx.getTransaction(txid)) as {
      raw_data?: { contract?: Array<{ parameter?: { value?: { owner_address?: string } } }> };
    };
    const hex = tx.raw_data?.contract?.[0]?.parameter?.value?.owner_address;
    if (!hex) return;
    if (this.owners.size > OWNERS_KEPT) this.owners.clear();
    this.owners.set(txid, addr(hex));
  }
}

/** Tokens bought in each transaction: a creation's first buy is made in the creating one (what snipers filter on). */
function devBuys(launchpadEvents: ChainEvent[]): Map<string, bigint> {
  const out = new Map<string, bigint>();
  for (const e of launchpadEvents) {
    if (e.event_name !== 'TokenPurchased') continue;
    out.set(e.transaction_id, (out.get(e.transaction_id) ?? 0n) + BigInt(e.result.tokenAmount ?? '0'));
  }
  return out;
}
