import type { MqttLink } from '../../mqtt/link';
import type { ZigbeeDevice } from '../../zigbee/index';
import { resolveTopics } from './discovery-components';
import { discoveryConfigs } from './discovery-configs';
import type { DiscoveryConfig } from './discovery-types';

/**
 * Home Assistant MQTT discovery as Zigbee2MQTT publishes it: one retained config per entity on
 * `<prefix>/<component>/<ieee>/<object_id>/config`, with the device block, availability (the
 * bridge state and the device's), command topics under the compatible base, and Zigbee2MQTT's
 * `unique_id`. A config that no longer applies is emptied; HA's `online` birth message makes the
 * bridge announce again (after `birthDelayMs`, 30 s like Zigbee2MQTT, so HA has subscribed).
 */
export interface Discovery {
  discover(device: ZigbeeDevice, name: string): void;
  forget(ieee: string): void;
  /** Every config again (HA restarted). */
  announceAll(): void;
}

export function createDiscovery(options: {
  link: MqttLink;
  base: string;
  prefix: string;
  coordinator: string;
  version: string;
  onError: (err: unknown, topic: string) => void;
}): Discovery {
  const { link, base, prefix } = options;
  const published = new Map<string, Map<string, string>>();
  const bridgeId = `zigbee2mqtt_bridge_${options.coordinator}`;

  const send = (topic: string, payload: string) => link.publish(topic, payload, { retain: true }).catch((err: unknown) => options.onError(err, topic));

  return {
    discover(device, name) {
      const definition = device.definition;
      const next = new Map<string, string>();
      if (definition && device.interview === 'successful') {
        const devicePayload = {
          identifiers: [`zigbee2mqtt_${device.ieee}`],
          name,
          model: definition.description,
          model_id: definition.model,
          manufacturer: definition.vendor,
          ...(device.swBuildId ? { sw_version: device.swBuildId } : {}),
          via_device: bridgeId,
        };
        const state = `${base}/${name}`;
        const configs = discoveryConfigs(device);
        // Home Assistant's firmware entity, installing through this API's ota_update request.
        if (definition.z2m?.supportsOta) configs.push(updateConfig(base, device.ieee));
        for (const config of configs) {
          const {
            state_topic_postfix: postfix,
            state_topic: stateMarker,
            ...rest
          } = config.payload as Record<string, unknown> & { state_topic_postfix?: string };
          const stateTopic = postfix ? `${state}/${postfix}` : state;
          const command =
            config.command &&
            `${state}/${config.command.prefix ? `${config.command.prefix}/` : ''}set${config.command.postfix ? `/${config.command.postfix}` : ''}`;
          let objectId = name.replace(/\s+/g, '_').toLowerCase();
          if (config.objectId.startsWith(config.component) && config.objectId.includes('_')) objectId += `_${config.objectId.split(/_(.+)/)[1]}`;
          else if (!config.objectId.startsWith(config.component)) objectId += `_${config.objectId}`;
          const payload: Record<string, unknown> = {
            ...rest,
            ...(stateMarker === false ? {} : { state_topic: stateTopic }),
            ...(command && !config.command?.noTopic ? { command_topic: command } : {}),
            object_id: objectId,
            default_entity_id: `${config.component}.${objectId}`,
            unique_id: `${device.ieee}_${config.objectId}_${base}`,
            device: devicePayload,
            origin: { name: 'herdgate', sw: options.version },
            availability: [
              { topic: `${base}/bridge/state`, value_template: '{{ value_json.state }}' },
              { topic: `${state}/availability`, value_template: '{{ value_json.state }}' },
            ],
            availability_mode: 'all',
          };
          resolveTopics(payload, stateTopic, state, config.command?.prefix, command);
          next.set(`${prefix}/${config.component}/${device.ieee}/${config.objectId}/config`, JSON.stringify(payload));
        }
      }
      const before = published.get(device.ieee) ?? new Map<string, string>();
      for (const [topic, payload] of next) if (before.get(topic) !== payload) void send(topic, payload);
      for (const topic of before.keys()) if (!next.has(topic)) void link.clear(topic).catch((err: unknown) => options.onError(err, topic));
      published.set(device.ieee, next);
    },
    forget(ieee) {
      for (const topic of published.get(ieee)?.keys() ?? []) void link.clear(topic).catch((err: unknown) => options.onError(err, topic));
      published.delete(ieee);
    },
    announceAll() {
      for (const configs of published.values()) for (const [topic, payload] of configs) void send(topic, payload);
    },
  };
}

/** Zigbee2MQTT 2.14.1's `update` entity: versions and progress from the state's `update` block. */
function updateConfig(base: string, ieee: string): DiscoveryConfig {
  return {
    component: 'update',
    objectId: 'update',
    payload: {
      name: null,
      device_class: 'firmware',
      entity_category: 'config',
      command_topic: `${base}/bridge/request/device/ota_update/update`,
      payload_install: `{"id": "${ieee}"}`,
      value_template: `{"latest_version":"{{ value_json['update']['latest_version'] }}","installed_version":"{{ value_json['update']['installed_version'] }}","update_percentage":{{ value_json['update'].get('progress', 'null') }},"in_progress":{{ (value_json['update']['state'] == 'updating')|lower }}}`,
    },
  };
}
