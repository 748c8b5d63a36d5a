export { createZigbeeRadio } from './radio';
export type * from './types';
