import { describe, expect, it } from 'vitest';
import { z2mMayRead, z2mPublishDenial } from './access';

describe('z2m access', () => {
  it("should let clients command and request, and keep the rest the bridge's", () => {
    expect(z2mPublishDenial('zigbee2mqtt', 'user', 'zigbee2mqtt/lamp/set', false)).toBeUndefined();
    expect(z2mPublishDenial('zigbee2mqtt', 'anonymous', 'zigbee2mqtt/a/b/get/state', false)).toBeUndefined();
    expect(z2mPublishDenial('zigbee2mqtt', 'user', 'zigbee2mqtt/bridge/request/permit_join', false)).toBeUndefined();
    expect(z2mPublishDenial('zigbee2mqtt', 'user', 'zigbee2mqtt/lamp', false)).toBe('only the bridge publishes this topic');
    expect(z2mPublishDenial('zigbee2mqtt', 'api', 'zigbee2mqtt/bridge/devices', false)).toBe('only the bridge publishes this topic');
    expect(z2mPublishDenial('zigbee2mqtt', 'user', 'zigbee2mqtt/lamp/set', true)).toBe('commands and requests must not be retained');
    expect(z2mPublishDenial('zigbee2mqtt', 'bridge', 'zigbee2mqtt/lamp', true)).toBeUndefined();
  });

  it('should keep network-changing requests and answers to the api and admin accounts', () => {
    for (const name of [
      'backup',
      'options',
      'restart',
      'touchlink/factory_reset',
      'install_code/add',
      'networkmap',
      'device/ota_update/update',
      'device/OTA_update/check/downgrade',
      'device/ota_update/update/abort',
    ]) {
      expect(z2mPublishDenial('zigbee2mqtt', 'user', `zigbee2mqtt/bridge/request/${name}`, false)).toBe('not allowed for user clients');
      expect(z2mPublishDenial('zigbee2mqtt', 'admin', `zigbee2mqtt/bridge/request/${name}`, false)).toBeUndefined();
      expect(z2mMayRead('zigbee2mqtt', 'user', `zigbee2mqtt/bridge/response/${name}`)).toBe(false);
      expect(z2mMayRead('zigbee2mqtt', 'api', `zigbee2mqtt/bridge/response/${name}`)).toBe(true);
    }
    expect(z2mMayRead('zigbee2mqtt', 'anonymous', 'zigbee2mqtt/bridge/response/permit_join')).toBe(true);
  });
});
