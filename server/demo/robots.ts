import type { TenantScope } from '../auth/context';
import type { Services } from '../http/services';

/** Inspection points of a storage station's route, with what the robot reads there. */
const POINTS = [
  { point: '1号储能舱 电池簇温度', unit: '°C', base: 29, spread: 6, limit: 40 },
  { point: '2号储能舱 电池簇温度', unit: '°C', base: 30, spread: 7, limit: 40 },
  { point: 'PCS 室 柜体温度', unit: '°C', base: 36, spread: 8, limit: 45 },
  { point: '主变 油位表', unit: '%', base: 62, spread: 10, limit: 80 },
  { point: '消防 气瓶压力', unit: 'MPa', base: 4.2, spread: 0.6, limit: 4.6 },
] as const;

const ROBOTS = [
  { model: 'IR-300 轮式巡检机器人', state: 'idle', battery: 86, position: '充电桩' },
  { model: 'IR-300 轮式巡检机器人', state: 'charging', battery: 41, position: '充电桩' },
] as const;

const SERVICES = [
  { kind: 'maintenance', content: '清洁云台镜头与红外窗口，检查驱动轮磨损', cost: 380 },
  { kind: 'calibration', content: '红外测温校准（黑体 35 °C / 60 °C）', cost: 650 },
  { kind: 'repair', content: '更换左驱动轮电机', cost: 2150 },
] as const;

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const iso = (ts: number) => new Date(ts).toISOString();

/** A reading that wanders around its base and now and then passes its limit (every value is the same on every installation). */
function readingOf(index: number, base: number, spread: number): number {
  const wave = Math.sin(index * 1.7) * 0.5 + Math.sin(index * 0.37) * 0.5;
  return Math.round((base + wave * spread) * 10) / 10;
}

/**
 * Two inspection robots per station with their history: a nightly task on each of the last seven
 * days (done, with a reading at each point of the route and the robot's log of it) and the next
 * seven days planned, and their service records.
 */
export async function seedRobots(services: Services, scope: TenantScope, stationSns: string[]): Promise<void> {
  const { repository } = services;
  const today = new Date(new Date().toISOString().slice(0, 10)).getTime();
  let n = 0;
  for (const [s, sn] of stationSns.entries()) {
    const station = await repository.findBy(scope, 'station', 'sn', sn);
    for (const [r, spec] of ROBOTS.entries()) {
      const robot = await repository.create(
        scope,
        'robot',
        {
          name: `${String(station.name)} 巡检机器人 ${r + 1} 号`,
          sn: `RB-${sn}-${r + 1}`,
          model: spec.model,
          stationId: station.id,
        },
        { set: { state: spec.state, battery: spec.battery, position: spec.position } },
      );
      const robotId = robot.id;
      const route = POINTS.map((point) => point.point.split(' ')[0]).join(' → ');
      const event = (time: number, kind: string, text: string) =>
        repository.create(scope, 'robotEvent', {}, { set: { robotId, time: iso(time), kind, text } });
      for (let d = -7; d <= 7; d += 1) {
        if (d === 0) continue;
        // Local 22:00 in China is 14:00 UTC; the two robots of a station take turns an hour apart.
        const start = today + d * DAY + (14 + r) * HOUR;
        const task = await repository.create(
          scope,
          'robotTask',
          { name: `夜间巡检 ${new Date(start).toISOString().slice(5, 10)}`, robotId, route, planTime: iso(start) },
          { set: { status: d < 0 ? 'done' : 'planned' } },
        );
        if (d > 0) continue;
        await event(start, 'state', '开始巡检任务');
        for (const [p, point] of POINTS.entries()) {
          n += 1;
          const reading = readingOf(n + s * 31, point.base, point.spread);
          const abnormal = reading > point.limit;
          await repository.create(scope, 'robotInspection', {
            robotId,
            taskId: task.id,
            time: iso(start + (p + 1) * 6 * 60_000),
            point: point.point,
            reading,
            unit: point.unit,
            finding: abnormal ? 'abnormal' : 'normal',
            ...(abnormal ? { remark: `超过 ${point.limit} ${point.unit}` } : {}),
          });
          if (abnormal) await event(start + (p + 1) * 6 * 60_000, 'fault', `${point.point} 读数 ${reading} ${point.unit} 异常`);
        }
        await event(start + 40 * 60_000, 'state', '巡检完成，返回充电桩');
        await event(start + 45 * 60_000, 'charge', '开始充电');
      }
      for (const [k, service] of SERVICES.entries()) {
        if ((k + r) % 3 === 2) continue;
        await repository.create(scope, 'robotService', {
          robotId,
          serviceDate: iso(today - (k * 40 + r * 11 + 5) * DAY).slice(0, 10),
          kind: service.kind,
          content: service.content,
          technician: ['张工', '李工'][(k + r) % 2],
          cost: service.cost,
        });
      }
    }
  }
}
