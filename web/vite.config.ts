// The Mini App's page: Preact, built by Vite from web/ to dist/webapp/ and served by the server at /app/
// under a strict Content-Security-Policy (script-src 'self'; style-src 'self'), so the built
// index.html must hold no inline script or style: no module-preload polyfill (Vite would inline it),
// CSS in its own file, no assets inlined as data: URLs.
import { fileURLToPath } from 'node:url';
import preact from '@preact/preset-vite';
import { defineConfig } from 'vite';
import { appLocales } from './build/locales-plugin.js';

const web = fileURLToPath(new URL('.', import.meta.url));
const repo = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  root: web,
  base: '/app/',
  publicDir: false,
  plugins: [
    preact(),
    appLocales(
      `${repo}locales`,
      (id) => (id.startsWith('app-') && !id.startsWith('app-srv-')) || id === 'language-codes',
    ),
  ],
  build: {
    outDir: `${repo}dist/webapp`,
    emptyOutDir: true,
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    cssCodeSplit: false,
    sourcemap: false,
  },
  // `vite --config web/vite.config.ts` while `npm start` runs on its default port: the page from Vite, its API from the app
  server: { proxy: { '/app/api': 'http://127.0.0.1:3000' } },
});
