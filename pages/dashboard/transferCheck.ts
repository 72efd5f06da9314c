import type { ErrorObject } from 'ajv';
import documentValidators from '../../generated/validators/dashboardDocument.js';
import widgetConfigs from '../../generated/validators/widgetConfigs.js';
import { fieldMessage } from '../../generated/validationMessages';
import { BREAKPOINTS, DASHBOARD_SCHEMA_VERSION, GRID, type AnyWidgetDefinition } from '../../runtime/dashboard';
import { dashboardFile, MAX_FILE_BYTES, type DashboardFile, type FileSource } from './transfer';
import { migrated } from './useDashboardDocument';

/** A problem of an imported file: where it is (a dotted path such as `widgets.3.type`; empty for the whole file), and what is wrong. */
export interface FileProblem {
  path: string;
  message: string;
}

/** How the checks word their messages: a label key and its values, in the UI's language. */
export type Translate = (key: string, values?: Record<string, string>) => string;

/** A file's dashboard, ready to replace the one shown, or every problem found in it. */
export type FileReading = { file: DashboardFile; problems?: undefined } | { file?: undefined; problems: FileProblem[] };

/** Whose labels name the fields of the document (`dashboard.document.fields.*`, `.itemFields.*`). */
const DOCUMENT_LABELS = 'dashboard.document';

/** The dotted path of the field an error is about; a missing or extra property named. */
function pathOf(error: ErrorObject): string {
  const params = error.params as { missingProperty?: string; additionalProperty?: string };
  return [...error.instancePath.split('/').slice(1), params.missingProperty ?? params.additionalProperty]
    .filter((part): part is string => typeof part === 'string' && part !== '')
    .join('.');
}

/** The errors of a validator as problems, worded as the server words them, under `prefix`. */
function problemsOf(errors: ErrorObject[], owner: string, prefix: string, t: Translate): FileProblem[] {
  return errors
    .filter((error) => error.keyword !== 'if')
    .map((error) => {
      const path = pathOf(error);
      return {
        path: [prefix, path].filter(Boolean).join('.'),
        message: fieldMessage(error.keyword, error.params as Record<string, unknown>, path, owner, t),
      };
    });
}

/** A file larger than `MAX_FILE_BYTES` is refused before it is read. */
function sizeProblems(size: number, t: Translate): FileProblem[] {
  if (size <= MAX_FILE_BYTES) return [];
  const megabytes = (bytes: number) => String(Math.ceil((bytes * 10) / (1024 * 1024)) / 10);
  return [{ path: '', message: t('dashboard.transfer.tooLarge', { size: megabytes(size), limit: megabytes(MAX_FILE_BYTES) }) }];
}

/** The line and column (from 1) of a position in a text. */
function lineAndColumn(text: string, position: number): { line: string; column: string } {
  const before = text.slice(0, position).split('\n');
  return { line: String(before.length), column: String((before[before.length - 1]?.length ?? 0) + 1) };
}

/**
 * The file's text read as JSON (a byte order mark before it, as some editors write, ignored), or
 * why it is not, with where the parser stopped (a line and column) when it says so.
 */
function parsed(text: string, t: Translate): { value: unknown } | { problem: FileProblem } {
  const source = text.replace(/^\uFEFF/, '');
  try {
    return { value: JSON.parse(source) as unknown };
  } catch (error) {
    const reason = error instanceof Error ? error.message : '';
    const at = /at position (\d+)/.exec(reason)?.[1];
    const position = at !== undefined ? Number(at) : /end of JSON input/.test(reason) ? source.length : undefined;
    return {
      problem: {
        path: position === undefined ? '' : t('dashboard.transfer.lineColumn', lineAndColumn(source, position)),
        message: t('dashboard.transfer.notJson'),
      },
    };
  }
}

/** A station serial number, as the calls take it. */
const STATION_SN = /^[A-Za-z0-9_-]{2,32}$/;

/** Whether a file's `source` names a station as an export writes it (a serial number, perhaps a name). */
function isSource(value: unknown): value is FileSource {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const { stationSn, stationName, ...rest } = value as Record<string, unknown>;
  return (
    typeof stationSn === 'string' &&
    STATION_SN.test(stationSn) &&
    (stationName === undefined || (typeof stationName === 'string' && stationName.length <= 100)) &&
    Object.keys(rest).length === 0
  );
}

/**
 * What is wrong with the shape of a file's dashboard: its format version (a newer one than this
 * platform reads is refused alone: its shape may differ), then the document schema, the one the
 * save call takes, and the station the file names as its source.
 */
function documentProblems(value: unknown, t: Translate): FileProblem[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return [{ path: '', message: t('dashboard.transfer.notDocument') }];
  const { source, ...document } = value as { source?: unknown; schemaVersion?: unknown };
  const { schemaVersion } = document;
  if (typeof schemaVersion === 'number' && schemaVersion > DASHBOARD_SCHEMA_VERSION)
    return [
      {
        path: 'schemaVersion',
        message: t('dashboard.transfer.newerFormat', {
          version: String(schemaVersion),
          current: String(DASHBOARD_SCHEMA_VERSION),
        }),
      },
    ];
  const validate = documentValidators.dashboardDocument;
  if (!validate) throw new Error('generated/validators/dashboardDocument.js lacks the document validator: run npm run codegen');
  // The station-bound fields are the target's: a file does not bring them (and any it brings are not used).
  const problems = validate({ ...document, stationSn: 'file', version: 0 })
    ? []
    : problemsOf(validate.errors ?? [], DOCUMENT_LABELS, '', t);
  if (source !== undefined && !isSource(source)) problems.push({ path: 'source', message: t('dashboard.transfer.badSource') });
  return problems;
}

/**
 * What the document schema cannot say: widget ids used once, widget types the dashboard has, and
 * layouts placing each widget of the file at most once, within their columns.
 */
function contentProblems(
  file: DashboardFile,
  definitions: ReadonlyMap<string, AnyWidgetDefinition>,
  t: Translate,
): FileProblem[] {
  const problems: FileProblem[] = [];
  const ids = new Set<string>();
  for (const [index, widget] of file.widgets.entries()) {
    if (ids.has(widget.id))
      problems.push({ path: `widgets.${index}.id`, message: t('dashboard.transfer.idUsedTwice', { id: widget.id }) });
    ids.add(widget.id);
    if (!definitions.has(widget.type) || !widgetConfigs[widget.type])
      problems.push({ path: `widgets.${index}.type`, message: t('dashboard.transfer.unknownType', { type: widget.type }) });
  }
  for (const breakpoint of BREAKPOINTS) {
    const placed = new Set<string>();
    const { cols } = GRID[breakpoint];
    for (const [index, item] of (file.layouts[breakpoint] ?? []).entries()) {
      const where = `layouts.${breakpoint}.${index}`;
      if (!ids.has(item.id)) problems.push({ path: `${where}.id`, message: t('dashboard.transfer.notAWidget', { id: item.id }) });
      else if (placed.has(item.id))
        problems.push({ path: `${where}.id`, message: t('dashboard.transfer.placedTwice', { id: item.id }) });
      placed.add(item.id);
      if (item.x + item.w > cols)
        problems.push({
          path: where,
          message: t('dashboard.transfer.outsideGrid', {
            id: item.id,
            right: String(item.x + item.w),
            cols: String(cols),
            layout: t(`dashboard.layouts.${breakpoint}`),
          }),
        });
    }
  }
  return problems;
}

/** Each widget's configuration checked by its type's schema, with the validators the server checks a save with. */
function configProblems(file: DashboardFile, t: Translate): FileProblem[] {
  return file.widgets.flatMap((widget, index) => {
    const validate = widgetConfigs[widget.type];
    if (!validate || validate(widget.config)) return [];
    return problemsOf(validate.errors ?? [], `widgets.${widget.type}`, `widgets.${index}.config`, t);
  });
}

/**
 * A dashboard file read and checked before anything changes: its size, its JSON and the document's
 * shape, each of which stops the reading; then — once a file of an older format is migrated as a
 * stored document of that format is — its content and every widget's configuration, all listed
 * together. Any problem refuses the file; each is named with its path.
 */
export async function readDashboardFile(
  file: Pick<Blob, 'size' | 'text'>,
  definitions: ReadonlyMap<string, AnyWidgetDefinition>,
  t: Translate,
): Promise<FileReading> {
  const tooLarge = sizeProblems(file.size, t);
  if (tooLarge.length) return { problems: tooLarge };
  const json = parsed(await file.text(), t);
  if ('problem' in json) return { problems: [json.problem] };
  const shape = documentProblems(json.value, t);
  if (shape.length) return { problems: shape };
  const { source, ...given } = json.value as DashboardFile;
  let current: DashboardFile;
  try {
    current = dashboardFile(await migrated({ ...given, stationSn: '', version: 0 }, definitions));
  } catch {
    // A migration takes configurations as the older format wrote them; others it cannot read.
    const versions = { version: String(given.schemaVersion), current: String(DASHBOARD_SCHEMA_VERSION) };
    return { problems: [{ path: 'widgets', message: t('dashboard.transfer.notMigrated', versions) }] };
  }
  const problems = [...contentProblems(current, definitions, t), ...configProblems(current, t)];
  return problems.length ? { problems } : { file: source ? { source, ...current } : current };
}
