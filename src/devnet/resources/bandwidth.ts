// Who pays a transaction's bytes, as java-tron's BandwidthProcessor does: the account's staked
// bandwidth if it covers them all, else its free daily allowance if that does, else TRX burnt for
// every byte (sources never mixed). The receipt shows net_usage for the first two, net_fee for the last.
import { tryHexAddress } from '../../tron/address.js';
import type { TxJson } from '../chain/types.js';
import { BANDWIDTH_PRICE_SUN } from '../fees.js';
import type { Ledger } from '../ledger.js';
import {
  increase,
  increaseAccount,
  netLimit,
  payBandwidth,
  recovered,
  recoveredAccount,
  slotOf,
} from '../../tron/resources.js';
import { FREE_NET_LIMIT, NETWORK_TOTALS, TOTAL_NET_LIMIT } from './params.js';

export interface BandwidthCharge {
  /** TRX burnt for the bytes (0 when staked or free bandwidth pays). */
  netFee: bigint;
  /** Bytes taken from staked or free bandwidth (the receipt's net_usage). */
  netUsage: number;
  /** Records the use and puts it on the receipt (when the transaction is included). */
  settle(info: object): void;
}

/**
 * What `owner`'s transaction of `bytes` billable bytes costs it at the block after `headTime`. A
 * transaction that creates an account (a TRX transfer to a new address) is billed otherwise by
 * java-tron (consumeForCreateNewAccount: never the free allowance); the devnet burns its bytes.
 */
export function chargeBandwidth(
  ledger: Ledger,
  tx: TxJson,
  owner: string,
  bytes: bigint,
  headTime: number,
): BandwidthCharge {
  const now = slotOf(headTime, ledger.resources.genesisTime());
  const r = ledger.resources.of(owner);
  const staked = { usage: r.netUsage, lastSlot: r.netTime, windowV2: r.netWindow };
  const stake = r.frozenNet + r.acquiredNet;
  // most accounts stake nothing: no need to add up the network's stake for them
  const stakedLimit =
    stake === 0n ? 0 : netLimit(stake, TOTAL_NET_LIMIT, ledger.resources.totals(NETWORK_TOTALS).totalNetWeight);
  const stakedLeft = Math.max(stakedLimit - recoveredAccount(staked, now).usage, 0);
  const freeLeft = Math.max(FREE_NET_LIMIT - recovered(r.freeNetUsage, r.freeNetTime, now), 0);
  const bill = createsAccount(ledger, tx)
    ? payBandwidth(Number(bytes), 0, 0, BANDWIDTH_PRICE_SUN)
    : payBandwidth(Number(bytes), stakedLeft, freeLeft, BANDWIDTH_PRICE_SUN);
  return {
    netFee: bill.netFeeSun,
    netUsage: bill.netUsage,
    settle(info) {
      if (bill.source === 'burn') return;
      // the receipt says net_usage for bytes a resource paid, net_fee only for bytes paid in TRX
      const receipt = (info as { receipt?: Record<string, unknown> }).receipt;
      if (receipt) {
        delete receipt.net_fee;
        receipt.net_usage = bill.netUsage;
      }
      const fresh = ledger.resources.of(owner);
      if (bill.source === 'staked') {
        const after = increaseAccount(staked, bill.netUsage, now);
        ledger.resources.save({ ...fresh, netUsage: after.usage, netTime: now, netWindow: after.windowV2 });
      } else {
        const used = increase(r.freeNetUsage, bill.netUsage, r.freeNetTime, now);
        ledger.resources.save({ ...fresh, freeNetUsage: used, freeNetTime: now });
      }
    },
  };
}

/** A TRX transfer to an address without an account: billed as java-tron bills an activation. */
export function createsAccount(ledger: Ledger, tx: TxJson): boolean {
  const c = tx.raw_data.contract[0]!;
  if (c.type !== 'TransferContract') return false;
  const to = tryHexAddress(c.parameter.value.to_address);
  return to !== null && !ledger.exists(to);
}
