// `npm run contracts:build`: compiles the fee routers with the solc pinned in package.json (standard
// JSON) and writes contracts/build/<name>.json: the ABI, the creation and runtime bytecode, and solc's
// metadata with every setting. Version 2 (contracts/FeeRouterV2.sol, what is deployed) is built for
// evmVersion cancun (TLOAD, TSTORE and MCOPY: on the TVM since network parameter #83); version 1
// (contracts/FeeRouter.sol, kept as deployed for operators moving from it) for shanghai. The output is committed; test/contracts/build.test.ts compiles again and must
// find it identical, so what is deployed is what the source says. The contracts the tests use
// against it (contracts/test/) are built beside it the same way.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import solc from 'solc';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SOURCE = 'contracts/FeeRouterV2.sol';
export const OUTPUT = 'contracts/build/FeeRouterV2.json';
type EvmVersion = 'shanghai' | 'cancun';
/** Every contract built: its source, name (the output is contracts/build/<name>.json) and EVM version. */
export const CONTRACTS: ReadonlyArray<{ source: string; name: string; evm: EvmVersion }> = [
  { source: SOURCE, name: 'FeeRouterV2', evm: 'cancun' },
  { source: 'contracts/FeeRouter.sol', name: 'FeeRouter', evm: 'shanghai' },
  { source: 'contracts/test/HostileToken.sol', name: 'HostileToken', evm: 'shanghai' },
  { source: 'contracts/test/OddTokens.sol', name: 'QuietToken', evm: 'shanghai' },
  { source: 'contracts/test/OddTokens.sol', name: 'FalseToken', evm: 'shanghai' },
  { source: 'contracts/test/SlotKeeper.sol', name: 'SlotKeeper', evm: 'shanghai' },
  { source: 'contracts/test/NativeProbe.sol', name: 'NativeProbe', evm: 'shanghai' },
  { source: 'contracts/test/RouterV2Probes.sol', name: 'HostileDex', evm: 'shanghai' },
  { source: 'contracts/test/RouterV2Probes.sol', name: 'FeeOnTransferToken', evm: 'shanghai' },
  { source: 'contracts/test/RouterV2Probes.sol', name: 'TradingTreasury', evm: 'shanghai' },
  { source: 'contracts/test/RouterV2Probes.sol', name: 'TrxPusher', evm: 'shanghai' },
];

/** The compiler settings for an EVM version (also in the metadata solc writes). */
export const settingsFor = (evmVersion: EvmVersion) =>
  ({
    evmVersion,
    optimizer: { enabled: true, runs: 200 },
    outputSelection: {
      '*': {
        '*': [
          'abi',
          'evm.bytecode.object',
          'evm.deployedBytecode.object',
          'evm.deployedBytecode.immutableReferences',
          'metadata',
        ],
      },
    },
  }) as const;

interface SolcOutput {
  errors?: Array<{ severity: string; formattedMessage: string }>;
  contracts: Record<
    string,
    Record<
      string,
      {
        abi: unknown[];
        metadata: string;
        evm: {
          bytecode: { object: string };
          deployedBytecode: {
            object: string;
            immutableReferences?: Record<string, Array<{ start: number; length: number }>>;
          };
        };
      }
    >
  >;
}

/** Compiles the router (version 2); the build file's text. Throws on a compiler error. */
export function compileRouter(root = ROOT): string {
  return compileContract(SOURCE, 'FeeRouterV2', root, 'cancun');
}

/** Compiles one contract; its build file's text. Throws on a compiler error. */
export function compileContract(source: string, name: string, root = ROOT, evm: EvmVersion = 'shanghai'): string {
  const settings = settingsFor(evm);
  const input = {
    language: 'Solidity',
    sources: { [source]: { content: fs.readFileSync(path.join(root, source), 'utf8') } },
    settings,
  };
  const out = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput;
  const errors = (out.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const c = out.contracts[source]![name]!;
  const build = {
    contractName: name,
    compiler: { name: 'solc', version: solc.version(), settings },
    abi: c.abi,
    bytecode: c.evm.bytecode.object,
    deployedBytecode: c.evm.deployedBytecode.object,
    // where the constructor writes its immutables into the runtime code (bytes): zeros here
    ...(Object.keys(c.evm.deployedBytecode.immutableReferences ?? {}).length
      ? { immutableReferences: Object.values(c.evm.deployedBytecode.immutableReferences!).flat() }
      : {}),
    metadata: JSON.parse(c.metadata) as unknown,
  };
  return JSON.stringify(build, null, 2) + '\n';
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  fs.mkdirSync(path.join(ROOT, path.dirname(OUTPUT)), { recursive: true });
  for (const c of CONTRACTS) {
    const output = `contracts/build/${c.name}.json`;
    fs.writeFileSync(path.join(ROOT, output), compileContract(c.source, c.name, ROOT, c.evm));
    console.log(`wrote ${output} (solc ${solc.version()}, evmVersion ${c.evm})`);
  }
}
