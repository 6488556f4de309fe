"use client";

import { AxisBottom, AxisLeft } from "@visx/axis";
import { Group } from "@visx/group";
import { scaleBand, scaleLinear } from "@visx/scale";
import { Bar } from "@visx/shape";

export type Bar = {
  label: string;
  value: number;
  /** A second, lighter value drawn behind (a funnel's "started" behind "completed"). */ behind?: number;
};

const MARGIN = { top: 8, right: 12, bottom: 36, left: 44 };
const HORIZONTAL_MARGIN = { top: 4, right: 36, bottom: 20, left: 4 };

/**
 * Bars from visx (docs/decisions/063): vertical for a series over time or bands, horizontal for
 * named items (blocks, lessons) whose labels are long. The SVG is decoration for sighted readers:
 * its figure (./chart-figure.tsx) carries the summary, the table and the CSV. Scales to its box:
 * the viewBox is fixed and the SVG takes the container's width, so a phone shows the same chart.
 */
export function BarChart({
  bars,
  format = (n) => n.toLocaleString("en"),
  orientation = "vertical",
  height = 200,
}: {
  bars: Bar[];
  format?: (value: number) => string;
  orientation?: "vertical" | "horizontal";
  height?: number;
}) {
  const max = Math.max(1, ...bars.map((b) => Math.max(b.value, b.behind ?? 0)));
  if (orientation === "horizontal") {
    const width = 600;
    const rowHeight = 28;
    const chartHeight = Math.max(rowHeight, bars.length * rowHeight);
    const x = scaleLinear({ domain: [0, max], range: [0, width - HORIZONTAL_MARGIN.left - HORIZONTAL_MARGIN.right], nice: true });
    const y = scaleBand({ domain: bars.map((_, i) => String(i)), range: [0, chartHeight], padding: 0.25 });
    return (
      <svg viewBox={`0 0 ${width} ${chartHeight + HORIZONTAL_MARGIN.top + HORIZONTAL_MARGIN.bottom}`} className="w-full" aria-hidden="true">
        <Group left={HORIZONTAL_MARGIN.left} top={HORIZONTAL_MARGIN.top}>
          {bars.map((bar, i) => {
            const top = y(String(i)) ?? 0;
            const band = y.bandwidth();
            return (
              <g key={i}>
                {bar.behind !== undefined ? (
                  <Bar x={0} y={top} width={x(bar.behind)} height={band} rx={3} className="fill-brand-100" />
                ) : null}
                <Bar x={0} y={top} width={Math.max(bar.value > 0 ? 2 : 0, x(bar.value))} height={band} rx={3} className="fill-brand-600" />
                <text
                  x={4}
                  y={top + band / 2}
                  dy="0.35em"
                  className="fill-slate-900 text-[11px] font-medium"
                  style={{ paintOrder: "stroke" }}
                  stroke="white"
                  strokeWidth={3}
                >
                  {bar.label}
                </text>
                <text
                  x={Math.min(x(Math.max(bar.value, bar.behind ?? 0)) + 4, width - HORIZONTAL_MARGIN.right - 4)}
                  y={top + band / 2}
                  dy="0.35em"
                  className="fill-slate-600 text-[11px]"
                >
                  {format(bar.value)}
                </text>
              </g>
            );
          })}
        </Group>
      </svg>
    );
  }
  const width = 600;
  const innerWidth = width - MARGIN.left - MARGIN.right;
  const innerHeight = height - MARGIN.top - MARGIN.bottom;
  const x = scaleBand({ domain: bars.map((b) => b.label), range: [0, innerWidth], padding: 0.2 });
  const y = scaleLinear({ domain: [0, max], range: [innerHeight, 0], nice: true });
  const every = Math.ceil(bars.length / 12);
  return (
    <svg viewBox={`0 0 ${width} ${height}`} className="w-full" aria-hidden="true">
      <Group left={MARGIN.left} top={MARGIN.top}>
        {bars.map((bar) => {
          const left = x(bar.label) ?? 0;
          return (
            <g key={bar.label}>
              {bar.behind !== undefined ? (
                <Bar
                  x={left}
                  y={y(bar.behind)}
                  width={x.bandwidth()}
                  height={innerHeight - y(bar.behind)}
                  rx={2}
                  className="fill-brand-100"
                />
              ) : null}
              <Bar x={left} y={y(bar.value)} width={x.bandwidth()} height={innerHeight - y(bar.value)} rx={2} className="fill-brand-600" />
            </g>
          );
        })}
        <AxisLeft
          scale={y}
          numTicks={4}
          tickFormat={(v) => format(Number(v))}
          stroke="#cbd5e1"
          tickStroke="#cbd5e1"
          tickLabelProps={{ fontSize: 10, fill: "#475569" }}
        />
        <AxisBottom
          top={innerHeight}
          scale={x}
          tickValues={bars.filter((_, i) => i % every === 0).map((b) => b.label)}
          stroke="#cbd5e1"
          tickStroke="#cbd5e1"
          tickLabelProps={{ fontSize: 10, fill: "#475569" }}
        />
      </Group>
    </svg>
  );
}
