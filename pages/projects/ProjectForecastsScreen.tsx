import { Alert, Flex, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { label, useRuntime } from '../../runtime';
import { useAnswer } from '../../runtime/api/useAnswer';
import { ScreenHeader } from '../../runtime/shell/ScreenHeader';
import type { TableSort } from '../../runtime/table/DataTable';
import type { SiteScreenProps } from '../site/views';
import { ProjectForecastsTable, type ForecastSortKey } from './ProjectForecastsTable';

/** The way a column sorts first: the most over budget (lowest VAC) and the latest (most days late) first. */
const FIRST_DIRECTION: Record<ForecastSortKey, boolean> = { vac: false, daysLate: true };

/**
 * The forecasts of the tenant's open projects today (each sales order with an execution site not
 * started or executing): budget, EAC, ETC, VAC, the indices, the planned and forecast finish, days
 * late and a status, sortable by VAC or days late, each order opening its earned value; the method
 * and the thresholds said under the table.
 */
export function ProjectForecastsScreen({ route = '' }: SiteScreenProps) {
  const { t } = useTranslation();
  const { api } = useRuntime();
  const [sort, setSort] = useState<TableSort>({ key: 'vac', desc: false });
  const answer = useAnswer(() => api.call('getProjectForecasts', {}, { silent: true }), 'forecasts');
  const words = (key: string, params: Record<string, unknown> = {}) => t(`projects.forecasts.${key}`, params);
  const onSort = (key: string) => {
    const column = key as ForecastSortKey;
    setSort((before) => (before.key === column ? { key, desc: !before.desc } : { key, desc: FIRST_DIRECTION[column] }));
  };
  const forecasts = answer.data;
  return (
    <Flex vertical gap="middle" style={{ minWidth: 0 }}>
      <ScreenHeader title={label(t, `routes.${route}.title`)} />
      {answer.error ? (
        <Alert type="error" showIcon message={answer.error} />
      ) : !forecasts ? (
        <Spin style={{ display: 'block', margin: 64 }} />
      ) : (
        <>
          <Typography.Text type="secondary">
            {words('asOf', { date: forecasts.date, count: forecasts.projects.length })}
          </Typography.Text>
          <ProjectForecastsTable rows={forecasts.projects} sort={sort} onSort={onSort} />
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            {words('method')} {words('thresholds')}
          </Typography.Paragraph>
        </>
      )}
    </Flex>
  );
}
