// Errors are values with a kind; the API maps them once to the spec's envelope
// `{error, message, code, status: "error"}`. The strings are the spec's (section 7).
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 429 | 500 | 502;

export class ServiceError extends Error {
  constructor(
    readonly status: ErrorStatus,
    readonly error: string,
    message: string,
  ) {
    super(message);
  }
}

const e = (status: ErrorStatus, error: string, message: string) => () => new ServiceError(status, error, message);

export const Errors = {
  invalidPublicKey: e(400, 'Invalid publicKey', 'Please check the publicKey is a valid address'),
  invalidTokenAddress: e(400, 'Invalid tokenAddress', 'Please check the tokenAddress is a valid address'),
  balanceFailed: e(500, 'Error retrieving token balance', 'Please check the input values and retry'),
  maxLimit: e(400, 'Max limit reached', 'The maximum limit for this endpoint is 200'),
  missingAddress: e(400, 'Missing address parameter', 'You must provide a valid token address'),
  invalidAddress: e(400, 'Invalid address', 'The address must be a valid Tron (base58 T...) address'),
  detailsFailed: e(500, 'Failed to fetch token details', 'Server-side error while fetching token details'),
  tokenNotFound: e(404, 'Token not found', 'No token with this address on this launchpad'),
  allowanceParams: e(400, 'Invalid parameters', 'You must only provide tokenAddress and userAddress'),
  insufficientFunds: (detail: string) =>
    new ServiceError(400, 'Insufficient funds', `The account lacks funds for this transaction: ${detail}`),
  tradeParams: e(400, 'Invalid parameters', 'You must provide action, tokenAddress, amount and privateKey'),
  invalidAction: e(400, 'Invalid action', 'Action must be buy or sell'),
  localTradeParams: e(400, 'Invalid parameters', 'You must provide type, tokenAddress, amount and userAddress'),
  invalidType: e(400, 'Invalid type', 'Type must be buy or sell'),
  invalidAmount: e(400, 'Invalid amount', 'Amount must be an integer between 1 and 100'),
  walletsFailed: e(500, 'Error creating wallets', 'Please try again'),
  simulationFailed: (slippage: string, impact: string) =>
    new ServiceError(
      500,
      'Simulation failed',
      `Max slippage reached: the price would move ${impact}% against you (slippage ${slippage}%), the transaction would revert`,
    ),
  /** A trade built with a confirmed minimum out that the market no longer gives (it would revert). */
  priceMoved: () =>
    new ServiceError(
      500,
      'Simulation failed',
      'The price moved since the quote: the trade would give less than the minimum confirmed, the transaction would revert',
    ),
  badTradeAmount: (why: string) => new ServiceError(400, 'Invalid parameters', why),
  notTrading: (why: string) => new ServiceError(400, 'Token not trading', why),
  approvalRequired: e(
    400,
    'Approval required',
    'Approve the router first: POST /launchpad/approve, sign and broadcast it',
  ),
  broadcastRefused: (code: string, why: string) => new ServiceError(400, 'Broadcast failed', `${code}: ${why}`),
  invalidParams: (why: string) => new ServiceError(400, 'Invalid parameters', why),
  /** A caller's `rpc` that is not one of the served networks' URLs: never fetched. */
  unknownRpc: e(
    400,
    'Invalid parameters',
    'rpc must be the URL of a network this API serves, exactly as configured (or left out)',
  ),
  nodeUnavailable: e(502, 'Node unavailable', 'The Tron node did not answer; try again'),
  missingKey: e(401, 'Missing API key', 'Send your key in the api-key header'),
  rateLimited: (after?: string) =>
    new ServiceError(
      429,
      'Rate limit exceeded',
      `Your plan's request limit is reached; retry in ${after ?? 'a moment'}`,
    ),
  streamsNotAllowed: e(403, 'Plan does not allow this', 'The live stream and webhooks need the trader plan or above'),
  notFound: e(404, 'Not found', 'No such route'),
  internal: e(500, 'Internal error', 'Something went wrong on our side; try again'),
  invalidKey: e(401, 'Invalid API key', 'The api-key header does not hold a valid, active key'),
} as const;
