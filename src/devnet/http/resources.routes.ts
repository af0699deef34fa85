// Stake 2.0 on the node's HTTP API: the transactions built for a client that does not build its own
// (TronWeb builds them locally and only broadcasts), and what the node tells of an account's
// resources, at the head on /wallet and at the newest solid block on /walletsolidity.
import { toBase58, tryHexAddress } from '../../tron/address.js';
import {
  accountNet,
  accountResource,
  availableUnfreezeCount,
  canDelegateMax,
  canWithdrawAmount,
  delegatedResource,
  delegationIndex,
} from '../resources/views.js';
import { intParam, truthy, type DevnetRoutes, type Params } from './routes.js';

const badAddress = () => Object.assign(new Error('Invalid address'), { statusCode: 400 });

/** An address argument, hex or base58 (with visible). */
function addressOf(p: Params, key: string): string {
  const a = tryHexAddress(p[key]);
  if (!a) throw badAddress();
  return a;
}

/** Shows `41…` hex addresses as base58 when the caller asked with visible: true. */
function shown<T>(p: Params, value: T): T {
  if (!truthy(p.visible)) return value;
  return JSON.parse(JSON.stringify(value), (_k, v: unknown) =>
    typeof v === 'string' && /^41[0-9a-f]{40}$/.test(v) ? toBase58(v) : v,
  ) as T;
}

/** The resource argument as the contract's JSON has it: ENERGY, or nothing for BANDWIDTH (protobuf's default). */
const resourceName = (v: unknown): string | undefined => (v === 'ENERGY' || v === 1 ? 'ENERGY' : undefined);

export function resourceRoutes({ node, full, chain }: DevnetRoutes): void {
  const builder = (name: string, type: string, fields: (p: Params) => Record<string, unknown>) =>
    full(name, (p) => {
      const value = { owner_address: addressOf(p, 'owner_address'), ...fields(p) };
      const clean = Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));
      return shown(p, chain.buildTransaction(type, clean));
    });
  builder('freezebalancev2', 'FreezeBalanceV2Contract', (p) => ({
    frozen_balance: intParam(p.frozen_balance),
    resource: resourceName(p.resource),
  }));
  builder('unfreezebalancev2', 'UnfreezeBalanceV2Contract', (p) => ({
    unfreeze_balance: intParam(p.unfreeze_balance),
    resource: resourceName(p.resource),
  }));
  builder('withdrawexpireunfreeze', 'WithdrawExpireUnfreezeContract', () => ({}));
  builder('cancelallunfreezev2', 'CancelAllUnfreezeV2Contract', () => ({}));
  builder('delegateresource', 'DelegateResourceContract', (p) => ({
    receiver_address: addressOf(p, 'receiver_address'),
    balance: intParam(p.balance),
    resource: resourceName(p.resource),
    lock: truthy(p.lock) ? true : undefined,
    lock_period: intParam(p.lock_period) || undefined,
  }));
  builder('undelegateresource', 'UnDelegateResourceContract', (p) => ({
    receiver_address: addressOf(p, 'receiver_address'),
    balance: intParam(p.balance),
    resource: resourceName(p.resource),
  }));

  builder('updatesetting', 'UpdateSettingContract', (p) => ({
    contract_address: addressOf(p, 'contract_address'),
    consume_user_resource_percent: intParam(p.consume_user_resource_percent) || undefined,
  }));
  builder('updateenergylimit', 'UpdateEnergyLimitContract', (p) => ({
    contract_address: addressOf(p, 'contract_address'),
    origin_energy_limit: intParam(p.origin_energy_limit),
  }));

  // java-tron's solidity node has no getaccountresource or getaccountnet: the full node's only
  full('getaccountresource', (p) => accountResource(chain.ledger, addressOf(p, 'address')));
  full('getaccountnet', (p) => accountNet(chain.ledger, addressOf(p, 'address')));
  node('getdelegatedresourcev2', (p, view) =>
    shown(
      p,
      view.read(() => delegatedResource(chain.ledger, addressOf(p, 'fromAddress'), addressOf(p, 'toAddress'))),
    ),
  );
  node('getdelegatedresourceaccountindexv2', (p, view) =>
    shown(
      p,
      view.read(() => delegationIndex(chain.ledger, addressOf(p, 'value'))),
    ),
  );
  node('getcandelegatedmaxsize', (p, view) =>
    view.read(() =>
      canDelegateMax(chain.ledger, addressOf(p, 'owner_address'), intParam(p.type) === 1 ? 'ENERGY' : 'BANDWIDTH'),
    ),
  );
  node('getavailableunfreezecount', (p, view) =>
    view.read(() => availableUnfreezeCount(chain.ledger, addressOf(p, 'owner_address'))),
  );
  node('getcanwithdrawunfreezeamount', (p, view) =>
    view.read(() =>
      canWithdrawAmount(
        chain.ledger,
        addressOf(p, 'owner_address'),
        intParam(p.timestamp) ?? chain.ledger.resources.headTime(),
      ),
    ),
  );
}
