// Every route group's schemas, for the typed client (its types come from here, never written twice).
export * from './common.js';
export * from './data.js';
export * from './trade.js';
export * from './wallet.js';
export * from './admin.js';
export * from './energy.js';
export * from './live.js';
