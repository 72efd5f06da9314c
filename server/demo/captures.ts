import { createRequire } from 'node:module';
import sharp from 'sharp';
import type { TenantScope } from '../auth/context';
import { recordCapture } from '../emsassets/cameras';
import { saveFile } from '../files/handlers';
import type { Services } from '../http/services';
import type { EntityRecord } from '../resources/repository';

const require = createRequire(import.meta.url);
/** The Chinese names of the caption need a font with their characters (Noto Sans SC, as the PDF exports use). */
const FONT_FILE = require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf');

const WIDTH = 480;
const HEIGHT = 270;
const MINUTE = 60_000;
/** When the demo's pictures of a camera were captured: minutes, hours and a day ago. */
const CAPTURED_AGO = [12 * MINUTE, 3 * 60 * MINUTE, 26 * 60 * MINUTE];

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

/** 'YYYY-MM-DD HH:mm:ss' in the station's zone, as a camera stamps its pictures. */
const stamp = (time: Date, timeZone: string) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone, dateStyle: 'short', timeStyle: 'medium' }).format(time);

/**
 * A drawn picture of the station's yard — sky by the local hour, ground, two equipment cabins and
 * a fence — stamped as a camera stamps its captures (time, channel, serial) and marked DEMO: the
 * demo has no real camera, and its pictures say so.
 */
function scene(hour: number, bottomLine: string): Buffer {
  const day = hour >= 6 && hour < 18;
  const sky = day ? ['#7fb2dd', '#cfe3f2'] : ['#0f1b33', '#2c3e5c'];
  const ground = day ? '#6f7f5c' : '#2d3527';
  const cabins = day ? ['#e6e8ea', '#d9dcdf'] : ['#5b6168', '#50565c'];
  const fence = Array.from({ length: 24 }, (_, i) => `<rect x="${i * 20 + 4}" y="150" width="3" height="42" fill="#9aa0a6"/>`);
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">` +
      `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky[0]}"/><stop offset="1" stop-color="${sky[1]}"/></linearGradient></defs>` +
      `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>` +
      `<rect y="170" width="${WIDTH}" height="${HEIGHT - 170}" fill="${ground}"/>` +
      `<rect x="60" y="118" width="150" height="72" fill="${cabins[0]}" stroke="#7d848b"/>` +
      `<rect x="250" y="128" width="120" height="62" fill="${cabins[1]}" stroke="#7d848b"/>` +
      `<rect x="0" y="160" width="${WIDTH}" height="3" fill="#9aa0a6"/>${fence.join('')}` +
      `<rect y="${HEIGHT - 26}" width="${WIDTH}" height="26" fill="rgba(0,0,0,0.55)"/>` +
      `<text x="8" y="${HEIGHT - 8}" font-family="DejaVu Sans Mono" font-size="13" fill="#ffffff">${escapeXml(bottomLine)}</text>` +
      `</svg>`,
  );
}

/** The station, camera and place named in white, as a camera overlays them on its pictures. */
function caption(camera: EntityRecord, stationName: string): Promise<Buffer> {
  const text = `${stationName} · ${String(camera.name)} · ${String(camera.location ?? '')}`;
  return sharp({
    text: {
      text: `<span foreground="white">${escapeXml(text)}</span>`,
      font: 'Noto Sans SC 13',
      fontfile: FONT_FILE,
      rgba: true,
      dpi: 96,
    },
  })
    .png()
    .toBuffer();
}

/** A JPEG picture of the camera at an instant, with its caption at the top. */
async function picture(camera: EntityRecord, overlay: Buffer, time: Date, timeZone: string): Promise<Buffer> {
  const hour = Number(new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(time));
  const channel = `CH${String(camera.channelNo).padStart(2, '0')}`;
  return sharp(scene(hour, `DEMO  ${stamp(time, timeZone)}  ${channel}  ${String(camera.serialNo)}`))
    .composite([{ input: overlay, top: 8, left: 8 }])
    .jpeg({ quality: 70 })
    .toBuffer();
}

/**
 * A few pictures captured from a demo camera: drawn pictures stored as uploads of the tenant
 * (as the upload call stores them) and recorded as captures (as the capture call records them).
 */
export async function seedCaptures(
  services: Services,
  scope: TenantScope,
  camera: EntityRecord,
  station: { name: string; timeZone: string },
): Promise<void> {
  const now = Date.now();
  const overlay = await caption(camera, station.name);
  for (const ago of [...CAPTURED_AGO].reverse()) {
    const time = new Date(now - ago);
    const data = await picture(camera, overlay, time, station.timeZone);
    const name = `${String(camera.serialNo)}_${stamp(time, station.timeZone).replace(/\D/g, '')}.jpg`;
    const file = await saveFile(services, scope, name, data);
    await recordCapture(
      services,
      scope,
      { ipcId: Number(camera.id), bucketName: file.bucketName, fileName: file.fileName },
      time.toISOString(),
    );
  }
}
