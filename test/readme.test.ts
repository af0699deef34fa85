// The README and the guides in docs/ stay true: the bot's command list, every env var, the README's
// length, and every relative link (and the heading it points at).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { commandMenu } from '../src/bot/commands.js';
import { LANGS, speechIn } from './helpers/speech.js';
import { configSchema } from '../src/config.js';

const read = (file: string): string => fs.readFileSync(file, 'utf8');
const readme = read('README.md');
const botDoc = read('docs/bot.md');
const operationsDoc = read('docs/operations.md');
const envExample = read('.env.example');
const markdownFiles = [
  'README.md',
  ...fs
    .readdirSync('docs')
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

/** Markdown without fenced code blocks and inline code, where brackets are not links. */
function prose(text: string): string {
  return text.replace(/^```[^\n]*\n[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
}

/** The targets of inline links and images: `[text](target)` and `![alt](target)`. */
function linkTargets(text: string): string[] {
  return [...prose(text).matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!);
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function anchorOf(heading: string): string {
  return heading
    .replace(/`/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

function anchorsIn(file: string): Set<string> {
  const headings = [...prose(read(file)).matchAll(/^#{1,6} +(.+?) *$/gm)].map((m) => anchorOf(m[1]!));
  return new Set(headings);
}

describe('README', () => {
  it('is at most 150 lines', () => {
    expect(readme.trimEnd().split('\n').length).toBeLessThanOrEqual(150);
  });

  it('links to the configuration doc', () => {
    expect(readme).toContain('](docs/operations.md#configuration)');
  });
});

describe('docs', () => {
  it('list the bot commands in every language exactly as BotFather takes them (docs/bot.md)', () => {
    for (const { lang } of LANGS) {
      const menu = commandMenu(speechIn(lang));
      expect(botDoc, lang).toContain(menu.map((c) => `${c.command} - ${c.description}`).join('\n'));
    }
  });

  it('document every configuration variable, in docs/operations.md and .env.example', () => {
    for (const key of Object.keys(configSchema.shape)) {
      expect(operationsDoc, key).toContain(`\`${key}\``);
      expect(envExample, key).toContain(key);
    }
  });

  it('link only to files (and headings) that exist', () => {
    const broken: string[] = [];
    for (const file of markdownFiles) {
      for (const target of linkTargets(read(file))) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // http:, https:, mailto:
        const [pathPart = '', anchor] = target.split('#');
        const resolved = pathPart === '' ? file : path.join(path.dirname(file), decodeURIComponent(pathPart));
        if (!fs.existsSync(resolved)) {
          broken.push(`${file}: ${target} (no file ${resolved})`);
        } else if (anchor !== undefined && resolved.endsWith('.md') && !anchorsIn(resolved).has(anchor)) {
          broken.push(`${file}: ${target} (no heading #${anchor} in ${resolved})`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it('name only paths of the repository that exist (a file or folder in `src/…`, `test/…`, `bench/…`)', () => {
    const missing: string[] = [];
    for (const file of markdownFiles) {
      for (const m of read(file).matchAll(/`((?:src|test|bench|scripts|drizzle|contracts)\/[^`\s]*)`/g)) {
        const named = m[1]!;
        if (/[*{<]/.test(named)) continue; // a pattern, not a path
        if (!fs.existsSync(named)) missing.push(`${file}: ${named}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
