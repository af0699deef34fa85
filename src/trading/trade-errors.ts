// How a trade fails before the chain, in the trading side's words: a TradeError (refused for the
// user's safety, short of funds or of tokens to sell, or a market that does not trade now), what an
// automation makes of a failure, and every failure in plain language for the user.
import { ApiError } from '../client/index.js';
import { UserError } from './accounts.js';

export class TradeError extends Error {
  constructor(
    message: string,
    readonly kind: 'safety' | 'funds' | 'no-holding' | 'market' = 'safety',
    /**
     * what a program acts on: TOKEN_LAUNCHED (the token moved to the DEX since the quote), TOKEN_NOT_FOUND
     * (the node knows no launchpad token at the address)
     */
    readonly code?: 'TOKEN_LAUNCHED' | 'TOKEN_NOT_FOUND',
  ) {
    super(message);
  }
}

/** A failure before the chain that an automated order acts on: no TRX for it, or nothing to sell. */
export function failureKindOf(e: unknown): 'funds' | 'no-holding' | undefined {
  if (e instanceof TradeError && (e.kind === 'funds' || e.kind === 'no-holding')) return e.kind;
  if (e instanceof ApiError && e.error === 'Insufficient funds')
    return /no tokens to sell|holding is 0 tokens/.test(e.message) ? 'no-holding' : 'funds';
  return undefined;
}

/** Facade errors in plain language. */
export function friendly(e: unknown): string {
  if (e instanceof ApiError) {
    if (e.error === 'Insufficient funds')
      return `Not enough funds: ${e.message.replace(/^The account lacks funds for this transaction: /, '')}.`;
    if (e.error === 'Simulation failed' && e.message.startsWith('The price moved since the quote'))
      return 'The price moved since your quote: the trade would give less than the minimum you confirmed. Nothing was sent; please quote again.';
    if (e.error === 'Simulation failed')
      return 'The price would move more than your slippage allows. Try a smaller amount or raise the slippage in /settings.';
    if (e.error === 'Rate limit exceeded') return `Too many requests right now; try again in ${e.retryAfter ?? 60} s.`;
    if (e.error === 'Token not found') return 'I could not find that token on the launchpads. Check the address.';
    if (e.error === 'Approval required')
      return 'The router may not spend this token yet; sell again to approve it first.';
    if (e.error === 'Token not trading') return e.message;
    if (e.status >= 500) return 'The service had a problem; please try again in a moment.';
    return e.message || e.error;
  }
  if (e instanceof TradeError) {
    if (e.kind === 'funds') return `Not enough funds: ${e.message}.`;
    if (e.kind === 'safety') return `Stopped for your safety: ${e.message}.`;
    return `${e.message}.`;
  }
  if (e instanceof UserError) return e.message;
  return 'Something went wrong; please try again.';
}
