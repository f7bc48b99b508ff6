import { Center, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { usePatientCardsQuery, usePatientsImagesQueries } from '@pando/data-access';
import type { PatientCard } from '@pando/domain';
import { PatientGallery, patientCardName, type PatientImageGroup } from '@pando/ui';
import { useCanSeePatientList } from '../hooks/useCanSeePatientList';
import { toImageViews, useFullImageUrl } from '../hooks/usePatientImages';

/**
 * /images (spec 01 §2 "Gallery", hidden in the main menu): the patient images the person may
 * see — those of the patients of their cards — grouped by patient, newest card first. The
 * images come from the patients' image lists (thumbnails), the same cache the card panels use.
 */
export function GalleryPage() {
  const premium = useCanSeePatientList();
  if (!premium) {
    return (
      <Center h="100%" p="md">
        <Stack gap="xs" ta="center" maw={360}>
          <Title order={1} size="h3">
            Gallery
          </Title>
          <Text c="dimmed">
            The gallery shows the images of your patient cards, a premium feature that is not
            enabled for you.
          </Text>
        </Stack>
      </Center>
    );
  }
  return <Gallery />;
}

/** One group per patient: the newest card of the patient names it and is linked. */
function patientsOf(cards: readonly PatientCard[]): { patientId: number; card: PatientCard }[] {
  const seen = new Map<number, PatientCard>();
  for (const card of cards) {
    const patientId = card.patient_id ?? card.patient?.id;
    if (patientId != null && !seen.has(patientId)) seen.set(patientId, card);
  }
  return [...seen].map(([patientId, card]) => ({ patientId, card }));
}

function Gallery() {
  const navigate = useNavigate();
  const cards = usePatientCardsQuery();
  const patients = useMemo(() => patientsOf(cards.data ?? []), [cards.data]);
  const images = usePatientsImagesQueries(patients.map((p) => p.patientId));
  const [viewing, setViewing] = useState<number>();
  const fullUrl = useFullImageUrl(viewing);
  const groups = useMemo<PatientImageGroup[]>(
    () =>
      patients.map(({ patientId, card }, index) => ({
        patientId,
        name: patientCardName(card),
        cardId: card.id,
        images: toImageViews(images[index]?.data).map((image) =>
          image.id === viewing ? { ...image, imageUrl: fullUrl } : image,
        ),
      })),
    [patients, images, viewing, fullUrl],
  );
  const status =
    cards.isError || images.some((q) => q.isError)
      ? 'error'
      : cards.isPending || images.some((q) => q.isPending)
        ? 'loading'
        : 'ready';
  return (
    <PatientGallery
      groups={groups}
      status={status}
      onView={setViewing}
      onOpenCard={(cardId) => void navigate(`/patients/${String(cardId)}`)}
    />
  );
}
