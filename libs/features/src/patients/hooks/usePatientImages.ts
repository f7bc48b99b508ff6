import { useEffect, useMemo, useState } from 'react';
import { useImageQuery, usePatientImagesQuery } from '@pando/data-access';
import type { ImageListResponse } from '@pando/domain';
import type { PatientImageView } from '@pando/ui';

/** A patient's image list as the panels show it: thumbnails from the list's base64 data. */
export function toImageViews(list: ImageListResponse | undefined): PatientImageView[] {
  return (list?.results ?? [])
    .filter((image) => image.meta.deleted !== true)
    .map((image) => ({
      id: image.meta.id,
      title: image.meta.title || image.meta.filename || `Image ${image.meta.id}`,
      // Thumbnails are re-encoded by the server; the browser sniffs the type of a data URL's bytes.
      thumbnailUrl: `data:image/jpeg;base64,${image.data}`,
    }));
}

/** The patient's images as the panel shows them. */
export function usePatientImages(patientId: number | undefined): PatientImageView[] {
  const list = usePatientImagesQuery(patientId);
  return useMemo(() => toImageViews(list.data), [list.data]);
}

/** An object URL for the full-size image while the viewer shows it, revoked afterwards. */
export function useFullImageUrl(id: number | undefined): string | undefined {
  const image = useImageQuery(id, false);
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    // Another image is loading: no URL meanwhile (the previous one is revoked), the thumbnail shows.
    if (!image.data) {
      setUrl(undefined);
      return undefined;
    }
    const next = URL.createObjectURL(image.data);
    setUrl(next);
    return () => {
      URL.revokeObjectURL(next);
    };
  }, [image.data]);
  return id === undefined ? undefined : url;
}
