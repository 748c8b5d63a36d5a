/**
 * How the suite's one test Worker tells its gateways apart (api/test/edge/worker-test-entry.ts):
 * each test gateway is a Durable Object of its own, reached under `/__gw/<name>.<settings>/`, where
 * the settings are the api's vars for that object (JSON, URI-encoded). Shared by the Worker and the
 * Node harness, so nothing here may need Node.
 */

/** The header the Worker passes an object's settings in. */
export const VARS_HEADER = 'x-herdgate-test-vars';

export const OBJECT_PATH = {
  prefix: '/__gw/',
  /** The production Worker's one object (api/src/runtime/worker/main.ts), for requests outside any prefix. */
  defaultName: 'gateway',
} as const;

export interface ObjectPath {
  name: string;
  vars: Record<string, string>;
  /** The path the object sees. */
  path: string;
}

/** The path prefix of the object `name` started with `vars`. */
export function objectPrefix(name: string, vars: Record<string, string>): string {
  if (!/^[\w-]+$/.test(name)) throw new Error(`test object name must be letters, digits, _ or -: ${name}`);
  return `${OBJECT_PATH.prefix}${name}.${encodeURIComponent(JSON.stringify(vars))}`;
}

/** The object a request path names, or undefined for a path outside the prefix. */
export function parseObjectPath(pathname: string): ObjectPath | undefined {
  if (!pathname.startsWith(OBJECT_PATH.prefix)) return undefined;
  const rest = pathname.slice(OBJECT_PATH.prefix.length);
  const slash = rest.indexOf('/');
  const segment = slash === -1 ? rest : rest.slice(0, slash);
  const dot = segment.indexOf('.');
  if (dot <= 0) return undefined;
  const vars = JSON.parse(decodeURIComponent(segment.slice(dot + 1))) as Record<string, string>;
  return { name: segment.slice(0, dot), vars, path: slash === -1 ? '/' : rest.slice(slash) };
}
