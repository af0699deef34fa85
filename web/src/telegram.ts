// The Telegram client around the page, through @tma.js/sdk: its back button, its theme changes, and
// telling it the page is ready. Outside Telegram (a plain browser, the browser tests) none of this
// exists: `native` is false and the page shows its own back control.
import { backButton, init, on, postEvent } from '@tma.js/sdk';
import { insideTelegram } from './launch';

export interface Telegram {
  /** whether Telegram's own back button is there (else the page draws one) */
  native: boolean;
  /** Shows or hides Telegram's back button. */
  setBackVisible(visible: boolean): void;
  /** Calls `listener` when Telegram's back button is pressed; returns the unsubscribe. */
  onBack(listener: () => void): () => void;
}

const attempt = (fn: () => void): void => {
  try {
    fn();
  } catch {
    // an older client without the method: the page works without it
  }
};

export function connectTelegram(onTheme: (theme: Record<string, string>) => void): Telegram {
  if (!insideTelegram()) return { native: false, setBackVisible: () => {}, onBack: () => () => {} };
  // no custom styles: the SDK would put them in a <style> element, which the CSP refuses
  attempt(() => init({ acceptCustomStyles: false }));
  attempt(() => backButton.mount.ifAvailable());
  attempt(() => on('theme_changed', (e) => onTheme(e.theme_params as Record<string, string>)));
  attempt(() => postEvent('web_app_ready'));
  attempt(() => postEvent('web_app_expand'));
  let native = false;
  attempt(() => (native = backButton.isSupported()));
  return {
    native,
    setBackVisible: (visible) =>
      attempt(() => (visible ? backButton.show.ifAvailable() : backButton.hide.ifAvailable())),
    onBack: (listener) => {
      let off = () => {};
      attempt(() => {
        const r = backButton.onClick.ifAvailable(listener);
        if (r.ok) off = r.data;
      });
      return off;
    },
  };
}
