/** Network facts only the runtime can know (the core cannot read the OS). */
export interface HostInfo {
  ipaddress: string;
  netmask: string;
  gateway: string;
}

export const LOOPBACK_HOST: HostInfo = { ipaddress: '127.0.0.1', netmask: '255.0.0.0', gateway: '127.0.0.1' };
