export { NotesField, NotesPanel } from './NotesPanel';
export type { NotesPanelProps } from './NotesPanel';
