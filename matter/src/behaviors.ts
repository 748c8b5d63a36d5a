/**
 * Bridged endpoints' servers whose commands go to the Zigbee device first: the Matter state
 * changes only after the bridge acknowledged (an honest outcome, a failed command changes
 * nothing), and herdgate's own updates from Zigbee (`endpoint.set`) never pass through here, so
 * they cannot echo back to the radio.
 */
import { ColorControlServer } from '@matter/main/behaviors/color-control';
import { LevelControlServer } from '@matter/main/behaviors/level-control';
import { OnOffServer } from '@matter/main/behaviors/on-off';
import { MovementDirection, MovementType, WindowCoveringServer } from '@matter/main/behaviors/window-covering';
import type { LevelControl } from '@matter/main/clusters';
import { CommandSink, type HerdgateCommand } from './command-sink';

type Sent = { env: { get(type: typeof CommandSink): CommandSink }; endpoint: { id: string } };
const forward = (self: unknown, command: HerdgateCommand) => {
  const { env, endpoint } = self as Sent;
  return env.get(CommandSink).send(endpoint.id, command);
};

export class HerdgateOnOffServer extends OnOffServer.with('Lighting') {
  override async on() {
    await forward(this, { on: true });
    await super.on();
  }
  override async off() {
    await forward(this, { on: false });
    await super.off();
  }
  override async toggle() {
    await forward(this, { on: !this.state.onOff });
    await super.toggle();
  }
}

export class HerdgatePlugOnOffServer extends OnOffServer {
  override async on() {
    await forward(this, { on: true });
    await super.on();
  }
  override async off() {
    await forward(this, { on: false });
    await super.off();
  }
  override async toggle() {
    await forward(this, { on: !this.state.onOff });
    await super.toggle();
  }
}

// Matter transition times are tenths of a second, as deCONZ's transitiontime.
const transition = (time: number | null) => (time === null ? {} : { transitiontime: time });

export class HerdgateLevelControlServer extends LevelControlServer.with('OnOff', 'Lighting') {
  override async moveToLevelLogic(level: number, transitionTime: number | null, withOnOff: boolean, options?: LevelControl.Options) {
    await forward(this, { ...(withOnOff ? { on: level > this.minLevel } : {}), bri: level, ...transition(transitionTime) });
    // The lamp has the level now: set it at once rather than animate a second transition here.
    await super.moveToLevelLogic(level, null, withOnOff, options);
  }
  override async moveLogic() {
    throw new Error('move with a rate is not bridged');
  }
}

export class HerdgateCtColorServer extends ColorControlServer.with('ColorTemperature') {
  override async moveToColorTemperatureLogic(targetMireds: number, transitionTime: number) {
    await forward(this, { ct: targetMireds, transitiontime: transitionTime });
    await super.moveToColorTemperatureLogic(targetMireds, 0);
  }
}

export class HerdgateColorServer extends ColorControlServer.with('ColorTemperature', 'Xy') {
  override async moveToColorTemperatureLogic(targetMireds: number, transitionTime: number) {
    await forward(this, { ct: targetMireds, transitiontime: transitionTime });
    await super.moveToColorTemperatureLogic(targetMireds, 0);
  }
  override async moveToColorLogic(targetX: number, targetY: number, transitionTime: number) {
    await forward(this, { xy: [targetX / 65536, targetY / 65536], transitiontime: transitionTime });
    await super.moveToColorLogic(targetX, targetY, 0);
  }
}

type Movement = { type: MovementType; direction: MovementDirection; target?: number };
function coveringCommand({ type, direction, target }: Movement): HerdgateCommand {
  const item = type === MovementType.Lift ? 'lift' : 'tilt';
  if (target !== undefined) return { [item]: Math.round(target / 100) };
  if (type === MovementType.Lift) return { open: direction === MovementDirection.Open };
  return { tilt: direction === MovementDirection.Open ? 0 : 100 };
}

/** Lift only, position aware: the device reports where it is; herdgate never simulates travel. */
export class HerdgateLiftCoveringServer extends WindowCoveringServer.with('Lift', 'PositionAwareLift') {
  override async handleMovement(type: MovementType, _reversed: boolean, direction: MovementDirection, target?: number) {
    await forward(this, coveringCommand({ type, direction, target }));
  }
  override async handleStopMovement() {
    await forward(this, { stop: true });
  }
}

/** Lift and tilt, position aware. */
export class HerdgateTiltCoveringServer extends WindowCoveringServer.with('Lift', 'PositionAwareLift', 'Tilt', 'PositionAwareTilt') {
  override async handleMovement(type: MovementType, _reversed: boolean, direction: MovementDirection, target?: number) {
    await forward(this, coveringCommand({ type, direction, target }));
  }
  override async handleStopMovement() {
    await forward(this, { stop: true });
  }
}
