// Where a webhook may be delivered: only to public addresses (off the devnet), checked when the hook is
// made and again at every delivery, on the addresses the name resolves to then; the connection goes to
// the address that was checked (no second lookup a rebinding name could answer differently), and the
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

/** Whether an IP address is on the public internet (not loopback, private, link-local, ULA, NAT64, metadata …). */
export function isPublicIp(ip: string): boolean {
  const bare = ip.replace(/^\[|\]$/g, '');
  if (isIP(bare) === 4) return publicV4(bare);
  if (isIP(bare) !== 6) return false;
  const w = v6Words(bare);
  if (!w) return false;
  const v4 = `${w[6]! >> 8}.${w[6]! & 0xff}.${w[7]! >> 8}.${w[7]! & 0xff}`;
  if (w.slice(0, 5).every((x) => x === 0) && w[5] === 0xffff) return publicV4(v4); // IPv4-mapped
  if (w.slice(0, 6).every((x) => x === 0)) return false; // ::, ::1 and IPv4-compatible
  if (w[0] === 0x64 && w[1] === 0xff9b) return false; // NAT64 (64:ff9b::/96, 64:ff9b:1::/48)
  if ((w[0]! & 0xfe00) === 0xfc00) return false; // unique local (fc00::/7), incl. fd00:ec2::254
  if ((w[0]! & 0xffc0) === 0xfe80) return false; // link-local
  if ((w[0]! & 0xff00) === 0xff00) return false; // multicast
  if (w[0] === 0x2001 && w[1] === 0x0db8) return false; // documentation
  if (w[0] === 0x0100 && w.slice(1, 4).every((x) => x === 0)) return false; // discard-only
  return (w[0]! & 0xe000) === 0x2000; // global unicast is 2000::/3
}

export class TargetRefused extends Error {}

/** The address to connect to for `url`: its literal IP or the first its name resolves to, all public. */
export async function checkedAddress(url: URL, lookup: Lookup, allowPrivate: boolean): Promise<string> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const found = isIP(host) ? [{ address: host, family: isIP(host) }] : await lookup(host);
  if (!found.length) throw new TargetRefused('the name does not resolve');
  if (!allowPrivate && !found.every((a) => isPublicIp(a.address))) throw new TargetRefused('the address is not public');
  return found[0]!.address;
}

/**
 * POSTs `body` to `url`, connecting to `address` (already checked) with the URL's name for TLS and
 * the Host header. Resolves with the status code; the response body is never read.
 */
export function postTo(
  url: URL,
  address: string,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): Promise<number> {
  const lib = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
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
        timeout: timeoutMs,
      },
      (res) => {
        res.destroy();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { name: 'TimeoutError' })));
    req.on('error', reject);
    req.end(body);
  });
}
