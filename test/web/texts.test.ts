// The page's texts: every message key web/src asks for (a literal 'app-…', or the prefix of a key made
// from a template) is in the English message files, which the locale test holds every language to.
import fs from 'node:fs';
import path from 'node:path';
import { FluentResource } from '@fluent/bundle';
import { describe, expect, it } from 'vitest';
import { languageFiles, pickEntries } from '../../web/build/locales-plugin.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SRC = path.join(ROOT, 'web/src');
const sources = fs
  .readdirSync(SRC, { recursive: true, encoding: 'utf8' })
  .filter((f) => /\.tsx?$/.test(f))
  .map((f) => fs.readFileSync(path.join(SRC, f), 'utf8'));

const keep = (id: string) => id.startsWith('app-') && !id.startsWith('app-srv-');

function english(): Set<string> {
  const ids = new Set<string>();
  for (const file of languageFiles(path.join(ROOT, 'locales')).get('en') ?? []) {
    const picked = pickEntries(fs.readFileSync(file, 'utf8'), keep);
    for (const entry of new FluentResource(picked).body as Array<{ id: string }>) ids.add(entry.id);
  }
  return ids;
}

describe('the Mini App texts', () => {
  const en = english();

  it('bundle only the page messages, and every one parses', () => {
    expect(en.size).toBeGreaterThan(80);
    expect([...en].every(keep)).toBe(true);
  });

  it('hold every key the page asks for', () => {
    const literal = new Set(sources.flatMap((s) => [...s.matchAll(/['"](app-[a-z0-9-]+)['"]/g)].map((m) => m[1]!)));
    const prefixes = new Set(sources.flatMap((s) => [...s.matchAll(/`(app-[a-z0-9-]+-)\$\{/g)].map((m) => m[1]!)));
    expect([...literal].filter((k) => !en.has(k))).toEqual([]);
    expect([...prefixes].filter((p) => ![...en].some((k) => k.startsWith(p)))).toEqual([]);
    expect(literal.size).toBeGreaterThan(50);
  });
});
