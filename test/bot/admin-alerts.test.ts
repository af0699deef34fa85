// Admin commands, channel/group alerts fed by the live stream, and positions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TronWeb } from 'tronweb';
import { faucet } from '../helpers/devnet.js';
import { demoTokens, waitFor } from '../helpers/facade.js';
import { startBotStack } from '../helpers/bot.js';

let h: Awaited<ReturnType<typeof startBotStack>>;
let tokens: Record<string, string>;
const ADMIN = 3001;
const USER = 3002;
const GROUP = -200300;

beforeAll(async () => {
  h = await startBotStack({ admins: [ADMIN] });
  tokens = await demoTokens(h.stack.devnet.url);
});
afterAll(async () => h?.close());

describe('admin commands', () => {
  it('are answered for admins and give others no hint', async () => {
    await h.send(h.tg.message(USER, '/start'));
    for (const cmd of ['/plans', '/stats', '/plan set free rpm=1 fee=0', `/user ${USER}`]) {
      await h.send(h.tg.message(USER, cmd));
      expect(h.tg.last(USER).text).toMatch(/Paste a token address/);
    }
    await h.send(h.tg.message(ADMIN, '/plans'));
    expect(h.tg.last(ADMIN).text).toContain('<b>trader</b>: 300 req/min, fee 0.5%, stream + webhooks');
  });

  it('set plans, move users between plans, show usage and totals, and audit every change', async () => {
    await h.send(h.tg.message(ADMIN, '/plan set vip rpm=1000 fee=20 streams=on'));
    expect(h.tg.last(ADMIN).text).toBe('Plan <b>vip</b>: 1000 req/min, fee 0.2%, stream + webhooks.');
    await h.send(h.tg.message(ADMIN, '/plan set broken'));
    expect(h.tg.last(ADMIN).text).toMatch(/Usage: <code>\/plan set NAME/);
    await h.send(h.tg.message(ADMIN, `/user @user${USER}`));
    expect(h.tg.last(ADMIN).text).toContain('Plan: <b>trader</b>');
    expect(h.tg.last(ADMIN).text).toMatch(/Requests: \d+ today/);
    await h.send(h.tg.message(ADMIN, `/user ${USER} plan vip`));
    expect(h.tg.last(ADMIN).text).toContain('Plan: <b>vip</b>');
    await h.send(h.tg.message(ADMIN, '/user 999999'));
    expect(h.tg.last(ADMIN).text).toBe('No such user.');
    await h.send(h.tg.message(ADMIN, '/stats'));
    expect(h.tg.last(ADMIN).text).toMatch(/Bot users: \d+/);
    expect(h.tg.last(ADMIN).text).toMatch(/trades: \d+ · volume/);
    const facadeAudit = h.stack.facade.admin.auditLog().map((a) => [a.actor, a.action]);
    expect(facadeAudit).toContainEqual([`telegram:${ADMIN}`, 'plan.set']);
    expect(facadeAudit).toContainEqual([`telegram:${ADMIN}`, 'key.plan']);
    const botAudit = h.built.db.$client.prepare('select telegram_id, action from admin_audit').all();
    expect(botAudit).toEqual([
      { telegram_id: ADMIN, action: 'plan.set' },
      { telegram_id: ADMIN, action: 'user.plan' },
    ]);
  });
});

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
    const alerter = h.alerter();
    await new Promise((r) => setTimeout(r, 300));
    // a small buy (no alert), a big buy (alert), and a new token (alert)
    const { client, wallet: w, key: keyOf } = h.account(USER);
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
    const again = h.alerter();
    await new Promise((r) => setTimeout(r, 1500));
    await again.stop();
    expect(h.tg.sent(GROUP).length).toBe(before);
    const rows = h.built.db.$client
      .prepare('select count(*) n, count(distinct seq) d from alert_outbox where chat_id = ?')
      .get(GROUP) as { n: number; d: number };
    expect(rows.n).toBe(rows.d);
  });

  it('opens the token card from an alert link (/start TOKEN)', async () => {
    await h.send(h.tg.message(USER, `/start ${tokens.ECHO}`));
    expect(h.tg.last(USER).text).toContain('<b>Echo</b>');
  });
});

describe('positions', () => {
  it('shows amount, value, cost basis and PnL after a buy and a partial sell, with sell buttons', async () => {
    const P = 3003;
    await h.send(h.tg.message(P, '/start'));
    const { client, wallet: w, key: keyOf } = h.account(P);
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
