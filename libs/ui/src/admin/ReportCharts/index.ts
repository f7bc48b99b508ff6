export { HourlyBars, RolePie, TimeSeriesChart } from './ReportCharts';
export type { HourlyBarsProps, RolePieProps, TimeSeriesChartProps } from './ReportCharts';
