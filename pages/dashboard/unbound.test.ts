import { describe, expect, test } from 'vitest';
import type { KanbanUnbound } from '../../generated/types';
import { createI18n } from '../../runtime/i18n/i18n';
import { unboundLines } from './unbound';

/** What a copy of 张江储能电站's dashboard cannot take, as the server answers it (`resolveRoles`, `toRoles`). */
const UNBOUND: KanbanUnbound[] = [
  {
    widgetId: 'temps',
    path: 'monitorVars.1.deviceVar',
    kind: 'variable',
    name: 'BMS 主控 / 最高单体温度',
    detail: 'BMS-M1 · maxCellTemp',
    variable: '最高单体温度',
    device: '嘉定 BMS 主控',
    reason: 'noVariable',
  },
  {
    widgetId: 'power',
    path: 'nodeInfo.0.deviceVar',
    kind: 'variable',
    name: '1# PCS / 有功功率',
    detail: 'PCS-500K · activePower',
    variable: '有功功率',
    model: 'PCS-500K',
    reason: 'noDevice',
  },
  {
    widgetId: 'other',
    path: 'deviceVar',
    kind: 'variable',
    name: '临港 BMS 主控 / SOC',
    variable: 'SOC',
    reason: 'unknown',
  },
  // A file's variables that no station of the tenant has: unnamed, once, with how many.
  { widgetId: 'foreign', path: 'series.0.deviceVar', kind: 'variable', name: 'T7-PV1-INV1.activePower', reason: 'notFound' },
  { widgetId: 'foreign', path: 'series.1.deviceVar', kind: 'variable', name: 'T7-PV1-INV2.activePower', reason: 'notFound' },
  { widgetId: 'flows', path: 'labelIds.0', kind: 'label', name: '储能净放电 / 储能充电', reason: 'noLabel' },
];
const TITLES: Record<string, string> = { temps: 'SOC与温度', power: '功率', other: '邻站', foreign: '发电', flows: '能流' };

describe('what a copy or an import cannot bind, as lines people read', () => {
  test.each([
    [
      'en',
      [
        'SOC与温度: 嘉定 BMS 主控 on this station has no 最高单体温度',
        '功率: No device of model PCS-500K on this station for 有功功率',
        '邻站: SOC belongs to another station',
        '发电: None of your stations has this variable (2 bindings)',
        '能流: No energy label 储能净放电 / 储能充电 on this station',
      ],
    ],
    [
      'zh',
      [
        'SOC与温度: 本站的嘉定 BMS 主控没有最高单体温度',
        '功率: 本站没有型号为 PCS-500K 的设备，无法显示有功功率',
        '邻站: SOC属于其他电站',
        '发电: 您的任何电站都没有此变量（2 处）',
        '能流: 本站没有能源标签 储能净放电 / 储能充电',
      ],
    ],
  ] as const)('in %s: the station’s own device, the variable’s name or the model it lacks', (language, lines) => {
    const shown = unboundLines(createI18n(language).t, (id) => TITLES[id]!, UNBOUND);
    expect(shown).toEqual(lines);
    // Never a code, a serial number, or the device of the station the dashboard came from.
    const text = shown.join('\n');
    expect(text).not.toMatch(/maxCellTemp|activePower|BMS-M1|T\d+-|@/);
    expect(text).not.toMatch(/(^|[^定] )BMS 主控|1# PCS|临港/m);
  });
});
