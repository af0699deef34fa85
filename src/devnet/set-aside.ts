// A devnet data file made for other launchpad families than its chain is now opened with (a data
// directory from before each family had a devnet of its own holds one chain with both): the chain
// would refuse it (checkFamilies), so it is moved aside, with its -wal and -shm, and a new chain
// starts in its place. Checked before the devnet opens the file, on a connection closed again at
// once, so that nothing still holds the old file when a new one takes its name.
import fs from 'node:fs';
import type { Logger } from 'pino';
import { openSqlite } from '../db/open.js';
import { checkFamilies } from './chain/genesis-block.js';
import { devnetFamilies, type DevnetFamilyName } from './genesis.js';
import { Ledger } from './ledger.js';
import * as schema from './schema.js';

/** Why the chain in `dbFile` cannot be opened with `families` (the chain's own words); undefined = it can. */
export function familiesRefusal(dbFile: string, families: readonly DevnetFamilyName[]): string | undefined {
  if (!fs.existsSync(dbFile)) return undefined;
  const db = openSqlite(dbFile, schema, 'devnet');
  try {
    // a file without a block has no chain yet: the devnet makes one with the families asked for
    if (db.$client.prepare('select 1 from blocks limit 1').get() === undefined) return undefined;
    try {
      checkFamilies(new Ledger(db), devnetFamilies(families));
      return undefined;
    } catch (e) {
      return (e as Error).message;
    }
  } finally {
    db.$client.close();
  }
}

/** `2025-01-31T12:00:00.123Z` as `20250131T120000Z`: a name part that sorts by time. */
const stampOf = (time: Date): string =>
  time
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');

/**
 * Moves `dbFile` (and its -wal and -shm) to `<dbFile>.pre-networks-<time>` when its chain was made
 * for other families, saying so in the log; returns where it went, or undefined when it stays.
 */
export function setAsideForeignChain(
  dbFile: string,
  families: readonly DevnetFamilyName[],
  logger: Logger,
  now: Date = new Date(),
): string | undefined {
  const refusal = familiesRefusal(dbFile, families);
  if (refusal === undefined) return undefined;
  let aside = `${dbFile}.pre-networks-${stampOf(now)}`;
  for (let n = 2; fs.existsSync(aside); n++) aside = `${dbFile}.pre-networks-${stampOf(now)}-${n}`;
  for (const suffix of ['', '-wal', '-shm'])
    if (fs.existsSync(dbFile + suffix)) fs.renameSync(dbFile + suffix, aside + suffix);
  logger.warn(
    { file: dbFile, movedTo: aside, families },
    `${refusal}: moved it aside to ${aside}, and a new chain for ${families.join(', ')} starts in its place (each family now has a devnet of its own; the old chain's balances are in the moved file)`,
  );
  return aside;
}
