import { CloudOutlined, EnvironmentOutlined, FireOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFigure, WidgetStatus, type WidgetViewProps } from '../../runtime/dashboard';
import { contributionOf, counters, energyOf, massOf, type SocialContributionConfig } from './rules';

function Figure({ icon, label, value, unit }: { icon: ReactNode; label: string; value: string; unit: string }) {
  return (
    <section aria-label={label} style={{ flex: 1, minWidth: 0, display: 'flex', alignItems: 'center', gap: 8 }}>
      <span aria-hidden style={{ fontSize: 28, color: '#29BB9A' }}>
        {icon}
      </span>
      <div style={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
        <Typography.Text type="secondary">{label}</Typography.Text>
        <Typography.Text strong style={{ fontSize: 20 }}>
          {value} <span style={{ fontSize: 12, whiteSpace: 'nowrap' }}>{unit}</span>
        </Typography.Text>
      </div>
    </section>
  );
}

export function SocialContributionView({ config, data }: WidgetViewProps<SocialContributionConfig>) {
  const { t } = useTranslation();
  const sns = counters(config);
  const fix = config.numberFix;
  const energy = energyOf(data, sns);
  const slots = Object.values(data);
  const answered = slots.length > 0 && slots.every((slot) => slot.status === 'ready');
  return (
    <WidgetStatus
      data={data}
      empty={
        sns.length === 0 ? t('widgets.common.pleaseConfigure') : answered && energy === null ? t('widgets.common.noData') : false
      }
    >
      {() => {
        const spared = energy === null ? null : contributionOf(energy);
        const co2 = spared ? massOf(spared.co2Kg) : null;
        const coal = spared ? massOf(spared.coalKg) : null;
        return (
          <div style={{ display: 'flex', flexDirection: 'column', justifyContent: 'center', gap: 8, height: '100%' }}>
            <Typography.Text type="secondary">
              {t('widgets.socialContribution.energy')}{' '}
              <Typography.Text aria-label={t('widgets.socialContribution.energy')}>
                {formatFigure(energy, fix)} kWh
              </Typography.Text>
            </Typography.Text>
            <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
              <Figure
                icon={<CloudOutlined />}
                label={t('widgets.socialContribution.co2')}
                value={formatFigure(co2?.value, fix)}
                unit={co2?.unit ?? 'kg'}
              />
              <Figure
                icon={<FireOutlined />}
                label={t('widgets.socialContribution.coal')}
                value={formatFigure(coal?.value, fix)}
                unit={coal?.unit ?? 'kg'}
              />
              <Figure
                icon={<EnvironmentOutlined />}
                label={t('widgets.socialContribution.trees')}
                value={formatFigure(spared ? Math.round(spared.trees) : null, 0)}
                unit={t('widgets.socialContribution.treeUnit')}
              />
            </div>
          </div>
        );
      }}
    </WidgetStatus>
  );
}
