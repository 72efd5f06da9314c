import { PictureOutlined } from '@ant-design/icons';
import { defineWidget } from '../../runtime/dashboard';
import { ImageView } from './ImageView';
import { dataRules, type ImageConfig } from './rules';

/** Image: one uploaded picture, with its name as alternative text. */
export const image = defineWidget<ImageConfig>({
  ...dataRules,
  group: 'content',
  icon: <PictureOutlined />,
  size: { w: 6, h: 8 },
  View: ImageView,
  // Format 1 had the same fields.
  migrate: (config) => config,
});
