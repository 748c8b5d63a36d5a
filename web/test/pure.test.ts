import { describe, expect, it } from 'vitest';
import { applyEvent } from '../src/state/apply-event';
import { placeErrors } from '../src/state/form-errors';
import { EMPTY_STATE } from '../src/state/store';
import { layout, mapSize, NODE_GAP, type NetworkMap } from '../src/components/map-layout';
import { hexToXy, xyToHex } from '../src/components/color';
import { briToPercent, percentToBri } from '../src/components/percent';
import { localtimeOf } from '../src/pages/schedules';
import type { GatewayEvent } from '../src/api/events';

const MAC = '00:17:88:01:04:a1:e4:01';
const event = (e: Partial<GatewayEvent>): GatewayEvent => ({ t: 'event', e: 'changed', r: 'lights', ...e });

describe('web state from WebSocket events', () => {
  it('should follow a device through joined, interviewed and ready, never backwards', () => {
    let state = applyEvent(
      EMPTY_STATE,
      event({ e: 'added', r: 'devices', id: MAC, device: { uniqueid: MAC, name: 'lamp', modelid: 'LCT015', subdevices: [] } }),
    );
    expect(state.joins[MAC]).toMatchObject({ phase: 'joined', model: 'LCT015' });
    state = applyEvent(
      state,
      event({ r: 'devices', id: MAC, attr: { subdevices: [{ type: 'Extended color light', uniqueid: `${MAC}-0b`, state: {}, config: {} }] } }),
    );
    expect(state.joins[MAC]?.phase).toBe('interviewed');
    state = applyEvent(state, event({ e: 'added', r: 'lights', id: '1', uniqueid: `${MAC}-0b`, light: { name: 'Light 1', state: { on: false } } }));
    expect(state.joins[MAC]?.phase).toBe('ready');
    state = applyEvent(state, event({ r: 'devices', id: MAC, attr: { subdevices: [{ uniqueid: `${MAC}-0b` }] } }));
    expect(state.joins[MAC]?.phase).toBe('ready');
    expect(state.lights['1']?.name).toBe('Light 1');
  });

  it('should merge state, config and names, drop deleted resources and ignore unknown ids', () => {
    let state = applyEvent(
      EMPTY_STATE,
      event({
        e: 'added',
        r: 'sensors',
        id: '4',
        uniqueid: 'x-01',
        sensor: { name: 'Door', type: 'ZHAOpenClose', state: { open: false }, config: { battery: 90 } },
      }),
    );
    state = applyEvent(state, event({ r: 'sensors', id: '4', state: { open: true }, config: { battery: 89 } }));
    state = applyEvent(state, event({ r: 'sensors', id: '4', name: 'Front door' }));
    expect(state.sensors['4']).toMatchObject({ name: 'Front door', state: { open: true }, config: { battery: 89 } });
    expect(applyEvent(state, event({ r: 'sensors', id: '99', state: { open: true } }))).toBe(state);
    expect(applyEvent(state, event({ e: 'deleted', r: 'sensors', id: '4' })).sensors).toEqual({});
  });
});

describe('web form errors', () => {
  it('should place rule errors at the field or the condition/action row their address names', () => {
    const placed = placeErrors(
      [
        { type: 7, address: '/rules/name', description: 'invalid value, , for parameter, name' },
        { type: 607, address: '/sensors/2/state/buttonevent', description: 'Rule conditions are invalid' },
        { type: 608, address: '/lights/9/state', description: 'Rule actions are invalid' },
        { type: 607, address: '/sensors/77/state/x', description: 'unplaced condition' },
        { type: 901, address: '/', description: 'internal error' },
      ],
      'rules',
      { conditions: ['/sensors/1/state/dx', '/sensors/2/state/buttonevent'], actions: ['/lights/9/state'] },
    );
    expect(placed).toEqual({
      name: 'This value is not one this takes.',
      'condition-1': 'This condition cannot work: check what it watches, how, and its value.',
      'action-0': 'This action cannot work: check its target and what it does.',
      conditions: 'This condition cannot work: check what it watches, how, and its value.',
      form: 'internal error',
    });
    expect(placeErrors([{ type: 6, address: '/schedules/3/command', description: 'bad' }], 'schedules')).toEqual({
      command: 'The gateway does not take this here.',
    });
  });
});

describe('web helpers', () => {
  it('should write schedule local times in the deCONZ forms', () => {
    expect(localtimeOf('weekly', [true, true, true, true, true, false, false], '07:00', '')).toBe('W124/T07:00:00');
    expect(localtimeOf('weekly', [false, false, false, false, false, true, true], '22:30', '')).toBe('W3/T22:30:00');
    expect(localtimeOf('timer', [], '00:10:00', '')).toBe('PT00:10:00');
    expect(localtimeOf('once', [], '06:15', '2027-01-02')).toBe('2027-01-02T06:15:00');
  });

  it('should convert colours both ways within a rounding step', () => {
    expect(hexToXy('#ff0000')).toEqual([0.6401, 0.33]);
    expect(xyToHex(hexToXy('#ff0000'))).toBe('#ff0000');
  });

  it('should lay the coordinator in the middle and each node on the ring of its hop count', () => {
    const nodes = layout(
      {
        nodes: [
          { ieee: 'c', type: 'Coordinator' },
          { ieee: 'r', type: 'Router' },
          { ieee: 'e', type: 'EndDevice' },
          { ieee: 'lost', type: 'EndDevice' },
        ],
        links: [
          { source: 'c', target: 'r', lqi: 200 },
          { source: 'r', target: 'e', lqi: 90 },
        ],
      },
      600,
    );
    const ring = Object.fromEntries(nodes.map((n) => [n.ieee, n.ring]));
    expect(ring).toEqual({ c: 0, r: 1, e: 2, lost: 3 });
    expect(nodes.find((n) => n.ieee === 'c')).toMatchObject({ x: 300, y: 300 });
    for (const node of nodes) {
      expect(node.x).toBeGreaterThanOrEqual(0);
      expect(node.x).toBeLessThanOrEqual(600);
    }
  });
});

describe('network map at 200 devices', () => {
  it("should keep every node a label's height from its ring neighbours and every node inside the drawing", () => {
    // 60 routers round the coordinator, 139 end devices behind them: the generated-200 network's shape.
    const routers = Array.from({ length: 60 }, (_, i) => `r${i}`);
    const ends = Array.from({ length: 139 }, (_, i) => `e${i}`);
    const map: NetworkMap = {
      nodes: [{ ieee: 'c', type: 'Coordinator' }, ...routers.map((ieee) => ({ ieee, type: 'Router' })), ...ends.map((ieee) => ({ ieee, type: 'EndDevice' }))],
      links: [...routers.map((r) => ({ source: r, target: 'c', lqi: 200 })), ...ends.map((e, i) => ({ source: e, target: routers[i % 60]!, lqi: 120 }))],
    };
    const size = mapSize(map);
    expect(size).toBeGreaterThan(640);
    expect(size).toBeLessThan(3000);
    const nodes = layout(map, size);
    for (const ring of [1, 2]) {
      const members = nodes.filter((n) => n.ring === ring).sort((a, b) => a.angle - b.angle);
      for (const [i, node] of members.entries()) {
        const next = members[(i + 1) % members.length]!;
        expect(Math.hypot(node.x - next.x, node.y - next.y), `ring ${ring}`).toBeGreaterThanOrEqual(NODE_GAP - 1);
      }
    }
    for (const node of nodes) expect(Math.min(node.x, node.y, size - node.x, size - node.y)).toBeGreaterThanOrEqual(120);
  });
});

describe('brightness in percent', () => {
  it('should show bri 1-254 as 1-100 % and read every percent back as itself', () => {
    expect([1, 77, 127, 254].map(briToPercent)).toEqual([1, 30, 50, 100]);
    expect([1, 50, 100].map(percentToBri)).toEqual([3, 127, 254]);
    for (let percent = 1; percent <= 100; percent += 1) expect(briToPercent(percentToBri(percent))).toBe(percent);
  });
});
