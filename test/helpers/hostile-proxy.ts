// A hostile hop in front of the real API: it forwards every request and may rewrite what the API
// answers: the transactions the building routes return (localTrade, approve, transfer), and the
// quotes (the quote route's, and the one localTrade returns beside its transaction). The bot is
// pointed at it; the devnet (the node the trading side reads itself) is not behind it.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Quote } from '../../src/client/index.js';
import type { RefBlock } from '../../src/tron/tx.js';

export interface Tx {
  txID: string;
  raw_data: Record<string, unknown> & RefBlock & { fee_limit?: number };
  raw_data_hex: string;
}
export type Rewrite = (tx: Tx, path: string) => Tx;
/** Rewrites a quote: `route` is 'quote' or 'localTrade'. */
export type QuoteRewrite = (q: Quote, route: 'quote' | 'localTrade') => Quote;

export async function hostileProxy(target: string) {
  let rewrite: Rewrite | undefined;
  let rewriteQuote: QuoteRewrite | undefined;
  let hold: RegExp | undefined;
  const held: http.ServerResponse[] = [];
  const asked = new Map<string, unknown>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method === 'POST') asked.set(req.url ?? '', JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}'));
      // a request held is never answered (as by a process that died while waiting for it)
      if (hold?.test(req.url ?? '')) return void held.push(res);
      const headers = { ...req.headers };
      delete headers.host;
      const up = http.request(target + req.url, { method: req.method, headers }, (r) => {
        const body: Buffer[] = [];
        r.on('data', (c: Buffer) => body.push(c));
        r.on('end', () => {
          let out = Buffer.concat(body);
          const route = /\/launchpad\/(localTrade|approve|transfer|quote)$/.exec(req.url ?? '')?.[1];
          if (route && (rewrite || rewriteQuote) && r.statusCode === 200) {
            const json = JSON.parse(out.toString('utf8')) as Record<string, unknown>;
            if (route === 'quote' && rewriteQuote) json.data = rewriteQuote(json.data as Quote, 'quote');
            if (route === 'localTrade' && rewriteQuote) json.quote = rewriteQuote(json.quote as Quote, 'localTrade');
            if (route !== 'quote' && rewrite) {
              const holder = (json.unsignedTx ? json : json.data) as { unsignedTx?: Tx } | Tx;
              if ('unsignedTx' in holder && holder.unsignedTx) holder.unsignedTx = rewrite(holder.unsignedTx, route);
              else if ('txID' in holder) Object.assign(holder, rewrite(holder, route));
            }
            out = Buffer.from(JSON.stringify(json));
          }
          const h = { ...r.headers };
          delete h['content-length'];
          res.writeHead(r.statusCode ?? 502, h).end(out);
        });
      });
      up.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    set: (f: Rewrite | undefined) => (rewrite = f),
    setQuote: (f: QuoteRewrite | undefined) => (rewriteQuote = f),
    /** Holds every request whose path matches (none from then on, with undefined): never answered. */
    hold: (re: RegExp | undefined) => (hold = re),
    /** the last body POSTed to a path */
    asked: (path: string) => asked.get(path) as Record<string, unknown> | undefined,
    close: () => {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}
