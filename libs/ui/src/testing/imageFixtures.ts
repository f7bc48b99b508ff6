import type { ImageState } from '../chat/ImageViewer';

/** An ECG-like trace as an inline SVG, so stories never touch the network. */
export const ECG_DATA_URL = `data:image/svg+xml;utf8,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200" viewBox="0 0 300 200"><rect width="300" height="200" fill="#fff5f5"/><path d="M0 100 H60 L70 80 L80 120 L90 40 L100 160 L110 100 H170 L180 80 L190 120 L200 40 L210 160 L220 100 H300" stroke="#c92a2a" stroke-width="3" fill="none"/></svg>',
)}`;

/** ecg-bed9 loaded, missing-photo failed, anything else still loading. */
export function storyImages(imageId: string): ImageState {
  if (imageId === 'ecg-bed9') return { status: 'loaded', src: ECG_DATA_URL };
  if (imageId === 'missing-photo') return { status: 'failed' };
  return { status: 'loading' };
}
