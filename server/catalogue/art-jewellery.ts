import { bothSides, type DrawFn } from './art-drawing';
import { luminance, type Palette } from './svg-colour';

const ellipse = (cx: number, cy: number, rx: number, ry: number): string =>
  `M${cx - rx} ${cy} A${rx} ${ry} 0 1 0 ${cx + rx} ${cy} A${rx} ${ry} 0 1 0 ${cx - rx} ${cy} Z`;

/** A brilliant-cut stone seen from the side, centred on (cx, girdleY). */
function brilliant(cx: number, girdleY: number, size: number, p: Palette): string {
  const w = size;
  const table = size * 0.55;
  const crown = size * 0.42;
  const pavilion = size * 1.05;
  const pts = {
    tl: [cx - table, girdleY - crown],
    tr: [cx + table, girdleY - crown],
    gl: [cx - w, girdleY],
    gr: [cx + w, girdleY],
    culet: [cx, girdleY + pavilion],
  } as const;
  const pt = (k: keyof typeof pts): string => pts[k].join(' ');
  return `<path d="M${pt('tl')} L${pt('tr')} L${pt('gr')} L${pt('culet')} L${pt('gl')} Z" fill="url(#gem)" stroke="${p.darker}" stroke-opacity="0.35" stroke-width="2" stroke-linejoin="round"/>
<path d="M${pt('tl')} L${cx - w * 0.3} ${girdleY} L${pt('culet')} M${pt('tr')} L${cx + w * 0.3} ${girdleY} L${pt('culet')} M${pt('gl')} H${cx + w} M${cx} ${girdleY - crown} L${cx - w * 0.3} ${girdleY} M${cx} ${girdleY - crown} L${cx + w * 0.3} ${girdleY}" fill="none" stroke="#ffffff" stroke-opacity="0.55" stroke-width="2"/>
<path d="M${pt('tl')} L${cx} ${girdleY - crown} L${cx - w * 0.3} ${girdleY} L${pt('gl')} Z" fill="#ffffff" fill-opacity="0.45"/>`;
}

/** A four-pointed glint centred on (x, y). */
function sparkle(x: number, y: number, size: number): string {
  const k = size * 0.18;
  return `M${x} ${y - size} Q${x + k} ${y - k} ${x + size} ${y} Q${x + k} ${y + k} ${x} ${y + size} Q${x - k} ${y + k} ${x - size} ${y} Q${x - k} ${y - k} ${x} ${y - size} Z`;
}

export const drawRing: DrawFn = (p) => {
  const band = `<path d="${ellipse(300, 352, 138, 142)} ${ellipse(300, 344, 110, 114)}" fill="url(#metal)" fill-rule="evenodd" stroke="${p.darker}" stroke-opacity="0.3" stroke-width="2"/>
<path d="${ellipse(300, 344, 110, 114)}" fill="none" stroke="${p.darker}" stroke-opacity="0.25" stroke-width="6"/>
<path d="M178 318 A126 130 0 0 1 262 218" fill="none" stroke="#ffffff" stroke-opacity="0.7" stroke-width="7" stroke-linecap="round"/>
<path d="M410 420 A126 130 0 0 1 360 470" fill="none" stroke="#ffffff" stroke-opacity="0.4" stroke-width="5" stroke-linecap="round"/>`;
  if (!p.hasAccent) return { body: band, groundY: 506, groundRx: 150 };
  const setting = `<path d="M262 214 L246 168 M338 214 L354 168 M282 216 L276 170 M318 216 L324 170" fill="none" stroke="url(#metal)" stroke-width="12" stroke-linecap="round"/>
<path d="M258 222 Q300 196 342 222 L332 232 Q300 214 268 232 Z" fill="url(#metal)"/>`;
  const prongTips = bothSides(`<circle cx="236" cy="164" r="8" fill="url(#metal)"/>`);
  return {
    body: `${band}${setting}${brilliant(300, 164, 66, p)}${prongTips}`,
    groundY: 506,
    groundRx: 150,
  };
};

export const drawNecklace: DrawFn = (p) => {
  const chainPath = 'M176 40 Q172 300 300 388 Q428 300 424 40';
  const chain = `<path d="${chainPath}" fill="none" stroke="${p.dark}" stroke-width="3"/>
<path d="${chainPath}" fill="none" stroke="url(#metal)" stroke-width="9" stroke-linecap="round" stroke-dasharray="0.1 11"/>`;
  const pearl = luminance(p.accent) > 0.55;
  const bail = `<ellipse cx="300" cy="398" rx="9" ry="13" fill="none" stroke="url(#metal)" stroke-width="6"/>`;
  const pendant = pearl
    ? `<circle cx="300" cy="446" r="40" fill="url(#pearl)" stroke="${p.dark}" stroke-opacity="0.25" stroke-width="2"/>
<ellipse cx="286" cy="430" rx="12" ry="8" fill="#ffffff" fill-opacity="0.8" transform="rotate(-30 286 430)"/>`
    : `<ellipse cx="300" cy="462" rx="52" ry="62" fill="url(#metal)"/>
${Array.from({ length: 20 }, (_, i) => {
  const a = (i / 20) * Math.PI * 2;
  return `<circle cx="${(300 + 46 * Math.cos(a)).toFixed(1)}" cy="${(462 + 56 * Math.sin(a)).toFixed(1)}" r="5.5" fill="#f8fafc" stroke="${p.dark}" stroke-opacity="0.3"/>`;
}).join('')}
<ellipse cx="300" cy="462" rx="36" ry="46" fill="url(#gem)" stroke="${p.darker}" stroke-opacity="0.4" stroke-width="2"/>
<path d="M300 416 L300 508 M264 462 H336 M276 430 L324 494 M324 430 L276 494" stroke="#ffffff" stroke-opacity="0.22" stroke-width="2"/>
<ellipse cx="288" cy="440" rx="10" ry="14" fill="#ffffff" fill-opacity="0.55" transform="rotate(-25 288 440)"/>`;
  return { body: chain + bail + pendant, groundY: pearl ? 506 : 544, groundRx: 120 };
};

export const drawBracelet: DrawFn = (p) => {
  const cx = 300;
  const cy = 318;
  const rx = 178;
  const ry = 96;
  const count = 30;
  const stones = Array.from({ length: count }, (_, i) => {
    const a = (i / count) * Math.PI * 2 + 0.07;
    const depth = (Math.sin(a) + 1) / 2;
    return { x: cx + rx * Math.cos(a), y: cy + ry * Math.sin(a), r: 8 + 6 * depth, depth };
  }).sort((a, b) => a.y - b.y);
  const stone = (s: (typeof stones)[number], index: number): string => {
    const x = s.x.toFixed(1);
    const y = s.y.toFixed(1);
    const spokes = Array.from({ length: 4 }, (_, k) => {
      const a = (k / 4) * Math.PI + Math.PI / 8;
      const dx = s.r * 0.9 * Math.cos(a);
      const dy = s.r * 0.9 * Math.sin(a);
      return `M${(s.x - dx).toFixed(1)} ${(s.y - dy).toFixed(1)} L${(s.x + dx).toFixed(1)} ${(s.y + dy).toFixed(1)}`;
    });
    const glint =
      index % 3 === 0
        ? `<path d="${sparkle(s.x - s.r * 0.35, s.y - s.r * 0.4, s.r * 0.7)}" fill="#ffffff"/>`
        : '';
    return `<rect x="${(s.x - s.r - 3).toFixed(1)}" y="${(s.y - s.r - 3).toFixed(1)}" width="${(2 * s.r + 6).toFixed(1)}" height="${(2 * s.r + 6).toFixed(1)}" rx="${(s.r * 0.6).toFixed(1)}" fill="url(#metal)"/>
<circle cx="${x}" cy="${y}" r="${s.r.toFixed(1)}" fill="url(#gem)" stroke="${p.darker}" stroke-opacity="0.3"/>
<path d="${spokes.join(' ')}" stroke="#ffffff" stroke-opacity="0.55" stroke-width="1.2"/>${glint}`;
  };
  const back = stones.filter((s) => s.depth < 0.5);
  const frontStones = stones.filter((s) => s.depth >= 0.5);
  const body = `<path d="M${cx - rx} ${cy} A${rx} ${ry} 0 0 1 ${cx + rx} ${cy}" fill="none" stroke="${p.dark}" stroke-width="14"/>
<g opacity="0.85">${back.map(stone).join('')}</g>
<path d="M${cx - rx} ${cy} A${rx} ${ry} 0 0 0 ${cx + rx} ${cy}" fill="none" stroke="url(#metal)" stroke-width="16"/>
${frontStones.map(stone).join('')}`;
  return { body, groundY: 440, groundRx: 190 };
};

export const drawEarrings: DrawFn = (p) => {
  const hoop = `<g transform="rotate(8 214 330)">
<circle cx="214" cy="168" r="10" fill="url(#metal)"/>
<ellipse cx="214" cy="318" rx="70" ry="140" fill="none" stroke="${p.darker}" stroke-opacity="0.35" stroke-width="22"/>
<ellipse cx="214" cy="318" rx="70" ry="140" fill="none" stroke="url(#metal)" stroke-width="18"/>
<ellipse cx="214" cy="318" rx="70" ry="140" fill="none" stroke="#ffffff" stroke-opacity="0.55" stroke-width="16" stroke-dasharray="4 12"/>
</g>`;
  return { body: bothSides(hoop), groundY: 494, groundRx: 190 };
};
