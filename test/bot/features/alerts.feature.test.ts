// Group and channel alerts: configured by the chat's admins, fed by the live stream, each sent once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TronWeb } from 'tronweb';
import { faucet } from '../../helpers/devnet.js';
import { demoTokens, waitFor } from '../../helpers/facade.js';
import { startBotStack } from '../../helpers/bot.js';

let h: Awaited<ReturnType<typeof startBotStack>>;
let tokens: Record<string, string>;
const ADMIN = 3001;
const USER = 3002;
const GROUP = -200300;

beforeAll(async () => {
  h = await startBotStack({ admins: [ADMIN] });
  tokens = await demoTokens(h.stack.devnet.url);
  await h.send(h.tg.message(USER, '/start'));
});
afterAll(async () => h?.close());

describe('alerts', () => {
  it("are configured by the chat's admins only, with buttons", async () => {
    h.tg.chatAdmins.add(ADMIN);
    await h.send(h.tg.message(USER, '/alerts', GROUP));
    expect(h.tg.last(GROUP).text).toMatch(/Only this chat's admins/);
    await h.send(h.tg.message(ADMIN, '/alerts', GROUP));
    const m = h.tg.last(GROUP);
    expect(m.text).toContain('New tokens: off');
    await h.send(h.tg.tap(ADMIN, m, 'al:new'));
    await h.send(h.tg.tap(ADMIN, m, 'al:buy'));
    await h.send(h.tg.tap(ADMIN, m, 'al:buy')); // off -> 100 -> 1000
    expect(m.text).toContain('New tokens: on');
    expect(m.text).toContain('Buys: from 1000 TRX');
    await h.send(h.tg.tap(USER, m, 'al:launch'));
    expect(h.tg.callbackAnswers().at(-1)).toMatchObject({ show_alert: true });
    expect(m.text).toContain('Launches: off');
    await h.send(h.tg.message(ADMIN, '/alerts tokens nope', GROUP));
    expect(h.tg.last(GROUP).text).toMatch(/Not a token address/);
  });

  it('fire once for matching trades on the devnet, grouped, and never again after a restart', async () => {
    const seen = (text: RegExp) => h.tg.sent(GROUP).filter((m) => text.test(m.text));
    // its stream open: the API sends it what comes from here on
    const alerter = await h.streamOpened(() => h.alerter());
    // a small buy (no alert), a big buy (alert), and a new token (alert)
    const { client, wallet: w, key: keyOf } = await h.account(USER);
    await faucet(h.stack.devnet.url, w.address, 5_000);
    const key = keyOf();
    await client.trade({ action: 'buy', tokenAddress: tokens.ECHO!, amount: 50, privateKey: key });
    await client.trade({ action: 'buy', tokenAddress: tokens.ECHO!, amount: 1200, privateKey: key });
    const created = await client.createToken({ userAddress: w.address, name: 'Alert Coin', symbol: 'ALRT' });
    const tw = new TronWeb({ fullHost: h.stack.devnet.url, privateKey: key });
    await client.broadcast(await tw.trx.sign(created as never));
    await waitFor(() => (seen(/ALRT/).length && seen(/buy of 1,1/).length ? true : undefined), 20_000);
    const all = h.tg
      .sent(GROUP)
      .filter((m) => /🆕|🟢/u.test(m.text))
      .map((m) => m.text)
      .join('\n');
    expect(all).toMatch(/🟢 \$ECHO buy of 1,1\d\d(\.\d+)? TRX/); // 1200 TRX less the 0.5 % router fee went to the launchpad
    expect(all).not.toMatch(/buy of 4\d(\.\d+)? TRX/);
    expect(all).toMatch(
      /🆕 New token <b>Alert Coin<\/b> \(\$ALRT\) · <a href="https:\/\/t\.me\/launchpad_test_bot\?start=T\w{33}">card<\/a>/,
    );
    await alerter.stop();
    const before = h.tg.sent(GROUP).length;
    // a restarted alerter resumes after the last event it took: nothing is repeated
    const taken = async () => Number(await h.built.store.meta('alerts_last_seq'));
    const last = await taken();
    const again = await h.alerter();
    // proof that it has read on from there: a later buy (too small to alert) taken, and what was queued sent
    await client.trade({ action: 'buy', tokenAddress: tokens.ECHO!, amount: 50, privateKey: key });
    await waitFor(async () => ((await taken()) > last ? true : undefined), 20_000);
    await again.flush();
    await again.stop();
    expect(h.tg.sent(GROUP).length).toBe(before);
    const rows = h.sqlite.$client
      .prepare('select count(*) n, count(distinct seq) d from alert_outbox where chat_id = ?')
      .get(GROUP) as { n: number; d: number };
    expect(rows.n).toBe(rows.d);
  });

  it('opens the token card from an alert link (/start TOKEN)', async () => {
    await h.send(h.tg.message(USER, `/start ${tokens.ECHO}`));
    expect(h.tg.last(USER).text).toContain('<b>Echo</b>');
  });
});
