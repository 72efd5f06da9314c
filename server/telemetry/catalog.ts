import type { Kysely } from 'kysely';
import type { Tables } from '../db/tables';
import type { VariableInfo } from './store';

/** A variable with its device and station, as the data calls answer and look them up. */
export interface CatalogVariable extends VariableInfo {
  sn: string;
  name: string;
  code: string | null;
  unit: string;
  controllable: boolean;
  deviceId: number;
  deviceSn: string;
  deviceName: string;
  deviceKind: string;
  deviceModel: string | null;
  stationId: number;
  stationSn: string;
}

/** The variables of one tenant, by id and by serial number. */
export interface TenantCatalog {
  byId: Map<number, CatalogVariable>;
  bySn: Map<string, CatalogVariable>;
  /** The variables of each station, by station serial number. */
  byStation: Map<string, CatalogVariable[]>;
}

/**
 * The tenant's stations, devices and variables joined, kept in memory: every data call and every
 * ingested batch looks variables up by serial number. A change to a station, device or variable
 * drops the tenant's copy.
 */
export class Catalog {
  private readonly tenants = new Map<number, Promise<TenantCatalog>>();

  /** `cached`: whether a copy may be kept (not while a node of a cluster may miss changes). */
  constructor(
    private readonly db: Kysely<Tables>,
    private readonly cached: () => boolean = () => true,
  ) {}

  invalidate(tenantId: number): void {
    this.tenants.delete(tenantId);
  }

  /** Drops every tenant's copy. */
  clear(): void {
    this.tenants.clear();
  }

  of(tenantId: number): Promise<TenantCatalog> {
    if (!this.cached()) return this.load(tenantId);
    let catalog = this.tenants.get(tenantId);
    if (!catalog) {
      catalog = this.load(tenantId);
      catalog.catch(() => this.tenants.delete(tenantId));
      this.tenants.set(tenantId, catalog);
    }
    return catalog;
  }

  private async load(tenantId: number): Promise<TenantCatalog> {
    const rows = await this.db
      .selectFrom('deviceVariable as v')
      .innerJoin('device as d', 'd.id', 'v.deviceId')
      .innerJoin('station as s', 's.id', 'd.stationId')
      .select([
        'v.id as id',
        'v.sn as sn',
        'v.name as name',
        'v.code as code',
        'v.unit as unit',
        'v.kind as kind',
        'v.controllable as controllable',
        'd.id as deviceId',
        'd.sn as deviceSn',
        'd.name as deviceName',
        'd.kind as deviceKind',
        'd.model as deviceModel',
        's.id as stationId',
        's.sn as stationSn',
        's.timeZone as zone',
      ])
      .where('v.tenantId', '=', tenantId)
      .where('d.tenantId', '=', tenantId)
      .where('s.tenantId', '=', tenantId)
      .orderBy('v.id')
      .execute();
    const catalog: TenantCatalog = { byId: new Map(), bySn: new Map(), byStation: new Map() };
    for (const row of rows) {
      const variable: CatalogVariable = {
        id: Number(row.id),
        tenantId,
        sn: String(row.sn),
        name: String(row.name),
        code: row.code === null ? null : String(row.code),
        unit: row.unit === null ? '' : String(row.unit),
        kind: String(row.kind) as CatalogVariable['kind'],
        controllable: row.controllable === 1,
        deviceId: Number(row.deviceId),
        deviceSn: String(row.deviceSn),
        deviceName: String(row.deviceName),
        deviceKind: String(row.deviceKind),
        deviceModel: row.deviceModel ? String(row.deviceModel) : null,
        stationId: Number(row.stationId),
        stationSn: String(row.stationSn),
        zone: row.zone ? String(row.zone) : 'Asia/Shanghai',
      };
      catalog.byId.set(variable.id, variable);
      catalog.bySn.set(variable.sn, variable);
      // Pushed, not copied: a station of 100,000 variables copied its list once a variable (minutes of CPU).
      const ofStation = catalog.byStation.get(variable.stationSn);
      if (ofStation) ofStation.push(variable);
      else catalog.byStation.set(variable.stationSn, [variable]);
    }
    return catalog;
  }
}
