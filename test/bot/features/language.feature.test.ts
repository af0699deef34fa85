// The bot's language: Telegram's language_code decides until the user chooses with /language (buttons
// named in their own words, or `/language ru`), the choice wins and survives a restart, a group speaks
// what its admins chose, and Telegram's command menus are set per language (and per chat on a choice).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setCommandMenus, commandMenu, COMMANDS } from '../../../src/bot/commands.js';
import { startBotStack } from '../../helpers/bot.js';
import { speechIn, tr } from '../../helpers/speech.js';

let h: Awaited<ReturnType<typeof startBotStack>>;
const LI = 1101; // a Chinese app
const OLHA = 1102; // a Ukrainian app: Russian
const PAT = 1103; // an app in Portuguese: English
const GROUP = -1100;

beforeAll(async () => {
  h = await startBotStack();
  h.tg.appLanguages.set(LI, 'zh-hans');
  h.tg.appLanguages.set(OLHA, 'uk');
  h.tg.appLanguages.set(PAT, 'pt-br');
});
afterAll(async () => h?.close());

describe('the language of a private chat', () => {
  it("follows Telegram's language_code until the user chooses, and the choice survives a restart", async () => {
    await h.send(h.tg.message(LI, '/language'));
    const picker = h.tg.last(LI);
    expect(picker.text).toBe(tr('zh', 'language-pick', { current: '中文' }));
    expect(h.tg.buttons(picker).map((b) => b.text)).toEqual(['English', 'Русский', '✅ 中文']);
    await h.send(h.tg.message(OLHA, '/language'));
    expect(h.tg.last(OLHA).text).toBe(tr('ru', 'language-pick', { current: 'Русский' }));
    await h.send(h.tg.message(PAT, '/language'));
    expect(h.tg.last(PAT).text).toBe('🌐 Choose your language (now: English).');

    // a tap on Русский: the answer and the message in Russian, the chat's menu in Russian
    await h.send(h.tg.tap(LI, picker, h.tg.button(picker, 'Русский')));
    expect(picker.text).toBe('🌐 Язык: Русский.');
    expect(h.tg.callbackAnswers().at(-1)?.text).toBe('🌐 Язык: Русский.');
    expect(h.tg.menus.get(`chat:${LI}|`)).toEqual(commandMenu(speechIn('ru')));
    // the app still says zh-hans; the choice wins, after a restart too
    await h.restart();
    await h.send(h.tg.message(LI, '/language'));
    expect(h.tg.last(LI).text).toBe(tr('ru', 'language-pick', { current: 'Русский' }));
    await h.send(h.tg.message(LI, '/language en'));
    expect(h.tg.last(LI).text).toBe('🌐 Language: English.');
    await h.send(h.tg.message(LI, '/language'));
    expect(h.tg.last(LI).text).toBe('🌐 Choose your language (now: English).');
    await h.send(h.tg.message(LI, '/language xx'));
    expect(h.tg.last(LI).text).toBe(tr('en', 'language-unknown', { codes: 'en, ru, zh' }));
  });

  it('is what notifications speak: the choice, else the language_code last seen', async () => {
    expect((await h.built.services.speechOf(OLHA)).lang).toBe('ru');
    expect((await h.built.services.speechOf(LI)).lang).toBe('en');
    expect((await h.built.services.speechOf(PAT)).lang).toBe('en');
    expect((await h.built.services.speechOf(424242)).lang).toBe('en');
  });
});

describe('the language of a group', () => {
  it("is chosen by the group's admins, for everyone there", async () => {
    await h.send(h.tg.message(OLHA, '/language zh', GROUP));
    expect(h.tg.last(GROUP).text).toBe(tr('ru', 'language-admins-only'));
    h.tg.chatAdmins.add(PAT);
    await h.send(h.tg.message(PAT, '/language zh', GROUP));
    expect(h.tg.last(GROUP).text).toBe(tr('zh', 'language-set', { language: '中文' }));
    await h.send(h.tg.message(OLHA, '/language', GROUP));
    expect(h.tg.last(GROUP).text).toBe(tr('zh', 'language-admins-only'));
    expect((await h.built.services.speechOf(GROUP)).lang).toBe('zh');
    expect(h.tg.menus.get(`chat:${GROUP}|`)).toEqual(commandMenu(speechIn('zh')));
  });
});

describe("Telegram's command menus", () => {
  it('are set in English for every app and in Chinese and Russian for theirs (Ukrainian and Belarusian: Russian)', async () => {
    await setCommandMenus(h.bot.api, h.built.services.languages);
    expect(h.tg.refusals).toEqual([]);
    const en = h.tg.menus.get('default|')!;
    expect(en.map((c) => c.command)).toEqual([...COMMANDS]);
    expect(en.find((c) => c.command === 'sl')?.description).toBe('Stop loss: /sl ADDRESS -30% 100% [hold:N]');
    expect(h.tg.menus.get('default|zh')?.find((c) => c.command === 'sl')?.description).toContain('止损');
    expect(h.tg.menus.get('default|ru')?.find((c) => c.command === 'sl')?.description).toContain('Стоп-лосс');
    expect(h.tg.menus.get('default|uk')).toEqual(h.tg.menus.get('default|ru'));
    expect(h.tg.menus.get('default|be')).toEqual(h.tg.menus.get('default|ru'));
  });
});
