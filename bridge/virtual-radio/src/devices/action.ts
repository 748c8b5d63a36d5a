import type { ActionInfo, ActionResult } from '../network/types';
import type { DeviceHost } from './device-host';

/**
 * One thing a person can do to a simulated device (press a button, open a window, walk past):
 * what the control API lists (`ActionInfo`) and how it runs. actions.ts gathers the ones a device
 * offers from the per-kind `*-action.ts` files.
 */
export interface Action extends ActionInfo {
  run(host: DeviceHost, params: Record<string, unknown>): ActionResult;
}
