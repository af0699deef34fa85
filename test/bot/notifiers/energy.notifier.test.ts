// The admins' notices of an energy pool, through the fake Bot API and the bot's store: told once when a
// pool crosses below an hour of the last day's trades (at once if it is low when first seen), once when
// it is back to two hours or more (not while it hovers between), once for a pool two families share,
// once across two instances looking at the same time; a notice that reached no admin for a passing
// reason (Telegram unreachable) is told by the next look.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Bot } from 'grammy';
import type { EnergyPool } from '../../../src/client/index.js';
import { watchEnergyPools } from '../../../src/bot/notifiers/energy.notifier.js';
import { createStore, openBotDatabase, type BotDatabase } from '../../../src/bot/store.js';
import { createLogger } from '../../../src/log.js';
import { BOT_INFO, FakeTelegram } from '../../helpers/telegram.js';
import { TOKEN } from '../../helpers/bot.js';
import { speechIn, tr } from '../../helpers/speech.js';

const ADMINS = [7001, 7002];
const ORIGIN = 'TKGRE6oiU3rEzasue4MsB6sCXXSTx9BAe3';
let tg: FakeTelegram;
let db: BotDatabase;
let store: ReturnType<typeof createStore>;

beforeAll(async () => {
  tg = new FakeTelegram();
  await tg.start();
  db = await openBotDatabase({ sqlite: ':memory:' });
  store = createStore(db);
});
afterAll(async () => {
  await tg?.stop();
  await db?.close();
});

/** A bot's Api that talks to `apiRoot`. */
const apiAt = (apiRoot: string) => new Bot(TOKEN, { botInfo: BOT_INFO, client: { apiRoot } }).api;

/** The pools the API reports: both families on one origin, with this much left against 4,167 an hour. */
let report: { energyLeft: number; hoursLeft: number | null; low: boolean };
const pools = async (): Promise<EnergyPool[]> =>
  (['launchpad', 'launchpad2'] as const).map((family) => ({
    family,
    router: `router-of-${family}`,
    origin: ORIGIN,
    stakedTrx: 1_000,
    stakedSun: '1000000000',
    lentTrx: 0,
    unstaking: [],
    energyLimit: 10_000,
    userPaysPercent: 0,
    originEnergyLimit: 10_000_000,
    energyPerTrade: 100_000,
    sponsored: report.energyLeft > 0,
    tradesLeft: 0,
    tradesADay: 0,
    lastDay: { curve: family === 'launchpad' ? 1 : 0, dex: 0 },
    sharedBy: ['launchpad', 'launchpad2'],
    energyPerHour: 4_167,
    ...report,
  }));
/** `left` energy against 4,167 an hour, as the API words it. */
const left = (energyLeft: number) => {
  report = { energyLeft, hoursLeft: Math.floor((energyLeft / 4_167) * 10) / 10, low: energyLeft < 4_167 };
};

const watcher = (apiRoot = tg.url) =>
  watchEnergyPools({
    api: apiAt(apiRoot),
    pools,
    admins: ADMINS,
    meta: store,
    logger: createLogger('silent'),
    // each admin in their chat's language, as the bot's services say it
    speechOf: async (chatId) => speechIn(await store.languageOf(chatId)),
  });
/** What each admin was told, first line of each notice. */
const told = (admin: number) => tg.sent(admin).map((m) => m.text.split('\n')[0]);

describe('the energy pool notices', () => {
  it('tells every admin once when a pool is low at first sight, once for the two families it pays for', async () => {
    left(1_000);
    const look = watcher();
    expect(await look()).toBe(1);
    for (const admin of ADMINS) expect(told(admin)).toEqual(['⚠️ <b>Energy pool low</b>']);
    expect(tg.last(ADMINS[0]!).text).toContain(
      `The pool <code>${ORIGIN}</code> (launchpad, launchpad2) has 1,000 energy left: less than an hour of the last day's trades (4,167 energy an hour).`,
    );
    expect(await look()).toBe(0);
    expect(told(ADMINS[1]!)).toHaveLength(1);
  });

  it('says nothing while the pool hovers under two hours, then once when it is back', async () => {
    const look = watcher();
    left(6_000); // 1.4 hours: no longer low, not yet back
    expect(await look()).toBe(0);
    expect(await store.meta(`energy.pool:${ORIGIN}`)).toBe('low');
    left(12_000); // 2.8 hours
    expect(await look()).toBe(1);
    expect(tg.last(ADMINS[0]!).text).toBe(
      `✅ <b>Energy pool recovered</b>\nThe pool <code>${ORIGIN}</code> (launchpad, launchpad2) has 12,000 energy left: 2.8 hours of the last day's trades.`,
    );
    expect(await look()).toBe(0);
    for (const admin of ADMINS)
      expect(told(admin)).toEqual(['⚠️ <b>Energy pool low</b>', '✅ <b>Energy pool recovered</b>']);
  });

  it('tells a crossing once when two instances look at the same time', async () => {
    left(0);
    const counts = await Promise.all([watcher()(), watcher()(), watcher()()]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    expect(told(ADMINS[0]!)).toHaveLength(3);
  });

  it('tells a crossing no admin could be reached for at the next look', async () => {
    left(50_000);
    // nothing listens there: every send fails for a passing reason, and the crossing is given back
    expect(await watcher('http://127.0.0.1:9')()).toBe(0);
    expect(await store.meta(`energy.pool:${ORIGIN}`)).toBe('low');
    expect(told(ADMINS[0]!)).toHaveLength(3);
    expect(await watcher()()).toBe(1);
    expect(told(ADMINS[0]!).at(-1)).toBe('✅ <b>Energy pool recovered</b>');
  });

  it('tells each admin in their own language', async () => {
    const [RU, ZH, EN] = [7011, 7012, 7013];
    await store.chooseLanguage(RU, 'ru');
    await store.chooseLanguage(ZH, 'zh');
    // another pool, low at first sight
    const other = (await pools()).map((p) => ({
      ...p,
      origin: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf',
      energyLeft: 0,
      hoursLeft: 0,
      low: true,
    }));
    const look = watchEnergyPools({
      api: apiAt(tg.url),
      pools: async () => other,
      admins: [RU, ZH, EN],
      meta: store,
      logger: createLogger('silent'),
      speechOf: async (chatId) => speechIn(await store.languageOf(chatId)),
    });
    expect(await look()).toBe(1);
    expect(told(RU)).toEqual([tr('ru', 'energy-low-title')]);
    expect(told(ZH)).toEqual([tr('zh', 'energy-low-title')]);
    expect(told(EN)).toEqual(['⚠️ <b>Energy pool low</b>']);
    expect(told(RU)[0]).not.toBe(told(EN)[0]);
    expect(tg.refusals).toEqual([]);
  });
});
