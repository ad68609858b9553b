/**
 * The four pictures of the stats page, drawn with Recharts (only this route's chunk loads it).
 * Colours come from the theme's CSS variables, or from the options and people they show.
 */
import type { CSSProperties } from "react";
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Pie, PieChart, ReferenceLine, Tooltip, XAxis, YAxis } from "recharts";

const axis = { stroke: "var(--border)", tick: { fill: "var(--muted)", fontSize: 12 } } as const;
const tooltip = {
  contentStyle: { background: "var(--surface)", border: "1px solid var(--border)", borderRadius: 8, color: "var(--text)", fontSize: 12 } satisfies CSSProperties,
  labelStyle: { color: "var(--text)", fontWeight: 600 } satisfies CSSProperties,
  itemStyle: { color: "var(--text)" } satisfies CSSProperties,
  cursor: { fill: "color-mix(in srgb, var(--muted) 12%, transparent)", stroke: "var(--border)" },
};
const fill: CSSProperties = { width: "100%", height: "100%" };
const legend = {
  wrapperStyle: { fontSize: 12 } satisfies CSSProperties,
  // Keep the data's order (statuses as their options, series as drawn), in the text colour.
  itemSorter: null,
  formatter: (value: unknown) => <span style={{ color: "var(--text)" }}>{String(value)}</span>,
};

export interface BurndownPoint {
  date: string;
  label: string;
  remaining: number | null;
  ideal: number;
}

export function BurndownChart({ data, today, names }: { data: BurndownPoint[]; today: string | null; names: { remaining: string; ideal: string; today: string } }) {
  const todayLabel = data.find((p) => p.date === today)?.label;
  return (
    <LineChart data={data} responsive style={fill} accessibilityLayer={false} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
      <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" vertical={false} />
      <XAxis dataKey="label" {...axis} tickLine={false} minTickGap={16} />
      <YAxis {...axis} tickLine={false} width="auto" allowDecimals={false} />
      <Tooltip {...tooltip} />
      <Legend {...legend} />
      {todayLabel && <ReferenceLine x={todayLabel} stroke="var(--danger)" strokeWidth={1.5} label={{ value: names.today, fill: "var(--danger)", fontSize: 11, position: "insideTopRight" }} />}
      <Line type="linear" dataKey="ideal" name={names.ideal} stroke="var(--muted)" strokeDasharray="6 4" strokeWidth={1.5} dot={false} isAnimationActive={false} />
      <Line type="linear" dataKey="remaining" name={names.remaining} stroke="var(--primary)" strokeWidth={2.5} dot={{ r: 3, fill: "var(--primary)" }} connectNulls={false} isAnimationActive={false} />
    </LineChart>
  );
}

export interface Slice {
  name: string;
  value: number;
  fill: string;
}

/** A ring of slices with the total in the middle. */
export function StatusChart({ data, total }: { data: Slice[]; total: string }) {
  return (
    <PieChart responsive style={fill} accessibilityLayer={false}>
      <Tooltip {...tooltip} />
      <Legend {...legend} iconType="circle" />
      <Pie data={data.filter((d) => d.value > 0)} dataKey="value" nameKey="name" innerRadius="58%" outerRadius="85%" paddingAngle={1} stroke="var(--surface)" strokeWidth={2} isAnimationActive={false} />
      <text x="50%" y="45%" textAnchor="middle" dominantBaseline="middle" fill="var(--text)" fontSize={15} fontWeight={600}>
        {total}
      </text>
    </PieChart>
  );
}

export interface PersonBar {
  name: string;
  value: number;
  fill: string;
}

export function AssigneeChart({ data, name }: { data: PersonBar[]; name: string }) {
  return (
    <BarChart data={data} layout="vertical" responsive style={fill} accessibilityLayer={false} margin={{ top: 4, right: 16, bottom: 4, left: 4 }}>
      <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" horizontal={false} />
      <XAxis type="number" {...axis} tickLine={false} allowDecimals={false} />
      <YAxis type="category" dataKey="name" {...axis} tickLine={false} width={120} />
      <Tooltip {...tooltip} />
      <Bar dataKey="value" name={name} radius={[0, 4, 4, 0]} maxBarSize={26} isAnimationActive={false} />
    </BarChart>
  );
}

export interface SprintBar {
  name: string;
  done: number;
  notDone: number;
}

export function SprintChart({ data, names }: { data: SprintBar[]; names: { done: string; notDone: string } }) {
  return (
    <BarChart data={data} responsive style={fill} accessibilityLayer={false} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
      <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" vertical={false} />
      <XAxis dataKey="name" {...axis} tickLine={false} interval={0} />
      <YAxis {...axis} tickLine={false} width="auto" />
      <Tooltip {...tooltip} />
      <Legend {...legend} />
      <Bar dataKey="done" name={names.done} stackId="estimate" fill="var(--success)" maxBarSize={56} isAnimationActive={false} />
      <Bar dataKey="notDone" name={names.notDone} stackId="estimate" fill="var(--primary)" radius={[4, 4, 0, 0]} maxBarSize={56} isAnimationActive={false} />
    </BarChart>
  );
}

export interface VelocityBar {
  name: string;
  done: number;
}

/** What each recent completed sprint finished, with the mean the next sprint is planned from. */
export function VelocityChart({ data, mean, names }: { data: VelocityBar[]; mean: number | null; names: { done: string; mean: string } }) {
  return (
    <BarChart data={data} responsive style={fill} accessibilityLayer={false} margin={{ top: 16, right: 16, bottom: 0, left: 0 }}>
      <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" vertical={false} />
      <XAxis dataKey="name" {...axis} tickLine={false} interval={0} />
      <YAxis {...axis} tickLine={false} width="auto" />
      <Tooltip {...tooltip} />
      <Bar dataKey="done" name={names.done} fill="var(--success)" radius={[4, 4, 0, 0]} maxBarSize={56} isAnimationActive={false} />
      {mean !== null && <ReferenceLine y={mean} stroke="var(--primary)" strokeDasharray="6 4" label={{ value: names.mean, position: "insideTopRight", fill: "var(--text)", fontSize: 12 }} />}
    </BarChart>
  );
}
