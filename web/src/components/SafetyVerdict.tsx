import type { TokenPage } from '../../../src/web/contract';
import { useApp } from '../app-context';

export function SafetyVerdict({ safety }: { safety: TokenPage['safety'] }) {
  const { t, n } = useApp();
  if (!safety) return null;
  return (
    <div class={`safety safety--${safety.verdict}`} data-testid="safety-verdict" data-verdict={safety.verdict}>
      <strong class="safety__verdict">{t(`app-safety-${safety.verdict}`)}</strong>
      <span class="hint">
        {t('app-safety-stats', { holders: safety.holderCount, top10: n.pct(safety.top10SharePct, 1) })}
      </span>
      {safety.reasons.length > 0 && (
        <ul class="safety__reasons">
          {safety.reasons.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
