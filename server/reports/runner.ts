import type { TenantId, TenantScope, UserId } from '../auth/context';
import { Lease } from '../db/leases';
import type { Services } from '../http/services';
import { createTranslator, type Language, type Translate } from '../i18n';
import type { EntityRecord } from '../resources/repository';
import { formatLocal } from '../telemetry/calendar';
import { reportCaller } from './calls';
import { reportContent, type ReportKind } from './content';
import { employeeAddresses, localDay, outsideAllowed, scheduleOf, stationsOf, zoneOfDefinition } from './definitions';
import { sendReportMail, smtpFromEnv, type SmtpSettings } from './mail';
import { reportPdf } from './pdf';
import { reportDocument } from './render';
import { latestDue, periodBefore, type ReportPeriod } from './schedule';
import { reportWorkbook } from './workbook';

/** How long after a refused delivery it is tried again: 1, 5 and 25 minutes; failed after the last. */
export const RETRY_DELAYS_MS = [60_000, 300_000, 1_500_000];
/** How long a node's lease of the report job lasts without renewal. */
const LEASE_MS = 60_000;
/**
 * How long a run may stay `queued` (being made) before it is taken as left by a node that died
 * while making it, and made again: far longer than the fleet report takes (seconds).
 */
export const STALE_RUN_MS = 5 * 60_000;

export const PDF = 'application/pdf';
export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface ReportJobOptions {
  smtp?: SmtpSettings | undefined;
  retryDelaysMs?: number[];
  log?: (message: string) => void;
}

/** A report due: its definition, as its tenant sees it, and the time it is for. */
export interface DueRun {
  scope: TenantScope;
  record: EntityRecord;
  stations: EntityRecord[];
  zone: string;
  at: number;
}

/** The period a run of a definition covers, made at `at`. */
export function periodFor(record: EntityRecord, at: number, zone: string): ReportPeriod {
  const kind = record.kind as ReportKind;
  const unit =
    kind === 'stationDaily'
      ? 'day'
      : kind === 'stationWeekly'
        ? 'week'
        : kind === 'alarms'
          ? ({ daily: 'day', weekly: 'week', monthly: 'month' } as const)[scheduleOf(record).frequency]
          : 'month';
  return periodBefore(unit, at, zone);
}

const fileName = (name: string, period: ReportPeriod, extension: string) =>
  `${name.replace(/[\\/:*?"<>|\s]+/g, '_')}_${period.firstDay}${period.lastDay === period.firstDay ? '' : `_${period.lastDay}`}.${extension}`;

/**
 * The scheduled reports of every tenant, made on one node of a cluster at a time (the `reports`
 * lease), each run once: a run is claimed by inserting its (definition, time) row, which the
 * database's unique key lets only one node do. A run's files are kept in the database; its mail
 * goes through the SMTP server of the environment, a refused delivery tried again after each of
 * `retryDelaysMs`, and failed after the last.
 */
export class ReportJob {
  /** The SMTP server reports are mailed through; none: runs are kept, not mailed. */
  smtp: SmtpSettings | undefined;
  retryDelaysMs: number[];
  private readonly lease: Lease;
  private readonly translate: (lng: Language) => Translate;
  private readonly log: (message: string) => void;
  private working: Promise<void> = Promise.resolve();

  constructor(
    private readonly services: Services,
    options: ReportJobOptions = {},
  ) {
    this.smtp = options.smtp;
    this.retryDelaysMs = options.retryDelaysMs ?? RETRY_DELAYS_MS;
    this.log = options.log ?? (() => undefined);
    this.lease = new Lease(services.database.db, 'reports', LEASE_MS);
    this.translate = createTranslator(services.contract);
  }

  /** One turn of the job, after those before it: the reports due by `now` and the deliveries due, if this node holds the lease. */
  turn(now = Date.now()): Promise<void> {
    this.working = this.working
      .then(async () => {
        if (await this.lease.take()) await this.runDue(now);
      })
      .catch((error: unknown) => this.log(`reports: ${String(error)}`));
    return this.working;
  }

  /** Gives the lease up (the node stopping), after the turn under way. */
  async stop(): Promise<void> {
    await this.working;
    await this.lease.release().catch(() => undefined);
  }

  /**
   * Makes every report due by `now` whose run no node has claimed, and tries again the deliveries
   * due. A schedule missed for several times (the platform was down) is made once, for the latest.
   */
  async runDue(now: number): Promise<void> {
    await this.retakeStale(now);
    await this.makeDue(await this.findDue(now), now);
    await this.retryDue(now);
  }

  /**
   * Makes again the runs left `queued` for longer than `STALE_RUN_MS` (the node making them died):
   * each is taken by one node (its claim time moved to now only where it is still the old one), its
   * files made anew and it is delivered; a run whose definition has since been deleted fails, saying so.
   */
  async retakeStale(now: number): Promise<void> {
    const { db } = this.services.database;
    const stale = await db
      .selectFrom('reportRun')
      .select(['id', 'tenantId', 'definitionId', 'scheduledFor', 'zone', 'createdAt'])
      .where('status', '=', 'queued')
      .where('createdAt', '<', now - STALE_RUN_MS)
      .orderBy('id')
      .execute();
    for (const run of stale) {
      const taken = await db
        .updateTable('reportRun')
        .set({ createdAt: now })
        .where('id', '=', run.id)
        .where('status', '=', 'queued')
        .where('createdAt', '=', run.createdAt)
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) !== 1) continue;
      const runId = Number(run.id);
      this.log(`report run ${runId} was left being made: made again`);
      await db.deleteFrom('reportFile').where('runId', '=', runId).execute();
      const definition = await db
        .selectFrom('reportDefinition')
        .select(['createdBy'])
        .where('id', '=', run.definitionId)
        .executeTakeFirst();
      const scope = scopeOf(Number(run.tenantId), Number(definition?.createdBy ?? 0));
      const record = definition
        ? await this.services.repository.get(scope, 'reportDefinition', Number(run.definitionId)).catch(() => undefined)
        : undefined;
      if (!record) {
        await db
          .updateTable('reportRun')
          .set({ status: 'failed', lastError: 'the report definition was deleted before the run was made' })
          .where('id', '=', runId)
          .execute();
        continue;
      }
      const stations = await stationsOf(this.services.repository, scope, record);
      await this.produce(runId, scope, record, stations, run.zone, Number(run.scheduledFor), now);
    }
  }

  /** The reports due by `now` that no run has been made for yet, as far as this node sees. */
  async findDue(now: number): Promise<DueRun[]> {
    const { db } = this.services.database;
    const definitions = await db
      .selectFrom('reportDefinition')
      .select(['id', 'tenantId', 'createdBy'])
      .where('enabled', '=', 1)
      .orderBy('id')
      .execute();
    const lastRuns = new Map(
      (
        await db
          .selectFrom('reportRun')
          .select(['definitionId', (eb) => eb.fn.max('scheduledFor').as('last')])
          .where('trigger', '=', 'schedule')
          .groupBy('definitionId')
          .execute()
      ).map((row) => [Number(row.definitionId), Number(row.last)]),
    );
    const due: DueRun[] = [];
    for (const definition of definitions) {
      const scope = scopeOf(Number(definition.tenantId), Number(definition.createdBy));
      const record = await this.services.repository.get(scope, 'reportDefinition', Number(definition.id)).catch(() => undefined);
      if (!record) continue;
      const stations = await stationsOf(this.services.repository, scope, record);
      const zone = zoneOfDefinition(record, stations);
      const after = lastRuns.get(Number(record.id)) ?? Date.parse(String(record.createTime));
      const at = latestDue(scheduleOf(record), zone, after, now);
      if (at === undefined) continue;
      if (typeof record.activeUntil === 'string' && localDay(at, zone) > record.activeUntil) continue;
      due.push({ scope, record, stations, zone, at });
    }
    return due;
  }

  /** Makes the runs found due; a run another node claimed meanwhile is left to it. */
  async makeDue(due: DueRun[], now: number): Promise<void> {
    for (const run of due) await this.make(run.scope, run.record, run.stations, run.zone, run.at, 'schedule', now);
  }

  /** Tries again the deliveries due by `now`, each taken by one node. */
  private async retryDue(now: number): Promise<void> {
    const { db } = this.services.database;
    const retries = await db
      .selectFrom('reportRun')
      .select(['id', 'tenantId'])
      .where('status', '=', 'retrying')
      .where('nextAttemptAt', '<=', now)
      .orderBy('id')
      .execute();
    for (const retry of retries) {
      // Taken back from `retrying` by one node only.
      const taken = await db
        .updateTable('reportRun')
        .set({ status: 'queued', nextAttemptAt: null })
        .where('id', '=', retry.id)
        .where('status', '=', 'retrying')
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) === 1) await this.deliver(Number(retry.id), now);
    }
  }

  /** "Run now": the definition's report for its last complete period, made and sent at once; answers the run's id. */
  async runNow(scope: TenantScope, definitionId: number, now = Date.now()): Promise<number> {
    const record = await this.services.repository.get(scope, 'reportDefinition', definitionId);
    const stations = await stationsOf(this.services.repository, scope, record);
    const zone = zoneOfDefinition(record, stations);
    const id = await this.make(scope, record, stations, zone, now, 'manual', now);
    // Two asked within the same millisecond are one run.
    return id ?? Number((await this.runAt(definitionId, now))?.id);
  }

  private runAt(definitionId: number, scheduledFor: number) {
    return this.services.database.db
      .selectFrom('reportRun')
      .select('id')
      .where('definitionId', '=', definitionId)
      .where('scheduledFor', '=', scheduledFor)
      .executeTakeFirst();
  }

  /** Claims the run of a definition for a time, makes its files and sends it; undefined when another node claimed it. */
  private async make(
    scope: TenantScope,
    record: EntityRecord,
    stations: EntityRecord[],
    zone: string,
    scheduledFor: number,
    trigger: 'schedule' | 'manual',
    now: number,
  ): Promise<number | undefined> {
    const { db } = this.services.database;
    const period = periodFor(record, scheduledFor, zone);
    const recipients = await this.addresses(scope, record);
    const claimed = await db
      .insertInto('reportRun')
      .values({
        tenantId: scope.tenantId,
        definitionId: Number(record.id),
        definitionName: String(record.name),
        scheduledFor,
        trigger,
        periodFirstDay: period.firstDay,
        periodLastDay: period.lastDay,
        zone,
        status: 'queued',
        attempts: 0,
        lastError: null,
        nextAttemptAt: null,
        recipients: JSON.stringify(recipients),
        createdAt: Date.now(),
        sentAt: null,
      })
      .onConflict((oc) => oc.columns(['definitionId', 'scheduledFor']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!claimed) return undefined;
    const runId = Number(claimed.id);
    await this.produce(runId, scope, record, stations, zone, scheduledFor, now);
    return runId;
  }

  /** Makes a claimed run's files, keeps them and delivers the run; a run that cannot be made fails, saying why. */
  private async produce(
    runId: number,
    scope: TenantScope,
    record: EntityRecord,
    stations: EntityRecord[],
    zone: string,
    scheduledFor: number,
    now: number,
  ): Promise<void> {
    const { db } = this.services.database;
    const period = periodFor(record, scheduledFor, zone);
    const t = this.translate(record.language === 'en' ? 'en' : 'zh');
    try {
      const name = String(record.name);
      const catalog = await this.services.telemetry.catalog.of(scope.tenantId);
      const call = reportCaller(this.services, scope, t);
      const content = await reportContent(call, catalog, record.kind as ReportKind, stations, period, zone, now);
      const document = reportDocument(name, content, t);
      const files: { name: string; mime: string; content: Buffer }[] = [];
      if (record.format !== 'xlsx')
        files.push({ name: fileName(name, period, 'pdf'), mime: PDF, content: await reportPdf(document, t) });
      if (record.format !== 'pdf')
        files.push({ name: fileName(name, period, 'xlsx'), mime: XLSX, content: await reportWorkbook(document) });
      for (const file of files) {
        await db
          .insertInto('reportFile')
          .values({
            tenantId: scope.tenantId,
            runId,
            name: file.name,
            mime: file.mime,
            bytes: file.content.length,
            content: file.content,
          })
          .execute();
      }
    } catch (error) {
      this.log(`report run ${runId} could not be made: ${String(error)}`);
      await db
        .updateTable('reportRun')
        .set({ status: 'failed', lastError: error instanceof Error ? error.message : String(error) })
        .where('id', '=', runId)
        .execute();
      return;
    }
    await this.deliver(runId, now);
  }

  /** The addresses of a definition's recipients: its employees' (who still have one) and, while allowed, the outside ones. */
  private async addresses(scope: TenantScope, record: EntityRecord): Promise<string[]> {
    const employees = await employeeAddresses(
      this.services.repository,
      scope,
      Array.isArray(record.recipients) ? record.recipients.map(Number) : [],
    );
    const outside =
      Array.isArray(record.outsideRecipients) && (await outsideAllowed(this.services.database.db, scope.tenantId))
        ? record.outsideRecipients.map(String)
        : [];
    return [...new Set([...[...employees.values()].filter((a): a is string => Boolean(a)), ...outside])];
  }

  /** Tries a run's delivery once: sent, kept (nothing to send it by or to), retried later, or failed after the last try. */
  private async deliver(runId: number, now: number): Promise<void> {
    const { db } = this.services.database;
    const run = await db.selectFrom('reportRun').selectAll().where('id', '=', runId).executeTakeFirstOrThrow();
    const definition = await db
      .selectFrom('reportDefinition')
      .select(['language'])
      .where('id', '=', run.definitionId)
      .executeTakeFirst();
    const t = this.translate(definition?.language === 'en' ? 'en' : 'zh');
    const recipients = JSON.parse(run.recipients) as string[];
    const keep = (reason: string) =>
      db
        .updateTable('reportRun')
        .set({ status: 'kept', lastError: t(`reports.notMailed.${reason}`) })
        .where('id', '=', runId)
        .execute();
    if (!this.smtp) {
      await keep('noSmtp');
      return;
    }
    if (recipients.length === 0) {
      await keep('noRecipients');
      return;
    }
    const files = await db.selectFrom('reportFile').selectAll().where('runId', '=', runId).orderBy('id').execute();
    const attempts = Number(run.attempts) + 1;
    try {
      await sendReportMail(this.smtp, {
        to: recipients,
        subject: `${run.definitionName} ${run.periodFirstDay}${run.periodLastDay === run.periodFirstDay ? '' : ` – ${run.periodLastDay}`}`,
        text: t('reports.doc.mailText', {
          name: run.definitionName,
          first: run.periodFirstDay,
          last: run.periodLastDay,
          zone: run.zone,
        }),
        attachments: files.map((f) => ({ filename: f.name, content: Buffer.from(f.content), contentType: f.mime })),
      });
      await db
        .updateTable('reportRun')
        .set({ status: 'sent', attempts, lastError: null, nextAttemptAt: null, sentAt: Date.now() })
        .where('id', '=', runId)
        .execute();
    } catch (error) {
      const delay = this.retryDelaysMs[attempts - 1];
      await db
        .updateTable('reportRun')
        .set({
          status: delay === undefined ? 'failed' : 'retrying',
          attempts,
          lastError: error instanceof Error ? error.message : String(error),
          nextAttemptAt: delay === undefined ? null : now + delay,
        })
        .where('id', '=', runId)
        .execute();
    }
  }
}

/** The tenant scope a job acts in for a definition: its tenant, as its author. */
function scopeOf(tenantId: number, userId: number): TenantScope {
  return { tenantId: tenantId as TenantId, userId: userId as UserId, userName: 'reports' };
}

const jobs = new WeakMap<Services, ReportJob>();

/** The report job of a server's services (made once, with the SMTP settings of the environment). */
export function reportJobOf(services: Services, log?: (message: string) => void): ReportJob {
  let job = jobs.get(services);
  if (!job) {
    job = new ReportJob(services, { smtp: smtpFromEnv(), ...(log ? { log } : {}) });
    jobs.set(services, job);
  }
  return job;
}

/** A run as the inbox shows it, times in its zone. */
export function runAnswer(
  run: {
    id: number;
    definitionId: number;
    definitionName: string;
    scheduledFor: number;
    trigger: string;
    periodFirstDay: string;
    periodLastDay: string;
    zone: string;
    status: string;
    attempts: number;
    lastError: string | null;
    nextAttemptAt: number | null;
    recipients: string;
    sentAt: number | null;
  },
  files: { id: number; name: string; mime: string; bytes: number }[],
): Record<string, unknown> {
  const local = (ts: number | null) => (ts === null ? undefined : formatLocal(Number(ts), run.zone));
  const nextAttempt = local(run.nextAttemptAt);
  const sentAt = local(run.sentAt);
  return {
    id: Number(run.id),
    definitionId: Number(run.definitionId),
    definitionName: run.definitionName,
    scheduledFor: local(run.scheduledFor),
    trigger: run.trigger,
    firstDay: run.periodFirstDay,
    lastDay: run.periodLastDay,
    zone: run.zone,
    status: run.status,
    attempts: Number(run.attempts),
    ...(run.lastError ? { lastError: run.lastError } : {}),
    ...(nextAttempt ? { nextAttempt } : {}),
    recipients: JSON.parse(run.recipients) as string[],
    ...(sentAt ? { sentAt } : {}),
    files: files.map((f) => ({ id: Number(f.id), name: f.name, mime: f.mime, bytes: Number(f.bytes) })),
  };
}
