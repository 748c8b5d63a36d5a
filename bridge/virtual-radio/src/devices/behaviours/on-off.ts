/** genOnOff server: on, off, toggle, the effect variants and on-with-timed-off (ZCL 3.8). */
import type { Behaviour, BehaviourHost } from '../behaviour';

const OK = { status: 0 } as const;
const TIMED = (ep: number) => `onoff:timed:${ep}`;

function setOn(host: BehaviourHost, ep: number, on: boolean): void {
  host.timers.clear(TIMED(ep));
  if (!on) host.set(ep, 'genOnOff', 'onTime', 0);
  host.set(ep, 'genOnOff', 'onOff', on ? 1 : 0);
}

export const onOff: Behaviour = {
  defaults: { onOff: 0, globalSceneCtrl: 1, onTime: 0, offWaitTime: 0, startUpOnOff: 1 },
  commands: {
    on: (host, { endpoint }) => (setOn(host, endpoint, true), OK),
    off: (host, { endpoint }) => (setOn(host, endpoint, false), OK),
    toggle: (host, { endpoint }) => (setOn(host, endpoint, host.num(endpoint, 'genOnOff', 'onOff') === 0), OK),
    offWithEffect: (host, { endpoint }) => (setOn(host, endpoint, false), OK),
    onWithRecallGlobalScene: (host, { endpoint }) => {
      host.set(endpoint, 'genOnOff', 'globalSceneCtrl', 1);
      setOn(host, endpoint, true);
      return OK;
    },
    onWithTimedOff: (host, { endpoint, args }) => {
      const acceptOnlyWhenOn = (Number(args.ctrlbits) & 0x01) !== 0;
      if (acceptOnlyWhenOn && host.num(endpoint, 'genOnOff', 'onOff') === 0) return OK;
      const onTime = Math.max(Number(args.ontime), host.num(endpoint, 'genOnOff', 'onTime'));
      host.set(endpoint, 'genOnOff', 'onOff', 1);
      host.set(endpoint, 'genOnOff', 'onTime', onTime);
      host.set(endpoint, 'genOnOff', 'offWaitTime', Number(args.offwaittime));
      // onTime is in tenths of a second; the lamp switches itself off when it runs out.
      host.timers.set(TIMED(endpoint), () => setOn(host, endpoint, false), onTime * 100);
      return OK;
    },
  },
  applyScene: (host, endpoint, values) => {
    if (values.onOff !== undefined) setOn(host, endpoint, values.onOff !== 0);
  },
};
