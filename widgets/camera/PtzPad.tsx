import {
  ArrowDownOutlined,
  ArrowLeftOutlined,
  ArrowRightOutlined,
  ArrowUpOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { Button, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { label, useRuntime } from '../../runtime';
import {
  directionName,
  isPressKey,
  PTZ,
  PTZ_PAD,
  PTZ_ZOOM,
  ptzCall,
  ptzText,
  type PtzDirection,
  type PtzPhase,
  type PtzState,
  type Translate,
} from './rules';

export interface PtzPadProps {
  cameraId: number;
  /** In edit mode the pad is shown but cannot move the camera. */
  disabled: boolean;
}

const ARROW: Partial<Record<PtzDirection, ReactNode>> = {
  [PTZ.up]: <ArrowUpOutlined />,
  [PTZ.down]: <ArrowDownOutlined />,
  [PTZ.left]: <ArrowLeftOutlined />,
  [PTZ.right]: <ArrowRightOutlined />,
  [PTZ.upLeft]: <ArrowUpOutlined rotate={-45} />,
  [PTZ.upRight]: <ArrowUpOutlined rotate={45} />,
  [PTZ.downLeft]: <ArrowDownOutlined rotate={45} />,
  [PTZ.downRight]: <ArrowDownOutlined rotate={-45} />,
  [PTZ.zoomIn]: <ZoomInOutlined />,
  [PTZ.zoomOut]: <ZoomOutOutlined />,
};

/**
 * The PTZ pad: holding a direction (pointer or Enter/Space) moves the camera — `ptzStart` on
 * press, `ptzStop` on release, sent in that order even when the release comes before the start
 * is answered; leaving the button, losing focus or the widget going away releases it too. The
 * last result or failure is read out under the pad.
 */
export function PtzPad({ cameraId, disabled }: PtzPadProps) {
  const { t } = useTranslation();
  const translate: Translate = useCallback((key, params) => label(t, key, params), [t]);
  const { api } = useRuntime();
  const [state, setState] = useState<PtzState>({ status: 'idle' });
  const held = useRef<PtzDirection | null>(null);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const live = useRef(true);

  const send = useCallback(
    (direction: PtzDirection, phase: PtzPhase) => {
      const { operationId, params } = ptzCall(cameraId, direction, phase);
      queue.current = queue.current.then(async () => {
        try {
          await api.call(operationId, { params }, { silent: true });
          if (live.current) setState({ status: phase === 'start' ? 'moving' : 'stopped', direction });
        } catch (error) {
          const message = error instanceof Error && error.message ? error.message : t('widgets.common.failed');
          if (live.current) setState({ status: 'failed', direction, message });
        }
      });
    },
    [api, cameraId, t],
  );
  const press = (direction: PtzDirection) => {
    if (disabled || held.current !== null) return;
    held.current = direction;
    send(direction, 'start');
  };
  const release = useCallback(() => {
    const direction = held.current;
    if (direction === null) return;
    held.current = null;
    send(direction, 'stop');
  }, [send]);

  // A camera still moving when the widget goes away (or shows another camera) is stopped.
  useEffect(() => {
    live.current = true;
    return () => {
      release();
      live.current = false;
    };
  }, [release]);

  const button = (direction: PtzDirection) => (
    <Button
      key={direction}
      aria-label={directionName(translate, direction)}
      icon={ARROW[direction]}
      disabled={disabled}
      style={{ touchAction: 'none' }}
      onPointerDown={(event: PointerEvent) => {
        if (event.pointerType === 'mouse' && event.button !== 0) return;
        press(direction);
      }}
      onPointerUp={release}
      onPointerLeave={release}
      onPointerCancel={release}
      onBlur={release}
      onKeyDown={(event: KeyboardEvent) => {
        if (!isPressKey(event.key)) return;
        event.preventDefault();
        if (!event.repeat) press(direction);
      }}
      onKeyUp={(event: KeyboardEvent) => {
        if (!isPressKey(event.key)) return;
        event.preventDefault();
        release();
      }}
    />
  );

  const text = ptzText(translate, state);
  return (
    <div role="group" aria-label={t('widgets.camera.ptz')} style={{ display: 'flex', flexDirection: 'column', gap: 6 }}>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(3, 32px)', gap: 4 }}>
        {PTZ_PAD.flat().map((direction, index) => (direction === null ? <span key={`gap${index}`} /> : button(direction)))}
      </div>
      <div style={{ display: 'flex', gap: 4 }}>{PTZ_ZOOM.map(button)}</div>
      <Typography.Text
        role="status"
        type={state.status === 'failed' ? 'danger' : 'secondary'}
        style={{ fontSize: 12, minHeight: 20, maxWidth: 104 }}
      >
        {text}
      </Typography.Text>
    </div>
  );
}
