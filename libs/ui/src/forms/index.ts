export * from './FormControlField';
export * from './FormsComingSoon';
export * from './ScannerOverlay';
export * from './FormFiller';
export * from './TemplateEditor';
export * from './TemplateList';
