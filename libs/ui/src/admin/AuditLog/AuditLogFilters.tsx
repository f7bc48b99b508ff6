import { Button, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { TEXTS } from '@pando/domain';
import { DateField } from '../../common/DateField';
import { actionOptions, resourceOptions } from './auditWords';

/** The filters as typed: ids and names as text, dates ISO (or the text typed so far). */
export interface AuditLogFilterValues {
  patient: string;
  /** The person's user id, '' for anyone. */
  user: string;
  action: string;
  resource: string;
  from: string;
  to: string;
}

export interface AuditLogFiltersProps {
  values: AuditLogFilterValues;
  onChange: (values: AuditLogFilterValues) => void;
  /** The people to choose from (the admin's users matching `onPersonSearch`, the chosen one included). */
  people: readonly { value: string; label: string }[];
  /** What was typed in the person field (the screen searches the admin's users with it). */
  onPersonSearch: (text: string) => void;
  /** Saves the filtered view as CSV. */
  onDownload: () => void;
  /** The CSV is being fetched. @default false */
  downloading?: boolean;
  /** Shown under the patient field (a number is expected). */
  patientError?: string | null;
  /** Shown under the "To" field (dates reversed). */
  datesError?: string | null;
}

/**
 * The audit log's filters (issue 36): patient number, person, action, resource type and a date
 * range typed dd/mm/yyyy (DateField), and "Download CSV" of the filtered view. Every filter is a
 * labelled field; clearing one widens the view at once.
 */
export function AuditLogFilters({
  values,
  onChange,
  people,
  onPersonSearch,
  onDownload,
  downloading = false,
  patientError = null,
  datesError = null,
}: AuditLogFiltersProps) {
  const set = (patch: Partial<AuditLogFilterValues>) => {
    onChange({ ...values, ...patch });
  };
  return (
    <form
      aria-label="Audit log filters"
      onSubmit={(e) => {
        e.preventDefault();
      }}
    >
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" verticalSpacing="xs">
        <TextInput
          label="Patient number"
          inputMode="numeric"
          autoComplete="off"
          value={values.patient}
          error={patientError}
          onChange={(e) => {
            set({ patient: e.currentTarget.value });
          }}
        />
        <Select
          label="Person"
          placeholder="Anyone"
          searchable
          clearable
          data={[...people]}
          value={values.user || null}
          onSearchChange={onPersonSearch}
          onChange={(value) => {
            set({ user: value ?? '' });
          }}
          nothingFoundMessage="No one by that name"
        />
        <Select
          label="Action"
          placeholder="Any action"
          searchable
          clearable
          data={actionOptions}
          value={values.action || null}
          onChange={(value) => {
            set({ action: value ?? '' });
          }}
        />
        <Select
          label="Resource type"
          placeholder="Any resource"
          searchable
          clearable
          data={resourceOptions}
          value={values.resource || null}
          onChange={(value) => {
            set({ resource: value ?? '' });
          }}
        />
        <DateField
          label="From"
          value={values.from}
          onChange={(from) => {
            set({ from });
          }}
        />
        <DateField
          label="To"
          value={values.to}
          error={datesError}
          onChange={(to) => {
            set({ to });
          }}
        />
      </SimpleGrid>
      <Group mt="sm" gap="sm">
        <Button type="button" variant="default" loading={downloading} onClick={onDownload}>
          {TEXTS.auditDownloadCsv}
        </Button>
        <Button
          type="button"
          variant="subtle"
          onClick={() => {
            onChange({ patient: '', user: '', action: '', resource: '', from: '', to: '' });
          }}
        >
          Clear filters
        </Button>
      </Group>
    </form>
  );
}
