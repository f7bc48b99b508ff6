export { DeliveryStatus } from './DeliveryStatus';
export type { DeliveryStatusProps, DeliveryState } from './DeliveryStatus';
