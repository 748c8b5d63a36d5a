/**
 * Declarative routes: each resource file exports its routes; the server compiles the patterns once.
 */
import type { IncomingMessage } from 'node:http';
import type { VirtualRadio } from '../virtual-radio';

export interface RouteContext {
  radio: VirtualRadio;
  params: Record<string, string>;
  body(): Promise<unknown>;
  req: IncomingMessage;
}

export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  /** Returns the JSON body; `status` defaults to 200. */
  handle(ctx: RouteContext): Promise<{ status?: number; body: unknown }> | { status?: number; body: unknown };
}

export interface CompiledRoute extends Route {
  regex: RegExp;
  names: string[];
}

export function compile(routes: Route[]): CompiledRoute[] {
  return routes.map((route) => {
    const names: string[] = [];
    const source = route.path.replace(/:([a-z]+)/g, (_, name: string) => {
      names.push(name);
      return '([^/]+)';
    });
    return { ...route, regex: new RegExp(`^${source}/?$`), names };
  });
}

export function match(routes: CompiledRoute[], method: string, path: string): { route?: CompiledRoute; params: Record<string, string>; pathKnown: boolean } {
  let pathKnown = false;
  for (const route of routes) {
    const m = route.regex.exec(path);
    if (!m) continue;
    pathKnown = true;
    if (route.method !== method) continue;
    const params = Object.fromEntries(route.names.map((n, i) => [n, decodeURIComponent(m[i + 1])]));
    return { route, params, pathKnown };
  }
  return { params: {}, pathKnown };
}
