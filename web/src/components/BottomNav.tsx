import { useApp, type Tab } from '../app-context';
import { Icon } from './Icon';

const TABS: Tab[] = ['tokens', 'positions', 'orders', 'wallet'];

export function BottomNav({ active }: { active: Tab | undefined }) {
  const { t, go } = useApp();
  return (
    <nav class="bottom-nav">
      {TABS.map((tab) => (
        <button
          key={tab}
          type="button"
          class={tab === active ? 'bottom-nav__item bottom-nav__item--active' : 'bottom-nav__item'}
          data-testid={`nav-${tab}`}
          aria-current={tab === active ? 'page' : undefined}
          onClick={() => go(tab)}
        >
          <Icon name={tab} />
          <span>{t(`app-nav-${tab}`)}</span>
        </button>
      ))}
    </nav>
  );
}
