import { useEffect, useState } from 'preact/hooks';
import { useApp } from '../components/context';
import { Card, useAction } from '../components/ui';
import { fabricName, matterSummary, pairingCodeText, readMatter, type MatterReading } from './matter-words';

/**
 * The opt-in Matter bridge (`/matter`): the pairing code and QR payload an ecosystem's app asks
 * for, a window to pair one more, and the ecosystems already paired, each removable.
 */
export function Matter() {
  const { gateway, announce } = useApp();
  const [reading, setReading] = useState<MatterReading>();
  const [run, busy] = useAction();
  const reload = () => readMatter((path) => gateway.get(path)).then(setReading);
  useEffect(() => {
    void reload().catch(() => undefined);
  }, [gateway]);
  if (!reading) return null;
  if (reading.state === 'off')
    return (
      <section id="matter" aria-label="Matter">
        <Card title="Matter">
          <p class="hint">The Matter bridge is off. Start herdgate with MATTER=1 to add its devices to Apple Home, Google Home, Alexa or Home Assistant.</p>
        </Card>
      </section>
    );
  const { view } = reading;
  const pairing = (open: boolean) =>
    run(open ? 'Open pairing' : 'Close pairing', async () => {
      await gateway.put('/matter', { commissioning: open });
      await reload();
      announce(open ? 'Open for pairing for 3 minutes' : 'Pairing closed');
    });
  return (
    <section id="matter" aria-label="Matter">
      <Card title="Matter">
        <p class="meta">{matterSummary(view)}</p>
        <dl>
          <dt>Pairing code</dt>
          <dd>
            <code data-testid="matter-pairing-code">{pairingCodeText(view.pairingcode)}</code>
          </dd>
          <dt>QR payload</dt>
          <dd>
            <code data-testid="matter-qr-payload">{view.qrcode}</code>
          </dd>
        </dl>
        <p class="hint">
          In the ecosystem's app, add a Matter device and type the code (or scan a QR code made from the payload). herdgate is not certified: the app will say
          so and ask to add it anyway.
        </p>
        <div class="button-row">
          <button type="button" class="primary" disabled={busy || view.commissioning} onClick={() => void pairing(true)}>
            Pair another ecosystem
          </button>
          {view.commissioning && (
            <button type="button" disabled={busy} onClick={() => void pairing(false)}>
              Close pairing
            </button>
          )}
        </div>
        {view.fabrics.length > 0 && (
          <table>
            <thead>
              <tr>
                <th>Paired with</th>
                <th>
                  <span class="sr-only">Remove</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {view.fabrics.map((fabric) => (
                <tr key={fabric.index}>
                  <td data-label="Paired with">{fabricName(fabric)}</td>
                  <td>
                    <button
                      type="button"
                      class="danger"
                      disabled={busy}
                      aria-label={`Remove ${fabricName(fabric)}`}
                      onClick={() =>
                        run('Remove', async () => {
                          await gateway.delete(`/matter/fabrics/${fabric.index}`);
                          await reload();
                          announce(`${fabricName(fabric)} removed: it no longer sees herdgate`);
                        })
                      }
                    >
                      Remove
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>
    </section>
  );
}
