import '@mantine/charts/styles.css';
import { AreaChart, BarChart, PieChart } from '@mantine/charts';
import { Box, Group, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useId, type ReactNode } from 'react';

// Every chart is a <figure> whose drawing is hidden from assistive technology and whose figures
// are read from a visually hidden table instead (an SVG says nothing to a screen reader). Charts
// keep at most 680 px wide so a report printed from a wide screen still fits an A4 page (the
// print stylesheet cannot re-measure them: recharts sizes itself with a ResizeObserver).
// Animations are off: the printout and the PDF show the final drawing, not a frame of it.
const CHART_MAX_WIDTH = 680;

/** The role palette: distinct hues that read on light and dark backgrounds. */
const ROLE_COLOURS = [
  'blue.6',
  'teal.6',
  'grape.6',
  'orange.6',
  'cyan.6',
  'pink.6',
  'lime.7',
  'indigo.6',
  'yellow.7',
  'red.6',
  'gray.6',
] as const;

function ChartFigure({
  title,
  table,
  children,
}: {
  title: string;
  table: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Paper
      component="figure"
      withBorder
      p="md"
      radius="md"
      m={0}
      aria-labelledby={id}
      className="pando-report-chart"
    >
      <Title order={3} size="h5" id={id} component="figcaption" mb="sm">
        {title}
      </Title>
      <Box aria-hidden inert maw={CHART_MAX_WIDTH}>
        {children}
      </Box>
      <VisuallyHidden>{table}</VisuallyHidden>
    </Paper>
  );
}

function FiguresTable({
  caption,
  head,
  rows,
}: {
  caption: string;
  head: [string, string];
  rows: readonly (readonly [string, number])[];
}) {
  return (
    <table>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{head[0]}</th>
          <th scope="col">{head[1]}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([k, v]) => (
          <tr key={k}>
            <th scope="row">{k}</th>
            <td>{v}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** dd/mm of an ISO date, for the axis. */
const dayLabel = (iso: string): string => `${iso.slice(8, 10)}/${iso.slice(5, 7)}`;

export interface TimeSeriesChartProps {
  /** The chart's heading, e.g. "Active users per day". */
  title: string;
  /** One point per day of the window, ISO dates (zeros included). */
  points: readonly { date: string; count: number }[];
  /** Mantine colour of the area. @default 'blue.6' */
  color?: string;
}

/** A daily series of the report (active users, messages, sessions). */
export function TimeSeriesChart({ title, points, color = 'blue.6' }: TimeSeriesChartProps) {
  const data = points.map((p) => ({ day: dayLabel(p.date), count: p.count }));
  return (
    <ChartFigure
      title={title}
      table={
        <FiguresTable
          caption={title}
          head={['Day', 'Count']}
          rows={points.map((p) => [p.date, p.count] as const)}
        />
      }
    >
      <AreaChart
        h={200}
        data={data}
        dataKey="day"
        series={[{ name: 'count', label: title, color }]}
        curveType="monotone"
        withDots={false}
        accessibilityLayer={false}
        areaProps={{ isAnimationActive: false }}
        tickLine="none"
        // Every n-th day from the first, n as small as the width allows without two labels
        // touching: the default ('preserveEnd') also kept the last day, whose label overlapped
        // its neighbours on an A4 printout ("24/1125/1127/11") and broke the spacing on screen.
        xAxisProps={{ interval: 'equidistantPreserveStart', minTickGap: 12 }}
      />
    </ChartFigure>
  );
}

export interface HourlyBarsProps {
  /** The chart's heading. @default 'Average users per hour' */
  title?: string;
  /** 24 points, hours 0 to 23 (spec 02 §9). */
  points: readonly { hour: number; count: number }[];
}

/** Average users per hour of the day: 24 bars. */
export function HourlyBars({ title = 'Average users per hour', points }: HourlyBarsProps) {
  const data = points.map((p) => ({ hour: String(p.hour).padStart(2, '0'), users: p.count }));
  return (
    <ChartFigure
      title={title}
      table={
        <FiguresTable
          caption={title}
          head={['Hour', 'Average users']}
          rows={points.map((p) => [`${String(p.hour).padStart(2, '0')}:00`, p.count] as const)}
        />
      }
    >
      <BarChart
        h={200}
        data={data}
        dataKey="hour"
        series={[{ name: 'users', label: 'Average users', color: 'teal.6' }]}
        accessibilityLayer={false}
        barProps={{ isAnimationActive: false }}
        tickLine="none"
      />
    </ChartFigure>
  );
}

export interface RolePieProps {
  /** The chart's heading, e.g. "Users by role". */
  title: string;
  /** One slice per role, largest first. */
  slices: readonly { role: string; count: number }[];
}

/** Users or message volume by role, with a legend that names each slice and its count. */
export function RolePie({ title, slices }: RolePieProps) {
  const data = slices.map((s, i) => ({
    name: s.role,
    value: s.count,
    color: ROLE_COLOURS[i % ROLE_COLOURS.length] ?? 'gray.6',
  }));
  const total = slices.reduce((sum, s) => sum + s.count, 0);
  return (
    <ChartFigure
      title={title}
      table={
        <FiguresTable
          caption={title}
          head={['Role', 'Count']}
          rows={slices.map((s) => [s.role, s.count] as const)}
        />
      }
    >
      <Group align="center" gap="lg" wrap="wrap">
        {total > 0 ? (
          <PieChart
            data={data}
            size={150}
            accessibilityLayer={false}
            pieProps={{ isAnimationActive: false }}
          />
        ) : (
          <Text c="dimmed" size="sm">
            No data for this period.
          </Text>
        )}
        <Stack gap={2} style={{ flex: 1, minWidth: 160 }}>
          {data.map((d) => (
            <Group key={d.name} gap={6} wrap="nowrap">
              <Box
                w={10}
                h={10}
                style={{ borderRadius: 2, flex: 'none' }}
                bg={d.color}
                aria-hidden
              />
              <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                {d.name}: {d.value.toLocaleString('en-GB')}
              </Text>
            </Group>
          ))}
        </Stack>
      </Group>
    </ChartFigure>
  );
}
