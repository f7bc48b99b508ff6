export { ImagesPanel } from './ImagesPanel';
export type { ImagesPanelProps, PatientImageView } from './ImagesPanel';
