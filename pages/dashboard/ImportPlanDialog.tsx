import { Button, Modal, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SiteKanbanImport } from '../../generated/types';
import { label } from '../../runtime';
import { widgetTitle, type StationContext } from '../../runtime/dashboard';
import type { DashboardFile } from './transfer';
import { unboundLines } from './unbound';

/** An import that could not bind everything, waiting for the user's word. */
export interface ImportPlan {
  /** The file's name. */
  name: string;
  /** The file as read: the names of its widgets and the station it names. */
  file: DashboardFile;
  answer: SiteKanbanImport;
}

export interface ImportPlanDialogProps {
  station: StationContext;
  plan: ImportPlan | null;
  onImport(plan: ImportPlan): void;
  onCancel(): void;
}

/**
 * What an import onto another station could not bind, before anything is put in the editor (as
 * Copy to stations words it): the station the file was bound from, each binding the station has
 * no counterpart for, and the widgets left out without it; the user imports without those, or
 * cancels and nothing changes.
 */
export function ImportPlanDialog({ station, plan, onImport, onCancel }: ImportPlanDialogProps) {
  const { t } = useTranslation();
  if (!plan) return null;
  const { answer, file } = plan;
  const widgetName = (id: string) => {
    const widget = file.widgets.find((entry) => entry.id === id);
    return widget ? widgetTitle((key) => label(t, key), widget) : id;
  };
  const named = file.source ? [file.source.stationName, file.source.stationSn].filter(Boolean).join(' · ') : '';
  const explain = answer.source
    ? t('dashboard.transfer.planFrom', {
        source: `${answer.source.stationName} (${answer.source.stationSn})`,
        station: station.name,
      })
    : t('dashboard.transfer.planForeign', { source: named || t('dashboard.transfer.unknownSource'), station: station.name });
  return (
    <Modal
      open
      width={760}
      title={
        <span style={{ display: 'block', paddingInlineEnd: 24, overflowWrap: 'anywhere' }}>
          {t('dashboard.transfer.planTitle', { file: plan.name, station: station.name })}
        </span>
      }
      onCancel={onCancel}
      footer={
        <Space wrap style={{ justifyContent: 'flex-end' }}>
          <Button onClick={onCancel}>{t('common.cancel')}</Button>
          <Button type="primary" onClick={() => onImport(plan)}>
            {t('dashboard.transfer.importWithout')}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph>{explain}</Typography.Paragraph>
      <Tag color="warning" style={{ marginBottom: 8, whiteSpace: 'normal' }}>
        {t('dashboard.copy.someUnbound', { count: answer.unbound.length, total: answer.rebound + answer.unbound.length })}
      </Tag>
      <ul
        aria-label={t('dashboard.copy.planTitle')}
        // It scrolls when long: reachable by the keyboard.
        tabIndex={0}
        style={{ margin: '0 0 8px', paddingInlineStart: 20, maxHeight: '40vh', overflowY: 'auto' }}
      >
        {/* Named as this station's people read them: its own devices, the variables' names. */}
        {unboundLines(t, widgetName, answer.unbound).map((line) => (
          <li key={line} style={{ overflowWrap: 'anywhere' }}>
            {line}
          </li>
        ))}
      </ul>
      {answer.leftOut.length ? (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('dashboard.copy.leftOut', { widgets: answer.leftOut.map(widgetName).join(t('dashboard.copy.separator')) })}
        </Typography.Paragraph>
      ) : null}
    </Modal>
  );
}
