export { ImageViewer } from './ImageViewer';
export type { ImageViewerProps, ImageState } from './ImageViewer';
