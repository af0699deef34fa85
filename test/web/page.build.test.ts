// The built page (dist/webapp, made by `npm run build:web`, which `npm test` runs before vitest) fits
// the server's Content-Security-Policy (script-src 'self'; style-src 'self'): no inline script, no
// inline style or style attribute, every asset under /app/ and present, the CSS in its own file, and
// no eval in the scripts.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const OUT = path.join(ROOT, 'dist/webapp');
const INDEX = path.join(OUT, 'index.html');

describe('the built Mini App page', () => {
  if (!fs.existsSync(INDEX)) throw new Error('dist/webapp/index.html is missing: run `npm run build:web` first');
  const html = fs.readFileSync(INDEX, 'utf8');

  it('has no inline script and no inline style', () => {
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs, body] of scripts) {
      expect(attrs).toMatch(/\bsrc=/);
      expect(body!.trim()).toBe('');
    }
    expect(html).not.toMatch(/<style\b/i);
    expect(html).not.toMatch(/\sstyle=/i);
    expect(html).not.toMatch(/\son[a-z]+=/i); // no inline event handlers either
  });

  it('references only its own files under /app/, which exist, with the CSS in a file', () => {
    const refs = [...html.matchAll(/\s(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThanOrEqual(2);
    for (const ref of refs) {
      expect(ref).toMatch(/^\/app\//);
      expect(fs.existsSync(path.join(OUT, ref.slice('/app/'.length))), ref).toBe(true);
    }
    expect(refs.some((r) => r.endsWith('.css'))).toBe(true);
  });

  it('bundles scripts that use no eval (refused by the CSP)', () => {
    const assets = fs.readdirSync(path.join(OUT, 'assets'));
    const scripts = assets.filter((f) => f.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    for (const f of scripts) {
      const js = fs.readFileSync(path.join(OUT, 'assets', f), 'utf8');
      expect(js).not.toMatch(/new Function\(|[^\w.$]eval\(/);
      // it never loads Telegram's script from outside the origin
      expect(js).not.toContain('telegram-web-app.js');
    }
  });
});
