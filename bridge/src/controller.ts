import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from 'pino';
import type { BridgeInfo, TopicContext } from '@herdgate/shared/mqtt';
import { topics, z2mTopics } from '@herdgate/shared/mqtt';
import { startBroker, BRIDGE_CLIENT_ID_PREFIX, type BrokerHandle } from './broker/index';
import { createBus } from '@herdgate/shared/bus';
import { createCommandQueue } from './commands/index';
import type { BridgeConfig } from './config';
import { createDeviceRegistry } from './devices/registry';
import { loadNameStore } from './devices/names';
import { loadForgottenDevices } from './devices/forgotten';
import { deconzMapping } from './devices/deconz-mapping';
import type { BridgeEventMap } from './events';
import { availability } from './features/availability';
import { deviceSync } from './features/device-sync';
import { initialState } from './features/initial-state';
import { groupSync } from './features/group-sync';
import { DEFAULT_LIGHT_LASTSEEN_S, lightLastSeen } from './features/light-lastseen';
import { mqttCommands } from './features/mqtt-commands';
import { mqttPublisher } from './features/mqtt-publisher';
import { z2mApi } from './features/z2m/index';
import { otaUpdates } from './features/ota/index';
import { createOtaTracker } from './features/ota/tracker';
import { permitJoin } from './features/permit-join';
import type { Feature, FeatureDeps } from './features/types';
import { logRelay } from './features/log-relay';
import type { LogRing } from '@herdgate/shared/log';
import { KeypadSeal } from './features/keypad-seal';
import type { NetworkStatus } from './features/network-status';
import { PermitWindow } from './features/permit-window';
import { virtualRadioFirmware } from './virtual-radio-firmware';
import { embeddedLink } from './mqtt/embedded-link';
import { connectMqtt, type MqttLink } from './mqtt/link';
import { startRadioChild, type RadioChild } from './radio-child';
import { VERSIONS } from './versions';
import type { ZigbeeRadio } from './zigbee/index';
import { recoverDataDir } from '@herdgate/shared/node';

/**
 * Composes the bridge: virtual radio child (when no adapter is configured), embedded broker (when
 * no MQTT_URL), then the part that runs on the data folder: the zigbee radio, the MQTT link and the
 * features. `stop()` undoes it in reverse. After a restore the second part restarts in place
 * (`FeatureDeps.restart`) on the new files; the bridge id follows the coordinator it comes back on.
 * The caller must exit the process after stop() (herdsman leaves timers behind).
 */
export interface RunningBridge {
  bridgeId: string;
  mqttUrl: string;
  /** The embedded broker's TLS listeners, when configured. */
  tlsUrls: { mqtts?: string; wss?: string };
  /** The embedded broker's MQTT-over-WebSocket listener (MQTT_WS_PORT), when it has one. */
  wsUrl?: string;
  radioControlUrl?: string;
  info(): BridgeInfo;
  stop(): Promise<void>;
}

/**
 * `parts.radio`: a radio already made (a test's fake behind the same interface) instead of
 * herdsman's; no virtual radio child is started then.
 */
export interface BridgeParts {
  radio?: ZigbeeRadio;
  /** Where the root logger keeps its warnings and errors; relayed on `bridge/<id>/log`. */
  logs?: LogRing;
}

type Cleanups = Array<() => Promise<void> | void>;

const runCleanups = async (cleanups: Cleanups, logger: Logger) => {
  for (const cleanup of cleanups.splice(0).reverse()) {
    await Promise.resolve()
      .then(cleanup)
      .catch((err: unknown) => logger.error({ err }, 'shutdown step failed'));
  }
};

/** The part of a running bridge that a restart replaces. */
interface DataPart {
  bridgeId: string;
  info(): BridgeInfo;
  stop(): Promise<void>;
}

export async function startBridge(config: BridgeConfig, logger: Logger, onFatal: (reason: string) => void, parts: BridgeParts = {}): Promise<RunningBridge> {
  const cleanups: Cleanups = [];
  let current: DataPart | undefined;
  let restarting: Promise<void> | undefined;
  const stop = async () => {
    await restarting;
    await current?.stop();
    await runCleanups(cleanups, logger);
  };
  try {
    const recovered = await recoverDataDir(config.dataDir);
    if (recovered !== 'none') logger.warn({ dataDir: config.dataDir, recovered }, `an interrupted data replacement was ${recovered}`);
    let child: RadioChild | undefined;
    if (!config.zigbee.adapter && !parts.radio) {
      child = await startRadioChild(
        { network: config.zigbee.virtualRadioNetwork, statePath: join(config.dataDir, 'virtual-radio.json'), protocol: config.zigbee.radioProtocol },
        logger,
      );
      cleanups.push(() => child!.stop());
    }
    let broker: BrokerHandle | undefined;
    if (!config.mqtt.url) {
      const { host, port, wsPort, user, password, baseTopic, allowAnonymous, accounts, tls, limits } = config.mqtt;
      const users = [...(user && password ? [{ username: user, password, role: 'api' as const }] : []), ...accounts];
      const certificate = tls ? { cert: await readFile(tls.cert), key: await readFile(tls.key) } : undefined;
      broker = await startBroker({
        host,
        port,
        wsPort,
        baseTopic,
        z2mBaseTopic: config.z2m.enabled ? config.z2m.baseTopic : undefined,
        users,
        allowAnonymous,
        limits,
        logger,
        tlsHost: tls?.host,
        tlsPort: tls?.port,
        wssPort: tls?.wssPort,
        tls: certificate,
      });
      cleanups.push(() => broker!.close());
    }
    const mqttUrl = config.mqtt.url ?? `mqtt://127.0.0.1:${broker!.port}`;
    const outer: OuterParts = { config, logger, onFatal, parts, child, broker, mqttUrl };
    const restart = (reason: string) => {
      if (restarting) return;
      restarting = (async () => {
        // After the current answer went out: this runs once the request handler has returned.
        await new Promise((resolve) => setImmediate(resolve));
        logger.info({ reason }, 'bridge restarting on its data folder');
        await current?.stop();
        current = undefined;
        current = await startDataPart(outer, restart);
        logger.info({ reason, bridgeId: current.bridgeId }, 'bridge restarted');
      })()
        .catch((err: unknown) => {
          logger.error({ err }, 'the bridge could not start again');
          onFatal(`restart after ${reason} failed`);
        })
        .finally(() => {
          restarting = undefined;
        });
    };
    current = await startDataPart(outer, restart);
    const tlsHost = config.mqtt.tls?.host ?? config.mqtt.host;
    const tlsUrls = {
      mqtts: broker?.tlsPort === undefined ? undefined : `mqtts://${tlsHost}:${broker.tlsPort}`,
      wss: broker?.wssPort === undefined ? undefined : `wss://${tlsHost}:${broker.wssPort}`,
    };
    const wsUrl = broker?.wsPort === undefined ? undefined : `ws://${config.mqtt.host === '0.0.0.0' ? '127.0.0.1' : config.mqtt.host}:${broker.wsPort}`;
    const running: DataPart = current;
    return {
      get bridgeId() {
        return (current ?? running).bridgeId;
      },
      mqttUrl,
      tlsUrls,
      wsUrl,
      radioControlUrl: child?.controlUrl,
      info: () => (current ?? running).info(),
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

interface OuterParts {
  config: BridgeConfig;
  logger: Logger;
  onFatal: (reason: string) => void;
  parts: BridgeParts;
  child: RadioChild | undefined;
  broker: BrokerHandle | undefined;
  mqttUrl: string;
}

/** The radio on the data folder, the MQTT link and the features; `stop()` undoes them in reverse. */
async function startDataPart(outer: OuterParts, restart: (reason: string) => void): Promise<DataPart> {
  const { config, logger, onFatal, parts, child, broker, mqttUrl } = outer;
  const cleanups: Cleanups = [];
  const stop = () => runCleanups(cleanups, logger);
  try {
    // Loaded here, not at the top: herdsman and the converters take seconds to import, and a
    // bridge on a given radio never needs them.
    const radio: ZigbeeRadio =
      parts.radio ??
      (await (
        await import('./zigbee/index')
      ).createZigbeeRadio(
        {
          adapter: config.zigbee.adapter ?? config.zigbee.radioProtocol,
          path: config.zigbee.path ?? child!.path,
          channel: config.zigbee.channel,
          dataDir: config.dataDir,
          deconzFastPath: config.zigbee.deconzFastPath,
          interviewSlots: config.zigbee.interviewSlots,
          ota: config.ota,
        },
        logger,
      ));
    const started = await radio.start();
    cleanups.push(() => radio.stop());
    const bridgeId = started.coordinator.ieee.slice(2).toUpperCase();
    const ctx: TopicContext = { base: config.mqtt.baseTopic, bridge: bridgeId };
    // The embedded broker is reached in process (embedded-link.ts says why), an external one over MQTT.
    const link: MqttLink = broker
      ? embeddedLink(broker.broker, logger)
      : await connectMqtt(
          {
            url: mqttUrl,
            clientId: `${BRIDGE_CLIENT_ID_PREFIX}-${bridgeId}`,
            user: config.mqtt.user,
            password: config.mqtt.password,
            will: { topic: topics.bridgeState(ctx), payload: { state: 'offline' } },
          },
          logger,
        );
    cleanups.push(() => link.close());

    const bus = createBus<BridgeEventMap>(logger.child({ component: 'bus' }));
    const queue = createCommandQueue({ ...config.commands, broadcastBudget: { max: 9, windowMs: 9_000 } });
    cleanups.push(() => queue.stop());
    const mapping = deconzMapping;
    const names = await loadNameStore(config.dataDir, logger);
    const forgotten = await loadForgottenDevices(config.dataDir, logger);
    forgotten.onChange(() => bus.emit('removedDevicesChanged', {}));
    const registry = createDeviceRegistry({ mapping, names, forgotten });
    const permit = new PermitWindow({
      permitJoin: (seconds, via) => radio.permitJoin(seconds, via),
      now: Date.now,
      setTimer: (run, ms) => setTimeout(run, ms),
      clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
      logger: logger.child({ feature: 'permit-window' }),
      onChange: () => bus.emit('infoChanged', {}),
    });
    const status: NetworkStatus = {
      started,
      state: 'up',
      options: { group_delay_ms: queue.groupDelay(), ota: false, light_lastseen_s: DEFAULT_LIGHT_LASTSEEN_S },
    };
    let adapterLost = false;
    const info = (): BridgeInfo => {
      const up = radio.isUp() && !adapterLost;
      return {
        bridge: bridgeId,
        coordinator: status.started.coordinator,
        network: status.started.network,
        permit_join: { open: up && permit.isOpen(), remaining: up ? permit.remaining() : 0 },
        rfconnected: up,
        queue_depth: queue.depth(),
        versions: VERSIONS,
        options: { ...status.options },
        network_state: status.state,
      };
    };
    radio.on('adapterDisconnected', () => {
      adapterLost = true;
      bus.emit('infoChanged', {});
      onFatal('radio adapter disconnected');
    });

    const keypadSeal = new KeypadSeal(logger.child({ feature: 'keypad-seal' }));
    const firmware = child
      ? virtualRadioFirmware(child.controlUrl)
      : config.zigbee.virtualRadioControl
        ? virtualRadioFirmware(config.zigbee.virtualRadioControl)
        : undefined;
    const ota = createOtaTracker({ radio, bus, logger });
    const deps: FeatureDeps = {
      bus,
      radio,
      registry,
      queue,
      link,
      topics: ctx,
      mapping,
      names,
      config,
      logger,
      info,
      permitJoin: permit,
      keypadSeal,
      status,
      firmware,
      ota,
      restart,
    };
    const features: Feature[] = [
      deviceSync(deps),
      lightLastSeen(deps),
      mqttPublisher(deps),
      mqttCommands(deps),
      groupSync(deps),
      availability(deps),
      permitJoin(deps),
      otaUpdates(deps),
    ];
    if (parts.logs) features.push(logRelay(deps, parts.logs));
    if (config.z2m.enabled) {
      // In process into the embedded broker (no per-report loopback round trip; the broker dies
      // with this process, so no will is needed); to an external broker its own connection, as
      // Zigbee2MQTT's `bridge/state` needs a last will of its own.
      const z2mLink = broker
        ? embeddedLink(broker.broker, logger.child({ api: 'z2m' }))
        : await connectMqtt(
            {
              url: mqttUrl,
              clientId: `${BRIDGE_CLIENT_ID_PREFIX}-${bridgeId}-z2m`,
              user: config.mqtt.user,
              password: config.mqtt.password,
              will: { topic: z2mTopics.bridgeState(config.z2m.baseTopic), payload: { state: 'offline' } },
            },
            logger.child({ api: 'z2m' }),
          );
      cleanups.push(() => z2mLink.close());
      features.push(z2mApi(deps, z2mLink));
    }
    // Last: every publisher is listening when the imported states are applied.
    features.push(initialState(deps));
    for (const feature of features) {
      await feature.start();
      cleanups.push(() => feature.stop());
    }
    logger.info({ bridgeId, mqttUrl, devices: registry.all().length }, 'bridge started');
    radio.background();
    return { bridgeId, info, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
