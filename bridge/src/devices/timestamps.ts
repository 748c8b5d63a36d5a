/** deCONZ `lastupdated`: UTC, millisecond resolution, no zone suffix. */
export const lastUpdated = (ms: number): string => new Date(ms).toISOString().slice(0, 23);

/** deCONZ `lastseen`: UTC, minute resolution, with Z. */
export const lastSeen = (ms: number): string => `${new Date(ms).toISOString().slice(0, 16)}Z`;

/** deCONZ device uniqueid: the MAC with colons, from herdsman's 0x-prefixed IEEE. */
export const macOf = (ieee: string): string => ieee.slice(2).match(/../g)!.join(':');
