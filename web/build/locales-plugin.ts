// The page's texts at build time: for each language (locales/<lang>.ftl and every .ftl under
// locales/<lang>/, as the bot reads them), the Fluent entries the page uses, as one source per language.
// The page imports them as `virtual:app-locales` ({ en: '…', zh: '…', ru: '…' }), so it carries its own
// messages (`app-…`, `language-codes`) and terms, not the bot's whole files.
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const ID = 'virtual:app-locales';
const RESOLVED = `\0${ID}`;

/** The .ftl files of each language in `dir`, the language's own file first. */
export function languageFiles(dir: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const name of fs.readdirSync(dir).sort()) {
    const full = path.join(dir, name);
    if (name.endsWith('.ftl')) out.set(name.slice(0, -4), [full, ...(out.get(name.slice(0, -4)) ?? [])]);
  }
  for (const name of fs.readdirSync(dir).sort()) {
    const full = path.join(dir, name);
    if (!fs.statSync(full).isDirectory()) continue;
    const more = fs
      .readdirSync(full, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ftl'))
      .sort()
      .map((f) => path.join(full, f));
    if (more.length) out.set(name, [...(out.get(name) ?? []), ...more]);
  }
  return out;
}

/**
 * The entries of a Fluent source whose id passes `keep`, and every term (`-name`, which a kept message
 * may reference). An entry is its `id =` line and the indented or blank lines after it; comments and
 * everything else are dropped.
 */
export function pickEntries(source: string, keep: (id: string) => boolean): string {
  const kept: string[] = [];
  let taking = false;
  for (const line of source.split(/\r?\n/)) {
    const head = /^(-?[a-zA-Z][\w-]*)\s*=/.exec(line);
    if (head) taking = head[1]!.startsWith('-') || keep(head[1]!);
    else if (!/^(\s|$)/.test(line)) taking = false;
    if (taking) kept.push(line);
  }
  return kept.join('\n').trim();
}

export function appLocales(dir: string, keep: (id: string) => boolean): Plugin {
  return {
    name: 'app-locales',
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    load(id) {
      if (id !== RESOLVED) return undefined;
      const sources: Record<string, string> = {};
      for (const [lang, files] of languageFiles(dir)) {
        for (const f of files) this.addWatchFile(f);
        sources[lang] = files.map((f) => pickEntries(fs.readFileSync(f, 'utf8'), keep)).join('\n\n');
      }
      return `export default ${JSON.stringify(sources)};`;
    },
  };
}
