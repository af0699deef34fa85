// Lending energy to a user's wallet for one trade (a setting, beside or instead of a sponsored router):
// the operator's lender account, whose key is sealed in the trading side's database (`cli energy lender
// set`), delegates (DelegateResource, no lock) the energy a trade would otherwise burn to the wallet
// before the trade is broadcast, and takes it back (UnDelegateResource) once the trade is in a block.
// It wins over a sponsored router where the router cannot be sponsored (its callers pay 100 %) or the
// pool must pay for this bot's users only (a sponsored router pays anyone who calls it); it costs the
// lender two transactions' bandwidth per trade (docs/mainnet.md). Each loan is kept in the trading
// side's key-value table before its delegation is sent, so one a stop interrupted is taken back at
// the next start. The lending transactions go to the node the trading side reads (the only writes it
// makes there directly); the user's own transactions still go through the API and are pinned.
import type { Logger } from 'pino';
import { TronWeb } from 'tronweb';
import type { ChainGateway, UnsignedTx } from '../tron/gateway.js';
import { signTx } from '../tron/tx.js';
import type { NetworkFee } from '../tron/network-fee.js';
import type { Vault } from '../vault.js';
import type { metaStore } from './meta.store.js';

const KEY = 'energy_lender_key';
const CONTEXT = 'energy-lender';
const LOAN = 'energy.loan:';
const SUN_PER_TRX = 1_000_000n;
/** A loan's energy over the trade's estimate: the state moves between the quote and the block. */
const MARGIN_BPS = 2_000n;
/** How long a lending transaction may take to be in a block (ms). */
const LAND_MS = 60_000;

type MetaStore = Pick<ReturnType<typeof metaStore>, 'meta' | 'setMeta' | 'deleteMeta' | 'metaByPrefix'>;

/** Seals the lender's key into the trading side's database (the CLI's `energy lender set`). */
export async function setLenderKey(store: MetaStore, vault: Vault, privateKey: string): Promise<void> {
  await store.setMeta(KEY, vault.encrypt(privateKey, CONTEXT));
}

/** The lender's address, when one is set. */
export async function lenderAddress(store: MetaStore, vault: Vault): Promise<string | undefined> {
  const sealed = await store.meta(KEY);
  return sealed ? (TronWeb.address.fromPrivateKey(vault.decrypt(sealed, CONTEXT)) as string) : undefined;
}

/** Forgets the lender's key: no more loans (those out are still taken back). */
export async function clearLenderKey(store: MetaStore): Promise<void> {
  await store.deleteMeta(KEY);
}

/** A loan: energy lent to a wallet for one trade, as whole TRX of the lender's stake. */
interface Loan {
  to: string;
  sun: string;
}

export interface LenderDeps {
  /** the lender's network: energy lent there serves that network's trades only */
  chain: ChainGateway;
  /** the families on `chain`'s network (unset: every family; one network) */
  families?: readonly string[] | undefined;
  store: MetaStore;
  vault: Vault;
  /** lend only when a trade would burn at least this much for its energy (sun) */
  minBurnSun: bigint;
  log: Logger;
  sleep?: (ms: number) => Promise<unknown>;
}

export function createEnergyLender(deps: LenderDeps) {
  const { chain, store, vault, log } = deps;
  const sleep = deps.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)));

  /** The lender's key, unsealed for one use; undefined when no lender is set. */
  async function withKey<T>(fn: (key: string, address: string) => Promise<T>): Promise<T | undefined> {
    const sealed = await store.meta(KEY);
    if (!sealed) return undefined;
    const key = vault.decrypt(sealed, CONTEXT);
    return fn(key, chain.tronWeb.address.fromPrivateKey(key) as string);
  }

  /** TRX of stake (sun, whole TRX) that lends at least `energy` a day at the network's weights now. */
  async function stakeFor(lender: string, energy: number): Promise<bigint> {
    const r = (await chain.tronWeb.trx.getAccountResources(lender)) as {
      TotalEnergyLimit?: number;
      TotalEnergyWeight?: number;
    };
    const limit = BigInt(r.TotalEnergyLimit ?? 0);
    const weight = BigInt(r.TotalEnergyWeight ?? 0);
    if (limit === 0n) return 0n;
    // energy = trx × limit ÷ weight, rounded down on chain: one TRX more than the exact share
    return ((BigInt(energy) * weight + limit - 1n) / limit + 1n) * SUN_PER_TRX;
  }

  async function send(tx: UnsignedTx, key: string): Promise<void> {
    const sent = await chain.broadcast(signTx(tx, key));
    if (!sent.ok) throw new Error(`the node refused the lending transaction: ${sent.message}`);
    for (const until = Date.now() + LAND_MS; Date.now() < until; await sleep(500)) {
      const info = await chain.txInfo(sent.txid);
      if (info.state === 'included' || info.state === 'confirmed') return;
      if (info.state === 'failed') throw new Error(`the lending transaction failed: ${info.reason ?? ''}`);
    }
    throw new Error('the lending transaction did not land in time');
  }

  return {
    /** Whether a trade of this family is on the lender's network (energy is a network's own). */
    lendsOn: (family: string): boolean => !deps.families || deps.families.includes(family),

    /**
     * The energy to lend a wallet for a trade of this fee (its burnt energy and a margin), when a
     * lender is set, the trade would burn at least the setting's TRX for energy, and the lender can
     * lend that much now; else 0.
     */
    async planFor(fee: NetworkFee): Promise<number> {
      if (fee.burntEnergy === 0 || fee.energySun < deps.minBurnSun) return 0;
      const energy = fee.burntEnergy + Number((BigInt(fee.energy) * MARGIN_BPS) / 10_000n);
      const can = await withKey(async (_key, lender) => {
        const [need, max] = await Promise.all([
          stakeFor(lender, energy),
          chain.tronWeb.trx.getCanDelegatedMaxSize(lender, 'ENERGY') as Promise<{ max_size?: number }>,
        ]);
        return need > 0n && BigInt(max.max_size ?? 0) >= need;
      }).catch((err: unknown) => {
        log.warn({ err: (err as Error).message }, 'the energy lender could not be read');
        return false;
      });
      return can ? energy : 0;
    },

    /**
     * Lends `energy` to `to` for the trade `id` (recorded first); false when no lender is set or the
     * loan did not go through (the trade goes on: its user pays the energy, within the fee limit the
     * card showed).
     */
    async lend(id: string, to: string, energy: number): Promise<boolean> {
      const done = await withKey(async (key, lender) => {
        const sun = await stakeFor(lender, energy);
        const loan: Loan = { to, sun: sun.toString() };
        await store.setMeta(LOAN + id, JSON.stringify(loan));
        const tx = await chain.tronWeb.transactionBuilder.delegateResource(Number(sun), to, 'ENERGY', lender, false);
        await send(tx, key);
        return true;
      }).catch((err: unknown) => {
        log.warn({ trade: id, err: (err as Error).message }, 'energy was not lent for the trade');
        return false;
      });
      return done ?? false;
    },

    /**
     * Takes back what was lent for the trade `id`, if anything; the loan's record goes once it is back
     * (one that could not be taken back now stays for the next start's repayAll).
     */
    async repay(id: string): Promise<boolean> {
      const text = await store.meta(LOAN + id);
      if (!text) return true;
      const loan = JSON.parse(text) as Loan;
      const back = await withKey(async (key, lender) => {
        const out = (await chain.tronWeb.trx.getDelegatedResourceV2(lender, loan.to)) as {
          delegatedResource?: Array<{ frozen_balance_for_energy?: number }>;
        };
        const lent = BigInt(out.delegatedResource?.[0]?.frozen_balance_for_energy ?? 0);
        const back = lent < BigInt(loan.sun) ? lent : BigInt(loan.sun);
        if (back > 0n) {
          const tx = await chain.tronWeb.transactionBuilder.undelegateResource(Number(back), loan.to, 'ENERGY', lender);
          await send(tx, key);
        }
        return true;
      }).catch((err: unknown) => {
        log.warn({ trade: id, err: (err as Error).message }, 'energy lent for a trade is not back yet');
        return false;
      });
      // no lender set any more: nothing can be taken back from here (the record stays)
      if (!back) return false;
      await store.deleteMeta(LOAN + id);
      return true;
    },

    /** Takes back every loan still recorded (a stop between a loan and its return); how many. */
    async repayAll(isDone: (id: string) => Promise<boolean>): Promise<number> {
      let n = 0;
      for (const { key } of await store.metaByPrefix(LOAN)) {
        const id = key.slice(LOAN.length);
        if ((await isDone(id)) && (await this.repay(id))) n++;
      }
      return n;
    },
  };
}

export type EnergyLender = ReturnType<typeof createEnergyLender>;
