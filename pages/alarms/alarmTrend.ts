import type { Alarm, WarningTrend } from '../../generated/types';
import { averageLine, LEVEL_COLORS, withAlarmBands, type AlarmBandNames, type ChartOption } from '../../runtime/dashboard';
import { linesOf, valueAxisOf } from '../charts/optionParts';
import { historyAlarmBands, historyOption, historyValue } from '../site/historyOption';
import { withUnit } from '../../runtime/format/units';

/**
 * The curve of the variable an alarm is about (`getWarningTrendValues`), on the station's clock:
 * its rule's threshold as a dashed line (none for a communication-loss rule), the value axis
 * reaching it when the curve stays away from it, and the alarm itself as a band from when it was
 * raised to when it recovered, both in the colour of its level.
 */
export function alarmTrendOption(
  trend: WarningTrend,
  alarm: Alarm,
  zone: string,
  names: { threshold: string; bands: AlarmBandNames },
): ChartOption {
  const period = { startTime: trend.startTime, endTime: trend.endTime };
  const curve = historyOption([{ sn: trend.sn, unit: trend.unit, datas: trend.datas }], [trend], period);
  const { threshold } = trend;
  const option: ChartOption =
    threshold === null
      ? curve
      : {
          ...curve,
          yAxis: {
            ...valueAxisOf(curve),
            min: (extent: { min: number }) => Math.min(extent.min, threshold),
            max: (extent: { max: number }) => Math.max(extent.max, threshold),
          },
          series: linesOf(curve).map((line, index) =>
            index === 0
              ? {
                  ...line,
                  markLine: averageLine(
                    threshold,
                    `${names.threshold} ${withUnit(historyValue(threshold), trend.unit)}`,
                    LEVEL_COLORS[alarm.level ?? 'critical'],
                  ),
                }
              : line,
          ),
        };
  return withAlarmBands(option, historyAlarmBands([alarm], zone, period), names.bands, zone);
}
