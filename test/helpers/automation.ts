// What the sniper's and copy trading's tests share: bot users with funded wallets, wallets outside the
// bot that drive the devnet with TronWeb as a client on mainnet would, and the rows and balances to
// check. Made over a started bot stack (startBotStack).
import { expect } from 'vitest';
import { TronWeb } from 'tronweb';
import { randomBytes } from 'node:crypto';
import type { StreamEvent } from '../../src/client/index.js';
import { FAMILIES } from '../../src/devnet/genesis.js';
import type { startBotStack } from './bot.js';
import { faucet, tronWebFor } from './devnet.js';

export const LP = TronWeb.address.fromHex(FAMILIES[0]!.launchpad);
export const ROUTER = TronWeb.address.fromHex(FAMILIES[0]!.router);

type BotStack = Awaited<ReturnType<typeof startBotStack>>;

export function automationHelpers(h: BotStack) {
  const url = h.stack.devnet.url;

  async function newUser(id: number, trx = 5_000): Promise<string> {
    await h.send(h.tg.message(id, '/start'));
    const address = (await h.account(id)).wallet.address;
    await faucet(url, address, trx);
    return address;
  }

  /** A wallet outside the bot: calls contracts with TronWeb, creates tokens and buys them. */
  async function outsider(trx: number) {
    const acc = await TronWeb.createAccount();
    await faucet(url, acc.address.base58, trx);
    const tw = tronWebFor(url, acc.privateKey);
    const call = async (
      contract: string,
      selector: string,
      params: Array<{ type: string; value: unknown }>,
      callValue = 0,
    ) => {
      const built = await tw.transactionBuilder.triggerSmartContract(
        contract,
        selector,
        { feeLimit: 500e6, callValue },
        params,
        acc.address.base58,
      );
      const sent = await tw.trx.sendRawTransaction(await tw.trx.sign(built.transaction));
      expect(sent.result).toBe(true);
      // the head block's answer (wallet/), not the solid one's: the same when blocks are solid at once
      const info = (await tw.trx.getUnconfirmedTransactionInfo(sent.txid)) as {
        blockNumber?: number;
        receipt?: { result?: string };
      };
      expect(info.receipt?.result).toBe('SUCCESS');
      return { txid: sent.txid, block: info.blockNumber! };
    };
    return {
      address: acc.address.base58,
      tw,
      call,
      /** A buy through the fee router, with no minimum. */
      buy: (token: string, trxIn: number) =>
        call(
          ROUTER,
          'buy(address,uint256,uint256,uint256)',
          [
            { type: 'address', value: token },
            { type: 'uint256', value: '0' },
            { type: 'uint256', value: '0' },
            { type: 'uint256', value: '4102444800' },
          ],
          trxIn * 1e6,
        ),
      async create(name: string, symbol: string, firstBuyTrx: number) {
        const r = await call(
          LP,
          'createAndInitPurchase(string,string)',
          [
            { type: 'string', value: name },
            { type: 'string', value: symbol },
          ],
          (20 + firstBuyTrx) * 1e6,
        );
        const evs = await tw.event.getEventsByTransactionID(r.txid);
        return {
          ...r,
          token: TronWeb.address.fromHex(
            String(evs.data!.find((e) => e.event_name === 'TokenCreate')!.result.tokenAddress),
          ),
        };
      },
    };
  }

  /** The trades a snipe rule or a follow made, oldest first. */
  const tradesOf = (ruleId: string) =>
    h.sqlite.$client
      .prepare('select id, token, status, txid, quote, signed_tx from trades where rule_id = ? order by created_at')
      .all(ruleId) as Array<{
      id: string;
      token: string;
      status: string;
      txid: string | null;
      quote: string;
      signed_tx: string | null;
    }>;

  const blockOf = (txid: string) =>
    (
      h.stack.devnet.chain.db.$client.prepare('select block_number b from transactions where txid = ?').get(txid) as {
        b: number;
      }
    ).b;

  /** A followed wallet's buy as the live stream tells it (what the copier acts on), with a new txid. */
  const sourceBuy = (source: string, token: string, symbol: string, sun: bigint, at = Date.now()): StreamEvent => ({
    id: 0,
    kind: 'buy',
    token,
    txid: randomBytes(32).toString('hex'),
    timestamp: at,
    data: { user: source, symbol, trxAmountSun: sun.toString() },
  });

  return { newUser, outsider, tradesOf, blockOf, sourceBuy };
}
