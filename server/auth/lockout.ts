import type { Kysely } from 'kysely';
import type { Tables } from '../db/tables';

/** Failed sign-ins of a user name within this window count together. */
const WINDOW_MS = 15 * 60 * 1000;
/** From this many failures on, a captcha is asked for. */
export const CAPTCHA_AFTER = 3;
/** At this many failures the user name is locked for a while. */
export const LOCK_AFTER = 10;
const LOCK_MS = 15 * 60 * 1000;

export interface AttemptState {
  failures: number;
  /** Minutes left of a lock, or 0. */
  lockedMinutes: number;
}

/** Where a user name stands: recent failures and any lock. */
export async function attemptState(db: Kysely<Tables>, username: string, now = Date.now()): Promise<AttemptState> {
  const row = await db.selectFrom('loginAttempt').selectAll().where('username', '=', username.toLowerCase()).executeTakeFirst();
  if (!row) return { failures: 0, lockedMinutes: 0 };
  if (row.lockedUntil && row.lockedUntil > now)
    return { failures: row.failures, lockedMinutes: Math.ceil((row.lockedUntil - now) / 60000) };
  if (row.firstFailureAt < now - WINDOW_MS || row.lockedUntil) return { failures: 0, lockedMinutes: 0 };
  return { failures: row.failures, lockedMinutes: 0 };
}

/** Counts one failure (the first of a window starts it); the tenth within the window locks the user name. */
export async function recordFailure(db: Kysely<Tables>, username: string, now = Date.now()): Promise<void> {
  const key = username.toLowerCase();
  const { failures } = await attemptState(db, key, now);
  const count = failures + 1;
  const row = { failures: count, firstFailureAt: now, lockedUntil: count >= LOCK_AFTER ? now + LOCK_MS : null };
  await db
    .insertInto('loginAttempt')
    .values({ username: key, ...row })
    .onConflict((oc) =>
      oc.column('username').doUpdateSet(failures === 0 ? row : { failures: count, lockedUntil: row.lockedUntil }),
    )
    .execute();
}

export async function clearFailures(db: Kysely<Tables>, username: string): Promise<void> {
  await db.deleteFrom('loginAttempt').where('username', '=', username.toLowerCase()).execute();
}
