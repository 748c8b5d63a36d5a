export { createZigbeeRadio } from './radio';
export type * from './types';
export { clusterName } from './cluster-names';
