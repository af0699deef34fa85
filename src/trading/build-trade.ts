// A claimed trade built and signed: a sell's router approval first when the node shows its allowance
// short; the API's build asked for exactly the trade's own amount and minimum; the transaction pinned
// to the trade's own terms (signing.ts) and signed. A snipe or copy kept without terms gets them here,
// from its rule's amount and the node's market (quoting.ts termsAtBuild), before anything is signed.
import { ApiError, type LaunchpadClient, type Quote, type UnsignedTx } from '../client/index.js';
import type { FamilyName } from '../tron/families.js';
import type { Side } from '../tron/market/index.js';
import type { TxJson } from '../tron/tx.js';
import type { NodeMarket } from './market.js';
import { wordsOf, type Quoting } from './quoting.js';
import { expectedTrade, type Signer, type SigningRules } from './signing.js';
import type { Settings, TradeRow, TradingStore, WalletRow } from './store.js';
import { hasOwnTerms, quoteOfTrade, type TradeQuote } from './trade-row.js';

export interface TradeBuildDeps {
  store: TradingStore;
  market: NodeMarket;
  quoting: Quoting;
  signer: Signer;
  signing: SigningRules;
  /** approves this bot's router for the token and waits for the approval to land */
  approve(client: LaunchpadClient, wallet: WalletRow, token: string): Promise<void>;
}

export function createTradeBuild(deps: TradeBuildDeps) {
  const { store, market, quoting, signer, signing } = deps;

  /** Signs a claimed trade's transaction, or throws (a TradeError when refused): nothing is sent here. */
  async function signedTrade(
    trade: TradeRow,
    wallet: WalletRow,
    client: LaunchpadClient,
    settings: Settings,
  ): Promise<{ signed: TxJson; kept: TradeQuote }> {
    const side = trade.side as Side;
    const token = trade.token;
    const localTrade = (amountIn: bigint, minOut: bigint | undefined) =>
      client.localTrade({
        type: side,
        tokenAddress: token,
        amount: wordsOf(side, amountIn),
        userAddress: wallet.address,
        slippage: trade.slippageBps / 100,
        ...(minOut !== undefined ? { minOut: minOut.toString() } : {}),
        ...(settings.extraFeeLimit > 0 ? { priorityFee: settings.extraFeeLimit } : {}),
      });
    /** The API's build; a sell approves the router first when the node shows the allowance short. */
    const build = async (
      amountIn: bigint,
      family: FamilyName,
      minOut: bigint | undefined,
      allowance?: bigint,
    ): Promise<{ unsignedTx: UnsignedTx; quote: Quote }> => {
      const router = signing.routers[family];
      if (side === 'sell' && router) {
        const allowed = allowance ?? (await market.allowance(token, wallet.address, router));
        if (allowed < amountIn) await deps.approve(client, wallet, token);
      }
      return localTrade(amountIn, minOut).catch(async (e: unknown) => {
        // the allowance was spent or revoked since it was read: approve, then build again
        if (!(e instanceof ApiError && e.error === 'Approval required')) throw e;
        await deps.approve(client, wallet, token);
        return localTrade(amountIn, minOut);
      });
    };
    let kept = quoteOfTrade(trade);
    let built: { unsignedTx: UnsignedTx; quote: Quote };
    if (hasOwnTerms(kept)) {
      built = await build(BigInt(kept.amountIn), kept.family!, BigInt(kept.minOut!), BigInt(kept.allowance ?? 0));
    } else {
      const made = await quoting.termsAtBuild(wallet, token, side, trade.amount, settings, kept.symbol, (a, f, m) =>
        build(a, f, m),
      );
      kept = made.kept;
      built = made.built;
      // the terms it is signed against are kept before it is signed (what its result is told against)
      await store.updateTrade(trade.id, { quote: JSON.stringify(kept) });
    }
    const expected = expectedTrade(trade, kept, built.quote, signing);
    return { signed: await signer.sign(wallet, built.unsignedTx, expected, settings.extraFeeLimit), kept };
  }

  return { signedTrade };
}
export type TradeBuild = ReturnType<typeof createTradeBuild>;
