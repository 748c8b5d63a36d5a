/** Devices: list, add to the pool or pre-join, inspect, remove, take offline and back, act. */
import { randomBytes } from 'node:crypto';
import * as v from 'valibot';
import type { JoinedDevice } from '../../network/registry';
import type { VirtualRadio } from '../../virtual-radio';
import { ControlError, ieeeSchema, validate } from '../http';
import type { Route } from '../router';

const addSchema = v.strictObject({
  model: v.string(),
  ieee: v.optional(ieeeSchema),
  join: v.optional(v.picklist(['pool', 'now']), 'pool'),
});

export function describeJoined(entry: JoinedDevice) {
  const id = entry.device.identity;
  return {
    ieee: id.ieee,
    nwk: id.nwk,
    model: id.model,
    logicalType: id.logicalType,
    online: entry.online,
    parent: entry.parent,
    lqi: entry.lqi,
    ...(entry.channel === undefined ? {} : { strandedOn: entry.channel }),
  };
}

function joined(radio: VirtualRadio, raw: string): JoinedDevice {
  const ieee = validate(ieeeSchema, raw);
  const entry = radio.registry.get(ieee);
  if (!entry) throw new ControlError(404, `no joined device ${ieee}`);
  return entry;
}

export const deviceRoutes: Route[] = [
  {
    method: 'GET',
    path: '/devices',
    handle: ({ radio }) => ({ body: { joined: radio.registry.all().map(describeJoined), pool: radio.registry.pool(), joinOpen: radio.membership.joinOpen } }),
  },
  {
    method: 'POST',
    path: '/devices',
    handle: async ({ radio, body }) => {
      const input = validate(addSchema, await body());
      if (!radio.factory.models().includes(input.model)) throw new ControlError(400, `model: unknown model "${input.model}"`);
      const ieee = input.ieee ?? `00124b00${randomBytes(4).toString('hex')}`;
      if (radio.registry.knows(ieee)) throw new ControlError(409, `device ${ieee} already exists`);
      if (input.join === 'now') {
        const device = radio.membership.join({ ieee, model: input.model });
        return { status: 201, body: describeJoined(radio.registry.get(device.identity.ieee)!) };
      }
      radio.membership.addToPool({ ieee, model: input.model });
      return { status: 201, body: { ieee, model: input.model, pooled: true } };
    },
  },
  {
    method: 'GET',
    path: '/devices/:ieee',
    handle: ({ radio, params }) => {
      const entry = joined(radio, params.ieee);
      const ota = entry.device.ota?.();
      return { body: { ...describeJoined(entry), ...(ota ? { ota: ota.view() } : {}), state: entry.device.inspect() } };
    },
  },
  {
    method: 'DELETE',
    path: '/devices/:ieee',
    handle: ({ radio, params }) => {
      const ieee = validate(ieeeSchema, params.ieee);
      if (!radio.membership.remove(ieee)) throw new ControlError(404, `no device ${ieee}`);
      return { body: { removed: ieee } };
    },
  },
  {
    method: 'POST',
    path: '/devices/:ieee/offline',
    handle: ({ radio, params }) => ({ body: describeJoined(radio.membership.setOnline(joined(radio, params.ieee).device.identity.ieee, false)!) }),
  },
  {
    method: 'POST',
    path: '/devices/:ieee/online',
    handle: ({ radio, params }) => ({ body: describeJoined(radio.membership.setOnline(joined(radio, params.ieee).device.identity.ieee, true)!) }),
  },
  {
    method: 'GET',
    path: '/devices/:ieee/actions',
    handle: ({ radio, params }) => ({ body: joined(radio, params.ieee).device.actions() }),
  },
  {
    method: 'POST',
    path: '/devices/:ieee/actions/:name',
    handle: async ({ radio, params, body }) => {
      const entry = joined(radio, params.ieee);
      const input = validate(v.record(v.string(), v.unknown()), await body());
      if (!entry.device.actions().some((a) => a.name === params.name))
        throw new ControlError(404, `device ${entry.device.identity.ieee} has no action "${params.name}"`);
      const result = entry.device.act(params.name, input);
      if (!result.ok) throw new ControlError(400, result.error);
      return { body: result };
    },
  },
];
