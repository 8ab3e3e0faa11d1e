import { useEffect, useRef, useSyncExternalStore } from "react";
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip } from "chart.js";
import { isDarkNow } from "../../lib/theme";

// Only what the four charts draw, so the rest of Chart.js stays out of the admin's chunk (ADR 0088).
Chart.register(BarController, BarElement, LineController, LineElement, PointElement, CategoryScale, LinearScale, Legend, Tooltip);

export type Series = { label: string; values: Array<number | null>; tone: "revenue" | "cost" | "margin" | "new" | "returning" | "rate" };

export type ChartProps = {
  kind: "bar" | "line";
  labels: string[];
  series: Series[];
  /** What the picture shows, for a screen reader; the table beside it has the numbers. */
  description: string;
  stacked?: boolean;
  horizontal?: boolean;
  /** Formats the value axis and tooltips ("NPR 3,200", "67%"). */
  unit: "npr" | "percent" | "count";
};

/** Colours with enough contrast on the admin's light and dark cards. */
const TONES = {
  light: {
    revenue: "#c2410c",
    cost: "#64748b",
    margin: "#047857",
    new: "#0369a1",
    returning: "#c2410c",
    rate: "#047857",
    text: "#334155",
    grid: "#e2e8f0",
  },
  dark: {
    revenue: "#fb923c",
    cost: "#94a3b8",
    margin: "#34d399",
    new: "#38bdf8",
    returning: "#fb923c",
    rate: "#34d399",
    text: "#cbd5e1",
    grid: "#334155",
  },
};

function watchTheme(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
  return () => observer.disconnect();
}

const formatter = (unit: ChartProps["unit"]) => {
  const grouped = new Intl.NumberFormat("en-IN", { maximumFractionDigits: 0 });
  return (value: number) => (unit === "npr" ? `NPR ${grouped.format(value)}` : unit === "percent" ? `${value}%` : grouped.format(value));
};

/** One chart drawn with Chart.js on a canvas; loaded only by the admin's reports screen. */
export default function ReportChart({ kind, labels, series, description, stacked = false, horizontal = false, unit }: ChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const dark = useSyncExternalStore(watchTheme, isDarkNow, () => true);

  useEffect(() => {
    if (!canvas.current) return;
    const colours = dark ? TONES.dark : TONES.light;
    const format = formatter(unit);
    const valueAxis = {
      stacked,
      beginAtZero: true,
      ...(unit === "percent" ? { max: 100 } : {}),
      ticks: { color: colours.text, precision: 0, callback: (value: string | number) => format(Number(value)) },
      grid: { color: colours.grid },
    };
    // Long service names are cut on the axis (the table beside it has them whole).
    const shorten = (label = "") => (label.length > 18 ? `${label.slice(0, 17)}…` : label);
    const categoryAxis = {
      stacked,
      ticks: { color: colours.text, callback: (value: string | number) => shorten(labels[Number(value)]) },
      grid: { display: false },
    };
    const chart = new Chart(canvas.current, {
      type: kind,
      data: {
        labels,
        datasets: series.map((s) => ({
          label: s.label,
          data: s.values,
          backgroundColor: colours[s.tone],
          borderColor: colours[s.tone],
          borderWidth: kind === "line" ? 2 : 0,
          maxBarThickness: 32,
          spanGaps: true,
        })),
      },
      options: {
        animation: false,
        responsive: true,
        maintainAspectRatio: false,
        indexAxis: horizontal ? "y" : "x",
        scales: horizontal ? { x: valueAxis, y: categoryAxis } : { x: categoryAxis, y: valueAxis },
        plugins: {
          legend: { labels: { color: colours.text, boxWidth: 12 } },
          tooltip: { callbacks: { label: (item) => `${item.dataset.label}: ${format(Number(item.raw))}` } },
        },
      },
    });
    return () => chart.destroy();
  }, [dark, kind, labels, series, stacked, horizontal, unit]);

  return (
    <div className="relative h-64 sm:h-72">
      {/* data-series: what was drawn, as the table shows it, for the end-to-end check that the picture has the server's numbers. */}
      <canvas ref={canvas} role="img" aria-label={description} data-series={JSON.stringify({ labels, values: series.map((s) => s.values) })} />
    </div>
  );
}
