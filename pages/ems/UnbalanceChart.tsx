import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../runtime/dashboard';
import { unbalanceOption, type UnbalanceLimits, type UnbalancePoint } from './unbalanceOption';

/** The voltage and current unbalance of each hour or day, with the two limits across. */
export function UnbalanceChart({ points, limits }: { points: UnbalancePoint[]; limits: UnbalanceLimits }) {
  const { t } = useTranslation();
  const option = useMemo(
    () =>
      unbalanceOption(points, limits, {
        voltage: t('emsScreens.unbalance.voltage'),
        current: t('emsScreens.unbalance.current'),
        voltageLimit: t('emsScreens.unbalance.voltageLimit', { value: limits.voltageUnbalance }),
        currentLimit: t('emsScreens.unbalance.currentLimit', { value: limits.currentUnbalance }),
      }),
    [points, limits, t],
  );
  return <EChart option={option} label={t('emsScreens.unbalance.chart')} height={300} />;
}
