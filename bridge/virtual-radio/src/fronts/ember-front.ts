/** The EmberZNet front (Silicon Labs EFR32 NCP): tokens + the EZSP NCP, over ASH. */
import type { Socket } from 'node:net';
import { AshLink } from '../ember/ash-link';
import { EmberNcp } from '../ember/ember-ncp';
import { LinkFaults } from '../ember/link-faults';
import type { LinkFaultSpec } from '../ember/link-faults';
import { blankTokens } from '../ember/ncp-state';
import type { RadioState } from '../radio/state-file';
import type { FrontHooks, RadioFront } from './front';

export interface EmberFront extends RadioFront {
  readonly protocol: 'ember';
  readonly ncp: EmberNcp;
  /** The host's ASH session, while one is connected. */
  link(): AshLink | undefined;
  readonly linkFaults: LinkFaults;
  /** Applies a serial-link fault (control API `POST /faults`). */
  linkFault(spec: LinkFaultSpec): Record<string, unknown>;
}

export function createEmberFront(
  saved: RadioState | undefined,
  mac: string,
  hooks: FrontHooks & { ieeeOf(nwk: number): string | undefined; parentOf(nwk: number): number | undefined; endDeviceType(nwk: number): number | undefined },
): EmberFront {
  const tokens = saved?.ember ?? blankTokens(mac);
  const ncp = new EmberNcp({
    tokens,
    route: hooks.route,
    interPan: hooks.interPan,
    changed: hooks.changed,
    ieeeOf: hooks.ieeeOf,
    parentOf: hooks.parentOf,
    endDeviceType: hooks.endDeviceType,
    now: hooks.now,
    log: hooks.log,
  });
  let current: AshLink | undefined;
  const linkFaults = new LinkFaults(hooks.now);
  const resetByNcp = (reason: number) => {
    ncp.reset();
    current?.resetByNcp(reason);
  };
  return {
    protocol: 'ember',
    ncp,
    host: ncp,
    coordinator: ncp.coordinator,
    link: () => current,
    linkFaults,
    linkFault: (spec) => {
      if (spec.kind === 'ash-nak') linkFaults.nak += spec.frames;
      else if (spec.kind === 'ash-lose') linkFaults.lose += spec.frames;
      else if (spec.kind === 'ncp-stuck') linkFaults.setStuck(spec.durationMs);
      else resetByNcp(spec.reason);
      hooks.log('link-fault', { ...spec });
      return { ...spec, pending: linkFaults.describe() };
    },
    attach: (socket: Socket) => {
      const link = new AshLink(socket, { received: (frame) => ncp.handle(frame), reset: () => ncp.reset() }, hooks.log, linkFaults);
      current = link;
      ncp.send = (frame) => link.send(frame);
      ncp.reboot = () => resetByNcp(0x0b);
      socket.on('close', () => {
        if (current === link) current = undefined;
      });
      return link;
    },
    rebooted: () => ncp.reset(),
    networkUp: () => ncp.ram.networkUp,
    health: () => ({
      networkUp: ncp.ram.networkUp,
      ezsp: ncp.ram.protocol ?? null,
      interPanChannel: ncp.ram.interPanChannel ?? null,
      linkFaults: linkFaults.describe(),
    }),
    persist: () => ({ protocol: 'ember', ember: tokens }),
  };
}
