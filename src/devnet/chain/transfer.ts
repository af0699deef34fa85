// TransferContract: sends TRX, creating the recipient's account (for a fee) if it has none.
import { toHexAddress, tryHexAddress } from '../../tron/address.js';
import { CREATE_ACCOUNT_FEE_SUN } from '../fees.js';
import { invalid, toBigIntField } from './admission.js';
import type { TransactionType } from './transactions.js';

export const transferContract: TransactionType = {
  validate({ tx, owner, netFee, ledger }) {
    const v = tx.raw_data.contract[0]!.parameter.value;
    const to = tryHexAddress(v.to_address);
    const amount = toBigIntField(v.amount);
    if (!to) throw invalid('Invalid toAddress!');
    if (to === owner) throw invalid('Cannot transfer TRX to yourself.');
    if (amount === null || amount <= 0n) throw invalid('Amount must be greater than 0.');
    const createFee = ledger.exists(to) ? 0n : CREATE_ACCOUNT_FEE_SUN;
    if (ledger.balance(owner) < amount + netFee + createFee) {
      throw invalid('Validate TransferContract error, balance is not sufficient.');
    }
  },

  execute({ tx, owner, netFee, ledger, txid, blockNumber, timestamp }) {
    const v = tx.raw_data.contract[0]!.parameter.value;
    const to = toHexAddress(String(v.to_address));
    const amount = BigInt(v.amount as number);
    const balance = ledger.balance(owner);
    const fee = netFee + (ledger.exists(to) ? 0n : CREATE_ACCOUNT_FEE_SUN);
    if (balance < amount + fee) return undefined;
    ledger.ensureAccount(to, timestamp);
    ledger.setBalance(owner, balance - amount - fee);
    ledger.setBalance(to, ledger.balance(to) + amount);
    const info = {
      id: txid,
      blockNumber,
      blockTimeStamp: timestamp,
      fee: Number(fee),
      contractResult: [''],
      // the account-creation fee is in `fee`; java-tron's ResourceReceipt has no field of its own for it
      receipt: { net_fee: Number(netFee) },
    };
    return { status: 'SUCCESS', info };
  },
};
