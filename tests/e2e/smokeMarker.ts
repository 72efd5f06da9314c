import type { PageSchema } from '../../generated/meta';
import { formatMoney, isMoneyProperty } from '../../runtime/format/money';
import type { JsonSchema } from '../../server/contract';
import { entities, example } from '../support/contract';
import type { Row } from '../support/records';

/**
 * How a page's smoke tells its record from the others, as a user would: by a value the smoke
 * chooses and a column of the list shows, which no other row shows.
 *
 * - `text`: free text, `Smoke <page> <stamp>`, edited to `... edited`;
 * - `number`: a number no record holds in that field, within its bounds; edited to another;
 * - `date`: a day no record holds; edited to another;
 * - `codes`: a selection of coded values no record holds; edited by choosing one more;
 * - `reference`: the record refers to a record made for the smoke and named by the text marker,
 *   whose name the list shows; the edit changes the first coded column (`edit`) to another code.
 *
 * Each kind is taken only where no earlier one has a column, so a page with a free-text column
 * keeps its text marker.
 */
export type Marker =
  | { kind: 'text' | 'number' | 'date' | 'codes'; field: string }
  | { kind: 'reference'; field: string; entity: string; column: string; edit: string };

/** The value the smoke's record holds in the marker's field once created, and once edited. */
export interface MarkerValues {
  created: unknown;
  edited: unknown;
}

const KINDS: ['text' | 'number' | 'date' | 'codes', (property: JsonSchema) => boolean][] = [
  ['text', (p) => p.type === 'string' && !p.enum && !p.format && !p['x-format'] && !p['x-upload'] && !p.pattern],
  ['number', (p) => (p.type === 'number' || p.type === 'integer') && !p.enum && !p['x-ref']],
  ['date', (p) => p.type === 'string' && p.format === 'date'],
  ['codes', (p) => p.type === 'array' && Boolean(p.items?.['x-enum'])],
];

/** The marker of a page, or none when no column of the list can tell its record apart. */
export function markerOf(page: PageSchema): Marker | undefined {
  const properties = entities[page.entity]?.properties ?? {};
  /** A field the form writes, when creating and when editing. */
  const writable = (field: string) => {
    const property = properties[field];
    return property && !property.readOnly && !property['x-create-only'] && !page.scope?.includes(field) ? property : undefined;
  };
  const columns = page.columns.map((column) => column.field);
  for (const [kind, fits] of KINDS) {
    const field = columns.find((name) => {
      const property = writable(name);
      return property !== undefined && fits(property);
    });
    if (field) return { kind, field };
  }
  const coded = columns.find((name) => writable(name)?.['x-enum']);
  for (const column of columns) {
    const field = properties[column]?.['x-ref-label'];
    const entity = field ? writable(field)?.['x-ref'] : undefined;
    if (field && entity && coded) return { kind: 'reference', field, entity, column, edit: coded };
  }
  return undefined;
}

/** The first two candidates from `start` on (wrapping within `size`) that `taken` does not hold. */
function untaken<T>(size: number, start: number, at: (index: number) => T, taken: (value: T) => boolean): T[] {
  const found: T[] = [];
  for (let step = 0; step < size && found.length < 2; step += 1) {
    const value = at((start + step) % size);
    if (!taken(value)) found.push(value);
  }
  if (found.length < 2) throw new Error('no two values that no record holds');
  return found;
}

const DAY = 86_400_000;

/**
 * The values of the smoke's record: unlike every value of `records` (the list's records) in the
 * marker's field, derived from `stamp` so that runs differ. A reference's values are the name of
 * the record made for the smoke (`created` and `edited` alike: the edit changes `edit`); on a page
 * that does not edit, the record keeps its created value.
 */
export function markerValues(marker: Marker, page: PageSchema, records: Row[], stamp: number): MarkerValues {
  const values = chosenValues(marker, page, records, stamp);
  return page.resource.update ? values : { created: values.created, edited: values.created };
}

function chosenValues(marker: Marker, page: PageSchema, records: Row[], stamp: number): MarkerValues {
  const property = entities[page.entity]?.properties?.[marker.field] ?? {};
  const held = (value: unknown) => records.some((record) => holds(marker, record, value));
  switch (marker.kind) {
    case 'text':
    case 'reference': {
      // As long as the field takes, with ' edited' added (a contract number takes 32 characters).
      const room = Number(property.maxLength ?? Infinity) - (marker.kind === 'text' ? ' edited'.length : 0);
      const created =
        [`Smoke ${page.page} ${stamp}`, `Smoke ${stamp}`].find((candidate) => candidate.length <= room) ?? String(stamp);
      return { created, edited: marker.kind === 'text' ? `${created} edited` : created };
    }
    case 'number': {
      // In hundredths for a number (two decimals show as written), in units for an integer.
      const unit = property.type === 'integer' ? 1 : 100;
      const low = Math.ceil(Number(property.minimum ?? 0) * unit);
      const high = Math.floor(Number(property.maximum ?? 1_000_000) * unit);
      const [created, edited] = untaken(high - low + 1, stamp % (high - low + 1), (index) => (low + index) / unit, held);
      return { created, edited };
    }
    case 'date': {
      // Days of the ten years from 2040 on: no demo record is dated there.
      const from = Date.UTC(2040, 0, 1);
      const [created, edited] = untaken(
        3650,
        stamp % 3650,
        (index) => new Date(from + index * DAY).toISOString().slice(0, 10),
        held,
      );
      return { created, edited };
    }
    case 'codes': {
      // The shortest start of the example's selection (then of the other codes) that no record holds.
      const codes = [
        ...new Set([...((example(page.entity)[marker.field] as unknown[] | undefined) ?? []), ...(property.items?.enum ?? [])]),
      ];
      const size = codes.findIndex((_code, index) => !held(codes.slice(0, index + 1))) + 1;
      if (size === 0 || size === codes.length) throw new Error(`${page.page}: every selection of ${marker.field} is held`);
      const edited = codes.slice(0, size + 1);
      if (held(edited)) throw new Error(`${page.page}: the selection ${JSON.stringify(edited)} is held`);
      return { created: codes.slice(0, size), edited };
    }
  }
}

/** Whether a record of the list holds the marker's value (a reference: refers to the record named `value`). */
export function holds(marker: Marker, record: Row, value: unknown): boolean {
  const field = marker.kind === 'reference' ? marker.column : marker.field;
  return JSON.stringify(record[field]) === JSON.stringify(value);
}

/**
 * The text of the marker's cell as the list shows `value` (for a reference, the name of the record
 * made for the smoke), with `label` naming a coded value.
 */
export function shownMarker(
  marker: Marker,
  page: PageSchema,
  value: unknown,
  label: (enumName: string, code: unknown) => string,
): string {
  const property = entities[page.entity]?.properties?.[marker.field] ?? {};
  switch (marker.kind) {
    case 'number':
      return isMoneyProperty(property) ? formatMoney(Number(value)) : String(value);
    case 'codes':
      return (value as unknown[]).map((code) => label(String(property.items?.['x-enum']), code)).join(', ');
    default:
      return String(value);
  }
}

/**
 * The steps of a page's smoke, as its schema offers them: the list always; create, edit and delete
 * where its resource names the call. A page that creates nothing edits and deletes a record its
 * list already shows (see `pageTests`).
 */
export interface SmokeSteps {
  create: boolean;
  edit: boolean;
  delete: boolean;
}

export function smokeSteps(page: PageSchema): SmokeSteps {
  return { create: Boolean(page.resource.create), edit: Boolean(page.resource.update), delete: Boolean(page.resource.delete) };
}

/** The pages whose smoke the part `part` of `parts` runs: every page schema is in exactly one. */
export function smokePagesOf(pages: PageSchema[], part: number, parts: number): PageSchema[] {
  return pages.filter((_page, index) => index % parts === part);
}
