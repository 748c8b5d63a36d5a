import { useState } from 'preact/hooks';
import { useApp } from '../components/context';
import { Rename } from '../components/rename';
import { useAction } from '../components/ui';
import type { Group } from '../state/types';

/** A room's scenes: recall, store the current light states into one, or create a new one. */
export function Scenes({ id, group }: { id: string; group: Group }) {
  const { gateway, store, announce } = useApp();
  const [run, busy] = useAction();
  const [name, setName] = useState('');
  const refresh = async () => {
    const fresh = await gateway.get<Group>(`/groups/${id}`);
    store.update((s) => ({ ...s, groups: { ...s.groups, [id]: { ...s.groups[id], scenes: fresh.scenes } } }));
  };
  return (
    <section class="scenes" aria-label={`${group.name} scenes`}>
      <h4>Scenes</h4>
      {group.scenes.length === 0 ? (
        <p class="empty">No scenes yet.</p>
      ) : (
        <ul class="scene-list">
          {group.scenes.map((scene) => (
            <li key={scene.id}>
              <button
                type="button"
                disabled={busy}
                onClick={() =>
                  run(scene.name, async () => {
                    await gateway.put(`/groups/${id}/scenes/${scene.id}/recall`, {});
                    announce(`${scene.name} recalled`);
                  })
                }
              >
                {scene.name}
              </button>
              <button
                type="button"
                class="quiet"
                disabled={busy}
                aria-label={`Store current state in ${scene.name}`}
                onClick={() =>
                  run(scene.name, async () => {
                    await gateway.put(`/groups/${id}/scenes/${scene.id}/store`, {});
                    announce(`${scene.name} stored`);
                  })
                }
              >
                Store
              </button>
              <Rename path={`/groups/${id}/scenes/${scene.id}`} name={scene.name} done={refresh} />
              <button
                type="button"
                class="quiet danger"
                disabled={busy}
                aria-label={`Delete scene ${scene.name}`}
                onClick={() =>
                  run(scene.name, async () => {
                    await gateway.delete(`/groups/${id}/scenes/${scene.id}`);
                    await refresh();
                    announce(`Scene ${scene.name} deleted`);
                  })
                }
              >
                Delete
              </button>
            </li>
          ))}
        </ul>
      )}
      <form
        class="inline"
        onSubmit={(e) => {
          e.preventDefault();
          void run('New scene', async () => {
            await gateway.create(`/groups/${id}/scenes`, { name });
            setName('');
            await refresh();
            announce(`Scene ${name} created`);
          });
        }}
      >
        <label>
          New scene
          <input value={name} maxLength={32} required onInput={(e) => setName((e.target as HTMLInputElement).value)} />
        </label>
        <button type="submit" disabled={busy || name === ''}>
          {busy ? 'Saving…' : 'Create'}
        </button>
      </form>
    </section>
  );
}
