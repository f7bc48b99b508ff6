export { ScannerOverlay } from './ScannerOverlay';
export type { ScannerOverlayProps } from './ScannerOverlay';
