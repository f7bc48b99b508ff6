import {
  Box,
  Button,
  FileButton,
  Group,
  Image,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IMAGE_MIME_TYPES, MODAL_IMAGE_MAX_HEIGHT, partitionBySize } from '@pando/domain';
import { IconPhotoPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { PatientSection } from '../PatientInfoPanel';

/** One patient image as the panel shows it: object URLs the app made from the fetched blobs. */
export interface PatientImageView {
  id: number;
  title: string;
  /** The thumbnail (≤ 150 px). */
  thumbnailUrl: string | undefined;
  /** The full image, fetched when the viewer opens; the thumbnail meanwhile. */
  imageUrl?: string | undefined;
}

export interface ImagesPanelProps {
  /** The patient's images, newest first, each with its thumbnail. */
  images: readonly PatientImageView[];
  /** False: faded, no dropzone (spec 01 §6). */
  editable: boolean;
  /** Receives the chosen files within the 25 MB limit (spec 01 §5). */
  onUpload: (files: File[]) => void;
  /** Told of each file over the limit, naming it; the others are still uploaded. */
  onRejected: (message: string) => void;
  /** Names of the files being uploaded now. @default [] */
  uploading?: readonly string[];
  /** The viewer opened an image: the app fetches the full size. */
  onView?: (id: number) => void;
}

const accepts = (type: string) => (IMAGE_MIME_TYPES as readonly string[]).includes(type);

/**
 * Images (spec 01 §2, §5): a dropzone for several images (types from the shared constant, not
 * listed on screen), thumbnails, and a viewer.
 */
export function ImagesPanel({
  images,
  editable,
  onUpload,
  onRejected,
  uploading = [],
  onView,
}: ImagesPanelProps) {
  const [viewing, setViewing] = useState<PatientImageView | null>(null);
  const [dragging, setDragging] = useState(false);
  // The 25 MB notice names each file (spec 01 §5); the others are still uploaded.
  const take = (files: File[]) => {
    const { accepted, rejected } = partitionBySize(files);
    for (const r of rejected) onRejected(r.message);
    if (accepted.length > 0) onUpload(accepted);
  };
  const current = viewing ? (images.find((i) => i.id === viewing.id) ?? viewing) : null;
  return (
    <PatientSection title="Images" editable={editable}>
      {images.length === 0 && <Text c="dimmed">No images.</Text>}
      <SimpleGrid cols={{ base: 3, sm: 4 }} spacing="xs">
        {images.map((image) => (
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
      {uploading.length > 0 && (
        <Text size="sm" c="dimmed" role="status">
          Uploading {uploading.join(', ')}…
        </Text>
      )}
      {editable && (
        <Paper
          withBorder
          p="sm"
          radius="md"
          style={{
            borderStyle: 'dashed',
            borderColor: dragging ? 'var(--mantine-primary-color-filled)' : undefined,
          }}
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => {
            setDragging(false);
          }}
          onDrop={(e) => {
            e.preventDefault();
            setDragging(false);
            take(Array.from(e.dataTransfer.files).filter((f) => accepts(f.type)));
          }}
        >
          <Group justify="center" gap="sm" wrap="wrap">
            <IconPhotoPlus size={28} aria-hidden />
            <Stack gap={0}>
              <Text size="sm">Drop images here, up to 25 MB each.</Text>
            </Stack>
            <FileButton multiple accept={IMAGE_MIME_TYPES.join(',')} onChange={take}>
              {(props) => (
                <Button variant="light" {...props}>
                  Add images
                </Button>
              )}
            </FileButton>
          </Group>
        </Paper>
      )}
      <Modal
        opened={current !== null}
        onClose={() => {
          setViewing(null);
        }}
        title={current?.title ?? 'Image'}
        size="xl"
        closeButtonProps={{ 'aria-label': 'Close image' }}
      >
        {current && (
          <Box ta="center">
            <Image
              src={current.imageUrl ?? current.thumbnailUrl}
              alt={current.title}
              mah={MODAL_IMAGE_MAX_HEIGHT}
              fit="contain"
            />
          </Box>
        )}
      </Modal>
    </PatientSection>
  );
}
