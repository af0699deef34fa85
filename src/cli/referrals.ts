// `cli referrals list | set | payout`: the referral programme from the operator's side, on the trading
// side's database (Postgres with DATABASE_URL, else DATA_DIR/bot.sqlite) and the API's fee ledger (the
// fees the referees' keys paid on chain), read directly as the keys commands do.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { and, eq, gte, inArray } from 'drizzle-orm';
import type { Config } from '../config.js';
import { tronHost } from '../config.js';
import { openAppDatabase, openDb, type AppDatabase } from '../db/index.js';
import { openTradingDatabase } from '../trading/db.js';
import { createTradingStore } from '../trading/store.js';
import { createReferrals, describeSettings, type BookedFee } from '../trading/referrals/index.js';
import { payReferrers } from '../trading/referrals/payout.js';
import { createTronWeb } from '../tron/client.js';
import { ChainGateway } from '../tron/gateway.js';
import { createChainClock } from '../tron/chain-clock.js';
import { sunToTrx } from '../tron/units.js';
import { CliUsageError } from './router.js';

/** The fees booked for these keys, from the API's database. */
function ledgerFees(app: AppDatabase) {
  return {
    async adminFees(keyIds: number[], since?: number): Promise<BookedFee[]> {
      if (!keyIds.length) return [];
      const f = app.t.feeLedger;
      return app.q
        .select({
          txid: f.txid,
          apiKeyId: f.apiKeyId,
          feeSun: f.feeSun,
          confirmedAt: f.confirmedAt,
          family: app.t.tokens.family,
        })
        .from(f)
        .leftJoin(app.t.tokens, eq(app.t.tokens.address, f.token))
        .where(and(inArray(f.apiKeyId, keyIds), since === undefined ? undefined : gte(f.confirmedAt, since)));
    },
  };
}

const trx = (sun: bigint) => `${sunToTrx(sun)} TRX`;

export async function referralsCommand(
  args: string[],
  config: Config,
  out: (line: string) => void,
  readKey: () => Promise<string>,
): Promise<void> {
  const [cmd, ...rest] = args;
  const app = config.databaseUrl
    ? await openAppDatabase({ postgres: config.databaseUrl })
    : await openAppDatabase({ sqlite: openDb(config.appDbFile) });
  const bot = await openTradingDatabase(
    config.databaseUrl ? { postgres: config.databaseUrl } : { sqlite: path.join(config.dataDir, 'bot.sqlite') },
  );
  try {
    const store = createTradingStore(bot);
    // payouts are paid on the first network (TRON_RPC): only the fees paid there earn
    const payingFamilies = config.networks.length > 1 ? config.networks[0]!.families : undefined;
    const referrals = createReferrals({ db: bot, meta: store, fees: ledgerFees(app), payingFamilies });
    if (cmd === 'list') {
      out(`terms: ${describeSettings(await referrals.settings())}`);
      out('telegram id\tcode\twallet\treferees\tearned\tpaid\towed');
      for (const f of await referrals.figures()) {
        const code = await referrals.codeOf(f.referrer);
        const wallet = await activeWallet(store, f.referrer);
        out(
          `${f.referrer}\t${code}\t${wallet ?? '-'}\t${f.joined}\t${trx(f.earnedSun)}\t${trx(f.paidSun)}\t${trx(f.owedSun)}`,
        );
      }
    } else if (cmd === 'set') {
      const { values } = parseArgs({
        args: rest,
        options: {
          shares: { type: 'string' },
          days: { type: 'string' },
          'discount-pct': { type: 'string' },
          'threshold-trx': { type: 'string' },
        },
      });
      try {
        const s = await referrals.setSettings({
          ...(values.shares !== undefined ? { shares: values.shares } : {}),
          ...(values.days !== undefined ? { days: values.days } : {}),
          ...(values['discount-pct'] !== undefined ? { discountPct: values['discount-pct'] } : {}),
          ...(values['threshold-trx'] !== undefined ? { thresholdTrx: values['threshold-trx'] } : {}),
        });
        out(
          `referral terms: ${describeSettings(s)}; referees pay ${s.discountPct}% less; payouts from ${trx(s.thresholdSun)}`,
        );
      } catch (e) {
        throw new CliUsageError(`referrals set: ${(e as Error).message}`);
      }
    } else if (cmd === 'payout') {
      const key = (await readKey()).trim().replace(/^0x/, '');
      if (!/^[0-9a-fA-F]{64}$/.test(key)) throw new CliUsageError('the paying wallet’s private key (64 hex) on stdin');
      const chain = new ChainGateway(createTronWeb({ host: tronHost(config), apiKey: config.tronApiKey }));
      const chainTime = createChainClock({ head: () => chain.head() });
      await chainTime.read();
      const r = await payReferrers({
        referrals,
        walletOf: (id) => activeWallet(store, id),
        chain,
        payerKey: key,
        say: out,
        chainNow: chainTime.now,
      });
      out(`payouts: ${r.confirmed} confirmed, ${r.failed} failed (owed again), ${r.underway} still under way`);
    } else {
      throw new CliUsageError(`unknown command: referrals ${cmd ?? ''}`.trim());
    }
  } finally {
    await bot.close();
    await app.close();
  }
}

async function activeWallet(
  store: ReturnType<typeof createTradingStore>,
  telegramId: number,
): Promise<string | undefined> {
  const user = await store.user(telegramId);
  if (!user?.activeWalletId) return undefined;
  return (await store.wallet(telegramId, user.activeWalletId))?.address;
}
