import sharp from 'sharp';
import type { TenantScope } from '../auth/context';
import { saveFile } from '../files/handlers';
import type { Services } from '../http/services';

const WIDTH = 960;
const HEIGHT = 540;
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86400000).toISOString().slice(0, 10);

interface Design {
  name: string;
  platform: 'web' | 'android' | 'ios';
  slogan: string;
  /** Sky from top to horizon, and the ground. */
  colours: [string, string, string];
  /** Days from today the design is shown from and until (none: until replaced). */
  from: number;
  until?: number;
  enabled: boolean;
}

/** The tenant's sign-in screen designs: the everyday ones of its apps, a coming holiday one, and a past one switched off. */
const DESIGNS: Design[] = [
  {
    name: '标准登录页',
    platform: 'web',
    slogan: '让每一度电都清晰可见',
    colours: ['#1f5fa8', '#8ec5ec', '#3d6b45'],
    from: -320,
    enabled: true,
  },
  {
    name: '移动端登录页',
    platform: 'android',
    slogan: '站点运维，随时随地',
    colours: ['#2a7f9e', '#b5e3f0', '#4f7a3a'],
    from: -200,
    enabled: true,
  },
  {
    name: '春节主题',
    platform: 'ios',
    slogan: '绿色能源，温暖团圆',
    colours: ['#8e1b1b', '#f2a65a', '#5a3b2a'],
    from: 60,
    until: 75,
    enabled: true,
  },
  {
    name: '迎峰度夏',
    platform: 'web',
    slogan: '削峰填谷，清凉一夏',
    colours: ['#0b6e8a', '#ffe08a', '#6b8f3a'],
    from: -150,
    until: -60,
    enabled: false,
  },
];

/**
 * A drawn background of a sign-in screen: sky, sun, a row of photovoltaic panels and two
 * battery cabins on the ground — the platform's sites, with no text (the slogan is laid over it).
 */
function background([top, horizon, ground]: Design['colours']): Promise<Buffer> {
  const panels = Array.from(
    { length: 9 },
    (_, i) =>
      `<polygon points="${60 + i * 70},430 ${110 + i * 70},430 ${124 + i * 70},395 ${74 + i * 70},395" fill="#1d2f4f" stroke="#c9d6e3" stroke-width="2"/>`,
  );
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">` +
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${horizon}"/></linearGradient></defs>` +
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>` +
    `<circle cx="800" cy="120" r="54" fill="#fff6c8" opacity="0.9"/>` +
    `<rect y="380" width="${WIDTH}" height="${HEIGHT - 380}" fill="${ground}"/>` +
    panels.join('') +
    `<rect x="720" y="350" width="90" height="80" fill="#e8ecef" stroke="#6d7780" stroke-width="2"/>` +
    `<rect x="825" y="360" width="80" height="70" fill="#dfe4e8" stroke="#6d7780" stroke-width="2"/>` +
    `</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 70 }).toBuffer();
}

/** Seeds the tenant's sign-in screen designs, each background stored as an upload of the tenant. */
export async function seedLoginPages(services: Services, scope: TenantScope): Promise<void> {
  for (const [index, design] of DESIGNS.entries()) {
    const file = await saveFile(services, scope, `login-${index + 1}.jpg`, await background(design.colours));
    await services.repository.create(scope, 'loginPage', {
      name: design.name,
      platform: design.platform,
      slogan: design.slogan,
      backgroundUrl: file.url,
      startDate: day(design.from),
      ...(design.until === undefined ? {} : { endDate: day(design.until) }),
      enabled: design.enabled,
    });
  }
}
