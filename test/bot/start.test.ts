// `npm start` with BOT_TOKEN and TELEGRAM_API_ROOT: the whole system comes up and the bot answers a
// user over long polling, as it would against Telegram.
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/devnet.js';
import { waitFor } from '../helpers/facade.js';
import { FakeTelegram } from '../helpers/telegram.js';
import { TOKEN } from '../helpers/bot.js';

let child: ChildProcess | undefined;
let output = '';
const tg = new FakeTelegram();

afterAll(async () => {
  // stopped once it has exited (it closes its bot, API and devnet first)
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((r) => child!.once('exit', r));
    child.kill('SIGTERM');
    const hung = setTimeout(() => child?.kill('SIGKILL'), 10_000); // a deadline, not a wait
    await exited;
    clearTimeout(hung);
  }
  await tg.stop();
});

describe('npm start with a bot token', () => {
  it('registers the commands, polls, and answers /start', async () => {
    await tg.start();
    const port = 20000 + Math.floor(Math.random() * 20000);
    child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      env: {
        ...process.env,
        DATA_DIR: tempDir(),
        PORT: String(port),
        DEVNET_PORT: String(port + 1),
        DEVNET2_PORT: String(port + 2),
        DEVNET_SEED: 'false',
        DEVNET_THREAD: 'true', // the devnet on its own thread here; the crash test runs it in process
        BOT_TOKEN: TOKEN,
        TELEGRAM_API_ROOT: tg.url,
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    await waitFor(() => (tg.calls.some((c) => c.method === 'setMyCommands') ? true : undefined), 40_000);
    const commands = tg.calls.find((c) => c.method === 'setMyCommands')!.payload.commands as Array<{ command: string }>;
    expect(commands.map((c) => c.command)).toEqual(
      expect.arrayContaining(['start', 'token', 'buy', 'sell', 'wallet', 'holders', 'trades', 'settings']),
    );
    tg.queue.push(tg.message(4242, '/start'));
    await waitFor(() => (tg.sent(4242).length ? true : undefined), 20_000);
    expect(tg.last(4242).text).toMatch(/Welcome!.*\n<code>T\w{33}<\/code>/);
    expect(output).toMatch(/WALLET_ENCRYPTION_KEY is not set/); // the loud devnet warning
    expect(output).toMatch(/bot @launchpad_test_bot is polling/);
  });
});
