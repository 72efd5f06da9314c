import { useCallback, useEffect, useRef, useState } from 'react';
import { widgetLoaders } from '../../generated/registry';
import { ApiCallError, useRuntime } from '../../runtime';
import {
  completeConfig,
  DASHBOARD_SCHEMA_VERSION,
  UndoHistory,
  type AnyWidgetDefinition,
  type DashboardDocument,
} from '../../runtime/dashboard';

/** A stored document in the current format: each widget's configuration migrated and completed with its defaults. */
async function migrated(
  document: DashboardDocument,
  definitions: ReadonlyMap<string, AnyWidgetDefinition>,
): Promise<DashboardDocument> {
  const from = document.schemaVersion;
  if (from >= DASHBOARD_SCHEMA_VERSION) return document;
  const widgets = await Promise.all(
    document.widgets.map(async (widget) => {
      const definition = definitions.get(widget.type);
      const load = widgetLoaders[widget.type];
      if (!definition || !load) return widget;
      const { schema } = await load();
      return { ...widget, config: completeConfig(schema, definition.migrate(widget.config, from)) };
    }),
  );
  return { ...document, schemaVersion: DASHBOARD_SCHEMA_VERSION, widgets };
}

export type SaveResult = 'saved' | 'stale' | 'failed';

/**
 * The dashboard document of a station: loaded (and migrated), changed with undo and redo while
 * editing, saved with the version it was made from — a save refused as stale (another tab saved
 * meanwhile) changes nothing here, so the user can reload.
 */
export function useDashboardDocument(stationSn: string | undefined, definitions: ReadonlyMap<string, AnyWidgetDefinition>) {
  const { api } = useRuntime();
  const history = useRef<UndoHistory<DashboardDocument> | null>(null);
  const [saved, setSaved] = useState<DashboardDocument | null>(null);
  const [document, setDocument] = useState<DashboardDocument | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    if (!stationSn) return;
    setError(null);
    try {
      const stored = await migrated(await api.call('getSiteKanban', { params: { stationSn } }, { silent: true }), definitions);
      history.current = new UndoHistory(stored);
      setSaved(stored);
      setDocument(stored);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  }, [api, stationSn, definitions]);

  useEffect(() => {
    setDocument(null);
    void load();
  }, [load]);

  const change = useCallback((next: DashboardDocument) => {
    if (!history.current) return;
    setDocument(history.current.push(next));
  }, []);
  const undo = useCallback(() => history.current && setDocument(history.current.undo()), []);
  const redo = useCallback(() => history.current && setDocument(history.current.redo()), []);
  const discard = useCallback(() => {
    if (!saved || !history.current) return;
    setDocument(history.current.reset(saved));
  }, [saved]);

  const save = useCallback(async (): Promise<SaveResult> => {
    if (!document || !history.current) return 'failed';
    try {
      const stored = await api.call('saveSiteKanban', { body: document }, { silent: true });
      setSaved(stored);
      setDocument(history.current.reset(stored));
      return 'saved';
    } catch (failure) {
      if (failure instanceof ApiCallError && failure.status === 409) return 'stale';
      setError(failure instanceof Error ? failure.message : String(failure));
      return 'failed';
    }
  }, [api, document]);

  return {
    document,
    error,
    dirty: document !== saved,
    canUndo: history.current?.canUndo ?? false,
    canRedo: history.current?.canRedo ?? false,
    change,
    undo,
    redo,
    discard,
    save,
    reload: load,
  };
}
