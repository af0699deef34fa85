// The user's trading wallet: address (with copy), TRX balance, energy and bandwidth, and whether the
// trades are sponsored (the router's energy pool pays the energy: network fee ~0). Export and withdraw
// stay in the bot.
import { useState } from 'preact/hooks';
import { useApp } from '../app-context';
import { usePoll } from '../hooks';

const REFRESH_MS = 10_000;

export function WalletScreen() {
  const { t, n, me, refreshMe } = useApp();
  const [copied, setCopied] = useState(false);
  usePoll(() => refreshMe(), REFRESH_MS, []);

  if (!me) return <p class="hint center">{t('app-loading')}</p>;
  const w = me.wallet;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(w.address);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2000);
    } catch {
      const el = document.querySelector<HTMLElement>('[data-testid="wallet-address"]');
      if (el) window.getSelection()?.selectAllChildren(el);
    }
  };

  return (
    <section class="screen">
      <h1 class="screen__title">{t('app-wallet-title')}</h1>
      <div class="card">
        <div class="hint">{t('app-wallet-address')}</div>
        <div class="wallet-address">
          <code class="mono" data-testid="wallet-address">
            {w.address}
          </code>
          <button type="button" class="button button--small" data-testid="copy-address" onClick={() => void copy()}>
            {copied ? t('app-copied') : t('app-copy')}
          </button>
        </div>
      </div>
      <div class="card">
        {w.networks ? (
          <>
            {w.networks.map((net) => (
              <div class="kv" key={net.name}>
                <span>{t('app-wallet-balance-on', { network: net.name })}</span>
                <strong data-testid="wallet-balance-on" data-sun={net.trxSun ?? undefined}>
                  {net.trxSun === null ? '—' : n.trx(net.trxSun)}
                </strong>
              </div>
            ))}
            <div class="hint" data-testid="wallet-same-key">
              {t('app-wallet-same-key')}
            </div>
          </>
        ) : (
          <div class="kv">
            <span>{t('app-wallet-balance')}</span>
            <strong data-testid="wallet-balance" data-sun={w.trxSun}>
              {n.trx(w.trxSun)}
            </strong>
          </div>
        )}
        <div class="kv">
          <span>{t('app-wallet-energy')}</span>
          <span data-testid="wallet-energy">
            {t('app-of', { value: n.num(w.energy.available, 0), limit: n.num(w.energy.limit, 0) })}
          </span>
        </div>
        <div class="kv">
          <span>{t('app-wallet-bandwidth')}</span>
          <span data-testid="wallet-bandwidth">
            {t('app-of', { value: n.num(w.bandwidth.available, 0), limit: n.num(w.bandwidth.limit, 0) })}
          </span>
        </div>
      </div>
      <p
        class={me.sponsored ? 'notice notice--ok' : 'notice'}
        data-testid="wallet-sponsored"
        data-sponsored={String(me.sponsored)}
      >
        {t(me.sponsored ? 'app-wallet-sponsored' : 'app-wallet-not-sponsored')}
      </p>
      <p class="hint">{t('app-wallet-bot-only')}</p>
    </section>
  );
}
