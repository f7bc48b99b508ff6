import {
  Badge,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  formatIsoDate,
  GENDER_LABELS,
  GENDERS,
  NO_WARD_ID,
  wardLabel,
  wardOptions,
  type Patient,
  type Ward,
} from '@pando/domain';
import { IconPencil } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { DateField } from '../../common/DateField';

/** The patient fields the info panel edits (spec 01 §2, §3). */
export interface PatientInfoValues {
  first_name: string;
  last_name: string;
  /** yyyy-mm-dd, empty, or the text typed so far while it is not a date (DateField). */
  dob: string;
  gender: Patient['gender'];
  patient_identificator: string;
  /** NO_WARD_ID (0) for 'No ward'. */
  ward_id: number;
  bed: string;
}

export function patientInfoValues(patient: Patient | null | undefined): PatientInfoValues {
  return {
    first_name: patient?.first_name ?? '',
    last_name: patient?.last_name ?? '',
    dob: patient?.dob ?? '',
    gender: patient?.gender ?? 'MALE',
    patient_identificator: patient?.patient_identificator ?? '',
    ward_id: patient?.ward_id ?? NO_WARD_ID,
    bed: patient?.bed ?? '',
  };
}

export interface PatientInfoFieldsProps {
  values: PatientInfoValues;
  onChange: (values: PatientInfoValues) => void;
  /** The hospital's wards; 'No ward' is offered first whatever this holds. */
  wards: readonly Ward[];
}

/** The editable patient fields, controlled: used by the panel's edit mode and the create page. */
export function PatientInfoFields({ values, onChange, wards }: PatientInfoFieldsProps) {
  const set = <K extends keyof PatientInfoValues>(key: K, value: PatientInfoValues[K]) => {
    onChange({ ...values, [key]: value });
  };
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <TextInput
        label="First name"
        value={values.first_name}
        maxLength={200}
        onChange={(e) => {
          set('first_name', e.currentTarget.value);
        }}
      />
      <TextInput
        label="Last name"
        value={values.last_name}
        maxLength={200}
        onChange={(e) => {
          set('last_name', e.currentTarget.value);
        }}
      />
      <DateField
        label="Date of birth"
        value={values.dob}
        onChange={(dob) => {
          set('dob', dob);
        }}
      />
      <Select
        label="Gender"
        data={GENDERS.map((g) => ({ value: g, label: GENDER_LABELS[g] }))}
        value={values.gender}
        allowDeselect={false}
        onChange={(g) => {
          if (g === 'MALE' || g === 'FEMALE') set('gender', g);
        }}
      />
      <TextInput
        label="Identifier"
        value={values.patient_identificator}
        maxLength={100}
        onChange={(e) => {
          set('patient_identificator', e.currentTarget.value);
        }}
      />
      <Select
        label="Ward"
        data={wardOptions(wards).map((o) => ({ value: String(o.value), label: o.label }))}
        value={String(values.ward_id)}
        allowDeselect={false}
        onChange={(w) => {
          if (w !== null) set('ward_id', Number(w));
        }}
      />
      <TextInput
        label="Bed"
        value={values.bed}
        maxLength={50}
        onChange={(e) => {
          set('bed', e.currentTarget.value);
        }}
      />
    </SimpleGrid>
  );
}

/** A faded section for a card the person may only read (spec 01 §6). */
export function PatientSection({
  title,
  editable,
  action,
  children,
}: {
  title: string;
  editable: boolean;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper
      component="section"
      aria-label={title}
      withBorder
      p="md"
      radius="md"
      // Faded (spec 01 §6) without lowering text contrast: a dashed border and a 'Read only' badge.
      style={editable ? undefined : { borderStyle: 'dashed' }}
      data-readonly={editable ? undefined : true}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} size="h4">
            {title}
          </Title>
          {editable ? (
            action
          ) : (
            <Badge variant="light" color="gray">
              Read only
            </Badge>
          )}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

export interface PatientInfoPanelProps {
  /** The patient shown; none yet shows empty fields. */
  patient: Patient | null | undefined;
  /** The hospital's wards; 'No ward' is offered first whatever this holds. */
  wards: readonly Ward[];
  /** False: faded, no edit button (spec 01 §6). */
  editable: boolean;
  /** Saves the edited fields; the panel goes back to view mode when it resolves. */
  onSave: (values: PatientInfoValues) => Promise<void> | void;
  /** Editing starts: the fields shown are the version the edit is made on. */
  onEdit?: () => void;
  /** Shown under the fields while editing, e.g. a refusal naming the field. */
  error?: string | null;
}

/** Patient info (spec 01 §2, §4): view, or edit with Save and Cancel, toggled on its own. */
export function PatientInfoPanel({
  patient,
  wards,
  editable,
  onSave,
  onEdit,
  error,
}: PatientInfoPanelProps) {
  const [draft, setDraft] = useState<PatientInfoValues | null>(null);
  const [saving, setSaving] = useState(false);
  const values = patientInfoValues(patient);
  const rows: [string, string][] = [
    ['First name', values.first_name],
    ['Last name', values.last_name],
    ['Date of birth', formatIsoDate(values.dob)],
    ['Gender', GENDER_LABELS[values.gender]],
    ['Identifier', values.patient_identificator],
    ['Ward', wardLabel(patient?.ward)],
    ['Bed', values.bed],
  ];
  return (
    <PatientSection
      title="Patient info"
      editable={editable}
      action={
        draft ? null : (
          <Button
            variant="subtle"
            size="compact-md"
            leftSection={<IconPencil size={16} aria-hidden />}
            onClick={() => {
              onEdit?.();
              setDraft(values);
            }}
          >
            Edit patient info
          </Button>
        )
      }
    >
      {draft && editable ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            setSaving(true);
            Promise.resolve(onSave(draft))
              .then(() => {
                setDraft(null);
              })
              .catch(() => undefined)
              .finally(() => {
                setSaving(false);
              });
          }}
        >
          <Stack gap="sm">
            <PatientInfoFields values={draft} onChange={setDraft} wards={wards} />
            {error && (
              <Text c="red" size="sm" role="alert">
                {error}
              </Text>
            )}
            <Group justify="flex-end">
              <Button
                variant="default"
                onClick={() => {
                  setDraft(null);
                }}
              >
                Cancel
              </Button>
              <Button type="submit" loading={saving}>
                Save
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" component="dl" m={0}>
          {rows.map(([label, value]) => (
            <div key={label}>
              <Text component="dt" size="sm" c="dimmed">
                {label}
              </Text>
              <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
                {value || '—'}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      )}
    </PatientSection>
  );
}
