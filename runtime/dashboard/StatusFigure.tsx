import { Typography, theme } from 'antd';
import type { ComponentType, CSSProperties } from 'react';

export interface StatusFigureProps {
  /** Normal (green) or not (red). */
  ok: boolean;
  icon: ComponentType<{ style?: CSSProperties; 'aria-hidden'?: boolean }>;
  text: string;
  /** A line under the text (a count), when there is one. */
  note?: string;
}

/** A station status as the status widgets show it: a large icon and a word in green or red, with an optional note. */
export function StatusFigure({ ok, icon: Icon, text, note }: StatusFigureProps) {
  const { token } = theme.useToken();
  const color = ok ? token.colorSuccess : token.colorError;
  return (
    <span style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 12, height: '100%' }}>
      <Icon aria-hidden style={{ fontSize: 36, color }} />
      <span style={{ display: 'flex', flexDirection: 'column' }}>
        <Typography.Text strong style={{ fontSize: 24, color }}>
          {text}
        </Typography.Text>
        {note ? <Typography.Text type="secondary">{note}</Typography.Text> : null}
      </span>
    </span>
  );
}
