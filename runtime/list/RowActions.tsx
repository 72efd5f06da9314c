import { DownOutlined } from '@ant-design/icons';
import { App, Button, Dropdown, Popconfirm, Space, Upload, type MenuProps } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { mainActions } from './mainActions';

/** An action a row offers, as its button and as its entry under "More" both show it. */
export interface RowActionEntry {
  key: string;
  /** The action's kind in the page schema (`edit`, `delete`, `transition`...): what decides whether it is a main one. */
  kind: string;
  label: string;
  danger?: boolean;
  /** A download or upload of the row under way. */
  loading?: boolean;
  /** Asked before the action is done: the question, and what it is about. */
  confirm?: { title: string; description?: string };
  /** Does the action (once confirmed, when it asks). */
  run(): void;
  /** Takes a file the user picks instead (an upload): `run` is not called. */
  upload?: { accept?: string; onFile(file: File): void };
}

export interface RowActionsProps {
  entries: RowActionEntry[];
  /** What names the row (its first column), for the menu of "More". */
  name: string;
  /** In a card the buttons wrap; in a row they keep to one line. */
  wrap: boolean;
}

/**
 * A row's actions: its main ones as link buttons, the rest in the menu of a "More" button
 * (`mainActions`). An action that asks first asks in a pop-up beside its button, or, from the
 * menu, in a dialog.
 */
export function RowActions({ entries, name, wrap }: RowActionsProps) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const files = useRef(new Map<string, HTMLInputElement>());
  const { main, more } = mainActions(entries);

  const button = (entry: RowActionEntry) => {
    if (entry.upload) {
      const { accept, onFile } = entry.upload;
      return (
        <Upload
          key={entry.key}
          accept={accept}
          showUploadList={false}
          disabled={entry.loading}
          beforeUpload={(file) => {
            onFile(file);
            // The page sends the file itself, through the API client.
            return false;
          }}
        >
          <Button type="link" size="small" loading={entry.loading}>
            {entry.label}
          </Button>
        </Upload>
      );
    }
    const shown = (
      <Button
        key={entry.key}
        type="link"
        size="small"
        danger={entry.danger}
        loading={entry.loading}
        onClick={entry.confirm ? undefined : entry.run}
      >
        {entry.label}
      </Button>
    );
    return entry.confirm ? (
      <Popconfirm
        key={entry.key}
        title={entry.confirm.title}
        description={entry.confirm.description}
        okText={t('common.ok')}
        cancelText={t('common.cancel')}
        onConfirm={entry.run}
      >
        {shown}
      </Popconfirm>
    ) : (
      shown
    );
  };

  const choose: MenuProps['onClick'] = ({ key }) => {
    const entry = more.find((candidate) => candidate.key === key);
    if (!entry) return;
    if (entry.upload) files.current.get(entry.key)?.click();
    else if (entry.confirm)
      modal.confirm({
        title: entry.confirm.title,
        content: entry.confirm.description,
        okText: t('common.ok'),
        cancelText: t('common.cancel'),
        ...(entry.danger ? { okButtonProps: { danger: true } } : {}),
        onOk: entry.run,
      });
    else entry.run();
  };

  return (
    <Space size={0} wrap={wrap}>
      {main.map(button)}
      {more.length ? (
        <Dropdown
          trigger={['click']}
          menu={{
            'aria-label': t('common.moreActions', { name }),
            items: more.map((entry) => ({ key: entry.key, label: entry.label, danger: entry.danger, disabled: entry.loading })),
            onClick: choose,
          }}
        >
          <Button type="link" size="small" icon={<DownOutlined aria-hidden />} iconPlacement="end">
            {t('common.more')}
          </Button>
        </Dropdown>
      ) : null}
      {/* The file pickers of the uploads under "More", opened by their entries. */}
      {more
        .filter((entry) => entry.upload)
        .map((entry) => (
          <input
            key={entry.key}
            type="file"
            hidden
            aria-hidden
            tabIndex={-1}
            accept={entry.upload?.accept}
            ref={(input) => {
              if (input) files.current.set(entry.key, input);
              else files.current.delete(entry.key);
            }}
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              event.currentTarget.value = '';
              if (file) entry.upload?.onFile(file);
            }}
          />
        ))}
    </Space>
  );
}
