/** The resource shapes the pages read (only the fields they use; the gateway sends more). */
export type Dict = Record<string, unknown>;

export interface Light {
  name: string;
  type: string;
  modelid?: string;
  manufacturername?: string;
  uniqueid: string;
  state: {
    on?: boolean | null;
    bri?: number | null;
    ct?: number | null;
    xy?: [number, number] | null;
    hue?: number | null;
    sat?: number | null;
    colormode?: string;
    reachable?: boolean;
    lift?: number | null;
    open?: boolean | null;
    tilt?: number | null;
    [k: string]: unknown;
  };
  ctmin?: number;
  ctmax?: number;
  capabilities?: { color?: { ct?: { min: number; max: number }; modes?: string[] } };
}

export interface Group {
  name: string;
  type?: string;
  lights: string[];
  /** Sensors of devices bound to the group (a remote's switch). */
  devicemembership?: string[];
  action: Dict;
  state: { all_on?: boolean; any_on?: boolean };
  scenes: { id: string; name: string }[];
}

export interface Sensor {
  name: string;
  type: string;
  modelid?: string;
  uniqueid?: string;
  state: Dict;
  config: Dict & { battery?: number; reachable?: boolean; on?: boolean };
  lastseen?: string;
}

export interface RuleCondition {
  address: string;
  operator: string;
  value?: string;
}
export interface RuleAction {
  address: string;
  method: string;
  body: Dict;
}

export interface Rule {
  name: string;
  status: string;
  conditions: RuleCondition[];
  actions: RuleAction[];
  lasttriggered?: string;
  timestriggered?: number;
}

export interface Schedule {
  name: string;
  description?: string;
  time?: string;
  localtime?: string;
  status: string;
  autodelete?: boolean;
  command: { address: string; method: string; body: Dict };
}

export interface SubDevice {
  type: string;
  uniqueid: string;
  state: Record<string, { value: unknown; lastupdated: string }>;
  config: Record<string, { value: unknown; lastupdated: string }>;
}

export interface Device {
  uniqueid: string;
  name?: string;
  manufacturername?: string;
  modelid?: string;
  productid?: string;
  swversion?: string;
  /** herdgate addition: `mains`, `battery` or `unknown`. */
  powersource?: string;
  lastseen?: string;
  lastannounced?: string | null;
  subdevices?: SubDevice[];
  [k: string]: unknown;
}

export interface AlarmSystem {
  name: string;
  config: Dict & { armmode?: string; configured?: boolean };
  state: { armstate?: string; seconds_remaining?: number };
  devices: Record<string, { armmask?: string; trigger?: string }>;
}

/** A device seen joining while "add a device" is open: joined → interviewed → ready. */
export interface JoinProgress {
  mac: string;
  phase: 'joined' | 'interviewed' | 'ready';
  name?: string;
  model?: string;
}

export interface GatewayState {
  config: Dict;
  lights: Record<string, Light>;
  groups: Record<string, Group>;
  sensors: Record<string, Sensor>;
  rules: Record<string, Rule>;
  schedules: Record<string, Schedule>;
  alarmsystems: Record<string, AlarmSystem>;
  devices: Record<string, Device>;
  joins: Record<string, JoinProgress>;
}
