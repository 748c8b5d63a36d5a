/**
 * The WebSocket event hub's public contract. Routes and the MQTT link publish deCONZ events here;
 * the runtime's WebSocket server (Node: `runtime/node/websocket.ts`) subscribes and fans them out.
 * Platform-free: nothing here may import `node:` modules.
 */

/**
 * `touchlink`, `config` (touchlink progress; settings changed and network operation progress), `devices` (device
 * added, changed, left) and `networkmap` (scan progress and finish) are herdgate's own; deCONZ pushes none of them.
 */
export type EventResource = 'lights' | 'sensors' | 'groups' | 'scenes' | 'alarmsystems' | 'touchlink' | 'config' | 'devices' | 'networkmap';

/** A deCONZ WebSocket message (`t` is always "event"). Keys are serialised sorted, as deCONZ does. */
export interface DeconzEvent {
  t: 'event';
  e: 'added' | 'changed' | 'deleted' | 'scene-called';
  r: EventResource;
  id?: string;
  uniqueid?: string;
  gid?: string;
  scid?: string;
  state?: Record<string, unknown>;
  config?: Record<string, unknown>;
  attr?: Record<string, unknown>;
  name?: string;
  light?: Record<string, unknown>;
  sensor?: Record<string, unknown>;
  group?: Record<string, unknown>;
  [key: string]: unknown;
}

export type EventListener = (message: string, event: DeconzEvent) => void;

export interface EventHubOptions {
  /** Told about a listener that threw; the hub carries on delivering to the others. */
  onListenerError?: (error: unknown, event: DeconzEvent) => void;
}

export interface EventHub {
  /** Serialise once and hand to every subscriber, in publish order. A throwing listener is isolated. */
  publish(event: DeconzEvent): void;
  subscribe(listener: EventListener): () => void;
  /**
   * Tells every WebSocket server to close its clients as a restarting deCONZ does (close code 1012,
   * "service restart"), after the events already published: clients reconnect and load the
   * gateway again whole. A restore does this; nothing else.
   */
  restartClients(reason: string): void;
  /** A WebSocket server's side of `restartClients`. */
  onRestartClients(listener: (reason: string) => void): () => void;
}

/** The close code WebSocket clients get from `restartClients` (RFC 6455 "Service Restart"). */
export const SERVICE_RESTART_CLOSE = 1012;
