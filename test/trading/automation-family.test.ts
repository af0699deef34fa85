// Rules limited to one launchpad family, on the devnet (which holds both families on one chain):
// a snipe rule set with `family:launchpad2` buys a new launchpad2 token and not a launchpad one, and a
// follow set with `family:launchpad2` copies the source's buy of a launchpad2 token and not its buy of a
// launchpad one. Rules are set through the bot's commands; tokens are made and bought with TronWeb.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TronWeb } from 'tronweb';
import { LaunchpadClient } from '../../src/client/index.js';
import { FAMILIES } from '../../src/devnet/genesis.js';
import { automationHelpers, ROUTER } from '../helpers/automation.js';
import { demoTokens, waitFor } from '../helpers/facade.js';
import { startBotStack } from '../helpers/bot.js';
import { watchEvents } from '../helpers/events.js';

/** The second family's launchpad and fee router on the devnet. */
const LP2 = TronWeb.address.fromHex(FAMILIES[1]!.launchpad);
const ROUTER2 = TronWeb.address.fromHex(FAMILIES[1]!.router);

let h: Awaited<ReturnType<typeof startBotStack>>;
let api: LaunchpadClient;
let tokens: Record<string, string>;
let helpers: ReturnType<typeof automationHelpers>;
/** Which stream events the automation has handled (proof that it has looked at one). */
let events: ReturnType<typeof watchEvents>;

beforeAll(async () => {
  h = await startBotStack();
  api = new LaunchpadClient({ baseUrl: h.stack.url, apiKey: await h.stack.key() });
  tokens = await demoTokens(h.stack.devnet.url);
  helpers = automationHelpers(h);
  events = watchEvents(() => h.built.services.automation);
  await h.built.services.automation.start();
});
afterAll(async () => {
  h?.built.services.automation.stop();
  await h?.close();
});

const automation = () => h.built.services.automation;
const balance = async (token: string, address: string) =>
  BigInt((await api.getTokenBalance(address, token)).balanceInSun);

/** A buy through a family's fee router, with no minimum. */
const buyVia = (who: Awaited<ReturnType<typeof helpers.outsider>>, router: string, token: string, trx: number) =>
  who.call(
    router,
    'buy(address,uint256,uint256,uint256)',
    [
      { type: 'address', value: token },
      { type: 'uint256', value: '0' },
      { type: 'uint256', value: '0' },
      { type: 'uint256', value: '4102444800' },
    ],
    trx * 1e6,
  );

describe('a snipe rule limited to launchpad2', () => {
  it('buys the new launchpad2 token, not the launchpad one', async () => {
    const { newUser, outsider, tradesOf } = helpers;
    const U = 9201;
    const me = await newUser(U);
    await h.send(h.tg.message(U, '/snipe add 40 name:twin family:launchpad2'));
    expect(h.tg.last(U).text).toBe(
      '✅ <b>Snipe rule set</b>\n🎯 40 TRX of every new token (name has “twin”, launchpad2 only) · 0/400 TRX today',
    );
    const rule = (await automation().rules(U))[0]!;
    const dev = await outsider(10_000);
    // the same name on the first launchpad: looked at, not bought
    const one = await dev.create('Twin One', 'TWN1', 10);
    await events.handled(one.txid, 'create');
    expect(tradesOf(rule.id)).toEqual([]);
    expect(await balance(one.token, me)).toBe(0n);
    // on the second launchpad: bought
    const made = await dev.call(
      LP2,
      'createAndInitPurchase(string,string)',
      [
        { type: 'string', value: 'Twin Two' },
        { type: 'string', value: 'TWN2' },
      ],
      30 * 1e6,
    );
    const created = await dev.tw.event.getEventsByTransactionID(made.txid);
    const token = TronWeb.address.fromHex(
      String(created.data!.find((e) => e.event_name === 'TokenCreate')!.result.tokenAddress),
    );
    const sniped = await waitFor(() => {
      const t = tradesOf(rule.id);
      return t[0]?.status === 'confirmed' ? t : undefined;
    }, 30_000);
    expect(sniped.map((t) => t.id)).toEqual([`s:${rule.id}:${token}`]);
    expect(await balance(token, me)).toBeGreaterThan(0n);
    await waitFor(() =>
      h.tg.sent(U).some((m) => /^🎯 <b>Sniped<\/b>: bought [\d.,KM]+ \$TWN2 for 40 TRX/.test(m.text))
        ? true
        : undefined,
    );
    expect(h.tg.sent(U).some((m) => m.text.includes('TWN1'))).toBe(false);
  });
});

describe('a follow limited to launchpad2', () => {
  it("copies the source's buy of a launchpad2 token, not its buy of a launchpad one", async () => {
    const { newUser, outsider, tradesOf } = helpers;
    const U = 9202;
    const me = await newUser(U);
    const source = await outsider(5_000);
    await h.send(h.tg.message(U, `/copy ${source.address} 25 family:launchpad2`));
    expect(h.tg.last(U).text).toBe(
      `✅ <b>Copying</b>\n👀 <code>${source.address}</code> · buys 25 TRX · launchpad2 only · 0/250 TRX today · ≤ 25 TRX a token · its buys from 1 TRX`,
    );
    const follow = (await automation().follows(U))[0]!;
    // a buy of a launchpad token (SDOG): looked at, not copied
    const dog = await buyVia(source, ROUTER, tokens.SDOG!, 100);
    await events.handled(dog.txid, 'buy');
    expect(tradesOf(follow.id)).toEqual([]);
    expect(await balance(tokens.SDOG!, me)).toBe(0n);
    // a buy of a launchpad2 token (WAVE): copied once
    const wave = await buyVia(source, ROUTER2, tokens.WAVE!, 100);
    const copied = await waitFor(() => {
      const t = tradesOf(follow.id);
      return t[0]?.status === 'confirmed' ? t : undefined;
    }, 30_000);
    expect(copied.map((t) => t.id)).toEqual([`c:${follow.id}:${wave.txid}`]);
    expect(await balance(tokens.WAVE!, me)).toBeGreaterThan(0n);
    expect(await automation().spent(follow.id)).toBe(25_000_000n);
  });
});
