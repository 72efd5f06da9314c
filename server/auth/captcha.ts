import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Tables } from '../db/tables';

/** Letters and digits that cannot be mistaken for one another. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const LENGTH = 4;
const LIFETIME_MS = 5 * 60 * 1000;

const hash = (key: string, code: string) => createHash('sha256').update(`${key}:${code.toUpperCase()}`).digest('hex');

/** A small SVG of the code: each character turned and placed a little at random, crossed by lines. */
function picture(code: string): string {
  const parts = [...code].map((char, i) => {
    const x = 14 + i * 26 + randomInt(-3, 4);
    const y = 28 + randomInt(-4, 5);
    return `<text x="${x}" y="${y}" transform="rotate(${randomInt(-25, 26)} ${x} ${y})" font-size="${randomInt(22, 28)}" font-family="monospace" font-weight="bold" fill="hsl(${randomInt(0, 360)},60%,35%)">${char}</text>`;
  });
  const lines = Array.from(
    { length: 4 },
    () =>
      `<line x1="${randomInt(0, 120)}" y1="${randomInt(0, 40)}" x2="${randomInt(0, 120)}" y2="${randomInt(0, 40)}" stroke="hsl(${randomInt(0, 360)},50%,55%)" stroke-width="1.5"/>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40" viewBox="0 0 120 40"><rect width="120" height="40" fill="#f4f4f4"/>${lines.join('')}${parts.join('')}</svg>`;
}

/** A new captcha: its key and picture; the code is stored hashed and lives five minutes. */
export async function newCaptcha(db: Kysely<Tables>, now = Date.now()): Promise<{ key: string; image: string }> {
  const key = randomBytes(16).toString('base64url');
  const code = Array.from({ length: LENGTH }, () => ALPHABET[randomInt(0, ALPHABET.length)]).join('');
  await db.deleteFrom('captcha').where('expiresAt', '<', now).execute();
  await db
    .insertInto('captcha')
    .values({ captchaKey: key, codeHash: hash(key, code), expiresAt: now + LIFETIME_MS })
    .execute();
  return { key, image: `data:image/svg+xml;base64,${Buffer.from(picture(code)).toString('base64')}` };
}

/** Whether the code typed is the captcha's; a captcha is good for one try. */
export async function checkCaptcha(db: Kysely<Tables>, key: string, code: string, now = Date.now()): Promise<boolean> {
  const row = await db.selectFrom('captcha').selectAll().where('captchaKey', '=', key).executeTakeFirst();
  await db.deleteFrom('captcha').where('captchaKey', '=', key).execute();
  return Boolean(row && row.expiresAt > now && row.codeHash === hash(key, code));
}
