// Receipt decoding and failure codes, on logs and revert texts written by hand.
import { describe, expect, it } from 'vitest';
import { ROUTER_ABI } from '../../../src/tron/abi.js';
import { toBase58 } from '../../../src/tron/address.js';
import { encodeValues, topicOf } from '../../../src/tron/codec.js';
import type { TxLog } from '../../../src/tron/gateway.js';
import { failureCodeOf } from '../../../src/service/trade/receipts.js';
import { settledTrade } from '../../../src/tron/receipts.js';

const ROUTER = '41' + '33'.repeat(20);
const OTHER = '41' + '44'.repeat(20);
const USER = '41' + '11'.repeat(20);
const TOKEN = '41' + '22'.repeat(20);
const event = (name: string) => ROUTER_ABI.find((e) => e.type === 'event' && e.name === name)!;
/** An address as an indexed topic: 12 zero bytes, then the 20-byte address. */
const topicOfAddress = (hex41: string) => '0'.repeat(24) + hex41.slice(2);

function routerLog(name: 'RouterBuy' | 'RouterSell', emitter: string, values: bigint[]): TxLog {
  const e = event(name);
  return {
    address: emitter.slice(2), // java-tron gives the 20-byte hex without 41
    topics: [topicOf(e), topicOfAddress(USER), topicOfAddress(TOKEN)],
    data: encodeValues(e.inputs.slice(2), values),
  };
}

describe('settledTrade', () => {
  const routers = new Set([ROUTER]);

  it('reads a RouterBuy: TRX paid, fee, tokens received', () => {
    const s = settledTrade([routerLog('RouterBuy', ROUTER, [100_000_000n, 1_000_000n, 5n * 10n ** 18n])], routers);
    expect(s).toEqual({
      side: 'buy',
      user: toBase58(USER),
      token: toBase58(TOKEN),
      trxSun: 100_000_000n,
      tokenUnits: 5n * 10n ** 18n,
      routerFeeSun: 1_000_000n,
    });
  });

  it('reads a RouterSell: tokens sold first, TRX received last', () => {
    const s = settledTrade([routerLog('RouterSell', ROUTER, [7n * 10n ** 18n, 300_000n, 29_700_000n])], routers);
    expect(s).toMatchObject({ side: 'sell', trxSun: 29_700_000n, tokenUnits: 7n * 10n ** 18n, routerFeeSun: 300_000n });
  });

  it('skips logs of other contracts and other events, and finds none in an empty receipt', () => {
    const foreign = routerLog('RouterBuy', OTHER, [1n, 2n, 3n]);
    const transfer: TxLog = { address: ROUTER.slice(2), topics: ['ab'.repeat(32)], data: '' };
    expect(settledTrade([foreign, transfer], routers)).toBeUndefined();
    expect(settledTrade([], routers)).toBeUndefined();
    const mine = routerLog('RouterSell', ROUTER, [1n, 2n, 3n]);
    expect(settledTrade([foreign, transfer, mine], routers)?.trxSun).toBe(3n);
  });
});

describe('failureCodeOf', () => {
  it.each([
    ['Launchpad: token has launched, trade it on the DEX', 'TOKEN_LAUNCHED'],
    ['the curve is full', 'CURVE_FULL'],
    ['waiting for launch', 'CURVE_FULL'],
    ['Router: slippage', 'SLIPPAGE'],
    ['UniswapV2Router: INSUFFICIENT_OUTPUT_AMOUNT', 'SLIPPAGE'],
    ['UniswapV2Router: EXCESSIVE_INPUT_AMOUNT', 'SLIPPAGE'],
    ['UniswapV2Router: EXPIRED', 'EXPIRED'],
    ['OUT_OF_ENERGY', 'OUT_OF_ENERGY'],
    ['not enough energy', 'OUT_OF_ENERGY'],
    ['REVERT opcode executed', 'REVERTED'],
    [undefined, 'REVERTED'],
  ])('%s -> %s', (reason, code) => {
    expect(failureCodeOf(reason)).toBe(code);
  });

  it('"expired" in lower case is not the V2 deadline', () => {
    expect(failureCodeOf('the quote expired')).toBe('REVERTED');
  });
});
