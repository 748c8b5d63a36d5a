/**
 * The energy a coordinator measures on each 2.4 GHz channel (an ED scan), as a Mgmt_NWK_Update_req
 * with a scan duration 0-5 asks for. The simulated room has Wi-Fi on channels 1, 6 and 11, whose
 * 22 MHz overlap Zigbee channels 11-14, 16-19 and 21-24; 15, 20, 25 and 26 fall between them and are
 * quiet. The network's own channel carries its traffic, so it reads busier than its neighbours, the
 * more so the more devices talk on it. Values are deterministic, so tests can compare them.
 */

/** ED values (0-255, higher is busier) of the room without our network, channels 11-26. */
const AMBIENT: readonly number[] = [60, 75, 80, 65, 28, 62, 85, 88, 64, 30, 58, 78, 82, 60, 24, 20];
/** What the network's own traffic adds on its channel: a base plus a little per device. */
const OWN_TRAFFIC = 90;
const PER_DEVICE = 2;
/** aBaseSuperframeDuration: 960 symbols of 16 µs. One channel is listened to for (2^d + 1) of them. */
const SUPERFRAME_MS = 15.36;

export const FIRST_CHANNEL = 11;
export const LAST_CHANNEL = 26;

/** The channels of a 32-bit channel mask, lowest first. */
export function channelsOf(mask: number): number[] {
  const out: number[] = [];
  for (let channel = FIRST_CHANNEL; channel <= LAST_CHANNEL; channel += 1) if ((mask >>> channel) & 1) out.push(channel);
  return out;
}

/** The room's own energy on a channel (our network not counted). */
export function ambientEnergy(channel: number): number {
  return AMBIENT[channel - FIRST_CHANNEL] ?? 0;
}

export interface NetworkOnAir {
  /** The channel the network runs on, 0 before it is formed. */
  channel: number;
  devices: number;
}

/** One ED value per channel of `mask`, in the mask's order. */
export function channelEnergies(mask: number, network: NetworkOnAir): number[] {
  return channelsOf(mask).map((channel) => {
    const own = channel === network.channel ? OWN_TRAFFIC + PER_DEVICE * network.devices : 0;
    return Math.min(255, ambientEnergy(channel) + own);
  });
}

/** How long the scan takes on real hardware: every channel, `count` times, (2^duration + 1) superframes each. */
export function scanTimeMs(mask: number, duration: number, count: number): number {
  return channelsOf(mask).length * Math.max(count, 1) * ((1 << duration) + 1) * SUPERFRAME_MS;
}

/** The quietest channel of a mask (the lowest of equals), as a forming coordinator picks it; 0 for an empty mask. */
export function quietestChannel(mask: number): number {
  let best = 0;
  for (const channel of channelsOf(mask)) if (best === 0 || ambientEnergy(channel) < ambientEnergy(best)) best = channel;
  return best;
}
