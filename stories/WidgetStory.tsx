import { useMemo } from 'react';
import type { Language, ThemeName } from '../runtime';
import type { AnyWidgetDefinition, SlotState, StationContext, WidgetConfig } from '../runtime/dashboard';
import { StoryFrame } from './StoryFrame';

/** The station the widget stories show: the demo's storage station T2-ST1, at a fixed instant. */
export const STORY_STATION: StationContext = {
  sn: 'T2-ST1',
  name: '储能示范站',
  timeZone: 'Asia/Shanghai',
  fields: {
    sn: 'T2-ST1',
    name: '储能示范站',
    address: '上海市浦东新区张江路 100 号',
    fixLineTelephone: '021-50000000',
    capacity: 2000,
    powerSupplyType: 'dual',
    voltageClass: '10kV',
    initialTime: '2024-06-01 00:00:00',
    operatingDays: 904,
  },
};
export const STORY_NOW = Date.parse('2026-11-21T06:30:00Z');

export interface WidgetStoryArgs {
  definition: AnyWidgetDefinition;
  config: WidgetConfig;
  /** The answers of the widget's needs, by slot, as the data calls answer them. */
  data: Record<string, SlotState>;
  lng: Language;
  theme: ThemeName;
  editing?: boolean;
  /** Receives the route names the view navigates to (`actions.navigate`). */
  onNavigate?(route: string, query?: Record<string, string>): void;
}

/** A widget's view in a language and theme, sized as on the desktop grid, with given answers. */
export function WidgetStory({ definition, config, data, lng, theme, editing = false, onNavigate }: WidgetStoryArgs) {
  const { View } = definition;
  const context = useMemo(() => ({ station: STORY_STATION, now: STORY_NOW }), []);
  const actions = useMemo(
    () => ({
      refresh: () => undefined,
      navigate: (route: string, query?: Record<string, string>) => (query ? onNavigate?.(route, query) : onNavigate?.(route)),
    }),
    [onNavigate],
  );
  return (
    <StoryFrame lng={lng} theme={theme}>
      <div style={{ width: definition.size.w * 50, height: definition.size.h * 40 }}>
        <View id="story" config={config} data={data} context={context} editing={editing} actions={actions} />
      </div>
    </StoryFrame>
  );
}
