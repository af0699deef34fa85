// The typed client on its own: what it sends, and how an answer becomes data or an ApiError.
import { describe, expect, it } from 'vitest';
import { ApiError, LaunchpadClient } from '../../src/client/index.js';

interface Seen {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

/** A client whose fetch answers `status` with `body` (and headers) and records what was asked. */
function clientAnswering(status: number, body: string, headers: Record<string, string> = {}) {
  const seen: Seen[] = [];
  const fetchStub: typeof fetch = async (input, init) => {
    seen.push({
      url: input as string,
      method: init?.method ?? 'GET',
      headers: init?.headers as Record<string, string>,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body,
    });
    return new Response(body, { status, headers: { 'content-type': 'application/json', ...headers } });
  };
  return { seen, client: new LaunchpadClient({ baseUrl: 'http://api.test/', apiKey: 'k-1', fetch: fetchStub }) };
}

describe('LaunchpadClient', () => {
  it('posts to the family path with the key, and hands back the body', async () => {
    const { seen, client } = clientAnswering(200, JSON.stringify({ data: { x: 1 }, success: true }));
    const details = await client.getTokenDetails('TAddr', 'launchpad2');
    expect(details).toEqual({ data: { x: 1 }, success: true });
    expect(seen).toEqual([
      {
        url: 'http://api.test/launchpad2/getTokenDetails',
        method: 'POST',
        headers: { 'api-key': 'k-1', 'content-type': 'application/json' },
        body: { address: 'TAddr' },
      },
    ]);
  });

  it('creates a key with a fee discount, and keeps the three-argument form', async () => {
    const { seen, client } = clientAnswering(
      200,
      JSON.stringify({ id: 7, key: 'lp_x', plan: 'free', status: 'success' }),
    );
    expect(await client.createKey('free', 'telegram:1', true, 10)).toEqual({ id: 7, key: 'lp_x' });
    await client.createKey('free', 'telegram:2', true);
    expect(seen.map((s) => [s.url, s.method, s.body])).toEqual([
      ['http://api.test/admin/keys', 'POST', { plan: 'free', label: 'telegram:1', managed: true, feeDiscountPct: 10 }],
      ['http://api.test/admin/keys', 'POST', { plan: 'free', label: 'telegram:2', managed: true }],
    ]);
  });

  it("asks for some keys' booked fees, since a time or all, and hands back the rows", async () => {
    const row = { txid: 'ab', apiKeyId: 3, token: 'TTok', side: 'buy', feeSun: '1350000', confirmedAt: 5 };
    const { seen, client } = clientAnswering(200, JSON.stringify({ data: [row], status: 'success', code: '200' }));
    expect(await client.adminFees([3, 4], 1_000)).toEqual([row]);
    await client.adminFees([3]);
    expect(seen.map((s) => [s.url, s.method, s.body])).toEqual([
      ['http://api.test/admin/fees', 'POST', { keyIds: [3, 4], since: 1_000 }],
      ['http://api.test/admin/fees', 'POST', { keyIds: [3] }],
    ]);
  });

  it("turns the spec's error envelope into an ApiError, with Retry-After", async () => {
    const envelope = { error: 'Too Many Requests', message: 'Rate limit exceeded', code: '429' };
    const { client } = clientAnswering(429, JSON.stringify(envelope), { 'retry-after': '7' });
    const err = await client.getTokenDetails('TAddr').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      status: 429,
      error: 'Too Many Requests',
      message: 'Rate limit exceeded',
      code: '429',
      retryAfter: 7,
    });
  });

  it('says so when an error answer is not JSON, and fills what an envelope lacks', async () => {
    const bad = await clientAnswering(502, '<html>bad gateway</html>')
      .client.getTokenDetails('T')
      .catch((e: unknown) => e);
    expect(bad).toMatchObject({ status: 502, error: 'Bad response', code: '502' });
    const bare = await clientAnswering(500, '{}')
      .client.getTokenDetails('T')
      .catch((e: unknown) => e);
    expect(bare).toMatchObject({ status: 500, error: 'Error', message: '', code: '500', retryAfter: undefined });
  });
});
