import type { Controller, Events, Models, Types } from 'zigbee-herdsman';
import { Zcl } from 'zigbee-herdsman';
import type { Logger } from 'pino';
import { RadioError, type FailureReason } from '../radio-error';
import type { ImageSources } from './image-sources';
import { createProgressMeter } from './progress';
import type { DeviceOta, OtaCheck, OtaEventMap, OtaRun } from './types';

/** Block pacing and the wait for each request (herdsman's OtaDataSettings). */
export interface OtaSettings {
  responseDelayMs: number;
  requestTimeoutMs: number;
  blockSize: number;
}

interface Deps {
  controller: () => Controller;
  sources: ImageSources;
  settings: OtaSettings;
  /** The converters' `ota` of the device's definition (extra match keys), when it has one. */
  extraMetas: (ieee: string) => Types.OtaExtraMetas;
  emit: <K extends keyof OtaEventMap>(event: K, payload: OtaEventMap[K]) => void;
  /** Called after a device runs its new image (its identity is read again). */
  updated: (ieee: string) => Promise<void>;
  log: Logger;
}

type Query = Parameters<Models.Device['checkOta']>[1] & object;

/**
 * The OTA server: device-initiated image queries, checks, updates (now, or at the device's next
 * query when scheduled), abort, and the progress herdsman reports only every 30 s measured here
 * from the block requests themselves.
 */
export function createDeviceOta(deps: Deps): DeviceOta & { onMessage(message: Events.MessagePayload): void } {
  const { log } = deps;
  const busy = new Set<string>();
  const queries = new Map<string, Query>();
  const meters = new Map<string, ReturnType<typeof createProgressMeter>>();
  /**
   * An update counts as begun when the device asks for its first block, not when herdsman offered
   * the image: a device that refuses answers the offer with an upgrade end, and that is the answer.
   */
  const firstBlock = new Map<string, { seen: boolean; begun?: () => void }>();
  let active = false;

  const deviceOf = (ieee: string): Models.Device => {
    const device = deps.controller().getDeviceByIeeeAddr(ieee);
    if (!device || device.type === 'Coordinator') throw new RadioError(`device ${ieee} is not on this network`, 'unsupported');
    return device;
  };
  const otaEndpoint = (device: Models.Device) => device.endpoints.find((e) => e.supportsOutputCluster('genOta'));
  const supported = (ieee: string): Models.Device => {
    const device = deviceOf(ieee);
    if (!otaEndpoint(device)) throw new RadioError(`device ${ieee} has no OTA client (genOta) endpoint`, 'unsupported');
    return device;
  };
  const dataSettings = (): Types.OtaDataSettings => ({
    requestTimeout: deps.settings.requestTimeoutMs,
    responseDelay: deps.settings.responseDelayMs,
    baseSize: deps.settings.blockSize,
  });
  const source = async (): Promise<Types.OtaSource> => ({ url: await deps.sources.refresh() });

  const toCheck = (result: Types.OtaUpdateAvailableResult): OtaCheck => ({
    installed: result.current.fileVersion,
    ...(result.availableMeta ? { image: deps.sources.describe(result.availableMeta) } : {}),
    available: result.available,
  });

  /** What went wrong, from herdsman's messages (it throws plain Errors). */
  const classify = (ieee: string, err: unknown, sent: number): RadioError => {
    if (err instanceof RadioError) return err;
    const text = err instanceof Error ? err.message : String(err);
    let reason: FailureReason = 'transfer_failed';
    if (/was aborted/.test(text)) reason = 'aborted';
    else if (/didn't respond to OTA request/.test(text)) reason = 'no_ack';
    else if (/failed with reason: (ABORT|NOT_AUTHORIZED)/.test(text) && sent === 0) reason = 'refused';
    else if (/did not start\/finish firmware download/.test(text) && sent === 0) reason = 'refused';
    const what =
      reason === 'refused'
        ? 'the device refused the image'
        : reason === 'aborted'
          ? 'aborted'
          : reason === 'no_ack'
            ? 'the device did not answer the image notify'
            : sent > 0
              ? `the transfer stopped after ${sent} bytes`
              : 'the transfer failed';
    return new RadioError(`update ${ieee}: ${what} (${text})`, reason, { cause: err });
  };

  /** Runs herdsman's update; `query`/`tsn` when the device's own query is in hand (a scheduled run). */
  const run = (ieee: string, device: Models.Device, query?: { payload: Query; tsn: number }): OtaRun => {
    busy.add(ieee);
    firstBlock.set(ieee, { seen: false });
    const scheduled = query !== undefined;
    let from: number | null = query?.payload.fileVersion ?? null;
    let start!: (value: { from: number; to: number; size: number }) => void;
    let fail!: (err: unknown) => void;
    const started = new Promise<{ from: number; to: number; size: number }>((resolve, reject) => {
      start = resolve;
      fail = reject;
    });
    started.catch(() => {});
    const done = (async () => {
      const src = scheduled ? undefined : await source();
      if (scheduled) await deps.sources.refresh();
      const onProgress = (percent: number) => {
        if (percent !== 0 || meters.has(ieee)) return;
        // The device accepted the image: herdsman matched what this lookup finds.
        void (async () => {
          const current = queries.get(ieee);
          const meta = current ? await device.findMatchingOtaImage({ url: deps.sources.path }, current, deps.extraMetas(ieee)) : undefined;
          from = current?.fileVersion ?? from;
          const info = { from: from ?? 0, to: meta?.fileVersion ?? 0, size: meta?.fileSize ?? 0 };
          meters.set(
            ieee,
            createProgressMeter(info.size, (p) => deps.emit('otaProgress', { ieee, ...p })),
          );
          deps.emit('otaStarted', { ieee, ...info });
          const blocks = firstBlock.get(ieee);
          if (blocks?.seen) start(info);
          else firstBlock.set(ieee, { seen: false, begun: () => start(info) });
        })().catch(fail);
      };
      const [was, to] = await device.updateOta(src, query?.payload, query?.tsn, deps.extraMetas(ieee), onProgress, dataSettings());
      from = was.fileVersion;
      if (to === undefined)
        throw new RadioError(
          `update ${ieee}: no newer image for manufacturer 0x${was.manufacturerCode.toString(16)} image type 0x${was.imageType.toString(16)} version ${was.fileVersion} in the sources`,
          'no_image',
        );
      queries.set(ieee, { ...was, fileVersion: to.fileVersion });
      await deps.updated(ieee).catch((err: unknown) => log.warn({ err, ieee }, 'reading the identity after the update failed'));
      return { from: was.fileVersion, to: to.fileVersion };
    })()
      .then(
        (result) => {
          // A transfer too short to be seen beginning has begun all the same.
          start({ from: result.from, to: result.to, size: 0 });
          deps.emit('otaDone', { ieee, ok: true, from: result.from, to: result.to, scheduled });
          return result;
        },
        (err: unknown) => {
          const error = classify(ieee, err, meters.get(ieee)?.sent() ?? 0);
          if (error.reason === 'no_image' && scheduled) device.unscheduleOta();
          log.warn({ ieee, reason: error.reason }, error.message);
          deps.emit('otaDone', { ieee, ok: false, from, to: null, reason: error.reason, message: error.message, scheduled });
          fail(error);
          throw error;
        },
      )
      .finally(() => {
        busy.delete(ieee);
        meters.delete(ieee);
        firstBlock.delete(ieee);
      });
    done.catch(() => {});
    return { started, done };
  };

  const answerNone = (message: Events.MessagePayload, tsn: number) => {
    const endpoint = otaEndpoint(message.device) ?? message.endpoint;
    endpoint
      .commandResponse('genOta', 'queryNextImageResponse', { status: Zcl.Status.NO_IMAGE_AVAILABLE }, undefined, tsn)
      .catch((err: unknown) => log.debug({ err, ieee: message.device.ieeeAddr }, 'no-image answer to an OTA query failed'));
  };

  const known = async (ieee: string): Promise<OtaCheck> => {
    const device = supported(ieee);
    const current = queries.get(ieee);
    if (!current) return { installed: null, available: false };
    return toCheck(await device.checkOta(await source(), current, deps.extraMetas(ieee)));
  };

  return {
    supports(ieee) {
      const device = deps.controller().getDeviceByIeeeAddr(ieee);
      return device !== undefined && otaEndpoint(device) !== undefined;
    },
    sleepy: (ieee) => deviceOf(ieee).type === 'EndDevice',
    async check(ieee) {
      const device = supported(ieee);
      if (busy.has(ieee)) throw new RadioError(`check ${ieee}: an OTA check or update of this device is running`, 'busy');
      busy.add(ieee);
      try {
        return toCheck(await device.checkOta(await source(), undefined, deps.extraMetas(ieee)));
      } catch (err) {
        throw classify(ieee, err, 0);
      } finally {
        busy.delete(ieee);
      }
    },
    known,
    update(ieee) {
      const device = supported(ieee);
      if (busy.has(ieee)) throw new RadioError(`update ${ieee}: an OTA check or update of this device is running`, 'busy');
      return run(ieee, device);
    },
    async schedule(ieee) {
      const device = supported(ieee);
      // The index is read again when the device asks, so images dropped in meanwhile count.
      device.scheduleOta(await source());
      device.save();
    },
    unschedule(ieee) {
      const device = supported(ieee);
      const had = device.scheduledOta !== undefined;
      device.unscheduleOta();
      device.save();
      return had;
    },
    scheduled: (ieee) => deps.controller().getDeviceByIeeeAddr(ieee)?.scheduledOta !== undefined,
    busy: (ieee) => busy.has(ieee),
    abort(ieee) {
      // Not `device.otaInProgress`: herdsman 11.1.1 clears it once it offered the image, before the
      // transfer runs. A transfer runs from the offer (its meter) until its end.
      const device = deps.controller().getDeviceByIeeeAddr(ieee);
      if (!device || !meters.has(ieee)) return false;
      device.abortOta();
      return true;
    },
    setActive(value) {
      active = value;
    },
    onMessage(message) {
      if (message.cluster !== 'genOta') return;
      const ieee = message.device.ieeeAddr;
      if (message.type === 'commandImageBlockRequest' || message.type === 'commandImagePageRequest') {
        meters.get(ieee)?.at((message.data as { fileOffset: number }).fileOffset);
        const blocks = firstBlock.get(ieee);
        if (blocks && !blocks.seen) {
          blocks.seen = true;
          blocks.begun?.();
        }
        return;
      }
      if (message.type !== 'commandQueryNextImageRequest') return;
      const payload = message.data as Query;
      queries.set(ieee, payload);
      const tsn = message.meta.zclTransactionSequenceNumber;
      // herdsman's own check or update is waiting for this query.
      if (busy.has(ieee) || tsn === undefined) return;
      if (message.device.scheduledOta) {
        log.info({ ieee, installed: payload.fileVersion }, 'device asked for an image: running its scheduled update');
        run(ieee, message.device, { payload, tsn });
        return;
      }
      // With OTA off (deCONZ otauactive false) the query goes unanswered, as deCONZ leaves it.
      if (active) answerNone(message, tsn);
      void known(ieee).then(
        (check) => deps.emit('otaQuery', { ieee, check }),
        (err: unknown) => log.debug({ err, ieee }, 'matching an OTA query failed'),
      );
    },
  };
}
