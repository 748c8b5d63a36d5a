import { useEffect, useState } from 'preact/hooks';
import { useApp } from '../components/context';
import { useHashRoute } from '../components/route';
import { Badge, Empty, ErrorNote } from '../components/ui';
import { useGateway } from '../state/store';

/** One entry of `GET /logs` (a herdgate extension). */
export interface LogEntry {
  id: number;
  time: string;
  level: 'warn' | 'error' | 'fatal';
  process: 'api' | 'bridge';
  msg: string;
  reqid?: string;
  module?: string;
  ieee?: string;
  err?: string;
}

const REFRESH_MS = 5000;
const LEVEL_WORDS = { warn: 'Warning', error: 'Error', fatal: 'Fatal' } as const;

/** herdsman's `0x00158d…` as the REST device id `00:15:8d:…`. */
export const macOf = (ieee: string) => ieee.slice(2).match(/../g)?.join(':') ?? ieee;

/**
 * The gateway's recent warnings and errors (api and bridge), newest first, refreshed while the page
 * is open; `#/logs/<mac>` shows one device's. A request id ties an entry to the REST call that
 * caused it (the `X-Request-Id` answer header).
 */
export function Logs() {
  const { gateway, store } = useApp();
  const state = useGateway(store);
  const mac = useHashRoute().split('/')[1];
  const [errorsOnly, setErrorsOnly] = useState(false);
  const [entries, setEntries] = useState<LogEntry[]>();
  const [failure, setFailure] = useState<unknown>();
  useEffect(() => {
    let stopped = false;
    const query = new URLSearchParams({ limit: '200', ...(errorsOnly ? { level: 'error' } : {}), ...(mac ? { device: mac } : {}) });
    const read = () =>
      gateway.get<LogEntry[]>(`/logs?${query}`).then(
        (list) => {
          if (!stopped) {
            setEntries(list);
            setFailure(undefined);
          }
        },
        (err) => !stopped && setFailure(err),
      );
    void read();
    const timer = setInterval(read, REFRESH_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [errorsOnly, mac]);
  const deviceName = (ieee: string) => state.devices[macOf(ieee)]?.name;
  return (
    <section class="logs" aria-label="Gateway log">
      <p>
        {mac ? (
          <>
            Entries about <a href={`#/devices/${mac}`}>{state.devices[mac]?.name ?? mac}</a>. <a href="#/logs">All entries</a>
          </>
        ) : (
          <a href="#/settings">← Settings</a>
        )}
      </p>
      <p class="hint">What the gateway warned about recently, newest first (the last 500 are kept in memory; a restart clears them).</p>
      <label class="inline">
        <input type="checkbox" checked={errorsOnly} onChange={(e) => setErrorsOnly(e.currentTarget.checked)} /> Errors only
      </label>
      <ErrorNote error={failure} />
      {entries === undefined ? (
        <p class="progress" role="status">
          <span class="spinner" aria-hidden="true" />
          Reading the log…
        </p>
      ) : entries.length === 0 ? (
        <Empty>{errorsOnly ? 'No errors' : 'No warnings or errors'} since the gateway started.</Empty>
      ) : (
        <ol class="log-list" aria-label="Log entries">
          {entries.map((entry) => (
            <li key={`${entry.process}-${entry.id}`} class={`log-entry log-${entry.level}`}>
              <div class="log-head">
                <Badge kind={entry.level === 'warn' ? 'warn' : 'bad'}>{LEVEL_WORDS[entry.level]}</Badge>
                <time dateTime={entry.time}>{new Date(entry.time).toLocaleString()}</time>
                <span class="meta">
                  {entry.process === 'bridge' ? 'radio bridge' : 'api'}
                  {entry.module && entry.module !== entry.process ? ` · ${entry.module}` : ''}
                </span>
              </div>
              <p class="log-msg">
                {entry.msg}
                {entry.err && entry.err !== entry.msg ? `: ${entry.err}` : ''}
              </p>
              {(entry.ieee || entry.reqid) && (
                <p class="meta">
                  {entry.ieee && (
                    <>
                      Device <a href={`#/devices/${macOf(entry.ieee)}`}>{deviceName(entry.ieee) ?? macOf(entry.ieee)}</a>{' '}
                    </>
                  )}
                  {entry.reqid && (
                    <>
                      Request <code>{entry.reqid}</code>
                    </>
                  )}
                </p>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
