import {
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  Legend,
  LinearScale,
  Tooltip,
  type ChartOptions,
} from 'chart.js';
import { Bar } from 'react-chartjs-2';

/*
 * The reports' one chart: bars (grouped or stacked), drawn by Chart.js on a canvas. Loaded on
 * its own (`React.lazy`) when a report first draws, so neither the site nor the console's lists
 * carry it. The canvas is an image with a label; the figures are in the report's table and
 * summary beside it, which screen readers read instead.
 */

ChartJS.register(CategoryScale, LinearScale, BarElement, Tooltip, Legend);

/** Distinct on white and to each other; the theme's orange first (see tokens.css). */
const COLOURS = ['#f59a4c', '#44403c', '#a4410f', '#7c9a92', '#c9c0b6', '#d1495b'];

export interface ChartSeries {
  label: string;
  values: number[];
  /** Bars of the same stack sit on each other (e.g. paid + unpaid). */
  stack?: string;
}

export interface ReportChartProps {
  /** What the chart shows, for its accessible name. */
  label: string;
  categories: string[];
  series: ChartSeries[];
  /** How a value reads on the axis and in the tooltip. */
  format: (value: number) => string;
  horizontal?: boolean;
}

export default function ReportChart({ label, categories, series, format, horizontal }: ReportChartProps) {
  const stacked = series.some((s) => s.stack !== undefined);
  const valueAxis = {
    stacked,
    beginAtZero: true,
    ticks: { callback: (value: number | string) => format(Number(value)) },
  };
  const options: ChartOptions<'bar'> = {
    responsive: true,
    maintainAspectRatio: false,
    animation: false,
    indexAxis: horizontal ? 'y' : 'x',
    plugins: {
      legend: { position: 'bottom' },
      tooltip: {
        callbacks: { label: (item) => `${item.dataset.label ?? ''}: ${format(Number(item.raw))}` },
      },
    },
    scales: horizontal ? { x: valueAxis, y: { stacked } } : { x: { stacked }, y: valueAxis },
  };
  return (
    <div className="report-chart">
      <Bar
        role="img"
        aria-label={label}
        options={options}
        data={{
          labels: categories,
          datasets: series.map((s, index) => ({
            label: s.label,
            data: s.values,
            stack: s.stack,
            backgroundColor: COLOURS[index % COLOURS.length],
            borderRadius: 3,
          })),
        }}
      />
    </div>
  );
}
