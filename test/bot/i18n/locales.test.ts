// The message files: every language has every message, with the same placeables; every key the bot's
// code asks for exists; and no user-visible text is left in src/bot outside locales/ (a scan of its
// string literals, with a short allowed list for symbols, units and Telegram's own words).
import fs from 'node:fs';
import path from 'node:path';
import { FluentResource } from '@fluent/bundle';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { createLanguages, LOCALES_DIR } from '../../../src/bot/i18n.js';

const LANGUAGES = createLanguages().list;

type Pattern = string | Array<string | Record<string, unknown>> | null | undefined;

/** The .ftl files of a language: locales/<lang>.ftl and any under locales/<lang>/. */
function filesOf(lang: string): string[] {
  const one = path.join(LOCALES_DIR, `${lang}.ftl`);
  const dir = path.join(LOCALES_DIR, lang);
  const more = fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('.ftl'))
        .map((f) => path.join(dir, f))
    : [];
  return [...(fs.existsSync(one) ? [one] : []), ...more];
}

/** Each message of a language (attributes as `id.attr`) with the variables its text uses. */
function messagesOf(lang: string): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const file of filesOf(lang)) {
    const text = fs.readFileSync(file, 'utf8');
    const resource = new FluentResource(text);
    for (const m of resource.body as Array<{ id: string; value: Pattern; attributes: Record<string, Pattern> }>) {
      if (out.has(m.id)) throw new Error(`${lang}: ${m.id} is defined twice`);
      out.set(m.id, varsOf(m.value));
      for (const [attr, v] of Object.entries(m.attributes)) out.set(`${m.id}.${attr}`, varsOf(v));
    }
    // a message the parser skipped (junk) would vanish without a word: count the ids written
    const written = [...text.matchAll(/^(-?[a-zA-Z][\w-]*)\s*=/gm)].map((x) => x[1]);
    expect(written.length, `${file}: every entry parses`).toBe(resource.body.length);
  }
  return out;
}

function varsOf(p: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(p)) for (const e of p) varsOf(e, into);
  else if (p && typeof p === 'object') {
    const e = p as Record<string, unknown>;
    if (e.type === 'var' && typeof e.name === 'string') into.add(e.name);
    for (const v of Object.values(e)) if (v && typeof v === 'object') varsOf(v, into);
  }
  return into;
}

const SOURCE_DIR = path.resolve(LOCALES_DIR, '../src/bot');
const sources = fs
  .readdirSync(SOURCE_DIR, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.ts'))
  .map((f) => ({ file: path.join('src/bot', f), text: fs.readFileSync(path.join(SOURCE_DIR, f), 'utf8') }));

describe('the message files', () => {
  const en = messagesOf('en');

  it('have English as the reference, with messages for every part of the bot', () => {
    expect(en.size).toBeGreaterThan(300);
  });

  for (const { code } of LANGUAGES.filter((l) => l.code !== 'en'))
    it(`${code}: the same messages as English, each with the same placeables`, () => {
      const other = messagesOf(code);
      expect(
        [...other.keys()].filter((k) => !en.has(k)),
        `${code} has messages English lacks`,
      ).toEqual([]);
      expect(
        [...en.keys()].filter((k) => !other.has(k)),
        `${code} lacks messages`,
      ).toEqual([]);
      const differing = [...en].filter(([k, vars]) => [...vars].sort().join() !== [...other.get(k)!].sort().join());
      expect(
        differing.map(
          ([k, vars]) => `${k}: en { ${[...vars].join(', ')} } ${code} { ${[...other.get(k)!].join(', ')} }`,
        ),
      ).toEqual([]);
    });

  it('hold every key the bot asks for', () => {
    const asked = new Set<string>();
    for (const { text } of sources)
      for (const m of text.matchAll(/\bt\(\s*['"`]([a-z][\w.-]*)['"`]/g)) asked.add(m[1]!);
    // a command's menu text is asked for by its name (commands.ts)
    const missing = [...asked].filter((k) => !en.has(k));
    expect(missing).toEqual([]);
    expect(asked.size).toBeGreaterThan(200);
  });
});

/** Strings that may stay in code: symbols, units, and words of Telegram's API or the chain that are not shown. */
const ALLOWED = new Set(['TRX', 'USD', 'SunSwap V2', 'HTML', 'Markdown', 'MarkdownV2']);

/** Whether a literal's text reads as words a user would see (after dropping tags, placeholders, commands). */
function readsAsText(raw: string): boolean {
  const stripped = raw
    .replace(/<[^>]*>/g, ' ')
    .replace(/&[a-z]+;/g, ' ')
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/\/[a-z_]+/g, ' ')
    .trim();
  if (!stripped || ALLOWED.has(stripped)) return false;
  if (/[\u4e00-\u9fff]/.test(stripped)) return true;
  // a key, an identifier, a path or a pattern (no spaces, no capital start followed by lower case words)
  if (/^[\w.:@#$%*+\-/=|\\^?()[\]{},'"!]*$/.test(stripped) && !/^[A-ZА-Я][a-zа-я]{2,}/.test(stripped)) return false;
  return /[A-Za-zА-Яа-яЁё]{3,}/.test(stripped);
}

/** A literal's place in the code where it is never shown to a user. */
function notShown(node: ts.Node): boolean {
  const parent = node.parent;
  if (!parent) return false;
  if (ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent) || ts.isLiteralTypeNode(parent)) return true;
  if (ts.isPropertyAssignment(parent) && parent.name === node) return true;
  if (ts.isElementAccessExpression(parent)) return true;
  if (ts.isCaseClause(parent)) return true;
  if (ts.isBinaryExpression(parent) && /^(===|!==|==|!=)$/.test(parent.operatorToken.getText())) return true;
  // calls whose arguments are keys, log lines, data or errors for developers
  for (let n: ts.Node | undefined = parent; n && !ts.isSourceFile(n); n = n.parent) {
    if (ts.isCallExpression(n) || ts.isNewExpression(n)) {
      const callee = n.expression.getText();
      if (/(^|\.)(t|translate)$/.test(callee) && n.arguments?.[0] === node) return true;
      if (/(^|\.)(logger|log|console)\.\w+$|(^|\.)(warn|info|debug|error|trace|fatal)$/.test(callee)) return true;
      if (
        /^(button|word|coded|require|import)$|\.(filter|build|tryBuild|command|callbackQuery|on|hears|chatType|use)$/.test(
          callee,
        )
      )
        return n === parent;
      if (/^(Error|TypeError|RangeError)$/.test(callee)) return true;
      if (/^(RegExp)$/.test(callee)) return true;
      break;
    }
  }
  return false;
}

/** Files whose words are never shown: Telegram's refusals, matched by their descriptions. */
const NOT_SHOWN_FILES = new Set(['src/bot/refusals.ts']);

describe('no user-visible text in src/bot outside locales/', () => {
  it('finds none in the string literals', () => {
    const found: string[] = [];
    for (const { file, text } of sources.filter((s) => !NOT_SHOWN_FILES.has(s.file))) {
      const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
      const visit = (node: ts.Node) => {
        let raw: string | undefined;
        if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) raw = node.text;
        else if (ts.isTemplateExpression(node))
          raw = [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' ');
        if (raw !== undefined && readsAsText(raw) && !notShown(node)) {
          const line = sf.getLineAndCharacterOfPosition(node.getStart()).line + 1;
          found.push(`${file}:${line}: ${raw.slice(0, 60)}`);
        }
        // a template's parts are read whole above
        if (!ts.isTemplateExpression(node)) ts.forEachChild(node, visit);
        else for (const s of node.templateSpans) visit(s.expression);
      };
      visit(sf);
    }
    expect(found).toEqual([]);
  });
});
