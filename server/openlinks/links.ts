import { randomBytes } from 'node:crypto';
import type { TenantId, TenantScope, UserId } from '../auth/context';
import { hashToken } from '../auth/tokens';
import { tenantData } from '../db/tenantScope';
import { ApiError } from '../errors';
import type { Services } from '../http/services';

/** What an open link shows: a quotation to its customer, or an asset (its QR code) with its documents. */
export type OpenLinkKind = 'quote' | 'asset';

/**
 * How long a link holds, in days: a quotation's for the weeks a customer takes to answer; an asset's
 * for the years its printed QR code stays on the equipment.
 */
export const LINK_DAYS: Record<OpenLinkKind, number> = { quote: 30, asset: 5 * 365 };

const DAY_MS = 24 * 3600 * 1000;

/** A link made for staff to hand out: its token (only this once in clear) and until when it holds. */
export interface IssuedLink {
  token: string;
  expiresAt: number;
}

/** A new link to one record of the caller's tenant (the caller has already read the record, so it is theirs). */
export async function issueLink(
  services: Services,
  scope: TenantScope,
  kind: OpenLinkKind,
  recordId: number,
  now = Date.now(),
): Promise<IssuedLink> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = now + LINK_DAYS[kind] * DAY_MS;
  await tenantData(services.database, scope.tenantId)
    .insertInto('openLink')
    .values({
      tokenHash: hashToken(token),
      tenantId: scope.tenantId,
      kind,
      recordId,
      createdBy: scope.userId,
      expiresAt,
      createdAt: now,
    })
    .execute();
  return { token, expiresAt };
}

/** The one record a link names, and the scope to read it in: the tenant of the link, acting as the staff member who made it. */
export interface ResolvedLink {
  scope: TenantScope;
  recordId: number;
}

/**
 * The record behind a link of `kind`; an unknown (mistyped, tampered) token or one of another kind
 * answers 404 "not valid", an expired one 404 "expired": neither says anything of any record.
 */
export async function resolveLink(
  services: Services,
  token: string,
  kind: OpenLinkKind,
  now = Date.now(),
): Promise<ResolvedLink> {
  // eslint-disable-next-line no-restricted-syntax -- the link's token tells its tenant: it is looked up without one
  const row = await services.database.db
    .selectFrom('openLink')
    .selectAll()
    .where('tokenHash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row || row.kind !== kind) throw new ApiError('notFound', { message: 'errors.openLinkInvalid' });
  if (Number(row.expiresAt) <= now) throw new ApiError('notFound', { message: 'errors.openLinkExpired' });
  return {
    scope: { tenantId: row.tenantId as TenantId, userId: row.createdBy as UserId, userName: '' },
    recordId: row.recordId,
  };
}

/** The name of a tenant, as its customers know the company. */
export async function companyName(services: Services, tenantId: TenantId): Promise<string> {
  const row = await tenantData(services.database, tenantId)
    .selectFrom('tenant')
    .select('name')
    .where('id', '=', tenantId)
    .executeTakeFirst();
  return row?.name ?? '';
}
