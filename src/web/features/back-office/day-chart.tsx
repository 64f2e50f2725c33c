import { useEffect, useRef, useState } from 'react';
import type uPlot from 'uplot';
import { SHOP_TIME_ZONE } from '../../../shared/time-zone';
import { formatDate, formatDayMonth } from '../../components/format';
import { Message } from '../../components/message';
import { useLanguage } from '../../i18n';

const DAY = 24 * 60 * 60;
/** Tick steps in seconds: a day or several, so a short period never shows "12pm" between its days. */
const DAY_STEPS = [1, 2, 3, 5, 7, 14, 30].map((days) => days * DAY);

export interface ChartSeries {
  label: string;
  values: number[];
  color: string;
}

/**
 * A line chart of per-day figures drawn by uPlot, which is loaded only here (the admin's chunk):
 * as wide as its box, redrawn when the box changes (a phone turned, a window resized). The canvas is
 * hidden from screen readers: every chart is followed by its numbers as a table. The x axis counts
 * days, never hours, and its ticks and the legend's day are written in the UI's language.
 */
export function DayChart({
  dates,
  series,
  format,
  dayLabel,
  failedText,
}: {
  dates: string[];
  series: ChartSeries[];
  format: (value: number) => string;
  /** The legend's name for the x series (uPlot's own is "Time"). */
  dayLabel: string;
  failedText: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const language = useLanguage((s) => s.language);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let chart: uPlot | undefined;
    let observer: ResizeObserver | undefined;
    let cancelled = false;
    Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')])
      .then(([{ default: UPlot }]) => {
        if (cancelled) return;
        // uPlot's x axis is time in seconds: each day at Kyiv's noon keeps its date whatever the browser's zone.
        const xs = dates.map((date) => Date.parse(`${date}T12:00:00Z`) / 1000);
        const size = () => ({ width: Math.max(element.clientWidth, 200), height: element.clientWidth < 500 ? 200 : 260 });
        chart = new UPlot(
          {
            ...size(),
            tzDate: (ts) => UPlot.tzDate(new Date(ts * 1000), SHOP_TIME_ZONE),
            legend: { show: true },
            cursor: { drag: { x: false, y: false } },
            scales: { x: { time: true } },
            axes: [
              { space: 60, incrs: DAY_STEPS, values: (_u, ticks) => ticks.map((ts) => formatDayMonth(new Date(ts * 1000), language)) },
              { values: (_u, ticks) => ticks.map(format), size: 70 },
            ],
            series: [
              { label: dayLabel, value: (_u, ts) => (ts === null ? '' : formatDate(new Date(ts * 1000).toISOString(), language)) },
              ...series.map((s) => ({
                label: s.label,
                stroke: s.color,
                width: 2,
                fill: `${s.color}22`,
                value: (_u: uPlot, v: number | null) => (v === null ? '' : format(v)),
              })),
            ],
          },
          [xs, ...series.map((s) => s.values)],
          element,
        );
        observer = new ResizeObserver(() => chart?.setSize(size()));
        observer.observe(element);
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
      observer?.disconnect();
      chart?.destroy();
    };
  }, [dates, series, format, dayLabel, language]);

  return failed ? <Message variant="warning">{failedText}</Message> : <div ref={box} className="day-chart" aria-hidden data-testid="day-chart" />;
}
