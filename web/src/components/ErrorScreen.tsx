// The screen shown when the server refuses the session (401: initData missing, altered or over an hour
// old): what happened and how to open the app again from the bot.
import type { Translate } from '../i18n';
import { Icon } from './Icon';

export function ErrorScreen({ t, reason }: { t: Translate; reason: string }) {
  return (
    <main class="error-screen" data-testid="error-screen" data-reason={reason}>
      <div class="error-screen__icon">
        <Icon name="lock" size={44} />
      </div>
      <h1>{t('app-session-invalid-title')}</h1>
      <p>{t('app-session-invalid-body')}</p>
      <p class="hint">{t('app-session-invalid-how')}</p>
    </main>
  );
}
