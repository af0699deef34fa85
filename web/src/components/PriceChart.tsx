// The candle chart (lightweight-charts v5): candles and volume from /app/api/tokens/:a/candles at the
// chosen interval, then moved by the live trades without a reload: a trade updates the last candle or
// starts the next one (candles.ts). Below it, the last candle's close and time (data-testid
// "last-candle", with data-time and data-close), and the attribution the chart's licence asks for
// (the library's own logo is off: it would inject an inline <style>, which the page's CSP refuses).
import {
  CandlestickSeries,
  ColorType,
  HistogramSeries,
  TickMarkType,
  createChart,
  type CandlestickData,
  type HistogramData,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Candle, LiveTrade } from '../../../src/web/contract';
import { useApp } from '../app-context';
import { INTERVALS, applyTick, type Bar, type Interval } from '../candles';
import { listOf } from '../hooks';
import type { Hub } from '../live';
import { cssVar } from '../theme';
import { Tabs } from './Tabs';

const UP = '#16a34a';
const DOWN = '#dc2626';

const candleOf = (b: Bar): CandlestickData<Time> => ({
  time: b.time as UTCTimestamp,
  open: b.open,
  high: b.high,
  low: b.low,
  close: b.close,
});
const volumeOf = (b: Bar): HistogramData<Time> => ({
  time: b.time as UTCTimestamp,
  value: b.volume,
  color: b.close >= b.open ? `${UP}66` : `${DOWN}66`,
});

type State = 'loading' | 'ready' | 'empty' | 'error';

export function PriceChart({ address, hub }: { address: string; hub: Hub<LiveTrade> }) {
  const { api, t, n } = useApp();
  const [interval, pickInterval] = useState<Interval>('5m');
  const [state, setState] = useState<State>('loading');
  const [last, setLast] = useState<Bar>();
  const [count, setCount] = useState(0);
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    setState('loading');
    setLast(undefined);
    const text = cssVar('--tg-hint', '#707579');
    const day = new Intl.DateTimeFormat(n.lang, { day: 'numeric', month: 'short' });
    const month = new Intl.DateTimeFormat(n.lang, { month: 'short', year: 'numeric' });
    const chart = createChart(el, {
      autoSize: true,
      layout: {
        background: { type: ColorType.Solid, color: 'transparent' },
        textColor: text,
        attributionLogo: false,
        fontSize: 11,
      },
      grid: { vertLines: { color: `${text}22` }, horzLines: { color: `${text}22` } },
      rightPriceScale: { borderVisible: false },
      timeScale: {
        borderVisible: false,
        timeVisible: interval !== '1d',
        secondsVisible: false,
        tickMarkFormatter: (time: Time, type: TickMarkType) => {
          const ms = (time as number) * 1000;
          if (type === TickMarkType.Year || type === TickMarkType.Month) return month.format(ms);
          if (type === TickMarkType.DayOfMonth) return day.format(ms);
          return n.time(ms);
        },
      },
      localization: { locale: n.lang, timeFormatter: (time: Time) => n.dateTime((time as number) * 1000) },
    });
    const candles = chart.addSeries(CandlestickSeries, {
      upColor: UP,
      downColor: DOWN,
      borderVisible: false,
      wickUpColor: UP,
      wickDownColor: DOWN,
      priceFormat: { type: 'custom', formatter: (p: number) => n.price(p), minMove: 1e-12 },
    });
    const volume = chart.addSeries(HistogramSeries, { priceFormat: { type: 'volume' }, priceScaleId: '' });
    volume.priceScale().applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
    candles.priceScale().applyOptions({ scaleMargins: { top: 0.1, bottom: 0.25 } });

    const bars: Bar[] = [];
    const step = INTERVALS[interval];
    const show = () => {
      const b = bars[bars.length - 1];
      setLast(b && { ...b });
      setCount(bars.length);
    };
    const apply = (trade: LiveTrade) => {
      const changed = applyTick(bars, trade, step);
      for (const b of changed) {
        candles.update(candleOf(b));
        volume.update(volumeOf(b));
      }
      if (changed.length) {
        show();
        setState('ready');
      }
    };
    let loaded = false;
    const early: LiveTrade[] = [];
    const off = hub.on((trade) => (loaded ? apply(trade) : early.push(trade)));
    let alive = true;
    api
      .get<unknown>(`tokens/${encodeURIComponent(address)}/candles?interval=${interval}`)
      .then((data) => {
        if (!alive) return;
        for (const c of listOf<Candle>(data, 'candles'))
          if (!bars.length || c.time > bars[bars.length - 1]!.time) bars.push({ ...c });
        candles.setData(bars.map(candleOf));
        volume.setData(bars.map(volumeOf));
        loaded = true;
        // trades that came while the candles were asked for: the price they set is right either way
        // (a trade already in the candles only adds its volume twice, until the next load)
        for (const trade of early) apply(trade);
        show();
        setState(bars.length ? 'ready' : 'empty');
      })
      .catch(() => alive && setState('error'));
    return () => {
      alive = false;
      off();
      chart.remove();
    };
  }, [address, interval, hub, api, n]);

  return (
    <div class="chart-block">
      <Tabs
        small
        prefix="interval"
        items={(Object.keys(INTERVALS) as Interval[]).map((key) => ({ key, label: t(`app-interval-${key}`) }))}
        active={interval}
        onSelect={pickInterval}
      />
      <div class="chart" data-testid="chart" data-state={state} data-interval={interval} data-bars={count}>
        <div class="chart__canvas" ref={box} />
        {state === 'empty' && <p class="chart__empty hint">{t('app-chart-empty')}</p>}
        {state === 'error' && <p class="chart__empty hint">{t('app-chart-error')}</p>}
      </div>
      <p
        class="chart-readout hint"
        data-testid="last-candle"
        data-time={last?.time}
        data-close={last?.close}
        data-volume={last?.volume}
      >
        {last ? t('app-chart-last', { time: n.dateTime(last.time * 1000), close: n.price(last.close) }) : ' '}
        <a class="chart-credit" href="https://www.tradingview.com/" target="_blank" rel="noopener noreferrer">
          {t('app-chart-credit')}
        </a>
      </p>
    </div>
  );
}
