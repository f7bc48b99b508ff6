import { Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue, useThrottledValue } from '@mantine/hooks';
import {
  adminRows,
  useAdminUserQuery,
  useAdminUsersInfiniteQuery,
  useAuditCsvMutation,
  useAuditEventsInfiniteQuery,
  type AuditLogFilter,
} from '@pando/data-access';
import { ADMIN_SEARCH_THROTTLE_MS, isoDate, TEXTS, displayName } from '@pando/domain';
import { AuditLogFilters, AuditLogTable, type AuditLogFilterValues } from '@pando/ui';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useAppServices } from '../../common/AppServices';
import { errorText } from '../hooks/errorText';
import { saveToDevice } from '../../files/saveToDevice';

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** Typing settles before the log is asked again (each keystroke of a number is not a query). */
const FILTER_DEBOUNCE_MS = 300;

/** The start of a calendar day in this device's zone, as the wire's timestamp (`+ days`). */
function localDayStart(iso: string, days = 0): string | undefined {
  const m = ISO_DAY.exec(iso);
  if (!m) return undefined;
  return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + days).toISOString();
}

const PARAMS = ['patient', 'user', 'action', 'resource', 'from', 'to'] as const;

function valuesOf(params: URLSearchParams): AuditLogFilterValues {
  const get = (k: (typeof PARAMS)[number]) => params.get(k) ?? '';
  return {
    patient: get('patient'),
    user: get('user'),
    action: get('action'),
    resource: get('resource'),
    from: get('from'),
    to: get('to'),
  };
}

const positive = (text: string): number | undefined =>
  /^\d+$/.test(text.trim()) && Number(text) > 0 ? Number(text) : undefined;

/**
 * What the typed filters ask of the server. Dates are whole days of this device's zone, as the
 * times are shown: "From" its first moment, "To" up to the end of that day. A patient "number"
 * that is not one is left out (and named under its field).
 */
function filterOf(v: AuditLogFilterValues): AuditLogFilter {
  return {
    patient_id: positive(v.patient),
    user_id: positive(v.user),
    action: v.action || undefined,
    resource_type: v.resource || undefined,
    from: localDayStart(v.from),
    to: localDayStart(v.to, 1),
  };
}

/**
 * /manage/audit (issue 36): the audit trail within the admin's reach, newest first, with its
 * filters in the address (`?patient=&user=&action=&resource=&from=&to=`, dates ISO) so a patient
 * card's "Who has accessed this record" and a user's page open it filtered, and a reload keeps
 * the view. "Download CSV" saves the filtered view as the server writes it.
 */
export function AuditLogScreen() {
  const navigate = useNavigate();
  const { notifications } = useAppServices();
  const [params, setParams] = useSearchParams();
  const values = valuesOf(params);
  // Debounced as text: a new object each render would restart the wait for ever.
  const [settled] = useDebouncedValue(JSON.stringify(filterOf(values)), FILTER_DEBOUNCE_MS);
  const events = useAuditEventsInfiniteQuery(JSON.parse(settled) as AuditLogFilter);
  const csv = useAuditCsvMutation();

  const [personSearch, setPersonSearch] = useState('');
  const q = useThrottledValue(personSearch.trim(), ADMIN_SEARCH_THROTTLE_MS);
  const users = useAdminUsersInfiniteQuery({ q });
  const chosenId = positive(values.user);
  const chosen = useAdminUserQuery(chosenId);
  const people = adminRows(users.data).map((u) => ({
    value: String(u.id),
    label: displayName(u),
  }));
  if (chosenId !== undefined && !people.some((p) => p.value === String(chosenId))) {
    const u = chosen.data;
    people.unshift({
      value: String(chosenId),
      label: u ? displayName(u) : `User ${String(chosenId)}`,
    });
  }

  const patientError =
    values.patient.trim() !== '' && positive(values.patient) === undefined
      ? TEXTS.auditPatientIdInvalid
      : null;
  const datesError =
    ISO_DAY.test(values.from) && ISO_DAY.test(values.to) && values.to < values.from
      ? TEXTS.auditDatesReversed
      : null;

  return (
    <Stack gap="sm">
      <Title order={1} size="h2">
        {TEXTS.auditLogTitle}
      </Title>
      <Text size="sm" c="dimmed">
        {TEXTS.auditLogIntro}
      </Text>
      <AuditLogFilters
        values={values}
        onChange={(next) => {
          const search = new URLSearchParams();
          for (const key of PARAMS) if (next[key].trim()) search.set(key, next[key].trim());
          setParams(search, { replace: true });
        }}
        people={people}
        onPersonSearch={setPersonSearch}
        patientError={patientError}
        datesError={datesError}
        downloading={csv.isPending}
        onDownload={() => {
          csv.mutate(filterOf(values), {
            onSuccess: (blob) => {
              saveToDevice(blob, `audit-${isoDate(new Date())}.csv`);
            },
            onError: (error) => {
              notifications.notify({
                kind: 'error',
                message: `The audit log could not be downloaded. ${errorText(error)}`,
              });
            },
          });
        }}
      />
      <AuditLogTable
        events={adminRows(events.data)}
        onOpenUser={(href) => {
          void navigate(href);
        }}
        hasMore={events.hasNextPage}
        loadingMore={events.isFetchingNextPage}
        onLoadMore={() => {
          void events.fetchNextPage();
        }}
        loading={events.isPending}
        error={events.error ? errorText(events.error) : null}
      />
    </Stack>
  );
}
