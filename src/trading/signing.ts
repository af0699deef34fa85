// What each action of the trading side may sign, and the signing itself: the facade's transaction is
// pinned (pin.ts) to what the user confirmed (the trade row's kept quote) and to this bot's own
// configuration (its routers, its fee limit, the router fee's cap); the transaction that is signed
// is the one built here, never the facade's JSON. A refusal is a TradeError: nothing is signed.
import type { Quote, UnsignedTx } from '../client/index.js';
import type { FamilyName } from '../tron/families.js';
import { BPS } from '../tron/units.js';
import { signTx, type TxJson } from '../tron/tx.js';
import type { Accounts } from './accounts.js';
import { PinError, pinTransaction, type Expected } from './pin.js';
import type { TradeRow, WalletRow } from './store.js';
import { TradeError } from './trade-errors.js';
import type { TradeQuote } from './trade-row.js';

/** What the bot holds every transaction to, from its own configuration (never from the facade). */
export interface SigningRules {
  /** the fee router of each launchpad family this bot trades through */
  routers: Partial<Record<FamilyName, string>>;
  /** the network fee limit of a trade (sun), before the user's extra */
  feeLimitSun: bigint;
  /** the largest router fee (bps) an automated trade, which has no confirmed quote, may pay */
  maxFeeBps: bigint;
}

const routerOf = (rules: SigningRules, family: string | null | undefined): string => {
  const router = family ? rules.routers[family as FamilyName] : undefined;
  if (!router) throw new TradeError(`the facade named a launchpad this bot does not trade (${family ?? 'none'})`);
  return router;
};

/** The largest fee bps whose fee on `base` rounds down to at most `fee`: what the user was shown. */
const bpsForFee = (base: bigint, fee: bigint): bigint => (base > 0n ? ((fee + 1n) * BPS - 1n) / base : 0n);

/**
 * What a trade row's transaction must be: the confirmed quote's amount in (or, for a share of a
 * holding sold by an automation, the facade's reading of it), its minimum out and router fee, on the
 * router of the family the facade built for.
 */
export function expectedTrade(trade: TradeRow, kept: TradeQuote, built: Quote, rules: SigningRules): Expected {
  const side = trade.side as 'buy' | 'sell';
  const confirmedIn = BigInt(kept.amountIn);
  // a sell of a share ("50%") by an automation has no amount before its build ('0')
  const amountIn = side === 'sell' && confirmedIn === 0n ? BigInt(built.exact.amountIn) : confirmedIn;
  let maxFeeBps = rules.maxFeeBps;
  if (kept.routerFee != null && kept.expectedOut != null) {
    const fee = BigInt(kept.routerFee);
    const shown = bpsForFee(side === 'buy' ? confirmedIn : BigInt(kept.expectedOut) + fee, fee);
    if (shown < maxFeeBps) maxFeeBps = shown;
  }
  return {
    kind: 'trade',
    side,
    venue: built.venue,
    router: routerOf(rules, built.family),
    token: trade.token,
    amountIn,
    minOut: BigInt(kept.minOut ?? built.exact.minOut),
    maxFeeBps,
  };
}

export function createSigner(deps: { accounts: Accounts; rules: SigningRules; now: () => number }) {
  const { accounts, rules } = deps;

  /** Signs the transaction built here for `expected` if the facade's bytes are exactly it; else refuses. */
  async function sign(wallet: WalletRow, tx: UnsignedTx, expected: Expected, extraFeeTrx = 0): Promise<TxJson> {
    let mine: TxJson;
    try {
      mine = pinTransaction(tx, expected, {
        owner: wallet.address,
        maxFeeLimitSun: rules.feeLimitSun + BigInt(Math.round(extraFeeTrx * 1e6)),
        now: deps.now(),
      });
    } catch (e) {
      if (e instanceof PinError) throw new TradeError(e.message);
      throw e;
    }
    return accounts.withKey(wallet, (key) => signTx(mine, key));
  }

  /** An approval of one of this bot's routers for the token (whichever the facade built for). */
  async function signApproval(wallet: WalletRow, tx: UnsignedTx, token: string): Promise<TxJson> {
    const routers = Object.values(rules.routers).filter((r): r is string => !!r);
    for (const spender of routers.slice(0, -1)) {
      try {
        return await sign(wallet, tx, { kind: 'approve', token, spender });
      } catch {
        // not this router's approval: try the next; the last one's refusal is the answer
      }
    }
    return sign(wallet, tx, { kind: 'approve', token, spender: routers.at(-1) ?? '' });
  }

  return { sign, signApproval };
}

export type Signer = ReturnType<typeof createSigner>;
