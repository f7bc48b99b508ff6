import type { RouteObject } from 'react-router-dom';
import { LoadingScreen } from '@pando/ui';
import { preloadable } from '../common/preloadable';

// The patient screens are their own chunks, loaded when /patients is first opened.
const PatientsLayout = preloadable(
  () => import('./components/PatientsLayout').then((m) => m.PatientsLayout),
  { fallback: <LoadingScreen fullScreen={false} /> },
).Component;
const PatientPage = preloadable(
  () => import('./components/PatientPage').then((m) => m.PatientPage),
  { fallback: <LoadingScreen fullScreen={false} /> },
).Component;

/**
 * /patients and /patients/{state} (spec 01 §2), under the shell (app/routes.tsx). The index
 * and any {state} other than `create` or a card id show the empty state (PatientPage).
 */
export const patientRoutes: RouteObject = {
  path: 'patients',
  element: <PatientsLayout />,
  children: [
    { index: true, element: <PatientPage /> },
    { path: ':state', element: <PatientPage /> },
  ],
};

const GalleryPage = preloadable(
  () => import('./components/GalleryPage').then((m) => m.GalleryPage),
  { fallback: <LoadingScreen fullScreen={false} /> },
).Component;

/** /images, the gallery (spec 01 §2): the patient images the person may see, by patient. */
export const galleryRoute: RouteObject = { path: 'images', element: <GalleryPage /> };
