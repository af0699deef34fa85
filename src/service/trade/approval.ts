// The approval a sell signed on the service needs first: when the router's allowance is short, sign
// and broadcast approve(router, max) and wait for its receipt, so the sell that follows can spend.
import { setTimeout as sleep } from 'node:timers/promises';
import type { ChainGateway } from '../../tron/gateway.js';
import { Errors } from '../errors.js';
import { sendSigned } from './broadcast.js';
import { buildApproval } from './build.js';
import type { PlannedTrade } from './types.js';

/** How often the approval's receipt is asked for (ms). */
const POLL_MS = 250;

/**
 * Waits for a transaction's receipt in a head block (the node judges the sell that follows on the
 * head's state, so the allowance counts at once); a failed or late approval is a refused broadcast.
 */
export async function waitIncluded(chain: ChainGateway, txid: string, waitMs: number): Promise<void> {
  const until = Date.now() + waitMs;
  for (;;) {
    const info = await chain.txInfo(txid);
    if (info.state === 'confirmed' || info.state === 'included') return;
    if (info.state === 'failed') throw Errors.broadcastRefused('APPROVAL_FAILED', info.reason ?? 'approval failed');
    if (Date.now() > until)
      throw Errors.broadcastRefused('APPROVAL_PENDING', 'the approval did not confirm in time; try again');
    await sleep(POLL_MS);
  }
}

/** Whether a plan is a sell whose router may not yet spend the user's tokens. */
export async function needsApproval(chain: ChainGateway, p: PlannedTrade, user: string): Promise<boolean> {
  return p.side === 'sell' && (await chain.allowance(p.token, user, p.family.router)) < p.amountIn;
}

/** Approves the plan's router for the user when a sell needs it, signed with the user's key. */
export async function approveIfNeeded(
  chain: ChainGateway,
  p: PlannedTrade,
  signer: { key: string; address: string },
  opts: { feeLimitSun: bigint; waitMs: number },
): Promise<void> {
  if (!(await needsApproval(chain, p, signer.address))) return;
  const approval = await buildApproval(chain, p.family, p.token, signer.address, opts.feeLimitSun);
  await waitIncluded(chain, await sendSigned(chain, await chain.sign(approval, signer.key)), opts.waitMs);
}
