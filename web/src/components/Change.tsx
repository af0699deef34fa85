import { useApp } from '../app-context';

/** A change in percent with its sign, green up, red down. */
export function Change({ pct, testid }: { pct: number; testid?: string }) {
  const { n } = useApp();
  const dir = pct > 0 ? 'up' : pct < 0 ? 'down' : 'flat';
  return (
    <span class={`change change--${dir}`} data-testid={testid}>
      {n.signedPct(pct)}
    </span>
  );
}
