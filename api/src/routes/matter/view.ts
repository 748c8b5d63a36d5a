import type { MatterStatus } from '@herdgate/shared/mqtt';

/** The REST shape of the Matter bridge's status (lower-case keys, as deCONZ names its own). */
export const matterView = (status: MatterStatus) => ({
  pairingcode: status.pairingcode,
  qrcode: status.qrcode,
  port: status.port,
  commissioned: status.commissioned,
  commissioning: status.window,
  fabrics: status.fabrics,
});
