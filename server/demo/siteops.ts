import type { TenantScope } from '../auth/context';
import type { Services } from '../http/services';
import type { EntityRecord } from '../resources/repository';
import { todayInChina } from '../siteops/common';

/** A day counted from today in China Standard Time (`YYYY-MM-DD`). */
const dayFrom = (offset: number) => todayInChina(Date.now() + offset * 86_400_000);

const WORKSHEETS = [
  {
    name: '储能舱月度维护',
    type: 'maintenance',
    priority: 'normal',
    offset: -20,
    content: '清洁空调滤网，检查消防气瓶压力。',
    steps: ['start', 'finish'],
  },
  {
    name: 'PCS 散热风扇更换',
    type: 'repair',
    priority: 'high',
    offset: -6,
    content: '更换 1 号 PCS 异响散热风扇。',
    steps: ['start', 'finish'],
  },
  { name: '光伏组件清洗', type: 'cleaning', priority: 'normal', offset: 0, content: '清洗屋面 A 区光伏组件。', steps: ['start'] },
  { name: '日常巡检', type: 'inspection', priority: 'low', offset: 0, content: '按巡检表完成站内设备巡视。', steps: [] },
  { name: '电池簇一致性测试', type: 'test', priority: 'normal', offset: 3, content: '测试各电池簇电压一致性。', steps: [] },
  { name: '变压器油色谱取样', type: 'maintenance', priority: 'low', offset: 9, content: '联系检测机构取样。', steps: ['revoke'] },
] as const;

const ITEMS = ['检查舱内温湿度', '检查消防主机状态', '记录 BMS 告警', '清洁设备表面'];
const INSPECTION_ITEMS: [device: string, item: string][] = [
  ['1号PCS', '散热风扇运行'],
  ['1号PCS', '直流侧电压'],
  ['1号电池舱', '舱内温度'],
  ['1号电池舱', '消防气瓶压力'],
  ['并网柜', '断路器状态'],
];

/**
 * The site operations of a demo tenant: customised tasks and worksheets of its stations (in each
 * state), inspections with their records, a quality check, support requests with messages and a
 * survey, notices for the tenant's first user, test devices, factory tests and charge-discharge tests.
 */
export async function seedSiteops(services: Services, scope: TenantScope, stationSns: string[]): Promise<void> {
  const { repository } = services;
  // A record with a state machine starts in its initial state, as the generic create makes it.
  const create = (entity: string, input: EntityRecord) => {
    const machine = repository.model(entity).states;
    return repository.create(scope, entity, input, machine ? { set: { [machine.field]: machine.initial } } : {});
  };
  const stations: EntityRecord[] = [];
  for (const sn of stationSns) stations.push(await repository.findBy(scope, 'station', 'sn', sn));
  const employees = (
    await repository.list(scope, 'user', { filters: [], sortField: 'id', sortOrder: 'asc', current: 1, size: 10 })
  ).records.map((user) => Number(user.id));
  const employee = (index: number) => employees[index % Math.max(employees.length, 1)];

  for (const [index, station] of stations.entries()) {
    const stationId = Number(station.id);
    const task = await create('worksheetTask', {
      name: `${String(station.name)}日常巡视`,
      stationId,
      region: ['储能区', '光伏区', '配电区'][index % 3],
      cycle: 'daily',
      items: ITEMS.slice(0, 3),
      enabled: true,
    });
    for (const [n, sheet] of WORKSHEETS.entries()) {
      if ((n + index) % 2 === 1 && n > 3) continue;
      const created = await create('worksheet', {
        name: `${String(station.name)}${sheet.name}`,
        stationId,
        // As saveTask stores it: the dashboard's work order widgets find a station's worksheets by it.
        stationSn: station.sn,
        ...(sheet.type === 'inspection' ? { taskId: task.id } : {}),
        type: sheet.type,
        priority: sheet.priority,
        assigneeId: employee(n + index),
        planDate: dayFrom(sheet.offset + index),
        endDate: dayFrom(sheet.offset + index + 1),
        content: sheet.content,
      });
      for (const [i, item] of ITEMS.slice(0, 2 + (n % 3)).entries()) {
        await create('worksheetItem', {
          worksheetId: created.id,
          name: item,
          done: sheet.steps.includes('finish' as never),
          abnormal: false,
          sorting: i + 1,
        });
      }
      for (const step of sheet.steps) {
        const input = step === 'finish' ? { result: '已按要求完成，设备运行正常。' } : {};
        await repository.transition(scope, 'worksheet', Number(created.id), step, input);
      }
      if (sheet.type === 'inspection') {
        const inspection = await create('inspectionTask', {
          name: `${String(station.name)}值班巡检`,
          stationId,
          worksheetId: created.id,
          inspectorId: employee(index),
          planDate: dayFrom(index - 1),
          status: 'done',
          summary: '设备运行正常，1 号电池舱温度偏高已复检。',
        });
        for (const [i, [device, item]] of INSPECTION_ITEMS.entries()) {
          const record = await create('inspectionRecord', {
            taskId: inspection.id,
            deviceName: device,
            itemName: item,
          });
          const abnormal = i === 2;
          await repository.transition(scope, 'inspectionRecord', Number(record.id), 'check', {
            result: abnormal ? 'abnormal' : 'normal',
            value: abnormal ? '38℃' : '正常',
            remark: abnormal ? '舱内温度偏高' : '无异常',
          });
          if (abnormal) {
            await repository.transition(scope, 'inspectionRecord', Number(record.id), 'recheck', {
              result: 'normal',
              value: '29℃',
              remark: '空调复位后温度恢复正常',
            });
          }
        }
        await create('inspectionTask', {
          name: `${String(station.name)}明日巡检`,
          stationId,
          inspectorId: employee(index + 1),
          planDate: dayFrom(1),
          status: 'pending',
        });
      }
    }
    await create('qualityCheck', {
      name: `${String(station.name)}季度质量检查`,
      stationId,
      checkDate: dayFrom(-30 - index),
      checkType: 'periodic',
      items: [
        { name: '电池舱消防系统', passed: true, remark: '正常' },
        { name: '直流电缆标识', passed: index % 2 === 0, remark: index % 2 === 0 ? '完整' : '部分标签脱落' },
        { name: '接地电阻', passed: true, remark: '0.8Ω' },
      ],
      score: index % 2 === 0 ? 96 : 88,
      conclusion: index % 2 === 0 ? 'passed' : 'rectify',
      ...(index % 2 === 0 ? {} : { rectifyDeadline: dayFrom(14) }),
    });
  }

  const firstStation = stations[0]?.id;
  const supports = [
    { name: '2号PCS频繁告警需远程排查', category: 'device', urgency: 'high', steps: ['submit', 'review', 'setQuoteBasis'] },
    { name: 'EMS 策略配置咨询', category: 'software', urgency: 'normal', steps: ['submit', 'review'] },
    { name: '新增储能舱并网调试', category: 'commissioning', urgency: 'normal', steps: ['submit'] },
    { name: '年度运维保养方案', category: 'maintenance', urgency: 'low', steps: [] },
    { name: '监控画面显示异常', category: 'software', urgency: 'low', steps: ['cancel'] },
  ] as const;
  for (const support of supports) {
    const created = await create('supportRequest', {
      name: support.name,
      ...(firstStation ? { stationId: firstStation } : {}),
      category: support.category,
      urgency: support.urgency,
      description: `${support.name}，请技术支持协助处理。`,
      contactName: '王伟',
      contactPhone: '13912345678',
      expectedDate: dayFrom(10),
    });
    for (const step of support.steps) {
      const input = step === 'review' ? { reviewResult: 'accepted', reviewComment: '已安排工程师跟进' } : {};
      await repository.transition(scope, 'supportRequest', Number(created.id), step, input);
    }
    if (support.steps.includes('review' as never)) {
      await create('supportNotice', {
        supportRequestId: created.id,
        content: '已收到，工程师将于今日联系现场。',
      });
      await create('supportNotice', {
        supportRequestId: created.id,
        content: '已远程排查完毕，建议检查直流侧接线端子。',
      });
    }
    if (support.steps.includes('setQuoteBasis' as never)) {
      await create('survey', {
        supportRequestId: created.id,
        score: 5,
        timeliness: 4,
        comment: '响应及时，问题已解决。',
      });
    }
  }
  await create('feedback', {
    type: 'suggestion',
    content: '希望工单列表支持按站点筛选。',
    contact: '13800138000',
  });

  const notices = [
    { title: '新工单待处理', content: '您有新的运维工单：光伏组件清洗。', type: 'worksheet' },
    { title: '巡检异常已复检', content: '1 号电池舱温度偏高，复检已恢复正常。', type: 'inspection' },
    { title: '技术支持已回复', content: '您提交的技术支持申请已有新回复。', type: 'support' },
    { title: '出厂测试已终止', content: 'FT-CAB-001 出厂充放电测试已终止，请确认结果。', type: 'factoryTest' },
    { title: '系统升级通知', content: '平台将于本周六 22:00 升级维护。', type: 'system' },
  ] as const;
  for (const [index, notice] of notices.entries()) {
    const created = await create('notice', notice);
    if (index >= 3) {
      await repository.patch(scope, 'notice', Number(created.id), {}, { set: { isRead: 1, readTime: new Date().toISOString() } });
    }
  }

  const devices: EntityRecord[] = [];
  const models = [
    { name: '215kWh 储能一体柜', deviceType: 'allInOne', model: 'ESS-215', ratedPower: 100, ratedCapacity: 215 },
    { name: '100kW 储能变流器', deviceType: 'pcs', model: 'PCS-100', ratedPower: 100, ratedCapacity: 0 },
    { name: '372kWh 电池柜', deviceType: 'batteryCabinet', model: 'BC-372', ratedPower: 186, ratedCapacity: 372 },
  ] as const;
  for (const [index, device] of models.entries()) {
    devices.push(
      await create('factoryTestDevice', {
        ...device,
        sn: `FT${scope.tenantId}-${String(index + 1).padStart(3, '0')}`,
        manufacturer: '华东储能设备厂',
        remark: '出厂批次 2026-11',
      }),
    );
  }
  const tests = [
    {
      factoryTest: 'chargeDischarge',
      strategy: 'constantPower',
      capacity: 'C050',
      steps: ['start', 'termination'],
      result: 'passed',
    },
    { factoryTest: 'insulation', strategy: 'constantCurrent', capacity: 'C025', steps: ['start', 'suspend'], result: 'pending' },
    { factoryTest: 'fullFunction', strategy: 'stepPower', capacity: 'C100', steps: ['start'], result: 'pending' },
    { factoryTest: 'protection', strategy: 'constantPower', capacity: 'C050', steps: [], result: 'pending' },
  ] as const;
  for (const [index, test] of tests.entries()) {
    const device = devices[index % devices.length] ?? {};
    const created = await create('factoryTestRecord', {
      name: `${String(device.sn)} 出厂测试 ${index + 1}`,
      sn: device.sn,
      deviceId: device.id,
      factoryTest: test.factoryTest,
      strategy: test.strategy,
      capacity: test.capacity,
      result: test.result,
      remark: '环境温度 25℃',
    });
    for (const step of test.steps) {
      const at = new Date().toISOString();
      await repository.transition(scope, 'factoryTestRecord', Number(created.id), step);
      const time = step === 'start' ? { startTime: at } : step === 'termination' ? { endTime: at } : {};
      if (Object.keys(time).length) await repository.patch(scope, 'factoryTestRecord', Number(created.id), {}, { set: time });
    }
  }
  const chargeTests = [
    {
      serviceType: 'factory',
      strategyType: 'constantPower',
      testStep: 'finish',
      steps: ['factoryTestStart', 'testChargeDischargeStart', 'termination'],
      testResult: 'passed',
      charged: 212.4,
      discharged: 201.8,
    },
    {
      serviceType: 'acceptance',
      strategyType: 'constantCurrent',
      testStep: 'discharge',
      steps: ['testChargeDischargeStart'],
      testResult: 'pending',
      charged: 180.2,
      discharged: 96.5,
    },
    {
      serviceType: 'maintenance',
      strategyType: 'stepPower',
      testStep: 'precharge',
      steps: [],
      testResult: 'pending',
      charged: 0,
      discharged: 0,
    },
  ] as const;
  for (const [index, test] of chargeTests.entries()) {
    const device = devices[index % devices.length] ?? {};
    const created = await create('chargeDischargeTest', {
      name: `${String(device.sn)} 充放电容量测试`,
      deviceId: device.id,
      serviceType: test.serviceType,
      strategyType: test.strategyType,
      testStep: test.testStep,
      cycles: 3,
      power: 100,
      chargedEnergy: test.charged,
      dischargedEnergy: test.discharged,
      testResult: test.testResult,
    });
    for (const step of test.steps) await repository.transition(scope, 'chargeDischargeTest', Number(created.id), step);
  }
}
