/**
 * ssIasZone server (ZCL 8.2): enrolment (the CIE writes iasCieAddr, the zone asks to enrol, the CIE
 * answers enrollRsp) and status change notifications sent to the CIE.
 */
import type { Behaviour, BehaviourHost } from '../behaviour';

const Z = 'ssIasZone';
const UNSET_CIE = '0000000000000000';
const ENROLL_DELAY_MS = 50;
/** Xiaomi's self-test: the value that starts it, and how long the detector sounds (its alarm 2 bit set). */
const LUMI_SELF_TEST = 0x03010000;
const SELF_TEST_MS = 5_000;
/** Xiaomi's sensitivity command (0x04LL0000, LL 1 low … 3 high) and the status that keeps LL in its second byte. */
const LUMI_SENSITIVITY = 0x04;
const STATUS_LEVEL_SHIFT = 48n;

/** The status with the level `level` in its second byte, as the detector answers it (a hex string). */
function statusWithLevel(status: string, level: number): string {
  const mask = 0xffn << STATUS_LEVEL_SHIFT;
  const next = (BigInt(status) & ~mask) | (BigInt(level) << STATUS_LEVEL_SHIFT);
  return `0x${next.toString(16).padStart(16, '0')}`;
}

export const ZoneStatus = { alarm1: 0x0001, alarm2: 0x0002, tamper: 0x0004, battery: 0x0008, test: 0x0100 } as const;

/** Sets or clears zoneStatus bits and notifies the CIE, as a sensor does when something happens. */
export function changeZoneStatus(host: BehaviourHost, ep: number, set: number, clear = 0): number {
  const status = (host.num(ep, Z, 'zoneStatus') & ~clear) | set;
  host.set(ep, Z, 'zoneStatus', status);
  const cie = String(host.get(ep, Z, 'iasCieAddr') ?? UNSET_CIE);
  const to = cie === host.coordinatorIeee() ? [{ kind: 'coordinator' as const, endpoint: 1 }] : undefined;
  if (cie !== UNSET_CIE) {
    host.sendCommand(
      ep,
      Z,
      'statusChangeNotification',
      { zonestatus: status, extendedstatus: 0, zoneID: host.num(ep, Z, 'zoneId', 0xff), delay: 0 },
      {
        direction: 'toClient',
        disableDefaultResponse: true,
        ...(to ? { to } : {}),
      },
    );
  }
  return status;
}

export const iasZone: Behaviour = {
  defaults: { zoneState: 0, zoneType: 0x0015, zoneStatus: 0, iasCieAddr: UNSET_CIE, zoneId: 0xff, currentZoneSensitivityLevel: 0 },
  commands: {
    enrollRsp: (host, { endpoint, args }) => {
      if (Number(args.enrollrspcode) === 0) {
        host.set(endpoint, Z, 'zoneState', 1);
        host.set(endpoint, Z, 'zoneId', Number(args.zoneid));
      }
      return { status: 0 };
    },
    initNormalOpMode: () => ({ status: 0 }),
    // ZCL 8.2.2.3.2: the zone enters test mode for the given seconds, its test bit set meanwhile
    // (Heiman's alarms sound their self-test); the CIE hears of the start and of the end.
    initTestMode: (host, { endpoint, args }) => {
      const seconds = Math.max(1, Number(args.testmodeduration) || 0);
      changeZoneStatus(host, endpoint, ZoneStatus.test);
      host.timers.set(`ias:testmode:${endpoint}`, () => changeZoneStatus(host, endpoint, 0, ZoneStatus.test), seconds * 1000);
      return { status: 0 };
    },
  },
  written: (host, endpoint, attr, value) => {
    if (attr === 'lumiSelfTest' && value === LUMI_SELF_TEST) {
      changeZoneStatus(host, endpoint, ZoneStatus.alarm2);
      host.timers.set(`ias:selftest:${endpoint}`, () => changeZoneStatus(host, endpoint, 0, ZoneStatus.alarm2), SELF_TEST_MS);
      return;
    }
    const status = host.get(endpoint, Z, 'lumiStatus');
    if (attr === 'lumiSelfTest' && typeof value === 'number' && value >>> 24 === LUMI_SENSITIVITY && typeof status === 'string') {
      host.set(endpoint, Z, 'lumiStatus', statusWithLevel(status, (value >>> 16) & 0xff));
      return;
    }
    if (attr !== 'iasCieAddr' || value === UNSET_CIE || host.num(endpoint, Z, 'zoneState') === 1) return;
    // Trip-to-pair: a zone that learns its CIE asks to be enrolled, shortly after answering the write.
    host.timers.set(
      `ias:enroll:${endpoint}`,
      () => {
        if (host.num(endpoint, Z, 'zoneState') === 1) return;
        host.sendCommand(
          endpoint,
          Z,
          'enrollReq',
          { zonetype: host.num(endpoint, Z, 'zoneType'), manucode: 0 },
          {
            direction: 'toClient',
            disableDefaultResponse: true,
            to: [{ kind: 'coordinator', endpoint: 1 }],
          },
        );
      },
      ENROLL_DELAY_MS,
    );
  },
};
