import type { Services } from '../../services/types';

/** Device MAC addresses; an array, unlike every other collection. */
export function listDevices(_services: Services): unknown[] {
  return [];
}
