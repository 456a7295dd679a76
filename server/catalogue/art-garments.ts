import { bothSides, symmetricPath, type DrawFn, type HalfPoint } from './art-drawing';
import type { Palette } from './svg-colour';

interface TopStyle {
  sleeves: 'long' | 'short';
  neck: 'crew' | 'vneck' | 'collar' | 'hood' | 'lapel' | 'stand';
  front: 'none' | 'buttons' | 'zip' | 'quarterZip' | 'double';
  pocket: 'none' | 'chest' | 'kangaroo' | 'slant';
  /** y of the hem, and x of the hem's left corner. */
  hemY: number;
  hemX: number;
  ribbed: boolean;
  belt: boolean;
}

const outline = (p: Palette): string =>
  `stroke="${p.darker}" stroke-opacity="0.35" stroke-width="3" stroke-linejoin="round"`;
const seam = (p: Palette, opacity = 0.35): string =>
  `fill="none" stroke="${p.darker}" stroke-opacity="${opacity}" stroke-width="3" stroke-linecap="round"`;

/** Outlines are drawing data: the lists of points look alike, the coordinates differ. */
function topOutline(style: TopStyle): HalfPoint[] {
  // Outline points are drawing data: alike in shape to the other garments', not shared logic.
  const sleeve: HalfPoint[] =
    style.sleeves === 'long'
      ? [
          { x: 166, y: 186, c: [174, 152] },
          { x: 118, y: 398 },
          { x: 170, y: 412 },
          { x: 212, y: 252 },
        ]
      : [
          { x: 164, y: 178, c: [172, 150] },
          { x: 122, y: 250 },
          { x: 170, y: 280 },
          { x: 212, y: 238 },
        ];
  return [
    { x: 300, y: 130 },
    { x: 252, y: 120, c: [276, 128] },
    { x: 196, y: 144 },
    ...sleeve,
    { x: style.hemX, y: style.hemY, c: [214, (252 + style.hemY) / 2] },
    { x: 300, y: style.hemY },
  ];
}

function hood(p: Palette): string {
  return `<path d="M236 158 Q222 58 300 54 Q378 58 364 158 Z" fill="${p.dark}" ${outline(p)}/>
<path d="M256 150 Q252 86 300 84 Q348 86 344 150" fill="none" stroke="${p.darker}" stroke-opacity="0.3" stroke-width="3"/>`;
}

function neck(style: TopStyle, p: Palette): string {
  switch (style.neck) {
    case 'crew':
      return `<path d="M252 120 Q300 170 348 120 Q300 136 252 120 Z" fill="${p.darker}"/>
<path d="M252 121 Q300 170 348 121" fill="none" stroke="${p.dark}" stroke-width="12"/>`;
    case 'vneck':
      return `<path d="M252 120 L300 214 L348 120 Q300 136 252 120 Z" fill="${p.darker}"/>
<path d="M252 121 L300 214 L348 121" fill="none" stroke="${p.dark}" stroke-width="12" stroke-linejoin="round"/>`;
    case 'stand':
      return `<path d="M252 120 Q300 158 348 120 Q300 134 252 120 Z" fill="${p.darker}"/>
<path d="M246 104 Q300 124 354 104 L350 132 Q300 160 250 132 Z" fill="${p.dark}" ${outline(p)}/>`;
    case 'hood':
      return `<path d="M250 122 Q300 196 350 122 Q300 104 250 122 Z" fill="${p.darker}"/>
<path d="M250 122 Q300 196 350 122" fill="none" stroke="${p.dark}" stroke-width="12"/>
<path d="M284 180 Q280 216 286 244 M316 180 Q320 216 314 244" fill="none" stroke="${p.lighter}" stroke-width="5" stroke-linecap="round"/>`;
    case 'collar':
      return `<path d="M256 120 Q300 148 344 120 Q300 132 256 120 Z" fill="${p.darker}"/>
${bothSides(`<path d="M300 168 L254 114 Q242 146 248 182 Z" fill="${p.light}" ${outline(p)}/>`)}`;
    case 'lapel':
      return `<path d="M254 120 L300 262 L346 120 Q300 134 254 120 Z" fill="${p.darker}"/>
${bothSides(`<path d="M254 118 L226 176 L244 188 L232 202 L300 266 Z" fill="${p.light}" ${outline(p)}/>`)}`;
  }
}

function front(style: TopStyle, p: Palette): string {
  const top = { crew: 160, vneck: 214, stand: 150, hood: 176, collar: 170, lapel: 266 }[style.neck];
  const buttons = (x: number, ys: number[]): string =>
    ys
      .map(
        (y) =>
          `<circle cx="${x}" cy="${y}" r="6.5" fill="${p.lighter}" stroke="${p.darker}" stroke-opacity="0.5" stroke-width="2"/>`,
      )
      .join('');
  switch (style.front) {
    case 'none':
      return '';
    case 'buttons': {
      const ys: number[] = [];
      for (let y = top + 22; y < style.hemY - 14; y += 50) ys.push(y);
      return `<path d="M290 ${top} V${style.hemY} M310 ${top} V${style.hemY}" ${seam(p, 0.25)}/>${buttons(300, ys)}`;
    }
    case 'zip':
    case 'quarterZip': {
      const end = style.front === 'zip' ? style.hemY : 232;
      return `<path d="M300 ${top - 18} V${end}" fill="none" stroke="${p.darker}" stroke-width="5"/>
<path d="M300 ${top - 18} V${end}" fill="none" stroke="${p.lighter}" stroke-width="2" stroke-dasharray="2 4"/>
<rect x="294" y="${top - 8}" width="12" height="26" rx="4" fill="${p.lighter}" stroke="${p.darker}" stroke-width="2"/>`;
    }
    case 'double':
      return buttons(268, [300, 360, 420]) + buttons(332, [300, 360, 420]);
  }
}

function pocket(style: TopStyle, p: Palette): string {
  switch (style.pocket) {
    case 'none':
      return '';
    case 'chest':
      return `<path d="M322 222 H370 V270 Q346 282 322 270 Z" fill="${p.base}" ${outline(p)}/>
<path d="M322 236 H370" ${seam(p, 0.3)}/>`;
    case 'kangaroo': {
      const y = style.hemY - (style.ribbed ? 32 : 0);
      return `<path d="M236 ${y - 96} H364 L388 ${y} H212 Z" fill="${p.base}" ${outline(p)}/>
<path d="M236 ${y - 96} L212 ${y} M364 ${y - 96} L388 ${y}" ${seam(p, 0.45)}/>`;
    }
    case 'slant':
      return bothSides(
        `<path d="M232 ${style.hemY - 130} L248 ${style.hemY - 62}" fill="none" stroke="${p.darker}" stroke-width="5" stroke-linecap="round"/>`,
      );
  }
}

function ribbing(style: TopStyle, p: Palette): string {
  if (!style.ribbed) return '';
  const y = style.hemY - 30;
  const lines: string[] = [];
  for (let x = 224; x < 380; x += 10) lines.push(`M${x} ${y + 4} V${style.hemY - 3}`);
  const cuff =
    style.sleeves === 'long'
      ? bothSides(
          `<path d="M124 372 L176 386 L170 412 L118 398 Z" fill="${p.dark}"/><path d="M132 378 L126 400 M142 380 L136 403 M152 383 L146 406 M162 386 L156 408" ${seam(p, 0.3)}/>`,
        )
      : '';
  return `<path d="M${style.hemX + 1} ${y} H${600 - style.hemX - 1} V${style.hemY} H${style.hemX + 1} Z" fill="${p.dark}"/>
<path d="${lines.join(' ')}" ${seam(p, 0.3)}/>${cuff}`;
}

function cuffs(style: TopStyle, p: Palette): string {
  if (style.ribbed) return '';
  return style.sleeves === 'long'
    ? bothSides(`<path d="M126 366 L178 380 L170 412 L118 398 Z" fill="${p.dark}" ${outline(p)}/>`)
    : bothSides(`<path d="M128 240 L175 268" ${seam(p, 0.35)}/>`);
}

function belt(style: TopStyle, p: Palette): string {
  if (!style.belt) return '';
  return `<path d="M207 318 H393 V344 H207 Z" fill="${p.dark}" ${outline(p)}/>
<rect x="280" y="310" width="40" height="42" rx="6" fill="none" stroke="${p.lighter}" stroke-width="5"/>
<path d="M300 344 Q296 380 286 402 M300 344 Q306 384 318 398" fill="none" stroke="${p.dark}" stroke-width="14" stroke-linecap="round"/>`;
}

function drawTop(style: TopStyle): DrawFn {
  return (p) => {
    const body = [
      style.neck === 'hood' ? hood(p) : '',
      `<path d="${symmetricPath(topOutline(style))}" fill="url(#fill)" ${outline(p)}/>`,
      bothSides(
        `<path d="M212 ${style.sleeves === 'long' ? 252 : 238} Q205 196 198 148" ${seam(p, 0.25)}/>`,
      ),
      cuffs(style, p),
      ribbing(style, p),
      neck(style, p),
      front(style, p),
      pocket(style, p),
      belt(style, p),
    ].join('\n');
    return { body, groundY: style.hemY + 22, groundRx: 150 };
  };
}

const plain: TopStyle = {
  sleeves: 'long',
  neck: 'crew',
  front: 'none',
  pocket: 'none',
  hemY: 478,
  hemX: 214,
  ribbed: false,
  belt: false,
};

export const drawShirt = drawTop({ ...plain, neck: 'collar', front: 'buttons', pocket: 'chest' });
export const drawTshirt = drawTop({ ...plain, sleeves: 'short', hemY: 470 });
export const drawBlouse = drawTop({ ...plain, sleeves: 'short', neck: 'collar', front: 'buttons' });
export const drawSweater = drawTop({ ...plain, neck: 'stand', front: 'quarterZip', ribbed: true });
export const drawCardigan = drawTop({ ...plain, neck: 'vneck', front: 'buttons', ribbed: true });
export const drawHoodie = drawTop({
  ...plain,
  neck: 'hood',
  front: 'zip',
  pocket: 'kangaroo',
  ribbed: true,
});
export const drawJacket = drawTop({ ...plain, neck: 'hood', front: 'zip', pocket: 'slant' });
export const drawCoat = drawTop({
  ...plain,
  neck: 'lapel',
  front: 'double',
  hemY: 528,
  hemX: 198,
  belt: true,
});

export const drawDress: DrawFn = (p) => {
  const half: HalfPoint[] = [
    { x: 300, y: 112 },
    { x: 262, y: 106, c: [282, 112] },
    { x: 236, y: 114 },
    { x: 194, y: 158, c: [208, 120] },
    { x: 190, y: 194 },
    { x: 230, y: 196 },
    { x: 244, y: 292, c: [226, 250] },
    { x: 160, y: 520, c: [220, 380] },
    { x: 300, y: 532, c: [226, 536] },
  ];
  const folds = `M272 312 Q256 420 232 524 M300 312 V532 M328 312 Q344 420 368 524`;
  const body = `<path d="${symmetricPath(half)}" fill="url(#fill)" ${outline(p)}/>
<path d="${folds}" ${seam(p, 0.22)}/>
<path d="M262 107 L300 200 L338 107 Q300 122 262 107 Z" fill="${p.darker}"/>
<path d="M262 107 L300 200 L338 107" fill="none" stroke="${p.dark}" stroke-width="6" stroke-linejoin="round"/>
${bothSides(`<path d="M194 158 Q206 176 190 194" ${seam(p, 0.3)}/>`)}
<path d="M243 282 H357 V304 H243 Z" fill="${p.dark}"/>
<path d="M258 292 Q226 262 222 292 Q226 318 258 292 Z M258 292 Q232 330 214 378 M258 292 Q246 338 240 392" fill="${p.dark}" stroke="${p.dark}" stroke-width="9" stroke-linecap="round" stroke-linejoin="round"/>`;
  return { body, groundY: 548, groundRx: 160 };
};

export const drawSkirt: DrawFn = (p) => {
  const half: HalfPoint[] = [
    { x: 300, y: 180 },
    { x: 224, y: 180 },
    { x: 148, y: 470, c: [196, 330] },
    { x: 300, y: 486, c: [222, 486] },
  ];
  const pleats: string[] = [];
  const shades: string[] = [];
  for (let k = -3; k <= 3; k++) {
    pleats.push(`M${300 + k * 22} 184 L${300 + k * 48} ${480 - Math.abs(k) * 3}`);
    if (k < 3 && (k + 3) % 2 === 0) {
      shades.push(
        `M${300 + k * 22} 184 L${300 + (k + 1) * 22} 184 L${300 + (k + 1) * 48} ${480 - Math.abs(k + 1) * 3} L${300 + k * 48} ${480 - Math.abs(k) * 3} Z`,
      );
    }
  }
  const body = `<path d="${symmetricPath(half)}" fill="url(#fill)" ${outline(p)}/>
<path d="${shades.join(' ')}" fill="${p.darker}" fill-opacity="0.12"/>
<path d="${pleats.join(' ')}" ${seam(p, 0.3)}/>
<path d="M222 146 H378 V184 H222 Z" fill="${p.dark}" ${outline(p)}/>
<rect x="338" y="154" width="14" height="22" rx="3" fill="${p.lighter}"/>`;
  return { body, groundY: 500, groundRx: 170 };
};

export const drawTrousers: DrawFn = (p) => {
  // Drawing data, like topOutline's points: the same shape of list, a different outline.
  const half: HalfPoint[] = [
    { x: 300, y: 118 },
    { x: 206, y: 118 },
    { x: 196, y: 240, c: [196, 170] },
    { x: 190, y: 506 },
    { x: 286, y: 506 },
    { x: 300, y: 236 },
  ];
  const body = `<path d="${symmetricPath(half)}" fill="url(#fill)" ${outline(p)}/>
<path d="M206 118 H394 V148 H206 Z" fill="${p.dark}" ${outline(p)}/>
${bothSides(`<rect x="232" y="112" width="10" height="42" rx="3" fill="${p.base}" ${outline(p)}/>
<path d="M210 152 Q244 164 252 206" ${seam(p, 0.4)}/><path d="M244 250 L240 500" ${seam(p, 0.18)}/>
<path d="M191 482 H287" ${seam(p, 0.25)}/>`)}
<path d="M300 148 V214 Q300 230 284 232" ${seam(p, 0.4)}/>
<circle cx="300" cy="133" r="6" fill="${p.lighter}"/>`;
  return { body, groundY: 520, groundRx: 140 };
};

export const drawBackpack: DrawFn = (p) => {
  const leather = p.darker;
  const body = `<path d="M276 132 Q300 86 324 132" fill="none" stroke="${leather}" stroke-width="12" stroke-linecap="round"/>
<path d="M198 208 Q198 170 232 170 L368 170 Q402 170 402 208 L408 470 Q408 502 376 502 L224 502 Q192 502 192 470 Z" fill="url(#fill)" ${outline(p)}/>
<rect x="204" y="124" width="192" height="56" rx="26" fill="${p.dark}" ${outline(p)}/>
<path d="M222 140 Q300 132 378 140" ${seam(p, 0.3)}/>
<rect x="224" y="318" width="152" height="160" rx="22" fill="${p.base}" ${outline(p)}/>
<path d="M232 340 H368" ${seam(p, 0.25)}/>
${bothSides(`<rect x="256" y="128" width="22" height="232" rx="6" fill="${leather}"/>
<rect x="252" y="300" width="30" height="26" rx="5" fill="none" stroke="${p.lighter}" stroke-width="4"/>`)}`;
  return { body, groundY: 516, groundRx: 140 };
};
