// A row of tab buttons; each has data-testid `${prefix}-${key}`.
export interface TabItem<K extends string> {
  key: K;
  label: string;
}

export function Tabs<K extends string>(props: {
  items: Array<TabItem<K>>;
  active: K;
  onSelect: (key: K) => void;
  prefix: string;
  small?: boolean;
}) {
  return (
    <div class={props.small ? 'tabs tabs--small' : 'tabs'} role="tablist">
      {props.items.map((item) => (
        <button
          key={item.key}
          type="button"
          role="tab"
          aria-selected={item.key === props.active}
          class={item.key === props.active ? 'tabs__tab tabs__tab--active' : 'tabs__tab'}
          data-testid={`${props.prefix}-${item.key}`}
          onClick={() => props.onSelect(item.key)}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}
