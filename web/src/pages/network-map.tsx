import { useEffect, useState } from 'preact/hooks';
import { ApiError } from '../api/client';
import { useApp } from '../components/context';
import { layout, quality, type NetworkMap } from '../components/map-layout';
import { ago, Empty, ErrorNote } from '../components/ui';

const SIZE = 640;
const unanswered = (map: NetworkMap) => map.nodes.filter((n) => n.reachable === false).length;

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
          <g key={node.ieee} class={`node node-${node.type}${node.reachable === false ? ' node-unreachable' : ''}`} transform={`translate(${node.x} ${node.y})`}>
            <title>{`${node.name ?? node.ieee} (${node.type}${node.reachable === false ? ', did not answer' : ''})`}</title>
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
 * The radio's neighbour tables as a drawing (`GET /networkmap`, a herdgate extension), and a fresh
 * scan (`POST /networkmap`) whose progress and finish arrive as `r: "networkmap"` WebSocket events.
 */
export function NetworkMapPage() {
  const { gateway, store, announce } = useApp();
  const [map, setMap] = useState<NetworkMap>();
  const [error, setError] = useState<unknown>();
  const [progress, setProgress] = useState<{ done?: number; total?: number }>();
  const load = () => gateway.get<NetworkMap>('/networkmap').then((m) => {
    setMap(m);
    setError(undefined);
    setProgress(m.scanstate === 'scanning' ? m.progress ?? {} : undefined);
  });
  useEffect(() => { load().catch(setError); }, []);
  useEffect(() => store.onEvent((event) => {
    if (event.r !== 'networkmap' || !event.state) return;
    const state = event.state as { scanstate?: string; done?: number; total?: number; error?: string };
    if (state.scanstate === 'scanning') {
      setProgress({ done: state.done, total: state.total });
      return;
    }
    setProgress(undefined);
    if (state.error) setError(new ApiError(503, [{ type: 950, address: '/networkmap', description: state.error }]));
    else void load().then(() => announce('Network map updated'), setError);
  }), [store]);
  const scan = async () => {
    setError(undefined);
    try {
      await gateway.post('/networkmap');
      setProgress((p) => p ?? {});
    } catch (err) {
      setError(err);
    }
  };
  const scanning = progress !== undefined;
  const unsupported = error instanceof ApiError && error.status === 404;
  return (
    <>
      <div class="row">
        <button type="button" class="primary" disabled={scanning || unsupported} onClick={() => void scan()}>{scanning ? 'Scanning…' : 'Scan the network'}</button>
        {scanning && (
          <p class="progress" role="status"><span class="spinner" aria-hidden="true" />
            {progress.total ? <>Asked {progress.done ?? 0} of {progress.total} routers <progress max={progress.total} value={progress.done ?? 0} /></> : 'Asking every router for its neighbours…'}
          </p>
        )}
      </div>
      {unsupported ? <Empty>This gateway does not offer a network map.</Empty> : <ErrorNote error={error} />}
      {map && (map.nodes.length === 0 ? <Empty>No scan yet: press “Scan the network”.</Empty> : (
        <>
          <p class="meta">Scanned {ago(map.scannedat)} · {map.nodes.length} devices · {map.links.length} links{unanswered(map) > 0 ? ` · ${unanswered(map)} did not answer` : ''}</p>
          <MapDrawing map={map} />
        </>
      ))}
    </>
  );
}
