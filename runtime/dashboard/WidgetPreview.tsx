import { theme, Typography } from 'antd';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { label } from '../i18n/labels';
import { widgetTitle, WidgetSlot } from './DashboardGrid';
import type { WidgetConfig, WidgetInstance } from './document';
import { effectiveConfig } from './period';
import type { DataScheduler } from './scheduler';
import { WidgetBoundary } from './WidgetBoundary';
import type { AnyWidgetDefinition, DashboardPeriod, StationContext } from './widget';

/** Height of the widget in the preview (px): about a dashboard widget of default size. */
const PREVIEW_HEIGHT = 320;

export interface WidgetPreviewProps {
  /** The configured widget's id: the preview asks for its data as `preview:<id>`. */
  id: string;
  definition: AnyWidgetDefinition;
  /** The configuration as the form holds it once its changes settled. */
  config: WidgetConfig;
  /** Whether `config` passes the form's validation: one that does not leaves the last valid one shown. */
  valid: boolean;
  station: StationContext;
  /** The period the dashboard shows: the widget is previewed as the dashboard will show it. */
  period?: DashboardPeriod;
  /** The dashboard's scheduler: the needs the dashboard has already are shared, not asked again. */
  scheduler: DataScheduler;
}

const ignore = () => undefined;

/** Whether the dashboard's period changes what a configuration shows (not when its rule cannot read it: the preview says why). */
function followsPeriod(definition: AnyWidgetDefinition, config: WidgetConfig, period: DashboardPeriod): boolean {
  try {
    return effectiveConfig<WidgetConfig>(definition, config, period) !== config;
  } catch {
    return false;
  }
}

/**
 * The widget as configured, on the station's data, beside its configuration form. It asks for its
 * data through the dashboard's scheduler under its own id, never through the dashboard's document,
 * so that a Cancel leaves the dashboard as it was; it leaves the scheduler when the dialog closes.
 * Its refreshes are not announced: they follow every change the user makes.
 */
export function WidgetPreview({ id, definition, config, valid, station, period, scheduler }: WidgetPreviewProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const heading = useId();
  // The configuration first shown (the saved one, or a new widget's defaults) is shown even when not yet valid.
  const [shown, setShown] = useState(config);
  if (valid && shown !== config) setShown(config);
  const widget = useMemo<WidgetInstance>(
    () => ({ id: `preview:${id}`, type: definition.type, config: shown }),
    [id, definition.type, shown],
  );
  const title = widgetTitle((key) => label(t, key), widget);
  // Where the dashboard's period, not the form's choice, sets what the preview shows, it says so.
  const following = period !== undefined && followsPeriod(definition, shown, period);
  return (
    <section aria-labelledby={heading}>
      <Typography.Title level={5} id={heading} style={{ marginTop: 0 }}>
        {t('dashboard.preview')}
      </Typography.Title>
      {valid ? null : (
        <Typography.Paragraph type="secondary" style={{ fontSize: token.fontSizeSM, marginBottom: 8 }}>
          {t('dashboard.previewInvalid')}
        </Typography.Paragraph>
      )}
      {following ? (
        <Typography.Paragraph type="secondary" style={{ fontSize: token.fontSizeSM, marginBottom: 8 }}>
          {t('dashboard.previewPeriod', { period: t(`dashboard.periods.${period}`) })}
        </Typography.Paragraph>
      ) : null}
      <div
        style={{
          height: PREVIEW_HEIGHT,
          display: 'flex',
          flexDirection: 'column',
          border: `1px solid ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadiusLG,
          background: token.colorBgContainer,
        }}
      >
        <div
          style={{
            padding: '8px 12px',
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
            fontWeight: token.fontWeightStrong,
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
          }}
        >
          {title}
        </div>
        <div style={{ flex: 1, minHeight: 0, overflow: 'auto', padding: 8 }}>
          {/* A stored configuration the widget cannot show fails here alone, until the form's values show. */}
          <WidgetBoundary config={shown} editing>
            <WidgetSlot
              widget={widget}
              definition={definition}
              station={station}
              period={period}
              scheduler={scheduler}
              editing={false}
              navigate={ignore}
              title={title}
              inspecting={false}
              onInspected={ignore}
            />
          </WidgetBoundary>
        </div>
      </div>
    </section>
  );
}
