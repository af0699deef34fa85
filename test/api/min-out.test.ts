// localTrade and trade take the confirmed quote's minimum out (an extension of the spec's body): the
// transaction is built with exactly that minimum, and one the market no longer gives is refused
// before anything is built, as the chain would revert it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TronWeb } from 'tronweb';
import { ApiError, LaunchpadClient } from '../../src/client/index.js';
import { faucet } from '../helpers/devnet.js';
import { demoTokens, startStack, type Stack } from '../helpers/facade.js';

let stack: Stack;
let client: LaunchpadClient;
let token: string;
let user: string;

beforeAll(async () => {
  stack = await startStack({ pollMs: 0 });
  client = new LaunchpadClient({ baseUrl: stack.url, apiKey: await stack.key('trader') });
  token = (await demoTokens(stack.devnet.url)).TCAT!;
  user = (await TronWeb.createAccount()).address.base58;
  await faucet(stack.devnet.url, user, 1_000);
});
afterAll(async () => stack?.close());

/** The minimum out (amountMin) of a curve buy's call data: its second argument. */
const amountMinOf = (tx: { raw_data: Record<string, unknown> }) => {
  const data = (tx.raw_data.contract as Array<{ parameter: { value: { data: string } } }>)[0]!.parameter.value.data;
  return BigInt('0x' + data.slice(8 + 64, 8 + 128));
};

describe('minOut', () => {
  it('builds the trade with the minimum given, to the unit', async () => {
    const quote = await client.quote({ type: 'buy', tokenAddress: token, amount: 10, userAddress: user });
    const { unsignedTx } = await client.localTrade({
      type: 'buy',
      tokenAddress: token,
      amount: 10,
      userAddress: user,
      minOut: quote.exact.minOut,
    });
    expect(amountMinOf(unsignedTx)).toBe(BigInt(quote.exact.minOut));
    // without it, the slippage sets the minimum (the spec's behaviour)
    const plain = await client.localTrade({
      type: 'buy',
      tokenAddress: token,
      amount: 10,
      userAddress: user,
      slippage: 1,
    });
    expect(amountMinOf(plain.unsignedTx)).toBe((BigInt(quote.exact.expectedOut) * 9900n) / 10_000n);
  });

  it('refuses a minimum above what the trade gives now (it would revert)', async () => {
    const quote = await client.quote({ type: 'buy', tokenAddress: token, amount: 10, userAddress: user });
    const above = (BigInt(quote.exact.expectedOut) + 1n).toString();
    const err = await client
      .localTrade({ type: 'buy', tokenAddress: token, amount: 10, userAddress: user, minOut: above })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      status: 500,
      error: 'Simulation failed',
      message:
        'The price moved since the quote: the trade would give less than the minimum confirmed, the transaction would revert',
    });
  });

  it('refuses a minimum that is not a positive integer in base units', async () => {
    for (const minOut of ['0', '-1', '1.5', 'abc']) {
      const res = await fetch(`${stack.url}/launchpad/localTrade`, {
        method: 'POST',
        headers: { 'api-key': await stack.key('trader'), 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'buy', tokenAddress: token, amount: 10, userAddress: user, minOut }),
      });
      expect(res.status, minOut).toBe(400);
      expect(((await res.json()) as { error: string }).error).toBe('Invalid parameters');
    }
  });
});
