import type { RegistryWidgetsType } from '@rjsf/utils';
import { ImageUpload } from './ImageUpload';
import { RefSelect } from './RefSelect';

/** Form widgets by the name a UI schema gives in `ui:widget`. */
export const formWidgets: RegistryWidgetsType = { RefSelect, ImageUpload };
