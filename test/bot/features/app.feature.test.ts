// The Mini App as the bot offers it, through the fake Bot API (which takes `web_app` buttons and menu
// buttons only as Telegram does: https, and buttons in private chats only): with an https APP_URL, a
// card in private has the Open button with the token as the start parameter, a card in a group has
// none, the menu button is set at start and per chat on /language, and /app opens the app; with the
// devnet's http address, /app says where the app is and that it needs https, and no button is sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAppMenuButton } from '../../../src/bot/mini-app.js';
import { ConfigError, loadConfig } from '../../../src/config.js';
import { demoTokens } from '../../helpers/facade.js';
import { startBotStack } from '../../helpers/bot.js';
import { LANGS, tr } from '../../helpers/speech.js';

type BotStack = Awaited<ReturnType<typeof startBotStack>>;

const APP = 'https://bot.example.com/app/';
const ALICE = 4701;
const BORIS = 4702;
const GROUP = -4700;
/** one user per language, their Telegram app set to it */
const USER_OF = { en: 4711, zh: 4712, ru: 4713 } as const;

let h: BotStack;
let tokens: Record<string, string>;

beforeAll(async () => {
  h = await startBotStack({ appUrl: APP });
  tokens = await demoTokens(h.stack.devnet.url);
  for (const { lang, appCode } of LANGS) h.tg.appLanguages.set(USER_OF[lang as keyof typeof USER_OF], appCode);
});
afterAll(async () => h?.close());

describe('with an https APP_URL', () => {
  it("puts the Open button on a private chat's card, opening the app with the token preselected", async () => {
    await h.send(h.tg.message(ALICE, tokens.TCAT!));
    const card = h.tg.last(ALICE);
    expect(card.kind).toBe('photo');
    expect(h.tg.webApps(card)).toEqual([{ text: '📈 Open', url: `${APP}?startapp=${tokens.TCAT}` }]);
    // the start parameter is the token's address, as the page reads it back
    expect(new URL(h.tg.webApps(card)[0]!.url).searchParams.get('startapp')).toBe(tokens.TCAT);
    // the interval switched in place keeps it (the card's edit goes through the same checks)
    await h.send(h.tg.tap(ALICE, card, h.tg.button(card, '5m')));
    expect(h.tg.last(ALICE)).toBe(card);
    expect(h.tg.webApps(card)).toHaveLength(1);
    expect(h.tg.refusals).toEqual([]);
  });

  it("puts none on a group's card (Telegram refuses web_app buttons there), and the card is taken", async () => {
    await h.send(h.tg.message(ALICE, `/token ${tokens.TCAT}`, GROUP));
    const card = h.tg.last(GROUP);
    expect(card.caption).toContain('$TCAT');
    expect(h.tg.buttons(card).length).toBeGreaterThan(0);
    expect(h.tg.webApps(card)).toEqual([]);
    expect(h.tg.refusals).toEqual([]);
  });

  it('sets the menu button for every private chat at start, in English', async () => {
    await setAppMenuButton(h.bot.api, h.built.services.languages, h.built.services.appUrl);
    expect(h.tg.refusals).toEqual([]);
    expect(h.tg.menuButtons.get('default')).toEqual({
      type: 'web_app',
      text: tr('en', 'webapp-menu-button'),
      web_app: { url: APP },
    });
  });

  it("sets a private chat's menu button in the language it picks, and none for a group", async () => {
    await h.send(h.tg.message(BORIS, '/language ru'));
    expect(h.tg.last(BORIS).text).toBe(tr('ru', 'language-set', { language: 'Русский' }));
    expect(h.tg.menuButtons.get(`chat:${BORIS}`)).toEqual({
      type: 'web_app',
      text: tr('ru', 'webapp-menu-button'),
      web_app: { url: APP },
    });
    expect(tr('ru', 'webapp-menu-button')).not.toBe(tr('en', 'webapp-menu-button'));
    h.tg.chatAdmins.add(ALICE);
    await h.send(h.tg.message(ALICE, '/language zh', GROUP));
    expect(h.tg.last(GROUP).text).toBe(tr('zh', 'language-set', { language: '中文' }));
    expect([...h.tg.menuButtons.keys()].filter((k) => k.startsWith(`chat:${GROUP}`))).toEqual([]);
    expect(h.tg.refusals).toEqual([]);
  });

  for (const { lang } of LANGS)
    it(`/app opens the app in ${lang}`, async () => {
      const user = USER_OF[lang as keyof typeof USER_OF];
      await h.send(h.tg.message(user, '/app'));
      const m = h.tg.last(user);
      expect(m.text).toBe(tr(lang, 'webapp-intro'));
      expect(h.tg.webApps(m)).toEqual([{ text: tr(lang, 'webapp-open'), url: APP }]);
      expect(h.tg.refusals).toEqual([]);
    });

  it('/app in a group says to open it in private, with no button', async () => {
    await h.send(h.tg.message(ALICE, '/app', GROUP));
    const m = h.tg.last(GROUP);
    // the group speaks Chinese since its admin chose it above
    expect(m.text).toBe(tr('zh', 'webapp-private-only', { bot: h.bot.botInfo.username }));
    expect(h.tg.webApps(m)).toEqual([]);
    expect(h.tg.refusals).toEqual([]);
  });

  it('lists /app in the command menus and /help', async () => {
    const { commandMenu } = await import('../../../src/bot/commands.js');
    for (const { lang } of LANGS) {
      const menu = commandMenu(h.built.services.languages.speech(lang));
      expect(menu.find((c) => c.command === 'app')?.description).toBe(tr(lang, 'cmd-app'));
    }
  });
});

describe("with the devnet's http address", () => {
  let d: BotStack;
  const CAROL = 4721;
  beforeAll(async () => {
    // its own stack, with the bot's default APP_URL: the facade's /app/ (http on loopback)
    d = await startBotStack();
    for (const { lang, appCode } of LANGS) d.tg.appLanguages.set(USER_OF[lang as keyof typeof USER_OF], appCode);
  });
  afterAll(async () => d?.close());

  it('uses the local address', () => {
    expect(d.built.services.appUrl).toBe(`${d.stack.url}/app/`);
    expect(d.built.services.appUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/app\/$/);
  });

  for (const { lang } of LANGS)
    it(`/app says where the app is and that it needs https, in ${lang}`, async () => {
      const user = USER_OF[lang as keyof typeof USER_OF];
      await d.send(d.tg.message(user, '/app'));
      const m = d.tg.last(user);
      expect(m.text).toBe(tr(lang, 'webapp-needs-https', { url: d.built.services.appUrl }));
      expect(m.text).toContain(`<code>${d.built.services.appUrl}</code>`);
      expect(m.visibleText).toContain('https');
      expect(m.visibleText).toContain('docs/app.md');
      expect(d.tg.webApps(m)).toEqual([]);
    });

  it('sends no web_app button anywhere and sets no menu button', async () => {
    const devTokens = await demoTokens(d.stack.devnet.url);
    await d.send(d.tg.message(CAROL, devTokens.TCAT!));
    expect(d.tg.last(CAROL).kind).toBe('photo');
    await d.send(d.tg.message(CAROL, `/token ${devTokens.TCAT}`, GROUP));
    expect(d.tg.last(GROUP).caption).toContain('$TCAT');
    await d.send(d.tg.message(CAROL, '/app', GROUP));
    await d.send(d.tg.message(CAROL, '/language ru'));
    await setAppMenuButton(d.bot.api, d.built.services.languages, d.built.services.appUrl);
    const sent = [...d.tg.messages.values()].filter((m) => m.fromBot);
    expect(sent.length).toBeGreaterThan(4);
    expect(sent.flatMap((m) => d.tg.webApps(m))).toEqual([]);
    expect(d.tg.calls.filter((c) => c.method === 'setChatMenuButton')).toEqual([]);
    expect(d.tg.refusals).toEqual([]);
  });
});

describe('APP_URL', () => {
  it("defaults to the API's port /app/ on this machine", () => {
    expect(loadConfig({}).appUrl).toBe('http://127.0.0.1:3000/app/');
    expect(loadConfig({ HOST: '0.0.0.0', PORT: '8080' }).appUrl).toBe('http://127.0.0.1:8080/app/');
    expect(loadConfig({ HOST: '10.1.2.3', PORT: '8080' }).appUrl).toBe('http://10.1.2.3:8080/app/');
  });

  it('takes an https or http folder address, and refuses anything else', () => {
    expect(loadConfig({ APP_URL: APP }).appUrl).toBe(APP);
    expect(loadConfig({ APP_URL: 'https://app.example.com' }).appUrl).toBe('https://app.example.com/');
    expect(loadConfig({ APP_URL: 'http://192.168.1.5:3000/app/' }).appUrl).toBe('http://192.168.1.5:3000/app/');
    for (const bad of ['https://bot.example.com/app', 'https://bot.example.com/app/#x', 'ftp://x.com/app/', 'app'])
      expect(() => loadConfig({ APP_URL: bad }), bad).toThrow(ConfigError);
    expect(() => loadConfig({ APP_URL: 'https://bot.example.com/app' })).toThrow(/invalid APP_URL .*must end with \//);
  });
});
