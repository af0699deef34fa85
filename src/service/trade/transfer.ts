// Unsigned TRX or TRC20 transfers from a user's wallet, refused when the wallet cannot pay the fees.
import type { ChainGateway, UnsignedTx } from '../../tron/gateway.js';
import { TOKEN_DECIMALS, trxNumber } from '../../tron/units.js';
import { Errors } from '../errors.js';
import { positiveSun, tokenAmountOf } from './input.js';
import type { TransferInput } from './types.js';

/** Bandwidth plus the 1 TRX that creating the recipient's account may cost. */
export const TRANSFER_FEE_ROOM = 1_500_000n;

/** Refuses a contract call the wallet cannot put its fee limit on. */
export function checkFeeLimitFunds(trx: bigint, feeLimitSun: bigint): void {
  if (trx < feeLimitSun)
    throw Errors.insufficientFunds(`needs ${trxNumber(feeLimitSun)} TRX for the fee limit, has ${trxNumber(trx)} TRX`);
}

/** A TRX transfer (amount in TRX) or, with tokenAddress, a token transfer (tokens or "NN%"). */
export async function buildTransfer(
  chain: ChainGateway,
  input: TransferInput,
  feeLimitSun: bigint,
): Promise<UnsignedTx> {
  const { fromAddress, toAddress, amount, tokenAddress } = input;
  if (fromAddress === toAddress) throw Errors.invalidParams('cannot transfer to the same address');
  const trx = await chain.trxBalance(fromAddress);
  if (tokenAddress) {
    const holding = await chain.tokenBalance(tokenAddress, fromAddress).catch(() => {
      throw Errors.invalidParams('tokenAddress is not a TRC20 token');
    });
    const units = tokenAmountOf(amount, holding, TOKEN_DECIMALS);
    checkFeeLimitFunds(trx, feeLimitSun);
    return chain.buildCall(
      fromAddress,
      tokenAddress,
      'transfer(address,uint256)',
      [
        { type: 'address', value: toAddress },
        { type: 'uint256', value: units.toString() },
      ],
      { callValue: 0n, feeLimit: feeLimitSun },
    );
  }
  const sun = positiveSun(amount, Errors.invalidParams);
  const need = sun + TRANSFER_FEE_ROOM;
  if (trx < need)
    throw Errors.insufficientFunds(
      `needs ${trxNumber(need)} TRX (amount and up to ${trxNumber(TRANSFER_FEE_ROOM)} TRX of fees), has ${trxNumber(trx)} TRX`,
    );
  return chain.buildTrxTransfer(fromAddress, toAddress, sun);
}
