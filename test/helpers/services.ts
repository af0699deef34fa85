// The shared services the multi-instance profile uses, for the tests that need them: Redis at
// REDIS_URL (default the local service, 127.0.0.1:6379). Each test file gets its own key prefix and
// removes its keys at the end; where Redis does not answer, those tests are skipped and say how
// to run them.
import { randomBytes } from 'node:crypto';
import { openRedis, type SharedRedis } from '../../src/db/redis.js';
import { createLogger } from '../../src/log.js';

export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
/** What a skipped test's name says. */
export const NEEDS_REDIS = `(skipped: Redis does not answer at ${REDIS_URL}; start it there or set REDIS_URL to run these)`;

/** A connection under a fresh prefix, or undefined when Redis does not answer. */
export async function testRedis(
  prefix = `tlb-test-${randomBytes(4).toString('hex')}:`,
): Promise<SharedRedis | undefined> {
  try {
    return await openRedis(REDIS_URL, prefix, createLogger('silent'));
  } catch {
    process.stderr.write(`${NEEDS_REDIS}\n`);
    return undefined;
  }
}

/** Removes every key under the connection's prefix, and closes it. */
export async function dropRedis(shared: SharedRedis | undefined): Promise<void> {
  if (!shared) return;
  const keys = await shared.redis.keys(`${shared.prefix}*`);
  if (keys.length) await shared.redis.del(...keys);
  await shared.close();
}
