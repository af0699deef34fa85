// Several instances, as an operator lays them out (docs/operations.md#several-instances): the devnet
// alone (`npm run devnet`), two `api,bot` instances behind one webhook URL, and two `indexer,engine`
// instances (one leads, one waits), all on one Postgres and one Redis, each a real process. Telegram
// is the fake, as a local Bot API server that POSTs updates to the instance a test names.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN } from '../helpers/bot.js';
import { tempDir } from '../helpers/devnet.js';
import { waitFor } from '../helpers/facade.js';
import { NEEDS_POSTGRES, NEEDS_REDIS, REDIS_URL, testPostgres, testRedis, dropRedis } from '../helpers/services.js';
import { readStream } from '../helpers/sse.js';
import { freePorts, ROOT, systemProcess, type SystemProcess } from '../helpers/system.js';
import { fund } from '../helpers/system.js';
import { FakeTelegram } from '../helpers/telegram.js';

const db = await testPostgres();
const redis = await testRedis();
const SECRET = 'several-instances-webhook-secret_0123456789';
const tg = new FakeTelegram();
tg.local = true;

let devnet: ChildProcess | undefined;
let devnetUrl = '';
let sql: pg.Client;
const inst: Record<'a' | 'b' | 'c' | 'd', SystemProcess> = {} as never;
let address1 = '';
let token = '';
let streamKey = '';

/** The value of launchpad_leader{role} on an instance's /metrics. */
async function leads(s: SystemProcess, role: 'indexer' | 'engine'): Promise<number | undefined> {
  const text = await fetch(`${s.apiUrl}/metrics`).then(
    (r) => r.text(),
    () => '',
  );
  const m = new RegExp(`^launchpad_leader\\{role="${role}"\\} (\\d)`, 'm').exec(text);
  return m ? Number(m[1]) : undefined;
}

const rows = async <T>(text: string, params: unknown[] = []) => (await sql.query(text, params)).rows as T[];

/** An API read on an instance: its status. */
const price = (s: SystemProcess, key?: string) =>
  fetch(`${s.apiUrl}/launchpad/getTokenPrice`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key ? { 'api-key': key } : {}) },
    body: JSON.stringify({ address: token }),
  }).then((r) => r.status);

/** The user's Confirm of the newest "Buy" quote the bot sent them. */
async function quoteAndConfirm(user: number, via: SystemProcess, trx: number) {
  const before = tg.sent(user).length;
  expect(await tg.deliver(tg.message(user, `/buy ${token} ${trx}`), SECRET, via.apiUrl)).toBe(200);
  const quote = await waitFor(
    () =>
      tg
        .sent(user)
        .slice(before)
        .find((m) => m.text.includes('Buy $TCAT')),
    30_000,
  );
  return tg.tap(user, quote, tg.button(quote, /Confirm/));
}

const ok = Boolean(db && redis);
describe.skipIf(!ok)(
  `several instances on Postgres and Redis ${db ? (redis ? '' : NEEDS_REDIS) : NEEDS_POSTGRES}`,
  () => {
    beforeAll(async () => {
      await tg.start();
      sql = new pg.Client({ connectionString: db!.url });
      await sql.connect();
      const { devnet: devnetPort, api: devnet2Port } = await freePorts();
      const devnetEnv = {
        ...process.env,
        DATA_DIR: tempDir('lp-multi-devnet-'),
        DEVNET_PORT: String(devnetPort),
        DEVNET2_PORT: String(devnet2Port),
        DEVNET_BLOCK_MS: '500',
        DEVNET_SOLID_AFTER: '0',
        LOG_LEVEL: 'warn',
      };
      devnet = spawn(process.execPath, ['--import', 'tsx', 'src/devnet/main.ts'], { cwd: ROOT, env: devnetEnv });
      devnetUrl = `http://127.0.0.1:${devnetPort}`;
      await waitFor(
        () =>
          fetch(`${devnetUrl}/healthcheck`).then(
            (r) => r.ok || undefined,
            () => undefined,
          ),
        30_000,
      );
      // the addresses every instance uses, as the operator reads them
      const env = Object.fromEntries(
        execFileSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'devnet', 'info', '--env'], {
          cwd: ROOT,
          env: devnetEnv,
          encoding: 'utf8',
        })
          .trim()
          .split('\n')
          .map((l) => l.split('=') as [string, string]),
      );
      const portsA = await freePorts();
      const common = {
        ...env,
        // one webhook URL (a load balancer's); the test delivers each update to the instance it names
        BOT_WEBHOOK_URL: `http://127.0.0.1:${portsA.api}/telegram/update`,
        DATABASE_URL: db!.url,
        REDIS_URL,
        REDIS_PREFIX: redis!.prefix,
        WALLET_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
        BOT_TOKEN: TOKEN,
        TELEGRAM_API_ROOT: tg.url,
        BOT_WEBHOOK_SECRET: SECRET,
        INDEXER_POLL_MS: '200',
      };
      const make = (roles: string, extra: Record<string, string> = {}, ports?: { api: number; devnet: number }) =>
        systemProcess({ prefix: 'lp-multi-', env: { ...common, ROLES: roles, ...extra }, ...(ports ? { ports } : {}) });
      inst.a = make('api,bot', {}, portsA);
      inst.b = make('api,bot');
      inst.c = make('indexer,engine', { FACADE_URL: inst.a.apiUrl });
      inst.d = make('indexer,engine', { FACADE_URL: inst.b.apiUrl });
      // both API instances start at once on the empty database: one migrates, the other waits
      inst.a.start();
      inst.b.start();
      const healthy = (s: SystemProcess) => s.healthy().catch(() => Promise.reject(new Error(s.log())));
      await Promise.all([healthy(inst.a), healthy(inst.b)]);
      inst.c.start();
      await healthy(inst.c);
      inst.d.start();
      await healthy(inst.d);
    }, 120_000);

    afterAll(async () => {
      for (const s of Object.values(inst)) await s.stop();
      devnet?.kill('SIGTERM');
      await sql?.end();
      await tg.stop();
      await dropRedis(redis);
      await db?.drop();
    });

    it('one instance leads the indexer and the engine; every instance serves health, readiness and metrics', async () => {
      await waitFor(async () => ((await leads(inst.c, 'engine')) === 1 ? true : undefined), 20_000);
      expect([await leads(inst.c, 'indexer'), await leads(inst.c, 'engine')]).toEqual([1, 1]);
      for (const s of [inst.a, inst.b, inst.d])
        expect([await leads(s, 'indexer'), await leads(s, 'engine')]).toEqual([0, 0]);
      for (const s of Object.values(inst)) {
        expect((await fetch(`${s.apiUrl}/healthz`)).status).toBe(200);
        await waitFor(async () => ((await fetch(`${s.apiUrl}/readyz`)).status === 200 ? true : undefined), 20_000);
      }
      // the API is on a and b only
      expect(await price(inst.a)).toBe(401);
      expect(await price(inst.c)).toBe(404);
      // the bot's operator key was made once, though both bot instances started at once
      const keys = await rows<{ n: string }>(`SELECT count(*) n FROM app.api_keys WHERE label = 'telegram bot'`);
      expect(keys[0]!.n).toBe('1');
    }, 60_000);

    it('a buy through each bot instance; the same Confirm delivered to both makes one transaction; each stream gets each trade once', async () => {
      streamKey = inst.a.cli('keys', 'create', '--plan', 'trader').trim().split('\n').at(-1)!;
      expect(await tg.deliver(tg.message(5001, '/start'), SECRET, inst.a.apiUrl)).toBe(200);
      expect(await tg.deliver(tg.message(5002, '/start'), SECRET, inst.b.apiUrl)).toBe(200);
      const wallets = await waitFor(() => {
        const m = [5001, 5002].map((u) => /<code>(T\w{33})<\/code>/.exec(tg.sent(u)[0]?.text ?? '')?.[1]);
        return m.every(Boolean) ? (m as string[]) : undefined;
      }, 20_000);
      address1 = wallets[0]!;
      // funded once the faucet's transfers are in a block
      await Promise.all(wallets.map((address) => fund(devnetUrl, address, 500)));
      const list = (await (await fetch(`${devnetUrl}/devnet/tokens`)).json()) as {
        data: Array<{ symbol: string; contractAddress: string }>;
      };
      token = list.data.find((t) => t.symbol === 'TCAT')!.contractAddress;

      const txids = () => rows<{ txid: string }>(`SELECT txid FROM bot.trades WHERE txid IS NOT NULL ORDER BY id`);
      const expected: { txids?: string[] } = {};
      const holds = (ev: Array<{ data: Record<string, unknown> }>, txid: string) =>
        ev.filter((e) => JSON.stringify(e.data).includes(txid)).length;
      // an SSE client on each API instance (it stops once it has both trades: the heartbeat wakes it)
      let opened = 0;
      const streams = [inst.a, inst.b].map((s) =>
        readStream(
          `${s.apiUrl}/launchpad/stream?events=buy`,
          streamKey,
          (ev) => expected.txids?.every((tx) => holds(ev, tx) > 0) ?? false,
          {},
          45_000,
          () => opened++,
        ),
      );
      // both answered: each holds its cursor from before the trades
      await waitFor(() => (opened === 2 ? true : undefined), 20_000);
      const confirm1 = await quoteAndConfirm(5001, inst.a, 10);
      // Telegram sends the Confirm again, and the balancer hands the retry to the other instance
      expect(await Promise.all([inst.a, inst.b].map((s) => tg.deliver(confirm1, SECRET, s.apiUrl)))).toEqual([
        200, 200,
      ]);
      const confirm2 = await quoteAndConfirm(5002, inst.b, 20);
      expect(await tg.deliver(confirm2, SECRET, inst.b.apiUrl)).toBe(200);
      for (const u of [5001, 5002])
        await waitFor(() => (tg.sent(u).some((m) => /Bought/.test(m.text)) ? true : undefined), 30_000);
      // each delivery was answered once its handler had run: the repeated Confirm found the trade taken
      expect(
        tg.calls.filter(
          (c) => c.method === 'answerCallbackQuery' && c.payload.text === 'This trade is already being handled.',
        ),
      ).toHaveLength(1);
      const made = await txids();
      expect(made).toHaveLength(2);
      expect(tg.sent(5001).filter((m) => /Bought/.test(m.text))).toHaveLength(1);
      // what the chain holds: one buy for each user (once the leading indexer has both)
      const indexed = await waitFor(async () => {
        const r = await rows<{ txid: string }>(`SELECT txid FROM app.trades WHERE txid = ANY($1)`, [
          made.map((m) => m.txid),
        ]);
        return r.length >= 2 ? r : undefined;
      }, 20_000);
      expect(indexed).toHaveLength(2);
      expected.txids = made.map((m) => m.txid);
      for (const { events } of await Promise.all(streams))
        expect(expected.txids.map((tx) => holds(events, tx))).toEqual([1, 1]);
    }, 120_000);

    it('an API key of 60 requests a minute gets 60 of 120 requests split over both API instances', async () => {
      inst.a.cli('plans', 'set', 'sixty', '--rpm', '60', '--fee-bps', '0');
      const key = inst.b.cli('keys', 'create', '--plan', 'sixty').trim().split('\n').at(-1)!;
      // one fixed window: not across the turn of a minute (a time: the limiter's window is the clock's minute)
      if (new Date().getSeconds() > 45) await new Promise((r) => setTimeout(r, (61 - new Date().getSeconds()) * 1000));
      const codes = await Promise.all(Array.from({ length: 120 }, (_, i) => price([inst.a, inst.b][i % 2]!, key)));
      const served = codes.filter((c) => c === 200).length;
      expect(codes.filter((c) => c !== 200 && c !== 429)).toEqual([]);
      expect(served).toBeGreaterThanOrEqual(57);
      expect(served).toBeLessThanOrEqual(63);
    }, 90_000);

    it('SIGKILL of the leader while an order executes: another instance leads within 10 s and the order fills once', async () => {
      const before = await rows<{ n: string }>(`SELECT count(*) n FROM bot.trades WHERE user_id = 5001`);
      // a limit buy above the price: it fires as soon as the leading engine sees it
      expect(await tg.deliver(tg.message(5001, `/limit ${token} buy 7 @ 1`), SECRET, inst.b.apiUrl)).toBe(200);
      const order = await waitFor(async () => {
        const [o] = await rows<{ id: string; status: string }>(
          `SELECT id, status FROM bot.orders WHERE user_id = 5001`,
        );
        return o?.status === 'executing' ? o : undefined;
      }, 20_000);
      await inst.c.kill();
      const killed = Date.now();
      await waitFor(async () => ((await leads(inst.d, 'engine')) === 1 ? true : undefined), 15_000);
      expect(Date.now() - killed).toBeLessThan(10_000);
      await waitFor(async () => ((await leads(inst.d, 'indexer')) === 1 ? true : undefined), 15_000);
      const filled = await waitFor(async () => {
        const [o] = await rows<{ status: string }>(`SELECT status FROM bot.orders WHERE id = $1`, [order.id]);
        return o?.status === 'filled' ? o : undefined;
      }, 40_000);
      expect(filled.status).toBe('filled');
      const trades = await rows<{ id: string; txid: string; status: string }>(
        `SELECT id, txid, status FROM bot.trades WHERE user_id = 5001 AND id LIKE $1`,
        [`o:${order.id}:%`],
      );
      expect(trades).toHaveLength(1);
      const after = await rows<{ n: string }>(`SELECT count(*) n FROM bot.trades WHERE user_id = 5001`);
      expect(Number(after[0]!.n) - Number(before[0]!.n)).toBe(1);
      // the chain holds one buy of the order: the index (led by d now) has it once
      await waitFor(async () => {
        const r = await rows(`SELECT 1 FROM app.trades WHERE txid = $1`, [trades[0]!.txid]);
        return r.length === 1 ? true : undefined;
      }, 20_000);
      const onChain = await rows<{ n: string }>(
        `SELECT count(*) n FROM app.trades WHERE "user" = $1 AND type = 'BUY'`,
        [address1],
      );
      expect(onChain[0]!.n).toBe('2');
      // told once (a message the killed leader had claimed is sent by the new one after its 10-s lease)
      const told = () => tg.sent(5001).filter((m) => m.text.startsWith('✅ <b>Order filled')).length;
      await waitFor(() => (told() >= 1 ? true : undefined), 30_000);
      // every event of the order delivered (none left unsent, nor held under a lease): nothing more comes
      await waitFor(async () => {
        const [e] = await rows<{ n: string }>(
          `SELECT count(*) n FROM bot.order_events WHERE order_id = $1 AND sent_at IS NULL`,
          [order.id],
        );
        return e!.n === '0' ? true : undefined;
      }, 30_000);
      expect(told()).toBe(1);
    }, 120_000);
  },
);
