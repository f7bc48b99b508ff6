import './report.css';
import {
  Alert,
  Badge,
  Box,
  Button,
  Group,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { StatCard } from '../StatCard';
import { HourlyBars, RolePie, TimeSeriesChart } from '../ReportCharts';

interface DailyFigure {
  /** The count over the window. */
  count: number;
  /** Percent change against the previous window, one decimal; null without a previous figure. */
  delta?: number | null;
  /** One point per day of the window. */
  daily: readonly { date: string; count: number }[];
}

/** The figures of a 30-day report (spec 02 §2), real or placeholder. */
export interface ReportFigures {
  activeUsers: DailyFigure;
  messages: DailyFigure;
  sessions: DailyFigure;
  hourly: readonly { hour: number; count: number }[];
  usersByRole: readonly { role: string; count: number }[];
  messagesByRole: readonly { role: string; count: number }[];
  teams: number;
  crossOrganisationTeams: number;
  images: number;
  patientCards: number;
}

export interface AdminReportProps {
  /** The network's name for network scope, otherwise the user's hospital (spec 02 §2). */
  scopeName: string;
  /** The window's last day, dd/mm/yyyy: "30 day report, ending {date}". */
  endDate: string;
  /** The figures; null while they load or when they failed. */
  figures: ReportFigures | null;
  /** The figures are loading. @default false */
  loading?: boolean;
  /** Why the figures could not be shown (a 403 gives "You are not allowed to perform that action."). */
  error?: string | null;
  /** The no-data switch: on shows only real figures, off shows random placeholder figures. */
  noData: boolean;
  /** The no-data switch was flipped. */
  onNoDataChange: (noData: boolean) => void;
  /** Print report: opens the browser's print dialog (the print stylesheet lays it out on A4). */
  onPrint: () => void;
}

/**
 * The 30-day report of /manage: stat cards with deltas, daily series, average users per hour,
 * users and message volume by role, counts (pagers and resolved ask-advice disabled), a Print
 * report button and the no-data switch. Printed, it fills A4 pages with the report alone.
 */
export function AdminReport({
  scopeName,
  endDate,
  figures,
  loading = false,
  error = null,
  noData,
  onNoDataChange,
  onPrint,
}: AdminReportProps) {
  return (
    <Box className="pando-report" p="md" maw={1440}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm" mb="md">
        <div>
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {scopeName || 'Report'}
          </Title>
          <Text c="dimmed">30 day report, ending {endDate}</Text>
        </div>
        <Group gap="md" className="pando-no-print" wrap="wrap">
          <Switch
            label="No data"
            description="Only real figures"
            checked={noData}
            onChange={(e) => {
              onNoDataChange(e.currentTarget.checked);
            }}
          />
          <Button
            leftSection={<IconPrinter size={16} aria-hidden />}
            onClick={onPrint}
            disabled={!figures}
          >
            Print report
          </Button>
        </Group>
      </Group>
      {!noData && figures && (
        <Badge color="grape.9" variant="filled" mb="sm" tt="none">
          Placeholder figures, not real data
        </Badge>
      )}
      {error ? (
        <Alert color="red" role="alert" title="The report could not be shown">
          {error}
        </Alert>
      ) : loading || !figures ? (
        <Text role="status" c="dimmed">
          Loading the report…
        </Text>
      ) : (
        <ReportBody figures={figures} />
      )}
    </Box>
  );
}

function ReportBody({ figures }: { figures: ReportFigures }) {
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, xs: 3 }} className="pando-report-stats">
        <StatCard
          label="Active users"
          value={figures.activeUsers.count}
          delta={figures.activeUsers.delta ?? null}
        />
        <StatCard
          label="Messages sent"
          value={figures.messages.count}
          delta={figures.messages.delta ?? null}
        />
        <StatCard
          label="Sessions"
          value={figures.sessions.count}
          delta={figures.sessions.delta ?? null}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, lg: 2 }} className="pando-report-charts">
        <TimeSeriesChart title="Active users per day" points={figures.activeUsers.daily} />
        <TimeSeriesChart
          title="Messages sent per day"
          points={figures.messages.daily}
          color="grape.6"
        />
        <TimeSeriesChart
          title="Sessions per day"
          points={figures.sessions.daily}
          color="orange.6"
        />
        <HourlyBars points={figures.hourly} />
        <RolePie title="Users by role" slices={figures.usersByRole} />
        <RolePie title="Message volume by role" slices={figures.messagesByRole} />
      </SimpleGrid>
      <section aria-label="Counts">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} className="pando-report-stats">
          <StatCard label="Teams" value={figures.teams} />
          <StatCard label="Cross-organisation teams" value={figures.crossOrganisationTeams} />
          <StatCard label="Images" value={figures.images} />
          <StatCard label="Patient cards" value={figures.patientCards} />
          <StatCard label="Pagers" value={null} disabled />
          <StatCard label="Resolved ask-advice conversations" value={null} disabled />
        </SimpleGrid>
      </section>
    </Stack>
  );
}
