import type { WidgetProps } from '@rjsf/utils';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { label } from '../../i18n/labels';
import type { Api } from '../../api/client';
import { useStationRecords } from './useStationRecords';

interface CameraOption {
  id: number;
  name: string;
  location?: string;
}

/** The station's cameras. */
const camerasOf = async (api: Api, stationSn: string): Promise<CameraOption[]> =>
  (await api.call('listIpcByStationSn', { query: { stationSn } }, { silent: true })).flatMap((camera) =>
    camera.id === undefined ? [] : [camera as CameraOption],
  );

/**
 * Picks a camera of the dashboard's station (`formContext.stationSn`) by its id, from the
 * station's own cameras; the value 0 is 'the station's first camera', labelled by the key
 * `ui:options.firstLabel`. A stored camera that is no longer the station's stays shown by its id.
 */
export function StationCameraSelect({
  id,
  value,
  disabled,
  readonly,
  options,
  registry,
  onChange,
  onBlur,
  onFocus,
}: WidgetProps) {
  const { t } = useTranslation();
  const cameras = useStationRecords(registry, camerasOf);

  const current = typeof value === 'number' ? value : 0;
  const known = current === 0 || cameras.some((camera) => camera.id === current);
  return (
    <Select
      id={id}
      value={current}
      disabled={disabled || readonly}
      style={{ width: '100%' }}
      options={[
        { value: 0, label: label(t, String(options.firstLabel ?? 'common.select')) },
        ...cameras.map((camera) => ({
          value: camera.id,
          label: camera.location ? `${camera.name} (${camera.location})` : camera.name,
        })),
        ...(known ? [] : [{ value: current, label: `#${current}` }]),
      ]}
      onChange={(next: number) => onChange(next)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}
