// The devnet's chain: blocks, transactions and the contracts they run (see chain.ts).
export { Chain } from './chain.js';
export { ContractRegistry, nativeContracts } from './registry.js';
export type { EventFilter } from './events.js';
export type { ForkRequest, ForkResult } from './fork.js';
export { fullNodeView, solidityNodeView, type NodeView } from './views.js';
export * from './types.js';
