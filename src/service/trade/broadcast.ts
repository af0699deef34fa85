// Broadcasts a signed transaction; the node's refusal becomes the spec's error (a balance too low
// is "Insufficient funds", anything else "Broadcast failed" with the node's code).
import type { ChainGateway, SignedTx } from '../../tron/gateway.js';
import { Errors } from '../errors.js';

export async function sendSigned(chain: ChainGateway, signed: SignedTx): Promise<string> {
  const res = await chain.broadcast(signed);
  if (res.ok) return res.txid;
  if (/balance is not sufficient/i.test(res.message)) throw Errors.insufficientFunds(res.message);
  throw Errors.broadcastRefused(res.code, res.message);
}
