// The fake Telegram refuses what the real Bot API refuses, with Telegram's status and words: driven through
// grammY's own Api (no network: the fake listens on loopback), so a refusal arrives as the GrammyError a bot sees.
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Bot, GrammyError, InputFile, type Api } from 'grammy';
import type { InlineKeyboardMarkup } from 'grammy/types';
import { BOT_INFO, FakeTelegram, parseTelegramHtml, pngSize } from '../helpers/telegram.js';

const TOKEN = '123456789:TEST-token-for-the-fake-bot-api-xyz';
let tg: FakeTelegram;
let api: Api;

beforeAll(async () => {
  tg = new FakeTelegram();
  await tg.start();
  api = new Bot(TOKEN, { botInfo: BOT_INFO, client: { apiRoot: tg.url } }).api;
});
afterAll(() => tg?.stop());

/** The GrammyError a call ends in. */
async function refusal(call: Promise<unknown>): Promise<GrammyError> {
  try {
    await call;
  } catch (e) {
    if (e instanceof GrammyError) return e;
    throw e;
  }
  throw new Error('the call was not refused');
}

async function expectRefused(call: Promise<unknown>, description: string, code = 400) {
  const e = await refusal(call);
  expect({ code: e.error_code, description: e.description }).toEqual({ code, description });
}

const entities = (why: string) => `Bad Request: can't parse entities: ${why}`;
const keyboard = (rows: unknown[][]) => ({ inline_keyboard: rows }) as unknown as InlineKeyboardMarkup;
const button = (text: string, data = 'd') => ({ text, callback_data: data });

// ---- a small PNG, by hand: signature, IHDR, one deflated IDAT, IEND, each chunk with its CRC-32
function crc32(bytes: Buffer): number {
  let c = ~0;
  for (const byte of bytes) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
function png(width: number, height: number, rgb: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const row = Buffer.from([0, ...Array.from({ length: width }, () => rgb).flat()]); // filter 0, then pixels
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
const RED = png(2, 3, [255, 0, 0]);
const BLUE = png(4, 5, [0, 0, 255]);

describe('the PNG helper', () => {
  it('builds a valid PNG (IEND carries its well-known CRC) whose size the fake reads', () => {
    expect(RED.subarray(-4).toString('hex')).toBe('ae426082');
    expect(pngSize(RED)).toEqual({ width: 2, height: 3 });
    expect(pngSize(Buffer.from('not a png'))).toBeUndefined();
  });
});

describe('how a refusal is sent', () => {
  it('uses the error code as HTTP status, JSON, and records the refusal and the call', async () => {
    const res = await fetch(`${tg.url}/bot${TOKEN}/sendMessage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ chat_id: 1001, text: '' }),
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(await res.json()).toEqual({ ok: false, error_code: 400, description: 'Bad Request: message text is empty' });
    expect(tg.refusals.at(-1)).toMatchObject({
      method: 'sendMessage',
      error_code: 400,
      description: 'Bad Request: message text is empty',
    });
    expect(tg.calls.at(-1)).toMatchObject({ method: 'sendMessage', refused: { error_code: 400 } });
  });

  it('answers 429 with retry_after once after floodOnce, then serves again', async () => {
    tg.floodOnce('sendMessage', 7);
    const e = await refusal(api.sendMessage(1002, 'hi'));
    expect(e.error_code).toBe(429);
    expect(e.description).toBe('Too Many Requests: retry after 7');
    expect(e.parameters).toEqual({ retry_after: 7 });
    await expect(api.sendMessage(1002, 'hi')).resolves.toMatchObject({ text: 'hi' });
    tg.floodOnce('editMessageText', 3);
    const res = await fetch(`${tg.url}/bot${TOKEN}/editMessageText`, { method: 'POST' });
    expect(res.status).toBe(429);
    expect(await res.json()).toEqual({
      ok: false,
      error_code: 429,
      description: 'Too Many Requests: retry after 3',
      parameters: { retry_after: 3 },
    });
  });
});

describe('flood control', () => {
  it('refuses more than one message a second in a chat, or 20 a minute in a group, with 429 and retry_after', async () => {
    tg.floodLimits = { perChatPerSecond: 1, perGroupPerMinute: 20 };
    try {
      const [first, second] = await Promise.allSettled([api.sendMessage(1003, 'one'), api.sendMessage(1003, 'two')]);
      expect(first.status).toBe('fulfilled');
      expect(second).toMatchObject({
        status: 'rejected',
        reason: { error_code: 429, description: 'Too Many Requests: retry after 1', parameters: { retry_after: 1 } },
      });
      // another chat is not held up, and an edit counts as a message
      const other = await api.sendMessage(1004, 'elsewhere');
      await expectRefused(
        api.editMessageText(1004, other.message_id, 'edited'),
        'Too Many Requests: retry after 1',
        429,
      );
      // a group: 20 a minute, however spaced (the fake's clock stands in for the minute)
      const group = -100777;
      let clock = Date.now();
      tg.now = () => clock;
      for (let i = 0; i < 20; i++) {
        await api.sendMessage(group, `m${i}`);
        clock += 1000;
      }
      await expectRefused(api.sendMessage(group, 'one too many'), 'Too Many Requests: retry after 40', 429);
      clock += 40_000;
      await expect(api.sendMessage(group, 'a minute on')).resolves.toMatchObject({ text: 'a minute on' });
    } finally {
      tg.floodLimits = undefined;
      tg.now = () => Date.now();
    }
  });
});

describe('message texts', () => {
  const CHAT = 1101;

  it('refuses an empty text, and one that is empty once parsed and trimmed', async () => {
    await expectRefused(api.sendMessage(CHAT, ''), 'Bad Request: message text is empty');
    await expectRefused(
      api.sendMessage(CHAT, '<b></b>', { parse_mode: 'HTML' }),
      'Bad Request: text must be non-empty',
    );
    await expectRefused(api.sendMessage(CHAT, ' \n  \n'), 'Bad Request: text must be non-empty');
  });

  it('limits the visible text to 4096 characters, counted after parsing and trimming', async () => {
    await expect(api.sendMessage(CHAT, 'x'.repeat(4096))).resolves.toBeTruthy();
    await expectRefused(api.sendMessage(CHAT, 'x'.repeat(4097)), 'Bad Request: message is too long');
    const bold = await api.sendMessage(CHAT, `<b>${'x'.repeat(4096)}</b>`, { parse_mode: 'HTML' });
    expect(tg.messages.get(`${CHAT}:${bold.message_id}`)!.visibleText).toHaveLength(4096);
    await expect(api.sendMessage(CHAT, '&amp;'.repeat(4096), { parse_mode: 'HTML' })).resolves.toBeTruthy();
    await expect(api.sendMessage(CHAT, `${'x'.repeat(4096)}  \n `)).resolves.toBeTruthy();
    await expectRefused(
      api.sendMessage(CHAT, `<i>${'&lt;'.repeat(4097)}</i>`, { parse_mode: 'HTML' }),
      'Bad Request: message is too long',
    );
    // characters, not UTF-16 units: an emoji counts once
    await expect(api.sendMessage(CHAT, '😀'.repeat(4096))).resolves.toBeTruthy();
    await expectRefused(api.sendMessage(CHAT, '😀'.repeat(4097)), 'Bad Request: message is too long');
    // the raw text has its own limit, before any parsing
    await expectRefused(api.sendMessage(CHAT, '<b></b>'.repeat(5000)), 'Bad Request: text is too long');
  });

  it("refuses an edit over 4096 characters with the server's MESSAGE_TOO_LONG", async () => {
    const m = await api.sendMessage(CHAT, 'short');
    await expectRefused(api.editMessageText(CHAT, m.message_id, 'x'.repeat(4097)), 'Bad Request: MESSAGE_TOO_LONG');
    await expectRefused(api.editMessageText(CHAT, m.message_id, ''), 'Bad Request: message text is empty');
    await expect(api.editMessageText(CHAT, m.message_id, 'x'.repeat(4096))).resolves.toBeTruthy();
  });

  it('takes any text as it is without parse_mode', async () => {
    const m = await api.sendMessage(CHAT, 'a <foo> & <b unclosed &nbsp;');
    expect(m.text).toBe('a <foo> & <b unclosed &nbsp;');
    expect(tg.last(CHAT).text).toBe('a <foo> & <b unclosed &nbsp;');
  });
});

describe('parse_mode HTML', () => {
  const CHAT = 1201;

  it('passes valid HTML: nested tags, links, code, spoilers, quotes, custom emoji and entities', async () => {
    const valid = [
      '<b>bold <i>italic <u>under <s>struck</s></u></i></b> and <strong>s</strong><em>e</em><ins>i</ins>',
      '<strike>x</strike><del>y</del><B>upper</B><b >spaced</b >',
      '<a href="https://x.com/troncat_demo?a=1&b=2">X</a> <a href=\'tg://user?id=1\'>me</a>',
      '<code>x &lt; y &amp;&amp; y &gt; z</code> <pre><code class="language-ts">const a = "1";</code></pre>',
      '<tg-spoiler>hidden</tg-spoiler> <span class="tg-spoiler">also</span>',
      '<blockquote>quote</blockquote><blockquote expandable>long quote</blockquote>',
      '<tg-emoji emoji-id="5368324170671202286">👍</tg-emoji> 🚀 $TCAT',
      '&lt;&gt;&amp;&quot; &#65;&#x42; &#x1F600; &amp without semicolon',
      '<b>Tron Cat</b> ($TCAT)\nPrice: 0.000123 TRX\n<i>(curve)</i> <code>T9yD…3Wq2</code>',
      '<b></b>visible after an empty tag, <i>closed by </>',
    ];
    for (const html of valid) {
      const m = await api.sendMessage(CHAT, html, { parse_mode: 'HTML' });
      expect(m.text).toBe(html); // the raw HTML is kept, as the bot's tests compare against it
      expect(tg.last(CHAT).text).toBe(html);
    }
    expect(tg.refusals.filter((r) => r.payload.chat_id === CHAT)).toEqual([]);
    expect(parseTelegramHtml('&lt;b&gt; &#x1F600; <a href="u">link</a>')).toEqual({
      ok: true,
      text: '<b> 😀 link',
    });
  });

  it("refuses broken HTML with the parser's words and UTF-8 byte offsets", async () => {
    const broken: Array<[string, string]> = [
      ['é <foo>bar</foo>', 'Unsupported start tag "foo" at byte offset 3'],
      ['<b>bold', 'Can\'t find end tag corresponding to start tag "b"'],
      ['<b><i>x</b></i>', 'Unmatched end tag at byte offset 7, expected "</i>", found "</b>"'],
      ['1 < 2', 'Unsupported start tag "" at byte offset 2'],
      ['💰 Tom & Jerry', 'Unsupported entity at byte offset 9'],
      ['price&nbsp;100', 'Unsupported entity at byte offset 5'],
      ['x </b>', 'Unexpected end tag at byte offset 2'],
      ['a <b', 'Unclosed start tag at byte offset 2'],
      ['<b>x</b', 'Unclosed end tag at byte offset 4'],
      ['<a href="https://x.com>X</a>', 'Unclosed start tag at byte offset 0'],
      ['<span>x</span>', 'Tag "span" must have class "tg-spoiler" at byte offset 0'],
      ['<a href=x!>y</a>', 'Unexpected end of name token at byte offset 8'],
      ['<tg-emoji emoji-id="abc">👍</tg-emoji>', 'Invalid custom emoji identifier specified'],
      ['<br/>', 'Unsupported start tag "br/" at byte offset 0'],
    ];
    for (const [html, why] of broken) {
      await expectRefused(api.sendMessage(CHAT, html, { parse_mode: 'HTML' }), entities(why));
    }
    const m = await api.sendMessage(CHAT, 'ok');
    await expectRefused(
      api.editMessageText(CHAT, m.message_id, '<b>x', { parse_mode: 'HTML' }),
      entities('Can\'t find end tag corresponding to start tag "b"'),
    );
  });

  it('checks captions the same way', async () => {
    await expectRefused(
      api.sendPhoto(CHAT, new InputFile(RED, 'chart.png'), { caption: '<b>Chart', parse_mode: 'HTML' }),
      entities('Can\'t find end tag corresponding to start tag "b"'),
    );
    const photo = await api.sendPhoto(CHAT, new InputFile(RED, 'chart.png'), { caption: 'Chart' });
    await expectRefused(
      api.editMessageCaption(CHAT, photo.message_id, { caption: '<x>', parse_mode: 'HTML' }),
      entities('Unsupported start tag "x" at byte offset 0'),
    );
    await expectRefused(
      api.editMessageMedia(CHAT, photo.message_id, {
        type: 'photo',
        media: new InputFile(BLUE, 'b.png'),
        caption: 'a & b',
        parse_mode: 'HTML',
      }),
      `Bad Request: can't parse InputMedia: Can't parse entities: Unsupported entity at byte offset 2`,
    );
  });
});

describe('reply markup', () => {
  const CHAT = 1301;

  it('refuses bad callback data, text buttons, empty labels and too many buttons', async () => {
    await expect(
      api.sendMessage(CHAT, 'ok', { reply_markup: keyboard([[button('a', 'x'.repeat(64))]]) }),
    ).resolves.toBeTruthy();
    await expectRefused(
      api.sendMessage(CHAT, 'x', { reply_markup: keyboard([[button('a', 'x'.repeat(65))]]) }),
      'Bad Request: BUTTON_DATA_INVALID',
    );
    await expectRefused(
      api.sendMessage(CHAT, 'x', { reply_markup: keyboard([[button('a', 'é'.repeat(33))]]) }),
      'Bad Request: BUTTON_DATA_INVALID',
    );
    const textButtons =
      "Bad Request: can't parse inline keyboard button: Text buttons are unallowed in the inline keyboard";
    await expectRefused(api.sendMessage(CHAT, 'x', { reply_markup: keyboard([[{ text: 'a' }]]) }), textButtons);
    await expectRefused(api.sendMessage(CHAT, 'x', { reply_markup: keyboard([[button('a', '')]]) }), textButtons);
    await expectRefused(
      api.sendMessage(CHAT, 'x', { reply_markup: keyboard([[{ callback_data: 'a' }]]) }),
      `Bad Request: can't parse inline keyboard button: Can't find field "text"`,
    );
    await expectRefused(
      api.sendMessage(CHAT, 'x', { reply_markup: keyboard([[button('')]]) }),
      'Bad Request: BUTTON_TEXT_INVALID',
    );
    const rows = (n: number) => Array.from({ length: n / 4 }, (_, r) => [0, 1, 2, 3].map((c) => button(`b${r}${c}`)));
    await expect(api.sendMessage(CHAT, 'ok', { reply_markup: keyboard(rows(100)) })).resolves.toBeTruthy();
    await expectRefused(
      api.sendMessage(CHAT, 'x', { reply_markup: keyboard([...rows(100), [button('one more')]]) }),
      'Bad Request: reply markup is too long',
    );
  });

  it('checks the markup of photos and of every edit', async () => {
    const bad = keyboard([[button('a', 'x'.repeat(65))]]);
    const text = await api.sendMessage(CHAT, 'text');
    const photo = await api.sendPhoto(CHAT, new InputFile(RED, 'chart.png'));
    const refusedCalls = [
      api.sendPhoto(CHAT, new InputFile(RED, 'chart.png'), { reply_markup: bad }),
      api.editMessageText(CHAT, text.message_id, 'new', { reply_markup: bad }),
      api.editMessageReplyMarkup(CHAT, text.message_id, { reply_markup: bad }),
      api.editMessageCaption(CHAT, photo.message_id, { caption: 'new', reply_markup: bad }),
      api.editMessageMedia(
        CHAT,
        photo.message_id,
        { type: 'photo', media: new InputFile(BLUE) },
        { reply_markup: bad },
      ),
    ];
    // every refusal awaited together: one awaited after another could reject first, unhandled
    await Promise.all(refusedCalls.map((call) => expectRefused(call, 'Bad Request: BUTTON_DATA_INVALID')));
  });
});

describe('edits and deletes', () => {
  const CHAT = 1401;
  const NOT_MODIFIED =
    'Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message';

  it('refuses to edit a message that is not there, was deleted, or is not the bot’s', async () => {
    await expectRefused(api.editMessageText(CHAT, 999_999, 'x'), 'Bad Request: message to edit not found');
    const m = await api.sendMessage(CHAT, 'soon gone');
    await api.deleteMessage(CHAT, m.message_id);
    await expectRefused(api.editMessageText(CHAT, m.message_id, 'x'), 'Bad Request: message to edit not found');
    await expectRefused(
      api.editMessageReplyMarkup(CHAT, m.message_id, { reply_markup: keyboard([[button('a')]]) }),
      'Bad Request: message to edit not found',
    );
    const userMessage = tg.message(CHAT, 'from the user').message!;
    await expectRefused(api.editMessageText(CHAT, userMessage.message_id, 'x'), "Bad Request: message can't be edited");
  });

  it('refuses an edit that changes nothing', async () => {
    const kb = keyboard([[button('Refresh', 'r')]]);
    const m = await api.sendMessage(CHAT, '<b>Card</b>', { parse_mode: 'HTML', reply_markup: kb });
    await expectRefused(
      api.editMessageText(CHAT, m.message_id, '<b>Card</b>', { parse_mode: 'HTML', reply_markup: kb }),
      NOT_MODIFIED,
    );
    await expectRefused(api.editMessageReplyMarkup(CHAT, m.message_id, { reply_markup: kb }), NOT_MODIFIED);
    // the same text without the keyboard is a change
    await expect(api.editMessageText(CHAT, m.message_id, '<b>Card</b>', { parse_mode: 'HTML' })).resolves.toBeTruthy();
    expect(tg.last(CHAT).history).toEqual(['<b>Card</b>', '<b>Card</b>']);
    expect(tg.last(CHAT).replyMarkup).toBeUndefined();
  });

  it('refuses to edit text into a photo, a caption into a text message, media into a text message', async () => {
    const photo = await api.sendPhoto(CHAT, new InputFile(RED, 'chart.png'), { caption: 'c' });
    const text = await api.sendMessage(CHAT, 't');
    await expectRefused(
      api.editMessageText(CHAT, photo.message_id, 'x'),
      'Bad Request: there is no text in the message to edit',
    );
    await expectRefused(
      api.editMessageCaption(CHAT, text.message_id, { caption: 'x' }),
      'Bad Request: there is no caption in the message to edit',
    );
    await expectRefused(
      api.editMessageMedia(CHAT, text.message_id, { type: 'photo', media: new InputFile(BLUE, 'b.png') }),
      'Bad Request: there is no media in the message to edit',
    );
  });

  it('refuses to delete a message that is not there or is already deleted', async () => {
    const m = await api.sendMessage(CHAT, 'bye');
    await expect(api.deleteMessage(CHAT, m.message_id)).resolves.toBe(true);
    expect(tg.messages.get(`${CHAT}:${m.message_id}`)!.deleted).toBe(true);
    await expectRefused(api.deleteMessage(CHAT, m.message_id), 'Bad Request: message to delete not found');
    await expectRefused(api.deleteMessage(CHAT, 999_999), 'Bad Request: message to delete not found');
  });
});

describe('photos', () => {
  const CHAT = 1501;

  it('takes an upload, records its bytes and size, and hands out a file_id that refers to them', async () => {
    const sent = await api.sendPhoto(CHAT, new InputFile(RED, 'chart.png'), {
      caption: '<b>TCAT</b> 24 h',
      parse_mode: 'HTML',
      reply_markup: keyboard([[button('🔄 Refresh', 'r:chart')]]),
    });
    const size = sent.photo.at(-1)!;
    expect(size).toMatchObject({ width: 2, height: 3, file_size: RED.length });
    expect(sent.caption).toBe('<b>TCAT</b> 24 h');
    const m = tg.last(CHAT);
    expect(m).toMatchObject({
      kind: 'photo',
      fileId: size.file_id,
      caption: '<b>TCAT</b> 24 h',
      text: '<b>TCAT</b> 24 h',
    });
    expect(m.photo!.equals(RED)).toBe(true);
    expect(tg.button(m, '🔄 Refresh')).toBe('r:chart');
    expect(tg.files.get(size.file_id)!.equals(RED)).toBe(true);
    // recorded without the bytes
    const call = tg.calls.at(-1)!;
    expect(call.method).toBe('sendPhoto');
    expect(call.files).toEqual([{ name: expect.any(String), filename: 'chart.png', size: RED.length }]);
    expect(String(call.payload.photo)).toMatch(/^attach:\/\//);
    expect(JSON.stringify(call.payload)).not.toContain('PNG');

    const again = await api.sendPhoto(CHAT, size.file_id);
    expect(again.photo.at(-1)!.file_id).toBe(size.file_id);
    expect(tg.last(CHAT).photo!.equals(RED)).toBe(true);
    expect(tg.last(CHAT).messageId).not.toBe(m.messageId);
  });

  it('refuses an unknown file_id, a missing photo, odd dimensions and a caption over 1024 characters', async () => {
    await expectRefused(api.sendPhoto(CHAT, 'AgAC-nope'), 'Bad Request: wrong file identifier/HTTP URL specified');
    await expectRefused(api.sendPhoto(CHAT, ''), 'Bad Request: there is no photo in the request');
    await expectRefused(
      api.sendPhoto(CHAT, new InputFile(png(1, 30, [0, 0, 0]), 'thin.png')),
      'Bad Request: PHOTO_INVALID_DIMENSIONS',
    );
    await expect(api.sendPhoto(CHAT, new InputFile(RED), { caption: 'y'.repeat(1024) })).resolves.toBeTruthy();
    await expectRefused(
      api.sendPhoto(CHAT, new InputFile(RED), { caption: 'y'.repeat(1025) }),
      'Bad Request: message caption is too long',
    );
    const photo = await api.sendPhoto(CHAT, new InputFile(RED), { caption: 'short' });
    await expectRefused(
      api.editMessageCaption(CHAT, photo.message_id, { caption: 'y'.repeat(1025) }),
      'Bad Request: MEDIA_CAPTION_TOO_LONG',
    );
    await expectRefused(
      api.editMessageMedia(CHAT, photo.message_id, {
        type: 'photo',
        media: new InputFile(BLUE),
        caption: 'y'.repeat(1025),
      }),
      'Bad Request: message caption is too long',
    );
  });

  it('switches the picture with editMessageMedia, by upload or by file_id, and edits the caption', async () => {
    const sent = await api.sendPhoto(CHAT, new InputFile(RED, 'red.png'), { caption: 'red' });
    const redId = sent.photo.at(-1)!.file_id;
    const m = tg.last(CHAT);
    const edited = await api.editMessageMedia(CHAT, sent.message_id, {
      type: 'photo',
      media: new InputFile(BLUE, 'blue.png'),
      caption: 'blue',
    });
    expect(edited).toMatchObject({ caption: 'blue', photo: [{ width: 4, height: 5 }] });
    expect(m.photo!.equals(BLUE)).toBe(true);
    expect(m.fileId).not.toBe(redId);
    expect(m.text).toBe('blue');
    await api.editMessageMedia(CHAT, sent.message_id, { type: 'photo', media: redId, caption: 'red again' });
    expect(m.photo!.equals(RED)).toBe(true);
    expect(m.fileId).toBe(redId);
    await expectRefused(
      api.editMessageMedia(CHAT, sent.message_id, { type: 'photo', media: redId, caption: 'red again' }),
      'Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message',
    );
    await expectRefused(
      api.editMessageMedia(CHAT, sent.message_id, { type: 'photo', media: 'attach://missing' }),
      "Bad Request: can't parse InputMedia: media not found",
    );
    await api.editMessageCaption(CHAT, sent.message_id, { caption: 'final' });
    expect(m.history).toEqual(['red', 'blue', 'red again', 'final']);
  });
});

describe('callback queries', () => {
  const CHAT = 1601;
  const TOO_OLD = 'Bad Request: query is too old and response timeout expired or query ID is invalid';

  const tapped = async () => {
    await api.sendMessage(CHAT, 'pick', { reply_markup: keyboard([[button('A', 'a')]]) });
    return tg.tap(CHAT, tg.last(CHAT), 'a').callback_query!.id;
  };

  it('answers a query once, within the timeout, and only one that was handed out', async () => {
    const id = await tapped();
    await expect(api.answerCallbackQuery(id, { text: 'Updated' })).resolves.toBe(true);
    await expectRefused(api.answerCallbackQuery(id), TOO_OLD);
    await expectRefused(api.answerCallbackQuery('424242'), TOO_OLD);
    expect(tg.callbackAnswers().at(-1)).toMatchObject({ callback_query_id: id, text: 'Updated' });
  });

  it('refuses an answer that comes too late, by the clock or after expireCallbacks', async () => {
    const start = Date.now();
    tg.now = () => start;
    const late = await tapped();
    tg.now = () => start + tg.callbackTimeoutMs + 1;
    await expectRefused(api.answerCallbackQuery(late), TOO_OLD);
    tg.now = () => Date.now();
    const expired = await tapped();
    tg.expireCallbacks();
    await expectRefused(api.answerCallbackQuery(expired), TOO_OLD);
  });

  it('refuses an answer text over 200 characters, without using up the query', async () => {
    const id = await tapped();
    await expectRefused(api.answerCallbackQuery(id, { text: 'x'.repeat(201) }), 'Bad Request: MESSAGE_TOO_LONG');
    await expect(api.answerCallbackQuery(id, { text: 'x'.repeat(200) })).resolves.toBe(true);
  });
});

describe('chats', () => {
  it('refuses users who blocked the bot with 403, and unknown chats', async () => {
    const USER = 1701;
    const before = await api.sendMessage(USER, 'hello');
    tg.blocked.add(USER);
    const blocked = 'Forbidden: bot was blocked by the user';
    await expectRefused(api.sendMessage(USER, 'again'), blocked, 403);
    await expectRefused(api.sendPhoto(USER, new InputFile(RED)), blocked, 403);
    await expectRefused(api.editMessageText(USER, before.message_id, 'edited'), blocked, 403);
    tg.blocked.delete(USER);
    await expect(api.sendMessage(USER, 'unblocked')).resolves.toBeTruthy();

    tg.unknownChats.add(1702);
    await expectRefused(api.sendMessage(1702, 'x'), 'Bad Request: chat not found');
    await expectRefused(api.getChatMember(1702, 1), 'Bad Request: chat not found');
    expect(tg.refusals.at(-1)).toMatchObject({
      method: 'getChatMember',
      error_code: 400,
      description: 'Bad Request: chat not found',
    });
  });

  it('takes a webhook as Telegram does, and refuses long polling while it is set', async () => {
    const webhook = 'Bad Request: bad webhook: ';
    await expectRefused(
      api.setWebhook('http://bot.example.com/hook'),
      `${webhook}An HTTPS URL must be provided for webhook`,
    );
    await expectRefused(
      api.setWebhook('https://bot.example.com:3000/hook'),
      `${webhook}Webhook can be set up only on ports 80, 88, 443 or 8443`,
    );
    await expectRefused(
      api.setWebhook('https://bot.example.com/hook', { secret_token: 'has:colon' }),
      'Bad Request: secret token contains unallowed characters',
    );
    await api.setWebhook('https://bot.example.com:8443/hook', { secret_token: 'Good_secret-1' });
    expect(tg.webhook).toEqual({ url: 'https://bot.example.com:8443/hook', secretToken: 'Good_secret-1' });
    expect((await api.getWebhookInfo()).url).toBe('https://bot.example.com:8443/hook');
    await expectRefused(
      api.getUpdates(),
      "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
      409,
    );
    await api.deleteWebhook();
    await expect(api.getUpdates({ timeout: 0 })).resolves.toBeInstanceOf(Array);
    // a local Bot API server (telegram-bot-api --local) also takes http on any port
    tg.local = true;
    await api.setWebhook('http://127.0.0.1:3000/hook');
    expect(tg.webhook?.url).toBe('http://127.0.0.1:3000/hook');
    await api.deleteWebhook();
    tg.local = false;
  });
});

describe('Mini App buttons and the menu button', () => {
  const USER = 1801;
  const GROUP = -1801;
  const CHANNEL = -1001234567801;
  const APP = 'https://bot.example.com/app/';
  const open = (url: unknown) => keyboard([[{ text: '📈 Open', web_app: { url } }]]);
  const invalidUrl = (url: string, why: string) =>
    `Bad Request: inline keyboard button Web App URL '${url}' is invalid: ${why}`;

  it('takes a web_app button with an https address in a private chat, and records it', async () => {
    const m = await api.sendMessage(USER, 'app', { reply_markup: open(`${APP}?startapp=TX`) });
    expect(tg.webApps(tg.last(USER))).toEqual([{ text: '📈 Open', url: `${APP}?startapp=TX` }]);
    await api.editMessageReplyMarkup(USER, m.message_id, { reply_markup: open(APP) });
    expect(tg.webApps(tg.last(USER))).toEqual([{ text: '📈 Open', url: APP }]);
  });

  it("refuses an address Telegram would not open, with tdlib's words: plain http (loopback too), none", async () => {
    for (const url of ['http://127.0.0.1:3000/app/', 'http://bot.example.com/app/', 'bot.example.com/app/'])
      await expectRefused(
        api.sendMessage(USER, 'x', { reply_markup: open(url) }),
        invalidUrl(url, 'Only HTTPS links are allowed'),
      );
    await expectRefused(api.sendMessage(USER, 'x', { reply_markup: open('') }), invalidUrl('', 'URL host is empty'));
    const photo = await api.sendPhoto(USER, new InputFile(RED, 'chart.png'));
    await expectRefused(
      api.editMessageCaption(USER, photo.message_id, { caption: 'c', reply_markup: open('http://x.com/') }),
      invalidUrl('http://x.com/', 'Only HTTPS links are allowed'),
    );
  });

  it('refuses a web_app that is no object or has no url', async () => {
    const parse = "Bad Request: can't parse inline keyboard button: ";
    await expectRefused(
      api.sendMessage(USER, 'x', { reply_markup: keyboard([[{ text: 'a', web_app: APP }]]) }),
      `${parse}Field "web_app" must be of type Object`,
    );
    await expectRefused(
      api.sendMessage(USER, 'x', { reply_markup: keyboard([[{ text: 'a', web_app: {} }]]) }),
      `${parse}Can't find field "url"`,
    );
  });

  it('refuses a web_app button in a group or a channel (BUTTON_TYPE_INVALID), sent or edited in', async () => {
    await expectRefused(api.sendMessage(GROUP, 'x', { reply_markup: open(APP) }), 'Bad Request: BUTTON_TYPE_INVALID');
    await expectRefused(api.sendMessage(CHANNEL, 'x', { reply_markup: open(APP) }), 'Bad Request: BUTTON_TYPE_INVALID');
    const m = await api.sendMessage(GROUP, 'a card', { reply_markup: keyboard([[button('Buy')]]) });
    await expectRefused(
      api.editMessageReplyMarkup(GROUP, m.message_id, { reply_markup: open(APP) }),
      'Bad Request: BUTTON_TYPE_INVALID',
    );
    await expectRefused(
      api.sendPhoto(GROUP, new InputFile(RED, 'chart.png'), { reply_markup: open(APP) }),
      'Bad Request: BUTTON_TYPE_INVALID',
    );
  });

  it('sets the menu button for all private chats or for one, and reads it back', async () => {
    const app = { type: 'web_app' as const, text: '📈 Terminal', web_app: { url: APP } };
    await api.setChatMenuButton({ menu_button: app });
    expect(tg.menuButtons.get('default')).toEqual(app);
    const ru = { ...app, text: '📈 Терминал' };
    await api.setChatMenuButton({ chat_id: USER, menu_button: ru });
    expect(tg.menuButtons.get(`chat:${USER}`)).toEqual(ru);
    expect(await api.getChatMenuButton({ chat_id: USER })).toEqual(ru);
    expect(await api.getChatMenuButton({ chat_id: USER + 1 })).toEqual(app);
    // default: the chat follows the bot's button again; commands: the command list
    await api.setChatMenuButton({ chat_id: USER, menu_button: { type: 'default' } });
    expect(tg.menuButtons.has(`chat:${USER}`)).toBe(false);
    await api.setChatMenuButton({ menu_button: { type: 'commands' } });
    expect(tg.menuButtons.get('default')).toEqual({ type: 'commands' });
    await api.setChatMenuButton({});
    expect(tg.menuButtons.has('default')).toBe(false);
    expect(await api.getChatMenuButton({})).toEqual({ type: 'commands' });
  });

  it('refuses a menu button with an http address, an empty or too long text, or for a group', async () => {
    const app = (text: string, url: string) => ({ type: 'web_app' as const, text, web_app: { url } });
    await expectRefused(
      api.setChatMenuButton({ menu_button: app('App', 'http://127.0.0.1:3000/app/') }),
      "Bad Request: menu button Web App URL 'http://127.0.0.1:3000/app/' is invalid: Only HTTPS links are allowed",
    );
    await expectRefused(
      api.setChatMenuButton({ menu_button: app('', APP) }),
      "Bad Request: menu button text can't be empty",
    );
    await expect(api.setChatMenuButton({ menu_button: app('é'.repeat(64), APP) })).resolves.toBe(true);
    await expectRefused(
      api.setChatMenuButton({ menu_button: app('é'.repeat(65), APP) }),
      'Bad Request: BUTTON_TEXT_INVALID',
    );
    await expectRefused(
      api.setChatMenuButton({ chat_id: GROUP, menu_button: app('App', APP) }),
      'Bad Request: invalid chat_id specified',
    );
    const parse = "Bad Request: can't parse menu button: ";
    await expectRefused(
      api.setChatMenuButton({ menu_button: { type: 'link' } as never }),
      `${parse}MenuButton has unsupported type`,
    );
    await expectRefused(
      api.setChatMenuButton({ menu_button: { type: 'web_app', text: 'App' } as never }),
      `${parse}Can't find field "web_app"`,
    );
    expect(tg.menuButtons.get('default')).toEqual(app('é'.repeat(64), APP));
  });
});
