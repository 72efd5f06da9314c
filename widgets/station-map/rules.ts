import type { Needs, SlotState } from '../../runtime/dashboard/needs';
import { widgetDataRules } from '../../runtime/dashboard/widget';
import type { StationMapConfig } from '../../generated/widgetConfigs';
import type { ChartOption } from '../../runtime/charts/option';
import { located, placesOption } from '../../runtime/charts/places';
import { registerLand } from '../../runtime/charts/land';

export type { StationMapConfig };

/** A station with a place on the map. */
export interface PlacedStation {
  sn: string;
  name: string;
  /** The dashboard's station. */
  current: boolean;
  longitude: number;
  latitude: number;
}

interface StationRecord {
  sn: string;
  name: string;
  latitude?: number;
  longitude?: number;
}

/** The stations of the `listStations` answer: those with a place, and the names of those without. */
export function stationsOf(slot: SlotState | undefined, currentSn: string): { placed: PlacedStation[]; unplaced: string[] } {
  const records = slot?.status === 'ready' && Array.isArray(slot.data) ? (slot.data as StationRecord[]) : [];
  const placed = records.filter(located).map((station) => ({
    sn: station.sn,
    name: station.name,
    current: station.sn === currentSn,
    longitude: station.longitude,
    latitude: station.latitude,
  }));
  // The current station is drawn last, so that it lies on top of its neighbours.
  placed.sort((a, b) => Number(a.current) - Number(b.current));
  return { placed, unplaced: records.filter((station) => !located(station)).map((station) => station.name) };
}

/** The colours of the map (the theme's) and how it names the current station. */
export interface StationMapLook {
  /** The current station's marker (the primary colour). */
  current: string;
  /** The other stations' markers (the info colour). */
  other: string;
  /** Names beside the markers. */
  text: string;
  /** The current station's name. */
  currentText: string;
  /** The ring around markers and names, in the colour of the widget's ground, that keeps them apart from the land. */
  halo: string;
  /** The current station's name as its tooltip writes it (it says that this is the current station). */
  currentName(name: string): string;
}

/** Marker diameters, px: the current station's stands out. */
export const SYMBOL_SIZE = { current: 14, other: 9 } as const;

/**
 * The ECharts option of the map (`placesOption`): the stations on the land, fitted to them, the
 * current one larger and in its own colour, drawn last (on top), its name kept where names overlap.
 */
export function stationMapOption(
  config: Pick<StationMapConfig, 'projection' | 'minSpan' | 'showNames'>,
  placed: PlacedStation[],
  look: StationMapLook,
): ChartOption {
  return placesOption(
    placed.map((station) => ({
      name: station.name,
      tooltip: station.current ? look.currentName(station.name) : station.name,
      longitude: station.longitude,
      latitude: station.latitude,
      size: station.current ? SYMBOL_SIZE.current : SYMBOL_SIZE.other,
      color: station.current ? look.current : look.other,
      ...(station.current ? { label: { color: look.currentText, fontWeight: 600 }, glow: true } : {}),
    })),
    { ...config, text: look.text, halo: look.halo },
  );
}

/** What this widget asks the server for (see `WidgetDataRules`). */
export const dataRules = widgetDataRules<StationMapConfig>({
  type: 'stationMap',
  needs(): Needs {
    return { stations: { operationId: 'listStations' } };
  },
  // The land the stations are drawn on: a chunk of its own, asked for with the station list.
  preload: () => void registerLand(),
});
