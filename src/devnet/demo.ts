// Demo data for a new devnet: tokens on both launchpads with a day of trades from several wallets,
// one token near its launch threshold and one launched (with a history of SunSwap V2 trades after its
// launch), so a new user sees real data at once.
// Everything goes through signed transactions and blocks, exactly as a user's trades would.
import { LAUNCHPAD_ABI, ROUTER_ABI, TRC20_ABI, TokenState, V2_ROUTER_ABI, type AbiEntry } from '../tron/abi.js';
import { toAbiAddress, toBase58 } from '../tron/address.js';
import { decodeRevert, encodeValues, findFunction, selectorOf } from '../tron/codec.js';
import { DEFAULT_FEES, DEFAULT_MINT_FEE, TRX_TO_FILL, realTrxOf } from '../tron/market/index.js';
import { signTx } from '../tron/tx.js';
import { MAX_UINT256, SUN_PER_TRX, BPS } from '../tron/units.js';
import type { Chain } from './chain/index.js';
import { DEX, FAMILIES } from './genesis.js';
import { devnetKey, type DevnetKey } from './keys.js';

export interface DemoToken {
  family: 'launchpad' | 'launchpad2';
  creator: string;
  metadata: {
    name: string;
    symbol: string;
    description: string;
    image: string;
    twitter: string | null;
    telegram: string | null;
    website: string | null;
  };
  /** Curve progress to reach, in percent (100 = filled, then launched). */
  progress: number;
  trades: number;
  hoursAgo: number;
}

const img = (symbol: string) => `https://placehold.co/256x256/png?text=${symbol}`;

export const DEMO_TOKENS: DemoToken[] = [
  {
    family: 'launchpad',
    creator: 'demo-1',
    progress: 18,
    trades: 30,
    hoursAgo: 23,
    metadata: {
      name: 'Tron Cat',
      symbol: 'TCAT',
      description: 'The cat that naps on the Tron chain.',
      image: img('TCAT'),
      twitter: 'https://x.com/troncat_demo',
      telegram: 'https://t.me/troncat_demo',
      website: 'https://troncat.example',
    },
  },
  {
    family: 'launchpad',
    creator: 'demo-2',
    progress: 3,
    trades: 8,
    hoursAgo: 20,
    metadata: {
      name: 'Sun Dog',
      symbol: 'SDOG',
      description: 'A good dog in the sun.',
      image: img('SDOG'),
      twitter: null,
      telegram: 'https://t.me/sundog_demo',
      website: null,
    },
  },
  {
    family: 'launchpad',
    creator: 'demo-3',
    progress: 93,
    trades: 40,
    hoursAgo: 22,
    metadata: {
      name: 'Moon Rocket',
      symbol: 'MOON',
      description: 'Almost at the launch threshold.',
      image: img('MOON'),
      twitter: 'https://x.com/moonrocket_demo',
      telegram: null,
      website: 'https://moonrocket.example',
    },
  },
  {
    family: 'launchpad',
    creator: 'demo-4',
    progress: 100,
    trades: 35,
    hoursAgo: 21,
    metadata: {
      name: 'Pump King',
      symbol: 'PKING',
      description: 'Filled its curve and launched to the DEX.',
      image: img('PKING'),
      twitter: 'https://x.com/pumpking_demo',
      telegram: 'https://t.me/pumpking_demo',
      website: null,
    },
  },
  {
    family: 'launchpad',
    creator: 'demo-5',
    progress: 0,
    trades: 0,
    hoursAgo: 1,
    metadata: {
      name: 'Fresh Frog',
      symbol: 'FROG',
      description: 'Just created.',
      image: img('FROG'),
      twitter: null,
      telegram: null,
      website: null,
    },
  },
  {
    family: 'launchpad2',
    creator: 'demo-6',
    progress: 12,
    trades: 20,
    hoursAgo: 18,
    metadata: {
      name: 'Second Wave',
      symbol: 'WAVE',
      description: 'Riding the second launchpad.',
      image: img('WAVE'),
      twitter: 'https://x.com/secondwave_demo',
      telegram: null,
      website: null,
    },
  },
  {
    family: 'launchpad2',
    creator: 'demo-2',
    progress: 5,
    trades: 10,
    hoursAgo: 10,
    metadata: {
      name: 'Echo',
      symbol: 'ECHO',
      description: 'Echo, echo, echo.',
      image: img('ECHO'),
      twitter: null,
      telegram: null,
      website: 'https://echo.example',
    },
  },
];

export const DEMO_WALLETS: DevnetKey[] = ['demo-1', 'demo-2', 'demo-3', 'demo-4', 'demo-5', 'demo-6'].map(devnetKey);
const WALLET_FUNDS = 400_000n * SUN_PER_TRX;
const FEE_LIMIT = 1000 * 1_000_000;
const DEMO_ROUTER_FEE_BPS = 100n;

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

interface Action {
  at: number;
  token: number;
  kind: 'create' | 'buy' | 'sell' | 'topup' | 'launch';
  wallet: DevnetKey;
  trx?: bigint;
  fraction?: number;
  direct?: boolean;
}

/** Sends one contract call in its own block at time `at`; throws if it does not succeed. */
function send(
  chain: Chain,
  key: DevnetKey,
  contract: string,
  abi: AbiEntry[],
  method: string,
  args: unknown[],
  callValue: bigint,
  at: number,
): void {
  const entry = findFunction(abi, method);
  const value: Record<string, unknown> = {
    data: selectorOf(entry) + encodeValues(entry.inputs, args),
    owner_address: key.address,
    contract_address: contract,
  };
  if (callValue > 0n) value.call_value = Number(callValue);
  const tx = chain.buildTransaction('TriggerSmartContract', value, { fee_limit: FEE_LIMIT });
  const res = chain.broadcast(signTx(tx, key.privateKey));
  if (!('result' in res))
    throw new Error(`demo seed: ${method} refused: ${Buffer.from(res.message, 'hex').toString()}`);
  chain.produceBlock(at);
  const info = chain.transactionInfo(res.txid) as { receipt?: { result?: string }; contractResult?: string[] };
  if (info.receipt?.result !== 'SUCCESS') {
    throw new Error(
      `demo seed: ${method} failed: ${decodeRevert(info.contractResult?.[0] ?? '') ?? info.receipt?.result}`,
    );
  }
}

/** The wallet's first sale of a token through `spender` approves it (just before the sale). */
function approveOnce(chain: Chain, a: Action, token: string, spender: string, approved: Set<string>): void {
  const key = `${token}:${a.wallet.address}:${spender}`;
  if (approved.has(key)) return;
  send(chain, a.wallet, token, TRC20_ABI, 'approve', [toAbiAddress(spender), MAX_UINT256], 0n, a.at - 1);
  approved.add(key);
}

/**
 * A trade of a launched token on SunSwap V2: through the fee router (dexBuy / dexSell) or, for the
 * "direct" ones, straight through the V2 router as a wallet on mainnet would.
 */
function dexTrade(chain: Chain, a: Action, token: string, fam: (typeof FAMILIES)[number], approved: Set<string>) {
  const deadline = BigInt(Math.floor(a.at / 1000) + 300);
  const path = a.kind === 'buy' ? [DEX.wtrx, token] : [token, DEX.wtrx];
  const abiPath = path.map(toAbiAddress);
  const me = toAbiAddress(a.wallet.address);
  if (a.kind === 'buy') {
    const trx = a.trx ?? 0n;
    if (trx <= 0n) return;
    if (a.direct)
      send(chain, a.wallet, DEX.router, V2_ROUTER_ABI, 'swapExactETHForTokens', [0n, abiPath, me, deadline], trx, a.at);
    else
      send(
        chain,
        a.wallet,
        fam.router,
        ROUTER_ABI,
        'dexBuy',
        [toAbiAddress(token), 0n, DEMO_ROUTER_FEE_BPS, deadline],
        trx,
        a.at,
      );
    return;
  }
  // holders from the curve days sell a little at a time, so the pool keeps most of its TRX
  const held = chain.ledger.tokenBalance(token, a.wallet.address);
  const amount = (held * BigInt(Math.floor(a.fraction! * 100))) / 1000n;
  if (amount <= 0n) return;
  approveOnce(chain, a, token, a.direct ? DEX.router : fam.router, approved);
  if (a.direct)
    send(
      chain,
      a.wallet,
      DEX.router,
      V2_ROUTER_ABI,
      'swapExactTokensForETH',
      [amount, 0n, abiPath, me, deadline],
      0n,
      a.at,
    );
  else
    send(
      chain,
      a.wallet,
      fam.router,
      ROUTER_ABI,
      'dexSell',
      [toAbiAddress(token), amount, 0n, DEMO_ROUTER_FEE_BPS, deadline],
      0n,
      a.at,
    );
}

/** Seeds the demo history once; returns false when the devnet was seeded before. */
export function seedDemo(chain: Chain, now: number): boolean {
  if (chain.ledger.getMeta('seeded')) return false;
  const rand = prng(20241123);
  const start = chain.head().timestamp + 1000;
  for (const w of DEMO_WALLETS) {
    const res = chain.faucet(w.address, WALLET_FUNDS);
    if (!('result' in res)) throw new Error('demo seed: faucet refused');
  }
  chain.produceBlock(start);

  const actions: Action[] = [];
  DEMO_TOKENS.forEach((t, i) => {
    const born = Math.max(start + 1000, now - t.hoursAgo * 3600_000);
    const end = now - 60_000;
    const creator = devnetKey(t.creator);
    actions.push({
      at: born,
      token: i,
      kind: 'create',
      wallet: creator,
      trx: BigInt(50 + Math.floor(rand() * 400)) * SUN_PER_TRX,
    });
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
  });
  actions.sort((a, b) => a.at - b.at);

  const tokenAddr: string[] = [];
  const approved = new Set<string>();
  for (const a of actions) {
    const def = DEMO_TOKENS[a.token]!;
    const fam = FAMILIES.find((f) => f.family === def.family)!;
    const token = tokenAddr[a.token];
    if (a.kind === 'create') {
      const before = chain.ledger.launchpad(fam.launchpad)!.tokenCount;
      send(
        chain,
        a.wallet,
        fam.launchpad,
        LAUNCHPAD_ABI,
        'createAndInitPurchase',
        [def.metadata.name, def.metadata.symbol],
        DEFAULT_MINT_FEE + a.trx!,
        a.at,
      );
      const created = chain.db.$client
        .prepare('select token from pools where launchpad = ? and token_index = ?')
        .get(fam.launchpad, before) as { token: string };
      tokenAddr[a.token] = created.token;
      chain.ledger.setMeta(`demo-token:${def.metadata.symbol}`, toBase58(created.token));
      continue;
    }
    if (!token) continue;
    const pool = chain.ledger.pool(token)!;
    if (a.kind === 'launch') {
      send(chain, a.wallet, fam.launchpad, LAUNCHPAD_ABI, 'launchToDEX', [toAbiAddress(token)], 0n, a.at);
      continue;
    }
    if (pool.state === TokenState.LAUNCHED && (a.kind === 'buy' || a.kind === 'sell')) {
      dexTrade(chain, a, token, fam, approved);
      continue;
    }
    if (pool.state !== TokenState.TRADING) continue;
    if (a.kind === 'sell') {
      const held = chain.ledger.tokenBalance(token, a.wallet.address);
      const amount = (held * BigInt(Math.floor(a.fraction! * 1000))) / 1000n;
      if (amount <= 0n) continue;
      approveOnce(chain, a, token, a.direct ? fam.launchpad : fam.router, approved);
      if (a.direct)
        send(chain, a.wallet, fam.launchpad, LAUNCHPAD_ABI, 'saleToken', [toAbiAddress(token), amount, 0n], 0n, a.at);
      else
        send(
          chain,
          a.wallet,
          fam.router,
          ROUTER_ABI,
          'sell',
          [toAbiAddress(token), amount, 0n, DEMO_ROUTER_FEE_BPS],
          0n,
          a.at,
        );
      continue;
    }
    let trx = a.trx ?? 0n;
    if (a.kind === 'topup') {
      const target = (TRX_TO_FILL * BigInt(def.progress)) / 100n;
      const missing = target - realTrxOf(pool);
      if (missing <= 0n) continue;
      // gross up for the launchpad fee; a filling buy gets its excess refunded
      trx = (missing * BPS) / (BPS - DEFAULT_FEES.purchaseFeeBps) + (def.progress >= 100 ? 1000n * SUN_PER_TRX : 1n);
    }
    if (trx <= 0n) continue;
    if (a.direct)
      send(chain, a.wallet, fam.launchpad, LAUNCHPAD_ABI, 'purchaseToken', [toAbiAddress(token), 0n], trx, a.at);
    else
      send(
        chain,
        a.wallet,
        fam.router,
        ROUTER_ABI,
        'buy',
        [toAbiAddress(token), 0n, DEMO_ROUTER_FEE_BPS],
        (trx * BPS) / (BPS - DEMO_ROUTER_FEE_BPS),
        a.at,
      );
  }
  chain.ledger.setMeta('seeded', String(now));
  return true;
}
