// The node's accounts (at the head on /wallet, at the newest solid block on /walletsolidity), TRX
// transfers, broadcasting, and what it tells of itself (prices, node info).
import { toBase58, tryHexAddress } from '../../tron/address.js';
import { toHexText } from '../chain/index.js';
import { BANDWIDTH_PRICE_SUN, CREATE_ACCOUNT_FEE_SUN, ENERGY_PRICE_SUN, MAX_FEE_LIMIT_SUN } from '../fees.js';
import { FREE_NET_LIMIT, MAX_DELEGATE_LOCK_BLOCKS, TOTAL_ENERGY_LIMIT, TOTAL_NET_LIMIT } from '../resources/params.js';
import { accountStakeFields } from '../resources/views.js';
import { intParam, truthy, type DevnetRoutes } from './routes.js';

export function walletRoutes({ both, node, full, chain, instantBlocks }: DevnetRoutes): void {
  both('/healthcheck', () => ({ status: 'ok' }));
  both('/', () => ({ name: 'tron-launchpad devnet', head: chain.head().number }));

  node('getaccount', (p, view) => {
    const address = tryHexAddress(p.address);
    if (!address) throw Object.assign(new Error('Invalid address'), { statusCode: 400 });
    const acc = view.account(address);
    if (!acc) return {};
    const visible = truthy(p.visible);
    return {
      address: visible ? toBase58(address) : address,
      balance: Number(BigInt(acc.balance)),
      create_time: acc.createTime,
      ...(acc.contractKind ? { type: 'Contract' } : {}),
      ...(acc.name ? { account_name: toHexText(acc.name) } : {}),
      ...(chain.ledger.resources.hasRow(address)
        ? view.read(() => accountStakeFields(chain.ledger, address))
        : { account_resource: {} }),
    };
  });

  both('/wallet/broadcasttransaction', (p) => chain.broadcast(p, { produce: instantBlocks }));
  both('/wallet/createtransaction', (p) => {
    const owner = tryHexAddress(p.owner_address);
    const to = tryHexAddress(p.to_address);
    const amount = intParam(p.amount);
    if (!owner || !to || amount === undefined || amount <= 0)
      return { Error: 'Invalid owner_address, to_address or amount' };
    return chain.buildTransaction('TransferContract', { owner_address: owner, to_address: to, amount });
  });

  full('getchainparameters', () => ({
    chainParameter: [
      { key: 'getEnergyFee', value: Number(ENERGY_PRICE_SUN) },
      { key: 'getTransactionFee', value: Number(BANDWIDTH_PRICE_SUN) },
      { key: 'getCreateNewAccountFeeInSystemContract', value: Number(CREATE_ACCOUNT_FEE_SUN) },
      { key: 'getMaxFeeLimit', value: Number(MAX_FEE_LIMIT_SUN) },
      // TLOAD, TSTORE and MCOPY (network parameter #83), as on mainnet since 2025
      { key: 'getAllowTvmCancun', value: 1 },
      // the resource model (src/devnet/resources/params.ts)
      { key: 'getFreeNetLimit', value: FREE_NET_LIMIT },
      { key: 'getTotalNetLimit', value: TOTAL_NET_LIMIT },
      { key: 'getTotalEnergyLimit', value: TOTAL_ENERGY_LIMIT },
      { key: 'getTotalEnergyCurrentLimit', value: TOTAL_ENERGY_LIMIT },
      { key: 'getUnfreezeDelayDays', value: chain.ledger.resources.unfreezeDelayDays },
      { key: 'getMaxDelegateLockPeriod', value: MAX_DELEGATE_LOCK_BLOCKS },
      { key: 'getAllowDelegateResource', value: 1 },
    ],
  }));
  node('getenergyprices', () => ({ prices: `0:${ENERGY_PRICE_SUN}` }));
  node('getbandwidthprices', () => ({ prices: `0:${BANDWIDTH_PRICE_SUN}` }));
  node('getnodeinfo', () => {
    const h = chain.head();
    const solid = chain.solid();
    return {
      beginSyncNum: h.number,
      block: `Num:${h.number},ID:${h.blockId}`,
      solidityBlock: `Num:${solid.number},ID:${solid.blockId}`,
      activeConnectCount: 0,
      configNodeInfo: { codeVersion: 'devnet' },
    };
  });
}
