import { describe, expect, test } from 'vitest';
import { boardDocument, type BoardFacts } from './boardDocument';

const facts: BoardFacts = {
  devices: [
    { sn: 'P1', name: '1# PCS', kind: 'pcs' },
    { sn: 'B1', name: 'BMS', kind: 'bms' },
    { sn: 'P2', name: '2# PCS', kind: 'pcs' },
  ],
  variables: [
    { sn: 'P1.activePower', code: 'activePower', deviceSn: 'P1' },
    { sn: 'P2.activePower', code: 'activePower', deviceSn: 'P2' },
    { sn: 'B1.soc', code: 'soc', deviceSn: 'B1' },
  ],
  cameras: [
    { id: 7, name: 'Gate' },
    { id: 8, name: 'Yard' },
  ],
  label: (key) => `<${key}>`,
};

const node = (ref: string) => ({ deviceVar: { $var: `${ref}.activePower` }, name: { $device: ref } });

describe('boardDocument', () => {
  test('fills variables, device names and labels from the station, in its order of devices', () => {
    const document = boardDocument(
      'S1',
      [{ type: 'trend', w: 16, h: 10, config: { name: { $label: 'a.b' }, nodeInfo: [node('pcs#1'), node('pcs#2')] } }],
      facts,
    );
    expect(document.widgets[0]?.config).toEqual({
      name: '<a.b>',
      nodeInfo: [
        { deviceVar: { deviceSn: 'P1', varSn: 'P1.activePower' }, name: '1# PCS' },
        { deviceVar: { deviceSn: 'P2', varSn: 'P2.activePower' }, name: '2# PCS' },
      ],
    });
  });

  test('leaves out the entries and the widgets the station cannot fill', () => {
    const document = boardDocument(
      'S1',
      [
        { type: 'trend', w: 8, h: 10, config: { nodeInfo: [node('pcs#1'), node('pcs#3')] } },
        { type: 'trend', w: 8, h: 10, config: { nodeInfo: [node('pvInverter#1')] } },
        { type: 'keyData', w: 8, h: 4, config: { deviceValue: { $var: 'bms.soh' } } },
      ],
      facts,
    );
    expect(document.widgets.map((widget) => widget.type)).toEqual(['trend']);
    expect(document.widgets[0]?.config.nodeInfo).toHaveLength(1);
  });

  test('repeats a widget per camera and flows the widgets in rows of the desktop and the tablet', () => {
    const document = boardDocument(
      'S1',
      [
        { type: 'keyData', w: 16, h: 4, config: {} },
        { type: 'camera', w: 12, h: 14, each: 'camera', config: { title: { $camera: 'name' }, cameraId: { $camera: 'id' } } },
      ],
      facts,
    );
    expect(document.widgets.slice(1).map((widget) => widget.config)).toEqual([
      { title: 'Gate', cameraId: 7 },
      { title: 'Yard', cameraId: 8 },
    ]);
    expect(document.layouts.desktop?.map(({ x, y, w }) => [x, y, w])).toEqual([
      [0, 0, 16],
      [0, 4, 12],
      [12, 4, 12],
    ]);
    expect(document.layouts.tablet?.map(({ x, y, w }) => [x, y, w])).toEqual([
      [0, 0, 8],
      [0, 4, 6],
      [6, 4, 6],
    ]);
  });
});
