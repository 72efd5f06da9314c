import { Alert, Flex, Select, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useScreenSearch } from '../../runtime/shell/screenLocation';
import { label } from '../../runtime';
import { useCallAnswer } from '../../runtime/list/useCallAnswer';
import { ScreenHeader } from '../../runtime/shell/ScreenHeader';
import type { SiteScreenProps } from '../site/views';
import { EarnedValueChart } from './EarnedValueChart';
import { EarnedValueFigures } from './EarnedValueFigures';
import { useEarnedValue } from './useEarnedValue';

interface Order {
  orderNo: string;
  name: string;
}

/**
 * The earned value of a sales order (opened from the order list with `orderId`): its figures today,
 * of all its stations or one chosen when its sites are on several, and PV, EV and AC month by month
 * from its first planned month. An order the server does not know shows the server's message.
 */
export function EarnedValueScreen({ route = '' }: SiteScreenProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useScreenSearch();
  const text = search.get('orderId') ?? '';
  const orderId = /^\d{1,10}$/.test(text) ? Number(text) : undefined;
  const [stationId, setStationId] = useState<number>();
  const order = useCallAnswer<Order>('getOrderById', orderId ? { query: { id: orderId } } : undefined);
  const known = order.data !== undefined;
  const { today, months } = useEarnedValue(known && orderId ? { orderId, ...(stationId ? { stationId } : {}) } : undefined);
  const words = (key: string, params: Record<string, unknown> = {}) => t(`projects.earnedValue.${key}`, params);
  const current = today.data;
  const failure = orderId === undefined ? words('noOrder') : (order.error ?? today.error);
  return (
    <Flex vertical gap="middle" style={{ minWidth: 0 }}>
      <ScreenHeader title={label(t, `routes.${route}.title`)} onClose={() => void navigate(-1)} />
      {order.data ? (
        <Typography.Text strong>{words('order', { orderNo: order.data.orderNo, name: order.data.name })}</Typography.Text>
      ) : null}
      {failure ? (
        <Alert type="error" showIcon message={failure} />
      ) : !current ? (
        <Spin style={{ display: 'block', margin: 64 }} />
      ) : (
        <>
          <Flex wrap gap="middle" align="center">
            {current.stations.length > 1 ? (
              <Flex gap="small" align="center">
                <Typography.Text id="earned-value-station">{words('station')}</Typography.Text>
                <Select
                  aria-labelledby="earned-value-station"
                  showSearch={{ optionFilterProp: 'label' }}
                  style={{ minWidth: 200, maxWidth: '100%' }}
                  value={stationId ?? 0}
                  onChange={(value: number) => setStationId(value || undefined)}
                  options={[
                    { value: 0, label: words('allStations') },
                    ...current.stations.map((station) => ({ value: station.id, label: station.name })),
                  ]}
                />
              </Flex>
            ) : null}
            <Typography.Text type="secondary">{words('asOf', { date: current.date, count: current.siteCount })}</Typography.Text>
          </Flex>
          {current.siteCount === 0 ? <Alert type="info" showIcon message={words('noSites')} /> : null}
          <EarnedValueFigures answer={current} />
          <EarnedValueChart months={months} firstPlannedDay={current.firstPlannedDay} />
        </>
      )}
    </Flex>
  );
}
