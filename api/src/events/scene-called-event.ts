import type { DeconzEvent } from './types';

export interface SceneCalledInput {
  /** The group's id as the REST API shows it (deCONZ: the raw Zigbee group address). */
  gid: string;
  scid: string;
}

/**
 * `{"e":"scene-called","gid":"…","r":"scenes","scid":"…","t":"event"}`. deCONZ emits it only when
 * a switch broadcasts a recall; we also emit it on a REST recall (an improvement the spec asks for),
 * so automations see every recall whatever started it.
 */
export function sceneCalledEvent(input: SceneCalledInput): DeconzEvent {
  return { t: 'event', e: 'scene-called', r: 'scenes', gid: input.gid, scid: input.scid };
}
