import { useEffect, useState } from 'preact/hooks';
import { useApp } from '../components/context';
import { ago, Badge, Empty, Switch, useAction } from '../components/ui';
import { useGateway } from '../state/store';
import { RuleEditor } from './rule-editor';

/** The rules: enable/disable, edit, delete, and the editor for a new one. */
export function Rules() {
  const { gateway, store, announce } = useApp();
  const state = useGateway(store);
  const [run, busy] = useAction();
  const [editing, setEditing] = useState<string | 'new'>();
  const rules = Object.entries(state.rules);
  // Rules have no events of their own: a sensor or light change may have fired one, so read them
  // again shortly after (at most twice a second).
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = store.onEvent((event) => {
      if (timer === undefined && (event.r === 'sensors' || event.r === 'lights' || event.r === 'groups')) {
        timer = setTimeout(() => {
          timer = undefined;
          void store.reload('rules').catch(() => undefined);
        }, 500);
      }
    });
    return () => {
      off();
      clearTimeout(timer);
    };
  }, [store]);
  if (editing !== undefined) {
    return (
      <RuleEditor
        key={editing}
        id={editing === 'new' ? undefined : editing}
        rule={editing === 'new' ? undefined : state.rules[editing]}
        onDone={() => setEditing(undefined)}
      />
    );
  }
  return (
    <>
      <button type="button" class="primary" onClick={() => setEditing('new')}>
        New rule
      </button>
      {rules.length === 0 ? (
        <Empty>No rules yet. A rule does something when a sensor, light or the clock says so.</Empty>
      ) : (
        <div class="grid">
          {rules.map(([id, rule]) => (
            <article key={id} class="card" aria-label={`Rule ${rule.name}`}>
              <header class="card-head">
                <h3>{rule.name}</h3>
                <Switch
                  label={`${rule.name} enabled`}
                  checked={rule.status === 'enabled'}
                  disabled={busy}
                  onChange={(on) =>
                    run(rule.name, async () => {
                      await gateway.put(`/rules/${id}`, { status: on ? 'enabled' : 'disabled' });
                      await store.reload('rules');
                    })
                  }
                />
              </header>
              <p class="meta">
                {rule.conditions.length} condition(s) · {rule.actions.length} action(s)
              </p>
              <p class="meta" aria-live="polite">
                Triggered {rule.timestriggered ?? 0}× · last {ago(rule.lasttriggered)} {rule.status !== 'enabled' && <Badge kind="warn">disabled</Badge>}
              </p>
              <div class="button-row">
                <button type="button" onClick={() => setEditing(id)}>
                  Edit
                </button>
                <button
                  type="button"
                  class="danger"
                  disabled={busy}
                  onClick={() =>
                    run(rule.name, async () => {
                      await gateway.delete(`/rules/${id}`);
                      await store.reload('rules');
                      announce(`Rule ${rule.name} deleted`);
                    })
                  }
                >
                  Delete
                </button>
              </div>
            </article>
          ))}
        </div>
      )}
    </>
  );
}
