import { Alert, Flex, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { label } from '../../runtime';
import { withUnit } from '../../runtime/format/units';

export interface EmsScreenProps {
  /** The route whose title heads the screen. */
  route: string;
  /** The pickers of what the screen shows (station, device, period). */
  toolbar?: ReactNode;
  /** A failure of the screen's calls, shown above its content. */
  error?: string | undefined;
  children: ReactNode;
}

/** A screen of a station's EMS: its title, its pickers, a failure if any, its content. */
export function EmsScreen({ route, toolbar, error, children }: EmsScreenProps) {
  const { t } = useTranslation();
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Flex align="center" gap="middle" wrap>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {label(t, `routes.${route}.title`)}
        </Typography.Title>
        <Flex gap="small" wrap style={{ flex: 1 }} justify="flex-end">
          {toolbar}
        </Flex>
      </Flex>
      {error ? <Alert type="error" showIcon message={error} /> : null}
      {children}
    </Space>
  );
}

/** A value as the screens show it: '--' when there is none. */
export function shown(value: number | null | undefined, unit = ''): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '--';
  return withUnit(String(value), unit);
}
