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
        protocol: radio.protocol,
        networkUp: radio.front.networkUp(),
        ...radio.front.health(),
        coordinator: radio.front.coordinator.ieee(),
        channel: radio.front.coordinator.channel(),
        devices: radio.registry.size,
        pool: radio.registry.pool().length,
      },
    }),
  },
  { method: 'GET', path: '/models', handle: ({ radio }) => ({ body: radio.factory.models() }) },
  { method: 'GET', path: '/touchlink', handle: ({ radio }) => ({ body: radio.touchlink.view() }) },
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
