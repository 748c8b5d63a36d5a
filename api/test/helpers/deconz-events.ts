/**
 * What a deCONZ client (pydeconz) can parse: deCONZ's own resource and event kinds and the keys its
 * event code puts in each (deconz-rest-plugin: handleLightEvent and handleSensorEvent in
 * rest_lights.cpp / rest_sensors.cpp, handleGroupEvent in rest_groups.cpp, the alarm system's event
 * handler, the scene-called notice in de_web_plugin.cpp), written out here from those sources
 * rather than taken from the gateway's own table. `name` beside a light's or sensor's `attr` is
 * the spec's rename event (Events, rule 4).
 */
const BASE = ['t', 'e', 'r', 'id'];
const DECONZ: Record<string, Record<string, string[]>> = {
  lights: {
    added: [...BASE, 'uniqueid', 'light'],
    changed: [...BASE, 'uniqueid', 'state', 'config', 'attr', 'capabilities', 'name'],
    deleted: [...BASE, 'uniqueid'],
  },
  sensors: {
    added: [...BASE, 'uniqueid', 'sensor'],
    changed: [...BASE, 'uniqueid', 'state', 'config', 'attr', 'capabilities', 'name'],
    deleted: [...BASE, 'uniqueid'],
  },
  groups: { added: [...BASE, 'group'], changed: [...BASE, 'state', 'name', 'type', 'class', 'uniqueid'], deleted: BASE },
  alarmsystems: { added: [...BASE, 'alarmsystem'], changed: [...BASE, 'state', 'config', 'attr', 'name'] },
  scenes: { 'scene-called': ['t', 'e', 'r', 'gid', 'scid'] },
};

/** Why a deCONZ client could not take the event; undefined when it can. */
export function deconzRefusal(event: Record<string, unknown>): string | undefined {
  const keys = DECONZ[String(event.r)]?.[String(event.e)];
  if (!keys) return `r ${String(event.r)} / e ${String(event.e)}`;
  if (event.t !== 'event') return 't';
  const foreign = Object.keys(event).filter((key) => !keys.includes(key));
  return foreign.length > 0 ? `keys ${foreign.join(',')}` : undefined;
}
