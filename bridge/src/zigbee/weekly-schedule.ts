import type { Definition } from 'zigbee-herdsman-converters';
import type { ExposeJson } from './types';

/**
 * A thermostat's weekly programme (ZCL get/set weekly schedule). The converters answer each get
 * response with the days it names and nothing else, so a device that answers per group of days
 * leaves only the last group in state; deCONZ shows the whole week. The bridge keeps the week under
 * a key of its own, day by day, merged from every response (`weekly_schedule_days`: day name →
 * transitions with `time` in minutes after midnight and `heat` in 0.01 °C), and names the key in an
 * expose for definitions that can both set and read the schedule (the Danfoss Ally's converters
 * can, without an expose of their own).
 */
type FzConverter = Definition['fromZigbee'][number];

const KEY = 'weekly_schedule_days';
const DAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

interface Transition {
  transitionTime?: unknown;
  heatSetpoint?: unknown;
}

export const weeklyScheduleFromZigbee: FzConverter = {
  cluster: 'hvacThermostat',
  type: ['commandGetWeeklyScheduleRsp'],
  convert: (_model, msg, _publish, _options, meta) => {
    const data = msg.data as { dayofweek?: unknown; transitions?: unknown };
    if (typeof data.dayofweek !== 'number' || !Array.isArray(data.transitions)) return undefined;
    const transitions = (data.transitions as Transition[])
      .filter((t) => typeof t.transitionTime === 'number')
      .map((t) => (typeof t.heatSetpoint === 'number' ? { time: t.transitionTime, heat: t.heatSetpoint } : { time: t.transitionTime }));
    const week = { ...((meta.state as Record<string, unknown>)[KEY] as Record<string, unknown> | undefined) };
    DAYS.forEach((day, bit) => {
      if ((data.dayofweek as number) & (1 << bit)) week[day] = transitions;
    });
    return { [KEY]: week };
  },
};

/** The key as an expose, where the definition sets the schedule and reads its responses. */
export function weeklyScheduleExposes(definition: Definition): ExposeJson[] {
  const sets = definition.toZigbee.some((c) => c.key?.includes('weekly_schedule') && c.convertSet && c.convertGet);
  const reads = definition.fromZigbee.some((c) => c.cluster === 'hvacThermostat' && [c.type].flat().includes('commandGetWeeklyScheduleRsp'));
  return sets && reads ? [{ type: 'composite', name: KEY, property: KEY, access: 7, features: [] }] : [];
}
