export { BootShell } from './BootShell';
export type { BootShellProps } from './BootShell';
