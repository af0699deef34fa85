// The Mini App's server on the API's port: who may call it (Telegram's initData, checked; 401 for none,
// an altered one or an old one), the page's files and the headers of every /app answer, the
// per-user rate limit, and that none of it shows in the API's document or needs an API key.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/devnet.js';
import { startMiniApp, type MiniAppHarness } from '../helpers/miniapp.js';
import { CONTENT_SECURITY_POLICY } from '../../src/web/security.js';
import { LOCALES_DIR, createLanguages } from '../../src/bot/i18n.js';
import { buildApp } from '../../src/api/app.js';
import { createLogger } from '../../src/log.js';
import { miniApp } from '../../src/web/app.plugin.js';
import { TOKEN } from '../helpers/bot.js';

let m: MiniAppHarness;
const webapp = tempDir('lp-webapp-');
const ALICE = 5101;

beforeAll(async () => {
  // a built page as Vite writes it: index.html and hashed assets
  fs.mkdirSync(path.join(webapp, 'assets'));
  fs.writeFileSync(
    path.join(webapp, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/app/assets/index-3f9a1c.js"></script></head><body></body></html>',
  );
  fs.writeFileSync(path.join(webapp, 'assets', 'index-3f9a1c.js'), 'console.log("app")');
  fs.writeFileSync(path.join(webapp, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  m = await startMiniApp({ webappDir: webapp });
});
afterAll(async () => m?.close());

describe('who calls: initData', () => {
  it('answers a valid initData without an API key, and makes the bot user on first contact', async () => {
    const r = await m.call<{ user: { id: number; firstName: string; lang: string }; wallet: { address: string } }>(
      m.initDataFor(ALICE, { firstName: 'Alice' }),
      'GET',
      '/app/api/me',
    );
    expect(r.status).toBe(200);
    expect(r.body.user).toEqual({ id: ALICE, firstName: 'Alice', lang: 'en' });
    expect(r.body.wallet.address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    // the same user and wallet the bot knows
    expect((await m.h.walletOf(ALICE)).address).toBe(r.body.wallet.address);
  });

  it('refuses a missing initData with 401 missing', async () => {
    const r = await m.call('', 'GET', '/app/api/me');
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({ error: 'init-data', reason: 'missing' });
    const bad = await fetch(`${m.url}/app/api/me`, { headers: { authorization: 'Bearer x' } });
    expect(bad.status).toBe(401);
    expect(await bad.json()).toMatchObject({ reason: 'missing' });
  });

  it('refuses an altered initData with 401 invalid (and does not make the user it names)', async () => {
    const victim = 5199;
    const r = await m.call(m.initDataFor(victim, { tamper: true }), 'GET', '/app/api/me');
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({ error: 'init-data', reason: 'invalid' });
    expect(await m.h.built.store.user(victim)).toBeUndefined();
    // another bot's token signs nothing for this one
    const garbage = await m.call('user=%7B%22id%22%3A1%7D&auth_date=1&hash=00', 'GET', '/app/api/me');
    expect(garbage.body).toMatchObject({ reason: 'invalid' });
  });

  it('refuses an initData over an hour old with 401 expired, in the user\u2019s language', async () => {
    const old = m.initDataFor(ALICE, { authDate: new Date(Date.now() - 3601_000), languageCode: 'ru' });
    const r = await m.call<{ reason: string; message: string }>(old, 'GET', '/app/api/me');
    expect(r.status).toBe(401);
    expect(r.body.reason).toBe('expired');
    expect(r.body.message).toMatch(/час/);
    // 59 minutes is still fine
    const fresh = m.initDataFor(ALICE, { authDate: new Date(Date.now() - 59 * 60_000) });
    expect((await m.call(fresh, 'GET', '/app/api/me')).status).toBe(200);
  });

  it('speaks the user\u2019s Telegram language until they choose one in the bot', async () => {
    const BORIS = 5102;
    const r = await m.call<{ user: { lang: string }; message?: string }>(
      m.initDataFor(BORIS, { languageCode: 'ru' }),
      'GET',
      '/app/api/me',
    );
    expect(r.body.user.lang).toBe('ru');
    const unknown = await m.call<{ message: string }>(
      m.initDataFor(BORIS, { languageCode: 'ru' }),
      'GET',
      '/app/api/tokens/TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).not.toBe('Token not found');
    await m.h.built.store.chooseLanguage(BORIS, 'zh');
    const chosen = await m.call<{ user: { lang: string } }>(
      m.initDataFor(BORIS, { languageCode: 'ru' }),
      'GET',
      '/app/api/me',
    );
    expect(chosen.body.user.lang).toBe('zh');
  });

  it('answers a bad request with { error, message }, never a stack trace', async () => {
    const r = await m.call<{ error: string; message: string }>(ALICE, 'POST', '/app/api/quotes', {
      token: 'nope',
      side: 'buy',
      amount: '1',
    });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ error: 'invalid', message: 'The request is not valid: check token.' });
    const notJson = await fetch(`${m.url}/app/api/quotes`, {
      method: 'POST',
      headers: { authorization: `tma ${m.initDataFor(ALICE)}`, 'content-type': 'application/json' },
      body: '{',
    });
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toEqual({ error: 'invalid', message: 'The request could not be read.' });
    const none = await m.call(ALICE, 'GET', '/app/api/nothing-here');
    expect(none).toMatchObject({ status: 404, body: { error: 'not-found', message: 'Not found.' } });
  });
});

describe('the page and its headers', () => {
  const expectSecurity = (h: Headers) => {
    expect(h.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(h.get('x-content-type-options')).toBe('nosniff');
    expect(h.get('referrer-policy')).toBe('no-referrer');
  };

  it('serves index.html at /app/ with a strict CSP, not cached; /app redirects there', async () => {
    const res = await fetch(`${m.url}/app/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expectSecurity(res.headers);
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain('frame-ancestors https://web.telegram.org https://*.telegram.org');
    expect(await res.text()).toContain('/app/assets/index-3f9a1c.js');
    const redirect = await fetch(`${m.url}/app`, { redirect: 'manual' });
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get('location')).toBe('/app/');
    expectSecurity(redirect.headers);
  });

  it('serves hashed assets as immutable, other paths of the page as index.html, missing files as 404', async () => {
    const js = await fetch(`${m.url}/app/assets/index-3f9a1c.js`);
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toMatch(/javascript/);
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expectSecurity(js.headers);
    const page = await fetch(`${m.url}/app/token/TXYZ`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<!doctype html>');
    const missing = await fetch(`${m.url}/app/assets/gone-123.js`);
    expect(missing.status).toBe(404);
    expectSecurity(missing.headers);
    const escape = await fetch(`${m.url}/app/..%2f..%2fpackage.json`);
    expect(await escape.text()).not.toContain('"name"');
  });

  it('puts the headers on the API\u2019s answers too, refusals included', async () => {
    expectSecurity((await m.call(ALICE, 'GET', '/app/api/me')).headers);
    expectSecurity((await m.call('', 'GET', '/app/api/me')).headers);
  });

  it('says to run npm run build when the page is not built', async () => {
    const bare = await startMiniApp({ webappDir: path.join(webapp, 'not-built') });
    try {
      const res = await fetch(`${bare.url}/app/`);
      expect(res.status).toBe(503);
      expect(await res.text()).toMatch(/npm run build/);
      expectSecurity(res.headers);
    } finally {
      await bare.close();
    }
  });

  it('leaves the API\u2019s document as it was: no /app path in it', async () => {
    const doc = (await (await fetch(`${m.url}/docs/json`)).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/app'))).toEqual([]);
    expect(Object.keys(doc.paths)).toContain('/launchpad/getTokenDetails');
    // and the API itself still wants its key
    expect((await fetch(`${m.url}/launchpad/listTokens`, { method: 'POST' })).status).toBe(401);
  });
});

describe('an instance without the api role', () => {
  it('serves the Mini App beside /healthz and the bot\u2019s webhook; 503 until the bot is up', async () => {
    const { facade } = m.h.stack;
    let up = false;
    const app = await buildApp({
      data: facade.data,
      trade: facade.trade,
      keys: facade.keys,
      logger: createLogger('silent'),
      routes: false,
      miniApp: miniApp({
        deps: () =>
          up
            ? {
                botToken: TOKEN,
                services: m.h.built.services,
                api: m.h.built.bot.api,
                stream: m.h.built.trading.stream,
              }
            : undefined,
        webappDir: webapp,
      }),
    });
    try {
      const auth = { authorization: `tma ${m.initDataFor(ALICE)}` };
      const starting = await app.inject({ url: '/app/api/me', headers: auth });
      expect(starting.statusCode).toBe(503);
      expect(starting.json()).toMatchObject({ error: 'starting' });
      expect((await app.inject({ url: '/app/' })).statusCode).toBe(200);
      up = true;
      const me = await app.inject({ url: '/app/api/me', headers: auth });
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({ user: { id: ALICE } });
      expect((await app.inject({ url: '/app/api/me' })).statusCode).toBe(401);
      // no API here
      expect((await app.inject({ method: 'POST', url: '/launchpad/listTokens' })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});

describe('the rate limit', () => {
  it('answers 429 past 120 requests a minute of one Telegram user, with Retry-After; others go on', async () => {
    const CAROL = 5103;
    const DAVE = 5104;
    const initData = m.initDataFor(CAROL);
    const statuses: number[] = [];
    for (let i = 0; i < 120; i++) statuses.push((await m.call(initData, 'GET', '/app/api/trades/none')).status);
    expect(statuses.every((s) => s === 404)).toBe(true);
    const over = await m.call<{ error: string; message: string }>(initData, 'GET', '/app/api/trades/none');
    expect(over.status).toBe(429);
    expect(over.body.error).toBe('rate-limit');
    expect(over.body.message).toMatch(/Too many requests right now; try again in \d+ s\./);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    // a fresh initData of the same user counts against the same user
    expect((await m.call(CAROL, 'GET', '/app/api/trades/none')).status).toBe(429);
    expect((await m.call(DAVE, 'GET', '/app/api/trades/none')).status).toBe(404);
  });
});

describe('the words', () => {
  it('has every message src/web asks for in every language', () => {
    const dir = path.resolve(LOCALES_DIR, '../src/web');
    const keys = new Set(
      fs
        .readdirSync(dir)
        .filter((f) => f.endsWith('.ts'))
        .flatMap((f) => [
          ...fs.readFileSync(path.join(dir, f), 'utf8').matchAll(/'((?:app-srv|err|trade|card|order)-[a-z0-9-]+)'/g),
        ])
        .map((x) => x[1]!),
    );
    expect(keys.size).toBeGreaterThan(15);
    for (const lang of createLanguages().list.map((l) => l.code)) {
      const ids = new Set(
        [
          path.join(LOCALES_DIR, `${lang}.ftl`),
          ...(fs.existsSync(path.join(LOCALES_DIR, lang))
            ? fs.readdirSync(path.join(LOCALES_DIR, lang)).map((f) => path.join(LOCALES_DIR, lang, f))
            : []),
        ]
          .filter((f) => f.endsWith('.ftl'))
          .flatMap((f) => [...fs.readFileSync(f, 'utf8').matchAll(/^([a-z][\w-]*) =/gm)].map((x) => x[1]!)),
      );
      expect(
        [...keys].filter((k) => !ids.has(k)),
        lang,
      ).toEqual([]);
    }
  });
});
