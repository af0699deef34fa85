// One token page's live trades, fanned out to whoever listens (the chart, the header, the trades list).
export interface Hub<T> {
  emit(value: T): void;
  on(listener: (value: T) => void): () => void;
}

export function createHub<T>(): Hub<T> {
  const listeners = new Set<(value: T) => void>();
  return {
    emit: (value) => {
      for (const l of [...listeners]) l(value);
    },
    on: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** A timestamp in ms, whether it came in seconds or in ms. */
export function toMs(timestamp: number): number {
  return timestamp < 1e12 ? timestamp * 1000 : timestamp;
}
