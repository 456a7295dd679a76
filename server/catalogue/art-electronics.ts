import { bothSides, type DrawFn } from './art-drawing';
import type { Palette } from './svg-colour';

const GLASS = '#14181f';

/** A calm abstract wallpaper so screens read as "on" without showing any brand. */
function wallpaper(x: number, y: number, w: number, h: number, r: number): string {
  const cx = x + w * 0.72;
  const cy = y + h * 0.3;
  return `<clipPath id="screen-clip"><rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${r}"/></clipPath>
<g clip-path="url(#screen-clip)">
<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="url(#screen)"/>
<circle cx="${cx}" cy="${cy}" r="${Math.min(w, h) * 0.42}" fill="#ffffff" fill-opacity="0.16"/>
<circle cx="${x + w * 0.2}" cy="${y + h * 0.92}" r="${Math.min(w, h) * 0.5}" fill="#ffffff" fill-opacity="0.1"/>
<path d="M${x} ${y + h * 0.68} Q${x + w * 0.45} ${y + h * 0.48} ${x + w} ${y + h * 0.78} V${y + h - r} Q${x + w} ${y + h} ${x + w - r} ${y + h} H${x + r} Q${x} ${y + h} ${x} ${y + h - r} Z" fill="#0b1020" fill-opacity="0.16"/>
</g>`;
}

const outline = (p: Palette): string =>
  `stroke="${p.darker}" stroke-opacity="0.4" stroke-width="2"`;

export const drawLaptop: DrawFn = (p) => ({
  body: `<rect x="136" y="118" width="328" height="232" rx="16" fill="${p.light}" ${outline(p)}/>
<rect x="145" y="127" width="310" height="214" rx="10" fill="${GLASS}"/>
${wallpaper(155, 137, 290, 190, 4)}
<circle cx="300" cy="132" r="2.5" fill="#3a3f48"/>
<path d="M96 350 H504 L490 384 Q486 394 474 394 H126 Q114 394 110 384 Z" fill="url(#fill)" ${outline(p)}/>
<path d="M96 350 H504 L502 356 H98 Z" fill="${p.lighter}"/>
<rect x="264" y="350" width="72" height="10" rx="5" fill="${p.dark}"/>`,
  groundY: 404,
  groundRx: 220,
});

export const drawPhone: DrawFn = (p) => ({
  body: `<g transform="rotate(-12 250 320)">
<rect x="168" y="150" width="168" height="336" rx="34" fill="url(#fill)" ${outline(p)}/>
<rect x="184" y="166" width="76" height="116" rx="22" fill="${p.dark}" ${outline(p)}/>
<circle cx="222" cy="196" r="20" fill="${GLASS}" stroke="${p.lighter}" stroke-width="4"/>
<circle cx="222" cy="250" r="20" fill="${GLASS}" stroke="${p.lighter}" stroke-width="4"/>
<circle cx="216" cy="190" r="5" fill="#5b6b8c"/><circle cx="216" cy="244" r="5" fill="#5b6b8c"/>
</g>
<g transform="rotate(6 350 300)">
<rect x="266" y="112" width="172" height="350" rx="34" fill="${p.light}" ${outline(p)}/>
<rect x="272" y="118" width="160" height="338" rx="29" fill="${GLASS}"/>
${wallpaper(278, 124, 148, 326, 24)}
<rect x="326" y="134" width="52" height="16" rx="8" fill="${GLASS}"/>
</g>`,
  groundY: 488,
  groundRx: 170,
});

export const drawMonitor: DrawFn = (p) => ({
  body: `<path d="M284 380 H316 L328 456 H272 Z" fill="url(#fill)" ${outline(p)}/>
<rect x="208" y="448" width="184" height="22" rx="11" fill="url(#fill)" ${outline(p)}/>
<rect x="92" y="112" width="416" height="272" rx="14" fill="${p.base}" ${outline(p)}/>
<rect x="98" y="118" width="404" height="250" rx="9" fill="${GLASS}"/>
${wallpaper(106, 126, 388, 234, 4)}
<rect x="286" y="372" width="28" height="5" rx="2.5" fill="${p.lighter}"/>`,
  groundY: 472,
  groundRx: 150,
});

export const drawDrive: DrawFn = (p) => ({
  body: `<path d="M300 470 Q300 528 372 520 Q446 512 440 440" fill="none" stroke="#2b2f36" stroke-width="11" stroke-linecap="round"/>
<rect x="426" y="404" width="28" height="44" rx="6" fill="#2b2f36"/>
<rect x="432" y="392" width="16" height="14" rx="2" fill="#c5ccd6"/>
<g transform="rotate(-6 300 300)">
<rect x="190" y="128" width="220" height="340" rx="30" fill="url(#fill)" ${outline(p)}/>
<rect x="206" y="144" width="188" height="308" rx="22" fill="none" stroke="#ffffff" stroke-opacity="0.22" stroke-width="3"/>
<path d="M206 196 L394 170 M206 236 L394 210" stroke="#ffffff" stroke-opacity="0.08" stroke-width="18"/>
<circle cx="300" cy="420" r="6" fill="#7dd3fc"/>
<circle cx="300" cy="420" r="12" fill="#7dd3fc" fill-opacity="0.25"/>
<rect x="280" y="462" width="40" height="10" rx="3" fill="${p.darker}"/>
</g>`,
  groundY: 500,
  groundRx: 150,
});

export const drawSsd: DrawFn = (p) => {
  const fins: string[] = [];
  for (let x = 150; x < 420; x += 16) fins.push(`M${x} 258 V342`);
  const pins: string[] = [];
  for (let y = 272; y < 332; y += 8)
    pins.push(`<rect x="470" y="${y}" width="22" height="5" fill="#d4a537"/>`);
  return {
    body: `<g transform="rotate(-14 300 300)">
<path d="M86 268 H500 V332 H86 Z" fill="#1f5a3c"/>
<circle cx="86" cy="300" r="12" fill="#e7e2da"/>
${pins.join('')}
<rect x="104" y="246" width="352" height="108" rx="10" fill="url(#fill)" ${outline(p)}/>
<path d="${fins.join(' ')}" stroke="${p.darker}" stroke-opacity="0.5" stroke-width="5" stroke-linecap="round"/>
<path d="${fins.map((f) => f.replace(/^M(\d+)/, (_, x: string) => `M${Number(x) + 4}`)).join(' ')}" stroke="${p.lighter}" stroke-opacity="0.35" stroke-width="2" stroke-linecap="round"/>
<rect x="122" y="270" width="112" height="60" rx="6" fill="#f1f3f5"/>
<rect x="134" y="282" width="60" height="8" rx="4" fill="${p.darker}"/>
<rect x="134" y="298" width="84" height="6" rx="3" fill="#9aa3ad"/>
<rect x="134" y="312" width="44" height="6" rx="3" fill="#9aa3ad"/>
</g>`,
    groundY: 400,
    groundRx: 220,
  };
};

export const drawHeadphones: DrawFn = (p) => ({
  body: `<path d="M170 330 Q164 112 300 108 Q436 112 430 330" fill="none" stroke="${p.darker}" stroke-width="30" stroke-linecap="round"/>
<path d="M170 330 Q164 112 300 108 Q436 112 430 330" fill="none" stroke="url(#fill)" stroke-width="22" stroke-linecap="round"/>
<path d="M206 220 Q222 150 300 146 Q378 150 394 220" fill="none" stroke="${p.darker}" stroke-width="12" stroke-linecap="round"/>
${bothSides(`<rect x="160" y="276" width="18" height="74" rx="6" fill="#c9ced6" ${outline(p)}/>
<ellipse cx="218" cy="398" rx="26" ry="76" fill="${p.darker}"/>
<ellipse cx="176" cy="396" rx="56" ry="84" fill="url(#fill)" ${outline(p)}/>
<ellipse cx="168" cy="388" rx="32" ry="54" fill="#ffffff" fill-opacity="0.1"/>`)}`,
  groundY: 492,
  groundRx: 190,
});
