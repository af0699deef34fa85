// The devnet's chain: blocks, transactions and the contracts they run (see chain.ts).
export { Chain } from './chain.js';
export { ContractRegistry, nativeContracts } from './registry.js';
export type { EventFilter } from './events.js';
export {
  toHexText,
  type BlockRow,
  type BroadcastResult,
  type ConstantResult,
  type EventRow,
  type TxJson,
} from './types.js';
