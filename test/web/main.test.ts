// `npm start`'s process serves the Mini App on the API's port once the bot runs: its API answers a
// valid initData (503 while the bot is starting), its page and refusals carry the CSP, and the API's
// document and key check are as they were.
import { sign } from '@tma.js/init-data-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN } from '../helpers/bot.js';
import { waitFor } from '../helpers/facade.js';
import { systemProcess } from '../helpers/system.js';
import { FakeTelegram } from '../helpers/telegram.js';
import type { Me } from '../../src/web/contract.js';

const tg = new FakeTelegram();
const sys = systemProcess({ prefix: 'lp-miniapp-', env: { BOT_TOKEN: TOKEN } });
const USER = 5401;

beforeAll(async () => {
  await tg.start();
  sys.start({ TELEGRAM_API_ROOT: tg.url });
  await sys.healthy();
});
afterAll(async () => {
  await sys.stop();
  await tg.stop();
});

describe('the Mini App in the started system', () => {
  it('answers the app\u2019s API with a valid initData once the bot is up', async () => {
    const initData = sign({ user: { id: USER, first_name: 'Main' } }, TOKEN, new Date());
    const me = await waitFor(async () => {
      const res = await fetch(`${sys.apiUrl}/app/api/me`, { headers: { authorization: `tma ${initData}` } });
      // 503 while the bot starts
      if (res.status === 503) return undefined;
      return { status: res.status, body: (await res.json()) as Me };
    }, 60_000);
    expect(me.status, sys.log()).toBe(200);
    expect(me.body.user).toMatchObject({ id: USER, firstName: 'Main' });
    expect(me.body.wallet.address).toMatch(/^T/);
    const refused = await fetch(`${sys.apiUrl}/app/api/me`);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('content-security-policy')).toMatch(/^default-src 'self'/);
  });

  it('serves /app/ with the CSP (the page, or how to build it)', async () => {
    const res = await fetch(`${sys.apiUrl}/app/`);
    expect([200, 503]).toContain(res.status);
    expect(res.headers.get('content-security-policy')).toMatch(/frame-ancestors https:\/\/web\.telegram\.org/);
  });

  it('keeps the API\u2019s document and key check', async () => {
    const doc = (await (await fetch(`${sys.apiUrl}/docs/json`)).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/app'))).toBe(false);
    expect((await fetch(`${sys.apiUrl}/launchpad/listTokens`, { method: 'POST' })).status).toBe(401);
  });
});
