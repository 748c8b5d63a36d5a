import { ApiError } from '../api/client';

/** `GET /matter` as the api answers it (docs/matter.md). */
export interface MatterView {
  pairingcode: string;
  qrcode: string;
  port: number;
  commissioned: boolean;
  commissioning: boolean;
  fabrics: { index: number; label: string; vendorid: number; fabricid: string; nodeid: string }[];
}

/** `off`: no Matter bridge runs (the api answers 404 type 3). */
export type MatterReading = { state: 'off' } | { state: 'on'; view: MatterView };

/** Reads `/matter`; a 404 means the Matter bridge is not enabled, anything else is a failure. */
export async function readMatter(get: (path: string) => Promise<unknown>): Promise<MatterReading> {
  try {
    return { state: 'on', view: (await get('/matter')) as MatterView };
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return { state: 'off' };
    throw err;
  }
}

/** The 11-digit manual code grouped 4-3-4, as ecosystems print it. */
export function pairingCodeText(code: string): string {
  return /^[0-9]{11}$/.test(code) ? `${code.slice(0, 4)}-${code.slice(4, 7)}-${code.slice(7)}` : code;
}

// Vendor ids of the ecosystems' own fabrics (CSA vendor list).
const VENDORS: Record<number, string> = {
  0x1349: 'Apple Home',
  0x6006: 'Google Home',
  0x1217: 'Amazon Alexa',
  0x110a: 'SmartThings',
  0x134b: 'Home Assistant',
  0xfff1: 'Test vendor',
};

/** A fabric in words: the label the ecosystem gave itself, else who made it, else its vendor id. */
export function fabricName(fabric: { label: string; vendorid: number }): string {
  if (fabric.label.trim() !== '') return fabric.label;
  return VENDORS[fabric.vendorid] ?? `vendor 0x${fabric.vendorid.toString(16).padStart(4, '0')}`;
}

/** One line on the bridge's state: whom it is paired with and whether a new one may pair now. */
export function matterSummary(view: MatterView): string {
  const paired = view.fabrics.length === 0 ? 'Not paired yet' : `Paired with ${view.fabrics.map(fabricName).join(', ')}`;
  return `${paired} · ${view.commissioning ? 'open for pairing' : 'closed for pairing'} · UDP ${view.port}`;
}
