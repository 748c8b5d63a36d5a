import type { Logger } from 'pino';
import type { EventHub } from '../../events/types';
import type { BridgeLink } from '../../services/bridge-link';
import type { LightsModel } from '../lights/lights-model';
import type { SensorsModel } from '../sensors';

export interface NamesPublisherDeps {
  bridge: BridgeLink;
  events: EventHub;
  lights: LightsModel;
  sensors: SensorsModel;
  logger: Logger;
}

/**
 * Gives the Matter bridge the names REST shows: one retained map uniqueid -> name, published while
 * a Matter bridge runs, again whenever a light or sensor is added, renamed or deleted.
 */
export function startMatterNames(deps: NamesPublisherDeps): () => void {
  let last = '';
  let scheduled = false;
  const collect = () => {
    const names: Record<string, string> = {};
    // The Matter bridge knows sub-devices by the bridge's uniqueids; a resource taken over from
    // deCONZ may keep another one, so its name goes under both.
    for (const entry of deps.lights.live()) {
      names[entry.row.uniqueid] = entry.row.name;
      if (entry.subdevice) names[entry.subdevice.uniqueid] = entry.row.name;
    }
    for (const sensor of Object.values(deps.sensors.list())) {
      const { uniqueid, name } = sensor as { uniqueid?: string; name: string };
      if (!uniqueid) continue;
      names[uniqueid] = name;
      const described = deps.sensors.describedUniqueid(uniqueid);
      if (described) names[described] = name;
    }
    return names;
  };
  const publish = () => {
    scheduled = false;
    if (!deps.bridge.matter()) return;
    const names = collect();
    const text = JSON.stringify(names);
    if (text === last) return;
    last = text;
    deps.bridge.publishMatterNames(names).catch((err: unknown) => {
      last = '';
      deps.logger.warn({ err }, 'could not publish the names for the Matter bridge');
    });
  };
  const soon = () => {
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(publish);
  };
  const offLink = deps.bridge.subscribe((event) => {
    if (event.kind === 'matter') {
      // A Matter bridge (re)appeared: it needs the names even if they did not change.
      if (!event.status) last = '';
      soon();
    }
  });
  const offEvents = deps.events.subscribe((_message, event) => {
    if ((event.r === 'lights' || event.r === 'sensors') && (event.e !== 'changed' || event.name !== undefined)) soon();
  });
  return () => {
    offLink();
    offEvents();
  };
}
