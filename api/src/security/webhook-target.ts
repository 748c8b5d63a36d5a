/**
 * Rule webhooks run with the gateway's network position. Without a check, anyone who can write a
 * rule could make the gateway call services that only listen on this host (the MQTT broker's
 * WebSocket, admin ports, the api itself) or cloud metadata at 169.254.169.254. Loopback,
 * link-local and unspecified addresses are refused unless the operator allows them
 * (`WEBHOOK_ALLOW_LOCAL=1`); the home network itself (Node-RED on another box) stays reachable.
 * This check runs before the call; on Node the connection checks the address it really uses again
 * (runtime/node/webhook-fetch.ts), which closes the gap a rebinding name would slip through.
 */
export type ResolveHost = (host: string) => Promise<string[]>;

export function isLocalAddress(address: string): boolean {
  const ip = unmapped(address.toLowerCase().replace(/^\[|\]$/g, ''));
  const v4 = ip.match(/^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/);
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])];
    return a === 127 || a === 0 || (a === 169 && b === 254);
  }
  if (!ip.includes(':')) return false;
  return ip === '::1' || ip === '::' || /^fe[89ab][0-9a-f]:/.test(ip) || /^0*:(0*:)*0*1?$/.test(ip);
}

/** An IPv4-mapped IPv6 address as its IPv4 form (`::ffff:7f00:1`, as URLs write it, → `127.0.0.1`). */
function unmapped(ip: string): string {
  if (!ip.startsWith('::ffff:')) return ip;
  const rest = ip.slice('::ffff:'.length);
  const hex = rest.match(/^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/);
  if (!hex) return rest;
  const [high, low] = [parseInt(hex[1]!, 16), parseInt(hex[2]!, 16)];
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

/** Why a webhook URL may not be called, or undefined when it may. */
export async function refuseWebhookTarget(url: string, resolve: ResolveHost | undefined): Promise<string | undefined> {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return 'not a valid URL';
  }
  if (host === 'localhost' || host.endsWith('.localhost')) return `${host} is this host`;
  if (isLocalAddress(host)) return `${host} is a loopback or link-local address`;
  if (!resolve || /^[\d.]+$/.test(host) || host.startsWith('[')) return undefined;
  const addresses = await resolve(host).catch(() => []);
  const local = addresses.find(isLocalAddress);
  return local ? `${host} resolves to ${local}, a loopback or link-local address` : undefined;
}
