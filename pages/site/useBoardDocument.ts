import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { widgetLoaders } from '../../generated/registry';
import { label, useRuntime } from '../../runtime';
import { completeConfig, type DashboardDocument } from '../../runtime/dashboard';
import { boardDocument, type BoardWidgetDecl } from './boardDocument';

/**
 * The board of a station as a read-only dashboard document: its devices, their variables and
 * (when a widget repeats per camera) its cameras are asked for, the placeholders filled, and each
 * widget's configuration completed with its schema's defaults. `error` when a call failed.
 */
export function useBoardDocument(stationSn: string | undefined, widgets: BoardWidgetDecl[]) {
  const { api } = useRuntime();
  const { t } = useTranslation();
  const [state, setState] = useState<{ sn: string; document?: DashboardDocument; error?: string }>();
  useEffect(() => {
    if (!stationSn) return;
    let live = true;
    const build = async () => {
      const devices = await api.call('getDevicesByStation', { params: { stationSn } }, { silent: true });
      const deviceSns = devices.map((device) => device.sn).join(',');
      const withCameras = widgets.some((widget) => widget.each === 'camera');
      const [variables, cameras] = await Promise.all([
        deviceSns ? api.call('getDeviceVars', { body: { deviceSns } }, { silent: true }) : [],
        withCameras ? api.call('listIpcByStationSn', { query: { stationSn } }, { silent: true }) : [],
      ]);
      const document = boardDocument(stationSn, widgets, { devices, variables, cameras, label: (key) => label(t, key) });
      const completed = await Promise.all(
        document.widgets.map(async (widget) => {
          const load = widgetLoaders[widget.type];
          return load ? { ...widget, config: completeConfig((await load()).schema, widget.config) } : widget;
        }),
      );
      return { ...document, widgets: completed };
    };
    setState(undefined);
    build().then(
      (document) => live && setState({ sn: stationSn, document }),
      (failure: unknown) =>
        live && setState({ sn: stationSn, error: failure instanceof Error ? failure.message : String(failure) }),
    );
    return () => {
      live = false;
    };
  }, [api, t, stationSn, widgets]);
  return state?.sn === stationSn ? state : undefined;
}
