import { useEffect, useRef, useState } from 'react';
import type uPlot from 'uplot';
import { SHOP_TIME_ZONE } from '../../../shared/time-zone';
import { Message } from '../../components/message';

export interface ChartSeries {
  label: string;
  values: number[];
  color: string;
}

/**
 * A line chart of per-day figures drawn by uPlot, which is loaded only here (the admin's chunk):
 * as wide as its box, redrawn when the box changes (a phone turned, a window resized). The canvas is
 * hidden from screen readers: every chart is followed by its numbers as a table.
 */
export function DayChart({
  dates,
  series,
  format,
  failedText,
}: {
  dates: string[];
  series: ChartSeries[];
  format: (value: number) => string;
  failedText: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

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
            axes: [{ space: 60 }, { values: (_u, ticks) => ticks.map(format), size: 70 }],
            series: [
              {},
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
  }, [dates, series, format]);

  return failed ? <Message variant="warning">{failedText}</Message> : <div ref={box} className="day-chart" aria-hidden data-testid="day-chart" />;
}
