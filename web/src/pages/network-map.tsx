import { useEffect, useState } from 'preact/hooks';
import { ApiError } from '../api/client';
import { useApp } from '../components/context';
import { layout, mapSize, quality, type NetworkMap, type Placed } from '../components/map-layout';
import { ago, Empty, ErrorNote } from '../components/ui';

const unanswered = (map: NetworkMap) => map.nodes.filter((n) => n.reachable === false).length;
const DEGREES = 180 / Math.PI;

/** Under its node; on a big map pointing outward from it, upright on both halves of the circle. */
function Label({ node, radial }: { node: Placed; radial: boolean }) {
  const text = (node.name ?? node.ieee).slice(0, 18);
  if (node.ring === 0 || !radial)
    return (
      <text y={22} text-anchor="middle">
        {text}
      </text>
    );
  const left = Math.cos(node.angle) < 0;
  const rotate = node.angle * DEGREES + (left ? 180 : 0);
  return (
    <text transform={`rotate(${rotate.toFixed(1)}) translate(${left ? -12 : 12} 0)`} text-anchor={left ? 'end' : 'start'} dominant-baseline="middle">
      {text}
    </text>
  );
}

/** A small network fits the screen; a big one is drawn 1:1 (11 px labels) and scrolls in its frame. */
function MapDrawing({ map }: { map: NetworkMap }) {
  const size = mapSize(map);
  const nodes = layout(map, size);
  const at = new Map(nodes.map((n) => [n.ieee, n]));
  const big = map.nodes.length > 40;
  return (
    <figure class="map">
      <div class={big ? 'map-scroll' : undefined}>
        <svg
          viewBox={`0 0 ${size} ${size}`}
          style={big ? { width: `${size}px`, maxWidth: 'none' } : undefined}
          role="img"
          aria-label={`Network map: ${map.nodes.length} devices, ${map.links.length} links`}
        >
          {map.links.map((link) => {
            const a = at.get(link.source);
            const b = at.get(link.target);
            if (!a || !b) return null;
            return (
              <line key={`${link.source}-${link.target}`} class={`edge edge-${quality(link.lqi)}`} x1={a.x} y1={a.y} x2={b.x} y2={b.y}>
                <title>{`${a.name ?? a.ieee} ↔ ${b.name ?? b.ieee}: LQI ${link.lqi}`}</title>
              </line>
            );
          })}
          {nodes.map((node) => (
            <g
              key={node.ieee}
              class={`node node-${node.type}${node.reachable === false ? ' node-unreachable' : ''}`}
              transform={`translate(${node.x} ${node.y})`}
            >
              <title>{`${node.name ?? node.ieee} (${node.type}${node.reachable === false ? ', did not answer' : ''})`}</title>
              {node.type === 'EndDevice' ? <circle r={6} /> : <rect x={-8} y={-8} width={16} height={16} rx={node.type === 'Coordinator' ? 8 : 3} />}
              <Label node={node} radial={big} />
            </g>
          ))}
        </svg>
      </div>
      <figcaption class="meta">
        ■ coordinator and routers, ● end devices; links by quality: <span class="q-good">good</span>, <span class="q-fair">fair</span>,{' '}
        <span class="q-poor">poor</span>.
      </figcaption>
    </figure>
  );
}

/** Every device with its best link, the weakest first: the map as a list that reads at any size. */
function LinkList({ map }: { map: NetworkMap }) {
  const names = new Map(map.nodes.map((n) => [n.ieee, n.name ?? n.ieee]));
  const rows = map.nodes
    .filter((n) => n.type !== 'Coordinator')
    .map((node) => {
      const heard = map.links.filter((l) => l.source === node.ieee).sort((a, b) => b.lqi - a.lqi)[0];
      return { node, lqi: heard?.lqi, via: heard ? names.get(heard.target) : undefined, depth: heard?.depth };
    })
    .sort((a, b) => (a.lqi ?? -1) - (b.lqi ?? -1));
  return (
    <details class="link-list">
      <summary>Every device's link, weakest first ({rows.length})</summary>
      <table>
        <thead>
          <tr>
            <th>Device</th>
            <th>Kind</th>
            <th>Best link</th>
            <th>Through</th>
            <th>Hops</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ node, lqi, via, depth }) => (
            <tr key={node.ieee}>
              <td data-label="Device">{node.name ?? node.ieee}</td>
              <td data-label="Kind">
                {node.type === 'EndDevice' ? 'end device' : 'router'}
                {node.reachable === false ? ' (did not answer)' : ''}
              </td>
              <td data-label="Best link">{lqi === undefined ? 'none heard' : <span class={`q-${quality(lqi)}`}>{lqi} / 255</span>}</td>
              <td data-label="Through">{via ?? '—'}</td>
              <td data-label="Hops">{depth ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
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
  const load = () =>
    gateway.get<NetworkMap>('/networkmap').then((m) => {
      setMap(m);
      setError(undefined);
      setProgress(m.scanstate === 'scanning' ? (m.progress ?? {}) : undefined);
    });
  useEffect(() => {
    load().catch(setError);
  }, []);
  useEffect(
    () =>
      store.onEvent((event) => {
        if (event.r !== 'networkmap' || !event.state) return;
        const state = event.state as { scanstate?: string; done?: number; total?: number; error?: string };
        if (state.scanstate === 'scanning') {
          setProgress({ done: state.done, total: state.total });
          return;
        }
        setProgress(undefined);
        if (state.error) setError(new ApiError(503, [{ type: 950, address: '/networkmap', description: state.error }]));
        else void load().then(() => announce('Network map updated'), setError);
      }),
    [store],
  );
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
        <button type="button" class="primary" disabled={scanning || unsupported} onClick={() => void scan()}>
          {scanning ? 'Scanning…' : 'Scan the network'}
        </button>
        {scanning && (
          <p class="progress" role="status">
            <span class="spinner" aria-hidden="true" />
            {progress.total ? (
              <>
                Asked {progress.done ?? 0} of {progress.total} routers <progress max={progress.total} value={progress.done ?? 0} />
              </>
            ) : (
              'Asking every router for its neighbours…'
            )}
          </p>
        )}
      </div>
      {unsupported ? <Empty>This gateway does not offer a network map.</Empty> : <ErrorNote error={error} />}
      {map &&
        (map.nodes.length === 0 ? (
          <Empty>No scan yet: press “Scan the network”.</Empty>
        ) : (
          <>
            <p class="meta">
              Scanned {ago(map.scannedat)} · {map.nodes.length} devices · {map.links.length} links
              {unanswered(map) > 0 ? ` · ${unanswered(map)} did not answer` : ''}
            </p>
            <MapDrawing map={map} />
            <LinkList map={map} />
          </>
        ))}
    </>
  );
}
