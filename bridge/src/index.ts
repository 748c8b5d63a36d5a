/**
 * The bridge's public face: start it from a configuration (the controller), or from the
 * environment as its own process does (run-bridge). Everything else is the bridge's inside.
 */
export { startBridge, type RunningBridge } from './controller';
export { ADAPTERS, loadConfig, type AdapterName, type BridgeConfig, type ConfigResult } from './config';
export { BridgeConfigError, prepareBridge, startPreparedBridge, type PreparedBridge } from './run-bridge';
