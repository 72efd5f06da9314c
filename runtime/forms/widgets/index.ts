import type { RegistryFieldsType, RegistryWidgetsType } from '@rjsf/utils';
import { CallOptionsSelect } from './CallOptionsSelect';
import { ColorPicker } from './ColorPicker';
import { DeviceVarField } from './DeviceVarField';
import { FileListUpload } from './FileListUpload';
import { HiddenField } from './HiddenField';
import { IconPicker } from './IconPicker';
import { ImageUpload } from './ImageUpload';
import { LookupField } from './LookupField';
import { MoneyInput } from './MoneyInput';
import { OptionGroups } from './OptionGroups';
import { ProposedInput } from './ProposedInput';
import { RefSelect } from './RefSelect';
import { RichText } from './RichText';
import { SelectWidget } from './SelectWidget';
import { StationCameraSelect } from './StationCameraSelect';
import { StationEnergyLabelSelect } from './StationEnergyLabelSelect';
import { SuggestInput } from './SuggestInput';
import { TimeZoneInput } from './TimeZoneInput';

/** Form widgets by the name a UI schema gives in `ui:widget`; `SelectWidget` takes the place of the theme's. */
export const formWidgets: RegistryWidgetsType = {
  SelectWidget,
  RefSelect,
  CallOptionsSelect,
  OptionGroups,
  ImageUpload,
  FileListUpload,
  IconPicker,
  ColorPicker,
  RichText,
  MoneyInput,
  StationCameraSelect,
  StationEnergyLabelSelect,
  TimeZoneInput,
  SuggestInput,
  ProposedInput,
};

/** Form fields by the name a UI schema gives in `ui:field`. */
export const formFields: RegistryFieldsType = { DeviceVar: DeviceVarField, Hidden: HiddenField, Lookup: LookupField };
