/** The colour loop of ZCL 5.2.2.3.20: enhanced hue cycles once per colorLoopTime seconds until stopped. */
import type { BehaviourHost } from '../behaviour';
import type { CommandPayload } from '../../zcl/index';

const C = 'lightingColorCtrl';
const key = (ep: number) => `colorloop:${ep}`;

function run(host: BehaviourHost, ep: number): void {
  const stepMs = host.config.stepMs;
  host.timers.every(
    key(ep),
    () => {
      const period = Math.max(1, host.num(ep, C, 'colorLoopTime', 25)) * 1000;
      const sign = host.num(ep, C, 'colorLoopDirection') === 1 ? 1 : -1;
      const hue = (host.num(ep, C, 'enhancedCurrentHue') + sign * Math.round((0x10000 * stepMs) / period) + 0x10000) % 0x10000;
      host.set(ep, C, 'enhancedCurrentHue', hue);
      host.set(ep, C, 'currentHue', Math.min(254, hue >> 8));
      return true;
    },
    stepMs,
  );
}

export const colorLoop = {
  set(host: BehaviourHost, ep: number, args: CommandPayload): void {
    const flags = Number(args.updateflags);
    if (flags & 0x02) host.set(ep, C, 'colorLoopDirection', Number(args.direction));
    if (flags & 0x04) host.set(ep, C, 'colorLoopTime', Number(args.time));
    if (flags & 0x08) host.set(ep, C, 'colorLoopStartEnhancedHue', Number(args.starthue));
    if (!(flags & 0x01)) return;
    const action = Number(args.action);
    if (action === 0) return colorLoop.stop(host, ep);
    if (host.num(ep, C, 'colorLoopActive') === 0) host.set(ep, C, 'colorLoopStoredEnhancedHue', host.num(ep, C, 'enhancedCurrentHue'));
    if (action === 1) host.set(ep, C, 'enhancedCurrentHue', host.num(ep, C, 'colorLoopStartEnhancedHue'));
    host.set(ep, C, 'colorLoopActive', 1);
    host.set(ep, C, 'colorMode', 0);
    host.set(ep, C, 'enhancedColorMode', 3);
    run(host, ep);
  },
  stop(host: BehaviourHost, ep: number): void {
    if (host.num(ep, C, 'colorLoopActive') === 0) return;
    host.timers.clear(key(ep));
    host.set(ep, C, 'colorLoopActive', 0);
    host.set(ep, C, 'enhancedCurrentHue', host.num(ep, C, 'colorLoopStoredEnhancedHue'));
  },
  /** Resumes a loop that was active when the device was stopped or restored. */
  resume(host: BehaviourHost, ep: number): void {
    if (host.num(ep, C, 'colorLoopActive') === 1) run(host, ep);
  },
};
