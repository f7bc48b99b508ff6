export { ImageViewer } from './ImageViewer';
export type { ImageViewerProps, ImageState, ViewerImageState } from './ImageViewer';
