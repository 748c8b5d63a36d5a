import { describe, expect, it } from 'vitest';
import { THERMOSTAT_ITEMS } from './thermostat-items';
import { readProgramme, writeProgramme, type ProgrammeMap } from './programme';

const MAP = THERMOSTAT_ITEMS.find((row) => row.item === 'schedule')!.keys.find((key) => key.kind === 'programme') as ProgrammeMap;
const slots = (...list: Array<[number, number, number]>) => list.map(([hour, minute, temperature]) => ({ hour, minute, temperature }));
// The Moes HY369RT's programmes fresh from the box (data points 112 and 113).
const WORKDAYS = slots([6, 0, 20], [8, 0, 15], [11, 30, 15], [12, 30, 15], [17, 30, 20], [22, 0, 15]);
const HOLIDAYS = slots([6, 0, 20], [8, 0, 20], [11, 30, 20], [12, 30, 20], [17, 30, 20], [22, 0, 15]);
const t = (localtime: string, heatsetpoint: number) => ({ localtime, heatsetpoint });

describe('Tuya valve day programmes', () => {
  it('should show each part under the days its week format runs it on, in 0.01 °C', () => {
    expect(readProgramme(MAP, { week: '5+2', workdays: WORKDAYS, holidays: HOLIDAYS })).toEqual({
      W3: [t('T06:00', 2000), t('T08:00', 2000), t('T11:30', 2000), t('T12:30', 2000), t('T17:30', 2000), t('T22:00', 1500)],
      W124: [t('T06:00', 2000), t('T08:00', 1500), t('T11:30', 1500), t('T12:30', 1500), t('T17:30', 2000), t('T22:00', 1500)],
    });
    expect(Object.keys(readProgramme(MAP, { week: '6+1', workdays: WORKDAYS, holidays: HOLIDAYS }) as object)).toEqual(['W1', 'W126']);
    // Seven alike: the holiday programme runs on no day, so it is not shown.
    expect(Object.keys(readProgramme(MAP, { week: '7', workdays: WORKDAYS, holidays: HOLIDAYS }) as object)).toEqual(['W127']);
  });

  it('should leave out slots that repeat the one before (how a shorter programme fills the valve)', () => {
    const short = slots([6, 30, 21], [22, 0, 16], [22, 0, 16], [22, 0, 16], [22, 0, 16], [22, 0, 16]);
    expect(readProgramme(MAP, { week: '7', workdays: short })).toEqual({ W127: [t('T06:30', 2100), t('T22:00', 1600)] });
  });

  it('should show nothing before the week format or a programme is known', () => {
    expect(readProgramme(MAP, { workdays: WORKDAYS })).toBeUndefined();
    expect(readProgramme(MAP, { week: '5+2' })).toBeUndefined();
    expect(readProgramme(MAP, { week: '5+2', workdays: [{ hour: 6 }] })).toBeUndefined();
    expect(readProgramme(MAP, 'x')).toBeUndefined();
  });

  it('should write the named parts of the week the valve has, every slot filled, in whole °C', () => {
    expect(writeProgramme(MAP, { W124: [t('T06:30', 2100), t('T22:00', 1600)] }, { week: '5+2' })).toEqual({
      ok: true,
      payloads: [{ workdays_schedule: '06:30/21°C 22:00/16°C 22:00/16°C 22:00/16°C 22:00/16°C 22:00/16°C' }],
    });
    expect(writeProgramme(MAP, { W1: [t('T00:00', 500)] }, { week: '6+1' })).toEqual({
      ok: true,
      payloads: [{ holidays_schedule: '00:00/5°C 00:00/5°C 00:00/5°C 00:00/5°C 00:00/5°C 00:00/5°C' }],
    });
  });

  it('should change the week format only when the write names the whole week, format first', () => {
    const day = [t('T07:00', 2000)];
    expect(writeProgramme(MAP, { W127: day }, { week: '5+2' })).toEqual({
      ok: true,
      payloads: [{ week: '7' }, { workdays_schedule: '07:00/20°C 07:00/20°C 07:00/20°C 07:00/20°C 07:00/20°C 07:00/20°C' }],
    });
    const both = writeProgramme(MAP, { W126: day, W1: day }, undefined);
    expect(both.ok && both.payloads.map((p) => Object.keys(p)[0])).toEqual(['week', 'workdays_schedule', 'holidays_schedule']);
    expect(writeProgramme(MAP, { W126: day }, { week: '5+2' })).toEqual({
      ok: false,
      reason: "the valve's week is 5+2: name all of W126 and W1 to make it 6+1",
    });
    expect(writeProgramme(MAP, { W3: day }, {})).toEqual({ ok: false, reason: "the valve's week is not known yet: name all of W124 and W3 to make it 5+2" });
  });

  it('should refuse what the valve cannot hold, naming why', () => {
    const day = [t('T07:00', 2000)];
    const week = { week: '5+2' };
    expect(writeProgramme(MAP, { W64: day }, week)).toEqual({ ok: false, reason: 'W64: this valve programmes W127 (7), W124 and W3 (5+2), W126 and W1 (6+1)' });
    expect(writeProgramme(MAP, { W124: day, W1: day }, week)).toMatchObject({ ok: false, reason: expect.stringContaining('different weeks') });
    const seven = ['T01:00', 'T02:00', 'T03:00', 'T04:00', 'T05:00', 'T06:00', 'T07:00'].map((time) => t(time, 2000));
    expect(writeProgramme(MAP, { W124: seven }, week)).toEqual({ ok: false, reason: 'W124: this valve holds 6 transitions a day' });
    expect(writeProgramme(MAP, { W124: [t('T07:00', 2050)] }, week)).toEqual({ ok: false, reason: 'W124: this valve takes whole degrees from 500 to 3400' });
    expect(writeProgramme(MAP, { W124: [t('T08:00', 2000), t('T07:00', 1800)] }, week)).toEqual({
      ok: false,
      reason: 'W124: transitions must follow each other in time',
    });
  });
});
