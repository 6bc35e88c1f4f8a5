import type { RevenueChart as RevenueChartData } from '@app/contracts/analytics';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { useI18n } from '../../../i18n/i18n';
import styles from './analytics.module.css';

const HEIGHT = 220;

/** The theme's colours, read when the chart is drawn (they follow Telegram's theme). */
function themeColors() {
  const css = getComputedStyle(document.documentElement);
  const read = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  return {
    accent: read('--tg-theme-button-color', '#2481cc'),
    text: read('--tg-theme-hint-color', '#6b6b6b'),
    grid: read('--tg-theme-section-separator-color', '#e1e1e6'),
    second: read('--app-success-color', '#2e9e44'),
  };
}

/**
 * Revenue (bars, left axis, USD) and orders (line, right axis) per day of the period, drawn by uPlot (a
 * canvas chart of about 20 kB gzipped, loaded with the analytics screen only). It redraws on resize and on a
 * theme change.
 */
export function RevenueChart({ chart }: { chart: RevenueChartData }) {
  const i18n = useI18n();
  const { t, formatNumber } = i18n;
  const box = useRef<HTMLDivElement>(null);
  // The formatters are new functions on every render; the chart is drawn again only for new data or locale.
  const latestI18n = useRef(i18n);
  latestI18n.current = i18n;

  // biome-ignore lint/correctness/useExhaustiveDependencies: drawn again when the language changes (labels, money).
  useEffect(() => {
    const node = box.current;
    if (!node) return;
    const { t, formatNumber, formatDate } = latestI18n.current;
    const xs = chart.labels.map((_, i) => i);
    const revenue = chart.revenue.map((minor) => minor / 100);
    const label = (i: number) => {
      const raw = chart.labels[Math.round(i)];
      if (!raw) return '';
      const time = Date.parse(raw);
      return Number.isNaN(time) ? raw : formatDate(raw, { day: 'numeric', month: 'short', timeZone: 'UTC' });
    };
    const money = (value: number) =>
      formatNumber(value, {
        style: 'currency',
        currency: 'USD',
        notation: 'compact',
        maximumFractionDigits: 1,
      });

    let plot: uPlot | null = null;
    const draw = () => {
      plot?.destroy();
      const c = themeColors();
      const axis = {
        stroke: c.text,
        grid: { stroke: c.grid, width: 1 },
        ticks: { show: false },
        font: '11px system-ui',
      };
      plot = new uPlot(
        {
          width: Math.max(200, node.clientWidth),
          height: HEIGHT,
          legend: { show: false },
          cursor: { drag: { x: false, y: false }, points: { size: 6 } },
          scales: {
            x: { time: false, range: [-0.6, Math.max(0.6, xs.length - 0.4)] },
            orders: { range: (_u, _min, max) => [0, Math.max(1, max * 1.15)] },
          },
          axes: [
            {
              ...axis,
              grid: { show: false },
              values: (_u, splits) => splits.map((s) => (Number.isInteger(s) ? label(s) : '')),
              space: 48,
              size: 32,
            },
            { ...axis, values: (_u, splits) => splits.map(money), size: 56 },
            {
              ...axis,
              scale: 'orders',
              side: 1,
              grid: { show: false },
              size: 36,
              values: (_u, splits) => splits.map((s) => (Number.isInteger(s) ? formatNumber(s) : '')),
            },
          ],
          series: [
            {},
            {
              label: t('analytics.chart.revenue'),
              stroke: c.accent,
              fill: `${c.accent}55`,
              width: 0,
              paths: uPlot.paths.bars?.({ size: [0.7, 48] }),
              points: { show: false },
            },
            {
              label: t('analytics.chart.orders'),
              scale: 'orders',
              stroke: c.second,
              width: 2,
              points: { show: xs.length < 2, size: 6, fill: c.second },
            },
          ],
        },
        [xs, revenue, chart.orders],
        node,
      );
    };
    draw();

    const resize = new ResizeObserver(() =>
      plot?.setSize({ width: Math.max(200, node.clientWidth), height: HEIGHT }),
    );
    resize.observe(node);
    // Telegram's theme changes repaint the page's variables (and data-theme): redraw with the new colours.
    const theme = new MutationObserver(draw);
    theme.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => {
      resize.disconnect();
      theme.disconnect();
      plot?.destroy();
    };
  }, [chart, i18n.locale]);

  const totalRevenue = chart.revenue.reduce((sum, v) => sum + v, 0);
  const totalOrders = chart.orders.reduce((sum, v) => sum + v, 0);
  return (
    <figure className={styles.figure}>
      <div
        ref={box}
        className={styles.chart}
        role="img"
        aria-label={t('analytics.chart.summary', {
          revenue: formatNumber(totalRevenue / 100, {
            style: 'currency',
            currency: 'USD',
            maximumFractionDigits: 0,
          }),
          orders: totalOrders,
        })}
        data-testid="revenue-chart"
      />
      <figcaption className={styles.legend}>
        <span className={styles.legendRevenue}>{t('analytics.chart.revenue')}</span>
        <span className={styles.legendOrders}>{t('analytics.chart.orders')}</span>
      </figcaption>
    </figure>
  );
}
