/**
 * WebSocket events: the hub resources publish to, and pure builders of the deCONZ message shapes
 * (deconz-behavior.md §4, gateway-rest-api.md "Events"). Platform-free; the runtime's WebSocket
 * server subscribes to the hub and does the I/O.
 */
export type { DeconzEvent, EventHub, EventHubOptions, EventListener, EventResource } from './types';
export { SERVICE_RESTART_CLOSE } from './types';
export { createEventHub } from './event-hub';
export { stringifySorted } from './sorted-json';
export { changedEvents, type ChangedEventsInput, type ResourceView } from './changed-events';
export { addedEvent, type AddedEventInput } from './added-event';
export { deletedEvent } from './deleted-event';
export { sceneCalledEvent, type SceneCalledInput } from './scene-called-event';
export { groupStateEvent, type GroupStateInput } from './group-state-event';
export { PUSH_ALWAYS, type ResourceRef } from './resource-rules';
export { DECONZ_EVENTS, deconzKeys, deconzView, eventMessages, wantsExtensions, EXTENSIONS_PARAM, EXTENSIONS_VALUE, type EventMessages } from './deconz-view';
