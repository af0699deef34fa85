// The benchmarks' harness: which cases run (`--only=a,b`), the env knobs every case shares, load
// generation (autocannon), percentiles, RSS sampling, the system under test in its own process
// (started through the tests' test/helpers/system.ts), and the figures printed and, with `--write`,
// appended to bench/RESULTS.md. Each case is a file in bench/cases/; bench/run.ts lists them.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { TronWeb } from 'tronweb';
import { freePorts, ROOT, systemProcess, type SystemProcess } from '../test/helpers/system.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));

/** BENCH_SECONDS: the length of each load run. */
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

/** BENCH_DEBUG: progress and the load generator's own CPU on stderr (not part of the figures). */
export function debug(message: string): void {
  if (process.env.BENCH_DEBUG) console.error(message);
}

const lines: string[] = [];

/** One line of figures: printed now, and kept for RESULTS.md. */
export function out(s: string): void {
  console.log(s);
  lines.push(s);
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  total: number;
}

/** A load run against one URL: 50 connections for BENCH_SECONDS unless told otherwise. */
export async function load(
  url: string,
  opts: {
    method?: 'GET' | 'POST';
    body?: string;
    headers?: Record<string, string>;
    connections?: number;
    seconds?: number;
  } = {},
): Promise<LoadResult> {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const r = await autocannon({
    url,
    method: opts.method ?? 'GET',
    connections: opts.connections ?? 50,
    duration: opts.seconds ?? SECONDS,
    headers: { 'content-type': 'application/json', ...(opts.headers ?? {}) },
    ...(opts.body ? { body: opts.body } : {}),
  });
  const cpu = process.cpuUsage(cpu0);
  // autocannon shares the machine with the system: whether it was the bottleneck
  debug(
    `load generator CPU: ${(((cpu.user + cpu.system) / 1000 / (performance.now() - t0)) * 100).toFixed(0)} % of a core; ${r.throughput.average} bytes/s`,
  );
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.non2xx,
    total: r.requests.total,
  };
}

export async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** p50 and p99 of a list of milliseconds. */
export function percentiles(ms: number[]): { p50: number; p99: number } {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]!;
  return { p50: at(0.5), p99: at(0.99) };
}

/** Samples a memory reading every 200 ms and keeps its peak (from the reading at the start). */
export function peakSampler(read: () => number): { start: number; peak: () => number; stop: () => void } {
  const start = read();
  let peak = start;
  const timer = setInterval(() => (peak = Math.max(peak, read())), 200);
  return { start, peak: () => peak, stop: () => clearInterval(timer) };
}

export interface DevnetToken {
  symbol: string;
  contractAddress: string;
}

export async function devnetTokens(devnetUrl: string): Promise<DevnetToken[]> {
  return ((await (await fetch(`${devnetUrl}/devnet/tokens`)).json()) as { data: DevnetToken[] }).data;
}

/** Faucet TRX, and wait for the block that carries it. */
export async function fundWallet(devnet: string, address: string, trx: number): Promise<void> {
  await post(`${devnet}/devnet/faucet`, { address, amountTrx: trx });
  const tw = new TronWeb({ fullHost: devnet });
  while ((await tw.trx.getBalance(address)) === 0) await sleep(100);
}

/** The bare Fastify baseline (bench/baseline.ts) in a process of its own, as the system is. */
export async function startBaseline(): Promise<{ url: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(HERE, 'baseline.ts')], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const rl = readline.createInterface({ input: child.stdout });
  const first = await new Promise<string>((resolve) => rl.once('line', resolve));
  return { url: (JSON.parse(first) as { url: string }).url, stop: () => stopChild(child) };
}

async function stopChild(child: ChildProcess): Promise<void> {
  const done = new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
  child.kill('SIGTERM');
  await done;
}

export interface BenchSystem {
  sys: SystemProcess;
  api: string;
  devnet: string;
  /** An API key on the developer plan. */
  key: string;
  /** The demo's curve token (TCAT) and its launched one, trading on the devnet's SunSwap V2 (PKING). */
  token: string;
  dexToken: string;
  stop: () => Promise<void>;
}

let built = false;

/** The node flags of `npm start` itself (package.json), then BENCH_NODE_FLAGS, then BENCH_PROFILE's. */
function startFlags(): string[] {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const own = /\bnode ((?:--\S+ )*)dist\/main\.js/.exec(pkg.scripts.start)?.[1]?.trim().split(' ') ?? [];
  // BENCH_PROFILE=dir: the system writes a CPU profile there when it ends (open it in Chrome DevTools)
  const prof = process.env.BENCH_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_PROFILE)}`]
    : [];
  return [...prof, ...own, ...(process.env.BENCH_NODE_FLAGS ?? '').split(' ')].filter(Boolean);
}

/**
 * The system under test as `npm start` runs it (the compiled build: devnet with its demo data,
 * indexer, API; no bot), in its own process with a fresh data directory and free ports. `env` adds
 * settings (DEVNET_BLOCK_MS, INDEXER_POLL_MS, ...). The API key is made with the CLI, and the system
 * is ready once the indexer has the demo's history.
 */
export async function startSystem(env: Record<string, string> = {}): Promise<BenchSystem> {
  if (!built) {
    execFileSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'inherit' });
    built = true;
  }
  const sys = systemProcess({
    prefix: 'lp-bench-',
    ports: await freePorts(),
    build: true,
    nodeFlags: startFlags(),
    env,
    inheritOutput: true,
  });
  sys.start();
  await sys.healthy();
  const key = sys.cli('keys', 'create', '--plan', 'developer', '--label', 'bench').trim().split('\n').pop()!.trim();
  const tokens = await devnetTokens(sys.devnetUrl);
  const token = tokens.find((t) => t.symbol === 'TCAT')!.contractAddress;
  const dexToken = tokens.find((t) => t.symbol === 'PKING')!.contractAddress;
  for (;;) {
    const r = await post(`${sys.apiUrl}/launchpad/getRecentTrades`, { address: token, limit: 1 }, { 'api-key': key });
    if (r.status === 200 && (r.body.data as unknown[]).length > 0) break;
    await sleep(200);
  }
  return { sys, api: sys.apiUrl, devnet: sys.devnetUrl, key, token, dexToken, stop: () => sys.stop() };
}

/** A case: its name for `--only`, and its module, loaded only when it runs. */
export type BenchCase = [name: string, load: () => Promise<{ run: () => Promise<void> | void }>];

/** Runs the chosen cases in order under the run's heading; `--write` appends the figures to RESULTS.md. */
export async function runCases(cases: BenchCase[]): Promise<void> {
  const only = process.argv
    .find((a) => a.startsWith('--only='))
    ?.slice(7)
    .split(',');
  out(
    `## ${new Date().toISOString().slice(0, 10)}: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
  );
  out(`Command: \`npm run bench\` (${SECONDS} s per load run, 50 connections)`);
  for (const [name, module] of cases) if (!only || only.includes(name)) await (await module()).run();
  if (process.argv.includes('--write')) {
    fs.appendFileSync(path.join(HERE, 'RESULTS.md'), '\n' + lines.join('\n') + '\n');
    console.log('appended to bench/RESULTS.md');
  }
}
