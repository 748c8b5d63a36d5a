import { Backups } from './backups';
import { Matter } from './matter';
import { useEffect, useState } from 'preact/hooks';
import { ApiError } from '../api/client';
import { useApp } from '../components/context';
import { ago, Card, FieldError, useAction } from '../components/ui';
import { useGateway } from '../state/store';
import { HERDGATE_VERSION } from '../version';

const CHANNELS = [11, 15, 20, 25];

function zones(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  return intl.supportedValuesOf?.('timeZone') ?? ['Etc/UTC'];
}

/** Name, channel and time zone in one form: each sent on its own so an error names its field. */
function General() {
  const { gateway, store, announce } = useApp();
  const state = useGateway(store);
  const config = state.config;
  const [name, setName] = useState(String(config.name ?? ''));
  const [channel, setChannel] = useState(Number(config.zigbeechannel ?? 11));
  const [timezone, setTimezone] = useState(String(config.timezone ?? 'Etc/UTC'));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [progress, setProgress] = useState<string>();
  const save = async () => {
    setErrors({});
    const changes: [string, Record<string, unknown>][] = [];
    if (name !== config.name) changes.push(['name', { name }]);
    if (timezone !== config.timezone) changes.push(['timezone', { timezone }]);
    if (channel !== Number(config.zigbeechannel)) changes.push(['zigbeechannel', { zigbeechannel: channel }]);
    const failed: Record<string, string> = {};
    for (const [field, body] of changes) {
      setProgress(field === 'zigbeechannel' ? `Moving the network to channel ${channel}; devices follow…` : `Saving ${field}…`);
      try {
        await gateway.put('/config', body);
      } catch (err) {
        failed[field] = err instanceof ApiError ? err.message : String(err);
      }
    }
    setProgress(undefined);
    setErrors(failed);
    await store.reload('config');
    if (Object.keys(failed).length === 0) announce(changes.length === 0 ? 'Nothing changed' : 'Settings saved');
  };
  return (
    <form
      class="card"
      aria-labelledby="general-heading"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <h2 id="general-heading">Gateway</h2>
      <label>
        Name
        <input
          name="gateway-name"
          value={name}
          maxLength={16}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby="name-error"
          onInput={(e) => setName((e.target as HTMLInputElement).value)}
        />
      </label>
      <FieldError id="name-error" error={errors.name} />
      <label>
        Zigbee channel
        <select
          value={channel}
          aria-invalid={errors.zigbeechannel ? true : undefined}
          aria-describedby="channel-error"
          onChange={(e) => setChannel(Number((e.target as HTMLSelectElement).value))}
        >
          {CHANNELS.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </label>
      <FieldError id="channel-error" error={errors.zigbeechannel} />
      <label>
        Time zone
        <select
          value={timezone}
          aria-invalid={errors.timezone ? true : undefined}
          aria-describedby="timezone-error"
          onChange={(e) => setTimezone((e.target as HTMLSelectElement).value)}
        >
          {!zones().includes(timezone) && <option value={timezone}>{timezone}</option>}
          {zones().map((z) => (
            <option key={z} value={z}>
              {z}
            </option>
          ))}
        </select>
      </label>
      <FieldError id="timezone-error" error={errors.timezone} />
      {progress && (
        <p class="progress" role="status">
          <span class="spinner" aria-hidden="true" />
          {progress}
        </p>
      )}
      <button type="submit" class="primary" disabled={progress !== undefined}>
        Save
      </button>
      <p class="meta">
        herdgate {HERDGATE_VERSION} · deCONZ API {String(config.apiversion ?? '?')} · radio {config.rfconnected ? 'connected' : 'not connected'} · firmware{' '}
        {String(config.fwversion ?? '?')} · PAN id {String(config.panid ?? '?')}
      </p>
    </form>
  );
}

/** `PUT /config/password` takes Base64 of `user:password`, old and new. */
function Password() {
  const { gateway, announce } = useApp();
  const [user, setUser] = useState('delight');
  const [old, setOld] = useState('');
  const [fresh, setFresh] = useState('');
  const [error, setError] = useState<string>();
  const [run, busy] = useAction();
  return (
    <form
      class="card"
      aria-labelledby="password-heading"
      onSubmit={(e) => {
        e.preventDefault();
        setError(undefined);
        void run('Password', async () => {
          try {
            await gateway.put('/config/password', { username: user, oldhash: btoa(`${user}:${old}`), newhash: btoa(`${user}:${fresh}`) });
            setOld('');
            setFresh('');
            announce('Password changed');
          } catch (err) {
            setError(err instanceof ApiError ? err.message : String(err));
          }
        });
      }}
    >
      <h2 id="password-heading">Gateway password</h2>
      <label>
        User
        <input autocomplete="username" value={user} onInput={(e) => setUser((e.target as HTMLInputElement).value)} />
      </label>
      <label>
        Current password
        <input type="password" autocomplete="current-password" value={old} required onInput={(e) => setOld((e.target as HTMLInputElement).value)} />
      </label>
      <label>
        New password
        <input
          type="password"
          autocomplete="new-password"
          value={fresh}
          required
          minLength={1}
          onInput={(e) => setFresh((e.target as HTMLInputElement).value)}
        />
      </label>
      <FieldError id="password-error" error={error} />
      <button type="submit" disabled={busy}>
        Change password
      </button>
    </form>
  );
}

interface WhitelistEntry {
  name?: string;
  'create date'?: string;
  'last use date'?: string;
}

/** The API keys (`whitelist`), the link button, and revoke. */
function Keys() {
  const { gateway, store, announce } = useApp();
  const state = useGateway(store);
  const [run, busy] = useAction();
  const whitelist = (state.config.whitelist ?? {}) as Record<string, WhitelistEntry>;
  // Keys have no events: read the list when the page opens (an app may have registered meanwhile).
  useEffect(() => {
    void store.reload('config').catch(() => undefined);
  }, [store]);
  return (
    <section class="card" aria-labelledby="keys-heading">
      <h2 id="keys-heading">API keys</h2>
      <p class="hint">Press the link button to let a new app register within 60 seconds.</p>
      <button
        type="button"
        disabled={busy}
        onClick={() =>
          run('Link button', async () => {
            await gateway.put('/config', { unlock: 60 });
            announce('Unlocked for 60 seconds');
          })
        }
      >
        Press the link button
      </button>
      <table>
        <thead>
          <tr>
            <th>App</th>
            <th>Created</th>
            <th>Last used</th>
            <th>
              <span class="sr-only">Revoke</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {Object.entries(whitelist).map(([key, entry]) => (
            <tr key={key}>
              <td data-label="App">
                {entry.name ?? '?'} {key === gateway.key && <span class="badge badge-info">this browser</span>}
                <br />
                <code class="meta">{key.slice(0, 6)}…</code>
              </td>
              <td data-label="Created">{ago(entry['create date'])}</td>
              <td data-label="Last used">{ago(entry['last use date'])}</td>
              <td>
                {key !== gateway.key && (
                  <button
                    type="button"
                    class="danger"
                    disabled={busy}
                    aria-label={`Revoke ${entry.name ?? key}`}
                    onClick={() =>
                      run('Revoke', async () => {
                        await gateway.delete(`/config/whitelist/${key}`);
                        await store.reload('config');
                        announce(`Key of ${entry.name ?? '?'} revoked`);
                      })
                    }
                  >
                    Revoke
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

export function Settings() {
  return (
    <div class="grid wide">
      <General />
      <Password />
      <Keys />
      <Matter />
      <Backups />
      <section aria-label="Gateway log">
        <Card title="Gateway log">
          <p class="hint">Warnings and errors the gateway and its radio bridge wrote recently, with the request that caused each.</p>
          <a class="button" href="#/logs">
            Open the log
          </a>
        </Card>
      </section>
    </div>
  );
}
