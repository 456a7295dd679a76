import type { DrawFn } from './art-drawing';
import { drawEarrings, drawBracelet, drawNecklace, drawRing } from './art-jewellery';
import {
  drawDrive,
  drawHeadphones,
  drawLaptop,
  drawMonitor,
  drawPhone,
  drawSsd,
} from './art-electronics';
import {
  drawBackpack,
  drawBlouse,
  drawCardigan,
  drawCoat,
  drawDress,
  drawHoodie,
  drawJacket,
  drawShirt,
  drawSkirt,
  drawSweater,
  drawTrousers,
  drawTshirt,
} from './art-garments';
import {
  ART_KINDS,
  cyclicItem,
  type ArtKind,
  type CatalogueProduct,
  type Category,
  type ProductArt,
} from './product-schema';
import { mix, paletteFor } from './svg-colour';

const DRAWINGS: Record<ArtKind, DrawFn> = {
  shirt: drawShirt,
  tshirt: drawTshirt,
  jacket: drawJacket,
  sweater: drawSweater,
  cardigan: drawCardigan,
  hoodie: drawHoodie,
  trousers: drawTrousers,
  backpack: drawBackpack,
  dress: drawDress,
  coat: drawCoat,
  blouse: drawBlouse,
  skirt: drawSkirt,
  ring: drawRing,
  necklace: drawNecklace,
  bracelet: drawBracelet,
  earrings: drawEarrings,
  laptop: drawLaptop,
  phone: drawPhone,
  monitor: drawMonitor,
  drive: drawDrive,
  ssd: drawSsd,
  headphones: drawHeadphones,
};

/** Kinds and colours a product without art hints is drawn with. */
interface ArtChoice {
  kinds: ArtKind[];
  colors: string[];
  accents?: string[];
}

/** The choices per category of the shop's list. */
const DEFAULT_ART: Record<Category, ArtChoice> = {
  "men's clothing": {
    kinds: ['shirt', 'tshirt', 'jacket', 'sweater', 'hoodie', 'trousers', 'backpack', 'coat'],
    colors: [
      '#4a78a8',
      '#4f6f52',
      '#d19a2e',
      '#8a5a3b',
      '#50565f',
      '#b39467',
      '#7b2d3b',
      '#2f4b6e',
    ],
  },
  "women's clothing": {
    kinds: [
      'dress',
      'coat',
      'cardigan',
      'blouse',
      'skirt',
      'hoodie',
      'tshirt',
      'sweater',
      'jacket',
    ],
    colors: [
      '#c4566f',
      '#b08552',
      '#9c6b98',
      '#6f93b8',
      '#2f6b55',
      '#7a6fb0',
      '#d9825b',
      '#3f5f8f',
    ],
  },
  jewelery: {
    kinds: ['ring', 'necklace', 'bracelet', 'earrings'],
    colors: ['#c99a2e', '#a9afb8', '#c98b7b', '#d5d8de'],
    accents: ['#d6ecfb', '#2f55a4', '#b3203a', '#2e8b57', '#f4eee2'],
  },
  electronics: {
    kinds: ['laptop', 'phone', 'monitor', 'drive', 'ssd', 'headphones'],
    colors: ['#5d6675', '#2f343c', '#2d5a8c', '#334155', '#3b3f4a', '#8a4b5c', '#c7ccd3'],
  },
};

/**
 * A category of a catalogue's own (the product rule takes any): drawn as whatever its title
 * names, else as any kind, in quiet colours.
 */
const OTHER_ART: ArtChoice = {
  kinds: [...ART_KINDS],
  colors: ['#50565f', '#4a78a8', '#8a5a3b', '#2f6b55'],
};

const hasDefaultArt = (category: string): category is Category =>
  Object.hasOwn(DEFAULT_ART, category);

/** Cheap integer hash, so neighbouring ids do not get neighbouring choices. */
function scramble(n: number): number {
  let h = Math.imul(n ^ 0x9e3779b9, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** Title words that name a drawable kind; earlier entries win ("t-shirt" before "shirt"). */
const TITLE_KINDS: readonly [RegExp, ArtKind][] = [
  [/\bt-?shirt|\btee\b/i, 'tshirt'],
  [/\bhoodie/i, 'hoodie'],
  [/\bcardigan/i, 'cardigan'],
  [/\bblouse/i, 'blouse'],
  [/\bdress\b/i, 'dress'],
  [/\bskirt/i, 'skirt'],
  [/\b(over)?coat\b|\btrench/i, 'coat'],
  [/\bjacket|\bparka|\bwindbreaker/i, 'jacket'],
  [/\bsweater|\bpullover|\bjumper/i, 'sweater'],
  [/\bshirt/i, 'shirt'],
  [/\btrousers|\bchinos|\bjeans|\bpants\b/i, 'trousers'],
  [/\bbackpack|\bbag\b/i, 'backpack'],
  [/\bnecklace|\bpendant/i, 'necklace'],
  [/\bbracelet|\bbangle/i, 'bracelet'],
  [/\bearrings?\b|\bhoops?\b/i, 'earrings'],
  [/\bring\b/i, 'ring'],
  [/\bheadphones|\bheadset|\bearbuds/i, 'headphones'],
  [/\blaptop|\bnotebook|\bchromebook/i, 'laptop'],
  [/\bmonitor|\bdisplay\b|\btv\b/i, 'monitor'],
  [/\bsmartphone|\bphone\b|\btablet/i, 'phone'],
  [/\bssd\b|\bnvme/i, 'ssd'],
  [/\bhard drive|\bhdd\b|\bdrive\b|\busb stick/i, 'drive'],
];

export function artFor(
  product: Pick<CatalogueProduct, 'id' | 'category' | 'art'> & { title?: string },
): ProductArt {
  if (product.art) return product.art;
  const choice = hasDefaultArt(product.category) ? DEFAULT_ART[product.category] : OTHER_ART;
  const h = scramble(product.id);
  const pick = <T>(list: readonly T[], salt: number): T => cyclicItem(list, h >>> salt);
  // A picture that contradicts the title would mislead: name the kind from the title first.
  const titled = TITLE_KINDS.find(
    ([pattern, kind]) => choice.kinds.includes(kind) && pattern.test(product.title ?? ''),
  );
  const art: ProductArt = {
    kind: titled?.[1] ?? pick(choice.kinds, 0),
    color: pick(choice.colors, 5),
  };
  // Plain bands read as plain; only some generated rings and all other jewellery get a stone.
  if (choice.accents && (art.kind !== 'ring' || h % 2 === 0)) art.accent = pick(choice.accents, 9);
  return art;
}

const escapeXml = (text: string): string =>
  text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Drawings are composed with a safe margin; a little larger fills a product card better. */
const SCALE = 1.1;

/** A square product picture: the drawn object on a soft tile with a floor shadow. */
export function renderProductSvg(art: ProductArt, title = ''): string {
  const p = paletteFor(art.color, art.accent);
  const drawing = DRAWINGS[art.kind](p);
  const accentDark = mix(p.accent, '#000000', 0.35);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 600" width="600" height="600" role="img" aria-label="${escapeXml(title)}">
<title>${escapeXml(title)}</title>
<defs>
<radialGradient id="tile" cx="0.5" cy="0.42" r="0.75"><stop offset="0" stop-color="#ffffff"/><stop offset="0.55" stop-color="${p.tile}"/><stop offset="1" stop-color="${p.tileEdge}"/></radialGradient>
<radialGradient id="shadow"><stop offset="0" stop-color="${p.darker}" stop-opacity="0.28"/><stop offset="1" stop-color="${p.darker}" stop-opacity="0"/></radialGradient>
<linearGradient id="fill" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.light}"/><stop offset="0.5" stop-color="${p.base}"/><stop offset="1" stop-color="${p.dark}"/></linearGradient>
<linearGradient id="metal" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.lighter}"/><stop offset="0.3" stop-color="${p.base}"/><stop offset="0.5" stop-color="${p.dark}"/><stop offset="0.7" stop-color="${p.lighter}"/><stop offset="1" stop-color="${p.base}"/></linearGradient>
<linearGradient id="gem" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${mix(p.accent, '#ffffff', 0.55)}"/><stop offset="0.5" stop-color="${p.accent}"/><stop offset="1" stop-color="${accentDark}"/></linearGradient>
<radialGradient id="pearl" cx="0.38" cy="0.35" r="0.75"><stop offset="0" stop-color="#ffffff"/><stop offset="0.6" stop-color="${p.accent}"/><stop offset="1" stop-color="${mix(p.accent, '#8a7f72', 0.5)}"/></radialGradient>
<linearGradient id="screen" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#9bd3f5"/><stop offset="0.55" stop-color="#6f8fe8"/><stop offset="1" stop-color="#7a5cc9"/></linearGradient>
</defs>
<rect width="600" height="600" fill="url(#tile)"/>
<g transform="translate(300 300) scale(${SCALE}) translate(-300 -300)">
<ellipse cx="300" cy="${drawing.groundY}" rx="${drawing.groundRx}" ry="22" fill="url(#shadow)"/>
${drawing.body}
</g>
</svg>
`;
}
