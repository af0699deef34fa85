// Automated orders: what a user asks (spec.ts), when an order fires (triggers.ts), setting them
// (create.ts), the engine that streams them (engine.ts), keeps the book of active orders (book.ts),
// checks and fires them (fire.ts), settles them (settle.ts) and what it tells (notify.ts).
export { createOrderEngine, type OrderEngine, type OrderEngineDeps } from './engine.js';
export type { OrderEvent, OrderEventKind, OrderNotifier } from './notify.js';
export {
  checkAutoTpSl,
  checkHoldBlocks,
  PRESET_SL,
  PRESET_TP,
  PRESET_TRAIL,
  MAX_OPEN_ORDERS,
  parseInterval,
  type OrderKind,
  type OrderSpec,
  type PriceSpec,
} from './spec.js';
export { MAX_HOLD_BLOCKS } from './triggers.js';
