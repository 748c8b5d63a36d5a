import type { Logger } from 'pino';
import type { Clock } from '../../services/clock';
import type { GatewaySettings } from '../../store/types';
import { utcSeconds } from '../../lib/timestamps';

/** Where the newest herdgate release is learned: npm dist-tags (`latest`, `beta`, `alpha`). */
export interface ReleaseSource {
  /** The dist-tags, or undefined when the source cannot be reached in time. */
  distTags(): Promise<Record<string, string> | undefined>;
}

export const NPM_DIST_TAGS_URL = 'https://registry.npmjs.org/-/package/herdgate/dist-tags';
const CHECK_TIMEOUT_MS = 3_000;
const PACKAGE_URL = 'https://www.npmjs.com/package/herdgate';

/** The npm registry (or a mirror) over HTTP, with a bounded wait: an offline gateway answers at once. */
export function httpReleaseSource(url: string, timeoutMs = CHECK_TIMEOUT_MS): ReleaseSource {
  return {
    async distTags() {
      try {
        const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
        if (!response.ok) return undefined;
        const body: unknown = await response.json();
        if (typeof body !== 'object' || body === null) return undefined;
        return Object.fromEntries(Object.entries(body).filter((e): e is [string, string] => typeof e[1] === 'string'));
      } catch {
        return undefined;
      }
    },
  };
}

/** No source at all (`RELEASES_URL=none`): the gateway only knows its own version. */
export const NO_RELEASES: ReleaseSource = { distTags: async () => undefined };

/** The source `RELEASES_URL` names, on either runtime (workerd's fetch reaches the registry too). */
export function releaseSourceFrom(url: string): ReleaseSource {
  return url === 'none' ? NO_RELEASES : httpReleaseSource(url);
}

/** Numeric comparison of x.y.z; a pre-release sorts before its release. */
export function compareVersions(a: string, b: string): number {
  const parse = (v: string) => {
    const [core = '', pre] = v.replace(/^v/, '').split('-', 2);
    return { parts: core.split('.').map((n) => Number.parseInt(n, 10) || 0), pre };
  };
  const x = parse(a);
  const y = parse(b);
  for (let i = 0; i < 3; i += 1) {
    const d = (x.parts[i] ?? 0) - (y.parts[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  if (x.pre === y.pre) return 0;
  if (x.pre === undefined) return 1;
  if (y.pre === undefined) return -1;
  return x.pre < y.pre ? -1 : 1;
}

/** Tags a channel follows, most preferred first. */
const CHANNEL_TAGS: Record<GatewaySettings['updatechannel'], string[]> = {
  stable: ['latest'],
  beta: ['beta', 'latest'],
  alpha: ['alpha', 'beta', 'latest'],
};

interface Known {
  newest: string;
  checkedAt: number;
}

/**
 * `POST /config/update`: learns the newest release of the update channel and reports it in
 * `swupdate`/`swupdate2`. It never installs anything (herdgate runs from npm or a checkout; the
 * README says how to update), so an available update reads "ready to install" with the how in `text`.
 */
export class SoftwareUpdate {
  private known: Known | undefined;

  constructor(private readonly deps: { running: string; source: ReleaseSource; clock: Clock; logger: Logger }) {}

  async check(channel: GatewaySettings['updatechannel']): Promise<string> {
    const tags = await this.deps.source.distTags();
    const candidates = CHANNEL_TAGS[channel].map((tag) => tags?.[tag]).filter((v): v is string => typeof v === 'string');
    const newest = [this.deps.running, ...candidates].sort(compareVersions).at(-1)!;
    this.known = { newest, checkedAt: this.deps.clock.now() };
    this.deps.logger.info({ running: this.deps.running, newest, channel, reachable: tags !== undefined }, 'checked for a herdgate update');
    return newest;
  }

  private available(): string | undefined {
    const newest = this.known?.newest;
    return newest && compareVersions(newest, this.deps.running) > 0 ? newest : undefined;
  }

  /** The `swupdate` and `swupdate2` members of the full config. */
  fields(): { swupdate: Record<string, unknown>; swupdate2: Record<string, unknown> } {
    const next = this.available();
    const lastchange = this.known ? utcSeconds(this.known.checkedAt) : '';
    const state = next ? 'allreadytoinstall' : 'noupdates';
    return {
      swupdate: {
        checkforupdate: false,
        devicetypes: { bridge: next !== undefined, lights: [], sensors: [] },
        notify: next !== undefined,
        text: next ? `herdgate ${next} is available (running ${this.deps.running}); update with npm, see the README` : '',
        updatestate: next ? 2 : 0,
        url: next ? PACKAGE_URL : '',
      },
      swupdate2: { autoinstall: { on: false, updatetime: '' }, bridge: { lastinstall: '', state }, checkforupdate: false, lastchange, state },
    };
  }
}
