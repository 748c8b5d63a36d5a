/**
 * Keypads (IAS ACE, `ZHAAncillaryControl`) and the bridge side of alarm systems: the api hands the
 * bridge its key for sealing PINs, checks a keypad's PIN like a REST one (same lock-out), answers
 * the keypad's arm command through the bridge, and after every armstate change publishes the state
 * (retained on MQTT) and shows it on the system's keypads.
 */
import type { Logger } from 'pino';
import { createKeypadKeyPair, openSealedCode, type ArmResult, type KeypadKeyPair } from '@herdgate/shared/mqtt';
import { utcSeconds } from '../../lib/timestamps';
import type { BridgeLink, LinkEvent } from '../../services/bridge-link';
import type { Clock } from '../../services/clock';
import type { SensorChange, SensorsReader } from '../sensors';
import type { ArmMode } from './machine';
import { secondsRemaining } from './machine';
import type { AlarmSystemsModel } from './model';
import { DEFAULT_SYSTEM_ID, type AlarmDevice, type AlarmSystemRecord } from './repository';

const KEYPAD_TYPE = 'ZHAAncillaryControl';
const ARM_ACTIONS: Readonly<Record<string, ArmMode>> = { armed_away: 'armed_away', armed_stay: 'armed_stay', armed_night: 'armed_night', disarmed: 'disarmed' };

/** `00:0d:6f:…-01-0501` → the device and endpoint it lives on. */
export function keypadAddress(uniqueid: string): { ieee: string; endpoint: number } | undefined {
  const match = /^((?:[0-9a-f]{2}:){7}[0-9a-f]{2})-([0-9a-f]{2})(?:-[0-9a-f]{4})?$/.exec(uniqueid);
  return match ? { ieee: `0x${match[1].replaceAll(':', '')}`, endpoint: parseInt(match[2], 16) } : undefined;
}

export interface KeypadDeps {
  model: AlarmSystemsModel;
  sensors: SensorsReader;
  bridge: BridgeLink;
  clock: Clock;
  logger: Logger;
}

export async function followKeypads(deps: KeypadDeps): Promise<() => void> {
  const log = deps.logger.child({ component: 'alarm-keypads' });
  const keys: KeypadKeyPair = await createKeypadKeyPair();
  const report = (what: string) => (err: unknown) => log.warn({ err }, what);

  const handOverKey = () => {
    deps.bridge.request('alarm/keypad_key', { public_key: keys.publicJwk }).then((answer) => {
      if (answer.status !== 'ok') log.warn({ code: answer.code }, `bridge did not take the alarm key: ${answer.message}`);
    }, report('handing the alarm key to the bridge failed'));
  };

  const keypadsOf = (members: readonly AlarmDevice[]) =>
    members
      .filter((member) => deps.sensors.get(member.uniqueid)?.type === KEYPAD_TYPE)
      .map((member) => keypadAddress(member.uniqueid))
      .filter((address): address is { ieee: string; endpoint: number } => address !== undefined);

  const publishState = (record: Readonly<AlarmSystemRecord>, members: readonly AlarmDevice[]) => {
    if (!deps.bridge.connected()) return;
    const now = deps.clock.now();
    const { armstate, armmode, deadline } = record.state;
    const state = { armstate, armmode, seconds_remaining: secondsRemaining(record.state, now), until: deadline === null ? null : `${utcSeconds(deadline)}Z` };
    deps.bridge.request('alarm/state', { alarmsystem: record.id, state, keypads: keypadsOf(members) }).then((answer) => {
      if (answer.status !== 'ok') return log.warn({ alarmsystem: record.id, code: answer.code }, `alarm state not published: ${answer.message}`);
      for (const keypad of answer.data.keypads)
        if (!keypad.ok) log.warn({ alarmsystem: record.id, keypad: keypad.ieee }, `keypad missed the panel status: ${keypad.error}`);
    }, report('publishing the alarm state failed'));
  };

  const publishAll = () => {
    for (const id of Object.keys(deps.model.list())) publishState(deps.model.system(id)!, deps.model.membersOf(id));
  };

  /** The keypad sensor behind an event of device `ieee` endpoint `endpoint`. */
  const keypadAt = (ieee: string, endpoint: number) =>
    Object.values(deps.sensors.list()).find((sensor) => {
      if (sensor.type !== KEYPAD_TYPE) return false;
      const address = keypadAddress(sensor.uniqueid);
      return address?.ieee === ieee && address.endpoint === endpoint;
    });

  const answer = (ieee: string, endpoint: number, result: ArmResult, seq: unknown) => {
    if (typeof seq !== 'number') return log.warn({ keypad: ieee }, 'keypad arm without a sequence number: not answered');
    deps.bridge.request('alarm/arm_response', { ieee, endpoint, result, seq }).then((outcome) => {
      if (outcome.status !== 'ok') log.warn({ keypad: ieee, result }, `arm response not delivered: ${outcome.message}`);
    }, report('arm response failed'));
  };

  const onArm = async (ieee: string, endpoint: number, state: Record<string, unknown>) => {
    const mode = ARM_ACTIONS[String(state.action)];
    if (!mode) return;
    const sensor = keypadAt(ieee, endpoint);
    const member = sensor && deps.model.member(sensor.uniqueid);
    if (!member) {
      log.warn({ keypad: ieee, endpoint }, 'keypad is in no alarm system: arm refused');
      return answer(ieee, endpoint, 'not_ready', state.seq);
    }
    const code = typeof state.code_sealed === 'string' ? await openSealedCode(keys.privateKey, state.code_sealed) : undefined;
    if (code === undefined) {
      // The bridge had no (or another) key: refused, but not counted as a guess.
      log.warn({ keypad: ieee }, 'keypad PIN not readable (not sealed with this api key): arm refused');
      return answer(ieee, endpoint, 'invalid_code', state.seq);
    }
    const check = await deps.model.checkPin(member.alarmsystem, code, `keypad ${sensor!.uniqueid}`);
    if (!check.ok) return answer(ieee, endpoint, check.reason === 'locked' ? 'not_ready' : 'invalid_code', state.seq);
    const before = deps.model.system(member.alarmsystem)?.state.armmode;
    await deps.model.requestMode(member.alarmsystem, mode);
    log.info({ alarmsystem: member.alarmsystem, keypad: sensor!.uniqueid, armmode: mode }, 'alarm mode set from a keypad');
    answer(ieee, endpoint, mode === 'disarmed' && before === 'disarmed' ? 'already_disarmed' : mode, state.seq);
  };

  const onLink = (event: LinkEvent) => {
    if (event.kind === 'bridge-online') {
      handOverKey();
      publishAll();
    } else if (event.kind === 'event') {
      onArm(event.ieee, event.endpoint, event.state).catch(report('keypad arm failed'));
    }
  };

  /**
   * deCONZ puts a newly paired keypad into alarm system 1; it then shows the system's state at once
   * (its `panel` mirrors `armstate` from the start, not from the next change).
   */
  const onSensor = (change: SensorChange) => {
    const after = change.after;
    if (change.before || !after || after.type !== KEYPAD_TYPE || deps.model.member(after.uniqueid)) return;
    deps.model.setDevice({ uniqueid: after.uniqueid, alarmsystem: DEFAULT_SYSTEM_ID, armmask: 'none', trigger: null }).then(() => {
      log.info({ keypad: after.uniqueid }, 'keypad added to alarm system 1');
      const system = deps.model.system(DEFAULT_SYSTEM_ID);
      if (system) publishState(system, deps.model.membersOf(DEFAULT_SYSTEM_ID));
    }, report('adding a keypad to alarm system 1 failed'));
  };

  const offLink = deps.bridge.subscribe(onLink);
  const offSensors = deps.sensors.subscribe(onSensor);
  const offState = deps.model.onStateChange(publishState);
  if (deps.bridge.connected()) {
    handOverKey();
    publishAll();
  }
  return () => {
    offLink();
    offSensors();
    offState();
  };
}
