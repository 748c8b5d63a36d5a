import type { Hono } from 'hono';
import type { AppEnv } from '../../src/context';

/** The path of a route that throws an unexpected error, in every test gateway on both runtimes. */
export const FAILING_ROUTE = '/__test/boom';
/** What it throws (the answer must never show it). */
export const FAILING_ROUTE_MESSAGE = 'kaboom';

/** Routes the test gateways add to the app: one that fails the way a bug would. */
export function addTestRoutes(app: Hono<AppEnv>): void {
  app.get(FAILING_ROUTE, () => {
    throw new Error(FAILING_ROUTE_MESSAGE);
  });
}
