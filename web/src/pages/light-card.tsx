import { hexToXy, kelvin, xyToHex } from '../components/color';
import { briToPercent, percentToBri } from '../components/percent';
import { useApp } from '../components/context';
import { identity, Rename } from '../components/rename';
import { Badge, Card, Slider, Switch, useAction } from '../components/ui';
import type { Light } from '../state/types';

export const isCover = (light: Light) => /window covering/i.test(light.type);

function CoverControls({ id, light }: { id: string; light: Light }) {
  const { gateway } = useApp();
  const [run, busy] = useAction();
  const set = (body: Record<string, unknown>) => run(`${light.name}`, () => gateway.put(`/lights/${id}/state`, body));
  return (
    <div class="controls">
      {/* biome-ignore lint/a11y/useSemanticElements: a flex row of buttons named as one control; a fieldset would add its own border and legend layout */}
      <div class="button-row" role="group" aria-label={`${light.name} cover`}>
        <button type="button" disabled={busy} onClick={() => set({ open: true })}>
          Open
        </button>
        <button type="button" disabled={busy} onClick={() => set({ stop: true })}>
          Stop
        </button>
        <button type="button" disabled={busy} onClick={() => set({ open: false })}>
          Close
        </button>
      </div>
      <Slider label="Closed" unit="%" min={0} max={100} value={Number(light.state.lift ?? 0)} disabled={busy} onCommit={(lift) => set({ lift })} />
    </div>
  );
}

/** One light: on/off, brightness, colour temperature and colour where the lamp has them. */
export function LightCard({ id, light, room }: { id: string; light: Light; room?: string }) {
  const { gateway, store } = useApp();
  const [run, busy] = useAction();
  const set = (body: Record<string, unknown>) => run(light.name, () => gateway.put(`/lights/${id}/state`, body));
  const reachable = light.state.reachable !== false;
  const ct = light.capabilities?.color?.ct ?? (light.ctmin && light.ctmax ? { min: light.ctmin, max: light.ctmax } : undefined);
  const hasColor = light.state.xy !== undefined || light.state.hue !== undefined;
  return (
    <Card
      title={light.name}
      label={`Light ${light.name}`}
      actions={
        isCover(light) ? undefined : (
          <Switch label={`${light.name} on`} checked={light.state.on === true} disabled={busy || !reachable} onChange={(on) => set({ on })} />
        )
      }
    >
      <p class="meta">
        {identity([room, light.modelid, light.type])}
        {reachable ? '' : ' · '}
        {!reachable && <Badge kind="bad">unreachable</Badge>}
      </p>
      <Rename path={`/lights/${id}`} name={light.name} done={() => store.refresh('lights', id)} />
      {isCover(light) ? (
        <CoverControls id={id} light={light} />
      ) : (
        <div class="controls">
          {light.state.bri !== undefined && (
            <Slider
              label="Brightness"
              unit="%"
              min={1}
              max={100}
              value={briToPercent(light.state.bri ?? 1)}
              disabled={busy || !reachable}
              onCommit={(percent) => set({ bri: percentToBri(percent) })}
            />
          )}
          {ct && light.state.ct !== undefined && (
            <Slider
              label="White"
              min={ct.min}
              max={ct.max}
              value={light.state.ct ?? ct.min}
              format={(mired) => `${kelvin(mired)} K`}
              disabled={busy || !reachable}
              onCommit={(value) => set({ ct: value })}
            />
          )}
          {hasColor && (
            <label class="color">
              <span>Colour</span>
              <input
                type="color"
                value={xyToHex(light.state.xy ?? undefined)}
                disabled={busy || !reachable}
                onChange={(e) => set({ xy: hexToXy((e.target as HTMLInputElement).value) })}
              />
            </label>
          )}
        </div>
      )}
    </Card>
  );
}
