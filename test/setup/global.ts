// Whole-run secret scan: after all tests, no private key created or imported during the run may
// appear in any SQLite file, log file or bot message the run left behind — except the export
// message a user asked for.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export default function setup() {
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-run-'));
  const started = Date.now();
  process.env.LP_KEYS_FILE = path.join(runDir, 'keys.txt');
  process.env.LP_MESSAGES_DIR = runDir;
  fs.writeFileSync(process.env.LP_KEYS_FILE, '');
  return () => {
    const keys = [
      ...new Set(
        fs
          .readFileSync(process.env.LP_KEYS_FILE!, 'utf8')
          .split('\n')
          .filter((k) => /^[0-9a-f]{64}$/i.test(k)),
      ),
    ];
    if (!keys.length) return;
    const leaks: string[] = [];
    const scan = (file: string, content: string) => {
      for (const k of keys)
        if (content.includes(k) || content.includes(k.toUpperCase())) leaks.push(`${file} holds a private key`);
    };
    for (const d of fs.readdirSync(os.tmpdir())) {
      if (!/^lp-(test|crash|bench)-/.test(d)) continue;
      const dir = path.join(os.tmpdir(), d);
      if (fs.statSync(dir).mtimeMs < started) continue;
      for (const f of fs.readdirSync(dir)) {
        if (/sqlite|\.log$/.test(f)) scan(path.join(dir, f), fs.readFileSync(path.join(dir, f)).toString('latin1'));
      }
    }
    for (const f of fs.readdirSync(runDir).filter((n) => n.startsWith('messages-'))) {
      for (const line of fs.readFileSync(path.join(runDir, f), 'utf8').split('\n')) {
        if (!line || line.includes('<b>Private key</b> of')) continue; // the export the user asked for
        scan(`bot message in ${f}`, line);
      }
    }
    fs.rmSync(runDir, { recursive: true, force: true });
    if (leaks.length) process.exitCode = 1;
    if (leaks.length)
      throw new Error(`secret scan failed (${keys.length} keys checked):\n${[...new Set(leaks)].join('\n')}`);
    console.log(
      `secret scan: ${keys.length} private keys created in this run, none found in logs, databases or bot messages`,
    );
  };
}
