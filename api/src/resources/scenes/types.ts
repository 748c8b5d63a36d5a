/** One light's stored state in a scene (gateway-rest-api "Scene"). */
export interface SceneLight {
  id: string;
  on: boolean;
  bri: number;
  transitiontime: number;
  colormode?: string;
  x?: number;
  y?: number;
  ct?: number;
  hue?: number;
  sat?: number;
}

export interface SceneRecord {
  groupId: string;
  /** 1-255, unique within the group: the Zigbee scene id on the devices. */
  sceneId: string;
  name: string;
  transitiontime: number;
  lights: SceneLight[];
}

/** deconz-behavior §12: scenes and their lights default to a one second transition. */
export const DEFAULT_SCENE_TRANSITION = 10;
