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
  // The icon in the status's own colour; the word in the shade of it that reads on the widget (AA).
  const fill = ok ? token.colorSuccess : token.colorError;
  const ink = ok ? token.colorSuccessText : token.colorErrorText;
  return (
    <span style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 12, height: '100%' }}>
      <Icon aria-hidden style={{ fontSize: 36, color: fill }} />
      <span style={{ display: 'flex', flexDirection: 'column' }}>
        <Typography.Text strong style={{ fontSize: 24, color: ink }}>
          {text}
        </Typography.Text>
        {note ? <Typography.Text type="secondary">{note}</Typography.Text> : null}
      </span>
    </span>
  );
}
