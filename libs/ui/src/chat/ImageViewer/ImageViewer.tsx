import { Button, Center, Image, Loader, Stack, Text } from '@mantine/core';
import { TEXTS, textsWith } from '@pando/domain';
import { IconDownload, IconPhotoOff } from '@tabler/icons-react';
import { useState } from 'react';
import { Dialog } from '../../common/Dialog';

/** What the app knows about an image it fetches (the component never fetches). */
export type ImageState =
  { status: 'loading' } | { status: 'loaded'; src: string } | { status: 'failed' };

/** The full-size image: an ImageState, or `missing` when the server holds no bytes for it. */
export type ViewerImageState = ImageState | { status: 'missing' };

export interface ImageViewerProps {
  /** Whether the viewer is open. */
  opened: boolean;
  /** Closes the viewer (Escape, the close button or a click outside). */
  onClose: () => void;
  /** The full-size image's state; `missing` shows "No image recorded" (spec 01 §8). */
  image: ViewerImageState;
  /** The file name or title, as the dialog's name. @default 'Image' */
  title?: string;
  /** Offers "Download or email" (the file-action modal) once the image has loaded; none without. */
  onFileAction?: () => void;
}

/**
 * The full-size image dialog (spec 01 §8): "Loading image..." while fetching, "Image fetch
 * failed" when the request failed, "Error loading image" when the bytes would not decode, "No
 * image recorded" when there are none.
 */
export function ImageViewer({
  opened,
  onClose,
  image,
  title = 'Image',
  onFileAction,
}: ImageViewerProps) {
  const [decodeFailed, setDecodeFailed] = useState(false);
  const src = image.status === 'loaded' ? image.src : null;
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const broken = decodeFailed && failedSrc === src;

  return (
    <Dialog opened={opened} onClose={onClose} title={title} size="xl">
      {image.status === 'loading' ? (
        <Center mih={200} role="status">
          <Stack align="center" gap="xs">
            <Loader aria-hidden />
            <Text size="sm">{TEXTS.loadingImage}</Text>
          </Stack>
        </Center>
      ) : image.status === 'missing' ? (
        <Center mih={200} role="status">
          <Stack align="center" gap="xs">
            <IconPhotoOff size={40} aria-hidden />
            <Text size="sm">{textsWith.noTypeRecorded('image')}</Text>
          </Stack>
        </Center>
      ) : image.status === 'failed' || broken ? (
        <Center mih={200} role="alert">
          <Stack align="center" gap="xs">
            <IconPhotoOff size={40} aria-hidden />
            <Text size="sm">
              {image.status === 'failed'
                ? TEXTS.imageFetchFailed
                : textsWith.errorLoadingType('image')}
            </Text>
          </Stack>
        </Center>
      ) : (
        <Stack gap="sm">
          <Image
            src={image.src}
            alt={title}
            fit="contain"
            mah="75vh"
            onError={() => {
              setDecodeFailed(true);
              setFailedSrc(image.src);
            }}
          />
          {onFileAction ? (
            <Button
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
              onClick={onFileAction}
              aria-label={`Download or email ${title}`}
              style={{ alignSelf: 'flex-start' }}
            >
              Download or email
            </Button>
          ) : null}
        </Stack>
      )}
    </Dialog>
  );
}
