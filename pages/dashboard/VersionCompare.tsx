import { Empty, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { label } from '../../runtime';
import { widgetTitle, type DashboardDocument } from '../../runtime/dashboard';
import { versionDiff, type ChangedWidget } from './versionDiff';

export interface VersionCompareProps {
  /** The version compared. */
  version: DashboardDocument;
  /** The dashboard as it is now. */
  current: DashboardDocument;
  onClose(): void;
}

/** How a changed widget is listed: its title (with the one it had) and what of it changed. */
function changeText(t: (key: string, params?: Record<string, unknown>) => string, widget: ChangedWidget): string {
  const name = widget.titleBefore
    ? t('dashboard.history.renamed', { before: widget.titleBefore, title: widget.title })
    : widget.title;
  const what = [
    ...(widget.configuration ? [t('dashboard.history.configurationChanged')] : []),
    ...(widget.place ? [t('dashboard.history.placeChanged')] : []),
  ];
  return `${name} (${what.join(', ')})`;
}

/** What the current dashboard added, removed and changed since a version, widget by widget. */
export function VersionCompare({ version, current, onClose }: VersionCompareProps) {
  const { t } = useTranslation();
  const translate = (key: string, params?: Record<string, unknown>) => label(t, key, params);
  const diff = versionDiff(version, current, (widget) => widgetTitle(translate, widget));
  const sections = [
    { key: 'added', items: diff.added.map((widget) => widget.title) },
    { key: 'removed', items: diff.removed.map((widget) => widget.title) },
    { key: 'changed', items: diff.changed.map((widget) => changeText(translate, widget)) },
  ].filter((section) => section.items.length > 0);
  return (
    <Modal
      open
      title={translate('dashboard.history.compareTitle', { version: version.version })}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        {translate('dashboard.history.compareCurrent', { current: current.version })}
      </Typography.Paragraph>
      {sections.length === 0 ? <Empty description={translate('dashboard.history.noDifference')} /> : null}
      {sections.map((section) => (
        <section key={section.key} aria-label={translate(`dashboard.history.${section.key}`)}>
          <Typography.Title level={5}>{translate(`dashboard.history.${section.key}`)}</Typography.Title>
          <ul>
            {section.items.map((item, index) => (
              <li key={index}>{item}</li>
            ))}
          </ul>
        </section>
      ))}
    </Modal>
  );
}
