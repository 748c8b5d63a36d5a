/** genIdentify server (ZCL 3.5): identifyTime counts down once a second while the device identifies. */
import type { Behaviour, BehaviourHost } from '../behaviour';

const I = 'genIdentify';

function countDown(host: BehaviourHost, ep: number): void {
  if (host.num(ep, I, 'identifyTime') <= 0) return host.timers.clear(`identify:${ep}`);
  host.timers.every(
    `identify:${ep}`,
    () => {
      const left = Math.max(0, host.num(ep, I, 'identifyTime') - 1);
      host.set(ep, I, 'identifyTime', left);
      return left > 0;
    },
    1000,
  );
}

export const identify: Behaviour = {
  defaults: { identifyTime: 0 },
  commands: {
    identify: (host, { endpoint, args }) => {
      host.set(endpoint, I, 'identifyTime', Number(args.identifytime));
      countDown(host, endpoint);
      return { status: 0 };
    },
    identifyQuery: (host, { endpoint }) => {
      const timeout = host.num(endpoint, I, 'identifyTime');
      return timeout > 0 ? { response: 'identifyQueryRsp', payload: { timeout } } : { status: 0 };
    },
    triggerEffect: () => ({ status: 0 }),
  },
  written: (host, endpoint) => countDown(host, endpoint),
  start: (host, endpoint) => countDown(host, endpoint),
};
