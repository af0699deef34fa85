// Wallet helpers. Keys are generated locally and returned once; nothing is stored or logged.
import { TronWeb } from 'tronweb';
import { Errors } from './errors.js';

export async function createWallets(amount: number): Promise<Array<{ publicKey: string; privateKey: string }>> {
  try {
    const out = [];
    for (let i = 0; i < amount; i++) {
      const acc = await TronWeb.createAccount();
      out.push({ publicKey: acc.address.base58, privateKey: acc.privateKey });
    }
    return out;
  } catch {
    throw Errors.walletsFailed();
  }
}
