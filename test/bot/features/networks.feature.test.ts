// The networks in what users see: with one network (the default), the cards, quotes, positions and
// rules never name it; with two (`launchpad` on 'devnet', `launchpad2` on 'devnet 2'), the token card,
// the buy's confirmation, /positions and the PnL picture's caption name each token's network, and
// /snipe and /copy take `family:` and name it by its network. (The test devnet holds both families on
// one chain; the bot is told of two networks as main.ts would tell it, through its services.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { botNetworks, type BotNetwork } from '../../../src/bot/networks.js';
import { faucet } from '../../helpers/devnet.js';
import { demoTokens, waitFor } from '../../helpers/facade.js';
import { startBotStack } from '../../helpers/bot.js';

let h: Awaited<ReturnType<typeof startBotStack>>;
let tokens: Record<string, string>;
const SOURCE = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const TWO: BotNetwork[] = [
  { id: 'launchpad', name: 'devnet', families: ['launchpad'] },
  { id: 'launchpad2', name: 'devnet 2', families: ['launchpad2'] },
];

beforeAll(async () => {
  h = await startBotStack();
  tokens = await demoTokens(h.stack.devnet.url);
});
afterAll(async () => h?.close());

/** The first lines of a card: its name, its address, and the line after them. */
const head = (text: string) => text.split('\n').slice(0, 3);

describe('one network', () => {
  it('is never named: the card, the quote and the rules read as before', async () => {
    const U = 9101;
    await h.send(h.tg.message(U, '/start'));
    await h.send(h.tg.message(U, `/token ${tokens.WAVE}`));
    expect(head(h.tg.last(U).text)).toEqual(['<b>Second Wave</b> ($WAVE)', `<code>${tokens.WAVE}</code>`, '']);
    expect(h.tg.last(U).text).not.toContain('Network');
    // a rule limited to a family names the family itself
    await h.send(h.tg.message(U, '/snipe add 5 name:wave family:launchpad2'));
    expect(h.tg.last(U).text).toBe(
      '✅ <b>Snipe rule set</b>\n🎯 5 TRX of every new token (name has “wave”, launchpad2 only) · 0/50 TRX today',
    );
    await h.send(h.tg.message(U, `/copy ${SOURCE} 5 family:launchpad`));
    expect(h.tg.last(U).text).toBe(
      `✅ <b>Copying</b>\n👀 <code>${SOURCE}</code> · buys 5 TRX · launchpad only · 0/50 TRX today · ≤ 5 TRX a token · its buys from 1 TRX`,
    );
    expect((await h.built.services.automation.follows(U))[0]?.family).toBe('launchpad');
    // a family the bot does not know: the usage, which lists the families
    await h.send(h.tg.message(U, '/snipe add 5 family:launchpad3'));
    expect(h.tg.last(U).text).toContain(
      'Launchpad: <code>family:launchpad2</code> (only the tokens of one launchpad: <code>launchpad</code>, <code>launchpad2</code>; default every launchpad)',
    );
    expect(await h.built.services.automation.rules(U)).toHaveLength(1);
    // without family: every family, as before
    await h.send(h.tg.message(U, '/snipe add 5 name:any'));
    expect(h.tg.last(U).text).toBe(
      '✅ <b>Snipe rule set</b>\n🎯 5 TRX of every new token (name has “any”) · 0/50 TRX today',
    );
    expect((await h.built.services.automation.rules(U)).map((r) => r.family)).toEqual(['launchpad2', null]);
  });
});

describe('two networks', () => {
  beforeAll(() => {
    h.built.services.networks = botNetworks(TWO);
  });

  it("names each token's network on its card", async () => {
    const U = 9102;
    await h.send(h.tg.message(U, '/start'));
    await h.send(h.tg.message(U, `/token ${tokens.WAVE}`));
    expect(head(h.tg.last(U).text)).toEqual([
      '<b>Second Wave</b> ($WAVE)',
      `<code>${tokens.WAVE}</code>`,
      '🌐 Network: devnet 2',
    ]);
    await h.send(h.tg.message(U, tokens.TCAT!));
    expect(head(h.tg.last(U).text)[2]).toBe('🌐 Network: devnet');
  });

  it("names it on the buy's confirmation, in /positions and under the PnL picture", async () => {
    const U = 9103;
    await h.send(h.tg.message(U, '/start'));
    const { wallet, client } = await h.account(U);
    await faucet(h.stack.devnet.url, wallet.address, 500);
    await h.send(h.tg.message(U, `/buy ${tokens.WAVE} 100`));
    const quote = h.tg.last(U);
    expect(quote.text.split('\n').slice(0, 3)).toEqual([
      '<b>🟢 Buy $WAVE</b>',
      '🌐 Network: devnet 2',
      'You pay: 100 TRX',
    ]);
    await h.send(h.tg.tap(U, quote, h.tg.button(quote, '✅ Confirm')));
    await waitFor(async () => ((await client.getUserTrades(wallet.address)).length === 1 ? true : undefined), 30_000);
    await waitFor(async () => ((await client.getWallet(wallet.address)).positions.length ? true : undefined));
    await h.send(h.tg.message(U, '/positions'));
    const list = h.tg.last(U);
    expect(list.text).toMatch(/<b>\$WAVE<\/b> — [\d.,KM]+\n {2}🌐 Network: devnet 2\n {2}value /);
    await h.send(h.tg.tap(U, list, h.tg.button(list, '🖼 Share PnL')));
    const pnl = h.tg.last(U);
    expect(pnl.kind).toBe('photo');
    expect(pnl.text).toBe('$WAVE PnL\n🌐 Network: devnet 2');
  });

  it('names a rule’s family by its network, and lists the choices with their networks', async () => {
    const U = 9101;
    await h.send(h.tg.message(U, '/snipe'));
    expect(h.tg.last(U).text).toBe(
      [
        '<b>🎯 Your snipe rules</b>',
        '',
        '1. 🎯 5 TRX of every new token (name has “wave”, devnet 2 only) · 0/50 TRX today',
        '2. 🎯 5 TRX of every new token (name has “any”) · 0/50 TRX today',
      ].join('\n'),
    );
    await h.send(h.tg.message(U, '/copy'));
    expect(h.tg.last(U).text).toContain(' · buys 5 TRX · devnet only · ');
    await h.send(h.tg.message(U, `/copy ${SOURCE} 5 family:nowhere`));
    expect(h.tg.last(U).text).toContain(
      'Launchpad: <code>family:launchpad2</code> (only its trades of one launchpad’s tokens: <code>launchpad</code> (devnet), <code>launchpad2</code> (devnet 2); default every launchpad)',
    );
  });
});
