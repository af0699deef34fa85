// Typed HTTP client for the facade: what the bot uses, and usable by anyone. Errors arrive as
// ApiError carrying the spec's envelope.
import type { z } from 'zod';
import type * as S from '../api/schemas.js';

type Out<T extends z.ZodType> = z.output<T>;
export type TokenDetails = Out<typeof S.DetailsResponse>;
export type Trade = Out<typeof S.Trade>;
export type Holder = Out<typeof S.HoldersResponse>['data'][number];
export type Quote = Out<typeof S.Quote>;
export type UnsignedTx = Out<typeof S.UnsignedTxSchema>;
export type TokenSummary = Out<typeof S.ListTokensResponse>['data'][number];
export type TxStatus = Out<typeof S.TxStatusResponse>['data'];
export type WalletView = Out<typeof S.WalletResponse>['data'];
export type Family = 'launchpad' | 'launchpad2';
export type Side = 'buy' | 'sell';

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

  private async request<T>(method: 'GET' | 'POST', path: string, body?: object): Promise<T> {
    let url = this.base + path;
    if (method === 'GET' && body) url += '?' + new URLSearchParams(Object.entries(body).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)]));
    const res = await this.doFetch(url, {
      method,
      headers: { 'api-key': this.opts.apiKey, ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
      ...(method === 'POST' ? { body: JSON.stringify(body ?? {}) } : {}),
      signal: AbortSignal.timeout(this.opts.timeoutMs ?? 30_000),
    });
    const text = await res.text();
    let json: Record<string, unknown>;
    try {
      json = JSON.parse(text) as Record<string, unknown>;
    } catch {
      throw new ApiError(res.status, 'Bad response', `the facade answered ${res.status} with a body that is not JSON`, String(res.status));
    }
    if (!res.ok) {
      const retry = res.headers.get('retry-after');
      throw new ApiError(res.status, String(json.error ?? 'Error'), String(json.message ?? ''), String(json.code ?? res.status), retry ? Number(retry) : undefined);
    }
    return json as T;
  }

  // ---- data
  async getTokenBalance(publicKey: string, tokenAddress: string, tokenDecimals?: number) {
    const r = await this.request<Out<typeof S.TokenBalanceResponse>>('GET', '/launchpad/getTokenBalance', { publicKey, tokenAddress, tokenDecimals });
    return r.data[0]!;
  }
  async getRecentTrades(address: string, page?: number, limit?: number): Promise<Trade[]> {
    return (await this.request<Out<typeof S.TradesResponse>>('POST', '/launchpad/getRecentTrades', { address, page, limit })).data;
  }
  async getTokenDetails(address: string, family: Family = 'launchpad'): Promise<TokenDetails> {
    return this.request('POST', `/${family}/getTokenDetails`, { address });
  }
  async getTokenHolders(address: string, opts: { family?: Family; page?: number; limit?: number } = {}): Promise<Holder[]> {
    return (await this.request<Out<typeof S.HoldersResponse>>('POST', `/${opts.family ?? 'launchpad'}/getTokenHolders`, { address, page: opts.page, limit: opts.limit })).data;
  }
  async getWallet(address: string): Promise<WalletView> {
    return (await this.request<Out<typeof S.WalletResponse>>('POST', '/launchpad/getWallet', { address })).data;
  }
  async listTokens(opts: { sort?: 'new' | 'volume' | 'progress'; page?: number; limit?: number } = {}): Promise<TokenSummary[]> {
    return (await this.request<Out<typeof S.ListTokensResponse>>('POST', '/launchpad/listTokens', opts)).data;
  }

  // ---- trading
  async allowance(tokenAddress: string, userAddress: string): Promise<bigint> {
    return BigInt((await this.request<Out<typeof S.AllowanceResponse>>('GET', '/launchpad/allowance', { tokenAddress, userAddress })).amount);
  }
  async approve(tokenAddress: string, userAddress: string): Promise<UnsignedTx> {
    return (await this.request<Out<typeof S.ApproveResponse>>('POST', '/launchpad/approve', { tokenAddress, userAddress })).unsignedTx;
  }
  async quote(input: { type: Side; tokenAddress: string; amount: number | string; userAddress?: string; slippage?: number }): Promise<Quote> {
    return (await this.request<Out<typeof S.QuoteResponse>>('POST', '/launchpad/quote', input)).data;
  }
  async localTrade(input: { type: Side; tokenAddress: string; amount: number | string; userAddress: string; slippage?: number; priorityFee?: number }) {
    const r = await this.request<Out<typeof S.LocalTradeResponse>>('POST', '/launchpad/localTrade', input);
    return { unsignedTx: r.unsignedTx, quote: r.quote };
  }
  async trade(input: { action: Side; tokenAddress: string; amount: number | string; privateKey: string; slippage?: number; priorityFee?: number }): Promise<string> {
    return (await this.request<Out<typeof S.SignatureResponse>>('POST', '/launchpad/trade', input)).signature;
  }
  async createToken(input: {
    userAddress: string; name: string; symbol: string; family?: Family; description?: string; image?: string;
    twitter?: string; telegram?: string; website?: string; initialBuy?: number;
  }): Promise<UnsignedTx> {
    return (await this.request<Out<typeof S.ApproveResponse>>('POST', '/launchpad/createToken', input)).unsignedTx;
  }
  async transfer(fromAddress: string, toAddress: string, amount: number | string): Promise<UnsignedTx> {
    return (await this.request<Out<typeof S.ApproveResponse>>('POST', '/launchpad/transfer', { fromAddress, toAddress, amount })).unsignedTx;
  }
  async broadcast(signedTx: object): Promise<string> {
    return (await this.request<Out<typeof S.SignatureResponse>>('POST', '/launchpad/broadcast', { signedTx })).signature;
  }
  async txStatus(signature: string): Promise<TxStatus> {
    return (await this.request<Out<typeof S.TxStatusResponse>>('POST', '/launchpad/txStatus', { signature })).data;
  }

  // ---- operator
  /** Creates a key for someone else (operator keys only). */
  async createKey(plan: string, label?: string): Promise<string> {
    return (await this.request<{ key: string }>('POST', '/admin/keys', { plan, label })).key;
  }

  // ---- wallets
  async createWallet(amount = 1): Promise<Array<{ publicKey: string; privateKey: string }>> {
    return (await this.request<Out<typeof S.CreateWalletResponse>>('POST', '/api/tron/createWallet', { amount })).data;
  }
}
