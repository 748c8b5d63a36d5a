/**
 * Composes the virtual radio: a protocol front (deCONZ or Z-Stack), the TCP server, the simulated
 * network with touchlink, and the state file. `startVirtualRadio` is the one entry point (main.ts,
 * tests and benchmarks use it).
 */
import { randomBytes } from 'node:crypto';
import { createDeconzFront } from './fronts/deconz-front';
import type { DeconzFront } from './fronts/deconz-front';
import type { FrontHooks, RadioFront, RadioProtocol } from './fronts/front';
import { createZstackFront } from './fronts/zstack-front';
import { createEmberFront } from './fronts/ember-front';
import type { EmberFront } from './fronts/ember-front';
import { realClock } from './network/clock';
import type { Clock } from './network/clock';
import { FrameCounters } from './network/counters';
import { FaultTable } from './network/faults';
import { Membership } from './network/membership';
import { SimNetwork } from './network/network';
import { linkKeyOfInstallCode } from './network/install-code';
import { DeviceRegistry, type PooledDevice } from './network/registry';
import { timingProfiles } from './network/timing';
import type { Timing } from './network/timing';
import { TouchlinkResponder } from './network/touchlink';
import type { DeviceFactory, OtaPacingName } from './network/types';
import type { NetworkDefinition } from './network-definition';
import type { ParameterStore } from './radio/parameter-store';
import type { RadioCore } from './radio/radio-core';
import { StateFile } from './radio/state-file';
import type { RadioState } from './radio/state-file';
import { RadioServer } from './radio/tcp-server';

export type RadioLog = (event: string, detail?: Record<string, unknown>) => void;

export interface VirtualRadioOptions {
  factory: DeviceFactory;
  /** Serial protocol on the TCP port (default deconz). */
  protocol?: RadioProtocol;
  /** TCP port for the host; 0 = ephemeral. */
  port?: number;
  statePath?: string;
  /** Devices for a fresh radio (ignored when the state file already exists). */
  network?: NetworkDefinition;
  /** Coordinator MAC for a fresh radio; random otherwise. */
  mac?: string;
  /**
   * A new stick next to the same network: the saved coordinator (its parameters or NV, its IEEE) is
   * dropped and a blank one with a fresh IEEE takes its place; the devices stay joined as they were.
   */
  newStick?: boolean;
  timing?: Timing;
  /** How fast devices download firmware: `realistic` (default) or `fast` (tests). */
  otaPacing?: OtaPacingName;
  clock?: Clock;
  log?: RadioLog;
}

export interface VirtualRadio {
  readonly port: number;
  readonly protocol: RadioProtocol;
  readonly front: RadioFront;
  readonly registry: DeviceRegistry;
  readonly membership: Membership;
  readonly faults: FaultTable;
  readonly counters: FrameCounters;
  readonly factory: DeviceFactory;
  readonly touchlink: TouchlinkResponder;
  /** The deCONZ front's firmware and parameters (undefined on the Z-Stack front). */
  readonly core?: RadioCore;
  readonly params?: ParameterStore;
  hostConnected(): boolean;
  /** OTA download pacing of every device (devices/ota/pacing.ts). */
  readonly otaPacing: OtaPacingName;
  setOtaPacing(pacing: OtaPacingName): void;
  reboot(downMs: number): void;
  /**
   * Simulated firmware update (deCONZ front): the next version (platform byte kept), then a reboot.
   * Returns the versions, or undefined on a front that has none (Z-Stack).
   */
  flashFirmware(downMs: number): { from: number; to: number } | undefined;
  /** Writes the state file now. */
  flush(): void;
  stop(): Promise<void>;
}

/**
 * A fresh coordinator IEEE in the range ConBee II sticks ship with (`00:21:2e:ff:ff:xx:xx:xx`):
 * deCONZ clients take the gateway's `bridgeid` from it and some check that prefix.
 */
export function conbeeMac(): string {
  return `00212effff${randomBytes(3).toString('hex')}`;
}

export async function startVirtualRadio(options: VirtualRadioOptions): Promise<VirtualRadio> {
  const log: RadioLog = options.log ?? (() => {});
  const clock = options.clock ?? realClock;
  const timing = options.timing ?? timingProfiles.fast;
  const protocol = options.protocol ?? 'deconz';
  const registry = new DeviceRegistry();
  const counters = new FrameCounters();
  const faults = new FaultTable(() => clock.now());
  let collect: () => RadioState = () => {
    throw new Error('radio state read before the radio was built');
  };
  const state = new StateFile(
    options.statePath,
    () => collect(),
    undefined,
    (info) => log('state-file-recovered', { ...info }),
  );
  const changed = () => state.schedule();

  const saved = state.load();
  const ownState = saved && !options.newStick && (saved.protocol ?? 'deconz') === protocol ? saved : undefined;
  const mac = options.mac ?? freshMac(protocol);
  // Devices whose refusal was logged already (a refused device retries every half second).
  const refused = new Set<string>();
  let otaPacing: OtaPacingName = options.otaPacing ?? 'realistic';
  let network: SimNetwork | undefined;
  let touchlink: TouchlinkResponder | undefined;
  const hooks: FrontHooks = {
    route: (request) => network!.handleRequest(request),
    interPan: (request) => touchlink!.handle(request),
    permitJoin: (seconds) => membership.permitJoin(seconds),
    changed,
    now: () => clock.now(),
    log,
  };
  const front: RadioFront = createFront(protocol, ownState, mac, {
    ...hooks,
    ieeeOf: (nwk) => registry.byAddress(nwk)?.device.identity.ieee,
    parentOf: (nwk) => registry.byAddress(nwk)?.parent,
    endDeviceType: (nwk) => endDeviceType(registry, nwk),
  });
  const { coordinator, host } = front;

  const membership = new Membership({
    registry,
    factory: options.factory,
    host,
    clock,
    timing,
    coordinatorIeee: coordinator.ieee,
    admits: (entry) => admitsByInstallCode(options.factory, linkKeyOf(front), entry, log, refused),
    emit: (ieee, frame) => network!.emit(ieee, frame),
    changed,
    otaPacing: () => otaPacing,
    otaServer: () => otaServerEndpoint(coordinator.endpoints()),
  });
  network = new SimNetwork({
    registry,
    host,
    coordinator,
    counters,
    faults,
    clock,
    timing,
    permitJoin: (s) => membership.permitJoin(s),
    leave: (ieee) => membership.remove(ieee),
    rejoin: (ieee) => membership.rejoin(ieee),
    networkUp: () => front.networkUp(),
    log,
  });
  touchlink = new TouchlinkResponder({ registry, membership, factory: options.factory, coordinator, host, clock, timing, log });

  collect = (): RadioState => ({ version: 1, ...front.persist(), network: membership.persist() });
  if (saved) membership.restore(saved.network);
  else seedNetwork(membership, options.network);
  state.flush();

  const server = new RadioServer(front, log);
  const port = await server.listen(options.port ?? 0);
  log('listening', {
    port,
    protocol,
    devices: registry.size,
    pool: registry.pool().length,
    resumed: Boolean(ownState),
    ...(options.newStick ? { newStick: coordinator.ieee() } : {}),
  });

  const deconz = front.protocol === 'deconz' ? (front as DeconzFront) : undefined;
  return {
    port,
    protocol,
    front,
    registry,
    membership,
    faults,
    counters,
    touchlink,
    factory: options.factory,
    core: deconz?.core,
    params: deconz?.params,
    hostConnected: () => server.hostConnected,
    get otaPacing() {
      return otaPacing;
    },
    setOtaPacing: (pacing) => {
      otaPacing = pacing;
      for (const entry of registry.all()) entry.device.ota?.()?.repace();
      log('ota-pacing', { pacing });
    },
    reboot: (downMs) => {
      state.flush();
      server.reboot(downMs);
    },
    flashFirmware: (downMs) => {
      if (!deconz) return undefined;
      const from = deconz.core.firmware;
      // 0x26780700 -> 0x26790700: the version word is the upper 16 bits, the platform the low byte.
      deconz.core.firmware = (from + 0x10000) >>> 0;
      log('firmware-update', { from, to: deconz.core.firmware });
      state.flush();
      server.reboot(downMs);
      return { from, to: deconz.core.firmware };
    },
    flush: () => state.flush(),
    stop: async () => {
      membership.stopAll();
      state.flush();
      await server.close();
    },
  };
}

/** The coordinator endpoint whose descriptor lists the OTA cluster (0x0019) as a server cluster. */
function otaServerEndpoint(descriptors: Map<number, Uint8Array>): number | undefined {
  for (const [endpoint, d] of descriptors) {
    // endpoint u8, profile u16, device u16, version u8, in count u8, in clusters u16…
    const count = d[6] ?? 0;
    for (let i = 0; i < count; i++) if ((d[7 + 2 * i] | (d[8 + 2 * i] << 8)) === 0x0019) return endpoint;
  }
  return undefined;
}

/** EmberNodeType of an end device (3 rx-on when idle, 4 sleepy), undefined for a router or an unknown address. */
function endDeviceType(registry: DeviceRegistry, nwk: number): number | undefined {
  const identity = registry.byAddress(nwk)?.device.identity;
  if (identity?.logicalType !== 'end-device') return undefined;
  return identity.rxOnWhenIdle ? 3 : 4;
}

/**
 * Link keys the host gave the coordinator, per device: deCONZ's link-key parameter, EmberZNet's
 * transient key (install codes) or key table. The Z-Stack front does not keep them yet.
 */
function linkKeyOf(front: RadioFront): (ieee: string) => Uint8Array | undefined {
  if (front.protocol === 'ember') return (ieee) => (front as EmberFront).ncp.linkKey(ieee);
  const params = front.protocol === 'deconz' ? (front as DeconzFront).params : undefined;
  return (ieee) => params?.linkKey(ieee);
}

/** A model with an install code joins only once the host wrote the link key derived from it. */
function admitsByInstallCode(
  factory: DeviceFactory,
  linkKey: (ieee: string) => Uint8Array | undefined,
  entry: PooledDevice,
  log: RadioLog,
  refusedOnce: Set<string>,
): boolean {
  const code = factory.installCode?.(entry.model);
  if (code === undefined) return true;
  const given = linkKey(entry.ieee);
  const admitted = given !== undefined && Buffer.from(given).equals(linkKeyOfInstallCode(code));
  if (!admitted && !refusedOnce.has(entry.ieee))
    log('join-refused', { ieee: entry.ieee, reason: given ? 'link key does not match the install code' : 'no link key for this device' });
  if (!admitted) refusedOnce.add(entry.ieee);
  return admitted;
}

type EmberHooks = Parameters<typeof createEmberFront>[2];

function createFront(protocol: RadioProtocol, saved: RadioState | undefined, mac: string, hooks: EmberHooks): RadioFront {
  if (protocol === 'zstack') return createZstackFront(saved, mac, hooks);
  if (protocol === 'ember') return createEmberFront(saved, mac, hooks);
  return createDeconzFront(saved, mac, hooks);
}

/** ConBee II sticks ship in 00:21:2e:ff:ff:…, TI CC2652 ones in 00:12:4b:00:…, Silicon Labs ones in 00:0d:6f:… */
function freshMac(protocol: RadioProtocol): string {
  if (protocol === 'zstack') return `00124b00${randomBytes(4).toString('hex')}`;
  if (protocol === 'ember') return `000d6f00${randomBytes(4).toString('hex')}`;
  return conbeeMac();
}

function seedNetwork(membership: Membership, definition: NetworkDefinition | undefined): void {
  for (const entry of definition?.devices ?? []) {
    const settings = entry.settings ? { settings: entry.settings } : {};
    if (entry.join === 'joined') membership.join({ ieee: entry.ieee, model: entry.model, distance: entry.distance, ...settings });
    else membership.addToPool({ ieee: entry.ieee, model: entry.model, distance: entry.distance, searching: entry.join !== 'idle', ...settings });
  }
}
