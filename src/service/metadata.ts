// Off-chain token metadata: the devnet's demo tokens carry theirs at /devnet/tokens.
import type { DataService } from './data/index.js';

interface DemoToken {
  contractAddress: string | null;
  description: string;
  image: string;
  twitter: string | null;
  telegram: string | null;
  website: string | null;
}

/** Copies the devnet's demo metadata into the facade's store. Returns how many tokens it set. */
export async function syncDevnetMetadata(devnetUrl: string, data: DataService): Promise<number> {
  const res = await fetch(`${devnetUrl}/devnet/tokens`);
  if (!res.ok) return 0;
  const body = (await res.json()) as { data: DemoToken[] };
  let n = 0;
  for (const t of body.data) {
    if (!t.contractAddress) continue;
    await data.setMetadata(t.contractAddress, t);
    n++;
  }
  return n;
}
