import { NavLink, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { usePatientCardSearchQuery } from '@pando/data-access';
import { patientCardName } from '@pando/ui';
import { useCanSeePatientList } from '../hooks/useCanSeePatientList';

/**
 * The header search's patient cards (issue 19): the person's cards whose patient's name or
 * identifier matches, each opening /patients/{id}. Only for people with the patient list
 * (premium patient_cards); nothing is shown (or asked of the server) for others or for an
 * empty search.
 */
export function PatientCardSearchResults({ query }: { query: string }) {
  const premium = useCanSeePatientList();
  const term = query.trim();
  const navigate = useNavigate();
  const cards = usePatientCardSearchQuery(term, { enabled: premium && term !== '' });
  if (!premium || term === '') return null;
  const found = cards.data ?? [];
  return (
    <Stack component="section" aria-label="Patient cards" gap="xs" aria-busy={cards.isFetching}>
      <Title order={2} size="h5">
        Patient cards
      </Title>
      {cards.isError ? (
        <Text role="alert">The patient cards could not be searched. Please try again.</Text>
      ) : cards.isPending ? null : found.length === 0 ? (
        <Text c="dimmed">No matching patients.</Text>
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {found.map((card) => {
            const href = `/patients/${String(card.id)}`;
            const identifier = card.patient?.patient_identificator;
            return (
              <li key={card.id}>
                <NavLink
                  href={href}
                  label={patientCardName(card)}
                  description={identifier ? `Patient · ID ${identifier}` : 'Patient'}
                  onClick={(event) => {
                    event.preventDefault();
                    void navigate(href);
                  }}
                />
              </li>
            );
          })}
        </ul>
      )}
    </Stack>
  );
}
