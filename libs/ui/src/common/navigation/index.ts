export { interceptPlainClick, isPlainClick } from './linkClick';
