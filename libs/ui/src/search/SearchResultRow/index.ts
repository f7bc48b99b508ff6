export { SearchResultRow, describeResult } from './SearchResultRow';
export type { SearchResultRowProps } from './SearchResultRow';
