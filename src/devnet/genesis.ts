// The devnet's fixed starting state: addresses are derived, so they are the same on every machine.
import { ROUTER_CONTRACT, contractBuild, feeRouterArguments, type FeeRouterSettings } from '../contracts/fee-router.js';
import { DEFAULT_FEES, DEFAULT_MINT_FEE } from '../tron/market/index.js';
import { SUN_PER_TRX } from '../tron/units.js';
import { deployContract } from './evm/deploy.js';
import { DEX, type FamilyInfo } from './addresses.js';
import { devnetKey } from './keys.js';
import type { Ledger } from './ledger.js';
import type { Vm, VmHost } from './vm.js';

export { DEX, FAMILIES, devnetFamilies, type DevnetFamilyName, type FamilyInfo } from './addresses.js';

export const FAUCET = devnetKey('faucet');
export const TREASURY = devnetKey('treasury');
/** Owner of the devnet's fee routers (their setTreasury, setMaxFeeBps, transferOwnership). */
export const ROUTER_OWNER = devnetKey('router-owner');
export const FAUCET_GENESIS_SUN = 5_000_000_000n * SUN_PER_TRX;
/**
 * The operator's energy pool at genesis: ROUTER_OWNER (the routers' origin) has this much TRX staked
 * for energy, about 100 million energy a day at the devnet's weights (some 1,200 curve trades), and
 * OPERATOR_LIQUID_SUN to pay for its own transactions.
 */
export const OPERATOR_STAKE_SUN = 10_000_000n * SUN_PER_TRX;
export const OPERATOR_LIQUID_SUN = 10_000n * SUN_PER_TRX;
/**
 * The routers' resource settings at genesis: sponsored, the origin pays all of a trade's energy from
 * its stake (consume_user_resource_percent 0), up to this much per call.
 */
export const ROUTER_USER_PAYS_PERCENT = 0;
export const ROUTER_ORIGIN_ENERGY_LIMIT = 10_000_000;
export const ROUTER_MAX_FEE_BPS = 1000;
/**
 * TRX the launchpad keeps from the curve at launch. The real figure is not published; this one
 * leaves the pool's opening price a little under the curve's last price, as on mainnet.
 */
export const LAUNCH_FEE_SUN = 2_000n * SUN_PER_TRX;

/**
 * Writes accounts and native contracts of the genesis state: the launchpads of the chain's `families`
 * (FAMILIES for a chain with both). Runs inside the genesis transaction.
 */
export function writeGenesis(ledger: Ledger, time: number, families: readonly FamilyInfo[]): void {
  ledger.ensureAccount(FAUCET.address, time, null, 'faucet');
  ledger.setBalance(FAUCET.address, FAUCET_GENESIS_SUN);
  ledger.ensureAccount(TREASURY.address, time, null, 'treasury');
  ledger.ensureAccount(ROUTER_OWNER.address, time, null, 'operator');
  ledger.setBalance(ROUTER_OWNER.address, OPERATOR_LIQUID_SUN);
  const pool = ledger.resources.of(ROUTER_OWNER.address);
  ledger.resources.save({ ...pool, frozenEnergy: OPERATOR_STAKE_SUN });
  for (const f of families) {
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
      v2Router: DEX.router,
      launchFee: LAUNCH_FEE_SUN.toString(),
    });
  }
  writeDex(ledger, time);
}

/**
 * The SunSwap V2 contracts, and the launchpads and routers pointed at them. Idempotent: a devnet
 * made before the DEX existed gets it when it next starts.
 */
export function writeDex(ledger: Ledger, time: number): void {
  if (ledger.exists(DEX.router)) return;
  ledger.ensureAccount(DEX.wtrx, time, 'wtrx', 'Wrapped TRX');
  ledger.createToken({ address: DEX.wtrx, name: 'Wrapped TRX', symbol: 'WTRX', decimals: 6, totalSupply: '0' });
  ledger.ensureAccount(DEX.factory, time, 'v2factory', 'SunSwap V2 factory');
  ledger.ensureAccount(DEX.router, time, 'v2router', 'SunSwap V2 router');
  ledger.createV2Router({ address: DEX.router, factory: DEX.factory, wtrx: DEX.wtrx });
  ledger.db.$client
    .prepare('update launchpads set v2_router = ?, launch_fee = ? where v2_router is null')
    .run(DEX.router, LAUNCH_FEE_SUN.toString());
  ledger.db.$client.prepare('update routers set v2_router = ? where v2_router is null').run(DEX.router);
}

/**
 * The fee router of each of the chain's `families`: the compiled contracts/FeeRouterV2.sol, deployed
 * from its bytecode by ROUTER_OWNER, fees to TREASURY, sponsored (ROUTER_USER_PAYS_PERCENT) from the
 * operator's stake. A devnet made while the router was native TypeScript gets the bytecode at the
 * same address with the settings it had; one made with version 1's bytecode gets version 2 at the
 * same address with the genesis settings (a router holds no TRX of anyone's between calls; what is
 * there stays, as fees). Idempotent.
 */
export async function deployRouters(vm: Vm, host: VmHost, families: readonly FamilyInfo[]): Promise<void> {
  const build = contractBuild(ROUTER_CONTRACT);
  for (const f of families) {
    let kind = host.ledger.contractKind(f.router);
    if (kind === 'evm') {
      if (host.code.abi(f.router)?.some((e) => e.name === 'withdrawFees')) continue;
      host.code.remove(f.router);
      host.ledger.setContractKind(f.router, null);
      kind = null;
    }
    const old = kind === 'router' ? host.ledger.router(f.router) : undefined;
    const settings: FeeRouterSettings = old
      ? {
          treasury: old.treasury,
          maxFeeBps: old.maxFeeBps,
          launchpad: old.launchpad,
          v2Router: old.v2Router ?? DEX.router,
        }
      : { treasury: TREASURY.address, maxFeeBps: ROUTER_MAX_FEE_BPS, launchpad: f.launchpad, v2Router: DEX.router };
    if (old) host.ledger.setContractKind(f.router, null);
    await deployContract(vm, host, {
      address: f.router,
      owner: ROUTER_OWNER.address,
      initcode: build.bytecode + feeRouterArguments(settings),
      abi: JSON.stringify(build.abi),
      name: `${f.family} router`,
      value: 0n,
      consumeUserResourcePercent: ROUTER_USER_PAYS_PERCENT,
      originEnergyLimit: ROUTER_ORIGIN_ENERGY_LIMIT,
      replace: host.ledger.exists(f.router),
    });
  }
}
