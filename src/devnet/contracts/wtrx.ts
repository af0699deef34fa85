// Native wrapped TRX (WETH9 on Tron): a TRC20 whose supply is the TRX it holds.
import { WTRX_ABI } from '../../tron/abi.js';
import { toAbiAddress } from '../../tron/address.js';
import { Revert, uintArg, type NativeContract } from '../vm.js';
import { trc20Contract } from './trc20.js';

export const wtrxContract: NativeContract = {
  abi: WTRX_ABI,
  methods: {
    ...trc20Contract.methods,
    totalSupply: (ctx) => [ctx.ledger.balance(ctx.self)],
    deposit: (ctx) => {
      // the TRX is already here (the call's value)
      const bal = ctx.ledger.tokenBalance(ctx.self, ctx.sender);
      ctx.vm.store(bal === 0n);
      ctx.ledger.setTokenBalance(ctx.self, ctx.sender, bal + ctx.value);
      ctx.vm.emit(ctx.self, WTRX_ABI, 'Deposit', [toAbiAddress(ctx.sender), ctx.value]);
    },
    withdraw: async (ctx, [wad]) => {
      const amount = uintArg(wad);
      const bal = ctx.ledger.tokenBalance(ctx.self, ctx.sender);
      if (bal < amount) throw new Revert('');
      ctx.vm.store(false);
      ctx.ledger.setTokenBalance(ctx.self, ctx.sender, bal - amount);
      await ctx.vm.transferTrx(ctx.self, ctx.sender, amount);
      ctx.vm.emit(ctx.self, WTRX_ABI, 'Withdrawal', [toAbiAddress(ctx.sender), amount]);
    },
  },
};
