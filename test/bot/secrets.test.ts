// Private keys of bot users never reach a log line, a database file or a bot message, except the
// one export message the user asked for.
import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TronWeb } from 'tronweb';
import { createLogger } from '../../src/log.js';
import { faucet } from '../helpers/devnet.js';
import { demoTokens, startStack, waitFor } from '../helpers/facade.js';
import { startBotStack } from '../helpers/bot.js';

let h: Awaited<ReturnType<typeof startBotStack>>;
let logs = '';
const U = 2001;

beforeAll(async () => {
  const sink = new Writable({
    write(c: Buffer, _e, done) {
      logs += c.toString();
      done();
    },
  });
  const logger = createLogger('trace', { destination: sink });
  const stack = await startStack({ pollMs: 100, logger });
  h = await startBotStack({ stack, logger });
});
afterAll(async () => {
  await h?.close();
  await h?.stack.close();
});

describe('bot secrets', () => {
  it('keeps every created or imported key out of logs, databases and messages but the export', async () => {
    const tokens = await demoTokens(h.stack.devnet.url);
    await h.send(h.tg.message(U, '/start'));
    const created = (await h.built.store.wallets(U))[0]!;
    const createdKey = h.built.services.accounts.withKey(created, (k) => k);
    // import a second key (a PIN opens it; set on an empty wallet, it starts no hold)
    await h.send(h.tg.message(U, '/pin 13579'));
    await h.send(h.tg.message(U, '/unlock 13579'));
    await h.send(h.tg.message(U, '/wallet'));
    const view = h.tg.last(U);
    await h.send(h.tg.tap(U, view, h.tg.button(view, '📥 Import')));
    const imported = await TronWeb.createAccount();
    await h.send(h.tg.message(U, imported.privateKey));
    // trade with it
    await faucet(h.stack.devnet.url, imported.address.base58, 300);
    await h.send(h.tg.message(U, `/buy ${tokens.TCAT} 20`));
    const q = h.tg.last(U);
    await h.send(h.tg.tap(U, q, h.tg.button(q, '✅ Confirm')));
    await waitFor(() => (q.text.startsWith('✅') || q.text.startsWith('❌') ? true : undefined), 20_000);
    expect(q.text).toMatch(/^✅/);
    // export the first key (the PIN opens it)
    await h.send(h.tg.message(U, '/unlock 13579'));
    await h.send(h.tg.tap(U, view, h.tg.button(view, '🔑 Export')));
    await h.send(h.tg.tap(U, h.tg.last(U), `w:expok:${created.id}`));
    const exportMsg = h.tg.last(U);
    expect(exportMsg.text).toContain(createdKey);

    const keys = [createdKey, imported.privateKey];
    expect(logs.length).toBeGreaterThan(1000);
    for (const k of keys) expect(logs).not.toContain(k);
    for (const f of fs.readdirSync(h.stack.dir).filter((n) => n.includes('sqlite'))) {
      const bytes = fs.readFileSync(path.join(h.stack.dir, f)).toString('latin1');
      for (const k of keys) expect(bytes, f).not.toContain(k);
    }
    for (const m of h.tg.messages.values()) {
      if (!m.fromBot || m === exportMsg) continue;
      for (const t of m.history) for (const k of keys) expect(t).not.toContain(k);
    }
    // what the bot sent to Telegram (every call), apart from the export
    const sentCalls = JSON.stringify(
      h.tg.calls.filter((c) => !(c.method === 'sendMessage' && String(c.payload.text).includes(createdKey))),
    );
    for (const k of keys) expect(sentCalls).not.toContain(k);
  });
});
