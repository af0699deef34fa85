// A trading store on an in-memory bot database (the real migrations), with a user and a wallet.
import { openSqlite } from '../../src/db/open.js';
import * as schema from '../../src/trading/schema.js';
import { createTradingStore, DEFAULT_SETTINGS, type UserRow, type WalletRow } from '../../src/trading/store.js';

export function memoryStore() {
  return createTradingStore(openSqlite(':memory:', schema, 'bot'));
}

export function addUser(
  store: ReturnType<typeof memoryStore>,
  id: number,
  address = 'TWalletWalletWalletWalletWalletWa',
): { user: UserRow; wallet: WalletRow } {
  store.createUser({
    telegramId: id,
    username: null,
    apiKeyEnc: 'sealed',
    apiKeyId: null,
    activeWalletId: null,
    settings: JSON.stringify(DEFAULT_SETTINGS),
    createdAt: 0,
  });
  const wallet = store.addWallet({ userId: id, address, keyEnc: 'sealed', label: null, createdAt: 0 });
  store.setActiveWallet(id, wallet.id);
  return { user: store.user(id)!, wallet };
}
