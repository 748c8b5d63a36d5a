import type { Services } from '../../context';
import { renderSchedule } from './render';

/** The schedules collection keyed by id (also the `schedules` member of the full state). */
export function listSchedules(services: Services): Record<string, unknown> {
  const zone = services.store.settings().timezone;
  const out: Record<string, unknown> = {};
  for (const schedule of services.automation.schedules.all()) out[schedule.id] = renderSchedule(schedule, zone);
  return out;
}
