// The Mini App as production serves it: the bot stack (devnet, facade, the bot and its trading side on a
// fake Telegram) and the API's own app (buildApp, with the API's routes, key check and document) with
// the Mini App plugin registered, listening on a free port; and Telegram's initData for any user,
// signed with the bot's token (or altered, or old).
import { sign } from '@tma.js/init-data-node';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/api/app.js';
import { createLogger } from '../../src/log.js';
import { miniApp, type MiniAppOptions } from '../../src/web/app.plugin.js';
import { startBotStack, TOKEN } from './bot.js';

export interface InitDataOptions {
  /** when Telegram signed it (default now) */
  authDate?: Date;
  /** the user's Telegram app language */
  languageCode?: string;
  /** signed for another user, then changed to name this one: what a forger would send */
  tamper?: boolean;
  firstName?: string;
  startParam?: string;
}

export async function startMiniApp(
  opts: {
    bot?: Parameters<typeof startBotStack>[0];
    /** the built page (default dist/webapp, as in production) */
    webappDir?: string;
    rateLimit?: MiniAppOptions['rateLimit'];
  } = {},
) {
  const h = await startBotStack({ finalityPollMs: 100, ...opts.bot });
  const { facade } = h.stack;
  const app: FastifyInstance = await buildApp({
    data: facade.data,
    trade: facade.trade,
    keys: facade.keys,
    logger: createLogger('silent'),
    live: { feed: facade.feed, webhooks: facade.webhooks },
    miniApp: miniApp({
      // the bot's as it is now (a restart of the bot makes new ones)
      deps: () => ({
        botToken: TOKEN,
        services: h.built.services,
        api: h.built.bot.api,
        stream: h.built.trading.stream,
      }),
      webappDir: opts.webappDir,
      rateLimit: opts.rateLimit,
    }),
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  /** Telegram's raw initData for a user, as the page finds it in its launch parameters. */
  function initDataFor(userId: number, o: InitDataOptions = {}): string {
    const user = (id: number) => ({
      id,
      first_name: o.firstName ?? `User ${id}`,
      ...(o.languageCode !== undefined ? { language_code: o.languageCode } : {}),
    });
    const raw = sign(
      { user: user(o.tamper ? userId + 1 : userId), ...(o.startParam ? { start_param: o.startParam } : {}) },
      TOKEN,
      o.authDate ?? new Date(),
    );
    if (!o.tamper) return raw;
    const p = new URLSearchParams(raw);
    p.set('user', JSON.stringify(user(userId)));
    return p.toString();
  }

  /** A call of the app's API as the page makes it (the initData in the Authorization header). */
  async function call<T = unknown>(
    userId: number | string,
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: T; headers: Headers }> {
    const initData = typeof userId === 'number' ? initDataFor(userId) : userId;
    const res = await fetch(`${url}${path}`, {
      method,
      headers: {
        ...(initData ? { authorization: `tma ${initData}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON: the text */
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  return {
    /** the bot stack (its tg, stack, built, send, walletOf, …) */
    h,
    app,
    url,
    initDataFor,
    call,
    async close() {
      await app.close();
      await h.close();
    },
  };
}

export type MiniAppHarness = Awaited<ReturnType<typeof startMiniApp>>;
