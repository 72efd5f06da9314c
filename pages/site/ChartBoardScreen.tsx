import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Chart, ChartBoard } from '../../generated/meta';
import { label } from '../../runtime';
import { PageCharts } from '../../runtime/list/PageCharts';
import { ScreenHeader } from '../../runtime/shell/ScreenHeader';
import { viewOf, type SiteScreenProps } from './views';

type Panels = [Chart, ...Chart[]];

/**
 * A chart board (schemas/views/, kind chartBoard): figures and charts of the tenant drawn from its
 * statistics calls as a page's charts are — first those of no period, then those of the year
 * picked above them.
 */
export function ChartBoardScreen({ route = '' }: SiteScreenProps) {
  const { t } = useTranslation();
  const view = viewOf<ChartBoard>(route, ['chartBoard']);
  const strip = (panels: ChartBoard['panels'][number][]) => panels.map(({ year: _year, ...chart }) => chart as Chart);
  const timeless = strip(view.panels.filter((panel) => !panel.year));
  const yearly = strip(view.panels.filter((panel) => panel.year));
  return (
    <Flex vertical gap="middle">
      <ScreenHeader title={label(t, `routes.${route}.title`)} />
      {timeless.length > 0 ? <PageCharts charts={{ panels: timeless as Panels }} version={0} /> : null}
      {yearly.length > 0 ? <PageCharts charts={{ year: true, panels: yearly as Panels }} version={0} /> : null}
    </Flex>
  );
}
