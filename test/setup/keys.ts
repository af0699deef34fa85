// Records every private key the test run creates (TronWeb.createAccount is how the API, the bot and
// the tests make wallets), so the global teardown can look for them where they must not be.
import fs from 'node:fs';
import { TronWeb } from 'tronweb';

const file = process.env.LP_KEYS_FILE;
if (file) {
  const original = TronWeb.createAccount.bind(TronWeb);
  TronWeb.createAccount = async () => {
    const acc = await original();
    fs.appendFileSync(file, acc.privateKey + '\n');
    return acc;
  };
}
