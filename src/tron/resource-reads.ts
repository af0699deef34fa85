// What the node says about resources, for a fee estimate (network-fee.ts): a call's energy run on the
// node, an account's energy and bandwidth left, the chain's prices and a contract's resource terms,
// in java-tron's HTTP shapes (absent fields are 0). ChainGateway serves them, caching the account
// reads per head block; prices and contract terms are kept a short while (they change by proposal or
// by the contract's owner).
import type { TronWeb } from 'tronweb';
import { toBase58 } from './address.js';
import type { ChainPrices, ContractTerms, ResourcesLeft } from './network-fee.js';

/** How long the chain's prices and a contract's resource terms are reused (ms). */
const TERMS_TTL_MS = 30_000;
/** How long the energy of a call's shape is reused (ms): a contract's code and gas rules do not change. */
const SHAPE_TTL_MS = 60_000;
const MAX_SHAPES = 10_000;

export class NodeResources {
  private pricesRead: { at: number; value: Promise<ChainPrices> } | undefined;
  private terms = new Map<string, { at: number; value: Promise<ContractTerms | undefined> }>();
  /** The energy of calls by their shape (network-fee.ts's TradeShape), as last run on the node. */
  private shapes = new Map<string, { at: number; energy: number }>();

  constructor(private readonly tronWeb: TronWeb) {}

  /**
   * The energy a call would use, run on the node at the head without keeping anything
   * (triggerconstantcontract's energy_used); undefined when the call fails there (a revert, a balance
   * short of the call value) or the node does not say.
   */
  async estimateEnergy(
    owner: string,
    contract: string,
    data: string,
    callValue: bigint,
    shape?: string,
  ): Promise<number | undefined> {
    if (shape === undefined) return this.runForEnergy(owner, contract, data, callValue);
    const hit = this.shapes.get(shape);
    if (hit && Date.now() - hit.at < SHAPE_TTL_MS) return hit.energy;
    const energy = await this.runForEnergy(owner, contract, data, callValue);
    if (energy !== undefined) {
      if (this.shapes.size >= MAX_SHAPES) this.shapes.clear();
      this.shapes.set(shape, { at: Date.now(), energy });
    }
    return energy;
  }

  private async runForEnergy(owner: string, contract: string, data: string, callValue: bigint) {
    const res = await this.tronWeb.fullNode.request<{
      result?: { result?: boolean; message?: string };
      energy_used?: number;
      transaction?: { ret?: Array<{ ret?: string }> };
    }>(
      'wallet/triggerconstantcontract',
      {
        owner_address: owner,
        contract_address: contract,
        data,
        ...(callValue > 0n ? { call_value: Number(callValue) } : {}),
        visible: true,
      },
      'post',
    );
    if (!res.result?.result || res.result.message || res.transaction?.ret?.[0]?.ret === 'FAILED') return undefined;
    return typeof res.energy_used === 'number' && res.energy_used > 0 ? res.energy_used : undefined;
  }

  /** An account's energy and bandwidth left now (getaccountresource: limits less recovered use; absent fields are 0). */
  async resourcesLeft(address: string): Promise<ResourcesLeft> {
    {
      const r = await this.tronWeb.fullNode.request<Record<string, number | undefined>>(
        'wallet/getaccountresource',
        { address, visible: true },
        'post',
      );
      const n = (k: string) => Number(r[k] ?? 0);
      return {
        energy: Math.max(n('EnergyLimit') - n('EnergyUsed'), 0),
        energyLimit: n('EnergyLimit'),
        net: Math.max(n('NetLimit') - n('NetUsed'), 0),
        freeNet: Math.max(n('freeNetLimit') - n('freeNetUsed'), 0),
      };
    }
  }

  /** The energy price and the price of a burnt byte (getchainparameters' getEnergyFee, getTransactionFee). */
  prices(): Promise<ChainPrices> {
    if (this.pricesRead && Date.now() - this.pricesRead.at < TERMS_TTL_MS) return this.pricesRead.value;
    const value = this.tronWeb.fullNode
      .request<{ chainParameter?: Array<{ key: string; value?: number }> }>('wallet/getchainparameters', {}, 'post')
      .then((r) => {
        const of = (k: string) => BigInt(r.chainParameter?.find((p) => p.key === k)?.value ?? 0);
        return { energySun: of('getEnergyFee'), byteSun: of('getTransactionFee') };
      });
    this.pricesRead = { at: Date.now(), value };
    value.catch(() => {
      if (this.pricesRead?.value === value) this.pricesRead = undefined;
    });
    return value;
  }

  /** A contract's resource terms (getcontract): its origin, the caller's share of energy, the origin's cap. */
  contractTerms(contract: string): Promise<ContractTerms | undefined> {
    const hit = this.terms.get(contract);
    if (hit && Date.now() - hit.at < TERMS_TTL_MS) return hit.value;
    const value = this.tronWeb.fullNode
      .request<{
        origin_address?: string;
        consume_user_resource_percent?: number;
        origin_energy_limit?: number;
      }>('wallet/getcontract', { value: contract, visible: true }, 'post')
      .then((c) =>
        c.origin_address
          ? {
              origin: toBase58(c.origin_address),
              userPaysPercent: c.consume_user_resource_percent ?? 0,
              originEnergyLimit: c.origin_energy_limit ?? 0,
            }
          : undefined,
      );
    this.terms.set(contract, { at: Date.now(), value });
    value.catch(() => {
      if (this.terms.get(contract)?.value === value) this.terms.delete(contract);
    });
    return value;
  }
}
