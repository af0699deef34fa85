// Native TRC20 token: balances and allowances live in the ledger's trc20 tables.
import { TRC20_ABI } from '../../tron/abi.js';
import { toAbiAddress } from '../../tron/address.js';
import { MAX_UINT256 } from '../../tron/units.js';
import { Revert, addressArg, uintArg, type CallContext, type NativeContract, type Vm } from '../vm.js';

const ZERO_ABI = '0x' + '0'.repeat(40);

const addr = addressArg;
const uint = uintArg;

/** Moves tokens and emits Transfer; shared by transfer, transferFrom and the launchpad. */
export function moveTokens(vm: Vm, token: string, from: string, to: string, amount: bigint): void {
  const ledger = vm.ledger;
  if (to === '41' + '0'.repeat(40)) throw new Revert('TRC20: transfer to the zero address');
  const fromBal = ledger.tokenBalance(token, from);
  if (fromBal < amount) throw new Revert('TRC20: transfer amount exceeds balance');
  if (amount > 0n && from !== to) {
    const toBal = ledger.tokenBalance(token, to);
    vm.store(false);
    ledger.setTokenBalance(token, from, fromBal - amount);
    vm.store(toBal === 0n);
    ledger.setTokenBalance(token, to, toBal + amount);
  }
  vm.emit(token, TRC20_ABI, 'Transfer', [toAbiAddress(from), toAbiAddress(to), amount]);
}

/** Burns `amount` held by `from` and lowers the supply (LP tokens). */
export function burnTokens(vm: Vm, token: string, from: string, amount: bigint): void {
  const ledger = vm.ledger;
  const bal = ledger.tokenBalance(token, from);
  if (bal < amount) throw new Revert('TRC20: burn amount exceeds balance');
  vm.store(false);
  ledger.setTokenBalance(token, from, bal - amount);
  ledger.setTotalSupply(token, BigInt(ledger.token(token)!.totalSupply) - amount);
  vm.emit(token, TRC20_ABI, 'Transfer', [toAbiAddress(from), ZERO_ABI, amount]);
}

/** Mints `amount` more to `to` and raises the supply (LP tokens). */
export function mintMore(vm: Vm, token: string, to: string, amount: bigint): void {
  mintTokens(vm, token, to, amount);
  vm.ledger.setTotalSupply(token, BigInt(vm.ledger.token(token)!.totalSupply) + amount);
}

/** Mints the whole supply to `to` when a token is created. */
export function mintTokens(vm: Vm, token: string, to: string, amount: bigint): void {
  vm.store(true);
  vm.ledger.setTokenBalance(token, to, vm.ledger.tokenBalance(token, to) + amount);
  vm.emit(token, TRC20_ABI, 'Transfer', [ZERO_ABI, toAbiAddress(to), amount]);
}

function info(ctx: CallContext) {
  const t = ctx.ledger.token(ctx.self);
  if (!t) throw new Revert('not a token');
  return t;
}

export const trc20Contract: NativeContract = {
  abi: TRC20_ABI,
  methods: {
    name: (ctx) => [info(ctx).name],
    symbol: (ctx) => [info(ctx).symbol],
    decimals: (ctx) => [BigInt(info(ctx).decimals)],
    totalSupply: (ctx) => [BigInt(info(ctx).totalSupply)],
    balanceOf: (ctx, [who]) => [ctx.ledger.tokenBalance(ctx.self, addr(who))],
    allowance: (ctx, [owner, spender]) => [ctx.ledger.allowance(ctx.self, addr(owner), addr(spender))],
    transfer: (ctx, [to, value]) => {
      moveTokens(ctx.vm, ctx.self, ctx.sender, addr(to), uint(value));
      return [true];
    },
    approve: (ctx, [spender, value]) => {
      const s = addr(spender);
      const before = ctx.ledger.allowance(ctx.self, ctx.sender, s);
      ctx.vm.store(before === 0n);
      ctx.ledger.setAllowance(ctx.self, ctx.sender, s, uint(value));
      ctx.vm.emit(ctx.self, TRC20_ABI, 'Approval', [toAbiAddress(ctx.sender), toAbiAddress(s), uint(value)]);
      return [true];
    },
    transferFrom: (ctx, [from, to, value]) => {
      const owner = addr(from);
      const amount = uint(value);
      const allowed = ctx.ledger.allowance(ctx.self, owner, ctx.sender);
      if (allowed < amount) throw new Revert('TRC20: insufficient allowance');
      if (allowed !== MAX_UINT256) {
        ctx.vm.store(false);
        ctx.ledger.setAllowance(ctx.self, owner, ctx.sender, allowed - amount);
      }
      moveTokens(ctx.vm, ctx.self, owner, addr(to), amount);
      return [true];
    },
  },
};
