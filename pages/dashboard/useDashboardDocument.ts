import { useCallback, useEffect, useState } from 'react';
import { widgetLoaders } from '../../generated/registry';
import { ApiCallError, useRuntime } from '../../runtime';
import {
  completeConfig,
  createEditorStore,
  DASHBOARD_SCHEMA_VERSION,
  oneArrangement,
  type AnyWidgetDefinition,
  type DashboardDocument,
} from '../../runtime/dashboard';

/**
 * A stored document in the current format: each widget's configuration migrated and completed
 * with its defaults, and its layouts those of one arrangement (`oneArrangement`).
 */
export async function migrated(
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
  return { ...document, schemaVersion: DASHBOARD_SCHEMA_VERSION, layouts: oneArrangement(document.layouts, from), widgets };
}

export type SaveResult = 'saved' | 'stale' | 'failed';

/**
 * The dashboard document of a station in an editor store (`createEditorStore`): loaded (and
 * migrated) when the station changes, saved with the version it was made from — a save refused as
 * stale (another tab saved meanwhile) changes nothing here, so the user can reload. With a
 * template, the document is that template as the station takes it (its version the template's),
 * to be edited and published rather than saved.
 */
export function useDashboardDocument(
  stationSn: string | undefined,
  definitions: ReadonlyMap<string, AnyWidgetDefinition>,
  templateId?: number,
) {
  const { api } = useRuntime();
  const [store] = useState(() => createEditorStore());
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    if (!stationSn) return;
    setError(null);
    try {
      const stored =
        templateId === undefined
          ? await api.call('getSiteKanban', { params: { stationSn } }, { silent: true })
          : await api.call('getResolvedKanbanTemplate', { params: { id: templateId, stationSn } }, { silent: true });
      store.getState().load(await migrated(stored, definitions));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  }, [api, stationSn, definitions, store, templateId]);

  useEffect(() => {
    store.getState().unload();
    void load();
  }, [load, store]);

  // The note, when given, is kept with the version in the dashboard's history.
  const save = useCallback(
    async (note?: string): Promise<SaveResult> => {
      const { document } = store.getState();
      if (!document) return 'failed';
      try {
        const query = note?.trim() ? { note } : {};
        store.getState().stored(await api.call('saveSiteKanban', { body: document, query }, { silent: true }));
        return 'saved';
      } catch (failure) {
        if (failure instanceof ApiCallError && failure.status === 409) return 'stale';
        setError(failure instanceof Error ? failure.message : String(failure));
        return 'failed';
      }
    },
    [api, store],
  );

  return { store, error, save, reload: load };
}
