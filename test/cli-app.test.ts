// `cli app link`: on the devnet, a link whose launch data the Mini App's check accepts, as the user asked
// for; refused without BOT_TOKEN and off the devnet.
import { parse, validate } from '@tma.js/init-data-node';
import { describe, expect, it } from 'vitest';
import { appCommand } from '../src/cli/app.js';
import { loadConfig } from '../src/config.js';

const TOKEN = '123456789:TEST-token-for-the-cli-app-link-xyz';
const TOKEN_ADDRESS = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';

const linkOf = (args: string[], env: Record<string, string>, devnet = true) => {
  const lines: string[] = [];
  const config = loadConfig(env);
  appCommand(args, { ...config, devnet: { ...config.devnet, enabled: devnet } }, (l) => lines.push(l));
  return lines;
};

describe('app link', () => {
  it('prints the app address with launch data signed by the bot token, for the user and language asked', () => {
    const [line, ...more] = linkOf(['link', '777', '--lang', 'ru', '--token', TOKEN_ADDRESS], { BOT_TOKEN: TOKEN });
    expect(more).toEqual([]);
    const url = new URL(line!);
    expect(`${url.origin}${url.pathname}`).toBe('http://127.0.0.1:3000/app/');
    const launch = new URLSearchParams(url.hash.slice(1));
    const initData = launch.get('tgWebAppData')!;
    expect(() => validate(initData, TOKEN, { expiresIn: 3600 })).not.toThrow();
    expect(() => validate(initData, `${TOKEN}x`, { expiresIn: 3600 })).toThrow();
    expect(parse(initData).user).toMatchObject({ id: 777, language_code: 'ru' });
    expect(launch.get('tgWebAppStartParam')).toBe(TOKEN_ADDRESS);
  });

  it('is refused without BOT_TOKEN, off the devnet, and for a bad user id', () => {
    expect(() => linkOf(['link', '777'], {})).toThrow(/BOT_TOKEN/);
    expect(() => linkOf(['link', '777'], { BOT_TOKEN: TOKEN }, false)).toThrow(/devnet only/);
    expect(() => linkOf(['link', 'abc'], { BOT_TOKEN: TOKEN })).toThrow(/user id/);
  });
});
