// Quoting a trade on the trading side: the exact amount from the user's words (a sell's share of a
// holding the trading side knows without the API), the terms from the market the node shows, and the
// API's quote checked against them (terms.ts). A trade by hand, an order and a capped snipe are quoted
// so before their row is stored; a snipe or copy without a quote gets the same terms at its build,
// from its rule's amount and the build's own quote (termsAtBuild).
import type { LaunchpadClient, Quote } from '../client/index.js';
import type { FamilyName } from '../tron/families.js';
import type { Side } from '../tron/market/index.js';
import { BPS, TOKEN_DECIMALS, feeLimitWith, formatUnits, parseUnits, sunToTrx, trxToSun } from '../tron/units.js';
import { withLentEnergy, type NetworkFee } from '../tron/network-fee.js';
import type { EnergyLender } from './energy-lending.js';
import type { Holdings } from './holdings.js';
import type { MarketNow, NodeMarket } from './market.js';
import type { SigningRules } from './signing.js';
import type { Settings, TradingStore, UserRow, WalletRow } from './store.js';
import { checkQuote, feeBpsOf, ownTerms, type Terms } from './terms.js';
import { TradeError, why } from './trade-errors.js';
import { keptTerms, type TradeQuote } from './trade-row.js';

const PERCENT = /^(\d{1,3}(?:\.\d{1,2})?)%$/;

/** Slippage in percent (a setting) as basis points. */
export const slippageBps = (pct: number): bigint => BigInt(Math.round(pct * 100));

/** The words the API is asked with for exactly `amountIn`: TRX for a buy, whole tokens for a sell. */
export const wordsOf = (side: Side, amountIn: bigint): string =>
  side === 'buy' ? sunToTrx(amountIn) : formatUnits(amountIn, TOKEN_DECIMALS);

export interface QuoteOptions {
  /** an order's, a snipe's or a copy's: a sell takes no more than the recorded position */
  automated?: boolean;
  /** a floor under the minimum, from the amount in (a price cap's) */
  floorOf?: (amountIn: bigint) => bigint;
  /** why the market on the node does not let the trade go now (an order's level not reached there) */
  refuse?: (m: MarketNow) => string | undefined;
  /** the symbol to show when the API names none */
  symbol?: string | undefined;
}

export interface QuotingDeps {
  store: TradingStore;
  market: NodeMarket;
  holdings: Holdings;
  signing: SigningRules;
  /** the operator's energy lender, when one is set */
  lender?: EnergyLender | undefined;
}

/**
 * What the trade costs the wallet in network fees, estimated on the node (the card shows it), and a
 * refusal at once when the wallet's TRX (as the node shows it) cannot pay a buy's amount and the fee
 * it burns (else it would run out of energy on chain), saying how much is missing.
 */
async function priceNetwork(
  deps: QuotingDeps,
  wallet: WalletRow,
  token: string,
  t: Terms,
  settings: Settings,
): Promise<NetworkFee & { lent?: number }> {
  const [own, have] = await Promise.all([
    deps.market.networkFee(wallet.address, token, t, {
      capSun: deps.signing.feeLimitSun,
      extraSun: feeLimitWith(0n, settings.extraFeeLimit),
    }),
    // the TRX of the wallet on the trade's network
    deps.market.trxBalance(wallet.address, t.family),
  ]);
  // the bot's lender lends the energy the wallet would burn, when one is set and can: the fee is the
  // wallet's with that energy of its own
  const lent = deps.lender?.lendsOn(t.family) ? await deps.lender.planFor(own) : 0;
  // (should the loan not go through, the wallet burns what it would have: the most stays its own)
  const fee = lent > 0 ? { ...withLentEnergy(own, lent), lent, maxSun: own.maxSun } : own;
  const need = (t.side === 'buy' ? t.amountIn : 0n) + fee.totalSun;
  if (have < need)
    throw new TradeError(
      `you have ${sunToTrx(have)} TRX; this needs ${sunToTrx(need)} TRX (${t.side === 'buy' ? 'the amount and ' : ''}${sunToTrx(fee.totalSun)} TRX of network fee): ${sunToTrx(need - have)} TRX missing`,
      'funds',
      why(t.side === 'buy' ? 'err-funds-trx-buy' : 'err-funds-trx-fee', {
        have: { sun: have },
        need: { sun: need },
        fee: { sun: fee.totalSun },
        missing: { sun: need - have },
      }),
    );
  return fee;
}

export function createQuoting(deps: QuotingDeps) {
  const { store, market, holdings, signing } = deps;

  /**
   * The exact amount a trade puts in, from the user's (or the rule's) words: a buy's TRX, a sell's
   * tokens or its share ("40%") of the holding; with, for a sell, what the node shows the wallet
   * holds (what the API's report of the holding is held to).
   */
  async function amountFor(
    wallet: WalletRow,
    token: string,
    side: Side,
    words: string,
    automated: boolean,
  ): Promise<{ amountIn: bigint; onChain?: bigint }> {
    if (side === 'buy') {
      let sun: bigint;
      try {
        sun = trxToSun(words);
      } catch {
        throw new TradeError(
          'the amount is not a TRX amount with at most 6 decimals',
          'market',
          why('err-amount-not-trx'),
        );
      }
      if (sun <= 0n) throw new TradeError('the amount must be more than 0 TRX', 'market', why('err-amount-zero-trx'));
      return { amountIn: sun };
    }
    const { usable: holding, onChain } = await holdings.holding(wallet, token, automated);
    if (holding === 0n)
      throw new TradeError('this wallet holds none of this token to sell', 'no-holding', why('err-holding-none'));
    const pct = PERCENT.exec(words.trim());
    let units: bigint;
    if (pct) {
      const bps = BigInt(Math.round(Number(pct[1]) * 100));
      if (bps <= 0n || bps > BPS)
        throw new TradeError('a share must be above 0 % and at most 100 %', 'market', why('err-sell-share'));
      units = (holding * bps) / BPS;
    } else {
      try {
        units = parseUnits(words, TOKEN_DECIMALS);
      } catch {
        throw new TradeError('the amount is not a number of tokens', 'market', why('err-sell-not-number'));
      }
      if (units > holding)
        throw new TradeError(
          `the wallet holds ${formatUnits(holding, TOKEN_DECIMALS)} of this token`,
          'funds',
          why('err-funds-tokens', { held: { units: holding, decimals: TOKEN_DECIMALS } }),
        );
    }
    if (units <= 0n) throw new TradeError('the amount is too small to sell', 'market', why('err-sell-too-small'));
    return { amountIn: units, onChain };
  }

  /** What a row keeps of terms: with the router's allowance for a sell, as the node shows it. */
  async function keep(
    t: Terms,
    wallet: WalletRow,
    token: string,
    symbol: string,
    fee: NetworkFee,
  ): Promise<TradeQuote> {
    const router = signing.routers[t.family];
    const allowance = t.side === 'sell' && router ? await market.allowance(token, wallet.address, router) : undefined;
    return keptTerms(t, symbol, allowance, fee);
  }

  const shortOf = (token: string) => `${token.slice(0, 6)}…`;

  return {
    amountFor,

    /**
     * A trade's terms, and the API's quote checked against them; refused at once when the TRX for it
     * is short. What it returns is what the card shows and what the trade is pinned to.
     */
    async termsFor(
      client: LaunchpadClient,
      user: UserRow,
      wallet: WalletRow,
      token: string,
      side: Side,
      words: string,
      opts: QuoteOptions = {},
    ): Promise<{ kept: TradeQuote; quote: Quote }> {
      const settings = store.settings(user);
      const [m, amount] = await Promise.all([
        market.marketOf(token),
        amountFor(wallet, token, side, words, opts.automated ?? false),
      ]);
      const refused = opts.refuse?.(m);
      if (refused) throw new TradeError(refused, 'market', why('err-market-order-not-now'));
      const quote = await client.quote({
        type: side,
        tokenAddress: token,
        amount: wordsOf(side, amount.amountIn),
        userAddress: wallet.address,
        slippage: settings.slippage,
      });
      const own = ownTerms(
        side,
        amount.amountIn,
        m,
        feeBpsOf(quote, signing.maxFeeBps),
        slippageBps(settings.slippage),
        opts.floorOf?.(amount.amountIn),
      );
      checkQuote(quote, own, amount.onChain);
      const fee = await priceNetwork(deps, wallet, token, own, settings);
      return { kept: await keep(own, wallet, token, quote.symbol ?? opts.symbol ?? shortOf(token), fee), quote };
    },

    /**
     * The terms of an automated trade kept without them (a snipe or a copy: its build is its quote),
     * made at its build: the market on the node, the amount from the rule's words, the build's quote
     * checked against them. `build` asks the API for the transaction (with a minimum, once known).
     */
    async termsAtBuild<B extends { quote: Quote }>(
      wallet: WalletRow,
      token: string,
      side: Side,
      words: string,
      settings: Settings,
      symbol: string,
      build: (amountIn: bigint, family: FamilyName, minOut?: bigint) => Promise<B>,
    ): Promise<{ kept: TradeQuote; built: B }> {
      const [m, amount] = await Promise.all([market.marketOf(token), amountFor(wallet, token, side, words, true)]);
      let built = await build(amount.amountIn, m.family.family);
      const own = ownTerms(
        side,
        amount.amountIn,
        m,
        feeBpsOf(built.quote, signing.maxFeeBps),
        slippageBps(settings.slippage),
      );
      checkQuote(built.quote, own, amount.onChain);
      // the API's minimum comes from its own output: below ours, the transaction is built again with ours
      if (BigInt(built.quote.exact.minOut) < own.minOut) built = await build(amount.amountIn, own.family, own.minOut);
      const fee = await priceNetwork(deps, wallet, token, own, settings);
      // the symbol its rule was told (the event's), as its messages name it
      return { kept: await keep(own, wallet, token, symbol, fee), built };
    },
  };
}

export type Quoting = ReturnType<typeof createQuoting>;
