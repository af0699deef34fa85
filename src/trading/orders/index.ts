// Automated orders: what a user asks (spec.ts), when an order fires (triggers.ts), setting them
// (create.ts), the engine that streams and fires them (engine.ts), settles them (settle.ts) and what it
// tells (notify.ts).
export { createOrderEngine, type OrderEngine, type OrderEngineDeps } from './engine.js';
export type { OrderEvent, OrderEventKind, OrderNotifier } from './notify.js';
export {
  checkHoldBlocks,
  MAX_OPEN_ORDERS,
  parseInterval,
  type OrderKind,
  type OrderSpec,
  type PriceSpec,
} from './spec.js';
export { MAX_HOLD_BLOCKS } from './triggers.js';
