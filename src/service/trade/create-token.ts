// Token creation: an unsigned createAndInitPurchase (the creation fee and an optional first buy);
// the metadata waits in pendingMetadata under the txid until the indexer sees the creation.
import type { UnsignedTx } from '../../tron/gateway.js';
import { trxNumber } from '../../tron/units.js';
import { Errors } from '../errors.js';
import { sunOf } from './input.js';
import type { CreateTokenInput, TradeDeps } from './types.js';

export async function createToken(deps: TradeDeps, input: CreateTokenInput): Promise<UnsignedTx> {
  const { feeLimitSun } = deps;
  const family = deps.families.find((f) => f.family === (input.family ?? 'launchpad'));
  if (!family) throw Errors.invalidParams(`no ${input.family} launchpad is configured`);
  // built on the family's network (its reference block is that chain's)
  const chain = deps.chains.of(family);
  const firstBuy = sunOf(input.initialBuy ?? 0, () =>
    Errors.invalidParams('initialBuy must be a TRX amount with at most 6 decimals'),
  );
  const fees = await chain.fees(family);
  const callValue = fees.mintFee + firstBuy;
  const trx = await chain.trxBalance(input.userAddress);
  if (trx < callValue + feeLimitSun) {
    throw Errors.insufficientFunds(
      `needs ${trxNumber(callValue + feeLimitSun)} TRX (creation fee ${trxNumber(fees.mintFee)}, first buy and fee limit), has ${trxNumber(trx)} TRX`,
    );
  }
  const tx = await chain.buildCall(
    input.userAddress,
    family.launchpad,
    'createAndInitPurchase(string,string)',
    [
      { type: 'string', value: input.name },
      { type: 'string', value: input.symbol },
    ],
    { callValue, feeLimit: feeLimitSun },
  );
  await deps.db.tx((q) =>
    q
      .insert(deps.db.t.pendingMetadata)
      .values({
        txid: tx.txID,
        description: input.description ?? '',
        image: input.image ?? '',
        twitter: input.twitter ?? null,
        telegram: input.telegram ?? null,
        website: input.website ?? null,
        createdAt: Date.now(),
      })
      .onConflictDoNothing(),
  );
  return tx;
}
