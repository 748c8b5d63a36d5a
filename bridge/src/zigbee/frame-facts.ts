import type { Definition } from 'zigbee-herdsman-converters';
import type { ExposeJson } from './types';

/**
 * Facts of a switch's frame that the converters round or leave out, which deCONZ shows:
 * - a Hue switch's own count of how long a button has been held (the last two bytes of every Hue
 *   button notification, cluster 0xfc00: the holds every 0.8 s say 8, 16, 24…, the release the
 *   whole press), deCONZ's `eventduration`; some converters add a duration timed by the host's
 *   clock instead, others nothing;
 * - the colour a remote's move-to-colour command asks for, as the raw CIE x/y words (0-65535) that
 *   deCONZ shows as `x` and `y`; the converters give them rounded to three decimals;
 * - which move a stop ends (`action_stopped`: the move action the switch sent before), which deCONZ
 *   numbers apart (a knob turned clockwise or back, then let go; a covering's input let go after
 *   opening or closing, `none` when no open or close came before it, as deCONZ then shows nothing).
 * The bridge reads them with converters of its own, run beside the definition's for the same
 * frame, and names their keys in exposes of its own, for definitions that handle such frames.
 */
type FzConverter = Definition['fromZigbee'][number];
type Data = Record<string, unknown>;

interface FrameFact {
  cluster: string;
  type: string | readonly string[];
  /** Keys named in exposes of the bridge's own (none: a key only other keys' readers use). */
  keys: readonly string[];
  /** The frame's data, and the converter state before it. */
  read: (data: Data, before: Data) => Record<string, number | string> | undefined;
}

const num = (value: unknown) => (typeof value === 'number' ? value : undefined);

const FACTS: readonly FrameFact[] = [
  {
    cluster: 'manuSpecificPhilips',
    type: 'commandHueNotification',
    keys: ['event_duration'],
    read: ({ time, unknown3 }) => {
      const low = num(time);
      return low === undefined ? undefined : { event_duration: low + ((num(unknown3) ?? 0) << 8) };
    },
  },
  {
    cluster: 'lightingColorCtrl',
    type: 'commandMoveToColor',
    keys: ['action_color_x', 'action_color_y'],
    read: ({ colorx, colory }) => {
      const x = num(colorx);
      const y = num(colory);
      return x === undefined || y === undefined ? undefined : { action_color_x: x, action_color_y: y };
    },
  },
  {
    cluster: 'genLevelCtrl',
    type: ['commandStop', 'commandStopWithOnOff'],
    keys: [],
    read: (_data, before) => {
      const action = before.action;
      return typeof action === 'string' && action.startsWith('brightness_move_') ? { action_stopped: action } : undefined;
    },
  },
  {
    cluster: 'closuresWindowCovering',
    type: 'commandStop',
    keys: [],
    read: (_data, before) => ({ action_stopped: before.action === 'open' || before.action === 'close' ? before.action : 'none' }),
  },
];

const typesOf = (type: string | readonly string[]) => (typeof type === 'string' ? [type] : type);
const handles = (converter: FzConverter, fact: FrameFact) =>
  converter.cluster === fact.cluster && typesOf(converter.type).some((type) => typesOf(fact.type).includes(type));

/** The facts as converters, matched like the definitions' own by cluster and message type. */
export const FRAME_FACT_CONVERTERS: readonly FzConverter[] = FACTS.map((fact) => ({
  cluster: fact.cluster,
  type: [...typesOf(fact.type)],
  convert: (_model, msg, _publish, _options, meta) => fact.read(msg.data as Data, (meta.state ?? {}) as Data) ?? {},
}));

/** The keys of the facts a definition's converters handle frames for, as read-only exposes. */
export function frameFactExposes(definition: Definition): ExposeJson[] {
  return FACTS.filter((fact) => definition.fromZigbee.some((converter) => handles(converter, fact))).flatMap((fact) =>
    fact.keys.map((key) => ({ type: 'numeric', name: key, property: key, access: 1 })),
  );
}
