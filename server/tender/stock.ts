import type { TenantScope } from '../auth/context';
import { tenantData } from '../db/tenantScope';
import { ApiError } from '../errors';
import type { Handler, Services } from '../http/services';
import type { EntityRecord } from '../resources/repository';

/** A movement as recorded: into the store or out of it. */
export interface MovementInput {
  materialId: number;
  direction: 'in' | 'out';
  quantity: number;
  movementDate: string;
  remark?: string;
}

/** How often a movement is tried again when another one changed the same stock meanwhile. */
const ATTEMPTS = 5;

/** Quantities have two decimals; sums of them are kept free of binary noise. */
const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * Records a movement and changes its material's stock, in one transaction. The stock is
 * compared and set (it changes only when it still holds the value read), so two movements at
 * the same time cannot both take the last items: the later one reads the new stock and, when it
 * is not enough, is refused with 409 and writes nothing.
 */
export async function recordMovement(services: Services, scope: TenantScope, input: MovementInput): Promise<EntityRecord> {
  const { repository } = services;
  const table = repository.model('material').table;
  for (let attempt = 1; ; attempt += 1) {
    const result = await tenantData(services.database, scope.tenantId)
      .transaction()
      .execute(async (trx) => {
        const material = await repository.get(scope, 'material', input.materialId, trx);
        const stock = typeof material.stock === 'number' ? material.stock : 0;
        const next = round2(input.direction === 'in' ? stock + input.quantity : stock - input.quantity);
        if (next < 0) {
          throw new ApiError('stockInsufficient', {
            material: String(material.name),
            stock: String(stock),
            quantity: String(input.quantity),
          });
        }
        let update = trx
          .updateTable(table)
          .set({ stock: next, updateTime: new Date().toISOString() })
          .where('tenantId', '=', scope.tenantId)
          .where('id', '=', input.materialId);
        update = material.stock === undefined ? update.where('stock', 'is', null) : update.where('stock', '=', stock);
        const changed = await update.executeTakeFirst();
        if (Number(changed.numUpdatedRows) !== 1) return undefined;
        return repository.create(scope, 'materialMovement', { ...input }, { db: trx, set: { balance: next } });
      });
    if (result) return result;
    if (attempt >= ATTEMPTS) throw new ApiError('conflict');
  }
}

/** `POST /manager/materialStoreDetail`: a movement in or out of the store, with the stock it leaves. */
export const saveMaterialMovement: Handler = (call) => recordMovement(call.services, call.scope(), call.body as MovementInput);
