import { Box, Button, Group, NativeSelect, Stack, Text, UnstyledButton } from '@mantine/core';
import {
  formatIsoDate,
  GENDER_LABELS,
  PATIENT_SORTS,
  PATIENT_TABLE_BATCH,
  PATIENT_TABLE_ITEM_HEIGHT,
  parsePatientSort,
  sortPatientCards,
  wardLabel,
  type PatientCard,
  type PatientSort,
} from '@pando/domain';
import { IconPlus, IconScan } from '@tabler/icons-react';
import { forwardRef, useMemo, useState } from 'react';
import { Virtuoso, type Components } from 'react-virtuoso';

// The virtual list's own elements carry the list semantics (axe: a list holds list items only).
const listComponents: Components<PatientCard> = {
  List: forwardRef<HTMLDivElement>(function PatientList(props, ref) {
    return <div {...props} ref={ref} role="list" aria-label="Patients" />;
  }),
  Item: (props) => <div {...props} role="listitem" />,
};

const SORT_LABELS: Record<PatientSort, string> = {
  name: 'Name',
  location: 'Location',
  newest: 'Newest',
};

export interface PatientTableProps {
  /** The cards the person sees (spec 01 §7: up to 100). */
  cards: readonly PatientCard[];
  /** The order chosen in the sort menu (spec 01 §2). */
  sort: PatientSort;
  /** The person chose another order. */
  onSortChange: (sort: PatientSort) => void;
  /** The open card, highlighted. */
  selectedId?: number | undefined;
  /** Opens a card (its row was clicked or chosen from the keyboard). */
  onOpen: (cardId: number) => void;
  /** Leads to /patients/create. */
  onCreate: () => void;
  /** Hides the create button (someone without the premium feature who still opens a card). @default true */
  canCreate?: boolean;
  /** Opens the barcode scanner to find a patient by identifier (spec 01 §6); no button without it. */
  onScan?: () => void;
}

/** The patient's name as the list shows it: last name, first name; the card title without one. */
export function patientCardName(card: PatientCard): string {
  const p = card.patient;
  const name = p ? [p.last_name, p.first_name].filter(Boolean).join(', ') : '';
  return name || card.title || 'Unnamed patient';
}

/**
 * The patient list (spec 01 §2): a sort menu (name, location, newest; newest by default), a
 * create button and the cards, virtualised, rendered in batches of 50 rows of 68 px (spec 01 §9).
 */
export function PatientTable({
  cards,
  sort,
  onSortChange,
  selectedId,
  onOpen,
  onCreate,
  canCreate = true,
  onScan,
}: PatientTableProps) {
  const sorted = useMemo(() => sortPatientCards(cards, sort), [cards, sort]);
  const [shown, setShown] = useState(PATIENT_TABLE_BATCH);
  const visible = sorted.slice(0, shown);
  return (
    <Stack gap={0} h="100%">
      <Group justify="space-between" align="flex-end" p="sm" wrap="wrap" gap="xs">
        <NativeSelect
          label="Sort by"
          value={sort}
          onChange={(e) => {
            onSortChange(parsePatientSort(e.currentTarget.value));
          }}
          data={PATIENT_SORTS.map((option) => ({ value: option, label: SORT_LABELS[option] }))}
        />
        <Group gap="xs">
          {onScan && (
            <Button
              variant="default"
              leftSection={<IconScan size={16} aria-hidden />}
              onClick={onScan}
            >
              Scan
            </Button>
          )}
          {canCreate && (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={onCreate}>
              Create patient
            </Button>
          )}
        </Group>
      </Group>
      {sorted.length === 0 ? (
        <Text c="dimmed" p="md">
          No patients yet.
        </Text>
      ) : (
        <Box style={{ flex: 1, minHeight: 0 }}>
          <Virtuoso
            style={{ height: '100%', minHeight: PATIENT_TABLE_ITEM_HEIGHT * 3 }}
            data={visible}
            fixedItemHeight={PATIENT_TABLE_ITEM_HEIGHT}
            endReached={() => {
              setShown((n) => Math.min(sorted.length, n + PATIENT_TABLE_BATCH));
            }}
            computeItemKey={(_index, card) => card.id}
            components={listComponents}
            itemContent={(_index, card) => (
              <PatientRow card={card} selected={card.id === selectedId} onOpen={onOpen} />
            )}
          />
        </Box>
      )}
    </Stack>
  );
}

function PatientRow({
  card,
  selected,
  onOpen,
}: {
  card: PatientCard;
  selected: boolean;
  onOpen: (id: number) => void;
}) {
  const p = card.patient;
  const location = [p?.ward ? wardLabel(p.ward) : null, p?.bed ? `Bed ${p.bed}` : null]
    .filter(Boolean)
    .join(' · ');
  const details = [
    p?.gender ? GENDER_LABELS[p.gender] : null,
    p?.dob ? formatIsoDate(p.dob) : null,
    p?.patient_identificator,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <UnstyledButton
      onClick={() => {
        onOpen(card.id);
      }}
      aria-current={selected ? 'page' : undefined}
      w="100%"
      h={PATIENT_TABLE_ITEM_HEIGHT}
      px="sm"
      style={{
        borderBottom: '1px solid var(--mantine-color-default-border)',
        background: selected ? 'var(--mantine-color-default-hover)' : undefined,
      }}
    >
      <Text fw={600} truncate="end">
        {patientCardName(card)}
      </Text>
      <Text size="sm" c="dimmed" truncate="end">
        {location || details || card.subtitle || ' '}
      </Text>
    </UnstyledButton>
  );
}
