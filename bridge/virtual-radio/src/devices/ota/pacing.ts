/**
 * How fast an OTA client downloads. `realistic` (the default) keeps the model's own timing: the time
 * it takes to store each block, its check-in interval, the waits the server asks for and its reboot.
 * `fast` (tests) stores blocks at once, checks in within seconds instead of hours and shortens waits
 * to a hundredth; what the device says on the air is the same.
 */
import type { OtaPacingName } from '../../network/types';

export interface OtaPacing {
  /** Multiplies the model's block delay. */
  block: number;
  /** Multiplies the model's query interval (a sleepy device's check-in). */
  query: number;
  /** Multiplies wait-for-data and upgrade delays the server sets, and the reboot time. */
  wait: number;
}

export const otaPacings: Record<OtaPacingName, OtaPacing> = {
  realistic: { block: 1, query: 1, wait: 1 },
  fast: { block: 0, query: 0.001, wait: 0.01 },
};

export const OTA_PACING_NAMES = Object.keys(otaPacings) as OtaPacingName[];
