import { EventEmitter } from 'node:events';
import { join } from 'node:path';
import { Controller, setLogger as setHerdsmanLogger, type Events, type Models } from 'zigbee-herdsman';
import { setLogger as setConvertersLogger, type Definition } from 'zigbee-herdsman-converters';
import type { Logger } from 'pino';
import { configureOnce, needsConfigure, readOnce } from './configure';
import { createConfigureCatchUp } from './configure-catch-up';
import { wrapRadioError } from './errors';
import { toZigbeeDevice } from './device-info';
import { toLibraryLogger } from './herdsman-logger';
import { loadNetworkParams, saveNetworkParams, type NetworkParams } from './network-params';
import { retireDriver } from './retire-driver';
import { RadioError } from './radio-error';
import { installDeconzKick } from './deconz-kick';
import { installDeconzStartupPace } from './deconz-startup-pace';
import { PanelMemory } from './ias-ace';
import { createOperations } from './operations';
import { createTouchlink } from './touchlink';
import { createImageSources } from './ota/image-sources';
import { createDeviceOta } from './ota/device-ota';
import { createNeighbourReader } from './neighbours';
import { createAddressSearch, interviewNow } from './address-search';
import { createInterviewPacing } from './interview-pacing';
import { releaseVendorModulesWhenIdle } from './vendor-modules';
import { fromZigbee, resolveDefinition, cachedDefinition, forgetDefinition } from './translate';
import { InterviewHold } from './interview-hold';
import { JoinHold } from './join-hold';
import type { ConverterState, RadioOptions, RadioStart, ZigbeeEventMap, ZigbeeRadio } from './types';

/** herdsman's coordinator type -> the deCONZ `devicename` clients know. */
const DEVICE_NAMES: Record<string, string> = {
  'ConBee/RaspBee': 'ConBee',
  'ConBee2/RaspBee2': 'ConBee II',
  ConBee3: 'ConBee III',
  ZStack3x0: 'Z-Stack 3.x (CC2652)',
  ZStack30x: 'Z-Stack 3.0.x',
  ZStack12: 'Z-Stack 1.2',
};

/**
 * The zigbee-herdsman Controller of this process, behind the narrow ZigbeeRadio interface. One runs
 * at a time: `suspend()` stops it (network down) and `resume()` starts a new one on the same
 * adapter, optionally on another channel or with a new network (retire-driver.ts says why that
 * needs care). herdsman leaves timers running after stop(), so the owner of this radio must exit
 * the process after `stop()` (see main.ts).
 */
export async function createZigbeeRadio(options: RadioOptions, logger: Logger): Promise<ZigbeeRadio> {
  const log = logger.child({ component: 'zigbee' });
  setHerdsmanLogger(toLibraryLogger(logger.child({ component: 'herdsman' })));
  setConvertersLogger(toLibraryLogger(logger.child({ component: 'converters' })));
  const loaded = await loadNetworkParams(options.dataDir, log);
  if (loaded.created) log.info({ panID: loaded.params.panID }, 'generated new network parameters');
  let params: NetworkParams = loaded.params;
  const channelOf = () => params.channel ?? options.channel;

  const newController = (): Controller =>
    new Controller({
      network: { panID: params.panID, extendedPanID: params.extendedPanID, networkKey: params.networkKey, channelList: [channelOf()] },
      transport: { path: options.path, adapter: options.adapter },
      databasePath: join(options.dataDir, 'database.db'),
      databaseBackupPath: join(options.dataDir, 'database.db.backup'),
      backupPath: join(options.dataDir, 'coordinator_backup.json'),
      adapter: { disableLED: false },
      acceptJoiningDeviceHandler: (ieee: string): Promise<boolean> => pacing.admit(controller, ieee),
    });
  let controller: Controller = newController();
  /** False while the network is down (rfconnected false, or between two Controllers). */
  let up = false;
  const current = (): Controller => {
    if (!up) throw new RadioError('the Zigbee network is down', 'offline');
    return controller;
  };

  const events = new EventEmitter();
  const emit = <K extends keyof ZigbeeEventMap>(event: K, payload: ZigbeeEventMap[K]) => events.emit(event, payload);
  const states = new Map<string, ConverterState>();
  const stateOf = (ieee: string): ConverterState => states.get(ieee) ?? {};
  const remember = (ieee: string, state: ConverterState) => states.set(ieee, { ...stateOf(ieee), ...state });
  const interviewing = new InterviewHold();
  const joining = new JoinHold();

  const coordinatorEndpoint = (): Models.Endpoint => current().getDevicesByType('Coordinator')[0].getEndpoint(1)!;

  // As zigbee2mqtt does: the definition's onEvent hooks add the custom clusters herdsman needs to
  // parse manufacturer commands (IKEA's arrow scene commands 0x07-0x09). herdsman keeps custom
  // clusters in memory only, so this runs at every start and after every interview.
  const notify = async (type: 'start' | 'deviceAnnounce', device: Models.Device, definition: Definition): Promise<void> => {
    await definition.onEvent?.({ type, data: { device, deviceExposesChanged: () => {}, state: stateOf(device.ieeeAddr), options: {} } });
  };

  /** The definition and its start hooks: in memory only, no frame to the device. */
  const load = async (device: Models.Device): Promise<Definition | undefined> => {
    const definition = await resolveDefinition(device);
    releaseVendorModulesWhenIdle((err) => log.warn({ err }, "the converters' vendor files stay loaded"));
    if (!definition) {
      log.warn(
        { ieee: device.ieeeAddr, modelId: device.modelID, manufacturer: device.manufacturerName },
        'no converter definition; device is listed but presents nothing',
      );
      return undefined;
    }
    await notify('start', device, definition);
    return definition;
  };

  const prepare = async (device: Models.Device): Promise<void> => {
    const definition = await load(device);
    if (definition) await configureOnce(device, coordinatorEndpoint(), definition, log);
  };

  // A configure that never succeeded is tried when the device is next heard, not at start.
  const catchUp = createConfigureCatchUp((ieee) =>
    pacing.run(ieee, async () => {
      const device = up ? controller.getDeviceByIeeeAddr(ieee) : undefined;
      const definition = cachedDefinition(ieee);
      if (!device || !definition) return true;
      log.info({ ieee, model: definition.model }, 'configuring a device not configured yet, now that it was heard');
      return configureOnce(device, coordinatorEndpoint(), definition, log);
    }),
  );

  /**
   * Battery and config read once (configure.ts readOnce), after the interview success is out so
   * the registry knows the sub-devices the answers feed; retried when a device announces itself
   * (a sleepy device is awake then) until every read got an answer.
   */
  const readInitial = (device: Models.Device) => {
    const definition = cachedDefinition(device.ieeeAddr);
    if (definition) guard('initial reads', () => readOnce(device, definition, log));
  };

  /** After a successful interview: definition, configure, then success is announced. */
  const interviewed = async (device: Models.Device): Promise<void> => {
    // Announce success only once the definition is known, so the description is complete.
    forgetDefinition(device.ieeeAddr);
    try {
      await prepare(device);
    } finally {
      emit('deviceInterview', { ieee: device.ieeeAddr, status: 'successful' });
      for (const { endpoint, state, bridgeKeys } of interviewing.release(device.ieeeAddr))
        emit('deviceState', { ieee: device.ieeeAddr, endpoint, state, ...(bridgeKeys.length > 0 ? { bridgeKeys } : {}) });
      const replayed = joining.release(device.ieeeAddr);
      if (replayed > 0) log.debug({ ieee: device.ieeeAddr, frames: replayed }, 'frames sent before the interview handled now');
    }
    // Right after its interview a sleepy device is still awake to answer.
    readInitial(device);
  };

  const pacing = createInterviewPacing(
    {
      controller: () => (up ? controller : undefined),
      started: (device) => emit('deviceInterview', { ieee: device.ieeeAddr, status: 'started' }),
      failedAgain: (device) => emit('deviceInterview', { ieee: device.ieeeAddr, status: 'failed' }),
      succeeded: interviewed,
      log,
    },
    options.interviewSlots,
  );

  const panels = new PanelMemory();

  const otaOptions = options.ota ?? { dir: join(options.dataDir, 'ota'), settings: { responseDelayMs: 250, requestTimeoutMs: 150_000, blockSize: 50 } };
  const ota = createDeviceOta({
    controller: current,
    sources: createImageSources({ dir: otaOptions.dir, index: otaOptions.index, dataDir: options.dataDir }, log.child({ feature: 'ota' })),
    settings: otaOptions.settings,
    extraMetas: (ieee) => {
      const meta = cachedDefinition(ieee)?.ota;
      return typeof meta === 'object' ? meta : {};
    },
    emit: (event, payload) => emit(event, payload as never),
    // The new image's build id and date code, as herdsman keeps them from the read response.
    updated: async (ieee) => {
      const basic = current()
        .getDeviceByIeeeAddr(ieee)
        ?.endpoints.find((ep) => ep.supportsInputCluster('genBasic'));
      if (basic) await basic.read('genBasic', ['swBuildId', 'dateCode']);
    },
    log: log.child({ feature: 'ota' }),
  });

  const onMessage = async (message: Events.MessagePayload): Promise<void> => {
    // A keypad asking for the panel status gets what the alarm system last showed on it.
    if (message.cluster === 'ssIasAce' && message.type === 'commandGetPanelStatus' && message.meta.zclTransactionSequenceNumber !== undefined) {
      panels
        .answer(message.endpoint, message.device.ieeeAddr, message.meta.zclTransactionSequenceNumber)
        .catch((err: unknown) => log.warn({ err, ieee: message.device.ieeeAddr }, 'panel status answer failed'));
    }
    const definition = cachedDefinition(message.device.ieeeAddr) ?? (await resolveDefinition(message.device));
    if (!definition) return;
    const ieee = message.device.ieeeAddr;
    const endpoint = message.endpoint.ID;
    // A groupcast from a device (a remote bound to a group): the members acted on it already.
    if (message.groupID && typeof message.cluster === 'string' && message.type.startsWith('command')) {
      const command = message.type.charAt(7).toLowerCase() + message.type.slice(8);
      emit('groupCommand', {
        ieee,
        endpoint,
        group: message.groupID,
        cluster: message.cluster,
        command,
        payload: { ...(message.data as Record<string, unknown>) },
      });
    }
    // What Zigbee2MQTT adds to every state message: the frame's link quality, when it was heard.
    const heard = { linkquality: message.linkquality, lastSeen: message.device.lastSeen };
    const later = (state: ConverterState) => {
      remember(ieee, state);
      interviewing.hold(ieee, endpoint, state);
      emit('deviceState', { ieee, endpoint, state, ...heard });
    };
    const added = new Set<string>();
    const state = await fromZigbee(definition, message, stateOf(ieee), later, added);
    if (Object.keys(state).length === 0) return;
    const bridgeKeys = [...added];
    remember(ieee, state);
    interviewing.hold(ieee, endpoint, state, bridgeKeys);
    emit('deviceState', { ieee, endpoint, state, ...heard, ...(bridgeKeys.length > 0 ? { bridgeKeys } : {}) });
  };

  const guard = (what: string, fn: () => Promise<void>) => {
    fn().catch((err: unknown) => log.error({ err }, `${what} failed`));
  };

  const wire = (c: Controller) => {
    c.on('message', (m) => {
      ota.onMessage(m);
      guard('message handling', () => onMessage(m));
    });
    c.on('lastSeenChanged', ({ device, reason }) => {
      catchUp.heard(device.ieeeAddr);
      if ((reason === 'messageEmitted' || reason === 'messageNonEmitted') && interviewNow(device, 'heard')) pacing.announced(device.ieeeAddr);
      emit('deviceSeen', { ieee: device.ieeeAddr, at: device.lastSeen ?? Date.now() });
    });
    c.on('deviceJoined', ({ device }) => emit('deviceJoined', { ieee: device.ieeeAddr }));
    // A device taken over without an address was found (address-search.ts).
    c.on('deviceNetworkAddressChanged', ({ device }) => {
      if (interviewNow(device, 'address')) pacing.announced(device.ieeeAddr);
    });
    c.on('deviceAnnounce', ({ device }) => {
      const definition = cachedDefinition(device.ieeeAddr);
      if (definition) guard('announce hook', () => notify('deviceAnnounce', device, definition));
      emit('deviceAnnounce', { ieee: device.ieeeAddr });
      pacing.announced(device.ieeeAddr);
      readInitial(device);
      catchUp.heard(device.ieeeAddr, true);
    });
    c.on('deviceLeave', ({ ieeeAddr }) => {
      pacing.forget(ieeeAddr);
      catchUp.forget(ieeeAddr);
      forgetDefinition(ieeeAddr);
      states.delete(ieeeAddr);
      interviewing.forget(ieeeAddr);
      joining.forget(ieeeAddr);
      emit('deviceLeave', { ieee: ieeeAddr });
    });
    c.on('deviceInterview', ({ device, status }) => {
      if (status === 'failed') pacing.failed(device.ieeeAddr);
      if (status === 'started') interviewing.start(device.ieeeAddr);
      if (status !== 'successful') {
        emit('deviceInterview', { ieee: device.ieeeAddr, status });
        return;
      }
      guard('configure', async () => {
        try {
          await interviewed(device);
        } finally {
          pacing.done(device.ieeeAddr);
        }
      });
    });
    c.on('permitJoinChanged', ({ permitted, time }) => emit('permitJoinChanged', { permitted, remaining: time ?? 0 }));
    c.on('adapterDisconnected', () => emit('adapterDisconnected', {}));
  };

  const operations = createOperations({
    controller: current,
    log,
    stateOf,
    remember,
    panels,
    dataDir: options.dataDir,
    forget: (ieee) => {
      forgetDefinition(ieee);
      states.delete(ieee);
    },
  });

  const search = createAddressSearch(log);
  /** Work that waits for the bridge to be ready: configures caught up, devices located. */
  const openBackground = () => {
    catchUp.open();
    // Taken over with its address but not all its descriptors: a router is awake, interview it now.
    for (const device of controller.getDevicesIterator((d) => interviewNow(d, 'address'))) pacing.announced(device.ieeeAddr);
    guard('address search', async () => void (await search.run(() => controller.getDevicesIterator())));
  };

  const startCurrent = async (): Promise<RadioStart> => {
    wire(controller);
    installDeconzStartupPace({ adapter: options.adapter, enabled: options.deconzFastPath, log });
    const result = await controller.start();
    joining.attach(controller, log);
    up = true;
    installDeconzKick(controller, { adapter: options.adapter, enabled: options.deconzFastPath, log });
    const version = await controller.getCoordinatorVersion();
    const network = await controller.getNetworkParameters();
    const coordinator = controller.getDevicesByType('Coordinator')[0];
    // herdsman's database says what each device is: no frame to any device before the bridge is up.
    for (const device of controller.getDevicesIterator((d) => d.type !== 'Coordinator' && d.interviewState === 'SUCCESSFUL')) {
      const definition = await load(device).catch(
        (err: unknown) => void log.error({ err, ieee: device.ieeeAddr }, 'loading the definition after restart failed'),
      );
      if (definition && needsConfigure(device, definition)) catchUp.add(device.ieeeAddr);
    }
    log.info({ result, coordinator: coordinator.ieeeAddr, type: version.type, channel: network.channel }, 'zigbee network started');
    return {
      result,
      coordinator: {
        ieee: coordinator.ieeeAddr,
        type: options.adapter,
        firmware: String(version.meta.revision ?? version.meta.version ?? 'unknown'),
        devicename: DEVICE_NAMES[version.type] ?? version.type,
      },
      network: { channel: network.channel, panid: network.panID, extpanid: String(network.extendedPanID).toLowerCase() },
    };
  };
  const suspend = async () => {
    if (!up) return;
    up = false;
    search.cancel();
    await controller.stop();
    const why = retireDriver(controller);
    if (why) log.warn(`the stopped adapter driver could not be retired (${why}); a restart in this process may misbehave`);
  };

  return {
    start: startCurrent,
    background: openBackground,
    state: stateOf,
    seedState: (ieee, state) => states.set(ieee, { ...state, ...stateOf(ieee) }),
    async stop() {
      await suspend();
    },
    suspend,
    async resume(change = {}) {
      await suspend();
      if (change.network) {
        params = { ...change.network, channel: change.channel ?? channelOf() };
        await saveNetworkParams(options.dataDir, params, log);
      } else if (change.channel !== undefined && change.channel !== channelOf()) {
        params = { ...params, channel: change.channel };
        await saveNetworkParams(options.dataDir, params, log);
      }
      controller = newController();
      const started = await startCurrent();
      openBackground();
      // A new network: devices of the old one are gone and must pair again.
      if (change.network) {
        for (const device of controller.getDevices()) if (device.type !== 'Coordinator') device.removeFromDatabase();
        for (const group of controller.getGroups()) group.removeFromDatabase();
        states.clear();
      }
      return started;
    },
    isUp: () => up,
    channel: channelOf,
    on(event, listener) {
      events.on(event, listener as (payload: unknown) => void);
    },
    devices: () => (up ? controller.getDevices() : []).filter((d) => d.type !== 'Coordinator').map((d) => toZigbeeDevice(d, cachedDefinition(d.ieeeAddr))),
    device: (ieee) => {
      const d = up ? controller.getDeviceByIeeeAddr(ieee) : undefined;
      return d && d.type !== 'Coordinator' ? toZigbeeDevice(d, cachedDefinition(ieee)) : undefined;
    },
    ...operations,
    touchlink: createTouchlink(() => controller, options.adapter, log),
    ota,
    neighbours: createNeighbourReader(current),
    async reconfigure(ieee) {
      const device = controller.getDeviceByIeeeAddr(ieee);
      if (!device || device.type === 'Coordinator') throw new RadioError(`device ${ieee} is not on this network`, 'unsupported');
      // Identity again: herdsman updates the device from the genBasic read response.
      const basic = device.endpoints.find((ep) => ep.supportsInputCluster('genBasic'));
      if (basic)
        await basic.read('genBasic', ['manufacturerName', 'modelId', 'swBuildId', 'dateCode', 'powerSource']).catch((err: unknown) => {
          throw wrapRadioError(`reload ${ieee}: read identity`, err);
        });
      forgetDefinition(ieee);
      const definition = await resolveDefinition(device);
      if (!definition) return false;
      // Binds and reporting applied again, not skipped for an earlier success.
      delete device.meta.herdgateConfigured;
      return configureOnce(device, coordinatorEndpoint(), definition, log);
    },
  };
}
