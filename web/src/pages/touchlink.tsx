import { useEffect, useState } from 'preact/hooks';
import { useApp } from '../components/context';
import { Badge, Empty, useAction } from '../components/ui';
import { useGateway } from '../state/store';

interface Found {
  address: string;
  channel: number;
  factorynew: boolean;
  panid: number;
  rssi: number;
}
interface Scan {
  scanstate: 'idle' | 'scanning';
  lastscan?: string;
  result: Record<string, Found>;
}

/**
 * Touchlink (`/touchlink/scan`, `/touchlink/<id>/identify`, `/touchlink/<id>/reset`): finds lamps
 * held close to the gateway's radio, makes one blink, or resets it to factory new so it pairs again.
 * The scan's end arrives as an `r: "touchlink"` WebSocket event; the result is read then.
 */
export function Touchlink() {
  const { gateway, store, announce } = useApp();
  const state = useGateway(store);
  const [run, busy] = useAction();
  const [scan, setScan] = useState<Scan>();
  const read = () => gateway.get<Scan>('/touchlink/scan').then(setScan, () => undefined);
  useEffect(() => {
    void read();
    return store.onEvent((event) => {
      if (event.r === 'touchlink') void read();
    });
  }, [store]);
  const scanning = scan?.scanstate === 'scanning';
  const found = Object.entries(scan?.result ?? {});
  const nameOf = (address: string) => Object.values(state.devices).find((d) => `0x${d.uniqueid.replace(/:/g, '')}` === address)?.name;
  return (
    <>
      <p class="hint">
        Hold the lamp within about 50 cm of the gateway's radio and switch it on. A scan takes about ten seconds; meanwhile the gateway sends nothing else.
      </p>
      <button
        type="button"
        class="primary"
        disabled={busy || scanning}
        onClick={() =>
          run('Touchlink scan', async () => {
            await gateway.post('/touchlink/scan');
            await read();
          })
        }
      >
        {scanning ? 'Scanning…' : 'Scan for close lamps'}
      </button>
      {scanning && (
        <p class="progress" role="status">
          <span class="spinner" aria-hidden="true" />
          Scanning every channel…
        </p>
      )}
      {!scanning && scan?.lastscan && found.length === 0 && <Empty>No lamp answered. Bring it closer, or switch it off and on, and scan again.</Empty>}
      {found.length > 0 && (
        <ul class="grid touchlink" aria-label="Lamps found">
          {found.map(([id, lamp]) => {
            const name = nameOf(lamp.address) ?? lamp.address;
            return (
              <li key={id} class="card" aria-label={`Found ${name}`}>
                <strong>{name}</strong> {lamp.factorynew ? <Badge kind="info">factory new</Badge> : <Badge kind="ok">on a network</Badge>}
                <p class="meta">
                  Channel {lamp.channel} · signal {lamp.rssi} dBm
                </p>
                <div class="button-row">
                  <button
                    type="button"
                    disabled={busy || scanning}
                    onClick={() =>
                      run(`Blink ${name}`, async () => {
                        await gateway.post(`/touchlink/${id}/identify`);
                        announce(`${name} is blinking`);
                      })
                    }
                  >
                    Blink
                  </button>
                  <button
                    type="button"
                    class="danger"
                    disabled={busy || scanning}
                    onClick={() =>
                      run(`Reset ${name}`, async () => {
                        await gateway.post(`/touchlink/${id}/reset`);
                        announce(`${name} reset to factory new: add it as a new device`);
                      })
                    }
                  >
                    Reset to factory new
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
