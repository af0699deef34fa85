// The fee router's build (version 2; version 1 beside it) is what its source compiles to, with the pinned solc and settings, and the
// ABI the product calls (src/tron/abi.ts) is the compiled contract's: every function with its
// argument and result types and whether it takes TRX, every event with its indexed fields.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTRACTS, OUTPUT, compileContract, compileRouter } from '../../scripts/build-contracts.js';
import { ROUTER_ABI, type AbiEntry } from '../../src/tron/abi.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const committed = fs.readFileSync(path.join(ROOT, OUTPUT), 'utf8');
const build = JSON.parse(committed) as {
  abi: AbiEntry[];
  bytecode: string;
  deployedBytecode: string;
  compiler: { version: string };
  metadata: { settings: { evmVersion: string; optimizer: unknown }; compiler: { version: string } };
};
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  devDependencies: Record<string, string>;
};

/** What a caller relies on in an ABI entry: its kind, name, types, indexed fields and mutability. */
const shape = (e: AbiEntry) => ({
  type: e.type,
  name: e.name,
  inputs: e.inputs.map((i) => ({ type: i.type, ...(e.type === 'event' ? { indexed: !!i.indexed } : {}) })),
  ...(e.type === 'function' ? { outputs: (e.outputs ?? []).map((o) => o.type), mutability: e.stateMutability } : {}),
});

describe('contracts/build/FeeRouterV2.json', () => {
  it('is what the source compiles to, byte for byte, with the pinned compiler and settings', () => {
    expect(compileRouter(ROOT)).toBe(committed);
    expect(build.compiler.version.startsWith(`${pkg.devDependencies.solc}+`)).toBe(true);
    // TLOAD and TSTORE (the guard against reentry): cancun, as the TVM runs it with parameter #83 on
    expect(build.metadata.settings.evmVersion).toBe('cancun');
    expect(build.metadata.settings.optimizer).toEqual({ enabled: true, runs: 200 });
    expect(build.bytecode).toMatch(/^[0-9a-f]{1000,}$/);
    expect(build.deployedBytecode).toMatch(/^[0-9a-f]{1000,}$/);
  });

  it("has version 1 and the tests' contracts beside it, built the same way", () => {
    for (const c of CONTRACTS) {
      const file = fs.readFileSync(path.join(ROOT, 'contracts/build', `${c.name}.json`), 'utf8');
      expect(compileContract(c.source, c.name, ROOT, c.evm), c.name).toBe(file);
    }
  });

  it('keeps version 1 as operators deployed it (shanghai, unchanged since its audit)', () => {
    const v1 = JSON.parse(fs.readFileSync(path.join(ROOT, 'contracts/build/FeeRouter.json'), 'utf8')) as typeof build;
    expect(v1.metadata.settings.evmVersion).toBe('shanghai');
    expect(createHash('sha256').update(v1.deployedBytecode).digest('hex')).toBe(
      '393c79249b885f76073283066525a51d47332b57894d5ca9ad29585e6cfacda7',
    );
  });

  it('has every function and event of the ABI the product uses, as the product calls them', () => {
    const compiled = new Map(build.abi.filter((e) => e.name).map((e) => [`${e.type}:${e.name}`, e]));
    for (const entry of ROUTER_ABI) {
      const mine = compiled.get(`${entry.type}:${entry.name}`);
      expect(mine, entry.name).toBeDefined();
      expect(shape(mine!), entry.name).toEqual(shape(entry));
    }
    // buys take TRX; nothing else does but receive()
    expect(build.abi.filter((e) => e.stateMutability === 'payable').map((e) => e.name ?? e.type)).toEqual(
      expect.arrayContaining(['buy', 'dexBuy']),
    );
  });
});
