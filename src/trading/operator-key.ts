// The trading side's operator key for the facade (it makes a key per user): the configured one, or
// one made once and kept sealed in the trading side's database. Several instances may start at once on one database:
// the first to claim `operator_key_claim` (an insert on conflict do nothing) makes the key and stores
// it; the others wait for it to appear. A claim whose maker died before storing a key is taken over
// (a conditional update of the claim's value) once the wait is over.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Vault } from '../vault.js';
import type { metaStore } from './meta.store.js';

const KEY = 'operator_key';
const CLAIM = 'operator_key_claim';
const CONTEXT = 'operator-key';

type MetaStore = Pick<ReturnType<typeof metaStore>, 'meta' | 'claimMeta' | 'swapMeta' | 'setMeta' | 'deleteMeta'>;

export interface OperatorKeyWait {
  /** how long a loser waits for the winner's key (default 15 s) */
  waitMs?: number;
  pollMs?: number;
}

/** The configured operator key, or the one made once (by this instance or another) and kept sealed. */
export async function operatorKey(
  store: MetaStore,
  vault: Vault,
  given: string | (() => Promise<string>),
  wait: OperatorKeyWait = {},
): Promise<string> {
  if (typeof given === 'string') return given;
  const stored = async () => {
    const sealed = await store.meta(KEY);
    return sealed === undefined ? undefined : vault.decrypt(sealed, CONTEXT);
  };
  const make = async () => {
    try {
      const key = await given();
      await store.setMeta(KEY, vault.encrypt(key, CONTEXT));
      return key;
    } catch (e) {
      // the next start (here or elsewhere) may try again
      await store.deleteMeta(CLAIM);
      throw e;
    }
  };
  const have = await stored();
  if (have !== undefined) return have;
  // claim: insert on conflict do nothing: one instance makes the key
  const mark = `${Date.now()}:${Math.random()}`;
  if (await store.claimMeta(CLAIM, mark)) return make();
  const waitMs = wait.waitMs ?? 15_000;
  const pollMs = wait.pollMs ?? 100;
  const seen = await store.meta(CLAIM);
  for (const until = Date.now() + waitMs; Date.now() < until;) {
    await sleep(pollMs);
    const key = await stored();
    if (key !== undefined) return key;
  }
  // the claimer stored nothing in all that time (it died): its claim is taken over, once
  if (seen !== undefined && (await store.swapMeta(CLAIM, seen, mark))) return make();
  const key = await stored();
  if (key !== undefined) return key;
  throw new Error('another bot instance is making the operator key and has not stored it; start again');
}
