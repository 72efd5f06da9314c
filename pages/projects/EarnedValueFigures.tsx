import { Card, Flex, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../runtime/format/money';
import type { EarnedValueAnswer } from './earnedValueAnswer';
import { costReading, indexText, scheduleReading, signedMoney } from './earnedValueReading';

/** One figure of the card: its label key, the text shown and, for an index, its reading in plain words. */
interface Figure {
  key: string;
  value: string;
  reading?: string;
}

/**
 * An order's earned value on a day: budget, planned value, earned value and actual cost as money;
 * the variances with their sign; the indices to two decimals, each with what it means.
 */
export function EarnedValueFigures({ answer }: { answer: EarnedValueAnswer }) {
  const { t } = useTranslation();
  const words = (key: string) => t(`projects.earnedValue.${key}`);
  const figures: Figure[] = [
    { key: 'bac', value: formatMoney(answer.budgetAtCompletion) },
    { key: 'pv', value: formatMoney(answer.plannedValue) },
    { key: 'ev', value: formatMoney(answer.earnedValue) },
    { key: 'ac', value: formatMoney(answer.actualCost) },
    { key: 'cv', value: signedMoney(answer.costVariance) },
    { key: 'sv', value: signedMoney(answer.scheduleVariance) },
    { key: 'cpi', value: indexText(answer.cpi), reading: words(costReading(answer.cpi)) },
    { key: 'spi', value: indexText(answer.spi), reading: words(scheduleReading(answer.spi)) },
  ];
  return (
    <Card size="small" title={words('figures')} role="region" aria-label={words('figures')}>
      <Flex wrap gap="large">
        {figures.map((figure) => (
          <div key={figure.key} role="group" aria-label={words(figure.key)} style={{ minWidth: 150 }}>
            <Statistic title={words(figure.key)} value={figure.value} />
            {figure.reading ? <Typography.Text>{figure.reading}</Typography.Text> : null}
          </div>
        ))}
      </Flex>
    </Card>
  );
}
