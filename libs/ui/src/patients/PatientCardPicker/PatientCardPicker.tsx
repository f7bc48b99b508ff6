import { Loader, Stack, Text, TextInput, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { formatIsoDate, GENDER_LABELS, type PatientCard } from '@pando/domain';
import { Dialog } from '../../common/Dialog';
import { patientCardName } from '../PatientTable';

export interface PatientCardPickerProps {
  /** Whether the picker is open. */
  opened: boolean;
  /** Escape, the close button or a click outside: nothing is shared. */
  onClose: () => void;
  /** The search text (name or identifier); the app searches the person's cards with it. */
  query: string;
  /** The person typed: the app searches again. Escape clears the text (spec 01 §5). */
  onQueryChange: (query: string) => void;
  /** The cards matching the search, newest first (those the person may share). */
  cards: readonly PatientCard[];
  /** Whether the search is running, failed, or has its answer. */
  status: 'loading' | 'error' | 'ready';
  /** The person chose a card: the app shares it into the conversation. */
  onPick: (card: PatientCard) => void;
  /** A share is under way: the cards cannot be chosen again meanwhile. @default false */
  sharing?: boolean;
}

function cardDetails(card: PatientCard): string {
  const p = card.patient;
  return [
    p?.patient_identificator ? `ID ${p.patient_identificator}` : null,
    p?.dob ? `DOB ${formatIsoDate(p.dob)}` : null,
    p?.gender ? GENDER_LABELS[p.gender] : null,
  ]
    .filter((d): d is string => d !== null)
    .join(' · ');
}

/**
 * The composer's "Share a patient card" picker (spec 01 §2, §5): search the person's cards by
 * the patient's name or identifier and choose one; the app shares it READ with the
 * conversation's people and sends it as a patient-card message.
 */
export function PatientCardPicker({
  opened,
  onClose,
  query,
  onQueryChange,
  cards,
  status,
  onPick,
  sharing = false,
}: PatientCardPickerProps) {
  return (
    <Dialog opened={opened} onClose={onClose} title="Share a patient card">
      <Stack gap="sm">
        <TextInput
          label="Search patients by name or identifier"
          type="search"
          value={query}
          data-autofocus
          onChange={(event) => {
            onQueryChange(event.currentTarget.value);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && query !== '') {
              // Escape clears the search first; a second Escape closes the picker.
              event.stopPropagation();
              onQueryChange('');
            }
          }}
        />
        <section aria-label="Patient cards" aria-busy={status === 'loading'}>
          {status === 'loading' ? (
            <Loader size="sm" role="status" aria-label="Searching patient cards" />
          ) : status === 'error' ? (
            <Text role="alert">The patient cards could not be loaded. Please try again.</Text>
          ) : cards.length === 0 ? (
            <Text c="dimmed">
              {query.trim() ? 'No matching patients.' : 'No patient cards yet.'}
            </Text>
          ) : (
            <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }}>
              {cards.map((card) => {
                const name = patientCardName(card);
                const details = cardDetails(card);
                return (
                  <li key={card.id}>
                    <UnstyledButton
                      w="100%"
                      p="xs"
                      mih={44}
                      disabled={sharing}
                      onClick={() => {
                        onPick(card);
                      }}
                      style={{
                        border: '1px solid var(--mantine-color-default-border)',
                        borderRadius: 'var(--mantine-radius-sm)',
                      }}
                    >
                      {/* The name is what shows, after 'Share' (axe: label-content-name-mismatch). */}
                      <VisuallyHidden>Share </VisuallyHidden>
                      <Text fw={600} style={{ overflowWrap: 'anywhere' }} dir="auto">
                        {name}
                      </Text>
                      {details ? (
                        <Text size="sm" c="dimmed">
                          {details}
                        </Text>
                      ) : null}
                    </UnstyledButton>
                  </li>
                );
              })}
            </Stack>
          )}
        </section>
      </Stack>
    </Dialog>
  );
}
