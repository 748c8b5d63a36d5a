import type { Services } from '../../context';
import { etagWithFacts } from '../../lib/etag';
import { otauBusy } from '../../resources/devices/otau-view';
import { configMoment, type ConfigMoment } from './build-config';

/**
 * What the config shows beyond the store: the unlock window (`linkbutton`), the update check, the
 * host and NTP, the WebSocket port and every radio fact (`rfconnected`, the permit-join countdown,
 * channel, PAN id, firmware…). The clock fields (`UTC`, `localtime`) and the keys' `last use date`
 * are left out, as deCONZ leaves them out of its config ETag: they change every second and with
 * every request, so a client polling with `If-None-Match` would never get a 304.
 */
export function configFacts(services: Services, moment: ConfigMoment): unknown[] {
  const { session, options, host, gateway } = services;
  const { now, radio } = moment;
  return [
    // The update fields as text: compared by value where these facts key a cached body.
    session.unlockedUntil > now,
    JSON.stringify(gateway.updateFields()),
    options.websocketPort,
    host.ipaddress,
    host.netmask,
    host.gateway,
    host.ntp,
    radio.bridgeid,
    radio.mac,
    radio.panid,
    radio.zigbeechannel,
    radio.fwversion,
    radio.devicename,
    radio.rfconnected,
    radio.permitjoin,
    radio.fwupdatestate,
    otauBusy(services.bridge),
  ];
}

/**
 * deCONZ's config ETag, a "something the config shows changed" marker: `GET /config`,
 * `GET /api/config` and the answers of config writes carry it. The store revision plus a digest
 * of `configFacts`.
 */
export function configEtag(services: Services, moment: ConfigMoment = configMoment(services)): string {
  return etagWithFacts(services, configFacts(services, moment));
}
