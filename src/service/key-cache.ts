// The API keys verified lately, in this process's memory only (the database keeps hashes): a request
// whose key was verified in the last few seconds costs no SHA-256 and no query. A change to keys or
// plans made here makes every entry stale at once; made by another instance, it applies within
// VERIFY_CACHE_MS. Used by keys.service.ts.
import type { KeyInfo } from './keys.service.js';

/** How long a verified key is trusted without asking the database (changes made in this process apply at once). */
const VERIFY_CACHE_MS = 5_000;
/** How many valid keys the cache holds by default; past that the least recently used one leaves. */
export const KEY_CACHE_SIZE = 10_000;

/**
 * Valid keys by the key as presented, least recently used first (a Map iterates in insertion
 * order: a hit moves its key to the end, and a new key past the size pushes out the first).
 * Only keys found valid go in: an unknown key is never kept, so random keys cannot push real ones out.
 */
export class KeyCache {
  private readonly entries = new Map<string, { at: number; generation: number; info: KeyInfo }>();
  /** Bumped when keys or plans change here: every entry is then stale, but still known. */
  private changes = 0;

  constructor(private readonly size: number) {}

  /** The key's plan if it was verified in the last few seconds and nothing changed since. */
  fresh(key: string, now: number): KeyInfo | undefined {
    const hit = this.entries.get(key);
    if (!hit || hit.generation !== this.changes || now - hit.at >= VERIFY_CACHE_MS) return undefined;
    this.touch(key, hit);
    return hit.info;
  }

  /** Whether the key was valid when last looked up (however long ago, while it stays in the cache). */
  known(key: string): boolean {
    return this.entries.has(key);
  }

  /** Keeps a key found valid by a lookup that started in `generation` (a change since makes it stale at once). */
  set(key: string, info: KeyInfo, now: number, generation: number): void {
    this.touch(key, { at: now, generation, info });
    if (this.entries.size > this.size) this.entries.delete(this.entries.keys().next().value!);
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  /** Keys or plans changed: the next request of each key asks the database again. */
  stale(): void {
    this.changes += 1;
  }

  /** What `set` takes: read before a lookup starts. */
  get generation(): number {
    return this.changes;
  }

  private touch(key: string, entry: { at: number; generation: number; info: KeyInfo }): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
  }
}
