// The demo's history as a schedule of actions: each token is created, traded by the demo wallets,
// topped up to its target progress and, if it fills its curve, launched. A seeded PRNG makes every
// new devnet draw the same schedule, so its tokens, trades and charts are the same everywhere.
import { TRX_TO_FILL } from '../../tron/market/index.js';
import { SUN_PER_TRX } from '../../tron/units.js';
import { devnetKey, type DevnetKey } from '../keys.js';
import { DEMO_TOKENS, DEMO_WALLETS, type DemoToken } from './tokens.js';

const SEED = 20241123;

export interface Action {
  at: number;
  /** Index into DEMO_TOKENS. */
  token: number;
  kind: 'create' | 'buy' | 'sell' | 'topup' | 'launch';
  wallet: DevnetKey;
  trx?: bigint;
  /** Of the wallet's holding, for a sale. */
  fraction?: number;
  /** Straight to the launchpad or the V2 router, not through the fee router. */
  direct?: boolean;
}

/** Every token's actions from `start` until a minute before `now`, in time order. */
export function planActions(start: number, now: number): Action[] {
  const rand = prng(SEED);
  const actions = DEMO_TOKENS.flatMap((t, i) => tokenActions(t, i, start, now, rand));
  return actions.sort((a, b) => a.at - b.at);
}

function tokenActions(t: DemoToken, i: number, start: number, now: number, rand: () => number): Action[] {
  const born = Math.max(start + 1000, now - t.hoursAgo * 3600_000);
  const end = now - 60_000;
  const creator = devnetKey(t.creator);
  const actions: Action[] = [
    { at: born, token: i, kind: 'create', wallet: creator, trx: BigInt(50 + Math.floor(rand() * 400)) * SUN_PER_TRX },
  ];
  const budget = Number((TRX_TO_FILL * BigInt(t.progress)) / 100n / SUN_PER_TRX);
  for (let k = 0; k < t.trades; k++) {
    const at = born + 1000 + Math.floor(rand() * (end - born - 120_000));
    const wallet = DEMO_WALLETS[Math.floor(rand() * DEMO_WALLETS.length)]!;
    const direct = rand() < 0.25;
    if (rand() < 0.3) actions.push({ at, token: i, kind: 'sell', wallet, fraction: 0.2 + rand() * 0.6, direct });
    else
      actions.push({
        at,
        token: i,
        kind: 'buy',
        wallet,
        trx: BigInt(Math.max(10, Math.floor((budget / t.trades) * (0.3 + rand() * 0.9)))) * SUN_PER_TRX,
        direct,
      });
  }
  // a whale (never the creator) tops the curve up to its target progress; a token that fills it
  // launches part way through its history and trades on SunSwap V2 from then on
  const whale = DEMO_WALLETS.filter((w) => w.label !== t.creator)[i % (DEMO_WALLETS.length - 1)]!;
  const topupAt = t.progress >= 100 ? born + Math.floor((end - born) * 0.4) : end - 30_000 + i;
  if (t.progress > 0) actions.push({ at: topupAt, token: i, kind: 'topup', wallet: whale });
  if (t.progress >= 100) actions.push({ at: topupAt + 1000, token: i, kind: 'launch', wallet: creator });
  return actions;
}

/** A small deterministic PRNG, so every new devnet gets the same history. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
