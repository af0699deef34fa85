// No private key reaches a log line or the database, whatever the request does.
import { Writable } from 'node:stream';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LaunchpadClient } from '../../src/client/index.js';
import { createLogger } from '../../src/log.js';
import { faucet } from '../helpers/devnet.js';
import { demoTokens, startStack, waitFor, type Stack } from '../helpers/facade.js';

let stack: Stack;
let lines = '';

beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines += chunk.toString();
      done();
    },
  });
  stack = await startStack({ logger: createLogger('trace', { destination: sink }) });
});
afterAll(async () => stack?.close());

describe('secrets', () => {
  it('keeps created and used private keys out of every log line and SQLite file', async () => {
    const client = new LaunchpadClient({ baseUrl: stack.url, apiKey: await stack.key() });
    const tokens = await demoTokens(stack.devnet.url);
    const wallets = await client.createWallet(3);
    const keys = wallets.map((w) => w.privateKey);
    await faucet(stack.devnet.url, wallets[0]!.publicKey, 500);
    const sig = await client.trade({ action: 'buy', tokenAddress: tokens.TCAT!, amount: 20, privateKey: keys[0]! });
    await waitFor(async () => ((await client.txStatus(sig)).state === 'confirmed' ? true : undefined));
    // failing requests that carry a key
    await client
      .trade({ action: 'sell', tokenAddress: tokens.TCAT!, amount: 'lots', privateKey: keys[1]! })
      .catch(() => undefined);
    await client
      .trade({ action: 'buy', tokenAddress: tokens.TCAT!, amount: 1e9, privateKey: keys[2]! })
      .catch(() => undefined);
    const res = await fetch(stack.url + '/launchpad/trade', {
      method: 'POST',
      headers: { 'api-key': 'wrong', 'content-type': 'application/json' },
      body: JSON.stringify({ privateKey: keys[1] }),
    });
    expect(res.status).toBe(401);
    await stack.facade.indexer.syncOnce();

    expect(lines.length).toBeGreaterThan(1000); // trace logging did happen
    for (const k of keys) expect(lines).not.toContain(k);
    for (const f of fs.readdirSync(stack.dir).filter((n) => n.includes('sqlite'))) {
      const bytes = fs.readFileSync(path.join(stack.dir, f)).toString('latin1');
      for (const k of keys) expect(bytes, f).not.toContain(k);
    }
  });
});
