/**
 * Reads one converter key of a sub-device (suffixed for multi-endpoint devices): what every item
 * rule, button map and gesture reads a device's state through.
 */
export type Read = (key: string) => unknown;
