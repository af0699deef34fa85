// Trade operations: quote, localTrade (unsigned), trade (signed here with the caller's key and
// broadcast), approve, allowance, transfers, token creation, broadcast and txStatus. Every trade goes
// through the family's router so the plan's fee is taken on chain in the same transaction.
import { toHexAddress } from '../../tron/address.js';
import { withRawBytes } from '../../tron/network-fee.js';
import type { Family } from '../../tron/families.js';
import type { SignedTx } from '../../tron/gateway.js';
import { approveIfNeeded, needsApproval } from './approval.js';
import { sendAnywhere, sendSigned } from './broadcast.js';
import { buildApproval, createTradeBuilder } from './build.js';
import { createToken } from './create-token.js';
import { Errors } from '../errors.js';
import { signerOf } from './input.js';
import { checkFunds, checkSlippage, createPlanner } from './plan.js';
import { settledTrade } from './receipts.js';
import { buildTransfer } from './transfer.js';
import type { Caller, CreateTokenInput, TradeDeps, TradeInput, TradeWallet, TransferInput } from './types.js';
import { describe, describeTxStatus, describeWallet, type TxStatus } from './view.js';

export type * from './types.js';
export { DEFAULT_SLIPPAGE } from './input.js';
export { failureCodeOf, settledTrade, type FailureCode, type SettledTrade } from './receipts.js';
export { describe, describeTxStatus, describeWallet } from './view.js';

/** How long `trade` waits for an automatic approval by default (ms). */
const APPROVAL_WAIT_MS = 30_000;

export function createTradeService(deps: TradeDeps) {
  const { chains } = deps;
  const { plan, tokenOf } = createPlanner(deps);
  const buildTrade = createTradeBuilder(deps);
  const routers = new Set(deps.families.map((f) => toHexAddress(f.router)));

  /**
   * The network of a transfer: a launchpad token's family's, a TRX transfer's by the family named
   * (default the first network); any other token is looked for on the first network.
   */
  async function transferChain(input: TransferInput) {
    if (input.tokenAddress) {
      const found = await tokenOf(input.tokenAddress).catch(() => undefined);
      return found ? chains.of(found.family) : chains.first;
    }
    return input.family ? chains.of(input.family) : chains.first;
  }
  const transfer = async (input: TransferInput) => buildTransfer(await transferChain(input), input, deps.feeLimitSun);

  /** TRX, the token held and the router's allowance, read together (each as of the head block). */
  async function walletOf(family: Family, token: string, user: string): Promise<TradeWallet> {
    const chain = chains.of(family);
    const [trxBalanceSun, tokenBalance, allowance] = await Promise.all([
      chain.trxBalance(user),
      chain.tokenBalance(token, user),
      chain.allowance(token, user, family.router),
    ]);
    return { trxBalanceSun, tokenBalance, allowance };
  }

  /**
   * The receipt (from the network that knows the transaction: each is asked in turn), the router
   * trade it made once in a block, and the wallet's balances on that network when asked for.
   */
  async function statusOf(
    signature: string,
    balancesOf?: { userAddress: string; tokenAddress?: string | undefined },
  ): Promise<TxStatus> {
    const { network, info } = await chains.findTx(signature);
    const { chain } = network;
    if (info.blockNumber === undefined) return { info };
    const settled = info.logs ? settledTrade(info.logs, routers) : undefined;
    if (!balancesOf) return { info, settled };
    const [trxSun, tokenUnits] = await Promise.all([
      chain.trxBalance(balancesOf.userAddress),
      balancesOf.tokenAddress ? chain.tokenBalance(balancesOf.tokenAddress, balancesOf.userAddress) : undefined,
    ]);
    return { info, settled, balances: { trxSun, tokenUnits } };
  }

  return {
    plan,

    /** Unsigned createAndInitPurchase; the metadata is attached when the creation is indexed. */
    createToken: (input: CreateTokenInput) => createToken(deps, input),

    /** The plan, and with `withWallet` the user's TRX, token balance and allowance (one call for a front end). */
    async quote(input: TradeInput, caller: Caller, withWallet = false) {
      const p = await plan(input, caller, withWallet);
      if (!withWallet) return describe(p);
      return { ...describe(p), wallet: describeWallet(await walletOf(p.family, p.token, input.userAddress)) };
    },

    async localTrade(input: TradeInput, caller: Caller) {
      const p = await plan(input, caller);
      const chain = chains.of(p.family);
      checkSlippage(p);
      await checkFunds(chain, p, input.userAddress);
      if (await needsApproval(chain, p, input.userAddress)) throw Errors.approvalRequired();
      const unsignedTx = await buildTrade(p, input.userAddress, caller);
      // the transaction's own bytes, counted exactly, for its bandwidth
      const networkFee = withRawBytes(p.networkFee, unsignedTx.raw_data_hex.length / 2);
      return { unsignedTx, quote: describe({ ...p, networkFee }) };
    },

    async trade(input: Omit<TradeInput, 'userAddress'> & { privateKey: string }, caller: Caller) {
      const signer = signerOf(input.privateKey);
      const p = await plan({ ...input, userAddress: signer.address }, caller);
      const chain = chains.of(p.family);
      checkSlippage(p);
      await checkFunds(chain, p, signer.address);
      await approveIfNeeded(chain, p, signer, {
        feeLimitSun: deps.feeLimitSun,
        waitMs: deps.approvalWaitMs ?? APPROVAL_WAIT_MS,
      });
      const signed = await chain.sign(await buildTrade(p, signer.address, caller), signer.key);
      return { signature: await sendSigned(chain, signed) };
    },

    /** Unsigned TRX or token transfer; keeps room for fees. */
    transfer,

    /** The same transfer, signed here with the sender's key and broadcast. */
    async sendTransfer(input: Omit<TransferInput, 'fromAddress'> & { privateKey: string }) {
      const signer = signerOf(input.privateKey);
      const send = {
        fromAddress: signer.address,
        toAddress: input.toAddress,
        amount: input.amount,
        tokenAddress: input.tokenAddress,
        family: input.family,
      };
      const chain = await transferChain(send);
      const tx = await buildTransfer(chain, send, deps.feeLimitSun);
      return { signature: await sendSigned(chain, await chain.sign(tx, signer.key)) };
    },

    async approve(tokenAddress: string, userAddress: string) {
      const { family } = await tokenOf(tokenAddress);
      return buildApproval(chains.of(family), family, tokenAddress, userAddress, deps.feeLimitSun);
    },

    async allowance(tokenAddress: string, userAddress: string): Promise<string> {
      const { family } = await tokenOf(tokenAddress);
      return (await chains.of(family).allowance(tokenAddress, userAddress, family.router)).toString();
    },

    /** Broadcast on the network whose chain holds the transaction's reference block (see sendAnywhere). */
    async broadcast(signedTx: SignedTx): Promise<string> {
      return sendAnywhere(chains, signedTx);
    },

    /**
     * The transaction's state as JSON; once final, the router trade it made (from its receipt), and
     * with `userAddress` the wallet's TRX (and `tokenAddress` balance) as of the head block, so that a
     * front end can show the result without asking again.
     */
    async txStatus(signature: string, balancesOf?: { userAddress: string; tokenAddress?: string | undefined }) {
      return describeTxStatus(signature, await statusOf(signature, balancesOf));
    },
  };
}

export type TradeService = ReturnType<typeof createTradeService>;
