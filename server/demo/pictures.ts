import sharp from 'sharp';

/** A banner is a 16:9 picture the apps lay across their screens; a course cover is a 16:9 thumbnail. */
const BANNER_SIZE = { width: 640, height: 360 } as const;
const COVER_SIZE = { width: 320, height: 180 } as const;

interface BannerDesign {
  /** Background from top left to bottom right. */
  colours: [string, string];
  /** What the banner shows on its right, drawn in a 640 × 360 frame. */
  motif: string;
}

/**
 * The banners' designs, in the order the demo seeds its banners: a safety month (a shield over
 * battery cabins), the points mall (a gift and coins) and a learning plan (an open book on rising
 * steps). No text: the apps lay the banner's title over it.
 */
const BANNERS: [BannerDesign, ...BannerDesign[]] = [
  {
    colours: ['#b3261e', '#f08a24'],
    motif:
      `<rect x="390" y="250" width="90" height="70" fill="#f4f1ec" stroke="#7a2a10" stroke-width="3"/>` +
      `<rect x="490" y="262" width="80" height="58" fill="#e9e4dc" stroke="#7a2a10" stroke-width="3"/>` +
      `<path d="M480 60 L560 90 L560 165 Q560 225 480 255 Q400 225 400 165 L400 90 Z" fill="#ffffff" opacity="0.92"/>` +
      `<path d="M445 160 L472 188 L522 128" fill="none" stroke="#2e7d32" stroke-width="16" stroke-linecap="round" stroke-linejoin="round"/>`,
  },
  {
    colours: ['#5b2a86', '#e0529c'],
    motif:
      `<rect x="400" y="150" width="160" height="130" fill="#ffd54f"/>` +
      `<rect x="388" y="120" width="184" height="40" fill="#ffca28"/>` +
      `<rect x="470" y="120" width="20" height="160" fill="#d81b60"/>` +
      `<circle cx="450" cy="108" r="22" fill="none" stroke="#d81b60" stroke-width="10"/>` +
      `<circle cx="510" cy="108" r="22" fill="none" stroke="#d81b60" stroke-width="10"/>` +
      `<circle cx="590" cy="290" r="22" fill="#ffe082" stroke="#f9a825" stroke-width="5"/>` +
      `<circle cx="360" cy="300" r="16" fill="#ffe082" stroke="#f9a825" stroke-width="4"/>`,
  },
  {
    colours: ['#0d47a1', '#26a69a'],
    motif:
      `<rect x="380" y="270" width="60" height="40" fill="#ffffff" opacity="0.35"/>` +
      `<rect x="440" y="230" width="60" height="80" fill="#ffffff" opacity="0.45"/>` +
      `<rect x="500" y="190" width="60" height="120" fill="#ffffff" opacity="0.55"/>` +
      `<path d="M400 90 Q445 70 480 100 L480 200 Q445 172 400 190 Z" fill="#ffffff"/>` +
      `<path d="M560 90 Q515 70 480 100 L480 200 Q515 172 560 190 Z" fill="#e3f2fd"/>` +
      `<circle cx="580" cy="70" r="26" fill="#fff59d"/>`,
  },
];

/** Colour pairs of the course covers, one per course in turn: each of the first eight courses looks different. */
const COVERS: [[string, string], ...[string, string][]] = [
  ['#c62828', '#6a1b1b'],
  ['#ef6c00', '#8d3b00'],
  ['#2e7d32', '#12401a'],
  ['#00838f', '#003d44'],
  ['#1565c0', '#0b2f5e'],
  ['#6a1b9a', '#2f0c45'],
  ['#ad1457', '#4f0a28'],
  ['#4e342e', '#1f1512'],
];

/** Item `index` of a list, from its start again past its end. */
const cycled = <T>(items: readonly [T, ...T[]], index: number): T => items[index % items.length] ?? items[0];

const gradient = ([from, to]: readonly [string, string]) =>
  `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>`;

/** Pictures drawn already, by their drawing: every tenant's banners and covers are the same, so each is drawn once. */
const drawn = new Map<string, Promise<Buffer>>();

function png(svg: string): Promise<Buffer> {
  let picture = drawn.get(svg);
  if (!picture) {
    picture = sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
    drawn.set(svg, picture);
  }
  return picture;
}

/** The PNG picture of the demo's banner `index` (from 0), 640 × 360. */
export function bannerPicture(index: number): Promise<Buffer> {
  const { width, height } = BANNER_SIZE;
  const design = cycled(BANNERS, index);
  return png(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${gradient(design.colours)}` +
      `<rect width="${width}" height="${height}" fill="url(#bg)"/>` +
      `<circle cx="90" cy="330" r="150" fill="#ffffff" opacity="0.08"/>` +
      `<circle cx="250" cy="40" r="90" fill="#ffffff" opacity="0.06"/>` +
      `<rect x="40" y="250" width="240" height="8" rx="4" fill="#ffffff" opacity="0.5"/>` +
      `<rect x="40" y="272" width="160" height="8" rx="4" fill="#ffffff" opacity="0.35"/>` +
      `${design.motif}</svg>`,
  );
}

/**
 * The PNG cover of the demo's course `index` (from 0), 320 × 180: a play button on the course's
 * colours, with one bar per course up to this one (at most 20) along the bottom, as a series numbers its parts.
 */
export function coverPicture(index: number): Promise<Buffer> {
  const { width, height } = COVER_SIZE;
  const colours = cycled(COVERS, index);
  const bars = Array.from(
    { length: Math.min(index + 1, 20) },
    (_, i) => `<rect x="${16 + i * 14}" y="${height - 22}" width="10" height="8" rx="2" fill="#ffffff" opacity="0.85"/>`,
  );
  return png(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${gradient(colours)}` +
      `<rect width="${width}" height="${height}" fill="url(#bg)"/>` +
      `<circle cx="${width - 30}" cy="30" r="60" fill="#ffffff" opacity="0.08"/>` +
      `<circle cx="${width / 2}" cy="${height / 2 - 6}" r="34" fill="#ffffff" opacity="0.9"/>` +
      `<path d="M${width / 2 - 10} ${height / 2 - 24} L${width / 2 + 18} ${height / 2 - 6} L${width / 2 - 10} ${height / 2 + 12} Z" fill="${colours[0]}"/>` +
      `${bars.join('')}</svg>`,
  );
}
