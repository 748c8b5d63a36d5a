/**
 * Where each deCONZ item lives in ZCL, as deCONZ's own DDFs describe it: the cluster and attribute
 * (or the IAS zone status bit) a `parse` reads, and whether the gateway may `read` it. Data, not
 * code: the DDF generator looks items up here; items not listed get no parse/read description
 * (their values come from the converters, which the DDF cannot express).
 */
export interface ZclItem {
  cl: number;
  at?: number;
  /** `ias:zonestatus` parse with this mask instead of `zcl:attr`. */
  mask?: string;
  /** The Duktape expression deCONZ would run (`Attr.val` is the raw attribute). */
  eval?: string;
  /** Whether the gateway reads it back (`read` + `refresh`); sleepy devices' items are not read. */
  readable?: boolean;
}

const attr = (cl: number, at: number, evalText = 'Item.val = Attr.val', readable = true): ZclItem => ({ cl, at, eval: evalText, readable });
const ias = (mask: string): ZclItem => ({ cl: 0x0500, mask });

/** Keyed by `state/<item>` or `config/<item>`; `<type>:<key>` overrides one resource type. */
export const ZCL_ITEMS: Readonly<Record<string, ZclItem>> = {
  'state/on': attr(0x0006, 0x0000, 'Item.val = Attr.val != 0'),
  'state/bri': attr(0x0008, 0x0000),
  'state/hue': attr(0x0300, 0x0000, 'Item.val = Attr.val * 257'),
  'state/sat': attr(0x0300, 0x0001),
  'state/xy': attr(0x0300, 0x0003, 'Item.val = [Attr.val / 65535, R.item("state/xy").val[1]]'),
  'state/ct': attr(0x0300, 0x0007),
  'state/colormode': attr(0x0300, 0x0008, 'Item.val = ["hs", "xy", "ct"][Attr.val]'),
  'state/lift': attr(0x0102, 0x0008),
  'state/tilt': attr(0x0102, 0x0009),
  'state/temperature': attr(0x0402, 0x0000, 'Item.val = Attr.val', false),
  'state/humidity': attr(0x0405, 0x0000, 'Item.val = Attr.val', false),
  'state/pressure': attr(0x0403, 0x0000, 'Item.val = Attr.val', false),
  'state/lightlevel': attr(0x0400, 0x0000, 'Item.val = Attr.val', false),
  'state/presence': attr(0x0406, 0x0000, 'Item.val = (Attr.val & 1) != 0', false),
  'state/open': ias('alarm1'),
  'state/water': ias('alarm1'),
  'state/fire': ias('alarm1'),
  'state/alarm': ias('alarm1'),
  'state/vibration': ias('alarm1'),
  'state/tampered': ias('tamper'),
  'state/lowbattery': ias('lowbattery'),
  'state/consumption': attr(0x0702, 0x0000),
  'state/power': attr(0x0b04, 0x050b),
  'state/voltage': attr(0x0b04, 0x0505),
  'state/current': attr(0x0b04, 0x0508),
  'config/battery': attr(0x0001, 0x0021, 'Item.val = Attr.val / 2', false),
  'ZHAThermostat:state/temperature': attr(0x0201, 0x0000),
  'config/heatsetpoint': attr(0x0201, 0x0012),
  'config/coolsetpoint': attr(0x0201, 0x0011),
  'config/mode': attr(
    0x0201,
    0x001c,
    'Item.val = ["off", "auto", "", "cool", "heat", "emergency heating", "precooling", "fan only", "dry", "sleep"][Attr.val]',
  ),
  // Elsewhere `offset` is the gateway's own correction, not a device attribute.
  'ZHAThermostat:config/offset': attr(0x0201, 0x0010, 'Item.val = Attr.val * 10'),
  'config/locked': attr(0x0204, 0x0001, 'Item.val = Attr.val != 0'),
};

/** ZCL data type names of reported attributes, for a binding's `report` entries. */
export const REPORT_TYPES: Readonly<Record<string, string>> = {
  '0x0006:0x0000': '0x10',
  '0x0008:0x0000': '0x20',
  '0x0300:0x0003': '0x21',
  '0x0300:0x0004': '0x21',
  '0x0300:0x0007': '0x21',
  '0x0402:0x0000': '0x29',
  '0x0405:0x0000': '0x21',
  '0x0403:0x0000': '0x29',
  '0x0400:0x0000': '0x21',
  '0x0406:0x0000': '0x18',
  '0x0001:0x0021': '0x20',
  '0x0001:0x0020': '0x20',
  '0x0102:0x0008': '0x20',
  '0x0201:0x0000': '0x29',
  '0x0201:0x0012': '0x29',
  '0x0702:0x0000': '0x25',
  '0x0b04:0x050b': '0x29',
};
