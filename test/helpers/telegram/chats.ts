// The chats Telegram keeps for the bot: the messages it sent, edited and deleted, the photos it holds, the
// chats that blocked it or that Telegram does not know; and the Bot API methods that change them, each
// refused as Telegram refuses it (refusals.ts).
import { scalarText } from '../../../src/text.js';
import {
  badRequest,
  CAPTION_LIMIT,
  chars,
  checkMarkup,
  checkPhoto,
  isRecord,
  NOT_MODIFIED,
  readMarkup,
  sameMarkup,
  TelegramRefusal,
  TEXT_LIMIT,
  visible,
} from './refusals.js';
import type { Payload, SentMessage, Upload } from './types.js';
import { messageOf } from './updates.js';

export class TelegramChats {
  readonly messages = new Map<string, SentMessage>();
  /** Chats that blocked the bot: sends and edits there get 403. */
  readonly blocked = new Set<number>();
  /** Chats Telegram does not know: any call naming one gets "chat not found". */
  readonly unknownChats = new Set<number>();
  /** The photos Telegram holds: file_id → bytes. */
  readonly files = new Map<string, Buffer>();
  /** the next message id (the bot's messages and the users' share one sequence) */
  protected nextId = 1000;
  private nextFile = 1;

  protected key = (chatId: number, messageId: number) => `${chatId}:${messageId}`;

  /** The chat a call names; refused when missing or unknown. */
  protected chatOf(p: Payload): number {
    const raw = scalarText(p.chat_id);
    if (raw === '') throw badRequest('chat_id is empty');
    const id = Number(raw);
    if (!Number.isSafeInteger(id) || this.unknownChats.has(id)) throw badRequest('chat not found');
    return id;
  }

  /** Refuses sending to (or editing in) a chat that blocked the bot. */
  protected reachable(chatId: number): void {
    if (this.blocked.has(chatId))
      throw new TelegramRefusal(
        403,
        chatId < 0 ? 'Forbidden: bot was kicked from the supergroup chat' : 'Forbidden: bot was blocked by the user',
      );
  }

  /** A reply to a message that is not there is refused (unless allowed to go without). */
  protected checkReply(chatId: number, p: Payload): void {
    let rp: unknown = p.reply_parameters;
    if (typeof rp === 'string' && rp) {
      try {
        rp = JSON.parse(rp) as unknown;
      } catch {
        throw badRequest("can't parse reply parameters JSON object");
      }
    }
    const params = isRecord(rp) ? rp : undefined;
    const raw = params ? params.message_id : p.reply_to_message_id;
    if (raw === undefined || raw === '') return;
    const inChat = params?.chat_id !== undefined ? Number(params.chat_id) : chatId;
    const allow = String((params ?? p).allow_sending_without_reply) === 'true';
    const target = this.messages.get(this.key(inChat, Number(raw)));
    if ((!target || target.deleted) && !allow) throw badRequest('message to be replied not found');
  }

  /** The bot's message an edit names. */
  protected editable(p: Payload): SentMessage {
    if (scalarText(p.chat_id) === '' && scalarText(p.message_id) === '')
      throw badRequest('message identifier is not specified');
    const m = this.messages.get(this.key(this.chatOf(p), Number(p.message_id)));
    if (!m || m.deleted) throw badRequest('message to edit not found');
    if (!m.fromBot) throw badRequest("message can't be edited");
    return m;
  }

  /** An uploaded photo or a file_id this fake handed out: its bytes, and the id when it was one. */
  private photoBytes(input: { upload?: Upload; fileId?: string }): { bytes: Buffer; fileId?: string } {
    if (input.fileId !== undefined) {
      const bytes = this.files.get(input.fileId);
      if (!bytes) throw badRequest('wrong file identifier/HTTP URL specified');
      return { bytes, fileId: input.fileId };
    }
    const bytes = input.upload!.data;
    checkPhoto(bytes);
    return { bytes };
  }

  private storeFile(bytes: Buffer): string {
    const id = `AgAC-${this.nextFile++}`;
    this.files.set(id, bytes);
    return id;
  }

  protected editMessageReplyMarkup(p: Payload) {
    const markup = readMarkup(p.reply_markup);
    const m = this.editable(p);
    this.reachable(m.chatId);
    checkMarkup(markup, m.chatId);
    if (sameMarkup(markup, m.replyMarkup)) throw badRequest(NOT_MODIFIED);
    m.replyMarkup = markup;
    return messageOf(m);
  }

  protected deleteMessage(p: Payload): true {
    const m = this.messages.get(this.key(this.chatOf(p), Number(p.message_id)));
    if (!m || m.deleted) throw badRequest('message to delete not found');
    m.deleted = true;
    return true;
  }

  protected sendMessage(p: Payload) {
    const text = scalarText(p.text);
    if (text === '') throw badRequest('message text is empty');
    const shown = visible(text, p.parse_mode);
    const markup = readMarkup(p.reply_markup);
    const chatId = this.chatOf(p);
    this.checkReply(chatId, p);
    if (shown === '') throw badRequest('text must be non-empty');
    if (chars(shown) > TEXT_LIMIT) throw badRequest('message is too long');
    this.reachable(chatId);
    checkMarkup(markup, chatId);
    const m: SentMessage = {
      chatId,
      messageId: this.nextId++,
      text,
      replyMarkup: markup,
      parseMode: p.parse_mode as string,
      deleted: false,
      fromBot: true,
      history: [text],
      kind: 'text',
      visibleText: shown,
    };
    this.messages.set(this.key(chatId, m.messageId), m);
    return messageOf(m);
  }

  protected sendPhoto(p: Payload, files: Map<string, Upload>) {
    const ref = scalarText(p.photo);
    const input = ref.startsWith('attach://')
      ? { upload: files.get(ref.slice('attach://'.length)) }
      : ref
        ? { fileId: ref }
        : { upload: files.get('photo') };
    if (!input.upload && input.fileId === undefined) throw badRequest('there is no photo in the request');
    const caption = scalarText(p.caption);
    const shown = visible(caption, p.parse_mode);
    const markup = readMarkup(p.reply_markup);
    const chatId = this.chatOf(p);
    this.checkReply(chatId, p);
    const photo = this.photoBytes(input);
    if (chars(shown) > CAPTION_LIMIT) throw badRequest('message caption is too long');
    this.reachable(chatId);
    checkMarkup(markup, chatId);
    const m: SentMessage = {
      chatId,
      messageId: this.nextId++,
      text: caption,
      replyMarkup: markup,
      parseMode: p.parse_mode as string,
      deleted: false,
      fromBot: true,
      history: [caption],
      kind: 'photo',
      visibleText: shown,
      photo: photo.bytes,
      fileId: photo.fileId ?? this.storeFile(photo.bytes),
      caption,
    };
    this.messages.set(this.key(chatId, m.messageId), m);
    return messageOf(m);
  }

  protected editMessageText(p: Payload) {
    const text = scalarText(p.text);
    if (text === '') throw badRequest('message text is empty');
    const shown = visible(text, p.parse_mode);
    const markup = readMarkup(p.reply_markup);
    const m = this.editable(p);
    if (m.kind !== 'text') throw badRequest('there is no text in the message to edit');
    if (shown === '') throw badRequest('text must be non-empty');
    this.reachable(m.chatId);
    checkMarkup(markup, m.chatId);
    if (chars(shown) > TEXT_LIMIT) throw badRequest('MESSAGE_TOO_LONG');
    if (text === m.text && sameMarkup(markup, m.replyMarkup)) throw badRequest(NOT_MODIFIED);
    Object.assign(m, { text, replyMarkup: markup, parseMode: p.parse_mode as string, visibleText: shown });
    m.history.push(text);
    return messageOf(m);
  }

  protected editMessageCaption(p: Payload) {
    const markup = readMarkup(p.reply_markup);
    const caption = scalarText(p.caption);
    const shown = visible(caption, p.parse_mode);
    const m = this.editable(p);
    if (m.kind !== 'photo') throw badRequest('there is no caption in the message to edit');
    this.reachable(m.chatId);
    checkMarkup(markup, m.chatId);
    if (chars(shown) > CAPTION_LIMIT) throw badRequest('MEDIA_CAPTION_TOO_LONG');
    if (caption === m.text && sameMarkup(markup, m.replyMarkup)) throw badRequest(NOT_MODIFIED);
    Object.assign(m, { text: caption, caption, replyMarkup: markup, parseMode: p.parse_mode as string });
    m.visibleText = shown;
    m.history.push(caption);
    return messageOf(m);
  }

  protected editMessageMedia(p: Payload, files: Map<string, Upload>) {
    const markup = readMarkup(p.reply_markup);
    let media: unknown = p.media;
    if (media === undefined || media === '') throw badRequest('parameter "media" is required');
    if (typeof media === 'string') {
      try {
        media = JSON.parse(media) as unknown;
      } catch {
        throw badRequest("can't parse input media JSON object");
      }
    }
    const inputMedia = "can't parse InputMedia: ";
    if (!isRecord(media)) throw badRequest(inputMedia + 'expected an Object');
    const caption = scalarText(media.caption);
    const shown = visible(caption, media.parse_mode, inputMedia);
    if (media.type === undefined) throw badRequest(inputMedia + 'Can\'t find field "type"');
    const ref = scalarText(media.media);
    const input = ref.startsWith('attach://')
      ? { upload: files.get(ref.slice('attach://'.length)) }
      : ref
        ? { fileId: ref }
        : {};
    if (!input.upload && input.fileId === undefined) throw badRequest(inputMedia + 'media not found');
    if (media.type !== 'photo') throw badRequest(`${inputMedia}type "${scalarText(media.type)}" is unsupported`);
    const m = this.editable(p);
    if (m.kind !== 'photo') throw badRequest('there is no media in the message to edit');
    const photo = this.photoBytes(input);
    if (chars(shown) > CAPTION_LIMIT) throw badRequest('message caption is too long');
    this.reachable(m.chatId);
    checkMarkup(markup, m.chatId);
    if (photo.fileId === m.fileId && caption === m.text && sameMarkup(markup, m.replyMarkup))
      throw badRequest(NOT_MODIFIED);
    Object.assign(m, {
      text: caption,
      caption,
      replyMarkup: markup,
      parseMode: media.parse_mode as string,
      visibleText: shown,
      photo: photo.bytes,
      fileId: photo.fileId ?? this.storeFile(photo.bytes),
    });
    m.history.push(caption);
    return messageOf(m);
  }
}
