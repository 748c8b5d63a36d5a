/** @herdgate/shared/mqtt — the MQTT contract between the bridge and its clients (docs/mqtt.md). */
export * from './topics';
export * from './parse-topic';
export * from './envelope';
export * from './decode';
export * from './contract';
export * from './access';
export * from './schemas/common';
export * from './schemas/bridge';
export * from './schemas/device';
export * from './schemas/set-command';
export * from './schemas/thermostat-schedule';
export * from './schemas/requests';
export * from './schemas/responses';
export * from './schemas/alarm';
export * from './schemas/network-map';
export * from './sealed-code';
export * from './examples';
