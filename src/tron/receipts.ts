// What a confirmed router trade did, read from its receipt's RouterBuy / RouterSell log: the service
// answers txStatus with it, and the trading side reads its own trades' fills with it from the node.
import { ROUTER_ABI } from './abi.js';
import { toBase58, toHexAddress } from './address.js';
import { decodeValues, topicOf } from './codec.js';
import type { TxLog } from './gateway.js';
import type { Side } from './market/index.js';

export interface SettledTrade {
  side: Side;
  user: string;
  token: string;
  /** buy: TRX paid (router fee included, refund excluded); sell: TRX received after the router fee */
  trxSun: bigint;
  /** buy: tokens received; sell: tokens sold */
  tokenUnits: bigint;
  routerFeeSun: bigint;
}

const ROUTER_BUY = ROUTER_ABI.find((e) => e.type === 'event' && e.name === 'RouterBuy')!;
const ROUTER_SELL = ROUTER_ABI.find((e) => e.type === 'event' && e.name === 'RouterSell')!;
const word = (v: unknown): bigint => v as bigint;
/** An indexed address topic (32 bytes, the address in the low 20) as base58. */
const addressOf = (topic: string | undefined) => toBase58('41' + (topic ?? '').replace(/^0x/, '').slice(24));

/** The router trade in a receipt's logs, when one of the given routers (41-hex) emitted it. */
export function settledTrade(logs: TxLog[], routers: ReadonlySet<string>): SettledTrade | undefined {
  for (const log of logs) {
    if (!routers.has(toHexAddress(log.address))) continue;
    const topic = log.topics[0]?.replace(/^0x/, '').toLowerCase();
    const buy = topic === topicOf(ROUTER_BUY);
    if (!buy && topic !== topicOf(ROUTER_SELL)) continue;
    const entry = buy ? ROUTER_BUY : ROUTER_SELL;
    // RouterBuy(user, token, trxIn, fee, tokenOut) / RouterSell(user, token, tokenIn, fee, trxOut)
    const [a, fee, b] = decodeValues(entry.inputs.slice(2), log.data);
    return {
      side: buy ? 'buy' : 'sell',
      user: addressOf(log.topics[1]),
      token: addressOf(log.topics[2]),
      trxSun: buy ? word(a) : word(b),
      tokenUnits: buy ? word(b) : word(a),
      routerFeeSun: word(fee),
    };
  }
  return undefined;
}
