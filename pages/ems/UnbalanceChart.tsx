import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartCanvas, type ChartConfig } from '../../runtime/dashboard';
import { limitLines } from './limitLines';

export interface UnbalancePoint {
  time: string;
  voltageUnbalance: number | null;
  currentUnbalance: number | null;
}

/** The voltage and current unbalance of each hour or day, with the two limits across. */
export function UnbalanceChart({
  points,
  limits,
}: {
  points: UnbalancePoint[];
  limits: { voltageUnbalance: number; currentUnbalance: number };
}) {
  const { t } = useTranslation();
  const config = useMemo<ChartConfig<'line'>>(
    () => ({
      type: 'line',
      data: {
        labels: points.map((p) => p.time),
        datasets: [
          { label: t('emsScreens.unbalance.voltage'), data: points.map((p) => p.voltageUnbalance), pointRadius: 2 },
          { label: t('emsScreens.unbalance.current'), data: points.map((p) => p.currentUnbalance), pointRadius: 2 },
        ],
      },
      options: {
        interaction: { mode: 'index', intersect: false },
        scales: { y: { title: { display: true, text: '%' }, beginAtZero: true } },
        plugins: {
          legend: { display: true },
          annotation: {
            annotations: limitLines([
              {
                key: 'voltage',
                value: limits.voltageUnbalance,
                label: t('emsScreens.unbalance.voltageLimit', { value: limits.voltageUnbalance }),
              },
              {
                key: 'current',
                value: limits.currentUnbalance,
                label: t('emsScreens.unbalance.currentLimit', { value: limits.currentUnbalance }),
              },
            ]),
          },
        },
      },
    }),
    [points, limits, t],
  );
  return (
    <div style={{ height: 300 }}>
      <ChartCanvas config={config} label={t('emsScreens.unbalance.chart')} />
    </div>
  );
}
