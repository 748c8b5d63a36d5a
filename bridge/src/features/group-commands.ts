import type { EndpointState, GroupCommandData } from '@herdgate/shared/mqtt';
import type { ConverterState } from '../zigbee/index';

/**
 * Pure reading of group commands: what a ZCL command a device sent to a group means in the REST
 * vocabulary, and what state a member should show after a group command it received. Tables, so
 * a new command is a row, not a branch.
 */
type Payload = Record<string, unknown>;
type Implied = Omit<GroupCommandData, 'group' | 'endpoint' | 'command'>;

const int = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? Math.round(value) : undefined);
const transition = (p: Payload): Implied => {
  const t = int(p.transtime);
  return t === undefined || t === 0xffff ? {} : { transitiontime: t };
};
const step = (p: Payload, withOnOff: boolean): Implied => {
  const size = int(p.stepsize) ?? 0;
  const up = int(p.stepmode) === 0;
  return { bri_inc: up ? size : -size, ...(withOnOff && up ? { on: true } : {}), ...transition(p) };
};
const level = (p: Payload, withOnOff: boolean): Implied => {
  const bri = Math.min(254, int(p.level) ?? 0);
  return { bri, ...(withOnOff ? { on: bri > 0 } : {}), ...transition(p) };
};
const moveOn = (p: Payload): Implied => (int(p.movemode) === 0 ? { on: true } : {});

/** Keyed by `<cluster>.<herdsman command>`; commands not listed are still reported, with no items. */
const COMMANDS: Readonly<Record<string, (p: Payload) => Implied>> = {
  'genOnOff.on': () => ({ on: true }),
  'genOnOff.off': () => ({ on: false }),
  'genOnOff.offWithEffect': () => ({ on: false }),
  'genOnOff.onWithTimedOff': () => ({ on: true }),
  'genOnOff.onWithRecallGlobalScene': () => ({ on: true }),
  'genOnOff.toggle': () => ({ toggle: true }),
  'genLevelCtrl.moveToLevel': (p) => level(p, false),
  'genLevelCtrl.moveToLevelWithOnOff': (p) => level(p, true),
  'genLevelCtrl.step': (p) => step(p, false),
  'genLevelCtrl.stepWithOnOff': (p) => step(p, true),
  'genLevelCtrl.moveWithOnOff': moveOn,
  'lightingColorCtrl.moveToColorTemp': (p) => ({ ...(int(p.colortemp) !== undefined ? { ct: int(p.colortemp) } : {}), ...transition(p) }),
  'lightingColorCtrl.moveToColor': (p) => {
    const x = int(p.colorx);
    const y = int(p.colory);
    return { ...(x !== undefined && y !== undefined ? { xy: [round4(x / 65535), round4(y / 65535)] } : {}), ...transition(p) };
  },
  'genScenes.recall': (p) => (int(p.sceneid) !== undefined ? { scene: int(p.sceneid) } : {}),
};

const round4 = (v: number) => Math.round(v * 10_000) / 10_000;
const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

export function interpretGroupCommand(input: { group: number; endpoint: number; cluster: string; command: string; payload: Payload }): GroupCommandData {
  const implied = COMMANDS[`${input.cluster}.${input.command}`]?.(input.payload) ?? {};
  return { group: input.group, endpoint: input.endpoint, command: snake(input.command), ...implied };
}

/** True when the command leaves member state the bridge cannot predict (a move stopped, a scene). */
export function needsReadBack(data: { command?: string; scene?: number }): boolean {
  return data.scene !== undefined || data.command === 'stop' || data.command === 'stop_with_on_off';
}

/**
 * The converter state a member shows after a group command, from its current deCONZ items.
 * `sent`: what the converters predict for the frames that went out, the same for every member
 * (`{"bri":200}` is a move to level with on/off, so the lamps also turn on; a hue/sat command sets
 * the colour mode); relative items (a toggle, a step) follow from each member's own state and win.
 * Values a member cannot carry are dropped later by the mapping (a plug takes only `on`).
 */
export function predictMember(command: Record<string, unknown>, current: EndpointState['state'] | undefined, sent: ConverterState = {}): ConverterState {
  const out: ConverterState = { ...sent };
  const now: Record<string, unknown> = current ?? {};
  if (command.toggle === true) out.state = now.on === true ? 'OFF' : 'ON';
  if (typeof command.on === 'boolean') out.state = command.on ? 'ON' : 'OFF';
  if (typeof command.bri === 'number' && command.bri > 0) out.brightness = Math.min(254, command.bri);
  if (typeof command.bri_inc === 'number' && typeof now.bri === 'number') out.brightness = Math.min(254, Math.max(1, now.bri + command.bri_inc));
  if (typeof command.ct === 'number') Object.assign(out, { color_temp: command.ct, color_mode: 'color_temp' });
  if (typeof command.ct_inc === 'number' && typeof now.ct === 'number')
    Object.assign(out, { color_temp: Math.max(0, now.ct + command.ct_inc), color_mode: 'color_temp' });
  if (Array.isArray(command.xy) && command.xy.length === 2) Object.assign(out, { color: { x: command.xy[0], y: command.xy[1] }, color_mode: 'xy' });
  return out;
}
