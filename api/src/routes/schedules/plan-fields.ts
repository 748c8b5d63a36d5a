import { DeconzError } from '@herdgate/shared/errors';
import type { ScheduleInput, ScheduleRecord } from '../../automation';
import { nextFireOf } from '../../automation/schedules/plan';
import type { Services } from '../../context';
import { invalid } from './validate-schedule';

/** The first free form of a name: `Wake up`, else `Wake up 2`, `Wake up 3`… (the spec's "a number is appended"). */
export function uniqueName(services: Services, name: string, ownId?: string): string {
  const taken = new Set([...services.automation.schedules.all()].filter((s) => s.id !== ownId).map((s) => s.name));
  if (!taken.has(name)) return name;
  for (let n = 2; ; n += 1) if (!taken.has(`${name} ${n}`)) return `${name} ${n}`;
}

/**
 * The timing part of a schedule after a create or update: a (re)started run whenever the time or
 * the status changes, and the next firing committed with it. A schedule that would be enabled
 * but can never fire (an absolute time already past) is refused with type 7 on its time.
 */
export function planTiming(
  services: Services,
  schedule: Pick<ScheduleRecord, 'time' | 'localtime' | 'status'>,
  base: string,
): Pick<ScheduleInput, 'startedAt' | 'nextFireAt' | 'firings'> {
  const now = services.clock.now();
  const startedAt = now;
  if (schedule.status !== 'enabled') return { startedAt, nextFireAt: null, firings: 0 };
  const nextFireAt = nextFireOf({ ...schedule, startedAt }, now, services.automation.scheduleClock());
  if (nextFireAt === null) {
    const name = schedule.localtime !== null ? 'localtime' : 'time';
    throw new DeconzError(invalid(base, name, schedule.localtime ?? schedule.time));
  }
  return { startedAt, nextFireAt, firings: 0 };
}
