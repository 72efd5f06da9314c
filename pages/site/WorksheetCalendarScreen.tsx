import { Alert, Calendar, Card, DatePicker, Empty, Flex, List, Spin, Switch, Tag, theme, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Worksheet } from '../../generated/types';
import { label, useRuntime } from '../../runtime';
import { useAnswer } from '../../runtime/api/useAnswer';
import { ScreenHeader } from '../../runtime/shell/ScreenHeader';
import { useScreenSearch } from '../../runtime/shell/screenLocation';
import { StationPicker } from './SiteScreen';
import type { StationRecord } from './useStations';
import type { SiteScreenProps } from './views';

const STATES = ['toDo', 'inProgress', 'done', 'revoked'] as const;
const STATE_COLOURS: Record<(typeof STATES)[number], string> = {
  toDo: 'blue',
  inProgress: 'orange',
  done: 'green',
  revoked: 'default',
};

/** Worksheets as a list: name, station, type and assignee, and where each stands. */
function Worksheets({ sheets, empty }: { sheets: Worksheet[]; empty: string }) {
  const { t } = useTranslation();
  if (sheets.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />;
  return (
    <List
      size="small"
      dataSource={sheets}
      renderItem={(sheet) => (
        <List.Item
          extra={
            <Tag color={STATE_COLOURS[sheet.status as (typeof STATES)[number]] ?? 'default'}>
              {label(t, `enums.siteopsWorksheetStatus.${String(sheet.status)}`)}
            </Tag>
          }
        >
          <List.Item.Meta
            title={sheet.name}
            description={[
              sheet.stationName,
              label(t, `enums.siteopsWorkType.${String(sheet.type)}`),
              sheet.assigneeName ?? t('siteops.calendar.unassigned'),
            ]
              .filter(Boolean)
              .join(' · ')}
          />
        </List.Item>
      )}
    />
  );
}

/**
 * The worksheet calendar: a month of worksheets, of one station or all, as a field technician plans
 * the days. Each day with worksheets is marked in the calendar; the day picked lists its worksheets
 * and how many are in each state (revoked ones counted, not listed); today's worksheets stand beside,
 * all of them or the signed-in user's own.
 */
export function WorksheetCalendarScreen({ route = '' }: SiteScreenProps) {
  const { t } = useTranslation();
  const { api } = useRuntime();
  const { token } = theme.useToken();
  const [search, setSearch] = useScreenSearch();
  const stations = useAnswer(() => api.call('listStations', {}, { silent: true }) as Promise<StationRecord[]>, 'stations');
  const stationId = search.get('station') ? Number(search.get('station')) : undefined;
  const [day, setDay] = useState<Dayjs>(() => dayjs());
  const [mine, setMine] = useState(false);
  const month = day.format('YYYY-MM');
  const date = day.format('YYYY-MM-DD');
  const ofStation = stationId === undefined ? {} : { stationId };
  const arranged = useAnswer(
    () => api.call('getMonthArrange', { query: { month, ...ofStation } }, { silent: true }),
    `arrange:${month}:${stationId}`,
  );
  const states = useAnswer(
    () => api.call('getMonthTaskStatus', { query: { month, ...ofStation } }, { silent: true }),
    `states:${month}:${stationId}`,
  );
  const today = useAnswer(
    () => api.call('getTodayArrange', { query: { ...ofStation, ...(mine ? { mine: true } : {}) } }, { silent: true }),
    `today:${stationId}:${mine}`,
  );
  const error = stations.error ?? arranged.error ?? states.error ?? today.error;
  const byDay = new Map((states.data ?? []).map((entry) => [entry.date, entry]));
  const counts = byDay.get(date);
  const sheets = arranged.data?.find((entry) => entry.date === date)?.worksheets ?? [];
  const dayTitle = day.format(t('siteops.calendar.dayFormat'));
  return (
    <Flex vertical gap="middle">
      <ScreenHeader title={label(t, `routes.${route}.title`)} />
      <Flex wrap gap="middle" align="center">
        <StationPicker
          value={stationId ?? 0}
          options={[
            { value: 0, label: t('siteops.calendar.allStations') },
            ...(stations.data ?? []).map((entry) => ({ value: entry.id, label: entry.name })),
          ]}
          onChange={(id) => setSearch(id ? { station: String(id) } : {})}
        />
        <DatePicker
          picker="month"
          aria-label={t('siteops.calendar.month')}
          allowClear={false}
          value={day}
          onChange={(picked: Dayjs | null) => picked && setDay(picked)}
        />
      </Flex>
      {error ? <Alert type="error" showIcon message={`${t('common.loadFailed')} ${error}`} /> : null}
      <Flex wrap gap="middle" align="flex-start">
        <Card size="small" style={{ flex: '1 1 300px', maxWidth: 420 }} title={day.format(t('siteops.calendar.monthFormat'))}>
          <Calendar
            fullscreen={false}
            headerRender={() => null}
            value={day}
            onSelect={(picked) => setDay(picked)}
            cellRender={(current, info) => {
              if (info.type !== 'date') return info.originNode;
              const planned = byDay.get(current.format('YYYY-MM-DD'));
              return planned && planned.total > planned.revoked ? (
                <span
                  aria-hidden
                  style={{
                    display: 'block',
                    width: 6,
                    height: 6,
                    margin: '0 auto',
                    borderRadius: 3,
                    background: token.colorPrimary,
                  }}
                />
              ) : null;
            }}
          />
        </Card>
        <Card
          size="small"
          style={{ flex: '2 1 300px', minWidth: 0 }}
          title={t('siteops.calendar.ofDay', { day: dayTitle })}
          aria-label={t('siteops.calendar.ofDay', { day: dayTitle })}
          role="region"
        >
          {!arranged.data || !states.data ? (
            <Spin style={{ display: 'block', margin: 32 }} />
          ) : (
            <Flex vertical gap="small">
              <Flex wrap gap="small" role="list" aria-label={t('siteops.calendar.states')}>
                {STATES.map((state) => (
                  <Tag key={state} role="listitem" color={STATE_COLOURS[state]}>
                    {`${label(t, `enums.siteopsWorksheetStatus.${state}`)} ${counts?.[state] ?? 0}`}
                  </Tag>
                ))}
              </Flex>
              <Worksheets sheets={sheets} empty={t('siteops.calendar.noneThatDay')} />
            </Flex>
          )}
        </Card>
        <Card
          size="small"
          style={{ flex: '1 1 280px', minWidth: 0 }}
          title={t('siteops.calendar.today')}
          aria-label={t('siteops.calendar.today')}
          role="region"
          extra={
            <Flex gap="small" align="center">
              <Switch size="small" checked={mine} onChange={setMine} aria-label={t('siteops.calendar.mine')} />
              <Typography.Text>{t('siteops.calendar.mine')}</Typography.Text>
            </Flex>
          }
        >
          {today.data ? (
            <Worksheets sheets={today.data} empty={t('siteops.calendar.noneToday')} />
          ) : (
            <Spin style={{ display: 'block', margin: 32 }} />
          )}
        </Card>
      </Flex>
    </Flex>
  );
}
