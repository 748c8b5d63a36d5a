import { describe, expect, it } from 'vitest';
import { MembershipDoubts } from './membership-doubts';
import { writeMembership, type MembershipDeps } from './write-membership';

type Outcome = { status: 'ok'; data: unknown } | { status: 'error'; code: string; message: string };

/** Lights 1-3 on devices 0x…01-03, and a bridge that answers each request from a script. */
function fixture(answers: Outcome[]) {
  const sent: string[] = [];
  const doubts = new MembershipDoubts();
  const deps = {
    lights: { get: (id: string) => (['1', '2', '3'].includes(id) ? { row: { id, ieee: `0x0${id}`, endpoint: 11 } } : undefined) },
    bridge: {
      request: async (name: string, data: Record<string, unknown>) => {
        sent.push(`${name} ${String(data.ieee)}`);
        return answers.shift() ?? { status: 'ok', data: {} };
      },
    },
    doubts,
  } as unknown as MembershipDeps;
  return { deps, sent, doubts };
}

const lost: Outcome = { status: 'error', code: 'not_connected', message: 'lost the connection to the MQTT broker' };

describe('group membership writes', () => {
  it('should send only the changes when nothing is in doubt', async () => {
    const { deps, sent } = fixture([]);
    const result = await writeMembership(deps, '5', ['1', '2'], ['2', '3']);
    expect(sent).toEqual(['group/remove_member 0x01', 'group/add_member 0x03']);
    expect(result).toMatchObject({ members: ['2', '3'], added: ['3'], removed: ['1'], errors: [] });
  });

  it('should assert a membership whose request failed again at the next write, even without a change', async () => {
    const { deps, sent, doubts } = fixture([lost]);
    const failed = await writeMembership(deps, '5', [], ['1']);
    expect(failed.members).toEqual([]);
    expect(failed.errors).toHaveLength(1);
    expect(doubts.of('5')).toEqual(['1']);
    // The client gives up on light 1: the device may still have taken the lost add, so it is removed.
    const next = await writeMembership(deps, '5', [], ['2']);
    expect(sent).toEqual(['group/add_member 0x01', 'group/add_member 0x02', 'group/remove_member 0x01']);
    expect(next).toMatchObject({ members: ['2'], errors: [] });
    expect(doubts.groups()).toEqual([]);
  });

  it('should keep a doubt whose repair failed without failing the write that carried it', async () => {
    const { deps, sent, doubts } = fixture([{ status: 'ok', data: {} }, lost]);
    doubts.doubt('5', '1');
    const result = await writeMembership(deps, '5', ['1'], ['1', '2']);
    expect(sent).toEqual(['group/add_member 0x02', 'group/add_member 0x01']);
    expect(result).toMatchObject({ members: ['1', '2'], added: ['2'], errors: [] });
    expect(doubts.of('5')).toEqual(['1']);
  });

  it('should settle a doubt about a light that is gone without asking the bridge', async () => {
    const { deps, sent, doubts } = fixture([]);
    doubts.doubt('5', '9');
    expect((await writeMembership(deps, '5', ['9'], ['9'])).members).toEqual(['9']);
    expect(sent).toEqual([]);
    expect(doubts.of('5')).toEqual([]);
  });

  it('should run membership writes of one group one after the other', async () => {
    const doubts = new MembershipDoubts();
    const order: string[] = [];
    let release!: () => void;
    const first = doubts.exclusive('5', async () => {
      order.push('first starts');
      await new Promise<void>((resolve) => { release = resolve; });
      order.push('first ends');
    });
    const other = doubts.exclusive('6', async () => { order.push('other group'); });
    const second = doubts.exclusive('5', async () => { order.push('second'); });
    await other;
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(['first starts', 'other group', 'first ends', 'second']);
  });
});
