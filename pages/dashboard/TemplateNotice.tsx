import { Alert } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../runtime';

export interface TemplateNoticeProps {
  stationSn: string;
}

/**
 * While a station's own dashboard is edited: the template it follows, at which version, and what
 * a save does (it is kept as the station's own changes, the template and its other stations stay
 * as they are). Nothing shows for a station that follows no template or was detached from one.
 */
export function TemplateNotice({ stationSn }: TemplateNoticeProps) {
  const { t } = useTranslation();
  const { api } = useRuntime();
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    api
      .call('getSiteKanbanTemplate', { params: { stationSn } }, { silent: true })
      .then(({ following }) => {
        if (!live) return;
        setText(
          following && !following.detached
            ? t('dashboard.templates.follows', {
                name: following.name,
                version: following.templateVersion,
                current: following.currentVersion,
                overrides: following.overrides,
              })
            : null,
        );
      })
      // Not knowing the template leaves the editing as it is: the Template drawer says it again.
      .catch(() => live && setText(null));
    return () => {
      live = false;
    };
  }, [api, stationSn, t]);
  if (!text) return null;
  return (
    <Alert
      type="info"
      showIcon
      message={text}
      description={t('dashboard.templates.editingFollower')}
      style={{ marginBottom: 12 }}
    />
  );
}
