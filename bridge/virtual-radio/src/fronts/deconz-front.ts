/** The ConBee II front: parameter store + radio core (deCONZ serial protocol over SLIP). */
import type { Socket } from 'node:net';
import { NetworkState, Param } from '../protocol/index';
import { HostLink } from '../radio/host-link';
import { ParameterStore } from '../radio/parameter-store';
import { RadioCore } from '../radio/radio-core';
import type { RadioState } from '../radio/state-file';
import type { FrontHooks, RadioFront } from './front';

export interface DeconzFront extends RadioFront {
  readonly protocol: 'deconz';
  readonly core: RadioCore;
  readonly params: ParameterStore;
}

export function createDeconzFront(saved: RadioState | undefined, mac: string, hooks: FrontHooks): DeconzFront {
  const params = saved?.parameters ? ParameterStore.restore(saved.parameters) : ParameterStore.fresh(mac);
  const core = new RadioCore({
    params,
    networkState: saved?.parameters ? (saved.networkState ?? NetworkState.Offline) : NetworkState.Offline,
    firmware: saved?.parameters ? saved.firmware : undefined,
    route: hooks.route,
    changed: hooks.changed,
    permitJoin: hooks.permitJoin,
    log: hooks.log,
  });
  return {
    protocol: 'deconz',
    core,
    params,
    host: core,
    coordinator: {
      ieee: () => params.macAddress(),
      extendedPanId: () => params.extendedPanId(),
      endpoints: () => params.endpoints(),
      channel: () => params.number(Param.CurrentChannel),
      panId: () => params.number(Param.NwkPanId),
    },
    attach: (socket: Socket) => new HostLink(socket, core, hooks.log),
    rebooted: () => core.clearQueues(),
    networkUp: () => core.networkState === NetworkState.Connected,
    health: () => ({ networkState: core.networkState, firmware: `0x${core.firmware.toString(16).padStart(8, '0')}`, pending: core.pending() }),
    persist: () => ({ protocol: 'deconz', networkState: core.networkState, firmware: core.firmware, parameters: params.persist() }),
  };
}
