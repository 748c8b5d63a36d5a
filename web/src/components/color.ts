/** sRGB hex ⇄ CIE xy, the conversion Hue-style lamps expect (gamut clipping is the lamp's job). */
const linear = (c: number) => (c > 0.04045 ? ((c + 0.055) / 1.055) ** 2.4 : c / 12.92);
const gamma = (c: number) => (c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055);

export function hexToXy(hex: string): [number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((v) => linear(v / 255));
  const X = r * 0.4124 + g * 0.3576 + b * 0.1805;
  const Y = r * 0.2126 + g * 0.7152 + b * 0.0722;
  const Z = r * 0.0193 + g * 0.1192 + b * 0.9505;
  const sum = X + Y + Z;
  if (sum === 0) return [0.3127, 0.329];
  return [Math.round((X / sum) * 10000) / 10000, Math.round((Y / sum) * 10000) / 10000];
}

export function xyToHex(xy: [number, number] | undefined): string {
  if (!xy || xy[1] === 0) return '#ffffff';
  const [x, y] = xy;
  const X = x / y;
  const Z = (1 - x - y) / y;
  let rgb = [X * 3.2406 - 1.5372 - Z * 0.4986, -X * 0.9689 + 1.8758 + Z * 0.0415, X * 0.0557 - 0.204 + Z * 1.057];
  const max = Math.max(...rgb, 1e-6);
  rgb = rgb.map((c) => gamma(Math.max(0, c / max)));
  return `#${rgb
    .map((c) =>
      Math.round(Math.min(1, c) * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** Mired → kelvin, rounded to 50 K for display. */
export const kelvin = (mired: number) => Math.round(1_000_000 / mired / 50) * 50;
