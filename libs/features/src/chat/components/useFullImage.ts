import { downloadChatImage, NotFoundError, useHttpClient } from '@pando/data-access';
import type { ViewerImageState } from '@pando/ui';
import { useEffect, useState } from 'react';

/**
 * The full-size chat image the viewer shows (spec 01 §8): fetched as bytes so the viewer can say
 * "Loading image...", "No image recorded" (the server has none: 404) or "Image fetch failed"
 * (any other failure); bytes that do not decode are the viewer's "Error loading image".
 */
export function useFullImage(imageId: string | null): {
  image: ViewerImageState;
  /** The bytes once loaded (their size and type for the file-action modal). */
  bytes: Blob | undefined;
} {
  const http = useHttpClient();
  const [state, setState] = useState<{
    id: string;
    image: ViewerImageState;
    bytes?: Blob;
  } | null>(null);
  useEffect(() => {
    if (imageId === null) return undefined;
    let live = true;
    let objectUrl: string | undefined;
    downloadChatImage(http, imageId).then(
      (blob) => {
        if (!live) return;
        objectUrl = URL.createObjectURL(blob);
        setState({ id: imageId, image: { status: 'loaded', src: objectUrl }, bytes: blob });
      },
      (err: unknown) => {
        if (!live) return;
        const image: ViewerImageState =
          err instanceof NotFoundError ? { status: 'missing' } : { status: 'failed' };
        setState({ id: imageId, image });
      },
    );
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
      // A revoked URL must not show when the same image is opened again.
      setState(null);
    };
  }, [http, imageId]);
  return state && state.id === imageId
    ? { image: state.image, bytes: state.bytes }
    : { image: { status: 'loading' }, bytes: undefined };
}
