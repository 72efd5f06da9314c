import { Alert, Empty, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { failureOf, overallState } from './figures';
import type { SlotState } from './needs';

export interface WidgetStatusProps {
  data: Record<string, SlotState>;
  /** The widget has nothing to show (not configured, or no records): this text instead. */
  empty?: string | false;
  children: () => ReactNode;
}

/**
 * What every widget shows besides its data: the empty text (the specification's 'please
 * configure', 'no data'…), a spinner until the first answers come, the failure of an answer
 * (this widget only), else the widget itself.
 */
export function WidgetStatus({ data, empty, children }: WidgetStatusProps) {
  const { t } = useTranslation();
  if (empty) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />;
  const state = overallState(data);
  // A status names what is loading: a name on the spinner's own element, which has no role, is not allowed.
  if (state === 'loading')
    return (
      <div role="status" aria-label={t('widgets.common.loading')}>
        <Spin style={{ display: 'block', margin: '24px auto' }} />
      </div>
    );
  if (state === 'error') {
    return (
      <Alert type="warning" showIcon title={t('widgets.common.failed')} description={failureOf(data)} style={{ margin: 8 }} />
    );
  }
  return children();
}
