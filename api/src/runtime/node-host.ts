import { networkInterfaces } from 'node:os';
import { LOOPBACK_HOST, type HostInfo } from '../services/host-info';

/** The first external IPv4 interface; `gateway` is guessed as deCONZ does (last octet → 1). */
export function readHostInfo(): HostInfo {
  for (const entries of Object.values(networkInterfaces())) {
    for (const entry of entries ?? []) {
      if (entry.family !== 'IPv4' || entry.internal) continue;
      const gateway = entry.address.replace(/\.\d+$/, '.1');
      return { ipaddress: entry.address, netmask: entry.netmask, gateway };
    }
  }
  return LOOPBACK_HOST;
}
