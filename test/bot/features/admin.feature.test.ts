// Admin commands: plans, users, usage and totals, audited; nothing for anyone else.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBotStack } from '../../helpers/bot.js';

let h: Awaited<ReturnType<typeof startBotStack>>;
const ADMIN = 3001;
const USER = 3002;

beforeAll(async () => {
  h = await startBotStack({ admins: [ADMIN] });
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
    const facadeAudit = (await h.stack.facade.admin.auditLog()).map((a) => [
      a.actor.replace(/^key:\d+ as /, ''),
      a.action,
    ]);
    expect(facadeAudit).toContainEqual([`telegram:${ADMIN}`, 'plan.set']);
    expect(facadeAudit).toContainEqual([`telegram:${ADMIN}`, 'key.plan']);
    expect((await h.stack.facade.admin.auditLog()).every((a) => /^key:\d+( as |$)/.test(a.actor))).toBe(true);
    const botAudit = h.sqlite.$client.prepare('select telegram_id, action from admin_audit').all();
    expect(botAudit).toEqual([
      { telegram_id: ADMIN, action: 'plan.set' },
      { telegram_id: ADMIN, action: 'user.plan' },
    ]);
  });
});
