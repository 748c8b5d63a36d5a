import type { Feature, FeatureDeps } from './types';

/**
 * Tracks the permit-join window for bridge info: the countdown is republished every second while
 * the network is open, so a UI can show it without computing clocks of its own.
 */
export function permitJoin(deps: FeatureDeps): Feature {
  const log = deps.logger.child({ feature: 'permit-join' });
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
        deps.permitJoin.open = permitted;
        deps.permitJoin.endsAt = permitted ? Date.now() + remaining * 1000 : 0;
        log.info({ permitted, seconds: remaining }, permitted ? 'network open for joining' : 'network closed for joining');
        stopTicking();
        if (permitted) {
          ticker = setInterval(() => {
            if (Date.now() >= deps.permitJoin.endsAt) stopTicking();
            deps.bus.emit('infoChanged', {});
          }, 1000);
        }
        deps.bus.emit('infoChanged', {});
      });
      if (deps.config.permitJoinOnStart > 0) await deps.radio.permitJoin(deps.config.permitJoinOnStart);
    },
    stop() {
      running = false;
      stopTicking();
    },
  };
}
