// The plans every installation starts with; operators edit them with `npm run cli -- plans set`.
import type { AppDb } from './index.js';
import { plans } from './schema.js';

export const DEFAULT_PLANS = [
  { name: 'free', rpm: 30, feeBps: 150, streams: false },
  { name: 'starter', rpm: 120, feeBps: 90, streams: false },
  { name: 'trader', rpm: 300, feeBps: 50, streams: true },
  { name: 'elite', rpm: 1200, feeBps: 30, streams: true },
  { name: 'developer', rpm: null, feeBps: 10, streams: true },
] as const;

/** Inserts the default plans that are missing; never overwrites an edited plan. */
export function ensurePlans(db: AppDb): void {
  db.insert(plans)
    .values([...DEFAULT_PLANS])
    .onConflictDoNothing({ target: plans.name })
    .run();
}
