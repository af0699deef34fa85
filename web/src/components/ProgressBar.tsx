// A bonding curve's progress, 0–100 %. Its width is set through the CSSOM (Preact's style object),
// which the page's CSP allows; a style attribute in the markup it would not.
export function ProgressBar({ pct, label }: { pct: number; label: string }) {
  const value = Math.max(0, Math.min(100, Number.isFinite(pct) ? pct : 0));
  return (
    <div
      class="progress"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(value)}
    >
      <div class="progress__fill" style={{ width: `${value}%` }} />
    </div>
  );
}
