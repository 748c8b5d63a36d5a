/** Health, models and frame counters. */
import type { Route } from '../router';

export const radioRoutes: Route[] = [
  {
    method: 'GET',
    path: '/health',
    handle: ({ radio }) => ({
      body: {
        ok: true,
        port: radio.port,
        hostConnected: radio.hostConnected(),
        networkState: radio.core.networkState,
        coordinator: radio.params.macAddress(),
        devices: radio.registry.size,
        pool: radio.registry.pool().length,
        pending: radio.core.pending(),
      },
    }),
  },
  { method: 'GET', path: '/models', handle: ({ radio }) => ({ body: radio.factory.models() }) },
  { method: 'GET', path: '/counters', handle: ({ radio }) => ({ body: radio.counters.snapshot() }) },
  {
    method: 'DELETE',
    path: '/counters',
    handle: ({ radio }) => {
      radio.counters.reset();
      return { body: radio.counters.snapshot() };
    },
  },
];
