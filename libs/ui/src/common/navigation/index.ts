export { interceptPlainClick } from './linkClick';
