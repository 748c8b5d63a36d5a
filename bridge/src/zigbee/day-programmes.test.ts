import { describe, expect, it } from 'vitest';
import { findByDevice } from 'zigbee-herdsman-converters';
import { interviewedDevice } from '../../test/support/catalogue-device';
import { keptProgramme, keptProgrammeExposes } from './day-programmes';

const slot = (hour: number, minute: number, temperature: number) => ({ hour, minute, temperature });

describe('Tuya valve day programmes kept', () => {
  it('should keep the week format and both programmes under one key, merged from reports of one part each', async () => {
    const valve = (await findByDevice(interviewedDevice('TS0601-_TZE200_ckud7u2l') as never))!;
    expect(keptProgrammeExposes(valve)).toEqual([{ type: 'composite', name: 'weekly_programme', property: 'weekly_programme', access: 7, features: [] }]);
    const week = keptProgramme(valve, { week: '5+2' }, {});
    expect(week).toEqual({ weekly_programme: { week: '5+2' } });
    // The converter marks the slot that runs now; the programme is the same without it.
    const workdays = keptProgramme(valve, { workdays: [{ ...slot(6, 0, 20), current: true }, slot(22, 0, 15)], workdays_schedule: '…' }, week);
    expect(workdays).toEqual({ weekly_programme: { week: '5+2', workdays: [slot(6, 0, 20), slot(22, 0, 15)] } });
    expect(keptProgramme(valve, { holidays: [slot(8, 0, 21)] }, workdays)).toEqual({
      weekly_programme: { week: '5+2', workdays: [slot(6, 0, 20), slot(22, 0, 15)], holidays: [slot(8, 0, 21)] },
    });
    expect(keptProgramme(valve, { local_temperature: 19.5 }, workdays)).toEqual({});
  });

  it("should keep nothing for definitions without the valves' converter", async () => {
    const danfoss = (await findByDevice(interviewedDevice('eTRV0100') as never))!;
    expect(keptProgrammeExposes(danfoss)).toEqual([]);
    expect(keptProgramme(danfoss, { week: '5+2' }, {})).toEqual({});
  });
});
