/** OTA: the download pacing of every device, and each OTA client's identity, progress, query and faults. */
import * as v from 'valibot';
import type { OtaControl } from '../../network/types';
import type { VirtualRadio } from '../../virtual-radio';
import { OTA_PACING_NAMES } from '../../devices/ota/pacing';
import { ControlError, ieeeSchema, validate } from '../http';
import type { Route } from '../router';

const pacingSchema = v.strictObject({ pacing: v.picklist(OTA_PACING_NAMES) });
const faultSchema = v.variant('kind', [
  v.strictObject({ kind: v.literal('stall'), afterBytes: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0)), 0) }),
  v.strictObject({ kind: v.literal('corrupt') }),
  v.strictObject({ kind: v.literal('refuse') }),
]);

function client(radio: VirtualRadio, raw: string): OtaControl {
  const ieee = validate(ieeeSchema, raw);
  const entry = radio.registry.get(ieee);
  if (!entry) throw new ControlError(404, `no joined device ${ieee}`);
  const ota = entry.device.ota?.();
  if (!ota) throw new ControlError(404, `device ${ieee} (${entry.device.identity.model}) has no OTA client`);
  return ota;
}

export const otaRoutes: Route[] = [
  {
    method: 'GET',
    path: '/ota',
    handle: ({ radio }) => ({
      body: {
        pacing: radio.otaPacing,
        clients: radio.registry.all().flatMap((e) => {
          const ota = e.device.ota?.();
          return ota ? [{ ieee: e.device.identity.ieee, model: e.device.identity.model, ...ota.view() }] : [];
        }),
      },
    }),
  },
  {
    method: 'PUT',
    path: '/ota',
    handle: async ({ radio, body }) => {
      radio.setOtaPacing(validate(pacingSchema, await body()).pacing);
      return { body: { pacing: radio.otaPacing } };
    },
  },
  {
    method: 'POST',
    path: '/devices/:ieee/ota/query',
    handle: ({ radio, params }) => {
      const ota = client(radio, params.ieee);
      if (!ota.query()) throw new ControlError(409, `device ${params.ieee} is busy (${ota.view().state})`);
      return { body: ota.view() };
    },
  },
  {
    method: 'PUT',
    path: '/devices/:ieee/ota/fault',
    handle: async ({ radio, params, body }) => {
      const ota = client(radio, params.ieee);
      ota.setFault(validate(faultSchema, await body()));
      return { body: ota.view() };
    },
  },
  {
    method: 'DELETE',
    path: '/devices/:ieee/ota/fault',
    handle: ({ radio, params }) => {
      const ota = client(radio, params.ieee);
      ota.setFault(undefined);
      return { body: ota.view() };
    },
  },
];
