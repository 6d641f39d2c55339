import { useEffect, useRef } from 'react';

type ChartJs = typeof import('chart.js');
let chartJs: Promise<ChartJs> | null = null;

/**
 * Chart.js, loaded when a chart is first drawn: the server renders the canvas
 * without it (/home renders this component for staff, and the module costs a
 * server ~7 MiB once loaded); the browser fetches it with the first chart.
 * Only the pieces these charts draw are registered (tree-shaken: about a
 * third of Chart.js's full bundle).
 */
function loadChartJs(): Promise<ChartJs> {
  chartJs ??= import('chart.js').then((module) => {
    const { BarController, BarElement, CategoryScale, Chart, LinearScale, LineController, LineElement, PointElement, Tooltip } = module;
    Chart.register(BarController, BarElement, LineController, LineElement, PointElement, CategoryScale, LinearScale, Tooltip);
    return module;
  });
  return chartJs;
}

export interface DashboardChartProps {
  kind: 'bar' | 'line';
  /** What the chart shows, said to screen readers (the figures are in the table beside it). */
  label: string;
  labels: string[];
  values: number[];
  /** A fixed top of the scale (100 for percentages). */
  max?: number;
  /** Appended to the axis and tooltips ("%"). */
  unit?: string;
  horizontal?: boolean;
}

const COLOR = '#1d6b57';

/**
 * One chart of the dashboard (Chart.js on a canvas). The canvas is an image
 * with a name; the figures themselves are in the table the page renders next
 * to it, for screen readers and for anyone who prefers numbers.
 */
export default function DashboardChart({ kind, label, labels, values, max, unit = '', horizontal = false }: DashboardChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    let chart: InstanceType<ChartJs['Chart']> | null = null;
    let unmounted = false;
    void loadChartJs().then(({ Chart }) => {
      if (unmounted || !canvas.current) return;
      const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
      chart = new Chart(canvas.current, {
        type: kind,
        data: { labels, datasets: [{ data: values, backgroundColor: COLOR, borderColor: COLOR, borderWidth: kind === 'line' ? 2 : 0, tension: 0.25 }] },
        options: {
          indexAxis: horizontal ? 'y' : 'x',
          maintainAspectRatio: false,
          animation: reduceMotion ? false : undefined,
          plugins: { tooltip: { callbacks: { label: (item) => `${item.formattedValue}${unit}` } } },
          scales: {
            [horizontal ? 'x' : 'y']: { beginAtZero: true, max, ticks: { precision: 0, callback: (value) => `${value}${unit}` } },
            [horizontal ? 'y' : 'x']: { ticks: { autoSkip: true, maxRotation: 0 } },
          },
        },
      });
    });
    return () => {
      unmounted = true;
      chart?.destroy();
    };
  }, [kind, labels, values, max, unit, horizontal]);
  return (
    <div className="dashboard-chart">
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}
