import { execFile } from 'node:child_process';
import { networkInterfaces } from 'node:os';
import { LOOPBACK_HOST, type HostInfo } from '../../services/host-info';

/** The first external IPv4 interface; `gateway` is guessed as deCONZ does (last octet → 1). */
export function readHostInfo(): HostInfo {
  for (const entries of Object.values(networkInterfaces())) {
    for (const entry of entries ?? []) {
      if (entry.family !== 'IPv4' || entry.internal) continue;
      const gateway = entry.address.replace(/\.\d+$/, '.1');
      return { ipaddress: entry.address, netmask: entry.netmask, gateway, ntp: 'unsynced' };
    }
  }
  return { ...LOOPBACK_HOST };
}

const NTP_REFRESH_MS = 10 * 60_000;

/**
 * Keeps `host.ntp` current from systemd-timesyncd/chrony through `timedatectl` (a Linux gateway's
 * way, as deCONZ reports it). Anything else (no systemd, a container, another OS) stays `unsynced`.
 * Returns the stop function.
 */
export function followNtp(host: HostInfo): () => void {
  const read = () =>
    execFile('timedatectl', ['show', '--property=NTPSynchronized', '--value'], { timeout: 2_000 }, (err, stdout) => {
      host.ntp = !err && stdout.trim() === 'yes' ? 'synced' : 'unsynced';
    });
  read();
  const timer = setInterval(read, NTP_REFRESH_MS);
  timer.unref();
  return () => clearInterval(timer);
}
