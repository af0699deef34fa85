// `cli energy lender set | clear | status`: the account the bot lends trades' energy from
// (src/trading/energy-lending.ts). Its key comes on stdin and is sealed with WALLET_ENCRYPTION_KEY
// (on the devnet, the key `npm start` generated into DATA_DIR) into the trading side's database
// (Postgres with DATABASE_URL, else DATA_DIR/bot.sqlite); it is never printed.
import path from 'node:path';
import { TronWeb } from 'tronweb';
import type { Config } from '../config.js';
import { createLogger } from '../log.js';
import { openTradingDatabase } from '../trading/db.js';
import { clearLenderKey, lenderAddress, setLenderKey } from '../trading/energy-lending.js';
import { createTradingStore } from '../trading/store.js';
import { loadVaultKey, Vault } from '../vault.js';
import { CliUsageError } from './router.js';

export async function lenderCommand(
  args: string[],
  config: Config,
  out: (line: string) => void,
  stdin: () => Promise<string>,
): Promise<void> {
  const [cmd] = args;
  if (cmd !== 'set' && cmd !== 'clear' && cmd !== 'status')
    throw new CliUsageError(`unknown energy lender command: ${cmd ?? '(none)'} (set, clear or status)`);
  const key = cmd === 'set' ? (await stdin()).trim().replace(/^0x/, '') : undefined;
  if (key !== undefined && !/^[0-9a-fA-F]{64}$/.test(key))
    throw new CliUsageError("give the lender account's private key (64 hex digits) on stdin");
  const vault = new Vault(
    loadVaultKey({
      configured: config.encryptionKey,
      dataDir: config.dataDir,
      devnet: config.devnet.enabled,
      logger: createLogger('silent'),
    }),
  );
  const db = await openTradingDatabase(
    config.databaseUrl ? { postgres: config.databaseUrl } : { sqlite: path.join(config.dataDir, 'bot.sqlite') },
  );
  try {
    const store = createTradingStore(db);
    if (key !== undefined) {
      await setLenderKey(store, vault, key);
      out(`the bot lends trades' energy from ${TronWeb.address.fromPrivateKey(key) as string} (key sealed)`);
      out(`trades that would burn at least ${Number(config.energyLendMinSun) / 1e6} TRX for energy are lent it`);
    } else if (cmd === 'clear') {
      await clearLenderKey(store);
      out('no lender: the bot lends no more energy (loans out are still taken back)');
    } else {
      const address = await lenderAddress(store, vault);
      out(address ? `lender: ${address}` : 'no lender set');
    }
  } finally {
    await db.close();
  }
}
