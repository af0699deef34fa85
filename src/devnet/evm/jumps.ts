// @ethereumjs/evm analyses a contract's code (its jump destinations and push values) on every call
// that jumps: for the fee router, 6 KB walked byte by byte per call. The code a contract runs is
// the same Uint8Array each time (LedgerState caches it by hash), so the analysis is kept per code
// object here. The interpreter is not exported by the package, so its module is found next to the
// package's entry; if that ever fails (another layout), calls simply analyse as before.
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

type Analyse = (code: Uint8Array) => unknown;

export async function cacheJumpAnalysis(): Promise<boolean> {
  try {
    const entry = createRequire(import.meta.url).resolve('@ethereumjs/evm');
    const file = path.join(path.dirname(entry), '..', 'esm', 'interpreter.js');
    const mod = (await import(pathToFileURL(file).href)) as { Interpreter?: { prototype: Record<string, unknown> } };
    const proto = mod.Interpreter?.prototype;
    const analyse = proto?._getValidJumpDestinations as Analyse | undefined;
    if (!proto || typeof analyse !== 'function') return false;
    const seen = new WeakMap<Uint8Array, unknown>();
    proto._getValidJumpDestinations = function (this: unknown, code: Uint8Array) {
      let out = seen.get(code);
      if (out === undefined) {
        out = analyse.call(this, code);
        seen.set(code, out);
      }
      return out;
    };
    return true;
  } catch {
    return false;
  }
}
