import { FileTextOutlined } from '@ant-design/icons';
import { defineWidget } from '../../runtime/dashboard';
import { CustomTextView } from './CustomTextView';
import { dataRules, type CustomTextConfig } from './rules';

/** Custom text: a rich text written in the configuration dialog, shown sanitised. */
export const customText = defineWidget<CustomTextConfig>({
  ...dataRules,
  group: 'content',
  icon: <FileTextOutlined />,
  size: { w: 8, h: 8 },
  View: CustomTextView,
  // Format 1 had the same fields.
  migrate: (config) => config,
});
