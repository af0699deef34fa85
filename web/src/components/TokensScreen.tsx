// The token lists (new, trending by 24 h volume, about to launch, launched) with a search by name,
// symbol or address; prices refresh every few seconds.
import { useState } from 'preact/hooks';
import type { TokenListKind, TokenRow } from '../../../src/web/contract';
import { useApp } from '../app-context';
import { errorText, listOf, useDebounced, usePoll } from '../hooks';
import { Tabs } from './Tabs';
import { TokenListRow } from './TokenListRow';

const LISTS: TokenListKind[] = ['new', 'trending', 'launching', 'launched'];
const REFRESH_MS = 4000;

export function TokensScreen() {
  const { api, t } = useApp();
  const [list, setList] = useState<TokenListKind>('new');
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), 300);
  const [rows, setRows] = useState<TokenRow[]>();
  const [error, setError] = useState<string>();

  usePoll(
    async (current) => {
      try {
        const data = await api.get<unknown>(`tokens?list=${list}&q=${encodeURIComponent(q)}`);
        if (!current()) return;
        setRows(listOf<TokenRow>(data, 'tokens'));
        setError(undefined);
      } catch (e) {
        if (current()) setError(errorText(e, t));
      }
    },
    REFRESH_MS,
    [list, q],
  );

  const pick = (kind: TokenListKind) => {
    setList(kind);
    setRows(undefined);
  };

  return (
    <section class="screen">
      <input
        class="search"
        type="search"
        data-testid="token-search"
        placeholder={t('app-tokens-search')}
        value={search}
        onInput={(e) => setSearch(e.currentTarget.value)}
        autocomplete="off"
        spellcheck={false}
      />
      <Tabs
        prefix="list"
        items={LISTS.map((key) => ({ key, label: t(`app-tokens-tab-${key}`) }))}
        active={list}
        onSelect={pick}
      />
      {error && (
        <p class="notice notice--error" data-testid="list-error">
          {error}
        </p>
      )}
      {rows === undefined && !error && <p class="hint center">{t('app-loading')}</p>}
      {rows?.length === 0 && (
        <p class="hint center" data-testid="tokens-empty">
          {q ? t('app-tokens-none-found') : t('app-tokens-empty')}
        </p>
      )}
      {rows && rows.length > 0 && (
        <ul class="list" data-testid="token-list">
          {rows.map((row) => (
            <TokenListRow key={row.address} row={row} />
          ))}
        </ul>
      )}
    </section>
  );
}
