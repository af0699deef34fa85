// The devnet's chain: blocks, transactions and the contracts they run (see chain.ts).
export { Chain } from './chain.js';
export { ContractRegistry, nativeContracts } from './registry.js';
export type { EventFilter } from './events.js';
export * from './types.js';
