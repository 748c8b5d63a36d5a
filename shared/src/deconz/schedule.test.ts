import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { thermostatScheduleSchema } from '../mqtt/schemas/thermostat-schedule';
import { toConverterSchedules, toDeconzSchedule } from './schedule';

describe('thermostat weekly schedule', () => {
  const workday = [
    { time: 390, heat: 2100 },
    { time: 1320, heat: 1700 },
  ];
  const weekend = [{ time: 480, heat: 2200 }];

  it('should group the days the device holds by their transitions, Monday 64 … Sunday 1', () => {
    const week = { monday: workday, tuesday: workday, wednesday: weekend, thursday: workday, friday: workday, saturday: weekend, sunday: weekend };
    expect(toDeconzSchedule(week)).toEqual({
      W19: [{ localtime: 'T08:00', heatsetpoint: 2200 }],
      W108: [
        { localtime: 'T06:30', heatsetpoint: 2100 },
        { localtime: 'T22:00', heatsetpoint: 1700 },
      ],
    });
    expect(toDeconzSchedule({ monday: [{ time: 60 }] })).toEqual({});
    expect(toDeconzSchedule(undefined)).toBeUndefined();
  });

  it('should write one converter schedule per group of days, in hours and °C', () => {
    expect(toConverterSchedules({ W124: [{ localtime: 'T06:30', heatsetpoint: 2150 }], W3: [{ localtime: 'T23:59', heatsetpoint: 500 }] })).toEqual([
      { dayofweek: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'], transitions: [{ transitionTime: 390, heatSetpoint: 21.5 }] },
      { dayofweek: ['sunday', 'saturday'], transitions: [{ transitionTime: 1439, heatSetpoint: 5 }] },
    ]);
  });

  it("should take only deCONZ's shape: W1-W127, 1 to 10 transitions, Thh:mm, 500-3000", () => {
    const ok = (value: unknown) => v.safeParse(thermostatScheduleSchema, value).success;
    expect(ok({ W127: [{ localtime: 'T00:00', heatsetpoint: 500 }] })).toBe(true);
    expect(ok({})).toBe(false);
    expect(ok({ W0: [{ localtime: 'T00:00', heatsetpoint: 500 }] })).toBe(false);
    expect(ok({ W128: [{ localtime: 'T00:00', heatsetpoint: 500 }] })).toBe(false);
    expect(ok({ W1: [{ localtime: '06:00', heatsetpoint: 500 }] })).toBe(false);
    expect(ok({ W1: [{ localtime: 'T06:60', heatsetpoint: 500 }] })).toBe(false);
    expect(ok({ W1: [{ localtime: 'T06:00', heatsetpoint: 3001 }] })).toBe(false);
    expect(ok({ W1: Array.from({ length: 11 }, () => ({ localtime: 'T06:00', heatsetpoint: 2000 })) })).toBe(false);
  });
});
