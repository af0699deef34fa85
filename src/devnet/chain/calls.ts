// Calls that keep nothing: views and energy estimates (triggerconstantcontract, estimateenergy). A
// native contract's view runs at once, in a savepoint rolled back at the end: it never awaits, so
// it cannot interleave with a block being made (it sees the state as far as that block has got).
// Anything else may run bytecode, which awaits: it takes its turn after the blocks and forks queued
// before it (turns.ts).
import { encodeRevert } from '../../tron/codec.js';
import { OutOfEnergy, Revert, Vm, type VmHost } from '../vm.js';
import type { Turns } from './turns.js';
import type { BlockRow, ConstantResult } from './types.js';

export interface CallScene {
  host: VmHost;
  turns: Turns;
  /** The block whose time the call runs in. */
  at: BlockRow;
  /** Puts the state back to `at` first (the solidity node's calls), inside the call's savepoint. */
  rewind: () => void;
}

export interface ConstantCallArgs {
  owner: string;
  contract: string;
  data: string;
  callValue: bigint;
}

export async function constantCall(scene: CallScene, a: ConstantCallArgs): Promise<ConstantResult> {
  const { host, turns, at } = scene;
  const vmAt = () => new Vm(host, a.owner, at.number, at.timestamp, Number.MAX_SAFE_INTEGER);
  const prepare = () => {
    scene.rewind();
    if (a.callValue > 0n) {
      // a call that sends TRX is simulated as affordable
      host.ledger.ensureAccount(a.owner, at.timestamp);
      host.ledger.setBalance(a.owner, host.ledger.balance(a.owner) + a.callValue);
    }
  };
  if (a.callValue === 0n) {
    const vm = vmAt();
    const view = turns.discard(() => {
      prepare();
      return settled(() => vm.nativeView(a.owner, a.contract, a.data));
    });
    if (view !== undefined) return constantResult(view, vm);
  }
  return turns.exclusive(async () => {
    const vm = vmAt();
    const ran = await turns.discardAsync(async () => {
      prepare();
      return vm.callData(a.owner, a.contract, a.callValue, a.data).catch(failedCall);
    });
    return constantResult(ran, vm);
  });
}

/** A call's revert or lack of energy, kept as its outcome; anything else is a fault and thrown. */
function failedCall(e: unknown): Revert | OutOfEnergy {
  if (e instanceof Revert || e instanceof OutOfEnergy) return e;
  throw e;
}

function settled<T>(fn: () => T): T | Revert | OutOfEnergy {
  try {
    return fn();
  } catch (e) {
    return failedCall(e);
  }
}

function constantResult(ran: string | Revert | OutOfEnergy, vm: Vm): ConstantResult {
  const energyUsed = vm.energyUsed;
  if (typeof ran === 'string') return { ok: true, output: ran, energyUsed };
  const revertReason = ran instanceof Revert ? ran.reason : 'Not enough energy';
  const output = ran instanceof Revert ? (ran.data ?? encodeRevert(revertReason)) : '';
  return { ok: false, output, energyUsed, revertReason };
}
