import {
  useAdminNetworkQuery,
  useAdminOrganisationsQuery,
  useAnalyticsReport,
  type AnalyticsFigures,
} from '@pando/data-access';
import {
  analyticsScope,
  fillDailySeries,
  fillHourlySeries,
  percentDelta,
  placeholderReport,
  previousReportWindow,
  reportEndDate,
  reportTitle,
  reportWindow,
  TEXTS,
} from '@pando/domain';
import { AdminReport, type ReportFigures } from '@pando/ui';
import { useMemo, useState } from 'react';
import { useManageSettings } from '../../common/manageSettings';
import { errorText } from '../hooks/errorText';
import { useManageViewer } from '../hooks/useManageViewer';

const DELTA_METRICS = ['activeUsersCount', 'messagesCount', 'sessionsCount'] as const;

/** The report's figures from the analytics answers, with deltas against the previous window. */
function realFigures(
  days: readonly string[],
  now: AnalyticsFigures,
  before: AnalyticsFigures,
): ReportFigures | null {
  const f = now;
  if (
    !f.activeUsersCount ||
    !f.messagesCount ||
    !f.sessionsCount ||
    !f.activeUsersDaily ||
    !f.messagesDaily ||
    !f.sessionsDaily ||
    !f.activeUsersHourly ||
    !f.usersByRole ||
    !f.messagesByRole ||
    !f.teamsCount ||
    !f.crossOrganisationTeamsCount ||
    !f.imagesCount ||
    !f.patientCardsCount
  ) {
    return null;
  }
  const delta = (current: number, previous: { count: number } | undefined) =>
    previous ? percentDelta(current, previous.count) : null;
  return {
    activeUsers: {
      count: f.activeUsersCount.count,
      delta: delta(f.activeUsersCount.count, before.activeUsersCount),
      daily: fillDailySeries(days, f.activeUsersDaily.results),
    },
    messages: {
      count: f.messagesCount.count,
      delta: delta(f.messagesCount.count, before.messagesCount),
      daily: fillDailySeries(days, f.messagesDaily.results),
    },
    sessions: {
      count: f.sessionsCount.count,
      delta: delta(f.sessionsCount.count, before.sessionsCount),
      daily: fillDailySeries(days, f.sessionsDaily.results),
    },
    hourly: fillHourlySeries(f.activeUsersHourly.results),
    usersByRole: f.usersByRole.results,
    messagesByRole: f.messagesByRole.results,
    teams: f.teamsCount.count,
    crossOrganisationTeams: f.crossOrganisationTeamsCount.count,
    images: f.imagesCount.count,
    patientCards: f.patientCardsCount.count,
  };
}

/**
 * /manage (spec 02 §2): the 30 days ending yesterday for the network (network admins and above)
 * or the hospital (spec 02 §6 analytics scope, with the configured fixed scope and demo
 * organisation), deltas against the 30 days before, Print report. The no-data switch starts where
 * the settings say (`manage.reportNoData`: on, real figures only; off, placeholder figures).
 */
export function ReportScreen() {
  const { user } = useManageViewer();
  const manage = useManageSettings();
  const [noData, setNoData] = useState(manage.reportNoData);
  const [today] = useState(() => new Date());
  const current = useMemo(() => reportWindow(today), [today]);
  const previous = useMemo(() => previousReportWindow(today), [today]);
  const scope = analyticsScope(
    {
      access_level: user.access_level,
      network_id: user.network_id,
      network_uuid: user.network_uuid,
      hospital_uuid: user.hospital?.uuid ?? null,
      email: user.email,
    },
    manage.analytics,
  );
  const networkId = scope?.kind === 'network' ? Number(scope.id) : NaN;
  const network = useAdminNetworkQuery(Number.isInteger(networkId) ? networkId : null);
  // A configured scope (fixed, or the demo organisation) may not be the viewer's own: its name
  // then comes from the API (the organisations of the reach; none outside it: "Report").
  const ownNetwork = scope?.id === String(user.network_id ?? user.network_uuid);
  const ownHospital = scope?.id === user.hospital?.uuid;
  const organisations = useAdminOrganisationsQuery(
    {},
    scope?.kind === 'organisation' && !ownHospital,
  );
  const otherHospital = organisations.data?.results.find(
    (o) => o.uuid === scope?.id || String(o.id) === scope?.id,
  );
  const report = useAnalyticsReport(scope, current, { enabled: noData });
  const before = useAnalyticsReport(scope, previous, { metrics: DELTA_METRICS, enabled: noData });
  const placeholder = useMemo(
    () => (noData ? null : placeholderReport(Math.random, current.days)),
    [noData, current.days],
  );
  const figures = noData ? realFigures(current.days, report.figures, before.figures) : placeholder;
  const error = !noData
    ? null
    : report.forbidden
      ? TEXTS.forbidden
      : report.error
        ? errorText(report.error)
        : scope === null
          ? 'Your account has no organisation or network to report on.'
          : null;
  return (
    <AdminReport
      scopeName={reportTitle(scope?.kind ?? 'organisation', {
        networkName: (ownNetwork ? user.network_name : null) ?? network.data?.name ?? null,
        hospitalName: (ownHospital ? user.hospital?.name : otherHospital?.name) ?? null,
      })}
      endDate={reportEndDate(today)}
      figures={figures}
      loading={noData && report.isLoading}
      error={error}
      noData={noData}
      onNoDataChange={setNoData}
      onPrint={() => {
        window.print();
      }}
    />
  );
}
