import { useTranslation } from 'react-i18next';
import { WidgetStatus, type WidgetViewProps } from '../../runtime/dashboard';
import { imageSource, type ImageConfig } from './rules';

export function ImageView({ config, data }: WidgetViewProps<ImageConfig>) {
  const { t } = useTranslation();
  const src = imageSource(config);
  return (
    <WidgetStatus data={data} empty={src ? false : t('widgets.common.pleaseConfigure')}>
      {() => (
        <img
          src={src}
          // The name describes the picture; a picture without one is still announced as the widget's kind.
          alt={config.name || t('widgets.image.title')}
          style={{ display: 'block', width: '100%', height: '100%', objectFit: 'contain' }}
        />
      )}
    </WidgetStatus>
  );
}
