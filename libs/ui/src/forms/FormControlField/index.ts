export { FormControlField } from './FormControlField';
export type { FormControlFieldProps } from './FormControlField';
