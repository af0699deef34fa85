// The devnet's fixed starting state: addresses are derived, so they are the same on every machine.
import { DEFAULT_FEES, DEFAULT_MINT_FEE } from '../tron/curve.js';
import { SUN_PER_TRX } from '../tron/units.js';
import { deriveAddress, devnetKey } from './keys.js';
import type { Ledger } from './ledger.js';

export interface FamilyInfo {
  family: 'launchpad' | 'launchpad2';
  launchpad: string;
  router: string;
  feeRecipient: string;
}

export const FAUCET = devnetKey('faucet');
export const TREASURY = devnetKey('treasury');
export const FAUCET_GENESIS_SUN = 5_000_000_000n * SUN_PER_TRX;
export const ROUTER_MAX_FEE_BPS = 1000;

export const FAMILIES: FamilyInfo[] = (['launchpad', 'launchpad2'] as const).map((family) => ({
  family,
  launchpad: deriveAddress('launchpad', family),
  router: deriveAddress('router', family),
  feeRecipient: deriveAddress('launchpad-fees', family),
}));

/** Writes accounts and native contracts of the genesis state. Runs inside the genesis transaction. */
export function writeGenesis(ledger: Ledger, time: number): void {
  ledger.ensureAccount(FAUCET.address, time, null, 'faucet');
  ledger.setBalance(FAUCET.address, FAUCET_GENESIS_SUN);
  ledger.ensureAccount(TREASURY.address, time, null, 'treasury');
  for (const f of FAMILIES) {
    ledger.ensureAccount(f.launchpad, time, 'launchpad', `${f.family} launchpad`);
    ledger.ensureAccount(f.feeRecipient, time, null, `${f.family} fees`);
    ledger.createLaunchpad({
      address: f.launchpad,
      family: f.family,
      purchaseFeeBps: Number(DEFAULT_FEES.purchaseFeeBps),
      saleFeeBps: Number(DEFAULT_FEES.saleFeeBps),
      minTxFee: DEFAULT_FEES.minTxFee.toString(),
      mintFee: DEFAULT_MINT_FEE.toString(),
      feeRecipient: f.feeRecipient,
      tokenCount: 0,
    });
    ledger.ensureAccount(f.router, time, 'router', `${f.family} router`);
    ledger.createRouter({
      address: f.router,
      launchpad: f.launchpad,
      treasury: TREASURY.address,
      maxFeeBps: ROUTER_MAX_FEE_BPS,
    });
  }
}
