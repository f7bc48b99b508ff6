export * from './FormControlField';
export * from './ScannerOverlay';
export * from './FormFiller';
export * from './TemplateEditor';
export * from './TemplateList';
