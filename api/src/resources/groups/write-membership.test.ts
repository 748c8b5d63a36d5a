import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../runtime/node/database';
import { createLibsqlStore } from '../../store/libsql-store';
import type { Store } from '../../store/types';
import { MembershipDoubts } from './membership-doubts';
import { writeMembership, type MembershipDeps } from './write-membership';

let dir: string;
let store: Store;
let close: () => void;
/** The store on a temp libSQL file; `reopen` starts over on the same file, as a restart does. */
async function reopen(): Promise<void> {
  close?.();
  const opened = await openDatabase(`file:${join(dir, 'doubts.db')}`, undefined);
  close = () => opened.client.close();
  store = await createLibsqlStore({ db: opened.db, logger: pino({ level: 'silent' }) });
}

type Outcome = { status: 'ok'; data: unknown } | { status: 'error'; code: string; message: string };

/** Lights 1-3 on devices 0x…01-03, and a bridge that answers each request from a script. */
function fixture(answers: Outcome[]) {
  const sent: string[] = [];
  const doubts = new MembershipDoubts(store);
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
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'herdgate-doubts-'));
    await reopen();
  });
  afterEach(async () => {
    close();
    await rm(dir, { recursive: true, force: true });
  });

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
    await doubts.doubt('5', '1');
    const result = await writeMembership(deps, '5', ['1'], ['1', '2']);
    expect(sent).toEqual(['group/add_member 0x02', 'group/add_member 0x01']);
    expect(result).toMatchObject({ members: ['1', '2'], added: ['2'], errors: [] });
    expect(doubts.of('5')).toEqual(['1']);
  });

  it('should settle a doubt about a light that is gone without asking the bridge', async () => {
    const { deps, sent, doubts } = fixture([]);
    await doubts.doubt('5', '9');
    expect((await writeMembership(deps, '5', ['9'], ['9'])).members).toEqual(['9']);
    expect(sent).toEqual([]);
    expect(doubts.of('5')).toEqual([]);
  });

  it('should keep a doubt across a restart until a write settles it', async () => {
    const { deps } = fixture([lost]);
    await writeMembership(deps, '5', [], ['1']);
    await reopen();
    const again = fixture([]);
    expect(again.doubts.of('5')).toEqual([]);
    await again.doubts.load();
    expect(again.doubts.groups()).toEqual(['5']);
    expect(again.doubts.of('5')).toEqual(['1']);
    // Asserted again (the stored list says out) and settled: gone from the next start too.
    await writeMembership(again.deps, '5', [], []);
    expect(again.sent).toEqual(['group/remove_member 0x01']);
    await reopen();
    const third = fixture([]);
    await third.doubts.load();
    expect(third.doubts.groups()).toEqual([]);
  });

  it('should run membership writes of one group one after the other', async () => {
    const doubts = new MembershipDoubts(store);
    const order: string[] = [];
    let release!: () => void;
    const first = doubts.exclusive('5', async () => {
      order.push('first starts');
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      order.push('first ends');
    });
    const other = doubts.exclusive('6', async () => {
      order.push('other group');
    });
    const second = doubts.exclusive('5', async () => {
      order.push('second');
    });
    await other;
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(['first starts', 'other group', 'first ends', 'second']);
  });
});
