/** Network and clock facts only the runtime can know (the core cannot read the OS). */
export interface HostInfo {
  ipaddress: string;
  netmask: string;
  gateway: string;
  /**
   * deCONZ `ntp`: whether the host clock is synchronised. `unsynced` whenever the runtime cannot
   * tell (no systemd, another OS), so a client never trusts a clock nobody vouched for.
   */
  ntp: 'synced' | 'unsynced';
}

export const LOOPBACK_HOST: HostInfo = { ipaddress: '127.0.0.1', netmask: '255.0.0.0', gateway: '127.0.0.1', ntp: 'unsynced' };
