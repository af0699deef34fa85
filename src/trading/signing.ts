// What each action of the trading side may sign, and the signing itself: the facade's transaction is
// pinned (pin.ts) to the trade's own terms (terms.ts: the user's amount, the minimum made from the
// node's market, the router rate within the cap; what the card showed) and to this bot's own
// configuration (its routers, its fee limit); the transaction that is signed is the one built here,
// never the facade's JSON. A refusal is a TradeError: nothing is signed.
import type { Quote, UnsignedTx } from '../client/index.js';
import type { FamilyName } from '../tron/families.js';
import { feeLimitWith } from '../tron/units.js';
import { signTx, type TxJson } from '../tron/tx.js';
import { familyOfRouter } from './networks.js';
import type { Accounts } from './accounts.js';
import { PinError, pinTransaction, type Expected } from './tx-pinning.js';
import type { TradeRow, WalletRow } from './store.js';
import { TradeError, why } from './trade-errors.js';
import { hasOwnTerms, type TradeQuote } from './trade-row.js';

/** What the bot holds every transaction to, from its own configuration (never from the facade). */
export interface SigningRules {
  /** the fee router of each launchpad family this bot trades through */
  routers: Partial<Record<FamilyName, string>>;
  /** the network fee limit of a trade (sun), before the user's extra */
  feeLimitSun: bigint;
  /** the largest router fee (bps) any trade may pay: a quote naming more is refused */
  maxFeeBps: bigint;
}

const routerOf = (rules: SigningRules, family: string | null | undefined): string => {
  const router = family ? rules.routers[family as FamilyName] : undefined;
  if (!router)
    throw new TradeError(
      `the token is on a launchpad this bot does not trade (${family ?? 'none'})`,
      'safety',
      why('err-family-unknown', { family: family ?? 'none' }),
    );
  return router;
};

/**
 * What a trade row's transaction must be: its own terms' amount in, minimum out and router rate, on
 * this bot's router of the family the node showed, at the venue it was quoted on. A build for another
 * venue (the token launched since the quote) is refused: the user is quoted again.
 */
export function expectedTrade(trade: TradeRow, kept: TradeQuote, built: Quote, rules: SigningRules): Expected {
  if (!hasOwnTerms(kept))
    throw new TradeError('the trade has no terms of its own to sign against', 'safety', why('err-safety-no-terms'));
  if (built.venue !== kept.venue)
    throw new TradeError(
      `the token moved to the ${built.venue === 'dex' ? 'DEX' : 'curve'} since the quote; nothing was sent`,
      'market',
      built.venue === 'dex' ? 'TOKEN_LAUNCHED' : undefined,
      why('err-market-moved', { venue: built.venue === 'dex' ? 'dex' : 'curve' }),
    );
  const feeBps = BigInt(kept.feeBps!);
  return {
    kind: 'trade',
    side: trade.side as 'buy' | 'sell',
    venue: kept.venue,
    router: routerOf(rules, kept.family),
    token: trade.token,
    amountIn: BigInt(kept.amountIn),
    minOut: BigInt(kept.minOut!),
    maxFeeBps: feeBps < rules.maxFeeBps ? feeBps : rules.maxFeeBps,
  };
}

/** Each family's network as the signer holds a transaction to it (src/trading/networks.ts). */
export interface SigningNetworks {
  /** the chain time of the family's network (the first network's for a transfer: no family), read afresh */
  now(family: FamilyName | undefined): Promise<number>;
  /** whether the reference block is a block of the family's network (the first's for a transfer) */
  holds(family: FamilyName | undefined, ref: { ref_block_bytes: string; ref_block_hash: string }): Promise<boolean>;
}

/** The family a transaction is for: its router's, or its approval's spender's; none for a transfer. */
function familyOfExpected(rules: SigningRules, e: Expected): FamilyName | undefined {
  if (e.kind === 'trade') return familyOfRouter(rules.routers, e.router);
  if (e.kind === 'approve') return familyOfRouter(rules.routers, e.spender);
  return e.family;
}

export function createSigner(deps: {
  accounts: Accounts;
  rules: SigningRules;
  /** the chain's time, read afresh: what a transaction's expiration and deadline are held to */
  now: () => number | Promise<number>;
  /**
   * With several networks: each family's clock, and its chain that must hold the reference block (a
   * transaction built on another network's blocks is refused)
   */
  networks?: SigningNetworks | undefined;
}) {
  const { accounts, rules } = deps;

  /** Signs the transaction built here for `expected` if the facade's bytes are exactly it; else refuses. */
  async function sign(wallet: WalletRow, tx: UnsignedTx, expected: Expected, extraFeeTrx = 0): Promise<TxJson> {
    let mine: TxJson;
    const family = familyOfExpected(rules, expected);
    const now = deps.networks ? await deps.networks.now(family) : await deps.now();
    try {
      mine = pinTransaction(tx, expected, {
        owner: wallet.address,
        maxFeeLimitSun: feeLimitWith(rules.feeLimitSun, extraFeeTrx),
        now,
      });
    } catch (e) {
      if (e instanceof PinError) throw new TradeError(e.message, 'safety', e.why);
      throw e;
    }
    const ref = mine.raw_data as { ref_block_bytes: string; ref_block_hash: string };
    if (deps.networks && !(await deps.networks.holds(family, ref)))
      throw new TradeError(
        'the transaction is built on blocks of another network than its launchpad’s',
        'safety',
        why('err-pin-network'),
      );
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
