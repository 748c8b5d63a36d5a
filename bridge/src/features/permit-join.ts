import type { Feature, FeatureDeps } from './types';

/**
 * Follows the permit-join window (`deps.permitJoin`, re-opened past the radio's 254 s limit) for
 * bridge info: the countdown is republished every second while the network is open, so a UI can
 * show it without computing clocks of its own. The radio closing on its own ends the window.
 */
export function permitJoin(deps: FeatureDeps): Feature {
  const log = deps.logger.child({ feature: 'permit-join' });
  const window = deps.permitJoin;
  let ticker: ReturnType<typeof setInterval> | undefined;
  let running = false;

  const stopTicking = () => {
    clearInterval(ticker);
    ticker = undefined;
  };

  return {
    name: 'permit-join',
    async start() {
      running = true;
      deps.radio.on('permitJoinChanged', ({ permitted, remaining }) => {
        if (!running) return;
        if (!permitted) window.closedByRadio();
        log.info({ permitted, seconds: remaining, window: window.remaining() }, permitted ? 'network open for joining' : 'network closed for joining');
        stopTicking();
        if (window.isOpen()) {
          ticker = setInterval(() => {
            if (!window.isOpen()) stopTicking();
            deps.bus.emit('infoChanged', {});
          }, 1000);
        }
        deps.bus.emit('infoChanged', {});
      });
      if (deps.config.permitJoinOnStart > 0) await window.open(deps.config.permitJoinOnStart);
    },
    stop() {
      running = false;
      stopTicking();
      window.stop();
    },
  };
}
