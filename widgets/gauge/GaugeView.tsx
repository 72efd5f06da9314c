import { Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { seriesName } from '../../runtime/charts/seriesName';
import {
  failureOf,
  figureOf,
  formatFigure,
  withUnit,
  Gauge,
  overallState,
  WidgetStatus,
  type WidgetViewProps,
} from '../../runtime/dashboard';
import { configuredVars, gaugeValue, namedGauge, scaleOf, type GaugeConfig } from './rules';

interface Reading {
  name: string;
  value: number | null;
  unit: string;
  min: number;
  max: number;
}

/** A variable's dial; without a value it is empty (an emptied chart). */
function VariableGauge({ reading }: { reading: Reading }) {
  const text = reading.value === null ? '' : withUnit(formatFigure(reading.value, 0), reading.unit);
  return (
    <li style={{ flex: '1 1 160px', display: 'flex', flexDirection: 'column', alignItems: 'center', minWidth: 140 }}>
      <Gauge value={reading.value} min={reading.min} max={reading.max} text={text} label={reading.name} />
      <Typography.Text>
        {reading.name}: <Typography.Text strong>{formatFigure(reading.value, 0)}</Typography.Text>
        {reading.unit && reading.value !== null ? ` ${reading.unit}` : ''}
      </Typography.Text>
    </li>
  );
}

export function GaugeView({ config, data }: WidgetViewProps<GaugeConfig>) {
  const { t } = useTranslation();
  const failed = overallState(data) === 'error';
  const readings = useMemo(
    () =>
      configuredVars(config).map((entry): Reading => {
        // When the fetch fails the gauges are emptied, not left with their last values.
        const figure = failed ? undefined : figureOf(data.values, entry.deviceVar.varSn);
        return {
          name: seriesName(namedGauge(entry), data.names),
          value: gaugeValue(figure?.value),
          unit: figure?.unit ?? '',
          ...scaleOf(entry, config),
        };
      }),
    [config, data, failed],
  );
  const gauges = (
    <ul
      aria-label={t('widgets.gauge.gauges')}
      style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexWrap: 'wrap' }}
    >
      {readings.map((reading, index) => (
        <VariableGauge key={index} reading={reading} />
      ))}
    </ul>
  );
  if (readings.length > 0 && failed) {
    return (
      <div>
        <Typography.Text type="warning" role="alert">
          {t('widgets.common.failed')}: {failureOf(data)}
        </Typography.Text>
        {gauges}
      </div>
    );
  }
  return (
    <WidgetStatus data={data} empty={readings.length === 0 ? t('widgets.gauge.noVariables') : false}>
      {() => gauges}
    </WidgetStatus>
  );
}
