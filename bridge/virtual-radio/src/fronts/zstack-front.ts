/** The CC2652 Z-Stack 3.x front: NV memory + ZNP firmware (MT over UNPI). */
import type { Socket } from 'node:net';
import type { RadioState } from '../radio/state-file';
import { DeviceState } from '../zstack/firmware-state';
import { NvStore } from '../zstack/nv-store';
import { ZnpFirmware } from '../zstack/znp-firmware';
import { ZnpLink } from '../zstack/znp-link';
import type { FrontHooks, RadioFront } from './front';

export interface ZstackFront extends RadioFront {
  readonly protocol: 'zstack';
  readonly firmware: ZnpFirmware;
}

export function createZstackFront(saved: RadioState | undefined, mac: string, hooks: FrontHooks): ZstackFront {
  const nv = saved?.znp ? NvStore.restore(saved.znp, mac) : NvStore.blank(mac);
  const firmware = new ZnpFirmware({ nv, route: hooks.route, interPan: hooks.interPan, changed: hooks.changed, now: hooks.now, log: hooks.log });
  return {
    protocol: 'zstack',
    firmware,
    host: firmware,
    coordinator: firmware.coordinator,
    attach: (socket: Socket) => new ZnpLink(socket, firmware, hooks.log),
    rebooted: () => firmware.reboot(),
    networkUp: () => firmware.ram.deviceState === DeviceState.Coordinator,
    health: () => ({ deviceState: firmware.ram.deviceState, interPanChannel: firmware.ram.interPanChannel ?? null }),
    persist: () => ({ protocol: 'zstack', znp: nv.persist() }),
  };
}
