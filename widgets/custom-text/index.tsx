import { FileTextOutlined } from '@ant-design/icons';
import { defineWidget } from '../../runtime/dashboard';
import { CustomTextView } from './CustomTextView';
import type { CustomTextConfig } from './rules';

/** Custom text: a rich text written in the configuration dialog, shown sanitised. */
export const customText = defineWidget<CustomTextConfig>({
  type: 'customText',
  group: 'content',
  icon: <FileTextOutlined />,
  size: { w: 8, h: 8 },
  needs: () => ({}),
  View: CustomTextView,
  // Format 1 had the same fields.
  migrate: (config) => config,
});
