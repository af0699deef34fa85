// A fake Telegram Bot API on loopback: records every call and answers like Telegram does, refusals included —
// with Telegram's HTTP status and JSON body, word for word, so a bot test fails where the real Telegram would.
// The checks follow tdlib/telegram-bot-api's Client.cpp and tdlib's MessageEntity.cpp (HTML parsing, trimming,
// length limits). Tests feed updates with handleUpdate, or through the getUpdates queue.
// Not modelled: Markdown parse modes (taken unchecked), photo URLs (refused like an unknown file_id), media other
// than photos, inline messages, and bare `&` in HTML text, which this fake refuses though Telegram shows it.
//
// The one import path of the fake; its parts are in telegram/: the server (server.ts) and the chats it
// keeps (chats.ts), the updates a user sends (updates.ts), what Telegram refuses (refusals.ts, html.ts),
// request bodies (body.ts) and the records (types.ts).
export { FakeTelegram } from './telegram/server.js';
export { parseTelegramHtml, type HtmlResult } from './telegram/html.js';
export { pngSize } from './telegram/refusals.js';
export { BOT_INFO, type ApiCall, type Refusal, type SentMessage } from './telegram/types.js';
