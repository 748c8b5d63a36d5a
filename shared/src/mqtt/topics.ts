/**
 * Every MQTT topic herdgate uses, built and parsed in one place: nothing else may concatenate
 * topic strings. Bridge-scoped topics carry the bridge id so several bridges can share a broker;
 * device topics are keyed by IEEE address, which is globally unique, so they need no bridge id.
 * Zigbee group addresses are per network, so group topics live under the bridge.
 */

export const DEFAULT_BASE_TOPIC = 'herdgate';

/** The base topic (may contain `/`, never wildcards) and the id of one bridge. */
export interface TopicContext {
  base: string;
  bridge: string;
}

export const REQUEST_NAMES = [
  'permit_join',
  'device/remove',
  'device/rename',
  'device/read',
  'device/refresh',
  'device/install_code',
  'device/reload',
  'device/bind',
  'device/unbind',
  'group/add_member',
  'group/remove_member',
  'scene/store',
  'scene/recall',
  'scene/remove',
  'scene/add',
  'network/info',
  'backup',
  'backup/data',
  'backup/restore',
  'devices',
  'touchlink/scan',
  'touchlink/identify',
  'touchlink/reset',
  'alarm/keypad_key',
  'alarm/state',
  'alarm/arm_response',
  'options',
  'network/connect',
  'network/channel',
  'network/reset',
  'firmware/update',
  'network/map',
  'device/ota',
] as const;
export type RequestName = (typeof REQUEST_NAMES)[number];

/** What the api asks the Matter bridge (schemas/matter.ts). */
export const MATTER_REQUEST_NAMES = ['window/open', 'window/close', 'fabric/remove'] as const;
export type MatterRequestName = (typeof MATTER_REQUEST_NAMES)[number];
export const isMatterRequestName = (name: string): name is MatterRequestName => (MATTER_REQUEST_NAMES as readonly string[]).includes(name);

/** herdsman's IEEE form: `0x` + 16 lower-case hex digits. */
export const IEEE_PATTERN = /^0x[0-9a-f]{16}$/;
/** deCONZ bridge id: the coordinator IEEE as 16 upper-case hex digits. */
export const BRIDGE_ID_PATTERN = /^[0-9A-F]{16}$/;
export const MIN_ENDPOINT = 1;
export const MAX_ENDPOINT = 240;
export const MAX_GROUP = 0xfff7;
/** deCONZ's "All" group: the bridge puts every light endpoint in it when it joins. */
export const ALL_LIGHTS_GROUP = 0xfff0;

export const isRequestName = (name: string): name is RequestName => (REQUEST_NAMES as readonly string[]).includes(name);

const bridgeRoot = (ctx: TopicContext) => `${ctx.base}/bridge/${ctx.bridge}`;
const deviceRoot = (base: string, ieee: string) => `${base}/devices/${ieee}`;

export const topics = {
  bridgeState: (ctx: TopicContext) => `${bridgeRoot(ctx)}/state`,
  bridgeInfo: (ctx: TopicContext) => `${bridgeRoot(ctx)}/info`,
  bridgeEvent: (ctx: TopicContext) => `${bridgeRoot(ctx)}/event`,
  request: (ctx: TopicContext, name: RequestName) => `${bridgeRoot(ctx)}/request/${name}`,
  response: (ctx: TopicContext, name: RequestName) => `${bridgeRoot(ctx)}/response/${name}`,
  groupSet: (ctx: TopicContext, group: number) => `${bridgeRoot(ctx)}/groups/${group}/set`,
  groupSetResult: (ctx: TopicContext, group: number) => `${bridgeRoot(ctx)}/groups/${group}/set/result`,
  device: (base: string, ieee: string) => deviceRoot(base, ieee),
  deviceState: (base: string, ieee: string, endpoint: number) => `${deviceRoot(base, ieee)}/${endpoint}/state`,
  deviceEvent: (base: string, ieee: string, endpoint: number) => `${deviceRoot(base, ieee)}/${endpoint}/event`,
  /** Retained: the device's firmware update state (schemas/ota.ts). */
  deviceOta: (base: string, ieee: string) => `${deviceRoot(base, ieee)}/ota`,
  deviceSet: (base: string, ieee: string, endpoint: number) => `${deviceRoot(base, ieee)}/${endpoint}/set`,
  deviceSetResult: (base: string, ieee: string, endpoint: number) => `${deviceRoot(base, ieee)}/${endpoint}/set/result`,
  /** Retained alarm state of one alarm system (published by the bridge for the api). */
  alarmState: (ctx: TopicContext, alarmsystem: string) => `${bridgeRoot(ctx)}/alarmsystems/${alarmsystem}/state`,
  /** Retained: the last finished network map scan. */
  networkMap: (ctx: TopicContext) => `${bridgeRoot(ctx)}/networkmap`,
  /** Not retained: progress of a running network map scan. */
  networkMapProgress: (ctx: TopicContext) => `${bridgeRoot(ctx)}/networkmap/progress`,
  /** Retained: the devices this bridge no longer has (schemas/removed-devices.ts). */
  removedDevices: (ctx: TopicContext) => `${bridgeRoot(ctx)}/removed`,
  /** Not retained: one warning or error the bridge wrote (schemas/log.ts). */
  bridgeLog: (ctx: TopicContext) => `${bridgeRoot(ctx)}/log`,
  /** Retained, published by the api: its groups (schemas/gateway.ts). */
  gatewayGroups: (ctx: TopicContext) => `${bridgeRoot(ctx)}/gateway/groups`,
  /** The bridge asks the api (schemas/gateway.ts); the api answers on the response topic. */
  gatewayRequest: (ctx: TopicContext, name: string) => `${bridgeRoot(ctx)}/gateway/request/${name}`,
  gatewayResponse: (ctx: TopicContext, name: string) => `${bridgeRoot(ctx)}/gateway/response/${name}`,
  /** Retained: the Matter bridge's commissioning status (schemas/matter.ts). */
  matterState: (base: string) => `${base}/matter/state`,
  /** Retained: the REST names of lights and sensors, published by the api for the Matter bridge. */
  matterNames: (base: string) => `${base}/matter/names`,
  matterRequest: (base: string, name: MatterRequestName) => `${base}/matter/request/${name}`,
  matterResponse: (base: string, name: MatterRequestName) => `${base}/matter/response/${name}`,
};

/** Subscription filters (with MQTT wildcards) for the parties of the contract. */
export const filters = {
  /** What a bridge listens to: its requests, its group commands and every device command. */
  bridgeInbound: (ctx: TopicContext) => [`${bridgeRoot(ctx)}/request/#`, `${bridgeRoot(ctx)}/groups/+/set`, `${ctx.base}/devices/+/+/set`],
  /** What a consumer (the api) listens to: every bridge's status and every device topic. */
  consumer: (base: string) => [`${base}/bridge/#`, `${base}/devices/#`, `${base}/matter/#`],
  allBridges: (base: string) => `${base}/bridge/+/state`,
  /** What a bridge hears from the api: its group list and its answers. */
  gatewayToBridge: (ctx: TopicContext) => [`${bridgeRoot(ctx)}/gateway/groups`, `${bridgeRoot(ctx)}/gateway/response/#`],
};
