import { Tag, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { enumLabel } from '../../runtime';
import { formatFigure, WidgetStatus, type WidgetViewProps } from '../../runtime/dashboard';
import { ConditionIcon } from './ConditionIcon';
import { clockOf, forecastOf, isSimulated, reportOf, weekdayOf, type WeatherConfig } from './rules';

/** The weather now (sky, temperature, sunlight) and the forecast, with the source when it is simulated. */
export function WeatherView({ config, data }: WidgetViewProps<WeatherConfig>) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  return (
    <WidgetStatus data={data}>
      {() => {
        const report = reportOf(data.weather);
        if (!report) return <Typography.Text type="secondary">{t('widgets.common.noData')}</Typography.Text>;
        const days = forecastOf(report, config.forecastDays);
        return (
          <div style={{ display: 'flex', flexDirection: 'column', gap: 12, height: '100%' }}>
            <section
              aria-label={t('widgets.weather.now')}
              style={{ display: 'flex', alignItems: 'center', gap: 16, flexWrap: 'wrap' }}
            >
              <ConditionIcon condition={report.condition} size={56} />
              <div style={{ display: 'flex', flexDirection: 'column' }}>
                <Typography.Text style={{ fontSize: 32, lineHeight: 1.1 }} aria-label={t('widgets.weather.temperature')}>
                  {formatFigure(report.temperature, 1)} °C
                </Typography.Text>
                <Typography.Text type="secondary">{enumLabel(t, 'weatherCondition', report.condition)}</Typography.Text>
              </div>
              {config.showIrradiance ? (
                <div style={{ display: 'flex', flexDirection: 'column' }}>
                  <Typography.Text type="secondary">{t('widgets.weather.irradiance')}</Typography.Text>
                  <Typography.Text strong aria-label={t('widgets.weather.irradiance')}>
                    {formatFigure(report.irradiance, 0)} W/m²
                  </Typography.Text>
                </div>
              ) : null}
            </section>
            <div style={{ display: 'flex', alignItems: 'center', gap: 8, flexWrap: 'wrap' }}>
              {isSimulated(report) ? (
                <Tag color="orange" style={{ marginInlineEnd: 0 }}>
                  {t('widgets.weather.simulated')}
                </Tag>
              ) : (
                <Typography.Text type="secondary">{t('widgets.weather.source', { source: report.source })}</Typography.Text>
              )}
              <Typography.Text type="secondary">{t('widgets.weather.updated', { time: clockOf(report.time) })}</Typography.Text>
            </div>
            {days.length ? (
              <ul
                aria-label={t('widgets.weather.forecast')}
                style={{
                  display: 'grid',
                  gridTemplateColumns: `repeat(${days.length}, minmax(0, 1fr))`,
                  gap: 8,
                  listStyle: 'none',
                  margin: 0,
                  padding: 0,
                }}
              >
                {days.map((day) => {
                  const name =
                    day.day === 'today'
                      ? t('widgets.weather.today')
                      : day.day === 'tomorrow'
                        ? t('widgets.weather.tomorrow')
                        : weekdayOf(day.date, i18n.language);
                  return (
                    <li
                      key={day.date}
                      aria-label={name}
                      style={{
                        display: 'flex',
                        flexDirection: 'column',
                        alignItems: 'center',
                        gap: 4,
                        padding: 8,
                        borderRadius: token.borderRadius,
                        background: token.colorFillQuaternary,
                      }}
                    >
                      <Typography.Text>{name}</Typography.Text>
                      <ConditionIcon condition={day.condition} size={32} />
                      <Typography.Text
                        aria-label={t('widgets.weather.range', {
                          low: formatFigure(day.low, 1),
                          high: formatFigure(day.high, 1),
                        })}
                      >
                        {formatFigure(day.low, 0)}° / {formatFigure(day.high, 0)}°
                      </Typography.Text>
                    </li>
                  );
                })}
              </ul>
            ) : null}
          </div>
        );
      }}
    </WidgetStatus>
  );
}
