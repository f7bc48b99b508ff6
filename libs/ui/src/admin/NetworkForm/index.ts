export { NetworkForm } from './NetworkForm';
export type { NetworkFormProps, NetworkFormValues } from './NetworkForm';
