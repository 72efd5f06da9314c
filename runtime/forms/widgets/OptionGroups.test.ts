import { describe, expect, test } from 'vitest';
import { shownGroups } from './OptionGroups';

const known = [
  { value: 'dashboard', label: 'Dashboard' },
  { value: 'video', label: 'Video' },
  { value: 'warningRecord', label: 'Alarm records' },
];

describe('the ticks of a list of codes in groups', () => {
  test("the call's groups, named as it names them, each with the codes the schema knows; a group left empty is left out", () => {
    const groups = shownGroups(
      [
        {
          key: 'monitor',
          name: '数据监控',
          children: [
            { key: 'dashboard', name: '数据看板' },
            { key: 'robot', name: '机器人' },
            { key: 'video', name: '视频监控' },
          ],
        },
        { key: 'robots', name: '机器人', children: [{ key: 'robot', name: '机器人' }] },
        { key: 'warning', name: '告警管理', children: [{ key: 'warningRecord', name: '告警记录' }] },
      ],
      known,
    );
    expect(groups).toEqual([
      {
        key: 'monitor',
        name: '数据监控',
        codes: [
          { value: 'dashboard', label: '数据看板' },
          { value: 'video', label: '视频监控' },
        ],
      },
      { key: 'warning', name: '告警管理', codes: [{ value: 'warningRecord', label: '告警记录' }] },
    ]);
  });

  test("until the call answers, or when it fails, the schema's codes with their labels in one group without a name", () => {
    expect(shownGroups(undefined, known)).toEqual([
      {
        key: '',
        codes: [
          { value: 'dashboard', label: 'Dashboard' },
          { value: 'video', label: 'Video' },
          { value: 'warningRecord', label: 'Alarm records' },
        ],
      },
    ]);
  });
});
