/**
 * The coordinator protocols the virtual radio emulates. Cross-process suites run once per protocol
 * with `describe.each(radioProtocols())`; `HERDGATE_RADIO_PROTOCOLS=zstack,ember` (comma-separated)
 * narrows a local run to one.
 */
export const RADIO_PROTOCOLS = ['deconz', 'zstack', 'ember'] as const;
export type RadioProtocol = (typeof RADIO_PROTOCOLS)[number];

export function radioProtocols(): RadioProtocol[] {
  const wanted = process.env.HERDGATE_RADIO_PROTOCOLS?.split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (!wanted || wanted.length === 0) return [...RADIO_PROTOCOLS];
  return RADIO_PROTOCOLS.filter((p) => wanted.includes(p));
}
