import { Alert, Button, Checkbox, Popconfirm, Space, Spin, Upload } from 'antd';
import type { RJSFSchema } from '@rjsf/utils';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { StateMachine } from '../../generated/contract';
import type { BulkAction, PageSchema, RowAction, When } from '../../generated/meta';
import { transitionOperations } from '../../generated/registry';
import { inPathAndQuery } from '../api/client';
import { session } from '../auth/session';
import { fieldLabel, label, pageTitle } from '../i18n/labels';
import { inTenThousands } from '../format/money';
import { columnTitle } from './columnTitle';
import { formatValue, propertiesOf } from '../schema/properties';
import { DataTable, type TableColumn } from '../table/DataTable';
import { Pager, type TablePaging } from '../table/Pager';
import { FilterBar } from './FilterBar';
import { ListCards } from './ListCards';
import { nextSort, tabFilters, type ListRecord, type ListState } from './listQuery';
import { ListSwitch, type ListChoice } from './ListSwitch';
import { ListTabs } from './ListTabs';
import { RowActions, type RowActionEntry } from './RowActions';
import { useNarrowScreen } from './useNarrowScreen';

export type { ListRecord };

/** The files a list page exports its rows to: an Excel workbook, a PDF document on A4 pages. */
export type ExportFormat = 'xlsx' | 'pdf';

export interface ListViewProps {
  page: PageSchema;
  /** The entity schema of the records. */
  schema: RJSFSchema;
  records: ListRecord[];
  total: number;
  state: ListState;
  /** The query the list was asked with, and its version (a change reads it again): the tabs count with them. */
  query?: Record<string, unknown>;
  version?: number;
  loading: boolean;
  error?: string;
  /** The filters the list waits for the user to choose (fields of `page.filters`). */
  toChoose?: string[];
  onStateChange(next: ListState): void;
  onCreate?(): void;
  /** Opens the form making several records at once that stands beside New (`createForm` with `beside`). */
  onCreateSeveral?(): void;
  onEdit?(record: ListRecord): void;
  /** Called once the user has confirmed the deletion. */
  onDelete?(record: ListRecord): void;
  onNavigate?(action: Extract<RowAction, { action: 'navigate' }>, record: ListRecord): void;
  onForm?(action: Extract<RowAction, { action: 'form' }>, record: ListRecord): void;
  /** Called once the user has asked for the transition (and confirmed it, when it asks). */
  onTransition?(action: Extract<RowAction, { action: 'transition' }>, record: ListRecord): void;
  /** Called once the user has asked for the call (and confirmed it, when it asks). */
  onCall?(action: Extract<RowAction, { action: 'call' }>, record: ListRecord): void;
  /** Called to show what a call answers about the row: records (`view`) or a chart (`chart`). */
  onView?(action: Extract<RowAction, { action: 'view' | 'chart' }>, record: ListRecord): void;
  onOpen?(action: Extract<RowAction, { action: 'open' }>, record: ListRecord): void;
  /** Called when the user asks for the file a call answers about the row. */
  onDownload?(action: Extract<RowAction, { action: 'download' }>, record: ListRecord): void;
  /** Called with the file the user picked, to send to a call about the row. */
  onUpload?(action: Extract<RowAction, { action: 'upload' }>, record: ListRecord, file: File): void;
  /** The download or upload of a row under way (`rowWorkKey`): its button shows it. */
  rowWork?: string;
  /** The ids of the rows ticked for the page's bulk actions. */
  selected?: unknown[];
  onSelect?(ids: unknown[]): void;
  onBulk?(action: BulkAction): void;
  /** Deletes the ticked rows (`deleteSelected`), after the confirmation. */
  onDeleteSelected?(): void;
  /** Downloads the rows the filters select as a workbook. */
  exports?: { format: ExportFormat; onClick(): void }[];
  /** The export under way: its format and the bytes received so far. */
  exporting?: { format: ExportFormat; bytes: number };
  /** Sends a workbook the user picked to the page's import. */
  onImport?(file: File): void;
  /** An import is under way. */
  importing?: boolean;
  /** The lists the page offers (`lists`), to choose from in the row of its buttons. */
  lists?: ListChoice;
  /** What the lookup column (`lookupColumn`) shows of the records shown, by key, once answered. */
  lookup?: Map<string, unknown>;
}

/** The parameters of an action about a row, each taken from the field of the row it names. */
export const rowParams = (params: Record<string, string>, record: ListRecord): ListRecord =>
  Object.fromEntries(Object.entries(params).map(([param, field]) => [param, record[field]]));

/** A call about a row that takes no body: each of its parameters in the path or in the query, as the call takes it. */
export const rowCallParts = (params: Record<string, string>, record: ListRecord) => inPathAndQuery(rowParams(params, record));

/** What names a download or upload under way: the call and the row. */
export const rowWorkKey = (operation: string, record: ListRecord) => `${operation}:${String(record.id)}`;

/**
 * Whether an action is offered on the row: one for administrators (`admin`) to them only, one
 * offered in some states only (`when`: each of its conditions) in those (an unset field is '').
 */
const offered = (action: { when?: When; admin?: true }, record: ListRecord) =>
  (action.admin !== true || session.user()?.isAdmin === true) &&
  [action.when ?? []].flat().every((condition) => condition.in.includes(String(record[condition.field] ?? '')));

/** The label of a transition's button (and of the dialog of its form): `entities.<entity>.transitions.<name>`. */
export function transitionLabel(t: TFunction, page: PageSchema, operation: string): string {
  return label(t, `entities.${page.entity}.transitions.${transitionOperations[operation] ?? ''}`);
}

/** Longest side, in pixels, of the pictures a list shows. */
const THUMBNAIL_SIZE = 64;

/**
 * A list page's table, filters, paging and row actions, drawn from its page schema; on a phone, a
 * card per record under folded filters.
 */
export function ListView(props: ListViewProps) {
  const { page, schema, records, total, state, query, version, loading, error, onStateChange } = props;
  const { t } = useTranslation();
  const narrow = useNarrowScreen();
  const properties = propertiesOf(schema);
  const machine = (schema as { 'x-states'?: StateMachine })['x-states'];
  /** A transition is offered only from the states it starts from. */
  const allows = (operation: string, record: ListRecord) => {
    const from = machine?.transitions[transitionOperations[operation] ?? '']?.from ?? [];
    return from.some((state) => String(state) === String(record[machine?.field ?? '']));
  };

  const bulk = (page.bulkActions?.length ?? 0) > 0 || page.deleteSelected !== undefined;
  const fields = useMemo<TableColumn<ListRecord>[]>(
    () =>
      page.columns.map((column, index) => ({
        key: column.field,
        title: columnTitle(t, page, column),
        sortable: column.sortable === true,
        width: column.width ?? 140,
        ellipsis: true,
        // The first field names the row: it stays in view when the table scrolls sideways.
        fixed: index === 0,
        render: (row) => {
          const property = properties[column.field];
          const value = row[column.field];
          // A picture shows as a thumbnail the server resizes.
          return property?.['x-upload'] === 'image' && typeof value === 'string' && value ? (
            <img
              src={`${value}?size=${THUMBNAIL_SIZE}`}
              alt={fieldLabel(t, page.entity, column.field)}
              height={32}
              loading="lazy"
            />
          ) : column.tenThousands && typeof value === 'number' ? (
            inTenThousands(value)
          ) : (
            formatValue(t, property, value, row)
          );
        },
      })),
    [page, properties, t],
  );
  const { lookup } = props;
  const columns = useMemo<TableColumn<ListRecord>[]>(() => {
    const shows = page.lookupColumn;
    if (!shows) return fields;
    /** The record's value: a number with its unit, yes or no; '--' (the specification's text for a null value) for none. */
    const valueOf = (row: ListRecord) => {
      if (!lookup) return '';
      const value = lookup.get(String(row[shows.key]));
      if (typeof value !== 'number' && typeof value !== 'boolean') return '--';
      const unit = shows.unit ? row[shows.unit] : undefined;
      // A number's unit is the record's, given to the value as a property's own unit is.
      return formatValue(t, typeof unit === 'string' && unit ? { 'x-unit': unit } : undefined, value);
    };
    const title = label(t, `pages.${page.page}.lookupColumn`);
    const column = { key: 'lookup', title, sortable: false, width: 140, ellipsis: true, fixed: false, render: valueOf };
    // After the column it follows (what is measured), or last.
    const at = shows.after ? fields.findIndex((field) => field.key === shows.after) + 1 : fields.length;
    return [...fields.slice(0, at), column, ...fields.slice(at)];
  }, [fields, lookup, page, t]);

  /** What names a record: its first column, as the row shows it. */
  const nameOf = (record: ListRecord) => {
    const first = page.columns[0]?.field ?? 'id';
    return String(formatValue(t, properties[first], record[first]) || `#${String(record.id)}`);
  };

  /** The actions the row offers now (those of its state), in the page schema's order. */
  const entriesOf = (record: ListRecord): RowActionEntry[] =>
    (page.rowActions ?? []).flatMap((action): RowActionEntry[] => {
      const kind = action.action;
      switch (action.action) {
        case 'edit':
          return [{ key: 'edit', kind, label: t('common.edit'), run: () => props.onEdit?.(record) }];
        case 'navigate':
          return [
            { key: `go-${action.page}`, kind, label: pageTitle(t, action.page), run: () => props.onNavigate?.(action, record) },
          ];
        case 'form':
          if (!offered(action, record)) return [];
          return [
            {
              key: `form-${action.form}`,
              kind,
              label: label(t, `forms.${action.form}.title`),
              run: () => props.onForm?.(action, record),
            },
          ];
        case 'view':
          return [
            {
              key: `view-${action.operation}`,
              kind,
              label: label(t, `actions.${action.operation}`),
              run: () => props.onView?.(action, record),
            },
          ];
        case 'chart':
          if (!offered(action, record)) return [];
          return [
            {
              key: `chart-${action.chart.call}`,
              kind,
              label: label(t, `charts.${action.chart.call}.title`),
              run: () => props.onView?.(action, record),
            },
          ];
        case 'open':
          return [
            {
              key: `open-${action.route}`,
              kind,
              label: label(t, `routes.${action.route}.title`),
              run: () => props.onOpen?.(action, record),
            },
          ];
        case 'call':
          if (!offered(action, record)) return [];
          return [
            {
              key: action.label ?? action.operation,
              kind,
              label: label(t, action.label ?? `actions.${action.operation}`),
              ...(action.confirm ? { confirm: { title: label(t, action.confirm) } } : {}),
              run: () => props.onCall?.(action, record),
            },
          ];
        case 'download':
          return [
            {
              key: `download-${action.operation}`,
              kind,
              label: label(t, `actions.${action.operation}`),
              loading: props.rowWork === rowWorkKey(action.operation, record),
              run: () => props.onDownload?.(action, record),
            },
          ];
        case 'upload':
          return [
            {
              key: `upload-${action.operation}`,
              kind,
              label: label(t, `actions.${action.operation}`),
              loading: props.rowWork === rowWorkKey(action.operation, record),
              run: () => undefined,
              upload: {
                ...(action.accept ? { accept: action.accept } : {}),
                onFile: (file) => props.onUpload?.(action, record, file),
              },
            },
          ];
        case 'transition':
          if (!allows(action.operation, record) || !offered(action, record)) return [];
          return [
            {
              key: action.operation,
              kind,
              label: transitionLabel(t, page, action.operation),
              ...(action.confirm ? { confirm: { title: label(t, action.confirm) } } : {}),
              run: () => props.onTransition?.(action, record),
            },
          ];
        case 'delete':
          return [
            {
              key: 'delete',
              kind,
              label: t('common.delete'),
              danger: true,
              // The record by its name (the first column), which may be scrolled out of view.
              confirm: { title: label(t, action.confirm), description: t('common.deletesRecord', { name: nameOf(record) }) },
              run: () => props.onDelete?.(record),
            },
          ];
      }
      return [];
    });
  // The main actions as buttons, the others under "More" (`mainActions`); in a card they wrap.
  const actionsOf = (record: ListRecord) => <RowActions entries={entriesOf(record)} name={nameOf(record)} wrap={narrow} />;

  // What is ticked is always on screen (the page clears it when the rows change).
  const selected = props.selected ?? [];
  const onPage = records.map((record) => record.id);
  /** The check box of a row, or of every row on the page in the head. */
  const selectCell = (record?: ListRecord) =>
    record ? (
      <Checkbox
        aria-label={t('common.selectRow')}
        checked={selected.includes(record.id)}
        onChange={(event) =>
          props.onSelect?.(event.target.checked ? [...selected, record.id] : selected.filter((id) => id !== record.id))
        }
      />
    ) : (
      <Checkbox
        aria-label={t('common.selectPage')}
        checked={onPage.length > 0 && selected.length === onPage.length}
        indeterminate={selected.length > 0 && selected.length < onPage.length}
        onChange={(event) => props.onSelect?.(event.target.checked ? onPage : [])}
      />
    );

  const title = pageTitle(t, page.page);
  const rowKey = (row: ListRecord) => String(row.id ?? records.indexOf(row));
  const empty = loading ? false : t('common.empty');
  const paging: TablePaging = {
    current: state.current,
    size: state.size,
    total,
    sizes: page.pageSizes,
    showTotal: (count) => t('common.total', { count }),
    onChange: (current, size) => onStateChange({ ...state, current, size }),
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {page.tabs?.length ? (
        <ListTabs
          page={page}
          schema={schema}
          values={state.filters}
          onSelect={(field, value) => onStateChange({ ...state, filters: { ...state.filters, [field]: value }, current: 1 })}
          {...(query ? { query } : {})}
          {...(version === undefined ? {} : { version })}
        />
      ) : null}
      {page.filters?.length ? (
        <FilterBar
          // Each list its own bar: the filters of another list start empty.
          key={page.resource.list}
          page={page}
          schema={schema}
          values={state.filters}
          onSearch={(filters) => onStateChange({ ...state, filters: { ...tabFilters(page, state), ...filters }, current: 1 })}
        />
      ) : null}
      {props.lists || props.onCreate || props.onCreateSeveral || props.exports?.length || props.onImport || bulk ? (
        <Space wrap>
          {props.lists ? <ListSwitch names={`pages.${page.page}.lists`} lists={props.lists} /> : null}
          {props.onCreate ? (
            <Button type="primary" onClick={props.onCreate}>
              {t('common.new')}
            </Button>
          ) : null}
          {props.onCreateSeveral ? (
            <Button onClick={props.onCreateSeveral}>{label(t, `forms.${page.createForm?.form ?? ''}.title`)}</Button>
          ) : null}
          {(props.exports ?? []).map(({ format, onClick }) => (
            <Button
              key={format}
              loading={props.exporting?.format === format}
              disabled={props.exporting !== undefined}
              onClick={onClick}
            >
              {props.exporting?.format === format
                ? t('common.exporting', { size: (props.exporting.bytes / 1024).toFixed(0) })
                : t(format === 'pdf' ? 'common.exportPdf' : 'common.export')}
            </Button>
          ))}
          {props.onImport ? (
            <Upload
              accept=".xlsx"
              showUploadList={false}
              disabled={props.importing}
              beforeUpload={(file) => {
                props.onImport?.(file);
                // The page sends the file itself, through the API client.
                return false;
              }}
            >
              <Button loading={props.importing}>{t(props.importing ? 'common.importing' : 'common.import')}</Button>
            </Upload>
          ) : null}
          {page.deleteSelected ? (
            <Popconfirm
              title={t('common.confirmDeleteSelected', { count: selected.length })}
              okText={t('common.ok')}
              cancelText={t('common.cancel')}
              disabled={selected.length === 0}
              onConfirm={() => props.onDeleteSelected?.()}
            >
              <Button danger disabled={selected.length === 0}>{`${t('common.deleteSelected')} (${selected.length})`}</Button>
            </Popconfirm>
          ) : null}
          {(page.bulkActions ?? []).map((action) => (
            <Button key={`bulk-${action.form}`} disabled={selected.length === 0} onClick={() => props.onBulk?.(action)}>
              {`${label(t, `forms.${action.form}.title`)} (${selected.length})`}
            </Button>
          ))}
        </Space>
      ) : null}
      {error ? <Alert type="error" showIcon message={error} /> : null}
      {props.toChoose?.length ? (
        <Alert
          type="info"
          showIcon
          message={t('common.chooseToList', {
            fields: props.toChoose.map((field) => fieldLabel(t, page.entity, field)).join(', '),
          })}
        />
      ) : null}
      <Spin spinning={loading}>
        {narrow ? (
          <>
            <ListCards
              label={title}
              records={records}
              columns={columns}
              rowKey={rowKey}
              sort={state}
              onSort={(sortField, sortOrder) => onStateChange({ ...state, sortField, sortOrder, current: 1 })}
              empty={empty}
              {...(bulk ? { selectOf: selectCell, selectAll: selectCell() } : {})}
              {...(page.rowActions?.length ? { actionsOf } : {})}
            />
            <Pager paging={paging} />
          </>
        ) : (
          <DataTable
            label={title}
            columns={[
              ...(bulk
                ? [{ key: 'select', title: selectCell(), width: 40, fixed: true, render: (row: ListRecord) => selectCell(row) }]
                : []),
              ...columns,
              // The row's actions stay in view at the right of the table, however far it scrolls sideways.
              ...(page.rowActions?.length
                ? [{ key: 'actions', title: t('common.actions'), fixed: 'end' as const, render: actionsOf }]
                : []),
            ]}
            rows={records}
            rowKey={rowKey}
            sort={{ key: state.sortField, desc: state.sortOrder === 'desc' }}
            onSort={(key) => onStateChange({ ...state, ...nextSort(state, key, page), current: 1 })}
            paging={paging}
            empty={empty}
            density="middle"
          />
        )}
      </Spin>
    </Space>
  );
}
