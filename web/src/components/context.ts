import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { Gateway } from '../api/client';
import type { GatewayStore } from '../state/store';

export interface AppServices {
  gateway: Gateway;
  store: GatewayStore;
  /** A short message for the live region (success or failure of an action). */
  announce(message: string, kind?: 'ok' | 'error'): void;
}

export const AppContext = createContext<AppServices | undefined>(undefined);

export function useApp(): AppServices {
  const services = useContext(AppContext);
  if (!services) throw new Error('useApp outside the signed-in app');
  return services;
}
