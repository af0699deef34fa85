// The Mini App in a real browser: Debian's Chromium, driven headless by playwright-core. A page the size
// of a phone (360×740) opened as Telegram opens the app (its launch parameters in the URL fragment),
// that reaches nothing but the local servers (every other request is aborted and recorded), and that
// records what would go wrong quietly: console errors, uncaught exceptions and Content-Security-Policy
// violations, so that a test can assert there are none.
//
// Where /usr/bin/chromium is missing the browser tests skip (`describe.skipIf(!HAS_CHROMIUM)`), and this
// file, registered as a global setup in vitest.config.ts, says once how to run them.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { WEBAPP_DIR } from '../../src/web/static.routes.js';

export const CHROMIUM = '/usr/bin/chromium';
export const HAS_CHROMIUM = existsSync(CHROMIUM);
export const HOW_TO_RUN = `browser tests skipped: no ${CHROMIUM}; to run them: apt-get install -y chromium, then npm test`;

/**
 * The global setup (vitest.config.ts): one line when the browser tests cannot run, in a run whose
 * files may include them (not the unit tests' run).
 */
export default function browserNotice(project?: { config: { include: string[] } }): void {
  const mayRunThem =
    project?.config.include.some((glob) => /^test\/(\*\*\/|web\/(\*\*\/|browser\/))/.test(glob)) ?? true;
  if (!HAS_CHROMIUM && mayRunThem) console.warn(HOW_TO_RUN);
}

/** The phone the page is shown on. */
export const VIEWPORT = { width: 360, height: 740 } as const;

/** Telegram's themeParams as its apps send them (snake_case), light and dark. */
export const THEMES = {
  light: {
    bg_color: '#ffffff',
    text_color: '#000000',
    hint_color: '#707579',
    link_color: '#3390ec',
    button_color: '#3390ec',
    button_text_color: '#ffffff',
    secondary_bg_color: '#f4f4f5',
  },
  dark: {
    bg_color: '#212121',
    text_color: '#ffffff',
    hint_color: '#aaaaaa',
    link_color: '#8774e1',
    button_color: '#8774e1',
    button_text_color: '#ffffff',
    secondary_bg_color: '#181818',
  },
} as const;
export type ThemeName = keyof typeof THEMES;

/** The address Telegram opens the app at: the page, and its launch parameters in the fragment. */
export function launchUrl(
  base: string,
  initData: string,
  o: { theme?: ThemeName; startParam?: string; platform?: string } = {},
): string {
  const params = [
    `tgWebAppData=${encodeURIComponent(initData)}`,
    'tgWebAppVersion=8.0',
    `tgWebAppPlatform=${o.platform ?? 'tdesktop'}`,
    `tgWebAppThemeParams=${encodeURIComponent(JSON.stringify(THEMES[o.theme ?? 'light']))}`,
    ...(o.startParam ? [`tgWebAppStartParam=${encodeURIComponent(o.startParam)}`] : []),
  ];
  return `${base}/app/#${params.join('&')}`;
}

/** Throws, saying how to build it, when the page is not built (npm test builds it before vitest). */
export function requireBuiltPage(): void {
  if (!existsSync(path.join(WEBAPP_DIR, 'index.html')))
    throw new Error(`${WEBAPP_DIR} has no index.html: run \`npm run build:web\` first`);
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'], headless: true });
}

/** Hosts the page may reach: the test's own servers. */
const LOCAL = new Set(['127.0.0.1', 'localhost', '[::1]']);

export interface AppPage {
  page: Page;
  context: BrowserContext;
  /** console messages of type error (the browser logs refused loads and CSP refusals there too) */
  consoleErrors: string[];
  /** exceptions no script caught */
  pageErrors: string[];
  /** securitypolicyviolation events: the directive and what it refused */
  cspViolations: string[];
  /** requests to anywhere but the local servers (aborted) */
  blocked: string[];
  /** Everything above, one line each: what a test expects to be empty. */
  problems(): string[];
  close(): Promise<void>;
}

/** A fresh context and page: a 360×740 phone, its own storage, nothing off the machine. */
export async function newAppPage(browser: Browser, o: { scale?: number; dark?: boolean } = {}): Promise<AppPage> {
  const context = await browser.newContext({
    viewport: VIEWPORT,
    deviceScaleFactor: o.scale ?? 1,
    isMobile: true,
    hasTouch: true,
    colorScheme: o.dark ? 'dark' : 'light',
    locale: 'en-US',
    timezoneId: 'UTC',
    serviceWorkers: 'block',
  });
  const consoleErrors: string[] = [];
  const pageErrors: string[] = [];
  const cspViolations: string[] = [];
  const blocked: string[] = [];

  await context.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.protocol === 'data:' || url.protocol === 'blob:' || LOCAL.has(url.hostname)) return route.continue();
    blocked.push(route.request().url());
    return route.abort('blockedbyclient');
  });
  await context.exposeFunction('__reportCsp', (line: string) => {
    cspViolations.push(line);
  });
  // an init script runs before the page's own and is not subject to its CSP
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __reportCsp?: (line: string) => void }).__reportCsp;
      report?.(`${e.violatedDirective} refused ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`);
    });
  });

  const page = await context.newPage();
  page.on('console', (msg) => {
    if (msg.type() === 'error') consoleErrors.push(msg.text());
    else if (/Content.Security.Policy/i.test(msg.text())) cspViolations.push(msg.text());
  });
  page.on('pageerror', (err) => pageErrors.push(err.message));

  return {
    page,
    context,
    consoleErrors,
    pageErrors,
    cspViolations,
    blocked,
    problems: () => [
      ...consoleErrors.map((e) => `console error: ${e}`),
      ...pageErrors.map((e) => `uncaught: ${e}`),
      ...cspViolations.map((e) => `CSP: ${e}`),
      ...blocked.map((e) => `blocked request: ${e}`),
    ],
    close: () => context.close(),
  };
}

/** A test id's selector, with attributes it must have (`{ state: 'ready' }` is data-state="ready"). */
export function byTestId(id: string, data: Record<string, string> = {}): string {
  const attrs = Object.entries(data)
    .map(([k, v]) => `[data-${k}="${v}"]`)
    .join('');
  return `[data-testid="${id}"]${attrs}`;
}
