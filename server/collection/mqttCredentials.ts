import { pbkdf2, randomBytes, timingSafeEqual } from 'node:crypto';
import { writeFile, rename } from 'node:fs/promises';
import { promisify } from 'node:util';
import type { Kysely } from 'kysely';
import type { Tables } from '../db/tables';

const derive = promisify(pbkdf2);

/**
 * Iterations of PBKDF2-SHA512 a channel's secret is hashed with. The secrets are 24 random bytes
 * the platform makes (192 bits): no guess list reaches them, so the count only has to make a
 * leaked hash useless, not slow a guesser down; a broker checks it at every connection.
 */
const ITERATIONS = 1_000;

/** The MQTT user name of a channel: the channel's id, the same on every node and broker. */
export const mqttUser = (channelId: number) => `channel-${channelId}`;

/** The topics of a channel's user: samples and acknowledgements up, commands down. */
export const mqttTopics = (user: string) => ({ samples: `ems/${user}/up`, acks: `ems/${user}/ack`, commands: `ems/${user}/cmd` });

/** The channel a user name stands for, if it is one. */
export function channelOfUser(user: string): number | undefined {
  const match = /^channel-([1-9][0-9]{0,9})$/.exec(user);
  return match ? Number(match[1]) : undefined;
}

/** A topic's user and what it carries, when it is one of a channel's topics. */
export function topicOf(topic: string): { user: string; kind: 'up' | 'ack' | 'cmd' } | undefined {
  const match = /^ems\/(channel-[1-9][0-9]{0,9})\/(up|ack|cmd)$/.exec(topic);
  return match ? { user: match[1]!, kind: match[2] as 'up' | 'ack' | 'cmd' } : undefined;
}

/**
 * A secret's hash in the form of mosquitto's password file (`$7$` iterations, salt, PBKDF2-SHA512
 * hash, base64): the same hash serves the embedded broker and an external mosquitto.
 */
async function mosquittoHash(secret: string): Promise<string> {
  const salt = randomBytes(12);
  const hash = await derive(secret, salt, ITERATIONS, 64, 'sha512');
  return `$7$${ITERATIONS}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

/** Whether a secret matches a hash made by `mosquittoHash` (or by `mosquitto_passwd`). */
export async function mosquittoHashMatches(secret: string, stored: string): Promise<boolean> {
  const [, kind, iterations, salt, hash] = stored.split('$');
  if (kind !== '7' || !iterations || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await derive(secret, Buffer.from(salt, 'base64'), Number(iterations), expected.length, 'sha512');
  return timingSafeEqual(actual, expected);
}

/** A new secret: 24 random bytes, URL-safe. */
const newSecret = () => randomBytes(24).toString('base64url');

/**
 * Issues a channel a new secret and keeps its hash (one per channel: the previous one stops
 * working); answers the user and the secret, which is not kept.
 */
export async function issueCredentials(
  db: Kysely<Tables>,
  tenantId: number,
  channelId: number,
): Promise<{ user: string; secret: string }> {
  const user = mqttUser(channelId);
  const secret = newSecret();
  const secretHash = await mosquittoHash(secret);
  const issueTime = new Date().toISOString();
  await db
    .insertInto('mqttCredential')
    .values({ channelId, tenantId, username: user, secretHash, issueTime })
    .onConflict((oc) => oc.column('channelId').doUpdateSet({ secretHash, issueTime }))
    .execute();
  return { user, secret };
}

/** A channel's credentials as a broker checks them: its tenant, and the hash of its secret. */
export interface StoredCredential {
  tenantId: number;
  channelId: number;
  user: string;
  secretHash: string;
}

/**
 * The credentials of the MQTT channels that exist (a credential outlives a channel deleted or
 * moved to another protocol, but no longer lets anyone in); one user's when `user` is given.
 */
export async function storedCredentials(db: Kysely<Tables>, user?: string): Promise<StoredCredential[]> {
  let query = db
    .selectFrom('mqttCredential as m')
    .innerJoin('monitorChannel as c', (join) => join.onRef('c.id', '=', 'm.channelId').onRef('c.tenantId', '=', 'm.tenantId'))
    .select(['m.tenantId', 'm.channelId', 'm.username as user', 'm.secretHash'])
    .where('c.protocol', '=', 'mqtt');
  if (user !== undefined) query = query.where('m.username', '=', user);
  const rows = await query.orderBy('m.channelId').execute();
  return rows.map((row) => ({
    tenantId: Number(row.tenantId),
    channelId: Number(row.channelId),
    user: String(row.user),
    secretHash: String(row.secretHash),
  }));
}

/**
 * Writes mosquitto's password file: the platform's own user, then each MQTT channel's user with
 * its stored hash (the secrets themselves are never kept). Written aside and renamed, so that a
 * broker reloading it never reads half a file.
 */
export async function writePasswordFile(
  db: Kysely<Tables>,
  path: string,
  platform: { user: string; password: string },
): Promise<void> {
  const lines = [`${platform.user}:${await mosquittoHash(platform.password)}`];
  for (const credential of await storedCredentials(db)) lines.push(`${credential.user}:${credential.secretHash}`);
  const aside = `${path}.${process.pid}.tmp`;
  await writeFile(aside, `${lines.join('\n')}\n`, { mode: 0o600 });
  await rename(aside, path);
}
