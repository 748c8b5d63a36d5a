/**
 * Everything a runtime starts for the api, given what only the runtime can provide (database,
 * bridge link, timers, host facts). Node (`runtime/node/gateway.ts`) and workerd
 * (`runtime/worker/gateway.ts`) both call this, so a resource added here runs on both.
 */
import type { Hono } from 'hono';
import type { Logger } from 'pino';
import { createApp, type ClientAddress, type CreateAppOptions } from '../app';
import { LoginThrottle } from '../security/login-throttle';
import { parseOrigins } from '../security/origins';
import { resetWindow } from '../security/reset-window';
import type { ResolveHost } from '../security/webhook-target';
import { warnAboutDefaultPassword } from '../security/default-password';
import type { AppEnv, Services } from '../context';
import { createEventHub } from '../events';
import { loadRadioMemory } from '../bridge-link/radio-memory';
import type { Teardown } from '../lib/teardown';
import { InternalRequests } from '../automation';
import { GatewayResources } from './resources';
import type { GatewaySession } from '../resources/gateway/session';
import { GatewayModel } from '../resources/gateway/gateway-model';
import { NO_RELEASES, SoftwareUpdate, type ReleaseSource } from '../resources/gateway/software-update';
import type { BridgeLink } from '../services/bridge-link';
import { startMatterNames } from '../resources/matter/names-publisher';
import type { Clock } from '../services/clock';
import { syncDefaultCredentials } from '../services/gateway-credentials';
import type { HostInfo } from '../services/host-info';
import { createLinkedRadio, type RadioControl, type RadioInfo } from '../services/radio';
import { createTouchlinkService } from '../services/touchlink';
import { createNetworkMapService } from '../services/network-map';
import type { Timers } from '../services/timers';
import { createLibsqlStore } from '../store/libsql-store';
import { memoryArchiveStore, type ArchiveStore } from '../backup/archive-store';
import { BackupService } from '../backup/backup-service';
import { RestoreService } from '../backup/restore-service';
import type { DeconzReader, TakeoverReader } from '../backup/restore-content';
import type { Database, Store } from '../store/types';
import { LogRing } from '@herdgate/shared/log';
import { followBridgeLogs } from '../services/bridge-logs';

export interface GatewaySettingsFromEnv {
  GATEWAY_USER: string;
  GATEWAY_PASSWORD: string;
  GATEWAY_NAME: string;
  WEBSOCKET_PORT: number;
  CORS_ORIGINS?: string;
  HERDGATE_RESTARTED_BY_SUPERVISOR?: '0' | '1';
  WEBHOOK_ALLOW_LOCAL?: '0' | '1';
  BACKUP_INTERVAL_HOURS?: number;
  BACKUP_KEEP?: number;
}

export interface StartGatewayDeps {
  db: Database;
  env: GatewaySettingsFromEnv;
  logger: Logger;
  clock: Clock;
  timers: Timers;
  bridge: BridgeLink;
  host: HostInfo;
  /** Every started part registers its stop here; the runtime runs it on close or failed start. */
  teardown: Teardown;
  radioControl?: RadioControl;
  radioInfo?: (store: Store) => RadioInfo;
  extraRoutes?: (app: Hono<AppEnv>) => void;
  /** The peer address of a request, where the platform knows it (loopback checks, throttling). */
  clientAddress?: ClientAddress;
  /** The running herdgate version and where newer ones are learned (`POST /config/update`). */
  version?: string;
  /** Where backup archives are kept (Node: `BACKUP_DIR`); memory by default. */
  archives?: ArchiveStore;
  /** Reads deCONZ exports for `POST /config/import`, where the runtime can (Node). */
  deconzReader?: DeconzReader;
  /** Reads archives of Zigbee2MQTT data folders for `POST /config/import`, where the runtime can (Node). */
  zigbee2mqttReader?: TakeoverReader;
  releases?: ReleaseSource;
  /** Name resolution for the webhook target check, where the platform has it. */
  resolveHost?: ResolveHost;
  /** How rule webhooks leave (Node: connections checked at connect time); default the platform `fetch`. */
  webhookFetch?: typeof fetch;
  /** The web app served at `/` (see `CreateAppOptions.web`). */
  web?: CreateAppOptions['web'];
  /** Where the runtime's root logger keeps warnings and errors; a ring of its own otherwise. */
  logs?: LogRing;
}

export async function startGateway(deps: StartGatewayDeps): Promise<{ app: Hono<AppEnv>; services: Services }> {
  const { db, env, logger, clock, timers, bridge, teardown } = deps;
  const store = await createLibsqlStore({ db, logger, defaults: { name: env.GATEWAY_NAME } });
  teardown.add('store flush', () => store.flush());
  await syncDefaultCredentials(store, env.GATEWAY_USER, env.GATEWAY_PASSWORD);
  const startedAt = clock.now();
  const reset = resetWindow({ ...store.startFacts(), supervisedRestart: env.HERDGATE_RESTARTED_BY_SUPERVISOR === '1' }, startedAt);
  logger.info({ open: reset.until > 0, reason: reset.reason }, reset.until > 0 ? 'password reset window open for 10 minutes' : 'password reset window closed');
  warnAboutDefaultPassword(store, env.GATEWAY_PASSWORD, logger);
  const events = createEventHub({ onListenerError: (err) => logger.error({ err }, 'event listener failed') });
  const internal = new InternalRequests();
  const resources = await GatewayResources.open({
    store,
    events,
    clock,
    timers,
    logger,
    bridge,
    internal,
    webhookAllowLocal: env.WEBHOOK_ALLOW_LOCAL === '1',
    resolveHost: deps.resolveHost,
    webhookFetch: deps.webhookFetch,
  });
  // Whichever models are current when the gateway stops (a `deleteDB` replaces them).
  teardown.add('resources', () => resources.close());
  const memory = await loadRadioMemory(db, store);
  const radio = createLinkedRadio({ store, link: bridge, memory, clock, onError: (err) => logger.error({ err }, 'could not remember the radio identity') });
  teardown.add('radio', () => radio.stop());
  const radioInfo = deps.radioInfo?.(store) ?? radio.info;
  const radioControl = deps.radioControl ?? radio.control;
  const session: GatewaySession = { unlockedUntil: 0, loginThrottle: new LoginThrottle(), resetting: false };
  const updates = new SoftwareUpdate({ running: deps.version ?? '0.0.0', source: deps.releases ?? NO_RELEASES, clock, logger });
  const touchlink = createTouchlinkService({ bridge, events, clock, logger });
  const networkMap = createNetworkMapService({ bridge, events, logger });
  teardown.add('network map', () => networkMap.close());
  const gateway = new GatewayModel({
    store,
    radio: radioControl,
    radioInfo,
    link: bridge,
    events,
    clock,
    session,
    logger,
    defaultName: env.GATEWAY_NAME,
    updates,
    touchlinkBusy: () => touchlink.busy(),
    forgetDatabase: (keepKey) => resources.forgetDatabase(services, keepKey),
  });
  gateway.start();
  teardown.add('gateway', () => gateway.stop());
  const backups = new BackupService({
    store,
    bridge,
    clock,
    logger,
    version: deps.version ?? '0.0.0',
    archives: deps.archives ?? memoryArchiveStore(),
    automatic: { intervalHours: env.BACKUP_INTERVAL_HOURS ?? 24, keep: env.BACKUP_KEEP ?? 7 },
  });
  backups.start(timers);
  teardown.add('automatic backups', () => backups.stop());
  const logs = deps.logs ?? new LogRing();
  teardown.add('bridge logs', followBridgeLogs(bridge, logs));
  const restores = new RestoreService({
    store,
    bridge,
    clock,
    logger,
    deconz: deps.deconzReader,
    zigbee2mqtt: deps.zigbee2mqttReader,
    rebuild: (replace) => resources.replaceDatabase(services, replace),
  });
  teardown.add('restores', () => restores.stop());
  const services: Services = {
    store,
    clock,
    events,
    internal,
    ...resources.models,
    logger,
    bridge,
    gateway,
    backups,
    restores,
    logs,
    radioInfo,
    radioControl,
    touchlink,
    networkMap,
    host: deps.host,
    session,
    options: {
      websocketPort: env.WEBSOCKET_PORT,
      gatewayUser: env.GATEWAY_USER,
      gatewayPassword: env.GATEWAY_PASSWORD,
      defaultName: env.GATEWAY_NAME,
      startedAt,
      passwordResetUntil: reset.until,
      corsOrigins: parseOrigins(env.CORS_ORIGINS),
    },
  };
  const app = createApp(services, { extraRoutes: deps.extraRoutes, clientAddress: deps.clientAddress, web: deps.web });
  await resources.start(services);
  restores.start();
  teardown.add('matter names', startMatterNames({ bridge, events, lights: services.lights, sensors: services.sensors, logger }));
  return { app, services };
}
