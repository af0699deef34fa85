// `cli app link TELEGRAM_ID [--lang CODE] [--token ADDRESS]`: on the embedded devnet, a link that opens
// the Mini App in any browser as that Telegram user, with launch data signed by BOT_TOKEN as Telegram
// would sign it (valid for an hour). It is a login: the command refuses to make one off the devnet,
// where only Telegram itself opens the app.
import { sign } from '@tma.js/init-data-node';
import { parseArgs } from 'node:util';
import type { Config } from '../config.js';
import { isBase58Address } from '../tron/address.js';
import { CliUsageError } from './router.js';

type Out = (line: string) => void;

export function appCommand(args: string[], config: Config, out: Out, now = new Date()): void {
  const [cmd, ...rest] = args;
  if (cmd !== 'link') throw new CliUsageError(`unknown app command: ${cmd ?? '(none)'}`);
  if (!config.devnet.enabled)
    throw new CliUsageError('app link is for the embedded devnet only: on a real network, open the app from Telegram');
  if (!config.bot.token) throw new CliUsageError('app link needs BOT_TOKEN (the app checks its launch data with it)');
  const { positionals, values } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: { lang: { type: 'string' }, token: { type: 'string' } },
  });
  const id = Number(positionals[0]);
  if (!Number.isSafeInteger(id) || id <= 0) throw new CliUsageError('give the Telegram user id (a positive number)');
  if (values.token !== undefined && !isBase58Address(values.token))
    throw new CliUsageError('--token takes a token address (base58, T…)');
  const user = { id, first_name: `User ${id}`, ...(values.lang ? { language_code: values.lang } : {}) };
  const initData = sign({ user }, config.bot.token, now);
  const launch = new URLSearchParams({ tgWebAppData: initData, tgWebAppVersion: '8.0', tgWebAppPlatform: 'web' });
  if (values.token) launch.set('tgWebAppStartParam', values.token);
  out(`${config.appUrl}#${launch.toString()}`);
}
