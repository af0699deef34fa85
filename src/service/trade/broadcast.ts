// Broadcasts a signed transaction; the node's refusal becomes the spec's error (a balance too low
// is "Insufficient funds", anything else "Broadcast failed" with the node's code).
import type { Chains } from '../../tron/chains.js';
import type { ChainGateway, SignedTx } from '../../tron/gateway.js';
import { Errors } from '../errors.js';

type Broadcast = Awaited<ReturnType<ChainGateway['broadcast']>>;

function sentOrThrown(res: Broadcast): string {
  if (res.ok) return res.txid;
  if (/balance is not sufficient/i.test(res.message)) throw Errors.insufficientFunds(res.message);
  throw Errors.broadcastRefused(res.code, res.message);
}

export async function sendSigned(chain: ChainGateway, signed: SignedTx): Promise<string> {
  return sentOrThrown(await chain.broadcast(signed));
}

/**
 * A transaction signed elsewhere names no network; its reference block does (TAPOS): a node whose
 * chain does not hold that block refuses it with TAPOS_ERROR and nothing else happens, so each
 * network is tried in turn until one takes it or refuses it for another reason.
 */
export async function sendAnywhere(chains: Chains, signed: SignedTx): Promise<string> {
  let res: Broadcast | undefined;
  let failed: unknown;
  for (const n of chains.networks) {
    // a node that does not answer is passed over: the transaction may be another network's
    const got = await n.chain.broadcast(signed).catch((e: unknown) => {
      failed = e;
      return undefined;
    });
    if (!got) continue;
    res = got;
    if (res.ok || res.code !== 'TAPOS_ERROR') break;
  }
  if (!res) throw failed;
  return sentOrThrown(res);
}
