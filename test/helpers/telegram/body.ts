// Request bodies as the Bot API takes them: JSON, multipart/form-data (how grammY uploads files) and
// url-encoded, with the query string's parameters under them.
import { isRecord } from './refusals.js';
import type { Payload, Upload } from './types.js';

/** fields that arrive as JSON text in a form and are recorded parsed */
const JSON_FIELDS = new Set([
  'reply_markup',
  'media',
  'entities',
  'caption_entities',
  'reply_parameters',
  'link_preview_options',
]);

function parseMultipart(body: Buffer, boundary: string): Array<{ name: string; filename?: string; data: Buffer }> {
  const delimiter = Buffer.from(`--${boundary}`);
  const next = Buffer.from(`\r\n--${boundary}`);
  const parts: Array<{ name: string; filename?: string; data: Buffer }> = [];
  let pos = body.indexOf(delimiter);
  if (pos < 0) throw new Error('no multipart boundary');
  for (;;) {
    pos += delimiter.length;
    if (body[pos] === 0x2d && body[pos + 1] === 0x2d) return parts; // the closing delimiter
    const lineEnd = body.indexOf('\r\n', pos);
    if (lineEnd < 0) throw new Error('truncated multipart body');
    pos = lineEnd + 2;
    const headEnd = body.subarray(pos, pos + 2).toString('latin1') === '\r\n' ? pos : body.indexOf('\r\n\r\n', pos);
    if (headEnd < 0) throw new Error('truncated multipart headers');
    const start = headEnd === pos ? pos + 2 : headEnd + 4;
    const end = body.indexOf(next, start);
    if (end < 0) throw new Error('unterminated multipart part');
    let name = '';
    let filename: string | undefined;
    for (const line of body.toString('utf8', pos, headEnd).split('\r\n')) {
      const colon = line.indexOf(':');
      if (colon < 0 || line.slice(0, colon).trim().toLowerCase() !== 'content-disposition') continue;
      for (const m of line.slice(colon + 1).matchAll(/;\s*([\w*-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/g)) {
        const value = (m[2] ?? m[3] ?? '').trim();
        if (m[1]!.toLowerCase() === 'name') name = value;
        else if (m[1]!.toLowerCase() === 'filename') filename = value;
      }
    }
    parts.push({ name, ...(filename !== undefined ? { filename } : {}), data: body.subarray(start, end) });
    pos = end + 2;
  }
}

export function readBody(
  contentType: string,
  body: Buffer,
  query: URLSearchParams,
): { payload: Payload; files: Map<string, Upload> } {
  const payload: Payload = Object.fromEntries(query);
  const files = new Map<string, Upload>();
  if (!body.length) return { payload, files };
  const type = contentType.toLowerCase();
  if (type.startsWith('multipart/form-data')) {
    const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
    if (!boundary) throw new Error('no multipart boundary');
    for (const part of parseMultipart(body, boundary[1] ?? boundary[2]!)) {
      if (part.filename !== undefined) {
        files.set(part.name, { filename: part.filename, data: Buffer.from(part.data) });
        continue;
      }
      const text = part.data.toString('utf8');
      let value: unknown = text;
      if (JSON_FIELDS.has(part.name) && /^\s*[[{]/.test(text)) {
        try {
          value = JSON.parse(text) as unknown;
        } catch {
          value = text;
        }
      }
      payload[part.name] = value;
    }
  } else if (type.startsWith('application/x-www-form-urlencoded')) {
    Object.assign(payload, Object.fromEntries(new URLSearchParams(body.toString('utf8'))));
  } else {
    const json = JSON.parse(body.toString('utf8')) as unknown;
    if (!isRecord(json)) throw new Error('the JSON body is not an object');
    Object.assign(payload, json);
  }
  return { payload, files };
}
