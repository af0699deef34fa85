// /positions: amount, value, cost basis and PnL of each token held, with sell buttons.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faucet } from '../../helpers/devnet.js';
import { demoTokens, waitFor } from '../../helpers/facade.js';
import { startBotStack } from '../../helpers/bot.js';

let h: Awaited<ReturnType<typeof startBotStack>>;
let tokens: Record<string, string>;

beforeAll(async () => {
  h = await startBotStack();
  tokens = await demoTokens(h.stack.devnet.url);
});
afterAll(async () => h?.close());

describe('positions', () => {
  it('shows amount, value, cost basis and PnL after a buy and a partial sell, with sell buttons', async () => {
    const P = 3003;
    await h.send(h.tg.message(P, '/start'));
    const { client, wallet: w, key: keyOf } = await h.account(P);
    await faucet(h.stack.devnet.url, w.address, 2_000);
    const key = keyOf();
    const b = await client.trade({ action: 'buy', tokenAddress: tokens.TCAT!, amount: 300, privateKey: key });
    await waitFor(async () => ((await client.txStatus(b)).state === 'confirmed' ? true : undefined));
    const s = await client.trade({ action: 'sell', tokenAddress: tokens.TCAT!, amount: '40%', privateKey: key });
    await waitFor(async () => ((await client.txStatus(s)).state === 'confirmed' ? true : undefined));
    await waitFor(async () => ((await client.getUserTrades(w.address)).length === 2 ? true : undefined));
    await h.send(h.tg.message(P, '/positions'));
    const m = h.tg.last(P);
    expect(m.text).toContain('<b>📊 Positions</b>');
    // cost basis: 300 TRX (with fees) for all, 60 % still held -> 180 TRX
    const cost =
      /\$TCAT<\/b> — [\d.,KM]+\n {2}value ([\d,.]+) TRX · cost ([\d,.]+) TRX\n {2}PnL ([+-][\d,.]+) TRX \(([+-][\d.]+)%\)/.exec(
        m.text,
      );
    expect(cost, m.text).not.toBeNull();
    expect(Number(cost![2]!.replace(/,/g, ''))).toBeCloseTo(180, 3);
    const value = Number(cost![1]!.replace(/,/g, ''));
    expect(Number(cost![3]!.replace(/,/g, ''))).toBeCloseTo(value - 180, 3);
    expect(value).toBeLessThan(180); // fees and the price impact of selling
    expect(h.tg.buttons(m)).toContainEqual({ text: 'Sell 100% $TCAT', data: `s:${tokens.TCAT}:100` });
    expect(h.tg.buttons(m)).toContainEqual({ text: '$TCAT', data: `r:${tokens.TCAT}` });
  });
});
