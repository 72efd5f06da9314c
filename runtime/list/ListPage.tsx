import type { UiSchema } from '@rjsf/utils';
import { Alert, App, Flex, Grid, Modal, Space, Spin } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useScreenSearch } from '../shell/screenLocation';
import type { PageSchema, RowAction } from '../../generated/meta';
import { operations, routes, type OperationId, type SchemaModule } from '../../generated/registry';
import { ApiCallError, type RefusedField } from '../api/client';
import { saveFile } from '../api/saveFile';
import { FormDialog, type FormDialogProps } from '../forms/FormDialog';
import { SchemaForm } from '../forms/SchemaForm';
import { useGuardedClose } from '../forms/unsaved';
import { entityTitle, fieldLabel, pageTitle } from '../i18n/labels';
import { useRuntime } from '../RuntimeContext';
import { loadEntity, loadUiSchema } from '../schema/entities';
import { lazyScreen, ScreenBoundary } from '../shell/lazyScreen';
import { ScreenHeader } from '../shell/ScreenHeader';
import { propertiesOf } from '../schema/properties';
import { buildUiSchema, type FormMode } from '../schema/uiSchema';
import { filtersToChoose, initialListState, listQuery, pageShowing, scopeFromSearch, scopeQuery } from './listQuery';
import type { PageChartsProps } from './PageCharts';
import type { ListTreeProps } from './ListTree';
import { Banners } from './Banners';
import { PageLinks } from './PageLinks';
import { PageNotice } from './PageNotice';
import { ListView, rowCallParts, rowParams, rowWorkKey, transitionLabel, type ExportFormat, type ListRecord } from './ListView';
import { listTakes, pages } from './pages';
import { useListData, useLookupValues } from './useListData';
import { useScopeName } from './useScopeName';
import { ChartDialog } from './ChartDialog';
import { ViewDialog } from './ViewDialog';

/** A page's charts, with the chart library, loaded only by the pages that have some. */
const PageCharts = lazyScreen<PageChartsProps>(() => import('./PageCharts').then((module) => ({ default: module.PageCharts })));
const ListTree = lazyScreen<ListTreeProps>(() => import('./ListTree').then((module) => ({ default: module.ListTree })));

interface Editing {
  mode: FormMode;
  record: ListRecord;
}

/** Width of the dialog of a record's form: three columns of fields (see ObjectFieldTemplate), or all a phone's. */
const ENTITY_DIALOG_WIDTH = 880;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A file as an upload call takes it: the multipart field `file`. */
function fileForm(file: File): FormData {
  const body = new FormData();
  body.append('file', file, file.name);
  return body;
}

/** The list screen of the page schema named `name`. */
export function ListScreen({ name }: { name: string }) {
  const { t } = useTranslation();
  const page = pages.find((candidate) => candidate.page === name);
  return page ? <ListPage page={page} /> : <Alert type="warning" showIcon message={t('common.notFound')} />;
}

/** A whole list screen from its page schema: the list, and a dialog to create and edit records. */
export function ListPage({ page }: { page: PageSchema }) {
  const { t } = useTranslation();
  const { api } = useRuntime();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [search] = useScreenSearch();
  // A list's tree stands beside it on a wide screen, above it below Ant Design's `lg` (992 px).
  const treeAbove = Grid.useBreakpoint().lg === false;
  const [entity, setEntity] = useState<SchemaModule>();
  const [uiSchema, setUiSchema] = useState<UiSchema>({});
  const [loadError, setLoadError] = useState<string>();
  const [state, setState] = useState(() => initialListState(page));
  // The list shown: the page's own, or one of the others it offers (`lists`).
  const [list, setList] = useState(page.resource.list);
  const takes = useMemo(() => listTakes(page, list), [page, list]);
  const shown = useMemo(() => pageShowing(page, list, takes), [page, list, takes]);
  const [version, setVersion] = useState(0);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string>();
  const [refused, setRefused] = useState<RefusedField[]>([]);
  // Whether the record's form has changes not saved: Escape, a click outside and the × ask first.
  const [dirty, setDirty] = useState(false);
  const closeEditing = useCallback(() => {
    setDirty(false);
    setEditing(null);
  }, []);
  const cancelEditing = useGuardedClose(dirty, closeEditing);
  const [exporting, setExporting] = useState<{ format: ExportFormat; bytes: number }>();
  const [importing, setImporting] = useState(false);
  const [rowWork, setRowWork] = useState<string>();
  const [dialog, setDialog] = useState<Omit<FormDialogProps, 'onClose'>>();
  const [viewing, setViewing] = useState<{ action: Extract<RowAction, { action: 'view' | 'chart' }>; record: ListRecord }>();
  // The rows ticked for the bulk actions: those on screen, so a new page, filter or sort clears them.
  const [selected, setSelected] = useState<unknown[]>([]);
  useEffect(() => setSelected([]), [state, version]);

  useEffect(() => {
    Promise.all([loadEntity(page.entity), page.form ? loadUiSchema(page.form.ui) : Promise.resolve({})])
      .then(([module, ui]) => {
        setEntity(module);
        setUiSchema(ui);
      })
      .catch((error: unknown) => setLoadError(messageOf(error)));
  }, [page]);

  const scope = useMemo(() => {
    if (!entity) return undefined;
    const types = Object.fromEntries(
      Object.entries(propertiesOf(entity.schema)).map(([name, p]) => [name, p.type as 'integer' | 'number' | 'string']),
    );
    return scopeFromSearch(page, search, types);
  }, [entity, page, search]);
  // The tree's node picked (`tree`): the list shows the records that belong to it. Where the search
  // form filters the same field (the station of the alarm phones), the two are one choice.
  const [picked, setPicked] = useState<number>();
  const treeFilter = page.tree?.filter;
  const treeInForm = treeFilter !== undefined && (page.filters ?? []).some((filter) => filter.field === treeFilter);
  const treeValue = treeInForm ? (state.filters[treeFilter] ? Number(state.filters[treeFilter]) : undefined) : picked;
  const pickInTree = (id: number | undefined) => {
    if (!treeInForm) setPicked(id);
    setState((current) => {
      if (!treeInForm) return { ...current, current: 1 };
      const { [treeFilter]: _left, ...filters } = current.filters;
      return { ...current, current: 1, filters: id === undefined ? filters : { ...filters, [treeFilter]: String(id) } };
    });
  };
  const query =
    scope &&
    listQuery(
      state,
      { ...scopeQuery(page, scope), ...(treeFilter && !treeInForm && picked !== undefined ? { [treeFilter]: picked } : {}) },
      takes,
    );
  // A list that needs a filter chosen (a period) waits for it.
  const toChoose = query ? filtersToChoose(shown, query, takes) : [];
  const data = useListData(list, toChoose.length ? undefined : query, version);
  const lookup = useLookupValues(page.lookupColumn, data.records, version);
  // Whose records a scoped page lists (the customer of its contacts), named in its title.
  const scopeName = useScopeName(page, entity ? propertiesOf(entity.schema) : undefined, scope);

  const formUi = useMemo(
    () =>
      entity && editing
        ? buildUiSchema({
            t,
            prefix: `entities.${page.entity}`,
            schema: entity.schema,
            uiSchema,
            mode: editing.mode,
            fixed: page.scope,
          })
        : undefined,
    [entity, editing, page, t, uiSchema],
  );

  if (loadError) return <Alert type="error" showIcon message={loadError} />;
  if (!entity) return <Spin />;
  if (!scope) return <Alert type="warning" showIcon message={t('common.notFound')} />;

  const { resource } = page;
  const openEditor = async (mode: FormMode, record: ListRecord) => {
    setSaveError(undefined);
    setRefused([]);
    if (mode === 'edit' && resource.get) {
      try {
        record = (await api.callDynamic(resource.get, { query: { id: record.id }, params: { id: record.id } })) as ListRecord;
      } catch {
        return;
      }
    }
    setEditing({ mode, record });
  };

  const save = async (formData: ListRecord) => {
    const operation = editing?.mode === 'edit' ? resource.update : resource.create;
    if (!operation) return;
    setSaving(true);
    setSaveError(undefined);
    setRefused([]);
    // The form shows what was sent while it is answered (it takes its values from the record given).
    setEditing((current) => current && { ...current, record: formData });
    try {
      await api.callDynamic(operation, { body: { ...formData, ...scope } }, { silent: true });
      closeEditing();
      setVersion((v) => v + 1);
      void message.success(t('common.saved'));
    } catch (error) {
      // Fields the server refused are shown beside them; any other failure above the form.
      if (error instanceof ApiCallError && error.fields.length > 0) setRefused(error.fields);
      else setSaveError(error instanceof ApiCallError ? error.message : messageOf(error));
    } finally {
      setSaving(false);
    }
  };

  const remove = async (record: ListRecord) => {
    if (!resource.delete) return;
    try {
      // The id in the path or in the query, as the delete call takes it.
      await api.callDynamic(resource.delete, { params: { id: record.id }, query: { id: record.id } });
      setVersion((v) => v + 1);
      void message.success(t('common.deleted'));
    } catch {
      // The API client has shown the server's message.
    }
  };

  const removeSelected = async () => {
    if (!page.deleteSelected) return;
    try {
      await api.callDynamic(page.deleteSelected, { query: { ids: selected.join(',') } });
      setVersion((v) => v + 1);
      void message.success(t('common.deleted'));
    } catch {
      // The API client has shown the server's message.
    }
  };

  const transition = async (action: Extract<RowAction, { action: 'transition' }>, record: ListRecord) => {
    const target = { params: { id: record.id }, query: { id: record.id } };
    if (action.form) {
      // What the transition records (an opinion, what was found) is asked in its form first.
      setDialog({
        form: action.form,
        save: action.operation,
        values: {},
        target,
        title: transitionLabel(t, page, action.operation),
      });
      return;
    }
    try {
      await api.callDynamic(action.operation, target);
      setVersion((v) => v + 1);
      void message.success(t('common.done'));
    } catch {
      // The API client has shown the server's message (a refused transition says why).
    }
  };

  /** Another screen, with query parameters taken from the row. */
  const goTo = (path: string | undefined, params: Record<string, string>, record: ListRecord) => {
    if (!path) return;
    const query = new URLSearchParams(
      Object.entries(rowParams(params, record)).map(([param, value]) => [param, String(value ?? '')]),
    );
    void navigate(`${path}?${query.toString()}`);
  };

  const callOnRow = async (action: Extract<RowAction, { action: 'call' }>, record: ListRecord) => {
    const values = { ...rowParams(action.params, record), ...action.values };
    const takesBody = 'body' in (operations[action.operation as OperationId] ?? {});
    try {
      // Each value in the path, and in the query or the body, as the call takes it.
      await api.callDynamic(action.operation, takesBody ? { params: values, body: values } : { params: values, query: values });
      setVersion((v) => v + 1);
      void message.success(t('common.done'));
    } catch {
      // The API client has shown the server's message.
    }
  };

  /** The file a call answers about the row (its parameters taken from the row), downloaded. */
  const downloadOnRow = async (action: Extract<RowAction, { action: 'download' }>, record: ListRecord) => {
    setRowWork(rowWorkKey(action.operation, record));
    try {
      saveFile(await api.download(action.operation, rowCallParts(action.params, record)));
    } catch {
      // The API client has shown the failure.
    } finally {
      setRowWork(undefined);
    }
  };

  /** Sends the file the user picked to a call about the row, and reads the list again. */
  const uploadOnRow = async (action: Extract<RowAction, { action: 'upload' }>, record: ListRecord, file: File) => {
    setRowWork(rowWorkKey(action.operation, record));
    try {
      await api.callDynamic(action.operation, { ...rowCallParts(action.params, record), body: fileForm(file) });
      setVersion((v) => v + 1);
      void message.success(t('common.done'));
    } catch {
      // The API client has shown the server's message (the row or column it refused).
    } finally {
      setRowWork(undefined);
    }
  };

  /** Sends a workbook to the page's import: all its rows are taken or none, and the list is read again. */
  const importRows = async (file: File, operation: string) => {
    setImporting(true);
    try {
      await api.callDynamic(operation, { body: fileForm(file) });
      setVersion((v) => v + 1);
      void message.success(t('common.done'));
    } catch {
      // The API client has shown the server's message (the row or column it refused).
    } finally {
      setImporting(false);
    }
  };

  const exportRows = async (format: ExportFormat, operation: string) => {
    if (!query) return;
    setExporting({ format, bytes: 0 });
    try {
      // The list's query (filters, scope and sort); the export takes every page, its times in the zone the list shows them in.
      const exported = { ...query, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone };
      saveFile(await api.download(operation, { query: exported }, (bytes) => setExporting({ format, bytes })));
    } catch {
      // The API client has shown the failure.
    } finally {
      setExporting(undefined);
    }
  };

  /** Opens the page's form making several records at once (`createForm`), the scope filled in. */
  const createSeveral = () =>
    setDialog({ form: page.createForm?.form ?? '', save: page.createForm?.save ?? '', values: { ...scope } });

  const title = scopeName
    ? t('common.scopedTitle', { title: pageTitle(t, page.page), name: scopeName })
    : pageTitle(t, page.page);
  const listView = (
    <ListView
      page={shown}
      schema={entity.schema}
      records={data.records}
      total={data.total}
      state={state}
      {...(query ? { query } : {})}
      version={version}
      loading={data.loading}
      error={data.error}
      toChoose={toChoose}
      onStateChange={setState}
      onCreate={
        page.createForm && !page.createForm.beside
          ? createSeveral
          : resource.create
            ? () => void openEditor('create', { ...scope })
            : undefined
      }
      {...(page.createForm?.beside ? { onCreateSeveral: createSeveral } : {})}
      {...(lookup ? { lookup } : {})}
      onEdit={(record) => void openEditor('edit', record)}
      onDelete={(record) => void remove(record)}
      onTransition={(action, record) => void transition(action, record)}
      onCall={(action, record) => void callOnRow(action, record)}
      onView={(action, record) => setViewing({ action, record })}
      onDownload={(action, record) => void downloadOnRow(action, record)}
      onUpload={(action, record, file) => void uploadOnRow(action, record, file)}
      {...(rowWork ? { rowWork } : {})}
      onOpen={(action, record) => goTo(routes.find((route) => route.name === action.route)?.path, action.params, record)}
      selected={selected}
      onSelect={setSelected}
      onBulk={(action) => setDialog({ form: action.form, save: action.save, values: { [action.ids]: selected } })}
      onDeleteSelected={() => void removeSelected()}
      exports={[
        ...(shown.export ? [{ format: 'xlsx' as const, operation: shown.export }] : []),
        ...(shown.exportPdf ? [{ format: 'pdf' as const, operation: shown.exportPdf }] : []),
      ].map(({ format, operation }) => ({ format, onClick: () => void exportRows(format, operation) }))}
      {...(exporting ? { exporting } : {})}
      {...(page.import ? { onImport: (file: File) => void importRows(file, page.import ?? ''), importing } : {})}
      onForm={(action, record) =>
        setDialog({
          form: action.form,
          ...(action.load ? { load: action.load } : {}),
          ...(action.loadKeys ? { loadKeys: action.loadKeys } : {}),
          ...(action.answer ? { answer: action.answer } : {}),
          save: action.save,
          values: Object.fromEntries(
            Object.entries(action.params).map(([field, rowField]) => [
              field,
              action.listParams?.includes(field) ? [record[rowField]] : record[rowField],
            ]),
          ),
        })
      }
      onNavigate={(action, record) => goTo(pages.find((p) => p.page === action.page)?.route, action.params, record)}
      {...(page.lists
        ? {
            lists: {
              operations: [page.resource.list, ...page.lists.map(({ operation }) => operation)],
              current: list,
              onSelect: (operation: string) => {
                setList(operation);
                setState(initialListState(page));
              },
            },
          }
        : {})}
    />
  );
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <ScreenHeader title={title} {...(page.scope?.length ? { onClose: () => void navigate(-1) } : {})} />
      {page.banners ? <Banners position={page.banners} /> : null}
      {page.links ? <PageLinks links={page.links} /> : null}
      {page.notice ? <PageNotice page={page.page} notice={page.notice} /> : null}
      {page.charts ? (
        <ScreenBoundary>
          <PageCharts charts={page.charts} version={version} />
        </ScreenBoundary>
      ) : null}
      {page.tree ? (
        <Flex gap="middle" vertical={treeAbove} align="flex-start">
          <div style={treeAbove ? { width: '100%' } : { width: 240, flexShrink: 0 }}>
            <ScreenBoundary>
              <ListTree
                tree={page.tree}
                title={fieldLabel(t, page.entity, page.tree.filter)}
                value={treeValue}
                version={version}
                onChange={pickInTree}
              />
            </ScreenBoundary>
          </div>
          <div style={{ flex: 1, minWidth: 0, width: '100%' }}>{listView}</div>
        </Flex>
      ) : (
        listView
      )}
      <Modal
        open={editing !== null}
        title={`${editing?.mode === 'edit' ? t('common.edit') : t('common.new')} · ${entityTitle(t, page.entity)}`}
        footer={null}
        destroyOnHidden
        width={ENTITY_DIALOG_WIDTH}
        onCancel={cancelEditing}
      >
        {saveError ? <Alert type="error" showIcon message={saveError} style={{ marginBottom: 16 }} /> : null}
        {editing && formUi ? (
          <SchemaForm
            schema={entity.schema}
            uiSchema={formUi}
            validators={entity.validators}
            formData={editing.record}
            saving={saving}
            labels={`entities.${page.entity}`}
            refused={refused}
            onCancel={closeEditing}
            onDirtyChange={setDirty}
            onSubmit={(formData) => void save(formData)}
          />
        ) : null}
      </Modal>
      {viewing?.action.action === 'view' ? (
        <ViewDialog page={page} action={viewing.action} record={viewing.record} onClose={() => setViewing(undefined)} />
      ) : null}
      {viewing?.action.action === 'chart' ? (
        <ChartDialog action={viewing.action} record={viewing.record} onClose={() => setViewing(undefined)} />
      ) : null}
      {dialog ? (
        <FormDialog
          {...dialog}
          onClose={(saved) => {
            setDialog(undefined);
            if (saved) setVersion((v) => v + 1);
          }}
        />
      ) : null}
    </Space>
  );
}
