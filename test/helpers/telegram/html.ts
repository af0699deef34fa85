// Telegram's HTML parser (tdlib parse_html), over the UTF-8 bytes so that offsets are byte offsets: what
// parse_mode HTML shows a reader, or the error the Bot API refuses a text with.

const HTML_TAGS = new Set([
  'a',
  'b',
  'strong',
  'i',
  'em',
  's',
  'strike',
  'del',
  'u',
  'ins',
  'tg-spoiler',
  'tg-emoji',
  'span',
  'pre',
  'code',
  'blockquote',
]);
const NAMED_ENTITIES = new Map([
  ['lt', 0x3c],
  ['gt', 0x3e],
  ['amp', 0x26],
  ['quot', 0x22],
]);
const asciiLower = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());
const isSpace = (c: number) => c === 32 || c === 9 || c === 13 || c === 10 || c === 0 || c === 11;
const isDigit = (c: number) => c >= 48 && c <= 57;
const isAlpha = (c: number) => (c | 0x20) >= 97 && (c | 0x20) <= 122;
const isHex = (c: number) => isDigit(c) || ((c | 0x20) >= 97 && (c | 0x20) <= 102);
const hexValue = (c: number) => (isDigit(c) ? c - 48 : (c | 0x20) - 87);

/** A custom emoji id as tdlib takes it: an int64 written canonically, not 0. */
function isEmojiId(s: string): boolean {
  if (!/^-?\d+$/.test(s)) return false;
  const n = BigInt(s);
  return String(n) === s && n !== 0n && n >= -(2n ** 63n) && n < 2n ** 63n;
}

export type HtmlResult = { ok: true; text: string } | { ok: false; error: string };

/**
 * Parses `raw` as Telegram's parse_mode HTML does and returns the visible text, or tdlib's error message (the
 * Bot API sends it as "Bad Request: can't parse entities: <error>"). One deliberate difference: an `&` in the text
 * that does not start &lt; &gt; &amp; &quot; or a numeric reference is refused ("Unsupported entity at byte
 * offset N"), where Telegram would show it literally: it nearly always means text that was not escaped.
 */
export function parseTelegramHtml(raw: string): HtmlResult {
  const b = Buffer.from(raw, 'utf8');
  const at = (i: number) => (i < b.length ? b[i]! : 0);
  const fail = (error: string): HtmlResult => ({ ok: false, error });
  const out: number[] = [];
  const push = (code: number) => out.push(...Buffer.from(String.fromCodePoint(code), 'utf8'));
  let surrogate = false;

  /** tdlib decode_html_entity: the character and where the reference ends, or undefined */
  const entity = (pos: number): { code: number; end: number } | undefined => {
    let end = pos + 1;
    let code = 0;
    if (at(pos + 1) === 0x23) {
      end++;
      if (at(pos + 2) === 0x78) {
        end++;
        while (isHex(at(end))) code = code * 16 + hexValue(at(end++));
      } else {
        while (isDigit(at(end))) code = code * 10 + at(end++) - 48;
      }
      if (code === 0 || code >= 0x10ffff || end - pos >= 10) return undefined;
    } else {
      while (isAlpha(at(end))) end++;
      code = NAMED_ENTITIES.get(b.toString('latin1', pos + 1, end)) ?? 0;
      if (!code) return undefined;
    }
    if (at(end) === 0x3b) end++;
    return { code, end };
  };
  const decoded = (code: number) => {
    if (code >= 0xd800 && code <= 0xdfff) surrogate = true;
    else push(code);
  };

  const open: Array<{ tag: string; argument: string; start: number }> = [];
  for (let i = 0; i < b.length; i++) {
    const c = b[i]!;
    if (c === 0x26) {
      const e = entity(i);
      if (!e) return fail(`Unsupported entity at byte offset ${i}`);
      decoded(e.code);
      i = e.end - 1;
      continue;
    }
    if (c !== 0x3c) {
      out.push(c);
      continue;
    }
    const begin = i++;
    if (at(i) !== 0x2f) {
      // a start tag
      while (!isSpace(at(i)) && at(i) !== 0x3e) i++;
      if (at(i) === 0) return fail(`Unclosed start tag at byte offset ${begin}`);
      const tag = asciiLower(b.toString('utf8', begin + 1, i));
      if (!HTML_TAGS.has(tag)) return fail(`Unsupported start tag "${tag}" at byte offset ${begin}`);
      let argument = '';
      while (at(i) !== 0x3e) {
        while (at(i) !== 0 && isSpace(at(i))) i++;
        if (at(i) === 0x3e) break;
        const nameBegin = i;
        while (!isSpace(at(i)) && ![0x3d, 0x3e, 0x2f, 0x22, 0x27].includes(at(i))) i++;
        const name = b.toString('utf8', nameBegin, i);
        if (!name) return fail(`Empty attribute name in the tag "${tag}" at byte offset ${begin}`);
        while (at(i) !== 0 && isSpace(at(i))) i++;
        if (at(i) !== 0x3d) {
          if (at(i) === 0) return fail(`Unclosed start tag "${tag}" at byte offset ${begin}`);
          if (tag === 'blockquote' && name === 'expandable') argument = '1';
          continue;
        }
        i++;
        while (at(i) !== 0 && isSpace(at(i))) i++;
        if (at(i) === 0) return fail(`Unclosed start tag "${tag}" at byte offset ${begin}`);
        let value: string;
        if (at(i) !== 0x27 && at(i) !== 0x22) {
          // a name token: letters, digits, periods and hyphens, not case sensitive
          const tokenBegin = i;
          while (isAlpha(at(i)) || isDigit(at(i)) || at(i) === 0x2e || at(i) === 0x2d) i++;
          value = asciiLower(b.toString('latin1', tokenBegin, i));
          if (!isSpace(at(i)) && at(i) !== 0x3e)
            return fail(`Unexpected end of name token at byte offset ${tokenBegin}`);
        } else {
          // a string literal; references in it are decoded, a stray & is kept as it is
          const quote = at(i++);
          const bytes: number[] = [];
          while (at(i) !== quote && at(i) !== 0) {
            const e = at(i) === 0x26 ? entity(i) : undefined;
            if (e) {
              bytes.push(...Buffer.from(String.fromCodePoint(e.code), 'utf8'));
              i = e.end;
            } else bytes.push(at(i++));
          }
          if (at(i) === quote) i++;
          value = Buffer.from(bytes).toString('utf8');
        }
        if (at(i) === 0) return fail(`Unclosed start tag at byte offset ${begin}`);
        if (tag === 'a' && name === 'href') argument = value;
        else if (tag === 'code' && name === 'class' && value.startsWith('language-')) argument = value.slice(9);
        else if (tag === 'span' && name === 'class' && value.startsWith('tg-')) argument = value.slice(3);
        else if (tag === 'tg-emoji' && name === 'emoji-id') argument = value;
        else if (tag === 'blockquote' && name === 'expandable') argument = '1';
      }
      if (tag === 'span' && argument !== 'spoiler')
        return fail(`Tag "span" must have class "tg-spoiler" at byte offset ${begin}`);
      open.push({ tag, argument, start: out.length });
    } else {
      // an end tag
      if (!open.length) return fail(`Unexpected end tag at byte offset ${begin}`);
      while (!isSpace(at(i)) && at(i) !== 0x3e) i++;
      const endTag = asciiLower(b.toString('utf8', begin + 2, i));
      while (isSpace(at(i)) && at(i) !== 0) i++;
      if (at(i) !== 0x3e) return fail(`Unclosed end tag at byte offset ${begin}`);
      const top = open[open.length - 1]!;
      if (endTag && endTag !== top.tag)
        return fail(`Unmatched end tag at byte offset ${begin}, expected "</${top.tag}>", found "</${endTag}>"`);
      if (top.tag === 'tg-emoji' && out.length > top.start && !isEmojiId(top.argument))
        return fail('Invalid custom emoji identifier specified');
      open.pop();
    }
  }
  if (open.length) return fail(`Can't find end tag corresponding to start tag "${open[open.length - 1]!.tag}"`);
  if (surrogate)
    return fail(
      'Text contains invalid Unicode characters after decoding HTML entities, check for unmatched surrogate code units',
    );
  return { ok: true, text: Buffer.from(out).toString('utf8') };
}
