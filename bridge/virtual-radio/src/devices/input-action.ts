/**
 * The `input` action: someone presses or lets go of an input of a ubisys switch module (S1, S2, J1).
 * The device sends what its input actions say (device setup cluster 0xfc00, attribute inputActions):
 * each entry is `input, transition, source endpoint, cluster (u16 LE), command, payload…`, and the
 * transition's low nibble names the input's state before (bits 2-3) and after (bits 0-1): 0 any,
 * 1 pressed, 2 kept pressed, 3 released. A press is a change to pressed from released (or any), a
 * release a change to released from pressed (or any); the commands go out from the entry's source
 * endpoint to its bindings, else to the coordinator, like any switch's.
 */
import { isZclArray } from '../zcl/index';
import type { Action } from './action';
import type { DeviceHost } from './device-host';

const C = 'manuSpecificUbisysDeviceSetup';
const ANY = 0;
const PRESSED = 1;
const RELEASED = 3;
/** Each kind: the state after, and the states before it may come from. */
const KINDS = { press: { after: PRESSED, from: [ANY, RELEASED] }, release: { after: RELEASED, from: [ANY, PRESSED] } } as const;
type Kind = keyof typeof KINDS;

const entriesOf = (host: DeviceHost, ep: number): number[][] => {
  const actions = host.get(ep, C, 'inputActions');
  return isZclArray(actions) ? actions.elements.filter((e): e is number[] => Array.isArray(e) && e.length >= 6) : [];
};

export function inputAction(host: DeviceHost): Action | undefined {
  const ep = host.entry.endpoints.find((e) => host.get(e.id, C, 'inputActions') !== undefined)?.id;
  if (ep === undefined) return undefined;
  return {
    name: 'input',
    description: 'press or let go of an input of a switch module; it sends what its input actions say',
    params: { input: 'input number from 0', kind: Object.keys(KINDS).join('|') },
    run: (h, params) => {
      const input = params.input ?? 0;
      const kind = params.kind ?? 'press';
      if (typeof input !== 'number' || !Number.isInteger(input) || input < 0) return { ok: false, error: 'input: must be an input number from 0' };
      if (typeof kind !== 'string' || !Object.hasOwn(KINDS, kind)) return { ok: false, error: `kind: must be ${Object.keys(KINDS).join(' or ')}` };
      const { after, from } = KINDS[kind as Kind];
      const sent = entriesOf(h, ep).filter(
        ([inputByte, transition]) =>
          (inputByte! & 0x0f) === input && (transition! & 0x03) === after && (from as readonly number[]).includes((transition! >> 2) & 0x03),
      );
      for (const [, , source, low, high, command, ...payload] of sent) {
        const cluster = low! | (high! << 8);
        const header = { clusterSpecific: true, direction: 'toServer' as const, disableDefaultResponse: true, commandId: command! };
        h.emit(source!, cluster, header, Uint8Array.from(payload), h.commandDestinations(source!, cluster));
      }
      return { ok: true, detail: { frames: sent.length } };
    },
  };
}
