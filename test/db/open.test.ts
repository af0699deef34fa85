// Opening a database: the house pragmas, the committed migrations and the default plans.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDb } from '../../src/db/index.js';

describe('openDb', () => {
  it('opens a file readable by its owner only, in WAL mode with foreign keys, a busy timeout and the default plans', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-test-db-'));
    const db = openDb(path.join(dir, 'nested', 'app.sqlite'));
    const sqlite = db.$client;
    expect(sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(sqlite.pragma('busy_timeout', { simple: true })).toBe(5000);
    // only its owner may read it, and its write-ahead log
    for (const f of ['app.sqlite', 'app.sqlite-wal'])
      expect(fs.statSync(path.join(dir, 'nested', f)).mode & 0o777, f).toBe(0o600);
    const plans = () => sqlite.prepare('select name, rpm, fee_bps from plans order by fee_bps').raw().all();
    expect(plans()).toEqual([
      ['developer', null, 10],
      ['elite', 1200, 30],
      ['trader', 300, 50],
      ['starter', 120, 90],
      ['free', 30, 150],
    ]);
    // an operator's edit survives the next open, which applies no migration twice
    sqlite.prepare("update plans set rpm = 60 where name = 'free'").run();
    sqlite.close();
    const again = openDb(path.join(dir, 'nested', 'app.sqlite'));
    expect(again.$client.prepare("select rpm from plans where name = 'free'").pluck().get()).toBe(60);
    again.$client.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
