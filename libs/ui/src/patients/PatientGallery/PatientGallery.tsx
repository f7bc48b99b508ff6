import {
  Anchor,
  Box,
  Image,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { MODAL_IMAGE_MAX_HEIGHT } from '@pando/domain';
import { useState } from 'react';
import { Dialog } from '../../common/Dialog';
import { isPlainClick } from '../../common/navigation';
import type { PatientImageView } from '../ImagesPanel';

/** One patient's images in the gallery. */
export interface PatientImageGroup {
  patientId: number;
  /** The patient's name as the list shows it. */
  name: string;
  /** A card of the patient the person sees: the group's heading links to it. */
  cardId?: number | undefined;
  /** The patient's images, newest first. */
  images: readonly PatientImageView[];
}

export interface PatientGalleryProps {
  /** The patients with images the person may see, each with its images. */
  groups: readonly PatientImageGroup[];
  /** Whether the images are still loading, failed, or are all here. */
  status: 'loading' | 'error' | 'ready';
  /** The viewer opened an image: the app fetches the full size (shown as `imageUrl`). */
  onView?: (id: number) => void;
  /** Opens the patient's card (the heading's link was followed). */
  onOpenCard?: (cardId: number) => void;
}

/**
 * The gallery (`/images`, spec 01 §2): the patient images the person may see, grouped by
 * patient, with the viewer. Thumbnails first; the viewer shows the full image once fetched.
 */
export function PatientGallery({ groups, status, onView, onOpenCard }: PatientGalleryProps) {
  const [viewing, setViewing] = useState<PatientImageView | null>(null);
  const current = viewing
    ? (groups.flatMap((g) => g.images).find((i) => i.id === viewing.id) ?? viewing)
    : null;
  const shown = groups.filter((g) => g.images.length > 0);
  return (
    <Stack p="md" gap="lg">
      <Title order={1} size="h3">
        Gallery
      </Title>
      {status === 'error' ? (
        <Text role="alert">The images could not be loaded. Please try again.</Text>
      ) : null}
      {shown.map((group) => (
        <Box component="section" key={group.patientId} aria-label={group.name}>
          <Title order={2} size="h5" mb="xs" style={{ overflowWrap: 'anywhere' }} dir="auto">
            {group.cardId !== undefined && onOpenCard ? (
              <Anchor
                href={`/patients/${String(group.cardId)}`}
                inherit
                onClick={(event) => {
                  if (!isPlainClick(event)) return;
                  event.preventDefault();
                  if (group.cardId !== undefined) onOpenCard(group.cardId);
                }}
              >
                {group.name}
              </Anchor>
            ) : (
              group.name
            )}
          </Title>
          <SimpleGrid cols={{ base: 3, sm: 5, lg: 8 }} spacing="xs">
            {group.images.map((image) => (
              <UnstyledButton
                key={image.id}
                aria-label={`View ${image.title}`}
                onClick={() => {
                  setViewing(image);
                  onView?.(image.id);
                }}
              >
                <Image
                  src={image.thumbnailUrl}
                  alt={image.title}
                  h={96}
                  radius="sm"
                  fit="cover"
                  fallbackSrc="data:image/gif;base64,R0lGODlhAQABAAAAACw="
                />
              </UnstyledButton>
            ))}
          </SimpleGrid>
        </Box>
      ))}
      {status === 'loading' ? (
        <Loader size="sm" role="status" aria-label="Loading images" />
      ) : status === 'ready' && shown.length === 0 ? (
        <Text c="dimmed">No patient images yet. Images added to a patient card appear here.</Text>
      ) : null}
      <Dialog
        opened={current !== null}
        onClose={() => {
          setViewing(null);
        }}
        title={current?.title ?? 'Image'}
        size="xl"
      >
        {current ? (
          <Box ta="center">
            <Image
              src={current.imageUrl ?? current.thumbnailUrl}
              alt={current.title}
              mah={MODAL_IMAGE_MAX_HEIGHT}
              fit="contain"
            />
          </Box>
        ) : null}
      </Dialog>
    </Stack>
  );
}
