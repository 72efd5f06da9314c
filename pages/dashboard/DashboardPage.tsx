import {
  ClearOutlined,
  EditOutlined,
  EllipsisOutlined,
  PlusOutlined,
  RedoOutlined,
  SaveOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import { Alert, App, Button, Empty, Flex, Select, Space, Spin, theme, Typography } from 'antd';
import { Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useStore } from 'zustand';
import { useTranslation } from 'react-i18next';
import { useScreenSearch } from '../../runtime/shell/screenLocation';
import { widgetLoaders } from '../../generated/registry';
import { label, useRouteNavigate, useRuntime } from '../../runtime';
import { StationZoneNote } from '../../runtime/format/StationZoneNote';
import { useNarrowScreen } from '../../runtime/list/useNarrowScreen';
import { useConfirmDiscard, useUnsavedChanges } from '../../runtime/forms/unsaved';
import { lazyScreen } from '../../runtime/shell/lazyScreen';
import {
  addWidget,
  canRedo,
  canUndo,
  clearWidgets,
  configDefaults,
  DashboardGrid,
  dashboardPeriod,
  isDirty,
  moveInOrder,
  newWidgetId,
  removeWidget,
  sameLayout,
  setLayout,
  setWidgetConfig,
  useScreenScheduler,
  WidgetCatalogue,
  WidgetConfigDialog,
  widgetTitle,
  type Breakpoint,
  type DashboardPeriod,
  type LayoutItem,
  type WidgetInstance,
} from '../../runtime/dashboard';
import { WIDGETS, widgetRegistry } from '../../widgets';
import { DashboardCopy } from './DashboardCopy';
import { DashboardTransfer, preloadImport } from './DashboardTransfer';
import { DROP_EARLY_REQUEST, primeWidgets, stationContext, type StationRecord } from './earlyData';
import { KioskButton } from './KioskButton';
import type { NoteInputProps } from './NoteInput';
import { PeriodSelect } from './PeriodSelect';
import { TemplateControl } from './TemplateControl';
import { TemplateNotice } from './TemplateNotice';
import type { TemplatePublishProps } from './TemplatePublish';
import { useDashboardDocument } from './useDashboardDocument';
import { useUndoKeys } from './useUndoKeys';
import { VersionHistory } from './VersionHistory';

/** Shown only while a template version is published: it loads when editing a template starts. */
const TemplatePublish = lazyScreen<TemplatePublishProps>(() =>
  import('./TemplatePublish').then((module) => ({ default: module.TemplatePublish })),
);

/** The note of a save, shown in edit mode only: its code loads with the Import's (see `preloadEditing`). */
const NoteInput = lazyScreen<NoteInputProps>(() => import('./NoteInput').then((module) => ({ default: module.NoteInput })));
const NOTE_WIDTH = 200;

/** Starts loading what edit mode shows as the user reaches for Edit, so that it rarely waits. */
const preloadEditing = () => {
  preloadImport();
  void NoteInput.preload();
};

const sizeOf = (type: string) => widgetRegistry.get(type)?.size ?? { w: 6, h: 6 };

/** The id of the toolbar's folded part on a phone, which More shows. */
const MORE_ID = 'dashboard-more-actions';

/** How long a widget just added stays outlined (ms). */
const HIGHLIGHT_MS = 2500;

/**
 * SiteMonitorDashboard: the dashboard of the selected station. Its widgets refresh together every
 * 20 seconds while this route is shown; in edit mode widgets are added from the catalogue, moved,
 * resized, configured and removed, with undo and redo, and the dashboard is saved with the version
 * it was made from. A widget from the catalogue joins the dashboard when its dialog is saved, and
 * is brought into view and outlined; changes not saved are asked about before they are left.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { api } = useRuntime();
  const { modal, message } = App.useApp();
  const [search, setSearch] = useScreenSearch();
  const [stations, setStations] = useState<StationRecord[] | null>(null);
  const [editing, setEditing] = useState(false);
  // A phone's toolbar folds what is done with the dashboard under More, while not editing.
  const narrow = useNarrowScreen();
  const [more, setMore] = useState(false);
  const folded = narrow && !editing;
  // The note of the next save, kept with its version in the history; dropped when editing ends.
  const [note, setNote] = useState('');
  useEffect(() => {
    if (!editing) setNote('');
  }, [editing]);
  const [catalogue, setCatalogue] = useState(false);
  // A widget from the catalogue while its dialog is open, not yet on the dashboard.
  const [adding, setAdding] = useState<WidgetInstance | null>(null);
  // The widget just added: outlined for a moment.
  const [highlighted, setHighlighted] = useState<string | null>(null);
  useEffect(() => {
    if (!highlighted) return undefined;
    const timer = setTimeout(() => setHighlighted(null), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [highlighted]);

  const perWidget = search.get('fetch') === 'perWidget';
  // The route's loader may have started it, with the widgets' first data asked for.
  const scheduler = useScreenScheduler(api, perWidget ? 'perWidget' : 'coalesced', DROP_EARLY_REQUEST);

  useEffect(() => {
    void api.call('listStations', {}, { silent: true }).then((list) => setStations(list as StationRecord[]));
  }, [api]);
  const stationSn = search.get('station') ?? stations?.[0]?.sn;
  // The second variable of the dashboard, kept in the address with the station (a link, Back and the kiosk view keep it).
  const period = dashboardPeriod(search.get('period'));
  const choosePeriod = (next: DashboardPeriod | undefined) =>
    setSearch((params) => {
      const { period: _before, ...rest } = Object.fromEntries(params);
      return next ? { ...rest, period: next } : rest;
    });
  const record = stations?.find((station) => station.sn === stationSn);
  const station = useMemo(() => (record ? stationContext(record) : undefined), [record]);

  // A template being edited, shown with the station's devices; published, not saved.
  const [templateId, setTemplateId] = useState<number | undefined>(undefined);
  // The station the address names is known before the list arrives: its dashboard is asked for beside the list.
  const dashboard = useDashboardDocument(stationSn, widgetRegistry, templateId);
  const { store } = dashboard;
  const document = useStore(store, (state) => state.document);
  const undoable = useStore(store, canUndo);
  const redoable = useStore(store, canRedo);
  // The widget whose configuration dialog is open.
  const configuring = useStore(store, (state) => state.selected);
  const dirty = useStore(store, isDirty);
  const { edit, undo, redo, select } = store.getState();
  useUndoKeys(editing && !catalogue && !configuring && !adding, undo, redo);

  // Edits not saved: Cancel, navigation and leaving the page ask first.
  const confirmDiscard = useConfirmDiscard();
  const [publishing, setPublishing] = useState(false);
  const stopEditing = useCallback(() => {
    store.getState().discard();
    setAdding(null);
    setCatalogue(false);
    setEditing(false);
    // Editing a template ends with it: the station's own dashboard loads again.
    setTemplateId(undefined);
  }, [store]);
  useUnsavedChanges(editing && dirty, stopEditing);

  // What the widgets need is asked for before the grid first renders (dozens of widgets take a
  // while to render): the server answers while the browser draws. The grid shows once its
  // station's widgets are registered.
  const [primed, setPrimed] = useState<string | null>(null);
  useEffect(() => {
    if (!document || !station || document.stationSn !== station.sn || primed === station.sn) return;
    primeWidgets(scheduler, document, station, period);
    setPrimed(station.sn);
  }, [document, station, period, scheduler, primed]);

  const navigate = useRouteNavigate();

  const onLayoutChange = useCallback(
    (breakpoint: Breakpoint, items: LayoutItem[]) => {
      const current = store.getState().document?.layouts[breakpoint] ?? [];
      if (!sameLayout(current, items)) edit((draft) => setLayout(draft, breakpoint, items));
    },
    [store, edit],
  );
  const onRemove = useCallback((id: string) => edit((draft) => removeWidget(draft, id)), [edit]);
  const onMove = useCallback(
    (breakpoint: Breakpoint, id: string, delta: -1 | 1) => edit((draft) => moveInOrder(draft, breakpoint, id, delta, sizeOf)),
    [edit],
  );

  const add = async (type: string) => {
    const definition = widgetRegistry.get(type);
    const load = widgetLoaders[type];
    if (!document || !definition || !load) return;
    const { schema } = await load();
    setAdding({ id: newWidgetId(document), type, config: configDefaults(schema) });
    setCatalogue(false);
  };

  const save = async () => {
    const result = await dashboard.save(note);
    if (result === 'saved') {
      void message.success(t('common.saved'));
      setEditing(false);
    }
    if (result === 'stale') {
      modal.confirm({
        title: t('dashboard.staleTitle'),
        content: t('dashboard.staleContent'),
        okText: t('dashboard.reload'),
        cancelText: t('common.keepEditing'),
        onOk: async () => {
          await dashboard.reload();
          setEditing(false);
        },
      });
    }
  };

  // The widget whose dialog is open: one on the dashboard, or one being added.
  const configured = adding ?? document?.widgets.find((widget) => widget.id === configuring);
  const configuredDefinition = configured ? widgetRegistry.get(configured.type) : undefined;
  const saveConfig = (config: WidgetInstance['config']) => {
    if (!configured || !configuredDefinition) return;
    if (adding) {
      edit((draft) => addWidget(draft, { ...adding, config }, configuredDefinition.size));
      setAdding(null);
      setHighlighted(adding.id);
    } else {
      edit((draft) => setWidgetConfig(draft, configured.id, config));
      select(null);
    }
  };

  if (!stations) return <Spin style={{ display: 'block', margin: 64 }} />;
  if (stations.length === 0) return <Empty description={t('dashboard.noStations')} />;
  if (!station) return <Empty description={t('dashboard.unknownStation', { sn: stationSn })} />;
  // What is done with the dashboard beside viewing it: on a phone, under More (a row or two, not half the screen).
  const secondary = (
    <>
      {editing ? null : <KioskButton stationSn={station.sn} period={period} />}
      <DashboardTransfer store={store} station={station} editing={editing} />
      {!editing && document ? (
        <>
          <TemplateControl
            station={station}
            stations={stations}
            onChanged={dashboard.reload}
            onEdit={(id) => {
              void TemplatePublish.preload();
              setTemplateId(id);
              setEditing(true);
            }}
          />
          <DashboardCopy station={station} stations={stations} current={document} />
          <VersionHistory station={station} current={document} scheduler={scheduler} onRestored={dashboard.reload} />
        </>
      ) : null}
    </>
  );
  const editButton = (
    <Button
      icon={<EditOutlined />}
      disabled={!document}
      onClick={() => setEditing(true)}
      onPointerEnter={preloadEditing}
      onFocus={preloadEditing}
    >
      {t('dashboard.edit')}
    </Button>
  );
  return (
    <div>
      <Space
        wrap
        style={{
          marginBottom: 12,
          width: '100%',
          justifyContent: 'space-between',
          // While editing, the toolbar stays in view as the dashboard scrolls under it.
          ...(editing ? { position: 'sticky', top: 0, zIndex: 10, paddingBlock: 8, background: token.colorBgLayout } : {}),
        }}
      >
        <Space wrap>
          {/* On a phone the picker's own name says what it is. */}
          {folded ? null : <Typography.Text>{t('dashboard.station')}</Typography.Text>}
          <Select
            aria-label={t('dashboard.station')}
            value={stationSn}
            style={{ minWidth: folded ? 200 : 220 }}
            disabled={editing}
            options={stations.map((entry) => ({ value: entry.sn, label: entry.name }))}
            onChange={(sn: string) => setSearch((params) => ({ ...Object.fromEntries(params), station: sn }))}
          />
          {/* Changed while editing, it would leave the edits not saved (the address changes). */}
          <PeriodSelect value={period} disabled={editing} onChange={choosePeriod} />
          {folded ? null : <StationZoneNote timeZones={[station.timeZone]} />}
          {folded ? (
            <Button
              icon={<EllipsisOutlined />}
              aria-expanded={more}
              // The part it shows is there only while shown.
              {...(more ? { 'aria-controls': MORE_ID } : {})}
              onClick={() => setMore((open) => !open)}
            >
              {t('dashboard.toolbarMore')}
            </Button>
          ) : (
            secondary
          )}
        </Space>
        {editing ? (
          <Space wrap>
            <Button icon={<PlusOutlined />} onClick={() => setCatalogue(true)}>
              {t('dashboard.addWidget')}
            </Button>
            <Button icon={<UndoOutlined />} disabled={!undoable} onClick={undo} title={t('dashboard.undoKeys')}>
              {t('dashboard.undo')}
            </Button>
            <Button icon={<RedoOutlined />} disabled={!redoable} onClick={redo} title={t('dashboard.redoKeys')}>
              {t('dashboard.redo')}
            </Button>
            {/* A blank dashboard in one step, which Undo takes back as one. */}
            <Button icon={<ClearOutlined />} disabled={!document?.widgets.length} onClick={() => edit(clearWidgets)}>
              {t('dashboard.clearAll')}
            </Button>
            <Button onClick={() => (dirty ? confirmDiscard(stopEditing) : stopEditing())}>{t('common.cancel')}</Button>
            {templateId === undefined ? (
              <>
                {/* Its width kept while its code loads, so that Save does not move when it comes. */}
                <Suspense fallback={<span style={{ display: 'inline-block', width: NOTE_WIDTH }} />}>
                  <NoteInput value={note} onChange={setNote} style={{ width: NOTE_WIDTH }} />
                </Suspense>
                <Button type="primary" icon={<SaveOutlined />} onClick={() => void save()}>
                  {t('dashboard.saveDashboard')}
                </Button>
              </>
            ) : (
              <Button type="primary" icon={<SaveOutlined />} disabled={!document} onClick={() => setPublishing(true)}>
                {t('dashboard.templates.previewPublish')}
              </Button>
            )}
          </Space>
        ) : folded ? (
          more ? (
            <Flex wrap gap="small" id={MORE_ID}>
              <StationZoneNote timeZones={[station.timeZone]} />
              {secondary}
              {editButton}
            </Flex>
          ) : null
        ) : (
          editButton
        )}
      </Space>
      {templateId !== undefined ? (
        <Alert
          type="info"
          showIcon
          message={t('dashboard.templates.editing', { station: station.name })}
          style={{ marginBottom: 12 }}
        />
      ) : editing ? (
        <TemplateNotice stationSn={station.sn} />
      ) : null}
      {dashboard.error ? <Alert type="error" showIcon message={dashboard.error} style={{ marginBottom: 12 }} /> : null}
      {!document || primed !== station.sn ? (
        <Spin style={{ display: 'block', margin: 64 }} />
      ) : document.widgets.length === 0 ? (
        <Empty description={t('dashboard.empty')} />
      ) : (
        <DashboardGrid
          store={store}
          definitions={widgetRegistry}
          station={station}
          period={period}
          scheduler={scheduler}
          editing={editing}
          highlighted={highlighted}
          onLayoutChange={onLayoutChange}
          onEdit={select}
          onRemove={onRemove}
          onMove={onMove}
          navigate={navigate}
        />
      )}
      <Suspense fallback={null}>
        {publishing && templateId !== undefined && document ? (
          <TemplatePublish
            templateId={templateId}
            document={document}
            previous={store.getState().saved}
            onClose={() => setPublishing(false)}
            onPublished={() => {
              setPublishing(false);
              stopEditing();
            }}
          />
        ) : null}
        {catalogue ? (
          <WidgetCatalogue definitions={WIDGETS} onAdd={(type) => void add(type)} onClose={() => setCatalogue(false)} />
        ) : null}
        {configured && configuredDefinition && document ? (
          <WidgetConfigDialog
            definition={configuredDefinition}
            title={widgetTitle((key) => label(t, key), configured)}
            id={configured.id}
            config={configured.config}
            station={station}
            period={period}
            scheduler={scheduler}
            onCancel={() => (adding ? setAdding(null) : select(null))}
            onSave={saveConfig}
          />
        ) : null}
      </Suspense>
    </div>
  );
}
