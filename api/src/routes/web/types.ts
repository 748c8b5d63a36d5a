/**
 * The web app as the api receives it: request path → asset, built by `web/scripts/build.ts` into
 * `web/dist/assets.json`. Text only, so the Worker can carry it bundled (no files at run time).
 */
export interface WebAsset {
  type: string;
  body: string;
  /** The name carries the content hash: cached for a year. */
  immutable: boolean;
  etag: string;
}

export interface WebAssets {
  files: Record<string, WebAsset>;
}
