import type { DeviceFactory } from '../../src/network/types';

/** A catalogue with no models, for tests of the coordinator and the control surface on their own. */
export const noDevices: DeviceFactory = {
  models: () => [],
  create: (model) => {
    throw new Error(`no model ${model}`);
  },
  restore: (model) => {
    throw new Error(`no model ${model}`);
  },
};
