import { Alert, App, Card } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../runtime';
import { EntityForm } from '../../runtime/forms/EntityForm';
import { EmsScreen } from './EmsScreen';
import { StationSelect } from './StationSelect';
import { useStation } from './useStation';

const FIXED = ['stationId'];

/**
 * Energy settings of a station as one form: capacity and rated power, charge and discharge
 * limits, the SOC band, the tariff type, the run mode, a demand limit and export to the grid.
 * While none are saved the form shows what the station's records suggest, and says so.
 */
export function EnergySettingPage() {
  const { t } = useTranslation();
  const { api } = useRuntime();
  const { message } = App.useApp();
  const { stations, station, choose, error } = useStation();
  const [saved, setSaved] = useState<boolean>();
  const stationSn = station?.sn;
  const load = useCallback(async () => {
    const setting = (await api.callDynamic('getEnergySetting', { params: { stationSn } }, { silent: true })) as Record<
      string,
      unknown
    >;
    setSaved(setting.id !== undefined);
    return setting;
  }, [api, stationSn]);
  const save = useCallback(
    async (values: Record<string, unknown>) => {
      await api.callDynamic('saveEnergySetting', { body: { ...values, stationId: station?.id } }, { silent: true });
      setSaved(true);
      void message.success(t('common.saved'));
    },
    [api, station?.id, message, t],
  );
  return (
    <EmsScreen
      route="EmsConfigurationEnergySetting"
      toolbar={<StationSelect stations={stations} value={stationSn} onChange={choose} />}
      error={error}
    >
      {saved === false ? <Alert type="info" showIcon message={t('emsScreens.energySetting.suggested')} /> : null}
      {stationSn ? (
        <Card style={{ maxWidth: 720 }}>
          <EntityForm key={stationSn} entity="energySetting" ui="energySetting" load={load} save={save} fixed={FIXED} />
        </Card>
      ) : null}
    </EmsScreen>
  );
}
