/**
 * genTime server (ZCL 3.12): the device's own clock. It runs from whatever it was last set to (a
 * device fresh from the box starts at 2000-01-01, as a real one without a battery backup would);
 * `lastSetTime` records when a host set it, `standardTime` and `localTime` follow the time zone
 * and daylight-saving fields the host wrote. Reads see the clock as of the read.
 */
import type { Behaviour, BehaviourHost } from '../behaviour';

const C = 'genTime';
/** Where each device endpoint's clock was last brought up to date, in host milliseconds. */
const ticked = new WeakMap<BehaviourHost, Map<number, number>>();

function advance(host: BehaviourHost, ep: number): void {
  const marks = ticked.get(host) ?? new Map<number, number>();
  ticked.set(host, marks);
  const now = host.now();
  const last = marks.get(ep) ?? now;
  const seconds = Math.floor((now - last) / 1000);
  marks.set(ep, last + seconds * 1000);
  const time = host.num(ep, C, 'time') + seconds;
  if (seconds > 0) host.set(ep, C, 'time', time);
  const standard = time + host.num(ep, C, 'timeZone');
  const dst = time >= host.num(ep, C, 'dstStart') && time < host.num(ep, C, 'dstEnd') ? host.num(ep, C, 'dstShift') : 0;
  host.set(ep, C, 'standardTime', standard);
  host.set(ep, C, 'localTime', standard + dst);
}

export const time: Behaviour = {
  defaults: {
    time: 0,
    timeStatus: 0,
    timeZone: 0,
    dstStart: 0,
    dstEnd: 0,
    dstShift: 0,
    standardTime: 0,
    localTime: 0,
    lastSetTime: 0,
    validUntilTime: 0xffffffff,
  },
  beforeRead: advance,
  written: (host, ep, attr, value) => {
    if (attr === 'time') {
      ticked.get(host)?.set(ep, host.now());
      host.set(ep, C, 'lastSetTime', Number(value));
    }
    advance(host, ep);
  },
  start: (host, ep) => {
    const marks = ticked.get(host) ?? new Map<number, number>();
    ticked.set(host, marks);
    marks.set(ep, host.now());
  },
};
