/**
 * herdgate's own version (the repository's package.json), put in by the build: the gateway's
 * `swversion` is the deCONZ version it answers as (for clients that check it), not herdgate's.
 */
declare const __HERDGATE_VERSION__: string;

export const HERDGATE_VERSION: string = typeof __HERDGATE_VERSION__ === 'string' ? __HERDGATE_VERSION__ : 'unknown';
