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

export function refusalOf(e: unknown): Refusal | undefined {
  if (!(e instanceof GrammyError)) return undefined;
  const d = e.description.toLowerCase();
  if (d.includes('message is not modified')) return 'not-modified';
  if (isLateAnswer(d)) return 'query-too-old';
  if (
    d.includes('message to edit not found') ||
    d.includes('message to delete not found') ||
    d.includes("message can't be edited") ||
    d.includes("message can't be deleted") ||
    d.includes('there is no text in the message to edit') ||
    d.includes('there is no caption in the message to edit')
  )
    return 'message-gone';
  if (
    e.error_code === 403 ||
    d.includes('chat not found') ||
    d.includes('bot was blocked') ||
    d.includes('user is deactivated') ||
    d.includes('bot was kicked') ||
    d.includes('not a member')
  )
    return 'chat-gone';
  if (d.includes('too long') || d.includes('too_long')) return 'too-long';
  if (d.includes("can't parse entities")) return 'bad-html';
  return undefined;
}
