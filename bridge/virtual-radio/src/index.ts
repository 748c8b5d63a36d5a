/**
 * The virtual radio's public face, what the bridge's tests, the cross-process tests and the
 * benchmarks use: start a radio in process, build its devices from the catalogue, describe or
 * generate a network for it, and the protocols it can speak. `main.ts` runs it as a process.
 */
export { conbeeMac, startVirtualRadio, type RadioLog, type VirtualRadio, type VirtualRadioOptions } from './virtual-radio';
export { createDeviceFactory, type CatalogueEntry, type DeviceFactoryOptions } from './devices/index';
export { timingProfiles, type Timing } from './network/timing';
export { loadNetworkDefinition, type NetworkDefinition, type NetworkDefinitionEntry } from './network-definition';
export { HERDSMAN_ADAPTER, RADIO_PROTOCOLS, type RadioProtocol } from './fronts/front';
export { Command } from './protocol/index';
export { catalogueModels, generateNetwork } from '../networks/generate';
