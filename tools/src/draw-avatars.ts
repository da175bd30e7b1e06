/**
 * Draws the persona avatars into `presets/avatars/<key>.svg` (committed), one per preset of
 * `avatars` in `presets/personas.de.json`. Each avatar is a declarative description (skin, hair,
 * beard, glasses, headwear, outfit, prop) composed from the parts below into a flat
 * head-and-shoulders illustration on a round background: 96×96, no text, no fonts, no filters,
 * no scripts, no external references. With `--check` it writes nothing and fails when the
 * committed files are stale.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const presetsDir = path.resolve(import.meta.dirname, '../../presets');
export const avatarsDir = path.join(presetsDir, 'avatars');

type HairStyle =
  | 'short'
  | 'quiff'
  | 'sidePart'
  | 'fade'
  | 'long'
  | 'bangs'
  | 'bob'
  | 'bun'
  | 'curlyBig'
  | 'curlyShort'
  | 'balding'
  | 'wavy'
  | 'ponytail'
  | 'messy'
  | 'chin';
type Beard = 'full' | 'mustache' | 'goatee';
type Headwear = 'chefHat' | 'gradCap' | 'hardHat' | 'strawHat' | 'beret';
type Outfit =
  | 'suit'
  | 'blazer'
  | 'tshirt'
  | 'sweater'
  | 'cardigan'
  | 'hoodie'
  | 'labCoat'
  | 'chefJacket'
  | 'overall'
  | 'hiVis'
  | 'smock'
  | 'flannel';
type Prop = 'laptop' | 'palette' | 'wheat' | 'wrench' | 'chalkboard' | 'wheelchair' | 'headphones';

export interface AvatarDescription {
  /** Background circle. */
  bg: string;
  skin: string;
  hair?: { style: HairStyle; color: string };
  beard?: { style: Beard; color: string };
  headscarf?: string;
  glasses?: string;
  headwear?: { kind: Headwear; color?: string };
  outfit: { kind: Outfit; color: string; accent?: string };
  prop?: Prop;
  face?: {
    lashes?: boolean;
    freckles?: boolean;
    wrinkles?: boolean;
    grin?: boolean;
    /** Larger eyes and a smaller build. */
    young?: boolean;
  };
}

// Skin tones, light to deep.
const skin = {
  pale: '#FBE0CF',
  light: '#F5D0B5',
  lightWarm: '#EDBE98',
  medium: '#D79E72',
  tan: '#C0885C',
  brown: '#A0673E',
  dark: '#7E4E2E',
  deep: '#5B3822',
};
const hairColor = {
  black: '#231A17',
  darkBrown: '#3F2A1E',
  brown: '#6B4429',
  auburn: '#B4472A',
  blond: '#E9C46A',
  ashBlond: '#D8B878',
  grey: '#C9C6C2',
  white: '#EDEBE8',
};

/** The avatars by preset key. Diverse in skin tone, age and gender across the set. */
export const avatars: Record<string, AvatarDescription> = {
  woman_office: {
    bg: '#B9D7F0',
    skin: skin.brown,
    hair: { style: 'bob', color: hairColor.black },
    outfit: { kind: 'blazer', color: '#2F3E5C', accent: '#F4EDE4' },
    face: { lashes: true },
  },
  man_office: {
    bg: '#6F9BD1',
    skin: skin.light,
    hair: { style: 'sidePart', color: hairColor.brown },
    outfit: { kind: 'suit', color: '#2A3349', accent: '#C8423B' },
  },
  teacher: {
    bg: '#CDE7C4',
    skin: skin.tan,
    hair: { style: 'short', color: hairColor.black },
    glasses: '#3A2A22',
    outfit: { kind: 'cardigan', color: '#B85F3A', accent: '#F2E8D5' },
    prop: 'chalkboard',
  },
  man_beard: {
    bg: '#D9785A',
    skin: skin.lightWarm,
    hair: { style: 'short', color: hairColor.darkBrown },
    beard: { style: 'full', color: hairColor.darkBrown },
    outfit: { kind: 'flannel', color: '#2F5E7C', accent: '#2B4F66' },
  },
  young_woman: {
    bg: '#E07A9A',
    skin: skin.light,
    hair: { style: 'bangs', color: hairColor.black },
    outfit: { kind: 'tshirt', color: '#2E6F6A' },
    face: { lashes: true, grin: true },
  },
  young_man: {
    bg: '#FFE08A',
    skin: skin.deep,
    hair: { style: 'fade', color: hairColor.black },
    outfit: { kind: 'tshirt', color: '#E2574C' },
    face: { grin: true },
  },
  older_woman: {
    bg: '#9C86D0',
    skin: skin.pale,
    hair: { style: 'bun', color: hairColor.grey },
    glasses: '#5A3A6C',
    outfit: { kind: 'cardigan', color: '#6B3F7A', accent: '#F5EEF7' },
    face: { lashes: true, wrinkles: true },
  },
  older_man: {
    bg: '#BFE0DC',
    skin: skin.dark,
    hair: { style: 'balding', color: hairColor.white },
    beard: { style: 'mustache', color: hairColor.white },
    glasses: '#2A2220',
    outfit: { kind: 'sweater', color: '#5E7044' },
    face: { wrinkles: true },
  },
  person_neutral: {
    bg: '#F5E3A8',
    skin: skin.medium,
    hair: { style: 'messy', color: hairColor.darkBrown },
    outfit: { kind: 'sweater', color: '#3E7C74' },
  },
  woman_headscarf: {
    bg: '#F8D9B4',
    skin: skin.tan,
    headscarf: '#2F7482',
    outfit: { kind: 'blazer', color: '#4A3D66', accent: '#2F7482' },
    face: { lashes: true },
  },
  woman_curly: {
    bg: '#FBD0A0',
    skin: skin.dark,
    hair: { style: 'curlyBig', color: hairColor.black },
    outfit: { kind: 'tshirt', color: '#3E8E6E' },
    face: { lashes: true, grin: true },
  },
  man_curly: {
    bg: '#C7E3F2',
    skin: skin.brown,
    hair: { style: 'curlyShort', color: hairColor.darkBrown },
    outfit: { kind: 'sweater', color: '#B2453C' },
  },
  woman_red_hair: {
    bg: '#6FB58A',
    skin: skin.pale,
    hair: { style: 'wavy', color: hairColor.auburn },
    outfit: { kind: 'tshirt', color: '#2F4E7A' },
    face: { lashes: true, freckles: true },
  },
  man_blond: {
    bg: '#5B8FD1',
    skin: skin.light,
    hair: { style: 'quiff', color: hairColor.blond },
    outfit: { kind: 'hoodie', color: '#2F3B52' },
  },
  woman_blond: {
    bg: '#A57FCB',
    skin: skin.lightWarm,
    hair: { style: 'ponytail', color: hairColor.blond },
    outfit: { kind: 'sweater', color: '#8E2F4F' },
    face: { lashes: true },
  },
  developer: {
    bg: '#D4E6C3',
    skin: skin.medium,
    hair: { style: 'short', color: hairColor.black },
    glasses: '#22303C',
    outfit: { kind: 'hoodie', color: '#39465A' },
    prop: 'laptop',
  },
  craftsperson: {
    bg: '#BFD9EA',
    skin: skin.dark,
    hair: { style: 'ponytail', color: hairColor.darkBrown },
    headwear: { kind: 'hardHat', color: '#F2B53A' },
    outfit: { kind: 'hiVis', color: '#F28A2E', accent: '#44546A' },
    prop: 'wrench',
    face: { lashes: true },
  },
  student: {
    bg: '#D9705A',
    skin: skin.lightWarm,
    hair: { style: 'long', color: hairColor.brown },
    headwear: { kind: 'gradCap', color: '#1F2740' },
    outfit: { kind: 'sweater', color: '#2C4F80' },
    face: { lashes: true, grin: true },
  },
  doctor: {
    bg: '#BEE3E8',
    skin: skin.deep,
    hair: { style: 'fade', color: hairColor.black },
    outfit: { kind: 'labCoat', color: '#FAFCFD', accent: '#3F8F91' },
  },
  cook: {
    bg: '#E07060',
    skin: skin.lightWarm,
    hair: { style: 'short', color: hairColor.auburn },
    headwear: { kind: 'chefHat' },
    outfit: { kind: 'chefJacket', color: '#FBFBFA', accent: '#2F4E7A' },
    face: { lashes: true },
  },
  artist: {
    bg: '#FBE3A6',
    skin: skin.tan,
    hair: { style: 'wavy', color: hairColor.darkBrown },
    beard: { style: 'goatee', color: hairColor.darkBrown },
    headwear: { kind: 'beret', color: '#B8323A' },
    outfit: { kind: 'smock', color: '#5A7FA8' },
    prop: 'palette',
  },
  farmer: {
    bg: '#5F9E50',
    skin: skin.lightWarm,
    hair: { style: 'short', color: hairColor.grey },
    headwear: { kind: 'strawHat', color: '#EBC872' },
    outfit: { kind: 'overall', color: '#2F5A8A', accent: '#C4473D' },
    prop: 'wheat',
    face: { wrinkles: true },
  },
  teenager: {
    bg: '#C6E2F7',
    skin: skin.brown,
    hair: { style: 'messy', color: hairColor.black },
    outfit: { kind: 'hoodie', color: '#4E9A3A' },
    prop: 'headphones',
    face: { grin: true, young: true },
  },
  wheelchair_user: {
    bg: '#D97BA8',
    skin: skin.light,
    hair: { style: 'chin', color: hairColor.ashBlond },
    outfit: { kind: 'sweater', color: '#23607A' },
    prop: 'wheelchair',
  },
};

// ---------------------------------------------------------------------------------------------
// Colours and SVG helpers

function mix(a: string, b: string, t: number): string {
  const channels = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  const [ca, cb] = [channels(a), channels(b)];
  return (
    '#' +
    ca
      .map((v, i) =>
        Math.round(v + ((cb[i] ?? 0) - v) * t)
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')
      .toUpperCase()
  );
}
/** Relative grey value (0–1) as a greyscale print or `filter: grayscale()` renders the colour. */
export function luma(hex: string): number {
  const [r = 0, g = 0, b = 0] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
/** The face must stand out from the background in greyscale, not by hue alone. */
export const minGreyContrast = 0.2;
const shade = (hex: string, t = 0.2) => mix(hex, '#000000', t);
const tint = (hex: string, t = 0.2) => mix(hex, '#FFFFFF', t);

type Attrs = Record<string, string | number>;
const el = (tag: string, attrs: Attrs) =>
  `<${tag}${Object.entries(attrs)
    .map(([name, value]) => ` ${name}="${value}"`)
    .join('')}/>`;
const p = (d: string, fill: string, extra: Attrs = {}) => el('path', { d, fill, ...extra });
/** A stroked line or curve without fill. */
const line = (d: string, stroke: string, width: number, extra: Attrs = {}) =>
  el('path', { d, fill: 'none', stroke, 'stroke-width': width, ...extra });
const circle = (cx: number, cy: number, r: number, fill: string, extra: Attrs = {}) =>
  el('circle', { cx, cy, r, fill, ...extra });
const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, extra: Attrs = {}) =>
  el('ellipse', { cx, cy, rx, ry, fill, ...extra });
/** Several circles as one path (curls, buttons, dots). */
const dots = (points: [number, number, number][]) =>
  points
    .map(
      ([x, y, r]) =>
        `M${fmt(x - r)} ${fmt(y)}a${fmt(r)} ${fmt(r)} 0 1 1 ${fmt(2 * r)} 0a${fmt(r)} ${fmt(r)} 0 1 1 ${fmt(-2 * r)} 0`,
    )
    .join('');
const fmt = (n: number) => String(Math.round(n * 10) / 10);
const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

// ---------------------------------------------------------------------------------------------
// Parts. The head is centred at (48, 40); the shoulders start at y ≈ 67.

const ink = '#2A211E';

/** The shoulder outline with a neckline from (40, 66.5) to (56, 66.5). */
const torso = (neckline: string) =>
  `M6 100V88C6 77 17 71 30 68.5L40 66.5${neckline}L66 68.5C79 71 90 77 90 88V100Z`;
const crew = 'C42 73.5 54 73.5 56 66.5';
const vNeck = 'L48 80L56 66.5';

function hairBack(style: HairStyle, c: string): string {
  switch (style) {
    case 'long':
    case 'bangs':
      return p('M31 40C29 24 37 18 48 18S67 24 65 40L67 76C58 80 38 80 29 76Z', c);
    case 'wavy':
      return p(
        'M31 38C29 22 38 17 48 17S67 22 65 38C66 46 70 52 67 58C70 64 69 72 64 77C56 80 40 80 32 77C27 72 26 64 29 58C26 52 30 46 31 38Z',
        c,
      );
    case 'bob':
    case 'chin':
      return p('M33 40C33 24 63 24 63 40V56H33Z', shade(c, 0.2));
    case 'curlyBig': {
      const ring: [number, number, number][] = [];
      for (let i = 0; i <= 10; i++) {
        const a = Math.PI * (0.95 + (i / 10) * 1.1);
        ring.push([48 + Math.cos(a) * 22, 40 + Math.sin(a) * 24, 8]);
      }
      for (const y of [48, 56, 63]) ring.push([27, y, 7], [69, y, 7]);
      return p(dots(ring) + 'M27 30H69V66H27Z', c);
    }
    case 'ponytail':
      return p('M58 26C70 24 74 36 70 48C68 56 70 62 66 66C64 56 60 48 60 38Z', c);
    case 'bun':
      return circle(48, 19, 7.5, c) + line('M42 23Q48 26 54 23', shade(c, 0.15), 1.5);
    default:
      return '';
  }
}

function hairFront(style: HairStyle, c: string): string {
  const dark = shade(c, 0.18);
  switch (style) {
    case 'short':
      return p(
        'M33.5 42C31 28 38 21.5 48 21.5S65 28 62.5 42C62 36 60 32 58 30.5C52 33 41 33 37 31C35.5 34 34 38 33.5 42Z',
        c,
      );
    case 'sidePart':
      return (
        p(
          'M33.5 42C31 27 38 20.5 48 20.5S65 27 62.5 42C62 35 60 31 57 29.5C50 33 41 32 38 30C36 33 34.5 37 33.5 42Z',
          c,
        ) + line('M41 22.5Q43 26 40 30', dark, 1.2)
      );
    case 'quiff':
      return (
        p(
          'M33.5 42C31 30 35 22 42 19.5C48 16 58 17 61 22C64 26 64 34 62.5 42C62 36 60 32 57.5 30.5C50 32 43 30 38 29C36 33 34.5 37 33.5 42Z',
          c,
        ) + line('M44 21Q50 19 56 22', dark, 1.2)
      );
    case 'fade':
      return (
        p(
          'M34.5 40C33.5 29 39 21.5 48 21.5S62.5 29 61.5 40C61 36 60 33.5 58.5 32.5C53 33.8 43 33.8 37.5 32.5C36 33.5 35 36.5 34.5 40Z',
          c,
        ) + line('M40.5 24.5Q42.5 27.5 42 31', tint(c, 0.3), 1)
      );
    case 'long':
      return p(
        'M34 46C31 30 38 21.5 48 21.5S65 30 62 46C61 38 58 32 52 28C50 31 47 33 44 33C40 35 36 40 34 46Z',
        c,
      );
    case 'bangs':
      return p('M34 46C31 29 38 21 48 21S65 29 62 46C61 40 60 36 60 34H36C36 37 35 41 34 46Z', c);
    case 'wavy':
      return p(
        'M33.5 46C30 30 38 21 48 21S66 30 62.5 46C61 38 59 33 55 30C51 33 45 33 41 31C37 34 35 40 33.5 46Z',
        c,
      );
    case 'bob':
      return p(
        'M30 56C28 40 30 20.5 48 20.5S68 40 66 56C64 58.5 61.5 58.5 60 56.5C61 46 60 36 57 31C50 33.5 42 33.5 39 31C36 36 35 46 36 56.5C34.5 58.5 32 58.5 30 56Z',
        c,
      );
    case 'chin':
      return p(
        'M31 54C29 38 32 21 48 21S67 38 65 54C63 56 61 56 60 54C61 44 60 36 57 31C52 34 45 32 41 29C38 33 36 40 36 48V54C34 56 32 56 31 54Z',
        c,
      );
    case 'bun':
      return (
        p('M34 42C32 28 39 22 48 22S64 28 62 42C61 35 58 30 48 29C39 30 35 35 34 42Z', c) +
        line('M40 25Q46 27 48 29', dark, 1)
      );
    case 'ponytail':
      return p('M34 42C32 28 39 22 48 22S64 28 62 42C61 35 58 30 50 29C43 30 37 33 34 42Z', c);
    case 'curlyBig': {
      const front: [number, number, number][] = [];
      for (let i = 0; i <= 6; i++) front.push([36 + i * 4, 26 + Math.abs(i - 3), 5]);
      return p(dots(front), c);
    }
    case 'curlyShort': {
      const curls: [number, number, number][] = [];
      for (let i = 0; i <= 8; i++) {
        const a = Math.PI * (1.04 + (i / 8) * 0.92);
        curls.push([48 + Math.cos(a) * 13.5, 35 + Math.sin(a) * 11.5, 4]);
      }
      curls.push([40.5, 31.5, 3], [46, 32.5, 3], [51.5, 32.5, 3], [57, 31.5, 3]);
      return p(
        'M34 40C32 28 38 22 48 22S64 28 62 40C61 35 59 32 57 31H39C37 32 35 35 34 40Z' +
          dots(curls),
        c,
      );
    }
    case 'balding':
      return (
        p('M33 44C32 38 33 33 36 30C37 34 37.5 38 37 44Z', c) +
        p('M63 44C64 38 63 33 60 30C59 34 58.5 38 59 44Z', c)
      );
    case 'messy':
      return p(
        'M33.5 42C30 28 37 20 47 20C53 18 59 21 61 24C64 28 64 35 62.5 42C61 36 60 33 58 31L55 34L53 30L48 33L46 30L41 33L39 30C36 33 35 37 33.5 42Z',
        c,
      );
  }
}

function face(a: AvatarDescription): string {
  const out: string[] = [];
  const browColor = a.hair ? shade(a.hair.color, 0.1) : shade(a.skin, 0.55);
  const brow =
    a.hair && ['grey', 'white'].includes(a.hair.color) ? shade(a.hair.color, 0.3) : browColor;
  // Eyes with a small highlight (larger for a young face); lashes as a flick at the outer corner.
  const eye = a.face?.young ? 2.5 : 2.1;
  out.push(
    p(
      dots([
        [42, 42, eye],
        [54, 42, eye],
      ]),
      ink,
    ),
  );
  out.push(
    p(
      dots([
        [42.7, 41.3, eye / 4],
        [54.7, 41.3, eye / 4],
      ]),
      '#FFFFFF',
    ),
  );
  if (a.face?.lashes) out.push(line('M39.6 40.6L38.4 39.6M56.4 40.6L57.6 39.6', ink, 1));
  out.push(line('M39 37.2Q42 35.6 45 37M51 37Q54 35.6 57 37.2', brow, 1.5));
  // Nose and mouth.
  out.push(line('M47.5 44.5Q46.5 47 48.5 47.4', shade(a.skin, 0.25), 1.2));
  if (a.face?.grin) {
    out.push(p('M43.5 50.2Q48 50.8 52.5 50.2Q52 55 48 55Q44 55 43.5 50.2Z', '#7A2E2A'));
    out.push(p('M44.4 50.6Q48 51.1 51.6 50.6L51.3 52Q48 52.4 44.7 52Z', '#FFFFFF'));
  } else {
    out.push(line('M44 50.5Q48 53.8 52 50.5', '#7A2E2A', 1.5));
  }
  // Rosy cheeks.
  out.push(
    p(
      'M35.9 48a2.6 1.6 0 1 1 5.2 0a2.6 1.6 0 1 1 -5.2 0M54.9 48a2.6 1.6 0 1 1 5.2 0a2.6 1.6 0 1 1 -5.2 0',
      '#F26D6D',
      { opacity: 0.3 },
    ),
  );
  if (a.face?.freckles) {
    const f = shade(a.skin, 0.3);
    out.push(
      p(
        dots([
          [37.5, 46, 0.6],
          [39.5, 47, 0.6],
          [38, 48.6, 0.6],
          [58.5, 46, 0.6],
          [56.5, 47, 0.6],
          [58, 48.6, 0.6],
        ]),
        f,
      ),
    );
  }
  if (a.face?.wrinkles) {
    out.push(
      line(
        'M36 41.5L34.8 41M36.2 43.5L35 44M60 41.5L61.2 41M59.8 43.5L61 44',
        shade(a.skin, 0.3),
        0.8,
      ),
    );
    out.push(line('M41.5 52Q42 54 43 54.8M54.5 52Q54 54 53 54.8', shade(a.skin, 0.22), 0.8));
  }
  return out.join('');
}

function beard(style: Beard, c: string): string {
  switch (style) {
    case 'full':
      return (
        p(
          'M34 40C34 50 36 60 48 62C60 60 62 50 62 40C60 44 59 48 56 48.5C52 47 44 47 40 48.5C37 48 36 44 34 40Z',
          c,
        ) +
        p('M43.5 51Q48 54.5 52.5 51Q48 52.6 43.5 51Z', '#7A2E2A') +
        p('M42 49C45 47 51 47 54 49C52 50 44 50 42 49Z', shade(c, 0.15))
      );
    case 'mustache':
      return p(
        'M41 50.5C43 47 46.5 47.5 48 48.8C49.5 47.5 53 47 55 50.5C52.5 49.8 50 50 48 50.6C46 50 43.5 49.8 41 50.5Z',
        c,
      );
    case 'goatee':
      return (
        p(
          'M42.5 50C44.5 48 47 48.3 48 49C49 48.3 51.5 48 53.5 50C51 49.6 49 49.8 48 50.2C47 49.8 45 49.6 42.5 50Z',
          c,
        ) + p('M45 54.2Q48 55.2 51 54.2Q50.5 58.5 48 58.8Q45.5 58.5 45 54.2Z', c)
      );
  }
}

function glasses(c: string): string {
  const lens = (x: number) => el('rect', { x, y: 38.2, width: 9.6, height: 7.6, rx: 2.6 });
  return (
    `<g fill="#FFFFFF" fill-opacity="0.25" stroke="${c}" stroke-width="1.5">${lens(37.2)}${lens(49.2)}</g>` +
    line('M46.8 41Q48 40 49.2 41M37.2 40.5L34 39.5M58.8 40.5L62 39.5', c, 1.3)
  );
}

function headwear(kind: Headwear, c = '#FFFFFF'): string {
  switch (kind) {
    case 'chefHat':
      return (
        p(
          dots([
            [39, 14, 8],
            [48, 10, 9.5],
            [57, 14, 8],
          ]) + 'M33 14H63V26H33Z',
          '#FFFFFF',
        ) +
        line('M42 18V24M48 16V24M54 18V24', '#D9DDE2', 1.2) +
        el('rect', { x: 33, y: 23, width: 30, height: 7, rx: 2, fill: '#EEF0F2' })
      );
    case 'gradCap':
      return (
        p('M35 23V30Q48 35 61 30V23Z', shade(c, 0.25)) +
        p('M48 11L76 20L48 29L20 20Z', c) +
        line('M48 20L69 23V33', '#F2B53A', 1.4) +
        p('M67 32H71L72 38H66Z', '#F2B53A')
      );
    case 'hardHat':
      return (
        p('M31 31C31 14 65 14 65 31Z', c) +
        p('M44 17.5Q48 16 52 17.5V30H44Z', tint(c, 0.35)) +
        el('rect', { x: 26, y: 29, width: 44, height: 5, rx: 2.5, fill: shade(c, 0.15) })
      );
    case 'strawHat':
      return (
        ellipse(48, 28, 28, 6, shade(c, 0.05)) +
        p('M35 28C35 14 61 14 61 28Z', c) +
        p('M35.2 24H60.8L61 28H35Z', '#C4473D') +
        line('M22 28Q48 36 74 28', shade(c, 0.2), 1)
      );
    case 'beret':
      return (
        p('M30 29C28 20 38 15 50 16C62 17 69 22 66 29C58 26 40 25 30 29Z', c) +
        line('M50 16L51 12', shade(c, 0.2), 2.4)
      );
  }
}

function headscarf(c: string, skinTone: string): { back: string; front: string } {
  const dark = shade(c, 0.2);
  return {
    back: p(
      'M28 44C26 22 37 17 48 17S70 22 68 44C68 58 70 66 74 72L22 72C26 66 28 58 28 44Z',
      dark,
    ),
    front:
      p(
        'M48 17C37 17 27.5 24 28 44C28.5 58 32 66 24 76L72 76C64 66 67.5 58 68 44C68.5 24 59 17 48 17Z' +
          'M48 27C40 27 36 33 36 41C36 50 41 56 48 56C55 56 60 50 60 41C60 33 56 27 48 27Z',
        c,
        { 'fill-rule': 'evenodd' },
      ) +
      line('M36 41C36 50 41 56 48 56C55 56 60 50 60 41', shade(skinTone, 0.15), 0.8) +
      line('M33 60C38 66 46 68 56 66M30 68C40 73 52 73 64 70', dark, 1.2),
  };
}

function outfit(kind: Outfit, c: string, accent = '#FFFFFF'): string {
  const dark = shade(c, 0.18);
  switch (kind) {
    case 'tshirt':
      return p(torso(crew), c) + line('M40 66.5C42 73.5 54 73.5 56 66.5', dark, 1.6);
    case 'sweater':
      return p(torso(crew), c) + line('M40 67C42 74 54 74 56 67', dark, 2.6);
    case 'hoodie':
      return (
        p(torso(crew), c) +
        line('M36 66.5C38 79 58 79 60 66.5', dark, 4.5) +
        line('M44 75V86M52 75V86', tint(c, 0.6), 1.4) +
        line('M40 90H56', dark, 1.2)
      );
    case 'cardigan':
      return (
        p(torso(crew), accent) +
        p(torso('L44 69L46 100H50L52 69L56 66.5'), c) +
        line('M40 66.5C42 72 54 72 56 66.5', shade(accent, 0.12), 1.4) +
        line('M44 69L46 100M52 69L50 100', dark, 1) +
        p(
          dots([
            [42.6, 80, 1.1],
            [43.2, 88, 1.1],
            [43.8, 96, 1.1],
          ]),
          dark,
        )
      );
    case 'suit':
      return (
        p(torso(crew), '#FFFFFF') +
        p(torso('L48 90L56 66.5'), c) +
        p('M40 66.5L35 69L45 82L48 90ZM56 66.5L61 69L51 82L48 90Z', dark) +
        p('M40 66L46 73L48 69ZM56 66L50 73L48 69Z', '#E9EDF2') +
        p('M46.2 69H49.8L49.2 72.5H46.8ZM46.8 72.5L45.2 84L48 88L50.8 84L49.2 72.5Z', accent)
      );
    case 'blazer':
      return (
        p(torso(crew), accent) +
        p(torso('L43 68L48 86L53 68L56 66.5'), c) +
        p('M40 66.5L35 69L44 80L48 86L43 68ZM56 66.5L61 69L52 80L48 86L53 68Z', dark) +
        line('M43 69Q48 75 53 69', '#E2B659', 1) +
        circle(48, 75.5, 1.4, '#E2B659')
      );
    case 'labCoat':
      return (
        p(torso(crew), accent) +
        p(torso('L44 70L48 92L52 70L56 66.5'), c) +
        line('M40 66.5L44 70L48 92L52 70L56 66.5M30 100L34 82M66 100L62 82', '#C3CCD3', 1.2) +
        line('M41 68C37 78 39 86 45 87C49 87.5 50 84 50 82', '#4A5560', 1.6) +
        line('M55 68C58 74 59 79 59 84', '#4A5560', 1.6) +
        circle(59, 86.5, 3.2, '#9AA5AE') +
        circle(59, 86.5, 1.6, '#4A5560') +
        line('M68 80V88', '#3D6FB0', 1.6)
      );
    case 'chefJacket':
      return (
        p(torso('C42 70 54 70 56 66.5'), c) +
        p('M41 66L48 74L55 66L57 71L48 79L39 71Z', accent) +
        line('M40 70C42 74 54 74 56 70', '#D9DDE2', 1) +
        p(
          dots([
            [41, 82, 1.4],
            [41, 89, 1.4],
            [55, 82, 1.4],
            [55, 89, 1.4],
          ]),
          '#B0B7BF',
        )
      );
    case 'overall':
      return (
        p(torso('C42 69 44 72 48 72C52 72 54 69 56 66.5'), accent) +
        p('M40 66.5L44 72L48 72L52 72L56 66.5L52 71L48 71.5L44 71Z', shade(accent, 0.25)) +
        line(
          'M24 74V100M34 70V100M62 70V100M72 74V100M18 84H78M14 93H82',
          shade(accent, 0.22),
          1.2,
        ) +
        p('M33 84H63V100H33Z', c) +
        line('M33 84L28 70M63 84L68 70', c, 4) +
        p(
          dots([
            [35, 85, 1.3],
            [61, 85, 1.3],
          ]),
          '#E8C46A',
        )
      );
    case 'hiVis':
      return (
        p(torso(crew), accent) +
        p(torso('L44 69L46 100H50L52 69L56 66.5'), c) +
        line('M40 66.5C42 72 54 72 56 66.5', shade(accent, 0.2), 1.4) +
        p('M12 84H45V89H12ZM51 84H84V89H51Z', '#E6E9EC')
      );
    case 'smock':
      return (
        p(torso(crew), c) +
        line('M40 66.5C42 73.5 54 73.5 56 66.5', dark, 1.6) +
        circle(30, 82, 2.2, '#E8C94A') +
        circle(62, 78, 1.8, '#D8453B') +
        circle(38, 92, 1.6, '#FFFFFF')
      );
    case 'flannel':
      return (
        p(torso(vNeck), c) +
        line('M24 74V100M34 70V100M62 70V100M72 74V100M16 82H80M12 92H84', dark, 2) +
        p('M40 66.5L44 74L48 80L42 72Z', tint(c, 0.25)) +
        p('M56 66.5L52 74L48 80L54 72Z', tint(c, 0.25)) +
        line('M40 66.5L36 69L44 76M56 66.5L60 69L52 76', shade(c, 0.35), 1.2)
      );
  }
}

/** Props drawn behind the person. */
function propBack(prop: Prop | undefined): string {
  switch (prop) {
    case 'chalkboard':
      return (
        el('rect', { x: 58, y: 10, width: 34, height: 34, rx: 2, fill: '#8A5A3B' }) +
        el('rect', { x: 60.5, y: 12.5, width: 29, height: 29, fill: '#2F5D4E' }) +
        line('M65 20H74M65 26H80M65 32H72', '#E9F2EE', 1.4)
      );
    case 'wheelchair':
      return (
        el('rect', { x: 19, y: 58, width: 58, height: 50, rx: 4, fill: '#39434E' }) +
        line('M19 61H12M77 61H84', '#1E252C', 4.5)
      );
    default:
      return '';
  }
}

/** Props drawn in front of the person. */
function propFront(prop: Prop | undefined): string {
  switch (prop) {
    case 'laptop':
      return (
        el('rect', { x: 22, y: 72, width: 52, height: 32, rx: 3, fill: '#C9D2DB' }) +
        el('rect', { x: 22, y: 72, width: 52, height: 3, rx: 1.5, fill: '#AEB8C2' }) +
        line('M43 83L38.5 87.5L43 92M53 83L57.5 87.5L53 92M50 81.5L46 93.5', '#52606E', 2)
      );
    case 'palette':
      return (
        p(
          'M14 80C16 70 32 68 40 74C44 77 40 80 42 83C44 87 40 92 30 92C18 92 13 87 14 80Z',
          '#E3C08A',
        ) +
        circle(34, 81, 2.4, '#B8872E', { opacity: 0.6 }) +
        circle(21, 77, 2.4, '#D8453B') +
        circle(27, 74, 2.4, '#3D6FB0') +
        circle(20, 85, 2.4, '#F2C230') +
        circle(28, 88, 2.4, '#4C9A5B') +
        line('M70 94L80 68', '#7A4A2A', 2.6) +
        p('M79 69L81 63L83 64L82 70Z', '#D8453B')
      );
    case 'wheat':
      return (
        line('M72 100Q74 80 78 62', '#B98A2E', 1.6) +
        p(
          [64, 68, 72, 76]
            .map((y, i) => {
              const x = 77 - i * 0.9;
              return `M${x} ${y}q-5 -1 -6 -6q5 1 6 6zM${x} ${y}q5 -1 6 -6q-5 1 -6 6z`;
            })
            .join('') + 'M78 62q-2 -4 0 -8q2 4 0 8z',
          '#E0B23A',
        )
      );
    case 'wrench':
      return (
        line('M64 96L78 72', '#7D8A96', 4.5) +
        p('M75 74C72 68 76 62 82 62L79 67L82 71L87 68C87 74 81 78 75 74Z', '#7D8A96')
      );
    case 'headphones':
      return (
        line('M35 70C35 80 61 80 61 70', '#2A2F36', 2.6) +
        el('rect', { x: 30, y: 66, width: 8, height: 10, rx: 3, fill: '#2A2F36' }) +
        el('rect', { x: 58, y: 66, width: 8, height: 10, rx: 3, fill: '#2A2F36' }) +
        el('rect', { x: 31.5, y: 68, width: 3, height: 6, rx: 1.5, fill: '#E2574C' }) +
        el('rect', { x: 61.5, y: 68, width: 3, height: 6, rx: 1.5, fill: '#E2574C' })
      );
    case 'wheelchair':
      return (
        circle(68, 80, 15, '#D5DCE3', { stroke: '#1E252C', 'stroke-width': 4 }) +
        circle(68, 80, 10, 'none', { stroke: '#7D8A96', 'stroke-width': 1.8 }) +
        line('M68 70V90M58 80H78M61 73L75 87M75 73L61 87', '#A7B2BD', 0.8) +
        circle(68, 80, 3.4, '#39434E')
      );
    default:
      return '';
  }
}

/** The SVG of one avatar: deterministic, so that `--check` can compare it byte for byte. */
export function drawAvatar(key: string, label: string, a: AvatarDescription): string {
  const clip = `av-${key}`;
  const hair = a.hair;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96" width="96" height="96" role="img">`,
    `<title>${escapeXml(label)}</title>`,
    `<clipPath id="${clip}"><circle cx="48" cy="48" r="48"/></clipPath>`,
    circle(48, 48, 48, a.bg),
    `<g clip-path="url(#${clip})" stroke-linecap="round" stroke-linejoin="round">`,
    propBack(a.prop),
    a.headscarf ? headscarf(a.headscarf, a.skin).back : '',
    hair ? hairBack(hair.style, hair.color) : '',
    p('M41 46H55V84H41Z', a.skin),
    p('M41 52Q48 62 55 52V60Q48 67 41 60Z', shade(a.skin, 0.14)),
    a.face?.young
      ? `<g transform="matrix(0.88 0 0 1 5.76 2)">${outfit(a.outfit.kind, a.outfit.color, a.outfit.accent)}</g>`
      : outfit(a.outfit.kind, a.outfit.color, a.outfit.accent),
    ellipse(34, 42, 3.2, 4.2, a.skin) + ellipse(62, 42, 3.2, 4.2, a.skin),
    ellipse(34, 42, 1.5, 2.3, shade(a.skin, 0.12)) + ellipse(62, 42, 1.5, 2.3, shade(a.skin, 0.12)),
    ellipse(48, 40, 14, 16.5, a.skin),
    face(a),
    a.beard ? beard(a.beard.style, a.beard.color) : '',
    a.headscarf ? headscarf(a.headscarf, a.skin).front : '',
    hair ? hairFront(hair.style, hair.color) : '',
    a.glasses ? glasses(a.glasses) : '',
    a.headwear ? headwear(a.headwear.kind, a.headwear.color) : '',
    propFront(a.prop),
    '</g>',
    '</svg>',
  ];
  return compact(parts.filter(Boolean).join('\n')) + '\n';
}

/** Shorter spellings that keep the drawing identical: `#ffffff` → `#fff`, `0.5` → `.5`. */
const compact = (svg: string) =>
  svg
    .replace(
      /#([0-9A-F]{6})\b/g,
      (_, hex: string) =>
        '#' + (/^(.)\1(.)\2(.)\3$/.test(hex) ? hex[0]! + hex[2]! + hex[4]! : hex).toLowerCase(),
    )
    .replace(/(^|[^\d.])0\.(?=\d)/g, '$1.');

/** The avatar presets of `personas.de.json`. */
export async function readAvatarPresets(): Promise<{ key: string; label: string }[]> {
  const personas = JSON.parse(await readFile(path.join(presetsDir, 'personas.de.json'), 'utf8'));
  return personas.avatars;
}

const license = `# Lizenz der Avatare

Die Avatar-Illustrationen in diesem Ordner (\`*.svg\`) wurden eigens für Fragewerk gezeichnet.
Sie entstehen aus \`tools/src/draw-avatars.ts\` (\`npx tsx tools/src/draw-avatars.ts\`) und werden
nicht von Hand bearbeitet.

Sie stehen unter **CC0 1.0 Universell** (Public Domain Dedication): Soweit gesetzlich möglich,
verzichten die Urheberinnen und Urheber auf alle Urheber- und verwandten Schutzrechte. Die Dateien
dürfen ohne Namensnennung und ohne Erlaubnis kopiert, verändert, verbreitet und auch kommerziell
genutzt werden.

Rechtstext: https://creativecommons.org/publicdomain/zero/1.0/legalcode.de
`;

/** The generated files by name: one SVG per avatar preset, and the license. */
export async function generateAvatars(): Promise<Map<string, string>> {
  const presets = await readAvatarPresets();
  const missing = presets.filter(({ key }) => !avatars[key]).map(({ key }) => key);
  const unknown = Object.keys(avatars).filter((key) => !presets.some((a) => a.key === key));
  if (missing.length > 0 || unknown.length > 0)
    throw new Error(
      `Avatare passen nicht zu personas.de.json: fehlend ${missing.join(', ') || '–'}, unbekannt ${unknown.join(', ') || '–'}`,
    );
  const weak = presets.filter(
    ({ key }) => Math.abs(luma(avatars[key]!.bg) - luma(avatars[key]!.skin)) < minGreyContrast,
  );
  if (weak.length > 0)
    throw new Error(`Zu wenig Graustufen-Kontrast Gesicht/Hintergrund: ${weak.map((a) => a.key)}`);
  const files = new Map<string, string>();
  for (const { key, label } of presets)
    files.set(`${key}.svg`, drawAvatar(key, label, avatars[key]!));
  files.set('LICENSE.md', license);
  return files;
}

if (process.argv[1] === import.meta.filename) {
  const check = process.argv.includes('--check');
  const files = await generateAvatars();
  const stale: string[] = [];
  if (!check) await mkdir(avatarsDir, { recursive: true });
  for (const [file, content] of files) {
    const target = path.join(avatarsDir, file);
    if (check) {
      const committed = await readFile(target, 'utf8').catch(() => '');
      if (committed !== content) stale.push(file);
    } else {
      await writeFile(target, content);
    }
  }
  if (stale.length > 0) {
    console.error(`Avatare veraltet: ${stale.join(', ')} – npx tsx tools/src/draw-avatars.ts`);
    process.exit(1);
  }
  console.log(check ? 'Avatare aktuell.' : `${files.size} Dateien in ${avatarsDir} geschrieben.`);
}
