export { TeamForm } from './TeamForm';
export type { TeamFormProps, TeamFormValues } from './TeamForm';
