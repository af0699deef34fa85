// What a bot user burns in network fees a trade (issue 45), on `npm start`'s devnet: its genesis has
// the operator (ROUTER_OWNER, the routers' origin) staking TRX for energy and the routers deployed
// with consume_user_resource_percent 0, so the operator's pool pays its users' energy. A fresh wallet
// funded from the faucet trades the demo tokens as a client of the API does (localTrade, signed here,
// broadcast through the API) and every figure is read from the transactions' receipts (energy_usage,
// origin_energy_usage, energy_fee, net_usage, net_fee). Scenarios: (a) sponsored, as at genesis;
// (b) not sponsored, the routers set to 100 % with UpdateSetting; (c) the router still at 100 % and the
// operator lending the wallet energy with DelegateResource for one buy, then taking it back;
// (d) sponsored again but the pool empty, the operator having unstaked everything (UnfreezeBalanceV2).
// A trade is the first of the wallet's day (its 600 free bytes pay the bandwidth) or a later one
// (bandwidth burnt); POST /devnet/advance starts a new day. A wallet's first buy of a token costs more
// energy than its later ones (its balance is new), so both are shown. Network fees are deterministic (not
// timing): one run suffices. Then: how many trades a day 10,000 staked TRX sustains at the devnet's
// weights, read from getaccountresource and getchainparameters, with the arithmetic.
import { TronWeb } from 'tronweb';
import { FAMILIES, ROUTER_OWNER } from '../../src/devnet/genesis.js';
import { signTx } from '../../src/tron/tx.js';
import { sunToTrx } from '../../src/tron/units.js';
import { fundWallet, out, post, sleep, startSystem, type BenchSystem } from '../harness.js';

const SUN = 1_000_000;
/** A curve or DEX buy, TRX (the bot walk-through). */
const BUY_TRX = 50;
/** The stake the "trades a day" figure is for, and what the operator lends in (c), TRX. */
const STAKE_TRX = 10_000;
const DAY_S = 86_400;
/**
 * The API reads a router's resource terms (getcontract) at most every 30 s (src/tron/gateway.ts,
 * TERMS_TTL_MS): after UpdateSetting the bench waits that long, or a trade would be built with the
 * old terms' fee_limit.
 */
const TERMS_TTL_MS = 30_000;

interface Receipt {
  energy_usage?: number;
  origin_energy_usage?: number;
  energy_fee?: number;
  energy_usage_total?: number;
  net_usage?: number;
  net_fee?: number;
  result?: string;
}
interface TxInfo {
  blockNumber?: number;
  contractResult?: string[];
  receipt?: Receipt;
  result?: string;
  resMessage?: string;
}
interface AccountResources {
  freeNetLimit?: number;
  EnergyLimit?: number;
  EnergyUsed?: number;
  TotalEnergyLimit?: number;
  TotalEnergyWeight?: number;
}
type Wallet = { address: string; privateKey: string };
type Unsigned = { txID: string; raw_data: Record<string, unknown>; raw_data_hex: string };

/** What one transaction cost, from its receipt. */
interface Row {
  label: string;
  energy: number;
  /** energy the contract's origin paid from its stake (the operator's pool) */
  pool: number;
  /** energy the wallet paid from its own (staked or lent) energy */
  own: number;
  /** sun burnt for energy and for bandwidth */
  energyFee: number;
  netFee: number;
  bytes: number;
  /** the quote's network fee (sun), when localTrade gave one */
  quoted?: number;
}

/** TRX to the sun, as written (0.4155, 7.6874, 0). */
const trx = (sun: number) => sunToTrx(BigInt(Math.round(sun)));
const int = (n: number) => Math.round(n).toLocaleString('en-US');

async function node(devnet: string, route: string, body: unknown): Promise<Record<string, unknown>> {
  return (await post(`${devnet}${route}`, body)).body;
}

/** The receipt once the transaction is in a block (head, so a block per broadcast has it at once). */
async function receiptOf(devnet: string, txid: string): Promise<TxInfo> {
  for (let i = 0; i < 600; i++) {
    const info = (await node(devnet, '/wallet/gettransactioninfobyid', { value: txid })) as TxInfo;
    if (info.blockNumber !== undefined) {
      if (info.result === 'FAILED' || (info.receipt?.result && info.receipt.result !== 'SUCCESS'))
        throw new Error(
          `${txid} failed: ${info.receipt?.result} ${info.resMessage ? Buffer.from(info.resMessage, 'hex').toString() : ''} ${JSON.stringify(info)}`,
        );
      return info;
    }
    await sleep(50);
  }
  throw new Error(`${txid} is in no block after 30 s`);
}

function rowOf(label: string, info: TxInfo, byteSun: number, quoted?: number): Row {
  const r = info.receipt ?? {};
  const netFee = r.net_fee ?? 0;
  return {
    label,
    energy: r.energy_usage_total ?? 0,
    pool: r.origin_energy_usage ?? 0,
    own: r.energy_usage ?? 0,
    energyFee: r.energy_fee ?? 0,
    netFee,
    bytes: r.net_usage ?? netFee / byteSun,
    ...(quoted !== undefined ? { quoted } : {}),
  };
}

/** A transaction the node built, signed with `key` and broadcast to the node; its receipt. */
async function sendNative(devnet: string, tx: unknown, key: string): Promise<TxInfo> {
  const signed = signTx(tx as Unsigned, key);
  const sent = await node(devnet, '/wallet/broadcasttransaction', signed);
  if (sent.result !== true) throw new Error(`the node refused it: ${JSON.stringify(sent)}`);
  return receiptOf(devnet, signed.txID);
}

class Trader {
  constructor(
    private info: BenchSystem,
    readonly wallet: Wallet,
    private byteSun: number,
  ) {}

  private async sendBuilt(unsigned: Unsigned): Promise<TxInfo> {
    const signed = signTx(unsigned, this.wallet.privateKey);
    const sent = await post(`${this.info.api}/launchpad/broadcast`, { signedTx: signed }, { 'api-key': this.info.key });
    if (sent.status !== 200) throw new Error(`broadcast: ${JSON.stringify(sent.body)}`);
    return receiptOf(this.info.devnet, signed.txID);
  }

  /** A router trade as a bot client makes it: localTrade, sign, broadcast. */
  async trade(label: string, type: 'buy' | 'sell', tokenAddress: string, amount: number | string): Promise<Row> {
    const built = await post(
      `${this.info.api}/launchpad/localTrade`,
      { type, tokenAddress, amount, userAddress: this.wallet.address, slippage: 50 },
      { 'api-key': this.info.key },
    );
    if (built.status !== 200) throw new Error(`localTrade (${label}): ${JSON.stringify(built.body)}`);
    const quote = built.body.quote as { networkFee?: { exact?: { totalSun?: string } } } | undefined;
    const quoted = quote?.networkFee?.exact?.totalSun;
    const info = await this.sendBuilt(built.body.unsignedTx as Unsigned);
    return rowOf(label, info, this.byteSun, quoted === undefined ? undefined : Number(quoted));
  }

  /** approve(router, max) for the token, built by the API (once per token and wallet). */
  async approve(label: string, tokenAddress: string): Promise<Row> {
    const built = await post(
      `${this.info.api}/launchpad/approve`,
      { tokenAddress, userAddress: this.wallet.address },
      { 'api-key': this.info.key },
    );
    if (built.status !== 200) throw new Error(`approve: ${JSON.stringify(built.body)}`);
    return rowOf(label, await this.sendBuilt(built.body.unsignedTx as Unsigned), this.byteSun);
  }
}

async function freshWallet(info: BenchSystem): Promise<Wallet> {
  const acc = await TronWeb.createAccount();
  await fundWallet(info.devnet, acc.address.base58, 2_000);
  return { address: acc.address.base58, privateKey: acc.privateKey };
}

/** A new day on the devnet's clock, and a block stamped in it (so trades are built on it). */
async function nextDay(info: BenchSystem): Promise<void> {
  await post(`${info.devnet}/devnet/advance`, { seconds: DAY_S });
  await fundWallet(info.devnet, (await TronWeb.createAccount()).address.base58, 1);
}

/** A wallet's day: curve buys, approvals, sells and DEX trades; a new day; a sell as the day's first trade. */
async function walletDay(info: BenchSystem, byteSun: number): Promise<Row[]> {
  const t = new Trader(info, await freshWallet(info), byteSun);
  const rows = [
    await t.trade('curve buy (first-time holder), first of the day', 'buy', info.token, BUY_TRX),
    await t.trade('curve buy (a holder), later', 'buy', info.token, BUY_TRX),
    await t.approve('approve (once a token)', info.token),
    await t.trade('curve sell, later', 'sell', info.token, '50%'),
    await t.trade('DEX buy (first-time holder), later', 'buy', info.dexToken, BUY_TRX),
    await t.approve('approve (once a token)', info.dexToken),
    await t.trade('DEX sell, later', 'sell', info.dexToken, '50%'),
  ];
  await nextDay(info);
  rows.push(await t.trade('curve sell, first of the day', 'sell', info.token, '100%'));
  return rows;
}

function table(title: string, rows: Row[]): void {
  out(`- ${title}:`);
  out('');
  out(
    '  | transaction | energy | from the pool | from the wallet | burnt for energy (TRX) | bytes | burnt for bandwidth (TRX) | network fee burnt (TRX) | quoted (TRX) |',
  );
  out('  | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const r of rows) {
    const share = r.energy ? ` (${Math.round((r.pool / r.energy) * 100)} %)` : '';
    out(
      `  | ${r.label} | ${int(r.energy)} | ${int(r.pool)}${share} | ${int(r.own)} | ${trx(r.energyFee)} | ${r.bytes} (${r.netFee ? 'burnt' : 'free'}) | ${trx(r.netFee)} | **${trx(r.energyFee + r.netFee)}** | ${r.quoted === undefined ? '—' : trx(r.quoted)} |`,
    );
  }
  out('');
}

/** Every family's router: the share of a call's energy its caller pays (UpdateSetting, the deployer's key). */
async function setUserPays(info: BenchSystem, percent: number): Promise<void> {
  for (const f of FAMILIES) {
    const tx = await node(info.devnet, '/wallet/updatesetting', {
      owner_address: ROUTER_OWNER.address,
      contract_address: f.router,
      consume_user_resource_percent: percent,
    });
    await sendNative(info.devnet, tx, ROUTER_OWNER.privateKey);
  }
  await sleep(TERMS_TTL_MS + 1_000);
}

export async function run(): Promise<void> {
  // a block per broadcast: every receipt is there at once (fees do not depend on the block time)
  const info = await startSystem({ DEVNET_BLOCK_MS: '0', DEVNET_SOLID_AFTER: '0', INDEXER_POLL_MS: '250' });
  try {
    const operator = TronWeb.address.fromHex(ROUTER_OWNER.address);
    const params = (
      (await node(info.devnet, '/wallet/getchainparameters', {})) as {
        chainParameter: Array<{ key: string; value?: number }>;
      }
    ).chainParameter;
    const param = (k: string) => params.find((p) => p.key === k)?.value ?? 0;
    const energySun = param('getEnergyFee');
    const byteSun = param('getTransactionFee');
    const currentLimit = param('getTotalEnergyCurrentLimit');
    const res0 = (await node(info.devnet, '/wallet/getaccountresource', {
      address: operator,
      visible: true,
    })) as AccountResources;
    const acc0 = (await node(info.devnet, '/wallet/getaccount', { address: operator, visible: true })) as {
      frozenV2?: Array<{ type?: string; amount?: number }>;
    };
    const poolStakeSun = acc0.frozenV2?.find((f) => f.type === 'ENERGY')?.amount ?? 0;
    const weight = res0.TotalEnergyWeight ?? 0;
    out(
      `- energy (issue 45): a fresh wallet (faucet) trades TCAT on the curve and PKING on SunSwap V2 through the fee router, as a client of the API does (localTrade, signed in the client, broadcast through the API), ${BUY_TRX} TRX buys, sells of half and then all of the holding; every figure from the receipts. The devnet's prices: ${energySun} sun an energy unit (getEnergyFee), ${byteSun} sun a byte (getTransactionFee), ${int(res0.freeNetLimit ?? 0)} free bytes a day. The operator's pool at genesis: ${int(poolStakeSun / SUN)} TRX staked for energy, ${int(res0.EnergyLimit ?? 0)} energy a day, ${int(res0.EnergyUsed ?? 0)} used by the demo's seed.`,
    );

    const sponsored = await walletDay(info, byteSun);
    table('(a) sponsored, as at genesis (the router at consume_user_resource_percent 0, the pool staked)', sponsored);

    await setUserPays(info, 100);
    const paying = await walletDay(info, byteSun);
    table('(b) not sponsored: the routers set to 100 % with UpdateSetting (the user pays all the energy)', paying);

    // (c) the operator lends one wallet the energy of STAKE_TRX for one buy, and takes it back
    const lend = new Trader(info, await freshWallet(info), byteSun);
    const lent = STAKE_TRX * SUN;
    const delegate = await sendNative(
      info.devnet,
      await node(info.devnet, '/wallet/delegateresource', {
        owner_address: ROUTER_OWNER.address,
        receiver_address: TronWeb.address.toHex(lend.wallet.address),
        balance: lent,
        resource: 'ENERGY',
      }),
      ROUTER_OWNER.privateKey,
    );
    const lentEnergy =
      (
        (await node(info.devnet, '/wallet/getaccountresource', {
          address: lend.wallet.address,
          visible: true,
        })) as AccountResources
      ).EnergyLimit ?? 0;
    const lentBuy = await lend.trade('curve buy (first-time holder), first of the day', 'buy', info.token, BUY_TRX);
    const undelegate = await sendNative(
      info.devnet,
      await node(info.devnet, '/wallet/undelegateresource', {
        owner_address: ROUTER_OWNER.address,
        receiver_address: TronWeb.address.toHex(lend.wallet.address),
        balance: lent,
        resource: 'ENERGY',
      }),
      ROUTER_OWNER.privateKey,
    );
    table(
      `(c) the router at 100 %, the operator lending the wallet ${int(STAKE_TRX)} TRX of stake (${int(lentEnergy)} energy a day) for one buy, no lock`,
      [
        rowOf('DelegateResource (the operator signs)', delegate, byteSun),
        lentBuy,
        rowOf('UnDelegateResource (the operator signs)', undelegate, byteSun),
      ],
    );

    // (d) sponsored again, but the operator unstakes its whole pool
    await setUserPays(info, 0);
    await sendNative(
      info.devnet,
      await node(info.devnet, '/wallet/unfreezebalancev2', {
        owner_address: ROUTER_OWNER.address,
        unfreeze_balance: poolStakeSun,
        resource: 'ENERGY',
      }),
      ROUTER_OWNER.privateKey,
    );
    const emptied = (await node(info.devnet, '/wallet/getaccountresource', {
      address: operator,
      visible: true,
    })) as AccountResources;
    const t = new Trader(info, await freshWallet(info), byteSun);
    table(
      `(d) the router at 0 % but the pool empty: the operator unstaked all ${int(poolStakeSun / SUN)} TRX (UnfreezeBalanceV2; its energy limit now ${int(emptied.EnergyLimit ?? 0)})`,
      [
        await t.trade('curve buy (first-time holder), first of the day', 'buy', info.token, BUY_TRX),
        await t.trade('curve buy (a holder), later', 'buy', info.token, BUY_TRX),
      ],
    );

    // what STAKE_TRX sustains at the devnet's weights (as at genesis), java-tron's arithmetic
    const perTrx = currentLimit / weight;
    const perDay = Math.trunc(STAKE_TRX * perTrx);
    const energyOf = (label: string) => sponsored.find((r) => r.label === label)!.energy;
    const firstBuy = sponsored.find((r) => r.label === 'curve buy (first-time holder), first of the day')!.energy;
    const kinds: Array<[string, number]> = [
      ['curve buys by a first-time holder', firstBuy],
      ['curve buys by a holder', energyOf('curve buy (a holder), later')],
      ['curve sells', energyOf('curve sell, later')],
      ['DEX buys by a first-time holder', energyOf('DEX buy (first-time holder), later')],
      ['DEX sells', energyOf('DEX sell, later')],
    ];
    out(
      `- What ${int(STAKE_TRX)} staked TRX sustains at the devnet's weights (getchainparameters' getTotalEnergyCurrentLimit ${int(currentLimit)}; getaccountresource's TotalEnergyWeight ${int(weight)} TRX at genesis, the network's stand-in plus the operator's pool): ${int(STAKE_TRX)} × ${int(currentLimit)} ÷ ${int(weight)} = ${int(STAKE_TRX)} × ${perTrx.toFixed(4)} = **${int(perDay)} energy a day**, so ` +
        kinds.map(([k, e]) => `${int(perDay)} ÷ ${int(e)} = **${(perDay / e).toFixed(2)} ${k}**`).join(', ') +
        ` a day. The genesis pool's ${int(poolStakeSun / SUN)} TRX: ${int(res0.EnergyLimit ?? 0)} energy a day ÷ ${int(firstBuy)} = ${int(Math.floor((res0.EnergyLimit ?? 0) / firstBuy))} first-time holders' curve buys a day.`,
    );
    const buy = (rows: Row[], label: string) => rows.find((r) => r.label === label)!;
    const a1 = buy(sponsored, 'curve buy (first-time holder), first of the day');
    const a2 = buy(sponsored, 'curve buy (a holder), later');
    const b1 = buy(paying, 'curve buy (first-time holder), first of the day');
    const b2 = buy(paying, 'curve buy (a holder), later');
    out(
      `- A ${BUY_TRX} TRX curve buy burns ${trx(a1.energyFee + a1.netFee)} TRX sponsored as the wallet's first trade of the day and ${trx(a2.energyFee + a2.netFee)} TRX later in the day (${a2.bytes} bytes × ${byteSun} sun), against ${trx(b1.energyFee + b1.netFee)} TRX not sponsored (${int(b1.energy)} energy × ${energySun} sun) and ${trx(b2.energyFee + b2.netFee)} TRX later (${int(b2.energy)} energy × ${energySun} sun + ${b2.bytes} bytes × ${byteSun} sun).`,
    );
  } finally {
    await info.stop();
  }
}
