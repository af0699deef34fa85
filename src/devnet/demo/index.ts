// The demo a new devnet is seeded with (see seed.ts).
export { seedDemo } from './seed.js';
export { DEMO_TOKENS, DEMO_WALLETS, type DemoToken } from './tokens.js';
