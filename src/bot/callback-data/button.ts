// The codec every kind of button is made with: its data is built and read back in one place. A kind's
// data is its prefix and its fields joined by ':' (`cf:ID`, `b:TOKEN:100`, `r:TOKEN:1h`), each field
// written whole in its own pattern, so a handler gets typed fields and a stray or forged string matches
// no kind at all. Built data never passes Telegram's 64 bytes (build throws: it is a bug, not a tap).

/** Telegram refuses a button whose callback_data is over 64 bytes (BUTTON_DATA_INVALID). */
export const MAX_DATA_BYTES = 64;

/** One field of a button's data: the text it may be, how a value is written and read back. */
export interface Part<V> {
  /** a regular expression source, without capturing groups, that the written field matches whole */
  readonly pattern: string;
  write(value: V): string;
  read(text: string): V;
  /** only the last fields may be left out (`r:TOKEN` or `r:TOKEN:1h`) */
  readonly optional?: true;
}

type Shape = Record<string, Part<unknown>>;
type ValueOf<P> = P extends Part<infer V> ? V : never;
type Flat<T> = { [K in keyof T]: T[K] } & {};
/** The typed fields of a kind: one per part, those of optional parts optional. */
export type FieldsOf<P extends Shape> = Flat<
  { [K in keyof P as P[K]['optional'] extends true ? never : K]: ValueOf<P[K]> } & {
    [K in keyof P as P[K]['optional'] extends true ? K : never]?: ValueOf<P[K]>;
  }
>;

/** A kind of button. */
export interface Button<T> {
  /** The data for a button of this kind; throws when a field is not what its part allows, or past 64 bytes. */
  build(fields: T): string;
  /** As build, but undefined instead of throwing (for values stored by users, e.g. presets). */
  tryBuild(fields: T): string | undefined;
  /**
   * For `callbackQuery(...)` (and `waitForCallbackQuery`): matches this kind's data, every field
   * whole, and nothing else; with `where`, only the data whose given fields have these values.
   */
  filter(where?: Partial<T>): RegExp;
  /** The fields of a data string of this kind; undefined for any other string. */
  parse(data: string | undefined): T | undefined;
  /** The fields in a handler: from `ctx.match` of this kind's filter (or the data itself); throws otherwise. */
  unpack(match: string | RegExpMatchArray): T;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const bytes = (s: string) => Buffer.byteLength(s, 'utf8');

/**
 * A kind of button: `prefix` (when given) then each part, in order, joined by ':'. Without a prefix
 * the first part is the kind's first word (`b` or `s` of `b:TOKEN:100`).
 */
export function button<P extends Shape>(prefix: string | undefined, parts: P): Button<FieldsOf<P>> {
  const entries = Object.entries(parts);
  const firstOptional = entries.findIndex(([, p]) => p.optional);
  if (firstOptional >= 0 && entries.slice(firstOptional).some(([, p]) => !p.optional))
    throw new Error(`button ${prefix ?? ''}: optional fields come last`);
  if (prefix === undefined && !entries.length) throw new Error('button: a prefix or a field is needed');
  const whole = new Map(entries.map(([k, p]) => [k, new RegExp(`^(?:${p.pattern})$`)]));
  const name = prefix ?? entries.map(([k]) => k).join(':');

  const source = (where: Record<string, unknown>) => {
    let s = prefix === undefined ? '' : escape(prefix);
    entries.forEach(([key, part], i) => {
      const sep = i === 0 && prefix === undefined ? '' : ':';
      const value = where[key];
      const field = value === undefined ? `(${part.pattern})` : `(${escape(part.write(value))})`;
      // an optional field is optional unless `where` asks for a value
      s += part.optional && value === undefined ? `(?:${sep}${field})?` : `${sep}${field}`;
    });
    return `^${s}$`;
  };
  const any = new RegExp(source({}));

  const encode = (fields: Record<string, unknown>): string | Error => {
    const out = prefix === undefined ? [] : [prefix];
    for (const [key, part] of entries) {
      const value = fields[key];
      if (value === undefined) {
        if (part.optional) continue;
        return new Error(`button ${name}: ${key} is missing`);
      }
      const text = part.write(value);
      if (!whole.get(key)!.test(text)) return new Error(`button ${name}: ${key} "${text}" is not /${part.pattern}/`);
      out.push(text);
    }
    const data = out.join(':');
    if (bytes(data) > MAX_DATA_BYTES) return new Error(`button ${name}: ${bytes(data)} bytes, over ${MAX_DATA_BYTES}`);
    return data;
  };

  const parse = (data: string | undefined): FieldsOf<P> | undefined => {
    const m = data === undefined ? null : any.exec(data);
    if (!m) return undefined;
    const fields: Record<string, unknown> = {};
    entries.forEach(([key, part], i) => {
      const text = m[i + 1];
      if (text !== undefined) fields[key] = part.read(text);
    });
    return fields as FieldsOf<P>;
  };

  return {
    build(fields) {
      const data = encode(fields);
      if (data instanceof Error) throw data;
      return data;
    },
    tryBuild(fields) {
      const data = encode(fields);
      return data instanceof Error ? undefined : data;
    },
    filter: (where) => (where ? new RegExp(source(where)) : any),
    parse,
    unpack(match) {
      const data = typeof match === 'string' ? match : match[0];
      const fields = parse(data);
      if (!fields) throw new Error(`button ${name}: "${data}" is not of this kind`);
      return fields;
    },
  };
}

/** A field that is one of these words, written as it is. */
export function word<const W extends string>(...words: W[]): Part<W> {
  return { pattern: words.map(escape).join('|'), write: (v) => v, read: (t) => t as W };
}

/** A field written as a short code: `coded({ b: 'buy', s: 'sell' })` writes 'buy' as `b`. */
export function coded<const M extends Record<string, string>>(codes: M): Part<M[keyof M]> {
  const byValue = new Map(Object.entries(codes).map(([code, value]) => [value, code]));
  return {
    pattern: Object.keys(codes).map(escape).join('|'),
    // a value with no code is written as itself, which its pattern then refuses
    write: (v) => byValue.get(v) ?? v,
    read: (t) => codes[t] as M[keyof M],
  };
}

/** A whole number of at most `digits` digits. */
export function int(digits: number): Part<number> {
  return { pattern: String.raw`\d{1,${digits}}`, write: (v) => String(v), read: Number };
}

/** A field of text in a pattern (an id, an amount), read as it is written. */
export function text(pattern: string): Part<string> {
  return { pattern, write: (v) => v, read: (t) => t };
}

/** A last field that may be left out. */
export function optional<V>(part: Part<V>): Part<V> & { readonly optional: true } {
  return { ...part, optional: true };
}

/** A token's address (base58, as the address's own check reads it, without the checksum). */
export const TOKEN = text('T[1-9A-HJ-NP-Za-km-z]{33}');
