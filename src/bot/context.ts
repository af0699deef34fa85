// The bot's context type and the services every feature reaches through ctx.
import type { ConversationFlavor } from '@grammyjs/conversations';
import type { Api, Context } from 'grammy';
import type { Logger } from 'pino';
import type { LaunchpadClient } from '../client/index.js';
import type { Accounts } from '../trading/accounts.js';
import type { BotStore } from './store.js';
import type { TradeEvents, TradeFlow } from '../trading/trade-flow.js';
import type { OrderEngine } from '../trading/orders/index.js';
import type { Automation } from '../trading/automation/index.js';
import type { ChartCache } from './charts.js';
import type { UserPins } from '../trading/user-pin.js';
import type { Referrals } from '../trading/referrals/index.js';
import type { EnergyReads } from '../tron/energy-pool.js';
import type { Languages, Speech, SpeechFlavor } from './i18n.js';
import type { BotNetworks } from './networks.js';

export interface BotServices {
  store: BotStore;
  accounts: Accounts;
  trading: TradeFlow;
  /** Automated orders (limit, TP/SL, trailing, DCA). */
  orders: OrderEngine;
  /** The automation: sniping and copy trading. */
  automation: Automation;
  /** The referral programme: codes, who brought whom, the terms, the referrers' figures. */
  referrals: Referrals;
  /** The users' PINs, which guard the wallet's actions (export, withdraw, import, switch, remove) and risky settings. */
  pins: UserPins;
  /** How long a first withdrawal to an address waits for its second tap (30 s unless a test says). */
  newRecipientWaitMs?: number;
  /** The token cards' charts, by the file_id Telegram gave them. */
  charts: ChartCache;
  logger: Logger;
  trxUsd: number;
  /** The machine's clock: prompts, rate limits, how long a message lives. */
  now: () => number;
  /** The chain's time: what block times (a trade's, a DCA's next round) are counted from. */
  chainNow: () => number;
  /** The routers' energy pools and a wallet's energy and bandwidth, read from the node. */
  energy: EnergyReads;
  /** A wallet's TRX on each network, read from the bot's own nodes (/wallet shows it with several). */
  balances?: (address: string) => Promise<Array<{ network: string; name: string; sun: bigint | undefined }>>;
  /** The operator's client (admin routes). */
  operator: LaunchpadClient;
  /** Telegram ids allowed to use the admin commands. */
  admins: number[];
  /** How trade progress is reported (edits through this Api). */
  events: (api: Api) => TradeEvents;
  /** The message files and each language's formats. */
  languages: Languages;
  /** How to write to a chat when no update asks (notifications): its chosen language, else the one last seen. */
  speechOf: (chatId: number) => Promise<Speech>;
  /** The Mini App's address (APP_URL): `web_app` buttons and the menu button open it when it is https. */
  appUrl: string;
  /**
   * The networks the families are on: `networks.nameOf(family)` is the name a card, a quote or a
   * position shows, undefined (nothing shown) when only one network is configured.
   */
  networks: BotNetworks;
}

type BaseContext = Context & SpeechFlavor & { services: BotServices };
export type BotContext = ConversationFlavor<BaseContext>;
