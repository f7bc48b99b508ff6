export { PatientGallery } from './PatientGallery';
export type { PatientGalleryProps, PatientImageGroup } from './PatientGallery';
