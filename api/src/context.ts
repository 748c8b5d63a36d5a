import type { LogRing } from '@herdgate/shared/log';
import type { Logger } from 'pino';
import type { EventHub } from './events/types';
import type { Store } from './store/types';
import type { Automation, InternalRequests } from './automation';
import type { GroupsModel } from './resources/groups/groups-model';
import type { LightsModel } from './resources/lights/lights-model';
import type { ScenesModel } from './resources/scenes/scenes-model';
import type { GatewayModel } from './resources/gateway/gateway-model';
import type { SensorsModel } from './resources/sensors';
import type { AlarmSystemsModel } from './resources/alarmsystems';
import type { GatewaySession } from './resources/gateway/session';
import type { DdfBundles } from './resources/ddf/bundles-model';
import type { DevicesModel } from './resources/devices/devices-model';
import type { ResourcelinksModel } from './resources/resourcelinks/resourcelinks-model';
import type { BridgeLink } from './services/bridge-link';
import type { Clock } from './services/clock';
import type { HostInfo } from './services/host-info';
import type { RadioControl, RadioInfo } from './services/radio';
import type { TouchlinkService } from './services/touchlink';
import type { NetworkMapService } from './services/network-map';
import type { BackupService } from './backup/backup-service';
import type { RestoreService } from './backup/restore-service';

/** The one Hono environment every route and middleware is typed with. */
export interface AppEnv {
  Variables: {
    services: Services;
    /** From the caller's `X-Request-Id` or generated; echoed and in every log line. */
    requestId: string;
    /** The services logger bound to this request. */
    logger: Logger;
    /** The authenticated API key (set by `requireKey` on `/api/<key>/…`). */
    apiKey: string;
    /** The peer's IP address where the runtime knows it; undefined for the gateway's own requests. */
    clientAddress: string | undefined;
  };
}

/** Fixed facts for the lifetime of the process. */
export interface GatewayOptions {
  /** Port clients open the WebSocket on (reported as `websocketport`). */
  websocketPort: number;
  /** Default gateway login; the stored hash follows it until changed through the API. */
  gatewayUser: string;
  gatewayPassword: string;
  /** Gateway name used until one is set, and after `PUT /config {"name":""}`. */
  defaultName: string;
  /** Epoch ms the gateway started. */
  startedAt: number;
  /**
   * Epoch ms until which `DELETE /api/config/password` works; 0 when this start did not open the
   * window (a crash or supervisor restart, see `security/reset-window.ts`).
   */
  passwordResetUntil: number;
  /** `CORS_ORIGINS`: browser origins allowed to read answers, create keys and open the WebSocket. */
  corsOrigins: readonly string[];
}

/** Everything a route may use, handed over through the context (never module globals). */
export interface Services {
  store: Store;
  clock: Clock;
  radioInfo: RadioInfo;
  radioControl: RadioControl;
  /** Touchlink scan/identify/reset through the bridge; `busy()` while the radio is off the network. */
  touchlink: TouchlinkService;
  /** Network map scans through the bridge and the last result (a herdgate extension). */
  networkMap: NetworkMapService;
  /** The radio half: device mirror, commands and bridge requests (reports disconnected while away). */
  bridge: BridgeLink;
  events: EventHub;
  /** Device, CLIP and Daylight sensors in memory; `get`/`list`/`subscribe` for readers such as rules (issue #6). */
  sensors: SensorsModel;
  /** Requests the gateway makes to its own app (rule actions, schedule commands); bound by `createApp`. */
  internal: InternalRequests;
  /** Rules engine, schedule runner and their models (issue #6). */
  automation: Automation;
  /** Lights, groups and scenes in memory, kept in step with the bridge and the database (issue #5). */
  lights: LightsModel;
  groups: GroupsModel;
  /** The gateway configuration: settings, their effects on the bridge, network operations (issue #17). */
  gateway: GatewayModel;
  scenes: ScenesModel;
  /** Alarm systems, their members and the alarm state machine (issue #9). */
  alarms: AlarmSystemsModel;
  /** Every paired device as the spec's Device object, with its DDF policy (issue #10). */
  devices: DevicesModel;
  /** Uploaded DDF bundles (issue #10). */
  ddf: DdfBundles;
  /** Resourcelinks: named lists of resource addresses clients keep on the gateway. */
  resourcelinks: ResourcelinksModel;
  /** Backup archives: export, the kept ones, automatic backups (issue #27). */
  backups: BackupService;
  /** `POST /config/import` and `POST /fileupload`: restores and deCONZ and Zigbee2MQTT takeovers (issues #27, #23, #24). */
  restores: RestoreService;
  logger: Logger;
  /** Recent warnings and errors of the api and the bridge, for `GET /logs` and the web app. */
  logs: LogRing;
  options: GatewayOptions;
  host: HostInfo;
  /** Short-lived state that is deliberately not persisted (the unlock window). */
  session: GatewaySession;
}
