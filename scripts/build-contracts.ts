// `npm run contracts:build`: compiles contracts/FeeRouter.sol with the solc pinned in package.json
// (standard JSON, evmVersion shanghai: what java-tron's TVM runs since GreatVoyage-v4.7.2) and writes
// contracts/build/FeeRouter.json: the ABI, the creation and runtime bytecode, and solc's metadata
// with every setting. The output is committed; test/contracts/build.test.ts compiles again and must
// find it identical, so what is deployed is what the source says. The contracts the tests use
// against it (contracts/test/) are built beside it the same way.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import solc from 'solc';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SOURCE = 'contracts/FeeRouter.sol';
export const OUTPUT = 'contracts/build/FeeRouter.json';
/** Every contract built: its source and name (the output is contracts/build/<name>.json). */
export const CONTRACTS = [
  { source: SOURCE, name: 'FeeRouter' },
  { source: 'contracts/test/HostileToken.sol', name: 'HostileToken' },
  { source: 'contracts/test/OddTokens.sol', name: 'QuietToken' },
  { source: 'contracts/test/OddTokens.sol', name: 'FalseToken' },
  { source: 'contracts/test/SlotKeeper.sol', name: 'SlotKeeper' },
  { source: 'contracts/test/NativeProbe.sol', name: 'NativeProbe' },
] as const;

/** The compiler settings (also in the metadata solc writes). */
export const SETTINGS = {
  evmVersion: 'shanghai',
  optimizer: { enabled: true, runs: 200 },
  outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object', 'metadata'] } },
} as const;

interface SolcOutput {
  errors?: Array<{ severity: string; formattedMessage: string }>;
  contracts: Record<
    string,
    Record<
      string,
      { abi: unknown[]; metadata: string; evm: { bytecode: { object: string }; deployedBytecode: { object: string } } }
    >
  >;
}

/** Compiles the router; the build file's text. Throws on a compiler error. */
export function compileRouter(root = ROOT): string {
  return compileContract(SOURCE, 'FeeRouter', root);
}

/** Compiles one contract; its build file's text. Throws on a compiler error. */
export function compileContract(source: string, name: string, root = ROOT): string {
  const input = {
    language: 'Solidity',
    sources: { [source]: { content: fs.readFileSync(path.join(root, source), 'utf8') } },
    settings: SETTINGS,
  };
  const out = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput;
  const errors = (out.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const c = out.contracts[source]![name]!;
  const build = {
    contractName: name,
    compiler: { name: 'solc', version: solc.version(), settings: SETTINGS },
    abi: c.abi,
    bytecode: c.evm.bytecode.object,
    deployedBytecode: c.evm.deployedBytecode.object,
    metadata: JSON.parse(c.metadata) as unknown,
  };
  return JSON.stringify(build, null, 2) + '\n';
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  fs.mkdirSync(path.join(ROOT, path.dirname(OUTPUT)), { recursive: true });
  for (const c of CONTRACTS) {
    const output = `contracts/build/${c.name}.json`;
    fs.writeFileSync(path.join(ROOT, output), compileContract(c.source, c.name));
    console.log(`wrote ${output} (solc ${solc.version()}, evmVersion ${SETTINGS.evmVersion})`);
  }
}
