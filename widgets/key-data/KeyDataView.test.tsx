import { cleanup, render, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import schema from '../../generated/widgets/keyData.json';
import { AppProviders } from '../../runtime';
import { configDefaults } from '../../runtime/dashboard';
import { memoryRuntime } from '../../runtime/shell/memoryRuntime';
import { keyData } from '.';
import type { KeyDataConfig } from './rules';

const defaults = configDefaults(schema as never) as KeyDataConfig;
const station = {
  sn: 'T2-ST1',
  name: 'Hangzhou integrated energy station',
  timeZone: 'Asia/Shanghai',
  fields: { name: 'Hangzhou integrated energy station', powerSupplyType: 'dual', voltageClass: null, operatingDays: 543 },
};

/** The text the widget shows for the station's field `stationValue`. */
function shown(stationValue: string): string {
  const view = render(
    <AppProviders runtime={memoryRuntime('en', 'default')}>
      <keyData.View
        id="w1"
        config={{ ...defaults, name: 'Figure', dataType: 'station_info', stationValue }}
        data={{}}
        context={{ station, now: Date.parse('2026-11-27T06:00:00Z') }}
        editing={false}
        actions={{ refresh: () => undefined, navigate: () => undefined }}
      />
    </AppProviders>,
  );
  const text = view.container.textContent ?? '';
  cleanup();
  return text;
}

describe('key data: the station information it shows', () => {
  test('the fields offered are the specification’s eight', () => {
    const offered = (schema.properties.stationValue.enum as string[]).filter(Boolean);
    expect(offered).toEqual([
      'name',
      'address',
      'fixLineTelephone',
      'capacity',
      'powerSupplyType',
      'voltageClass',
      'initialTime',
      'operatingDays',
    ]);
  });

  test('a field shows its value, a coded one its label, an empty one "--"', () => {
    expect(shown('name')).toContain('Hangzhou integrated energy station');
    expect(shown('operatingDays')).toContain('543');
    expect(shown('powerSupplyType')).toContain('Dual circuit');
    expect(shown('powerSupplyType')).not.toContain('dual');
    expect(shown('voltageClass')).toContain('--');
    expect(screen.queryByText('please configure')).toBeNull();
  });
});
