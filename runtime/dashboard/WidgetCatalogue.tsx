import { PlusOutlined } from '@ant-design/icons';
import { Button, Drawer, Empty, Input, List, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { label } from '../i18n/labels';
import { WIDGET_GROUPS, type AnyWidgetDefinition } from './widget';

export interface WidgetCatalogueProps {
  definitions: readonly AnyWidgetDefinition[];
  onAdd(type: string): void;
  onClose(): void;
}

/** The widgets that can be added, by group, each with its icon and a line saying what it shows; searchable. */
export function WidgetCatalogue({ definitions, onAdd, onClose }: WidgetCatalogueProps) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const entries = useMemo(
    () =>
      definitions.map((definition) => ({
        definition,
        title: label(t, `widgets.${definition.type}.title`),
        description: label(t, `widgets.${definition.type}.description`),
      })),
    [definitions, t],
  );
  const needle = query.trim().toLowerCase();
  const shown = entries.filter(
    (entry) => !needle || `${entry.title} ${entry.description} ${entry.definition.type}`.toLowerCase().includes(needle),
  );
  return (
    <Drawer open title={t('dashboard.catalogue')} onClose={onClose} width={420}>
      <Input.Search
        aria-label={t('dashboard.searchWidgets')}
        placeholder={t('dashboard.searchWidgets')}
        allowClear
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        style={{ marginBottom: 12 }}
      />
      {shown.length === 0 ? <Empty description={t('widgets.common.noData')} /> : null}
      {WIDGET_GROUPS.map((group) => {
        const inGroup = shown.filter((entry) => entry.definition.group === group);
        if (inGroup.length === 0) return null;
        return (
          <section key={group} aria-label={label(t, `widgets.groups.${group}`)}>
            <Typography.Title level={5}>{label(t, `widgets.groups.${group}`)}</Typography.Title>
            <List
              size="small"
              dataSource={inGroup}
              renderItem={({ definition, title, description }) => (
                <List.Item
                  actions={[
                    <Button
                      key="add"
                      size="small"
                      icon={<PlusOutlined />}
                      aria-label={`${t('dashboard.add')}: ${title}`}
                      onClick={() => onAdd(definition.type)}
                    >
                      {t('dashboard.add')}
                    </Button>,
                  ]}
                >
                  <List.Item.Meta avatar={definition.icon} title={title} description={description} />
                </List.Item>
              )}
            />
          </section>
        );
      })}
    </Drawer>
  );
}
