// A client of the API's live stream (server-sent events), as a browser's EventSource reads it.

/** Reads an SSE stream until `until` is satisfied or the time runs out. */
export async function readStream(
  url: string,
  key: string,
  until: (events: Array<{ id: number; event: string; data: Record<string, unknown> }>) => boolean,
  headers: Record<string, string> = {},
  /** How long it reads at most. */
  ms = 10_000,
  /** Called once the server has answered: from then on it holds the stream's cursor and sends what comes. */
  opened?: () => void,
) {
  const ctrl = new AbortController();
  const res = await fetch(url, { headers: { 'api-key': key, ...headers }, signal: ctrl.signal });
  opened?.();
  const events: Array<{ id: number; event: string; data: Record<string, unknown> }> = [];
  const reader = res.body!.getReader();
  let buf = '';
  const timer = setTimeout(() => ctrl.abort(), ms);
  try {
    while (!until(events)) {
      const { value, done } = await reader.read();
      if (done) break;
      buf += new TextDecoder().decode(value);
      let i;
      while ((i = buf.indexOf('\n\n')) >= 0) {
        const block = buf.slice(0, i);
        buf = buf.slice(i + 2);
        const f = Object.fromEntries(
          block
            .split('\n')
            .filter((l) => !l.startsWith(':'))
            .map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 2)]),
        );
        if (f.data)
          events.push({
            id: Number(f.id),
            event: String(f.event),
            data: JSON.parse(String(f.data)) as Record<string, unknown>,
          });
      }
    }
  } catch {
    /* aborted */
  } finally {
    clearTimeout(timer);
    ctrl.abort();
  }
  return { status: res.status, events };
}
