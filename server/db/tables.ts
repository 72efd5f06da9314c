import type { Generated } from 'kysely';

/**
 * What a rollup keeps of the samples of one variable in one hour or day: their least, greatest,
 * total and number, the first and the last (with their times), and how much a counter grew.
 */
export interface Rollup {
  tenantId: number;
  varId: number;
  min: number;
  max: number;
  sum: number;
  count: number;
  first: number;
  firstTs: number;
  last: number;
  lastTs: number;
  inc: number;
  /** The sum of each value times the time it counts for (ms), and the sum of those times: a time-weighted average is `area / span`. */
  area: number;
  span: number;
}

/** Tables the migrations create; entity tables are derived from `schemas/entities/`. */
export interface SystemTables {
  tenant: { id: number; name: string; createTime: string };
  appUser: {
    id: Generated<number>;
    username: string;
    name: string;
    passwordHash: string;
    defaultTenantId: number;
    createTime: string;
  };
  userTenant: { userId: number; tenantId: number };
  oauthClient: { clientId: string; secretHash: string; name: string };
  authToken: {
    tokenHash: string;
    kind: 'client' | 'user' | 'ems' | 'refresh';
    clientId: string;
    userId: number | null;
    tenantId: number | null;
    /** Shared by the tokens of one sign-in. */
    sessionId: string | null;
    /** Milliseconds since the epoch. */
    expiresAt: number;
    createdAt: number;
  };

  userPermission: { userId: number; tenantId: number; permission: string };
  loginAttempt: { username: string; failures: number; firstFailureAt: number; lockedUntil: number | null };
  captcha: { captchaKey: string; codeHash: string; expiresAt: number };
  sysFile: {
    id: Generated<number>;
    tenantId: number;
    bucketName: string;
    fileName: string;
    originalFilename: string;
    contentType: string;
    size: number;
    /** The bytes, in the PostgreSQL deployment; on SQLite files live in DATA_DIR. */
    data: Buffer | null;
    createdBy: number;
    createTime: string;
  };
  sample: { tenantId: number; varId: number; ts: number; value: number };
  rollupHour: Rollup & { bucket: number };
  rollupDay: Rollup & { day: string };
  rollupMonth: Rollup & { month: string };
  varState: { tenantId: number; varId: number; ts: number; value: number };
  siteKanban: { tenantId: number; stationId: number; version: number; content: string; updatedBy: string; updateTime: string };
  /** Each saved version of a station's dashboard; a restore names the version it brought back. */
  siteKanbanVersion: {
    tenantId: number;
    stationId: number;
    version: number;
    content: string;
    updatedBy: string;
    updateTime: string;
    note: string | null;
    restoredFrom: number | null;
  };
  /** A dashboard template of a tenant, for one kind of station, bound to roles (`server/site/roles.ts`). */
  kanbanTemplate: {
    id: Generated<number>;
    tenantId: number;
    name: string;
    stationType: string;
    /** 1: a station of its kind without a dashboard of its own shows it. */
    isDefault: number;
    version: number;
    content: string;
    updatedBy: string;
    updateTime: string;
  };
  /** Each published version of a template. */
  kanbanTemplateVersion: {
    tenantId: number;
    templateId: number;
    version: number;
    content: string;
    updatedBy: string;
    updateTime: string;
    note: string | null;
  };
  /** The template a station follows: the version its dashboard was made from and its overrides; detached stations keep their dashboard as their own. */
  stationTemplate: {
    tenantId: number;
    stationId: number;
    templateId: number;
    templateVersion: number;
    overrides: string;
    detached: number;
  };
  ykCommand: {
    id: Generated<number>;
    tenantId: number;
    stationId: number;
    varId: number;
    value: number;
    userId: number;
    userName: string;
    /** `sent` until a reading shows the device applied it (`done`), or it was refused or not shown in time (`failed`). */
    status: 'sent' | 'done' | 'failed';
    createTime: number;
    /** When it ended, done or failed. */
    doneTime: number | null;
    /** Why it failed. */
    reason: string | null;
  };
  /** A station the simulator drives, with the state of its model as of `ts` (null before the back-fill). */
  simulatorStation: { tenantId: number; stationId: number; state: string | null; ts: number | null };
  /** Which server process runs the simulator (one at a time on a shared database), until when. */
  /**
   * A closed settlement interval of a station (`server/ledger/`): the energy of each flow that it
   * measured, unrounded (kWh; null for a flow the station has no counter of). It is priced when read.
   */
  ledgerInterval: {
    tenantId: number;
    stationId: number;
    start: number;
    minutes: number;
    day: string;
    month: string;
    importKwh: number | null;
    exportKwh: number | null;
    chargeKwh: number | null;
    dischargeKwh: number | null;
    pvKwh: number | null;
    /** 1 when every counter of the station read through the whole interval. */
    complete: number;
    /** 1 when any counter read in it at all. */
    measured: number;
    /** 1 once no sample can come into it any more (every counter has read past its end, or a day has passed). */
    settled: number;
    /** When it was measured (from the counters' readings). */
    computedAt: number;
  };
  /** A recomputation of ledger intervals: which, when, why, and what it changed (`detail`, JSON). */
  ledgerRecompute: {
    id: Generated<number>;
    tenantId: number;
    stationId: number;
    at: number;
    reason: string;
    firstStart: number;
    lastStart: number;
    intervals: number;
    detail: string;
  };
  /** The lease of a background job that one node runs at a time (`server/db/leases.ts`); times in ms since the epoch. */
  jobLease: { name: string; owner: string; expires: number; lastRun: number };
  /** The MQTT credentials of a channel: its user and the hash of its secret (never the secret). */
  mqttCredential: { channelId: number; tenantId: number; username: string; secretHash: string; issueTime: string };
  /** A link of an open route: the hash of its token, the one record it names, until when (ms since the epoch). */
  openLink: {
    tokenHash: string;
    tenantId: number;
    kind: 'quote' | 'asset';
    recordId: number;
    createdBy: number;
    expiresAt: number;
    createdAt: number;
  };
  /** A run of a report definition (`server/reports/`): one per definition and time it is for; times in ms since the epoch. */
  reportRun: {
    id: Generated<number>;
    tenantId: number;
    definitionId: number;
    definitionName: string;
    scheduledFor: number;
    trigger: 'schedule' | 'manual';
    periodFirstDay: string;
    periodLastDay: string;
    zone: string;
    status: 'queued' | 'sent' | 'failed' | 'retrying' | 'kept';
    attempts: number;
    lastError: string | null;
    nextAttemptAt: number | null;
    /** The addresses, a JSON list. */
    recipients: string;
    createdAt: number;
    sentAt: number | null;
  };
  /** A file a report run made, with its bytes. */
  reportFile: {
    id: Generated<number>;
    tenantId: number;
    runId: number;
    name: string;
    mime: string;
    bytes: number;
    content: Buffer;
  };
  /** Whether an administrator of a tenant allowed report recipients outside the tenant. */
  reportPolicy: { tenantId: number; allowOutside: number; updatedBy: number; updateTime: string };
  /** The columns of the employee table (entity `user`) that sign-in reads. */
  employee: {
    id: Generated<number>;
    tenantId: number;
    userId: number;
    name: string;
    role: string | null;
    accountActive: number | null;
  };
}

/** A row of an entity table, column names in camelCase. */
export type EntityRow = Record<string, unknown>;

/** The database as queries see it: system tables, typed, and entity tables by name. */
export type Tables = SystemTables & Record<string, EntityRow>;
