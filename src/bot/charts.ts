// The token card's chart: drawn once per token, interval and latest candle, uploaded once, and sent
// by Telegram's file_id after that.
import { InputFile } from 'grammy';
import type { Candles, TokenDetails } from '../client/index.js';
import { renderChart, type PictureLabels } from '../charts/render.js';

/** The intervals a card's chart can show (its buttons, and what a tap may ask for). */
export const CARD_INTERVALS = ['5m', '1h', '1d'] as const;
export type CardInterval = (typeof CARD_INTERVALS)[number];
/** Candles on a card's chart. */
export const CARD_CANDLES = 48;
const MAX_REMEMBERED = 2_000;

export function createChartCache() {
  const fileIds = new Map<string, string>();
  return {
    /** The chart for a card: a file_id when this picture was sent before in its language, else the PNG to upload. */
    chart(d: TokenDetails, c: Candles, labels: PictureLabels): { key: string; photo: string | InputFile } {
      const last = c.candles.at(-1);
      const progress = d.data.venue === 'dex' ? null : d.data.pumpPercentage;
      const key = [
        labels.lang,
        d.metadata.contractAddress,
        c.interval,
        last?.time,
        last?.close,
        last?.trades,
        progress,
      ].join(':');
      const known = fileIds.get(key);
      if (known) return { key, photo: known };
      const png = renderChart(
        {
          symbol: d.metadata.symbol,
          interval: c.interval,
          candles: c.candles,
          progressPct: progress,
          priceTrx: d.data.priceInTrx,
        },
        labels,
      );
      return { key, photo: new InputFile(png, `${d.metadata.symbol}-${c.interval}` + '.png') };
    },
    /** What Telegram called the picture once it had it. */
    remember(key: string, fileId: string | undefined): void {
      if (!fileId) return;
      if (fileIds.size >= MAX_REMEMBERED) fileIds.clear();
      fileIds.set(key, fileId);
    },
  };
}

export type ChartCache = ReturnType<typeof createChartCache>;
