// Users, their facade API keys and wallets. A wallet's key is made here, in the bot's process (never
// by the facade, never over the wire), sealed by the vault and decrypted only to sign, right before
// signing; the API key is sealed too and never shown.
import { TronWeb, utils } from 'tronweb';
import { LaunchpadClient } from '../client/index.js';
import type { TradingStore, UserRow, WalletRemoval, WalletRow } from './store.js';
import { DEFAULT_SETTINGS } from './store.js';
import type { Vault } from '../vault.js';
import type { NodeMarket } from './market.js';
import { why, type Reason } from './reasons.js';

export interface AccountsDeps {
  store: TradingStore;
  vault: Vault;
  /** Operator client: creates a key for each new user. */
  operator: LaunchpadClient;
  facadeUrl: string;
  defaultPlan: string;
  fetch?: typeof fetch;
  /** The node, read-only: whether a wallet holds anything is asked of it before the API. */
  market?: Pick<NodeMarket, 'trxBalance' | 'tokenBalance'> | undefined;
  /** Makes a new key pair (tests give a fixed one); TronWeb's, from the OS's randomness, by default. */
  newKey?: () => Promise<{ address: string; privateKey: string }>;
}

const randomKey = async () => {
  const a = await TronWeb.createAccount();
  return { address: a.address.base58, privateKey: a.privateKey };
};

/** A request the user can fix: its English message, and why in a form the bot words per language. */
export class UserError extends Error {
  readonly why: Reason;
  constructor(message: string, reason?: Reason) {
    super(message);
    this.why = reason ?? why('err-detail-user', { detail: message });
  }
}

export function createAccounts(deps: AccountsDeps) {
  const { store, vault } = deps;
  const newKey = deps.newKey ?? randomKey;
  const clients = new Map<number, LaunchpadClient>();
  const walletContext = (w: { userId: number; address: string }) => `wallet:${w.userId}:${w.address}`;

  function clientFor(user: UserRow): LaunchpadClient {
    let c = clients.get(user.telegramId);
    if (!c) {
      const apiKey = vault.decrypt(user.apiKeyEnc, `apikey:${user.telegramId}`);
      c = new LaunchpadClient({ baseUrl: deps.facadeUrl, apiKey, ...(deps.fetch ? { fetch: deps.fetch } : {}) });
      clients.set(user.telegramId, c);
    }
    return c;
  }

  function saveWallet(userId: number, address: string, privateKey: string): Promise<WalletRow> {
    return store.addWallet({
      userId,
      address,
      keyEnc: vault.encrypt(privateKey, walletContext({ userId, address })),
      label: null,
      createdAt: Date.now(),
    });
  }

  return {
    clientFor,

    /**
     * The user, created on first contact with a facade key and a first wallet; a referred newcomer's
     * key has `feeDiscountPct` percent off its plan's router fee.
     */
    async ensureUser(
      from: { id: number; username?: string | undefined },
      opts: { feeDiscountPct?: number | undefined } = {},
    ): Promise<{ user: UserRow; created: boolean }> {
      const existing = await store.user(from.id);
      if (existing) return { user: existing, created: false };
      const { id: apiKeyId, key: apiKey } = await deps.operator.createKey(
        deps.defaultPlan,
        `telegram:${from.id}`,
        true,
        opts.feeDiscountPct || undefined,
      );
      const made = await store.createUser({
        telegramId: from.id,
        username: from.username ?? null,
        apiKeyEnc: vault.encrypt(apiKey, `apikey:${from.id}`),
        apiKeyId,
        activeWalletId: null,
        settings: JSON.stringify(DEFAULT_SETTINGS),
        createdAt: Date.now(),
      });
      // another update (or process) made the user meanwhile: theirs stands
      if (!made) return { user: (await store.user(from.id))!, created: false };
      const k = await newKey();
      const wallet = await saveWallet(from.id, k.address, k.privateKey);
      await store.setActiveWallet(from.id, wallet.id);
      return { user: (await store.user(from.id))!, created: true };
    },

    /** The user's active wallet (never one they removed: then their first). */
    async activeWallet(user: UserRow): Promise<WalletRow> {
      const wallets = await store.wallets(user.telegramId);
      const w = wallets.find((x) => x.id === user.activeWalletId) ?? wallets[0];
      if (!w) throw new UserError('You have no wallet yet: send /start.', why('err-no-wallet'));
      return w;
    },

    async newWallet(user: UserRow): Promise<WalletRow> {
      const k = await newKey();
      const wallet = await saveWallet(user.telegramId, k.address, k.privateKey);
      await store.setActiveWallet(user.telegramId, wallet.id);
      return wallet;
    },

    /** Imports a private key (64 hex); returns the wallet. */
    async importWallet(user: UserRow, text: string): Promise<WalletRow> {
      const key = text.trim().replace(/^0x/, '');
      if (!/^[0-9a-fA-F]{64}$/.test(key))
        throw new UserError('That is not a private key: it must be 64 hexadecimal characters.', why('err-key-not-hex'));
      let address: string;
      try {
        address = utils.crypto.pkToAddress(key);
      } catch {
        throw new UserError('That key is not a valid secp256k1 private key.', why('err-key-invalid'));
      }
      const wallet = await saveWallet(user.telegramId, address, key.toLowerCase());
      await store.setActiveWallet(user.telegramId, wallet.id);
      return wallet;
    },

    /**
     * Whether any of the user's wallets holds TRX or a token: the node's TRX and the tokens traded
     * here first, then the API's positions; true when it cannot tell (a read failed): what it guards
     * (the PIN's hold) fails closed.
     */
    async holdsFunds(user: UserRow): Promise<boolean> {
      try {
        const client = clientFor(user);
        for (const w of await store.wallets(user.telegramId)) {
          // the node first (the API may say a wallet is empty to spare a thief the hold): its TRX and
          // the tokens it traded here; then the API's positions, which can only add
          if (deps.market) {
            if ((await deps.market.trxBalance(w.address)) > 0n) return true;
            for (const token of await store.walletTokens(w.id))
              if ((await deps.market.tokenBalance(token, w.address)) > 0n) return true;
          }
          const view = await client.getWallet(w.address);
          if (BigInt(view.trxBalanceSun) > 0n || view.positions.some((p) => BigInt(p.balanceExact) > 0n)) return true;
        }
        return false;
      } catch {
        return true;
      }
    },

    /**
     * Removes a wallet of the user's for good: its sealed key is erased. Refused (the reason given) for
     * the only or the active wallet, and one that open orders, rules or a trade under way use.
     */
    removeWallet(user: UserRow, walletId: number): Promise<WalletRemoval | 'removed'> {
      return store.removeWallet(user.telegramId, walletId, Date.now());
    },

    /** Decrypts a wallet's key for one use (signing or a confirmed export). */
    withKey<T>(wallet: WalletRow, use: (privateKey: string) => T): T {
      if (wallet.removedAt !== null)
        throw new UserError('That wallet was removed: its key is gone from the bot.', why('err-wallet-removed'));
      return use(vault.decrypt(wallet.keyEnc, walletContext(wallet)));
    },
  };
}

export type Accounts = ReturnType<typeof createAccounts>;
