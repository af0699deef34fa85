// Where a webhook may be delivered: off the devnet only https:// on port 443 or 80, without
// credentials, to public addresses; with private targets allowed (the devnet) also http:// and any
// port from 1024. Checked when the hook is made and again at every delivery, on the addresses the name
// resolves to then; the connection goes to the address that was checked (no second lookup a rebinding
// name could answer differently), the whole request has one deadline (connect, headers, body), and the
// receiver's answer is not read beyond its status line.
import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';

export type Lookup = (host: string) => Promise<Array<{ address: string; family: number }>>;
export const systemLookup: Lookup = (host) => dnsLookup(host, { all: true, verbatim: true });

/** An IPv6 address as its eight 16-bit words (an embedded dotted IPv4 tail is read too). */
function v6Words(ip: string): number[] | undefined {
  let h = ip.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(h);
  if (dotted) {
    const b = dotted[1]!.split('.').map(Number);
    h =
      h.slice(0, -dotted[1]!.length) +
      (((b[0]! << 8) | b[1]!).toString(16) + ':' + ((b[2]! << 8) | b[3]!).toString(16));
  }
  const [head = '', tail] = h.split('::');
  const part = (s: string) => (s ? s.split(':').map((x) => parseInt(x, 16)) : []);
  const a = part(head);
  const b = tail === undefined ? [] : part(tail);
  const words = tail === undefined ? a : [...a, ...new Array<number>(8 - a.length - b.length).fill(0), ...b];
  return words.length === 8 && words.every((w) => Number.isInteger(w) && w >= 0 && w <= 0xffff) ? words : undefined;
}

/** The IPv4 address held in two 16-bit words. */
const v4Of = (hi: number, lo: number) => `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;

function publicV4(ip: string): boolean {
  const [a = 0, b = 0, c = 0] = ip.split('.').map(Number);
  return !(
    a === 0 || // "this" network
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) || // carrier-grade NAT
    (a === 169 && b === 254) || // link-local, cloud metadata (169.254.169.254)
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 192 && b === 0 && (c === 0 || c === 2)) || // IETF protocol assignments, TEST-NET-1
    (a === 198 && (b === 18 || b === 19)) || // benchmarking
    (a === 198 && b === 51 && c === 100) ||
    (a === 203 && b === 0 && c === 113) ||
    a >= 224 // multicast, reserved, broadcast
  );
}

/**
 * Whether an IP address is on the public internet (not loopback, private, link-local, ULA, metadata …).
 * IPv6 forms that carry an IPv4 address are judged by the IPv4 address they reach: IPv4-mapped,
 * 6to4 (2002::/16), Teredo (2001::/32: its server and its client must both be public) and NAT64's
 * well-known prefix (64:ff9b::/96); NAT64's local-use prefix (64:ff9b:1::/48) is refused whole.
 */
export function isPublicIp(ip: string): boolean {
  const bare = ip.replace(/^\[|\]$/g, '');
  if (isIP(bare) === 4) return publicV4(bare);
  if (isIP(bare) !== 6) return false;
  const w = v6Words(bare);
  if (!w) return false;
  const zero = (from: number, to: number) => w.slice(from, to).every((x) => x === 0);
  if (zero(0, 5) && w[5] === 0xffff) return publicV4(v4Of(w[6]!, w[7]!)); // IPv4-mapped
  if (zero(0, 6)) return false; // ::, ::1 and IPv4-compatible
  if (w[0] === 0x64 && w[1] === 0xff9b) return zero(2, 6) && publicV4(v4Of(w[6]!, w[7]!)); // NAT64
  if (w[0] === 0x2002) return publicV4(v4Of(w[1]!, w[2]!)); // 6to4
  // Teredo: the server's address, and the client's (stored with its bits inverted)
  if (w[0] === 0x2001 && w[1] === 0)
    return publicV4(v4Of(w[2]!, w[3]!)) && publicV4(v4Of(w[6]! ^ 0xffff, w[7]! ^ 0xffff));
  if ((w[0]! & 0xfe00) === 0xfc00) return false; // unique local (fc00::/7), incl. fd00:ec2::254
  if ((w[0]! & 0xffc0) === 0xfe80) return false; // link-local
  if ((w[0]! & 0xff00) === 0xff00) return false; // multicast
  if (w[0] === 0x2001 && w[1] === 0x0db8) return false; // documentation
  if (w[0] === 0x0100 && zero(1, 4)) return false; // discard-only
  return (w[0]! & 0xe000) === 0x2000; // global unicast is 2000::/3
}

/** A target a webhook may not be sent to; its message is for the code, never shown to the key holder. */
export class TargetRefused extends Error {}

/**
 * What a refused webhook URL is told: one text for every reason (scheme, credentials, port, address,
 * a name that does not resolve), so creating a webhook tells nothing about the inside network.
 */
export const targetRule = (allowPrivate: boolean): string =>
  allowPrivate
    ? 'url must be http:// or https:// without credentials, on port 80, 443 or 1024 and above, to a host that resolves'
    : 'url must be https:// without credentials, on port 443 or 80, to a host that resolves to public addresses only';

const portOf = (url: URL) => (url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80);

/** An Error that reads as a delivery timeout. */
const timedOut = () => Object.assign(new Error('timeout'), { name: 'TimeoutError' });

/** `p`, or a timeout once `deadline` passes (what `p` does after that is ignored). */
function beforeDeadline<T>(p: Promise<T>, deadline: AbortSignal | undefined): Promise<T> {
  if (!deadline) return p;
  return new Promise<T>((resolve, reject) => {
    if (deadline.aborted) return reject(timedOut());
    const onAbort = () => reject(timedOut());
    deadline.addEventListener('abort', onAbort, { once: true });
    p.then(resolve, reject).finally(() => deadline.removeEventListener('abort', onAbort));
  });
}

/**
 * The address to connect to for `url`, after the rules above: its literal IP or the first its name
 * resolves to, all of them public unless private targets are allowed. Throws TargetRefused (a name
 * that does not resolve included), or a timeout if `deadline` passes first.
 */
export async function checkTarget(
  url: URL,
  lookup: Lookup,
  allowPrivate: boolean,
  deadline?: AbortSignal,
): Promise<string> {
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:'))
    throw new TargetRefused('the scheme is not allowed');
  if (url.username || url.password) throw new TargetRefused('the url holds credentials');
  const port = portOf(url);
  if (!(port === 443 || port === 80 || (allowPrivate && port >= 1024)))
    throw new TargetRefused('the port is not allowed');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const found = isIP(host)
    ? [{ address: host, family: isIP(host) }]
    : await beforeDeadline(lookup(host), deadline).catch((e: unknown) => {
        if ((e as Error).name === 'TimeoutError') throw e;
        return [];
      });
  if (!found.length) throw new TargetRefused('the name does not resolve');
  if (!allowPrivate && !found.every((a) => isPublicIp(a.address))) throw new TargetRefused('the address is not public');
  return found[0]!.address;
}

/**
 * POSTs `body` to `url`, connecting to `address` (already checked) with the URL's name for TLS and
 * the Host header. Resolves with the status code; the response body is never read. When `deadline`
 * aborts (whatever the request is waiting for: the connection, the headers or sending the body), the
 * socket is destroyed and the promise rejects with a TimeoutError.
 */
export function postTo(
  url: URL,
  address: string,
  headers: Record<string, string>,
  body: string,
  deadline: AbortSignal,
): Promise<number> {
  const lib = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    if (deadline.aborted) return reject(timedOut());
    const req = lib.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        // every lookup of this request answers the checked address (the connection may ask for all)
        lookup: ((_host: string, opts: { all?: boolean }, cb: (...args: unknown[]) => void) =>
          opts.all
            ? cb(null, [{ address, family: isIP(address) }])
            : cb(null, address, isIP(address))) as unknown as http.RequestOptions['lookup'],
      },
      (res) => {
        deadline.removeEventListener('abort', onAbort);
        res.destroy();
        resolve(res.statusCode ?? 0);
      },
    );
    const onAbort = () => req.destroy(timedOut());
    deadline.addEventListener('abort', onAbort, { once: true });
    req.on('error', (e) => {
      deadline.removeEventListener('abort', onAbort);
      reject(e);
    });
    req.end(body);
  });
}
