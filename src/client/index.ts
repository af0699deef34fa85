// Typed HTTP client for the facade: what the bot uses, and usable by anyone. Errors arrive as
// ApiError carrying the spec's envelope.
import { setTimeout as sleep } from 'node:timers/promises';
import type { z } from 'zod';
import type * as S from '../api/schemas/index.js';

// Every type here is what the API's schemas say (z.output of an answer, z.input of a request): the
// schemas are the one description of the contract, so the client cannot drift from the routes.
type Out<T extends z.ZodType> = z.output<T>;
type In<T extends z.ZodType> = z.input<T>;
export type TokenDetails = Out<typeof S.DetailsResponse>;
export type Trade = Out<typeof S.Trade>;
export type Holder = Out<typeof S.HoldersResponse>['data'][number];
export type Quote = Out<typeof S.Quote>;
export type UnsignedTx = Out<typeof S.UnsignedTxSchema>;
export type TokenSummary = Out<typeof S.ListTokensResponse>['data'][number];
export type TxStatus = Out<typeof S.TxStatusResponse>['data'];
export type Safety = Out<typeof S.SafetyResponse>['data'];
export type Candles = Out<typeof S.CandlesResponse>['data'];
export type WalletView = Out<typeof S.WalletResponse>['data'];
export type Family = NonNullable<In<typeof S.CreateTokenBody>['family']>;
export type UserTrade = Out<typeof S.UserTradesResponse>['data'][number];
export type AdminPlan = Out<typeof S.Plan>;
export type AdminKey = Out<typeof S.KeyResponse>['data'];
export type AdminStats = Out<typeof S.StatsResponse>['data'];
export type EnergyPool = Out<typeof S.EnergyPool>;
export type FeeRow = Out<typeof S.FeeRow>;
export type StreamEvent = Out<typeof S.StreamEvent>;
export type Side = Quote['type'];
export type QuoteInput = In<typeof S.QuoteBody>;
export type LocalTradeInput = In<typeof S.LocalTradeBody>;
export type TradeInput = In<typeof S.TradeBody>;
export type CreateTokenInput = In<typeof S.CreateTokenBody>;
/** A listing's page and limit (numbers, or numeric strings). */
type Paging = Omit<In<typeof S.HoldersBody>, 'address'>;
/** Signs an unsigned transaction (from localTrade, approve, transfer, createToken) with its owner's
 * key, locally: libsecp256k1 when installed, the same bytes TronWeb's trx.sign makes. */
export { signTx } from '../tron/tx.js';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
    readonly code: string,
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

export interface ClientOptions {
  baseUrl: string;
  apiKey: string;
  fetch?: typeof fetch;
  /** Per-request timeout in ms (default 30 s). */
  timeoutMs?: number;
}

export class LaunchpadClient {
  private readonly base: string;
  private readonly doFetch: typeof fetch;

  constructor(private readonly opts: ClientOptions) {
    this.base = opts.baseUrl.replace(/\/+$/, '');
    this.doFetch = opts.fetch ?? fetch;
  }

  private async request<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: object): Promise<T> {
    let url = this.base + path;
    if (method === 'GET' && body)
      url +=
        '?' +
        new URLSearchParams(
          Object.entries(body)
            .filter(([, v]) => v !== undefined)
            .map(([k, v]) => [k, String(v)]),
        ).toString();
    const res = await this.doFetch(url, {
      method,
      headers: { 'api-key': this.opts.apiKey, ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
      ...(method === 'POST' ? { body: JSON.stringify(body ?? {}) } : {}),
      signal: AbortSignal.timeout(this.opts.timeoutMs ?? 30_000),
    });
    const text = await res.text();
    // an error answer should be the spec's envelope; each field is checked before it is used
    let json: Partial<Record<keyof Out<typeof S.ErrorBody>, unknown>>;
    try {
      json = JSON.parse(text) as typeof json;
    } catch {
      throw new ApiError(
        res.status,
        'Bad response',
        `the facade answered ${res.status} with a body that is not JSON`,
        String(res.status),
      );
    }
    if (!res.ok) {
      const retry = res.headers.get('retry-after');
      throw new ApiError(
        res.status,
        typeof json.error === 'string' ? json.error : 'Error',
        typeof json.message === 'string' ? json.message : '',
        typeof json.code === 'string' ? json.code : String(res.status),
        retry ? Number(retry) : undefined,
      );
    }
    return json as T;
  }

  // ---- data
  async getTokenBalance(publicKey: string, tokenAddress: string, tokenDecimals?: number) {
    const r = await this.request<Out<typeof S.TokenBalanceResponse>>('GET', '/launchpad/getTokenBalance', {
      publicKey,
      tokenAddress,
      tokenDecimals,
    });
    return r.data[0]!;
  }
  async getRecentTrades(address: string, page?: number, limit?: number): Promise<Trade[]> {
    return (
      await this.request<Out<typeof S.TradesResponse>>('POST', '/launchpad/getRecentTrades', { address, page, limit })
    ).data;
  }
  async getTokenDetails(address: string, family: Family = 'launchpad'): Promise<TokenDetails> {
    return this.request('POST', `/${family}/getTokenDetails`, { address });
  }
  async getTokenHolders(address: string, opts: { family?: Family } & Paging = {}): Promise<Holder[]> {
    return (
      await this.request<Out<typeof S.HoldersResponse>>('POST', `/${opts.family ?? 'launchpad'}/getTokenHolders`, {
        address,
        page: opts.page,
        limit: opts.limit,
      })
    ).data;
  }
  async getWallet(address: string): Promise<WalletView> {
    return (await this.request<Out<typeof S.WalletResponse>>('POST', '/launchpad/getWallet', { address })).data;
  }
  async listTokens(opts: In<typeof S.ListTokensBody> = {}): Promise<TokenSummary[]> {
    return (await this.request<Out<typeof S.ListTokensResponse>>('POST', '/launchpad/listTokens', opts)).data;
  }

  // ---- trading
  async allowance(tokenAddress: string, userAddress: string): Promise<bigint> {
    return BigInt(
      (
        await this.request<Out<typeof S.AllowanceResponse>>('GET', '/launchpad/allowance', {
          tokenAddress,
          userAddress,
        })
      ).amount,
    );
  }
  async approve(tokenAddress: string, userAddress: string): Promise<UnsignedTx> {
    return (
      await this.request<Out<typeof S.ApproveResponse>>('POST', '/launchpad/approve', { tokenAddress, userAddress })
    ).unsignedTx;
  }
  async quote(input: QuoteInput): Promise<Quote> {
    return (await this.request<Out<typeof S.QuoteResponse>>('POST', '/launchpad/quote', input)).data;
  }
  async localTrade(input: LocalTradeInput) {
    const r = await this.request<Out<typeof S.LocalTradeResponse>>('POST', '/launchpad/localTrade', input);
    return { unsignedTx: r.unsignedTx, quote: r.quote };
  }
  async trade(input: TradeInput): Promise<string> {
    return (await this.request<Out<typeof S.SignatureResponse>>('POST', '/launchpad/trade', input)).signature;
  }
  async createToken(input: CreateTokenInput): Promise<UnsignedTx> {
    return (await this.request<Out<typeof S.ApproveResponse>>('POST', '/launchpad/createToken', input)).unsignedTx;
  }
  async transfer(
    fromAddress: string,
    toAddress: string,
    amount: In<typeof S.TransferBody>['amount'],
    /** the network of a TRX transfer, by a family on it (default the first network) */
    family?: Family,
  ): Promise<UnsignedTx> {
    return (
      await this.request<Out<typeof S.ApproveResponse>>('POST', '/launchpad/transfer', {
        fromAddress,
        toAddress,
        amount,
        ...(family ? { family } : {}),
      })
    ).unsignedTx;
  }
  async broadcast(signedTx: object): Promise<string> {
    return (await this.request<Out<typeof S.SignatureResponse>>('POST', '/launchpad/broadcast', { signedTx }))
      .signature;
  }
  /** With `balancesOf`, a final answer carries that wallet's TRX (and token) balance too. */
  async txStatus(signature: string, balancesOf?: Omit<In<typeof S.TxStatusBody>, 'signature'>): Promise<TxStatus> {
    return (
      await this.request<Out<typeof S.TxStatusResponse>>('POST', '/launchpad/txStatus', { signature, ...balancesOf })
    ).data;
  }

  // ---- operator
  /** Creates a key for someone else (operator keys only), with `feeDiscountPct` percent off its plan's router fee. */
  async createKey(
    plan: string,
    label?: string,
    managed?: boolean,
    feeDiscountPct?: number,
  ): Promise<Pick<Out<typeof S.CreateKeyResponse>, 'id' | 'key'>> {
    const r = await this.request<Out<typeof S.CreateKeyResponse>>('POST', '/admin/keys', {
      plan,
      label,
      managed,
      feeDiscountPct,
    });
    return { id: r.id, key: r.key };
  }
  /** The router fees booked for these keys (1 to 1000), confirmed at or after `since` (ms), oldest first. */
  async adminFees(keyIds: number[], since?: number): Promise<FeeRow[]> {
    return (await this.request<Out<typeof S.FeesResponse>>('POST', '/admin/fees', { keyIds, since })).data;
  }
  async adminPlans(): Promise<AdminPlan[]> {
    return (await this.request<Out<typeof S.PlansResponse>>('GET', '/admin/plans')).data;
  }
  async adminSetPlan(plan: AdminPlan, actor: string): Promise<AdminPlan> {
    return (await this.request<Out<typeof S.PlanResponse>>('POST', '/admin/plans', { ...plan, actor })).data;
  }
  async adminKey(id: number): Promise<AdminKey> {
    return (await this.request<Out<typeof S.KeyResponse>>('GET', `/admin/keys/${id}`)).data;
  }
  async adminSetKeyPlan(id: number, plan: string, actor: string): Promise<void> {
    await this.request('POST', `/admin/keys/${id}/plan`, { plan, actor });
  }
  async adminStats(): Promise<AdminStats> {
    return (await this.request<Out<typeof S.StatsResponse>>('GET', '/admin/stats')).data;
  }
  /** The energy pools that pay the routers' trades, each family's (or the one named). */
  async adminEnergy(family?: Family): Promise<EnergyPool[]> {
    return (await this.request<Out<typeof S.EnergyResponse>>('GET', '/admin/energy', { family })).data;
  }

  // ---- live
  async getCandles(
    address: string,
    interval: In<typeof S.CandlesBody>['interval'],
    opts: Omit<In<typeof S.CandlesBody>, 'address' | 'interval'> = {},
  ): Promise<Candles> {
    return (
      await this.request<Out<typeof S.CandlesResponse>>('POST', '/launchpad/getCandles', { address, interval, ...opts })
    ).data;
  }
  async getTokenSafety(address: string): Promise<Safety> {
    return (await this.request<Out<typeof S.SafetyResponse>>('POST', '/launchpad/getTokenSafety', { address })).data;
  }
  async getTokenPrice(address: string) {
    return (await this.request<Out<typeof S.PriceResponse>>('POST', '/launchpad/getTokenPrice', { address })).data;
  }
  async getCurveProgress(address: string) {
    return (await this.request<Out<typeof S.ProgressResponse>>('POST', '/launchpad/getCurveProgress', { address }))
      .data;
  }
  async getUserTrades(address: string, opts: Omit<In<typeof S.UserTradesBody>, 'address'> = {}): Promise<UserTrade[]> {
    return (
      await this.request<Out<typeof S.UserTradesResponse>>('POST', '/launchpad/getUserTrades', { address, ...opts })
    ).data;
  }
  /**
   * Follows the live stream (Server-Sent Events), reconnecting with Last-Event-ID; calls onEvent for
   * each event in order. Returns a function that stops it.
   */
  follow(opts: {
    events?: StreamEvent['kind'][];
    tokens?: string[];
    lastEventId?: number;
    onEvent: (e: StreamEvent) => Promise<void> | void;
    onError?: (e: unknown) => void;
    retryMs?: number;
  }): () => void {
    const ctrl = new AbortController();
    let last = opts.lastEventId;
    const qs = new URLSearchParams({
      ...(opts.events ? { events: opts.events.join(',') } : {}),
      ...(opts.tokens ? { tokens: opts.tokens.join(',') } : {}),
    });
    const loop = async () => {
      while (!ctrl.signal.aborted) {
        try {
          const res = await this.doFetch(`${this.base}/launchpad/stream?${qs}`, {
            headers: { 'api-key': this.opts.apiKey, ...(last !== undefined ? { 'last-event-id': String(last) } : {}) },
            signal: ctrl.signal,
          });
          if (!res.ok || !res.body)
            throw new ApiError(res.status, 'Stream refused', await res.text(), String(res.status));
          const reader = res.body.getReader();
          const dec = new TextDecoder();
          let buf = '';
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            buf += dec.decode(value, { stream: true });
            let i;
            while ((i = buf.indexOf('\n\n')) >= 0) {
              const block = buf.slice(0, i);
              buf = buf.slice(i + 2);
              const fields = new Map<string, string>();
              for (const line of block.split('\n')) {
                if (!line || line.startsWith(':')) continue;
                const c = line.indexOf(':');
                fields.set(line.slice(0, c), line.slice(c + 1).trimStart());
              }
              const data = fields.get('data');
              if (!data) continue;
              const event = JSON.parse(data) as StreamEvent;
              await opts.onEvent(event);
              last = event.id;
            }
          }
        } catch (e) {
          if (ctrl.signal.aborted) return;
          opts.onError?.(e);
        }
        await sleep(opts.retryMs ?? 2000);
      }
    };
    void loop();
    return () => ctrl.abort();
  }

  // ---- wallets
  async createWallet(amount = 1): Promise<Out<typeof S.CreateWalletResponse>['data']> {
    return (await this.request<Out<typeof S.CreateWalletResponse>>('POST', '/api/tron/createWallet', { amount })).data;
  }
}
