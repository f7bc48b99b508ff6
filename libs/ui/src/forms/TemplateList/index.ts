export { TemplateList, templateKey } from './TemplateList';
export type { TemplateListProps } from './TemplateList';
