/**
 * The gateway's public REST API, as any client sees it: the key in the path, JSON bodies, and the
 * deCONZ error array on failure (kept whole so a form can show each error at its field).
 */
export interface DeconzErrorEntry {
  type: number;
  address: string;
  description: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errors: DeconzErrorEntry[],
  ) {
    super(errors.map((e) => e.description).join('; ') || `HTTP ${status}`);
  }

  /** The error whose address is `address` or lies under it (`/rules/conditions/0/value`). */
  at(address: string): DeconzErrorEntry | undefined {
    return this.errors.find((e) => e.address === address || e.address.startsWith(`${address}/`));
  }
}

function errorsOf(body: unknown): DeconzErrorEntry[] {
  if (!Array.isArray(body)) return [];
  return body.flatMap((entry) => (entry && typeof entry === 'object' && 'error' in entry ? [entry.error as DeconzErrorEntry] : []));
}

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new ApiError(0, [{ type: 0, address: path, description: 'the gateway cannot be reached' }]);
  }
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = text === '' ? undefined : JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  const errors = errorsOf(parsed);
  if (!res.ok || (errors.length > 0 && errors.length === (parsed as unknown[]).length)) {
    throw new ApiError(res.status, errors.length > 0 ? errors : [{ type: 0, address: path, description: `HTTP ${res.status}` }]);
  }
  return parsed;
}

/** `POST /api` with the gateway login (HTTP Basic), or without it while the link button is pressed. */
export async function createKey(login?: { user: string; password: string }): Promise<string> {
  const headers: Record<string, string> = {};
  if (login) headers.Authorization = `Basic ${btoa(`${login.user}:${login.password}`)}`;
  const answer = (await call('POST', '/api', { devicetype: 'herdgate-web#browser' }, headers)) as [{ success: { username: string } }];
  return answer[0].success.username;
}

export class Gateway {
  constructor(readonly key: string) {}

  private url(path: string): string {
    return `/api/${encodeURIComponent(this.key)}${path}`;
  }

  get<T = unknown>(path: string): Promise<T> {
    return call('GET', this.url(path)) as Promise<T>;
  }

  put<T = unknown>(path: string, body: unknown): Promise<T> {
    return call('PUT', this.url(path), body) as Promise<T>;
  }

  post<T = unknown>(path: string, body?: unknown): Promise<T> {
    return call('POST', this.url(path), body) as Promise<T>;
  }

  delete<T = unknown>(path: string, body?: unknown): Promise<T> {
    return call('DELETE', this.url(path), body) as Promise<T>;
  }

  /** `POST` answering `[{success:{id}}]`: the new id. */
  async create(path: string, body: unknown): Promise<string> {
    const answer = (await this.post(path, body)) as [{ success: { id: string } }];
    return answer[0].success.id;
  }
}
