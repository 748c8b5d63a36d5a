import { useState } from 'preact/hooks';
import { useApp } from '../components/context';
import { briToPercent, percentToBri } from '../components/percent';
import { identity, Rename } from '../components/rename';
import { Card, Empty, Slider, Switch, useAction } from '../components/ui';
import { useGateway } from '../state/store';
import type { Group, Light } from '../state/types';
import { LightCard } from './light-card';
import { Scenes } from './scenes';

function RoomCard({ id, group }: { id: string; group: Group }) {
  const { gateway, store } = useApp();
  const [run, busy] = useAction();
  const act = (body: Record<string, unknown>) => run(group.name, () => gateway.put(`/groups/${id}/action`, body));
  return (
    <Card
      title={group.name}
      label={`Room ${group.name}`}
      actions={<Switch label={`${group.name} on`} checked={group.state.any_on === true} disabled={busy} onChange={(on) => act({ on })} />}
    >
      <p class="meta">
        {group.lights.length} light{group.lights.length === 1 ? '' : 's'} · {group.state.all_on ? 'all on' : group.state.any_on ? 'some on' : 'off'}
      </p>
      <Rename path={`/groups/${id}`} name={group.name} done={() => store.refresh('groups', id)} />
      {typeof group.action.bri === 'number' && group.lights.length > 0 && (
        <Slider
          label="Brightness"
          unit="%"
          min={1}
          max={100}
          value={briToPercent(group.action.bri)}
          disabled={busy}
          onCommit={(percent) => act({ bri: percentToBri(percent) })}
        />
      )}
      <Scenes id={id} group={group} />
      <RoomLights id={id} group={group} />
    </Card>
  );
}

/** A room's lights changed (`PUT /groups/<id> {lights}`), or the room deleted. */
function RoomLights({ id, group }: { id: string; group: Group }) {
  const { gateway, store, announce } = useApp();
  const state = useGateway(store);
  const [run, busy] = useAction();
  const [members, setMembers] = useState<string[]>(group.lights);
  return (
    <details class="room-edit">
      <summary>Edit {group.name}</summary>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void run(`Edit ${group.name}`, async () => {
            await gateway.put(`/groups/${id}`, { lights: members });
            await store.refresh('groups', id);
            announce(`${group.name}: lights saved`);
          });
        }}
      >
        <fieldset>
          <legend>Lights in {group.name}</legend>
          {Object.entries(state.lights).map(([lightId, light]) => (
            <label key={lightId} class="check">
              <input
                type="checkbox"
                checked={members.includes(lightId)}
                onChange={(e) => setMembers((m) => ((e.target as HTMLInputElement).checked ? [...m, lightId] : m.filter((x) => x !== lightId)))}
              />
              {light.name}
              <span class="meta"> {identity([light.modelid])}</span>
            </label>
          ))}
        </fieldset>
        <div class="button-row">
          <button type="submit" class="primary" disabled={busy}>
            Save lights
          </button>
          <button
            type="button"
            class="danger"
            disabled={busy}
            onClick={() =>
              run(`Delete ${group.name}`, async () => {
                await gateway.delete(`/groups/${id}`);
                store.update((s) => ({ ...s, groups: Object.fromEntries(Object.entries(s.groups).filter(([g]) => g !== id)) }));
                announce(`Room ${group.name} deleted`);
              })
            }
          >
            Delete {group.name}
          </button>
        </div>
      </form>
    </details>
  );
}

function NewRoom({ lights }: { lights: Record<string, Light> }) {
  const { gateway, store, announce } = useApp();
  const [run, busy] = useAction();
  const [name, setName] = useState('');
  const [members, setMembers] = useState<string[]>([]);
  const [open, setOpen] = useState(false);
  return (
    <details class="new-room" open={open} onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}>
      <summary>New room</summary>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void run('New room', async () => {
            const id = await gateway.create('/groups', { name });
            if (members.length > 0) await gateway.put(`/groups/${id}`, { lights: members });
            await store.refresh('groups', id);
            announce(`Room ${name} created`);
            setName('');
            setMembers([]);
            setOpen(false);
          });
        }}
      >
        <label>
          Name
          <input value={name} maxLength={32} required onInput={(e) => setName((e.target as HTMLInputElement).value)} />
        </label>
        <fieldset>
          <legend>Lights</legend>
          {Object.entries(lights).map(([id, light]) => (
            <label key={id} class="check">
              <input
                type="checkbox"
                checked={members.includes(id)}
                onChange={(e) => setMembers((m) => ((e.target as HTMLInputElement).checked ? [...m, id] : m.filter((x) => x !== id)))}
              />
              {light.name}
              <span class="meta"> {identity([light.modelid])}</span>
            </label>
          ))}
        </fieldset>
        <button type="submit" class="primary" disabled={busy}>
          {busy ? 'Creating…' : 'Create room'}
        </button>
      </form>
    </details>
  );
}

export function Rooms() {
  const { store } = useApp();
  const state = useGateway(store);
  const groups = Object.entries(state.groups).filter(([, g]) => g.type !== 'Entertainment');
  const lights = Object.entries(state.lights);
  return (
    <>
      <section aria-labelledby="rooms-heading">
        <h2 id="rooms-heading">Rooms</h2>
        {groups.length === 0 ? (
          <Empty>No rooms yet. Create one to switch several lights at once and keep scenes.</Empty>
        ) : (
          <div class="grid">
            {groups.map(([id, group]) => (
              <RoomCard key={id} id={id} group={group} />
            ))}
          </div>
        )}
        <NewRoom lights={state.lights} />
      </section>
      <section aria-labelledby="lights-heading">
        <h2 id="lights-heading">Lights and covers</h2>
        {lights.length === 0 ? (
          <Empty>No lights yet. Use “Add a device” to pair one.</Empty>
        ) : (
          <div class="grid">
            {lights.map(([id, light]) => (
              <LightCard key={id} id={id} light={light} room={groups.find(([, g]) => g.lights.includes(id))?.[1].name} />
            ))}
          </div>
        )}
      </section>
    </>
  );
}
