import type { TokenPage } from '../../../src/web/contract';
import { useApp } from '../app-context';
import { short } from '../text';

export function HoldersList({ holders }: { holders: TokenPage['holders'] }) {
  const { t, n } = useApp();
  if (!holders.length) return <p class="hint center">{t('app-holders-empty')}</p>;
  return (
    <ol class="rows">
      {holders.map((h, i) => (
        <li key={h.address} class="rows__row" data-testid="holder-row" data-address={h.address}>
          <span class="rows__rank">{i + 1}</span>
          <span class="mono">{short(h.address)}</span>
          <span class="hint">{t('app-holder-type', { type: h.type })}</span>
          <span class="rows__num">{n.pct(h.percentage, 2)}</span>
        </li>
      ))}
    </ol>
  );
}
