import { Empty, Space, Tag, theme, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Camera, CaptureRecord } from '../../generated/types';
import { label } from '../../runtime';
import { WidgetStatus, type WidgetViewProps } from '../../runtime/dashboard';
import { PtzPad } from './PtzPad';
import {
  cameraShown,
  capturedText,
  captureTime,
  emptyText,
  noCaptureText,
  PICTURE_SIZE,
  pictureSource,
  THUMBNAIL_SIZE,
  type CameraConfig,
  type Translate,
} from './rules';

/** The camera's name, state, place and stream address. */
function CameraInfo({ camera, translate }: { camera: Camera; translate: Translate }) {
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
      <Space size={4} wrap>
        <Typography.Text strong>{camera.name}</Typography.Text>
        <Tag color={camera.enabled === false ? 'default' : 'green'}>
          {translate(camera.enabled === false ? 'widgets.camera.disabled' : 'widgets.camera.enabled')}
        </Tag>
        <Tag>{translate(camera.ptz ? 'widgets.camera.ptzCamera' : 'widgets.camera.fixedCamera')}</Tag>
      </Space>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {translate('widgets.camera.location')}: {camera.location || '--'}
      </Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12 }} title={translate('widgets.camera.streamNote')}>
        {translate('widgets.camera.stream')}:{' '}
        {camera.streamUrl ? (
          <Typography.Text code copyable style={{ fontSize: 12 }}>
            {camera.streamUrl}
          </Typography.Text>
        ) : (
          translate('widgets.camera.noStream')
        )}
      </Typography.Text>
    </div>
  );
}

/**
 * One camera of the station: its name, state, place and stream address (browsers cannot play
 * RTSP, so the address is given to copy into a video client), its latest captured picture with
 * when and by whom, earlier captures as thumbnails that show it large, and for a PTZ camera the
 * pad that moves it (outside edit mode).
 */
export function CameraView({ config, data, context, editing }: WidgetViewProps<CameraConfig>) {
  const { t } = useTranslation();
  const translate: Translate = useCallback((key, params) => label(t, key, params), [t]);
  const { token } = theme.useToken();
  const [selected, setSelected] = useState<number | undefined>();
  const shown = cameraShown(config, data);
  const zone = context.station.timeZone;

  return (
    <WidgetStatus data={data} empty={emptyText(translate, shown)}>
      {() => {
        if (shown?.kind !== 'camera') return null;
        const { camera, captures, window } = shown;
        const picture: CaptureRecord | undefined = captures.find((capture) => capture.id === selected) ?? captures[0];
        const src = pictureSource(picture?.url, PICTURE_SIZE);
        return (
          // The widget's frame scrolls what does not fit, and then takes keyboard focus under the
          // widget's title: a scroll of the widget's own would be one a keyboard cannot reach.
          <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
            <CameraInfo camera={camera} translate={translate} />
            <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap', alignItems: 'flex-start' }}>
              <figure style={{ flex: '1 1 220px', minWidth: 0, margin: 0 }}>
                {picture && src ? (
                  <>
                    <img
                      src={src}
                      alt={translate('widgets.camera.picture', {
                        camera: camera.name,
                        time: captureTime(picture.captureTime, zone),
                      })}
                      style={{
                        display: 'block',
                        width: '100%',
                        aspectRatio: '16 / 9',
                        objectFit: 'contain',
                        background: token.colorFillQuaternary,
                        borderRadius: token.borderRadius,
                      }}
                    />
                    <figcaption>
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {capturedText(translate, picture, zone)}
                      </Typography.Text>
                    </figcaption>
                  </>
                ) : (
                  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={noCaptureText(translate, window)} />
                )}
              </figure>
              {camera.ptz && camera.id !== undefined ? <PtzPad cameraId={camera.id} disabled={editing} /> : null}
            </div>
            {captures.length > 1 ? (
              <ul
                aria-label={translate('widgets.camera.recent')}
                style={{ display: 'flex', gap: 6, flexWrap: 'wrap', listStyle: 'none', margin: 0, padding: 0 }}
              >
                {captures.map((capture) => {
                  const time = captureTime(capture.captureTime, zone);
                  const current = capture === picture;
                  return (
                    <li key={capture.id}>
                      <button
                        type="button"
                        aria-label={translate('widgets.camera.showCapture', { time })}
                        aria-pressed={current}
                        onClick={() => setSelected(capture.id)}
                        style={{
                          padding: 0,
                          cursor: 'pointer',
                          background: 'none',
                          border: `2px solid ${current ? token.colorPrimary : 'transparent'}`,
                          borderRadius: token.borderRadiusSM,
                        }}
                      >
                        <img
                          src={pictureSource(capture.url, THUMBNAIL_SIZE)}
                          alt=""
                          loading="lazy"
                          style={{ display: 'block', width: 64, height: 36, objectFit: 'cover' }}
                        />
                      </button>
                    </li>
                  );
                })}
              </ul>
            ) : null}
          </div>
        );
      }}
    </WidgetStatus>
  );
}
