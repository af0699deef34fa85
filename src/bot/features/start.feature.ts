// /start and /help: a new user gets a facade key (kept sealed) and a first wallet; one who came
// through a referral or share link is bound to its owner first and gets the referee's discount. A
// user without a PIN is asked to set one before the first deposit.
import { Composer } from 'grammy';
import type { BotContext } from '../context.js';
import { esc } from '../format.js';
import { joinUser } from '../../trading/join.js';
import { parseStart } from '../referrals.js';
import { showCard } from '../token-card.js';

export const COMMANDS = [
  { command: 'start', description: 'Start: your wallet and how to trade' },
  { command: 'token', description: 'Token card: /token ADDRESS (or just paste an address)' },
  { command: 'buy', description: 'Buy: /buy ADDRESS TRX' },
  { command: 'sell', description: 'Sell: /sell ADDRESS PERCENT% or AMOUNT' },
  { command: 'wallet', description: 'Your wallets, balance and positions' },
  { command: 'holders', description: 'Top holders: /holders ADDRESS' },
  { command: 'trades', description: 'Recent trades: /trades ADDRESS' },
  { command: 'new', description: 'Newest tokens' },
  { command: 'top', description: 'Tokens with the most 24 h volume' },
  { command: 'positions', description: 'Your positions with value, cost and profit' },
  { command: 'limit', description: 'Limit order: /limit ADDRESS buy TRX @ PRICE (or sell 50% @ PRICE)' },
  { command: 'tp', description: 'Take profit: /tp ADDRESS +100% 50%' },
  { command: 'sl', description: 'Stop loss: /sl ADDRESS -30% 100% [hold:N]' },
  { command: 'trail', description: 'Trailing stop: /trail ADDRESS 20% 100%' },
  { command: 'dca', description: 'DCA: /dca ADDRESS TRX every 1h x 10 [max PRICE]' },
  { command: 'orders', description: 'Your open orders, with Cancel' },
  { command: 'autotpsl', description: 'TP and SL on every new buy: /autotpsl +100% 50% -30% 100%' },
  { command: 'slhold', description: 'Stop-losses sell once the price holds N blocks: /slhold N' },
  { command: 'snipe', description: 'Sniper rules: /snipe add TRX name:WORD [safe] [launch] [maxprice:P] [maxmc:USD]' },
  {
    command: 'copy',
    description: 'Copy a wallet: /copy ADDRESS TRX [pct:P max:TRX] [budget:TRX] [token:TRX] [min:TRX] [sells]',
  },
  { command: 'settings', description: 'Slippage, presets, confirmations, fee limit' },
  { command: 'pin', description: 'Set or change your PIN: /pin 482913 (or /pin OLD NEW)' },
  { command: 'unlock', description: 'Wallet actions and guarded settings: /unlock PIN, for 2 minutes' },
  { command: 'referral', description: 'Your referral link: friends pay less, you earn a share of their fees' },
  { command: 'alerts', description: 'Alerts for a group or channel (its admins)' },
  { command: 'cancel', description: 'Cancel the current dialogue' },
  { command: 'help', description: 'How to use the bot' },
];

const HELP = [
  '<b>How to trade</b>',
  '1. Fund your wallet with TRX (/wallet shows its address).',
  '2. Paste a token address (or /token ADDRESS) to see its card.',
  '3. Tap a Buy or Sell button, check the quote, and Confirm.',
  '',
  ...COMMANDS.map((c) => `/${c.command} — ${esc(c.description)}`),
].join('\n');

export const startFeature = new Composer<BotContext>();

startFeature.command('start', async (ctx) => {
  if (!ctx.from) return;
  // a deep link: t.me/<bot>?start=<token> (an alert), r_<code> (a referral), t_<token>_<code> (a share)
  const link = parseStart(ctx.match);
  const { user, created, discountPct } = await joinUser(
    ctx.services,
    { id: ctx.from.id, username: ctx.from.username },
    link.code && link.via ? { code: link.code, via: link.via } : undefined,
  );
  // an address (and what it holds) is never posted in a group: the wallet is shown in private only
  if (ctx.chat?.type !== 'private') {
    if (link.token) await showCard(ctx, link.token, false);
    else await ctx.reply('Your wallet and trades are in our private chat: open it and send /start there.');
    return;
  }
  if (!created && link.token) {
    await showCard(ctx, link.token, false);
    return;
  }
  const wallet = await ctx.services.accounts.activeWallet(user);
  await ctx.reply(
    [
      created ? '👋 <b>Welcome!</b> I made you a wallet:' : '👋 <b>Welcome back!</b> Your active wallet:',
      `<code>${esc(wallet.address)}</code>`,
      '',
      ...(user.pinHash
        ? []
        : [
            '🔒 Before your first deposit, set a PIN: /pin and 4 to 8 digits. It guards export, withdraw and your wallets.',
          ]),
      'Send TRX to it, then paste any launchpad token address to trade.',
      ...(discountPct > 0
        ? ['', `🎁 You came through a friend's link: your trading fee is ${discountPct}% lower.`]
        : []),
      '',
      HELP,
    ].join('\n'),
    { parse_mode: 'HTML' },
  );
  if (link.token) await showCard(ctx, link.token, false);
});

startFeature.command('help', (ctx) => ctx.reply(HELP, { parse_mode: 'HTML' }));
