// Random text, stale and forged buttons, and strangers' taps: the bot never crashes and never trades.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { TronWeb } from 'tronweb';
import { faucet } from '../helpers/devnet.js';
import { FAMILIES } from '../../src/devnet/genesis.js';
import { demoTokens } from '../helpers/facade.js';
import { startBotStack } from '../helpers/bot.js';

let h: Awaited<ReturnType<typeof startBotStack>>;
let tokens: Record<string, string>;
const USERS = [5001, 5002, 5003];
const GROUP = -500900;

beforeAll(async () => {
  h = await startBotStack({ admins: [5001] });
  tokens = await demoTokens(h.stack.devnet.url);
  for (const u of USERS) {
    await h.send(h.tg.message(u, '/start'));
    await faucet(
      h.stack.devnet.url,
      (await h.built.services.accounts.activeWallet((await h.built.store.user(u))!)).address,
      1_000,
    );
  }
});
afterAll(async () => h?.close());

const txCount = async () => {
  const owners = await Promise.all(
    USERS.map(async (u) =>
      TronWeb.address
        .toHex((await h.built.services.accounts.activeWallet((await h.built.store.user(u))!)).address)
        .toLowerCase(),
    ),
  );
  // trades only: a withdrawal the fuzz happens to walk through (address, amount, Send) is a user's own act
  const router = FAMILIES[0]!.router;
  return owners
    .map(
      (o) =>
        (
          h.stack.devnet.chain.db.$client
            .prepare(
              "select count(*) n from transactions where owner = ? and json_extract(signed, '$.raw_data.contract[0].parameter.value.contract_address') in (?, ?)",
            )
            .get(o, router, FAMILIES[1]!.router) as { n: number }
        ).n,
    )
    .reduce((a, b) => a + b, 0);
};

describe('fuzzing the bot', () => {
  it('survives random messages and forged or foreign callback data without trading', async () => {
    const before = await txCount();
    const token = fc.constantFrom(...Object.values(tokens), 'TQ7Nf8mBX2eZCxEHF9v5bM8vJbr6qJzUTh', 'Tnotatoken');
    const text = fc.oneof(
      fc.string({ maxLength: 80 }),
      fc.string({ unit: 'grapheme', maxLength: 40 }),
      fc
        .tuple(
          fc.constantFrom(
            '/buy',
            '/sell',
            '/token',
            '/holders',
            '/trades',
            '/settings',
            '/wallet',
            '/positions',
            '/alerts',
            '/plans',
            '/plan',
            '/user',
            '/stats',
            '/cancel',
            '/start',
            '/new',
            '/top',
            '/help',
          ),
          fc.array(
            fc.oneof(
              token,
              fc.string({ maxLength: 12 }),
              fc.constantFrom('-5', '0', '50%', '1e9', '100', 'set', 'plan', 'tokens'),
            ),
            { maxLength: 3 },
          ),
        )
        .map(([c, args]) => [c, ...args].join(' ')),
      token,
    );
    const data = fc.oneof(
      fc.string({ maxLength: 64 }),
      fc
        .tuple(
          fc.constantFrom('b', 's', 'bx', 'sx', 'h', 't', 'r'),
          token,
          fc.oneof(fc.nat(5000).map(String), fc.string({ maxLength: 5 })),
        )
        .map(([k, t, n]) => `${k}:${t}:${n}`),
      fc.tuple(fc.constantFrom('cf', 'cx'), fc.string({ minLength: 8, maxLength: 20 })).map(([k, id]) => `${k}:${id}`),
      // (not 'st:conf': turning confirmations off is a user's right, and then /buy trades at once)
      fc.constantFrom(
        'w:new',
        'w:imp',
        'w:exp',
        'w:sw',
        'w:wd',
        'w:r',
        'w:no',
        'w:use:1',
        'w:expok:1',
        'w:expok:999',
        'st:slip',
        'al:new',
        'al:buy',
        'wd:yes',
        'wd:no',
      ),
    );
    const action = fc.oneof(
      fc.record({
        kind: fc.constant('text' as const),
        user: fc.constantFrom(...USERS),
        chat: fc.constantFrom('private', 'group'),
        text,
      }),
      fc.record({
        kind: fc.constant('tap' as const),
        user: fc.constantFrom(...USERS, 5999),
        chat: fc.constantFrom('private', 'group'),
        data,
        onLast: fc.boolean(),
      }),
    );
    let n = 0;
    await fc.assert(
      fc.asyncProperty(action, async (a) => {
        const chat = a.chat === 'group' ? GROUP : a.user;
        if (a.kind === 'text') {
          await h.send(h.tg.message(a.user, a.text, chat));
        } else {
          const list = h.tg.sent(chat);
          const target = a.onLast && list.length ? list[list.length - 1]! : list[0];
          if (!target) return;
          await h.send(h.tg.tap(a.user, target, a.data));
        }
        n++;
      }),
      { numRuns: 600, interruptAfterTimeLimit: 60_000 },
    );
    expect(n).toBeGreaterThan(100);
    // every tap was answered
    const taps = h.tg.calls.filter((c) => c.method === 'answerCallbackQuery').length;
    expect(taps).toBeGreaterThan(0);
    // no trade happened: nobody confirmed a quote of their own. Every update's handlers have run (h.send
    // awaits them) and a trade is claimed in its Confirm's handler: none was, so none is on its way
    const claimed = h.sqlite.$client
      .prepare("select count(*) n from trades where status not in ('quoted', 'cancelled', 'expired')")
      .get() as { n: number };
    expect(claimed.n).toBe(0);
    expect(await txCount()).toBe(before);
  }, 120_000);
});
