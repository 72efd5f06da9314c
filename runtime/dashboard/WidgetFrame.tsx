import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, EditOutlined, TableOutlined } from '@ant-design/icons';
import { Button, Space, theme, Tooltip } from 'antd';
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useScrollRegion } from '../a11y/scrollRegion';
import { stepOfKey, type ArrangeStep } from './arrange';
import { WidgetIcon } from './icons';

/** The id of the text that tells how widgets are arranged from the keyboard (shown by the grid in edit mode). */
export const ARRANGE_HINT_ID = 'dashboard-arrange-hint';

export interface WidgetFrameProps {
  id: string;
  title: string;
  icon?: string;
  editing: boolean;
  /** The widget just added: brought into view and outlined for a moment. */
  highlighted?: boolean;
  /** Moves the widget in the reading order (shown on the phone, where the order is the layout). */
  onMove?(id: string, delta: -1 | 1): void;
  /** A keyboard step on the widget's title bar in edit mode (arrows move, Shift and arrows resize). */
  onArrange?(id: string, step: ArrangeStep): void;
  onEdit(id: string): void;
  /** The remove request, with the widget's id. */
  onRemove(id: string): void;
  /** Opens the table of the figures behind the widget ('Inspect data'), in view and in edit mode. */
  onInspect?(id: string): void;
  children: ReactNode;
}

/** An icon button of a widget's title bar: its tooltip says what it does, its name also which widget. */
function FrameAction({
  icon,
  tip,
  name,
  danger,
  onClick,
}: {
  icon: ReactNode;
  tip: string;
  name: string;
  danger?: boolean;
  onClick(): void;
}) {
  return (
    <Tooltip title={tip}>
      <Button type="text" size="small" danger={danger} icon={icon} aria-label={name} onClick={onClick} />
    </Tooltip>
  );
}

/**
 * A widget on the grid: its title, its 'Inspect data' button and, in edit mode, its edit and delete
 * buttons. A plain section in the theme's colours: a dashboard draws dozens, and a card of the
 * component library renders and styles much more than a title bar (tabs, cover, loading skeleton).
 */
export function WidgetFrame({
  id,
  title,
  icon,
  editing,
  highlighted = false,
  onMove,
  onArrange,
  onEdit,
  onRemove,
  onInspect,
  children,
}: WidgetFrameProps) {
  const { t } = useTranslation();
  const [body, scrolling] = useScrollRegion<HTMLDivElement>(title);
  const inspect = onInspect ? (
    <FrameAction
      icon={<TableOutlined />}
      tip={t('dashboard.inspect.open')}
      name={t('dashboard.inspect.title', { title })}
      onClick={() => onInspect(id)}
    />
  ) : null;
  const extra = editing ? (
    <Space size={0} className="widget-actions">
      {inspect}
      {onMove ? (
        <>
          <FrameAction
            icon={<ArrowUpOutlined />}
            tip={t('dashboard.moveUp')}
            name={`${t('dashboard.moveUp')}: ${title}`}
            onClick={() => onMove(id, -1)}
          />
          <FrameAction
            icon={<ArrowDownOutlined />}
            tip={t('dashboard.moveDown')}
            name={`${t('dashboard.moveDown')}: ${title}`}
            onClick={() => onMove(id, 1)}
          />
        </>
      ) : null}
      <FrameAction
        icon={<EditOutlined />}
        tip={t('common.edit')}
        name={`${t('common.edit')}: ${title}`}
        onClick={() => onEdit(id)}
      />
      <FrameAction
        icon={<DeleteOutlined />}
        tip={t('common.delete')}
        name={`${t('common.delete')}: ${title}`}
        danger
        onClick={() => onRemove(id)}
      />
    </Space>
  ) : (
    inspect
  );
  const { token } = theme.useToken();
  const frame = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!highlighted) return;
    const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    frame.current?.scrollIntoView({ block: 'center', behavior: still ? 'auto' : 'smooth' });
  }, [highlighted]);
  return (
    <section
      ref={frame}
      role="region"
      aria-label={title}
      data-highlighted={highlighted || undefined}
      style={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        background: token.colorBgContainer,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        color: token.colorText,
        boxShadow: highlighted ? `0 0 0 3px ${token.colorPrimary}` : 'none',
        transition: 'box-shadow 0.6s',
      }}
    >
      <header
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 8,
          minHeight: 38,
          padding: '0 12px',
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
          fontWeight: token.fontWeightStrong,
        }}
      >
        <span
          className={editing ? 'widget-drag-handle' : undefined}
          {...(editing && onArrange
            ? {
                role: 'button',
                tabIndex: 0,
                'aria-label': t('dashboard.arrangeWidget', { title }),
                'aria-describedby': ARRANGE_HINT_ID,
                onKeyDown: (event: KeyboardEvent) => {
                  const step = stepOfKey(event.key, event.shiftKey);
                  if (!step) return;
                  event.preventDefault();
                  onArrange(id, step);
                },
              }
            : {})}
          style={{
            flex: 1,
            minWidth: 0,
            display: 'flex',
            alignItems: 'center',
            gap: 8,
            cursor: editing ? 'move' : undefined,
          }}
        >
          <WidgetIcon name={icon} />
          <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{title}</span>
        </span>
        {extra}
      </header>
      {/* Content taller or wider than the widget scrolls, and then takes keyboard focus so that it can be scrolled without a mouse. */}
      <div ref={body} {...scrolling} style={{ flex: 1, minHeight: 0, overflow: 'auto', padding: 8 }}>
        {children}
      </div>
    </section>
  );
}
