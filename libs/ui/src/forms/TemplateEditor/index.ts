export { TemplateEditor } from './TemplateEditor';
export type { TemplateEditorProps } from './TemplateEditor';
export { ControlEditor } from './ControlEditor';
export type { ControlEditorProps } from './ControlEditor';
export { ExportOptionsEditor } from './ExportOptionsEditor';
export type { ExportOptionsEditorProps } from './ExportOptionsEditor';
