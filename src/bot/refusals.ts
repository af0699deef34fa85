// Telegram's refusals, by what they mean to us. Telegram answers a refused call with HTTP 400/403 and a
// description; grammY raises it as a GrammyError. Matching is on the description's words, as Telegram
// documents no codes finer than the HTTP status.
import { GrammyError } from 'grammy';

export type Refusal =
  /** an edit that would change nothing */
  | 'not-modified'
  /** the message to edit or delete is gone (deleted, too old to edit) */
  | 'message-gone'
  /** a callback query answered too late, or twice */
  | 'query-too-old'
  /** the chat will take no more messages from us: blocked by the user, bot removed, chat deleted */
  | 'chat-gone'
  /** text or caption over Telegram's length limits */
  | 'too-long'
  /** HTML that Telegram's parser refuses */
  | 'bad-html';

/** Telegram's answer to a callback query answered too late, or twice. */
export const isLateAnswer = (description: string): boolean => /query is too old|query id is invalid/i.test(description);

/** Telegram's words for a message that is gone (deleted, too old to edit, not the kind to edit). */
const MESSAGE_GONE = [
  'message to edit not found',
  'message to delete not found',
  "message can't be edited",
  "message can't be deleted",
  'there is no text in the message to edit',
  'there is no caption in the message to edit',
];
/** Telegram's words for a chat that takes no more messages from us. */
const CHAT_GONE = ['chat not found', 'bot was blocked', 'user is deactivated', 'bot was kicked', 'not a member'];

export function refusalOf(e: unknown): Refusal | undefined {
  if (!(e instanceof GrammyError)) return undefined;
  const d = e.description.toLowerCase();
  const says = (words: string[]) => words.some((w) => d.includes(w));
  if (d.includes('message is not modified')) return 'not-modified';
  if (isLateAnswer(d)) return 'query-too-old';
  if (says(MESSAGE_GONE)) return 'message-gone';
  if (e.error_code === 403 || says(CHAT_GONE)) return 'chat-gone';
  if (says(['too long', 'too_long'])) return 'too-long';
  if (d.includes("can't parse entities")) return 'bad-html';
  return undefined;
}
