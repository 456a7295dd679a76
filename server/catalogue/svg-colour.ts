/** Colour arithmetic for the drawn product images: every tint comes from the product's own colour. */
type Rgb = readonly [number, number, number];

function parseHex(hex: string): Rgb {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

/** Blends `hex` toward `target` by `amount` (0 = unchanged, 1 = target). */
export function mix(hex: string, target: string, amount: number): string {
  const [ar, ag, ab] = parseHex(hex);
  const [br, bg, bb] = parseHex(target);
  const blend = (from: number, to: number): number => from + (to - from) * amount;
  return toHex([blend(ar, br), blend(ag, bg), blend(ab, bb)]);
}

/** Relative luminance (WCAG), to pick readable detail colours on light or dark bodies. */
export function luminance(hex: string): number {
  const channel = (c: number): number => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const [r, g, b] = parseHex(hex);
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

export interface Palette {
  base: string;
  light: string;
  lighter: string;
  dark: string;
  darker: string;
  /** Soft background tile, lightest to slightly deeper. */
  tile: string;
  tileEdge: string;
  accent: string;
  /** Whether the product named its own accent (a stone, a pearl) rather than a derived tint. */
  hasAccent: boolean;
}

export function paletteFor(color: string, accent?: string): Palette {
  return {
    base: color,
    light: mix(color, '#ffffff', 0.22),
    lighter: mix(color, '#ffffff', 0.5),
    dark: mix(color, '#000000', 0.2),
    darker: mix(color, '#000000', 0.42),
    // A warm-neutral tint keeps the tile calm whatever the product colour.
    tile: mix(mix(color, '#f6f4f0', 0.9), '#ffffff', 0.35),
    tileEdge: mix(color, '#ece8e2', 0.82),
    accent: accent ?? mix(color, '#ffffff', 0.6),
    hasAccent: accent !== undefined,
  };
}
