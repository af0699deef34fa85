// What a monitor sees of an instance: /healthz, /readyz (the database, the node, the index caught
// up) and /metrics in Prometheus's format, counting what the instance really served.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoTokens, startStack, type Stack } from '../helpers/facade.js';

let stack: Stack;
let key: string;
beforeAll(async () => {
  stack = await startStack();
  key = await stack.key();
});
afterAll(async () => stack?.close());

const get = async (path: string) => {
  const res = await fetch(`${stack.url}${path}`);
  return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
};
/** A sample's value from the metrics text, by its name and labels as written there. */
const sample = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe('health and metrics', () => {
  it('answers /healthz and, once the index has caught up, /readyz without an API key', async () => {
    expect(await get('/healthz')).toMatchObject({ status: 200, text: '{"status":"ok"}' });
    const ready = await get('/readyz');
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.text)).toMatchObject({ status: 'ready', indexedBlock: expect.any(Number) });
  });

  it('counts requests by route pattern and status, times them, and says how far the index is behind', async () => {
    const tokens = await demoTokens(stack.devnet.url);
    const ask = (address: string, apiKey = key) =>
      fetch(`${stack.url}/launchpad/getTokenDetails`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'api-key': apiKey },
        body: JSON.stringify({ address }),
      });
    expect((await ask(tokens.TCAT!)).status).toBe(200);
    expect((await ask(tokens.SDOG!)).status).toBe(200);
    expect((await ask(tokens.TCAT!, 'not-a-key')).status).toBe(401);
    const refused = await fetch(`${stack.url}/launchpad/broadcast`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'api-key': key },
      body: JSON.stringify({ signedTx: { txID: 'nope' } }),
    });
    expect(refused.status).toBe(400);
    await stack.facade.indexer.syncOnce();
    const m = await get('/metrics');
    expect(m.status).toBe(200);
    expect(m.type).toMatch(/^text\/plain/);
    const route = 'route="/launchpad/getTokenDetails"';
    expect(sample(m.text, `http_requests_total{method="POST",${route},status="200"}`)).toBe(2);
    expect(sample(m.text, `http_requests_total{method="POST",${route},status="401"}`)).toBe(1);
    expect(sample(m.text, `http_request_duration_seconds_count{method="POST",${route}}`)).toBe(3);
    expect(sample(m.text, 'launchpad_trades_total{outcome="refused"}')).toBe(1);
    expect(sample(m.text, 'launchpad_index_lag_blocks')).toBe(0);
    expect(sample(m.text, 'launchpad_leader{role="indexer"}')).toBe(1);
    expect(sample(m.text, 'launchpad_leader{role="engine"}')).toBe(0);
    expect(m.text).toContain('process_resident_memory_bytes');
  });

  it('is not ready while the node does not answer, and says why', async () => {
    await stack.devnet.close();
    const res = await get('/readyz');
    expect(res.status).toBe(503);
    expect(JSON.parse(res.text)).toEqual({ status: 'not ready', reasons: ['the Tron node does not answer'] });
    expect((await get('/healthz')).status).toBe(200);
  });
});
