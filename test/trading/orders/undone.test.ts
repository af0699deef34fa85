// An order filled by a trade that a fork then took away for good did not fill: it fails, and its
// user is told (through the order events the notifier delivers).
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../src/log.js';
import { createOrderSettling } from '../../../src/trading/orders/settle.js';
import type { OrderRow } from '../../../src/trading/store.js';
import { newTradeRow } from '../../../src/trading/trade-row.js';
import { addUser, memoryStore } from '../helpers.js';

describe('an order whose trade a fork undid', () => {
  it('fails with the reason, and its user is told', async () => {
    const store = memoryStore();
    const { wallet } = await addUser(store, 5);
    await store.insertOrder({
      id: 'o1',
      userId: 5,
      walletId: wallet.id,
      token: 'TToken',
      symbol: 'CAT',
      kind: 'sl',
      side: 'sell',
      amount: '10000',
      status: 'filled',
      createdAt: 0,
      updatedAt: 0,
    });
    const trade = newTradeRow({
      id: 'o:o1:0',
      userId: 5,
      chatId: 5,
      walletId: wallet.id,
      token: 'TToken',
      side: 'sell',
      amount: '100%',
      slippagePct: 5,
      quote: { symbol: 'CAT', venue: 'curve', amountIn: '0', allowance: null },
      status: 'claimed',
      at: 0,
      expiresAt: 0,
      orderId: 'o1',
    });
    await store.insertTrade(trade);
    const settling = createOrderSettling({
      store,
      log: createLogger('silent'),
      now: () => 0,
      move: async (o: OrderRow, from, to, fields, tell) =>
        await store.moveOrder(
          o.id,
          from,
          to,
          fields,
          tell && { userId: o.userId, kind: tell.kind, payload: { reason: tell.reason } },
        ),
      check: async () => undefined,
      execute: () => undefined,
    });
    const reason = 'a chain reorganisation removed it and it could not be sent again in time: nothing was traded';
    await settling.undone((await store.trade('o:o1:0'))!, { state: 'failed', reason });
    expect(await store.order('o1')).toMatchObject({ status: 'failed', note: reason });
    expect(await store.unsentOrderEvents()).toEqual([
      expect.objectContaining({ orderId: 'o1', userId: 5, kind: 'failed', payload: JSON.stringify({ reason }) }),
    ]);
    // told once: a second report changes nothing
    await settling.undone((await store.trade('o:o1:0'))!, { state: 'failed', reason });
    expect(await store.unsentOrderEvents()).toHaveLength(1);
  });
});
