import { useState } from 'preact/hooks';
import { useApp } from '../components/context';
import { Card, useAction } from '../components/ui';

/**
 * Backups of the whole gateway (`POST /config/export` writes one into the gateway's backup folder,
 * `GET /config/export` downloads the newest): names, rooms, rules, the radio's network and keys.
 */
export function Backups() {
  const { gateway, announce } = useApp();
  const [run, busy] = useAction();
  const [made, setMade] = useState(false);
  return (
    <section id="backups" aria-label="Backups">
      <Card title="Backups">
        <p class="hint">
          A backup holds the whole gateway: devices and their names, rooms, scenes, rules, schedules, and the radio's network with its key. Keep it somewhere
          safe.
        </p>
        <div class="button-row">
          <button
            type="button"
            class="primary"
            disabled={busy}
            onClick={() =>
              run('Backup', async () => {
                await gateway.post('/config/export');
                setMade(true);
                announce('Backup written');
              })
            }
          >
            {busy ? 'Writing…' : 'Make a backup now'}
          </button>
          <a class="button" href={`/api/${encodeURIComponent(gateway.key)}/config/export`} download>
            {made ? 'Download it' : 'Download the newest backup'}
          </a>
        </div>
      </Card>
    </section>
  );
}
