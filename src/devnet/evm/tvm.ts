// @ethereumjs/evm set up as java-tron's TVM: Shanghai's instruction set with TLOAD, TSTORE and
// MCOPY (Cancun's EIP-1153 and EIP-5656, on the TVM since network parameter #83) and the TVM's energy
// table, the devnet's native contracts answering calls as precompiles at their own addresses
// (machine.ts gives their code), and the calls from bytecode that need none of the EVM's message
// machinery (a call into a native contract or to an account without code) run more directly, by
// the same rules.
import { Common, Hardfork, Mainnet } from '@ethereumjs/common';
import {
  EVM,
  EVMMockBlockchain,
  NobleBN254,
  paramsEVM,
  type EVMError,
  type EVMResult,
  type EVMRunCallOpts,
  type ExecResult,
  type Message,
  type PrecompileFunc,
} from '@ethereumjs/evm';
import { Account, type Address } from '@ethereumjs/util';
import type { StateManagerInterface } from '@ethereumjs/common';
import { tronHex } from './state.js';
import { useDirectWords, type OpcodeEntries } from './words.js';

/**
 * The TVM's energy where it differs from Shanghai's gas: java-tron's EnergyCost has no cold and
 * warm access (EIP-2929): SLOAD 50, CALL 40, BALANCE and EXTCODESIZE 20, SSTORE 20,000 to set and
 * 5,000 to change. Here a slot read costs 50 and every account access 40, cold or warm, and a
 * slot write 20,000 or 5,000: a router trade costs about what it costs on mainnet, not an Ethereum
 * transaction's cold reads. One difference is left: a slot read again in the same transaction
 * costs 40, not 50, since ethereumjs has one price for a warm slot and a warm account.
 */
const TVM_ENERGY = structuredClone(paramsEVM);
TVM_ENERGY[2929] = {
  ...TVM_ENERGY[2929],
  coldsloadGas: 50,
  coldaccountaccessGas: 40,
  warmstoragereadGas: 40,
  sstoreCleanEIP2200Gas: 5000 - 50,
  sstoreNoopEIP2200Gas: 40,
  sstoreDirtyEIP2200Gas: 40,
};

/**
 * Shanghai's rules, asked for by number on every opcode the interpreter steps through (twice a
 * step, more for calls and storage): Common answers from an array of some sixty EIPs; a set
 * answers the same in one lookup. The set follows the array, which Common replaces (never edits)
 * when its hardfork changes.
 */
class TvmCommon extends Common {
  private activeSet: { from: number[]; set: Set<number> } | undefined;

  override isActivatedEIP(eip: number): boolean {
    if (this.activeSet?.from !== this._activatedEIPsCache) {
      this.activeSet = { from: this._activatedEIPsCache, set: new Set(this._activatedEIPsCache) };
    }
    return this.activeSet.set.has(eip);
  }
}

/**
 * What runs at an address (`41…` hex): a native contract's code as a precompile, 'bytecode', or
 * 'none' (an account without code, or no account).
 */
export type Target = PrecompileFunc | 'bytecode' | 'none';

export interface TvmHooks {
  target: (hex: string) => Target;
  /** A call frame starts and ends (as the EVM's beforeMessage and afterMessage tell, on every path). */
  enter: (m: Message) => void;
  leave: () => void;
}

/**
 * What the TVM has of Cancun (java-tron's getAllowTvmCancun, network parameter #83, on on mainnet,
 * Nile and Shasta since GreatVoyage-v4.8.0): transient storage and MCOPY, at Ethereum's prices.
 * BLOBHASH and BLOBBASEFEE (parameter #89) answer zero on the TVM and are not modelled.
 */
const TVM_CANCUN_EIPS = [1153, 5656];

/**
 * Rules under which the EVM does more for a call than `TronEvm.runCall`'s direct path (block access
 * lists, state gas, binary trees and witnesses, delegation, transfer logs): none is on the TVM;
 * where one is active every call takes the EVM's own path. Transient storage (1153) is mirrored.
 */
const CALL_RULES_NOT_MIRRORED = [2780, 6800, 7702, 7708, 7864, 7928, 8037];

/** The EVM the devnet runs bytecode on (one per machine). */
export class TronEvm extends EVM {
  constructor(
    stateManager: StateManagerInterface,
    private readonly hooks: TvmHooks,
  ) {
    super({
      common: new TvmCommon({ chain: Mainnet, hardfork: Hardfork.Shanghai, eips: TVM_CANCUN_EIPS }),
      stateManager,
      params: TVM_ENERGY,
      blockchain: new EVMMockBlockchain(),
      bn254: new NobleBN254(),
      // the TVM sets no size limit on deployed code
      allowUnlimitedContractSize: true,
      allowUnlimitedInitCodeSize: true,
    });
    this.events.on('beforeMessage', hooks.enter);
    this.events.on('afterMessage', hooks.leave);
  }

  /**
   * True: every opcode and call takes the EVM's own path, the devnet's step loop (interpreter.ts)
   * and direct calls (below) standing aside. For tests that compare the two.
   */
  shippedOnly = false;

  /** The opcodes of the hardfork, MLOAD and MSTORE with direct word moves (words.ts). */
  override getActiveOpcodes(): ReturnType<EVM['getActiveOpcodes']> {
    const list = super.getActiveOpcodes();
    useDirectWords(this._opcodeMap as unknown as OpcodeEntries);
    return list;
  }

  override getPrecompile(address: Address | `0x${string}`): PrecompileFunc | undefined {
    const own = super.getPrecompile(address);
    if (own) return own;
    const hex =
      typeof address === 'string' ? `41${address.slice(2).padStart(40, '0').toLowerCase()}` : tronHex(address);
    const target = this.hooks.target(hex);
    return typeof target === 'function' ? target : undefined;
  }

  /**
   * A call from bytecode into a native contract or to an account without code runs here, doing
   * what the EVM's runCall and _executeCall do for it, in their order: a journal checkpoint, the
   * value moved by the EVM's own methods (refused as they refuse it), the native code run within
   * the frame's gas (an account without code runs nothing), then the checkpoint committed or, on a
   * failure, reverted with the failure's logs and refund dropped (transient storage alike). It skips what never applies to
   * such a call: the EVM's async events, some twenty rule checks, a precompile lookup by hex
   * string (a router trade makes five of these calls). Every other call takes the EVM's own path.
   */
  override async runCall(opts: EVMRunCallOpts): Promise<EVMResult> {
    const m = opts.message;
    const target = m ? this.directTarget(m) : undefined;
    if (!m || !target) return super.runCall(opts);
    this.hooks.enter(m);
    await this.journal.checkpoint();
    this.transientStorage.checkpoint();
    const refused = await this.moveValue(m);
    let result: ExecResult;
    if (refused || target === 'none') {
      result = {
        executionGasUsed: 0n,
        exceptionError: refused,
        returnValue: new Uint8Array(0),
        gasRefund: m.gasRefund,
      };
    } else {
      m.code = target;
      m.isCompiled = true;
      result = await this.runPrecompile(target, m.data, m.gasLimit);
      result.gasRefund = m.gasRefund;
    }
    if (result.exceptionError) {
      result.selfdestruct = new Map();
      result.createdAddresses = new Set();
      result.gasRefund = 0n;
      result.logs = [];
      await this.journal.revert();
      this.transientStorage.revert();
    } else {
      await this.journal.commit();
      this.transientStorage.commit();
    }
    // a transaction's transient storage ends with it
    if (m.depth === 0) this.transientStorage.clear();
    this.hooks.leave();
    return { execResult: result };
  }

  /** What a call from bytecode reaches, when `runCall` may run it itself. */
  private directTarget(m: Message): PrecompileFunc | 'none' | undefined {
    const to = m.to;
    if (!to || m.delegatecall || m.code !== undefined || !m.codeAddress.equals(to)) return undefined;
    if (this.shippedOnly || this.DEBUG || this._optsCached.profiler?.enabled === true) return undefined;
    if (CALL_RULES_NOT_MIRRORED.some((eip) => this.common.isActivatedEIP(eip))) return undefined;
    // the EVM's own precompiles (0x00…01 to 0x00…11) come first, as in getPrecompile
    if (to.bytes.subarray(0, 18).every((b) => b === 0) && super.getPrecompile(to)) return undefined;
    const target = this.hooks.target(tronHex(to));
    return target === 'bytecode' ? undefined : target;
  }

  /** The call's value moved as the EVM moves it; its refusal (insufficient balance, overflow) if any. */
  private async moveValue(m: Message): Promise<EVMError | undefined> {
    let refused: EVMError | undefined;
    const from = (await this.stateManager.getAccount(m.caller)) ?? new Account();
    await this._reduceSenderBalance(from, m).catch((e: EVMError) => void (refused = e));
    const to = (await this.stateManager.getAccount(m.to!)) ?? new Account();
    await this._addToBalance(to, m as Parameters<EVM['_addToBalance']>[1]).catch((e: EVMError) => void (refused = e));
    return refused;
  }
}
