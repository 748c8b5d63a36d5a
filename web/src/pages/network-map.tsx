import { useEffect, useState } from 'preact/hooks';
import { ApiError } from '../api/client';
import { useApp } from '../components/context';
import { layout, quality, type NetworkMap } from '../components/map-layout';
import { ago, Empty, ErrorNote } from '../components/ui';

const SIZE = 640;

function MapDrawing({ map }: { map: NetworkMap }) {
  const nodes = layout(map, SIZE);
  const at = new Map(nodes.map((n) => [n.ieee, n]));
  return (
    <figure class="map">
      <svg viewBox={`0 0 ${SIZE} ${SIZE}`} role="img" aria-label={`Network map: ${map.nodes.length} devices, ${map.links.length} links`}>
        {map.links.map((link) => {
          const a = at.get(link.source);
          const b = at.get(link.target);
          if (!a || !b) return null;
          return <line key={`${link.source}-${link.target}`} class={`edge edge-${quality(link.lqi)}`} x1={a.x} y1={a.y} x2={b.x} y2={b.y}><title>{`${a.name ?? a.ieee} ↔ ${b.name ?? b.ieee}: LQI ${link.lqi}`}</title></line>;
        })}
        {nodes.map((node) => (
          <g key={node.ieee} class={`node node-${node.type}`} transform={`translate(${node.x} ${node.y})`}>
            {node.type === 'EndDevice' ? <circle r={7} /> : <rect x={-9} y={-9} width={18} height={18} rx={node.type === 'Coordinator' ? 9 : 3} />}
            <text y={22} text-anchor="middle">{(node.name ?? node.ieee).slice(0, 18)}</text>
          </g>
        ))}
      </svg>
      <figcaption class="meta">■ coordinator and routers, ● end devices; links by quality: <span class="q-good">good</span>, <span class="q-fair">fair</span>, <span class="q-poor">poor</span>.</figcaption>
    </figure>
  );
}

/**
 * The radio's neighbour tables as a drawing (`GET /networkmap`), and a fresh scan
 * (`POST /networkmap`) followed until its result is there.
 */
export function NetworkMapPage() {
  const { gateway, announce } = useApp();
  const [map, setMap] = useState<NetworkMap>();
  const [error, setError] = useState<unknown>();
  const [scanning, setScanning] = useState(false);
  const load = () => gateway.get<NetworkMap>('/networkmap').then((m) => { setMap(m); setError(undefined); return m; });
  useEffect(() => { load().catch(setError); }, []);
  const scan = async () => {
    setScanning(true);
    setError(undefined);
    try {
      const before = map?.scannedat;
      await gateway.post('/networkmap');
      for (let i = 0; i < 90; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        const fresh = await load();
        if (fresh.scannedat && fresh.scannedat !== before) break;
      }
      announce('Network map updated');
    } catch (err) {
      setError(err);
    } finally {
      setScanning(false);
    }
  };
  const unsupported = error instanceof ApiError && error.status === 404;
  return (
    <>
      <div class="row">
        <button type="button" class="primary" disabled={scanning || unsupported} onClick={() => void scan()}>{scanning ? 'Scanning…' : 'Scan the network'}</button>
        {scanning && <p class="progress" role="status"><span class="spinner" aria-hidden="true" />Asking every router for its neighbours; this takes a while on a big network.</p>}
      </div>
      {unsupported ? <Empty>This gateway does not offer a network map.</Empty> : <ErrorNote error={error} />}
      {map && (map.nodes.length === 0 ? <Empty>No scan yet: press “Scan the network”.</Empty> : (
        <>
          <p class="meta">Scanned {ago(map.scannedat)} · {map.nodes.length} devices · {map.links.length} links</p>
          <MapDrawing map={map} />
        </>
      ))}
    </>
  );
}
