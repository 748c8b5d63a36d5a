/**
 * The few REST calls the demo setup makes, over plain `fetch` with a bound on every request: the
 * setup is a client like any other and uses only the public deCONZ surface.
 */

export interface Gateway {
  base: string;
  key: string;
  get<T>(path: string): Promise<T>;
  put(path: string, body: unknown): Promise<unknown>;
  /** POST to a collection; resolves with the new id. */
  create(path: string, body: unknown): Promise<string>;
}

export class GatewayError extends Error {
  override name = 'GatewayError';
}

async function call(base: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(base + path, {
      method,
      headers: { 'Content-Type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(20_000),
    });
  } catch (err) {
    throw new GatewayError(`${method} ${base}${path}: ${(err as Error).message} (is \`npm start\` running?)`);
  }
  const text = await response.text();
  if (response.status !== 200) throw new GatewayError(`${method} ${path} answered ${response.status}: ${text.slice(0, 500)}`);
  return text ? (JSON.parse(text) as unknown) : undefined;
}

/** Use `key`, or create one with the gateway login (HTTP Basic, as the link button's stand-in). */
export async function connectGateway(base: string, login: { user: string; password: string; key?: string }): Promise<Gateway> {
  let key = login.key;
  if (!key) {
    const authorization = `Basic ${Buffer.from(`${login.user}:${login.password}`).toString('base64')}`;
    const created = (await call(base, 'POST', '/api', { devicetype: 'herdgate#demo-setup' }, { Authorization: authorization })) as [
      { success?: { username: string } },
    ];
    key = created[0]?.success?.username;
    if (!key) throw new GatewayError(`POST /api gave no key: ${JSON.stringify(created)}`);
  }
  const api = `/api/${key}`;
  return {
    base,
    key,
    get: async <T>(path: string) => (await call(base, 'GET', api + path)) as T,
    put: (path, body) => call(base, 'PUT', api + path, body),
    async create(path, body) {
      const answer = (await call(base, 'POST', api + path, body)) as [{ success?: { id: string } }];
      const id = answer[0]?.success?.id;
      if (!id) throw new GatewayError(`POST ${path} gave no id: ${JSON.stringify(answer)}`);
      return id;
    },
  };
}

/** Find by name in a collection, then update it in place or create it: running twice changes nothing. */
export async function upsertByName(
  gateway: Gateway,
  collection: string,
  body: { name: string } & Record<string, unknown>,
): Promise<{ id: string; created: boolean }> {
  const existing = await gateway.get<Record<string, { name: string }>>(`/${collection}`);
  const id = Object.entries(existing).find(([, item]) => item.name === body.name)?.[0];
  if (id === undefined) return { id: await gateway.create(`/${collection}`, body), created: true };
  const { name: _name, ...rest } = body;
  await gateway.put(`/${collection}/${id}`, rest);
  return { id, created: false };
}
