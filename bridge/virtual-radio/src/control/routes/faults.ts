/**
 * Fault injection: drop, delay, no-ack (per device or all), the EmberZNet front's link faults
 * (ash-nak, ash-lose, ncp-stuck, ncp-reset), radio reboot, and a simulated firmware update.
 */
import * as v from 'valibot';
import { ControlError, ieeeSchema, validate } from '../http';
import type { Route } from '../router';
import { LINK_FAULT_KINDS } from '../../ember/link-faults';
import type { EmberFront } from '../../fronts/ember-front';

const isLinkFault = (input: unknown): boolean =>
  typeof input === 'object' && input !== null && (LINK_FAULT_KINDS as readonly unknown[]).includes((input as { kind?: unknown }).kind);

const count = v.pipe(v.number(), v.integer(), v.minValue(1));
const linkFaultSchema = v.variant('kind', [
  v.strictObject({ kind: v.literal('ash-nak'), frames: count }),
  v.strictObject({ kind: v.literal('ash-lose'), frames: count }),
  v.strictObject({ kind: v.literal('ncp-stuck'), durationMs: v.pipe(count, v.maxValue(120_000)) }),
  // Watchdog by default; 0x0B (software) is what the host expects after its own RST only.
  v.strictObject({ kind: v.literal('ncp-reset'), reason: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(255)), 0x03) }),
]);

const faultSchema = v.variant('kind', [
  v.strictObject({ kind: v.literal('drop'), ieee: v.optional(ieeeSchema), frames: v.optional(count), durationMs: v.optional(count) }),
  v.strictObject({
    kind: v.literal('delay'),
    ieee: v.optional(ieeeSchema),
    ms: v.pipe(v.number(), v.minValue(0), v.maxValue(60_000)),
    durationMs: v.optional(count),
  }),
  v.strictObject({ kind: v.literal('no-ack'), ieee: v.optional(ieeeSchema), durationMs: v.optional(count) }),
]);

const rebootSchema = v.strictObject({ downMs: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(60_000)), 500) });

export const faultRoutes: Route[] = [
  { method: 'GET', path: '/faults', handle: ({ radio }) => ({ body: radio.faults.list() }) },
  {
    method: 'POST',
    path: '/faults',
    handle: async ({ radio, body }) => {
      const input = await body();
      if (isLinkFault(input)) {
        const link = validate(linkFaultSchema, input);
        if (radio.front.protocol !== 'ember')
          throw new ControlError(409, `${link.kind} is a fault of the EmberZNet front's serial link; this radio is ${radio.protocol}`);
        return { status: 201, body: (radio.front as EmberFront).linkFault(link) };
      }
      const spec = validate(faultSchema, input);
      if (spec.ieee && !radio.registry.get(spec.ieee)) throw new ControlError(404, `no joined device ${spec.ieee}`);
      return { status: 201, body: radio.faults.add(spec) };
    },
  },
  {
    method: 'DELETE',
    path: '/faults/:id',
    handle: ({ radio, params }) => {
      if (!radio.faults.remove(Number(params.id))) throw new ControlError(404, `no fault ${params.id}`);
      return { body: { removed: Number(params.id) } };
    },
  },
  {
    method: 'DELETE',
    path: '/faults',
    handle: ({ radio }) => {
      radio.faults.clear();
      if (radio.front.protocol === 'ember') (radio.front as EmberFront).linkFaults.clear();
      return { body: { cleared: true } };
    },
  },
  {
    method: 'POST',
    path: '/radio/reboot',
    handle: async ({ radio, body }) => {
      const { downMs } = validate(rebootSchema, await body());
      radio.reboot(downMs);
      return { body: { rebooting: true, downMs } };
    },
  },
  {
    // A simulated firmware update: the host connection drops, the version advances, the network resumes.
    method: 'POST',
    path: '/radio/firmware',
    handle: async ({ radio, body }) => {
      const { downMs } = validate(rebootSchema, await body());
      const flashed = radio.flashFirmware(downMs);
      if (!flashed) throw new ControlError(409, `the ${radio.protocol} front has no simulated firmware update`);
      return { body: { flashing: true, from: hex32(flashed.from), to: hex32(flashed.to), downMs } };
    },
  },
];

const hex32 = (n: number) => `0x${n.toString(16).padStart(8, '0')}`;
