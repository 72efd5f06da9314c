import { sql, type Kysely } from 'kysely';
import type { Tables } from '../db/tables';

/** Failed sign-ins of a user name within this window count together. */
const WINDOW_MS = 15 * 60 * 1000;
/** After this many failures a captcha is asked for. */
export const CAPTCHA_AFTER = 3;
/** At this many failures the user name is locked for a while. */
export const LOCK_AFTER = 10;
const LOCK_MS = 15 * 60 * 1000;

/** Where an attempt stands: how many attempts of the window it makes, or the minutes of a lock. */
export interface Attempt {
  /** This attempt's number in the window, counting the failures before it. */
  number: number;
  lockedMinutes: number;
}

/**
 * Counts an attempt before its password is checked, in one statement, so that attempts made at
 * the same moment each get their own number: the fourth needs a captcha, the eleventh is locked,
 * however they are timed. A success clears the count.
 */
export async function beginAttempt(db: Kysely<Tables>, username: string, now = Date.now()): Promise<Attempt> {
  const key = username.toLowerCase();
  const stale = now - WINDOW_MS;
  const row = await db
    .insertInto('loginAttempt')
    .values({ username: key, failures: 1, firstFailureAt: now, lockedUntil: null })
    .onConflict((oc) => {
      const failures = sql.ref('loginAttempt.failures');
      const lockedUntil = sql.ref('loginAttempt.lockedUntil');
      // A window that has passed, with no lock running, starts again from this attempt.
      const fresh = sql`${sql.ref('loginAttempt.firstFailureAt')} < ${stale} and coalesce(${lockedUntil}, 0) < ${now}`;
      return oc.column('username').doUpdateSet({
        failures: sql`case when ${fresh} then 1 else ${failures} + 1 end`,
        firstFailureAt: sql`case when ${fresh} then ${now} else ${sql.ref('loginAttempt.firstFailureAt')} end`,
        lockedUntil: sql`case when ${fresh} then null when ${failures} + 1 > ${LOCK_AFTER} and coalesce(${lockedUntil}, 0) < ${now} then ${now + LOCK_MS} else ${lockedUntil} end`,
      });
    })
    .returning(['failures', 'lockedUntil'])
    .executeTakeFirstOrThrow();
  const locked = row.lockedUntil !== null && row.lockedUntil > now;
  return { number: row.failures, lockedMinutes: locked ? Math.ceil(((row.lockedUntil ?? now) - now) / 60000) : 0 };
}

export async function clearFailures(db: Kysely<Tables>, username: string): Promise<void> {
  await db.deleteFrom('loginAttempt').where('username', '=', username.toLowerCase()).execute();
}
