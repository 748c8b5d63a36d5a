/**
 * Rule webhooks on Node: the target check happens where the connection is made. Checking a name
 * first and letting `fetch` resolve it again when it connects leaves a gap a name with a changing
 * answer (DNS rebinding, TTL 0) slips through to 127.0.0.1. Here every connection resolves the name
 * through the same `ResolveHost` the check uses, refuses when an answer is a loopback or link-local
 * address (unless `WEBHOOK_ALLOW_LOCAL=1`), and connects to exactly the addresses it checked. TLS
 * still verifies the certificate against the name (the SNI and the check use the URL's host).
 *
 * undici is loaded at the first webhook, not at start: most gateways never fire one, and the module
 * graph would otherwise stay in the api's memory (source text and compiled code) for nothing.
 */
import type { LookupAddress, LookupOptions } from 'node:dns';
import type { Agent } from 'undici';
import { isLocalAddress, type ResolveHost } from '../../security/webhook-target';

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

export interface NodeWebhookFetch {
  fetch: typeof fetch;
  /** Closes the pooled connections. */
  close(): Promise<void>;
}

export function createNodeWebhookFetch(options: { resolve: ResolveHost; allowLocal: boolean }): NodeWebhookFetch {
  const lookup = (hostname: string, lookupOptions: LookupOptions, callback: LookupCallback): void => {
    checkedAddresses(hostname, lookupOptions, options).then(
      (addresses) => {
        if (lookupOptions.all) callback(null, addresses);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, []),
    );
  };
  let loaded: Promise<{ agent: Agent; fetch: typeof import('undici').fetch }> | undefined;
  const load = () => (loaded ??= import('undici').then((undici) => ({ agent: new undici.Agent({ connect: { lookup } }), fetch: undici.fetch })));
  return {
    // Redirects: the caller asks for none (rules/actions.ts), as on every runtime.
    fetch: (async (input: string, init?: RequestInit) => {
      const { agent, fetch: undiciFetch } = await load();
      return undiciFetch(input, { ...(init as object), dispatcher: agent });
    }) as unknown as typeof fetch,
    close: async () => {
      if (loaded) await (await loaded).agent.close();
    },
  };
}

async function checkedAddresses(
  hostname: string,
  lookupOptions: LookupOptions,
  options: { resolve: ResolveHost; allowLocal: boolean },
): Promise<LookupAddress[]> {
  const answer = await options.resolve(hostname);
  const local = options.allowLocal ? undefined : answer.find(isLocalAddress);
  if (local) throw connectError('EWEBHOOKLOCAL', `webhook refused at connect: ${hostname} resolves to ${local}, a loopback or link-local address`);
  const family = lookupOptions.family === 'IPv4' ? 4 : lookupOptions.family === 'IPv6' ? 6 : lookupOptions.family;
  const addresses = answer.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })).filter((entry) => !family || entry.family === family);
  if (addresses.length === 0) throw connectError('ENOTFOUND', `${hostname} has no address`);
  return addresses;
}

function connectError(code: string, message: string): NodeJS.ErrnoException {
  return Object.assign(new Error(message), { code });
}
