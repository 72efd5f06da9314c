import { expectTypeOf, test } from 'vitest';
import type { components } from '../../generated/api';
import type { BatchableOperationId } from '../../generated/registry';
import type { DataBatchFailure, DataBatchUnchanged, RealtimeValue, TrendSeries } from '../../generated/types';
import type { CallResult } from '../api/client';
import type { needAnswer } from './batchFetcher';
import type { NeedData, NeedSuccess } from './needs';
import type { NeedAnswer } from './scheduler';

test("a need's data is typed as its own call answers it, for every batchable call", () => {
  expectTypeOf<NeedData<'getHistoryTrend'>>().not.toBeUnknown();
  expectTypeOf<NeedData<'getHistoryTrend'>>().toEqualTypeOf<TrendSeries[]>();
  expectTypeOf<NeedData<'getRealtimeData'>>().toEqualTypeOf<RealtimeValue[]>();
  expectTypeOf<{ [Id in BatchableOperationId]: NeedData<Id> }>().toEqualTypeOf<{
    [Id in BatchableOperationId]: CallResult<Id>;
  }>();
});

test('the batch answer documents exactly the batchable calls, an answer unchanged, and the failure of any need', () => {
  expectTypeOf<NeedSuccess['operationId']>().toEqualTypeOf<BatchableOperationId>();
  expectTypeOf<NeedSuccess['version']>().toEqualTypeOf<string>();
  expectTypeOf<CallResult<'getDashboardData'>>().toEqualTypeOf<(NeedSuccess | DataBatchUnchanged | DataBatchFailure)[]>();
  expectTypeOf<DataBatchFailure['operationId']>().toEqualTypeOf<string>();
});

test('an answer is narrowed by its operationId', () => {
  const answer = {} as ReturnType<typeof needAnswer>;
  expectTypeOf(answer).toEqualTypeOf<NeedAnswer>();
  if (answer.ok && !answer.unchanged && answer.operationId === 'getHistoryTrend')
    expectTypeOf(answer.data).toEqualTypeOf<TrendSeries[]>();
  if (answer.ok && !answer.unchanged && answer.operationId === 'getRealtimeData')
    expectTypeOf(answer.data).toEqualTypeOf<RealtimeValue[]>();
  if (answer.ok && answer.unchanged) expectTypeOf(answer).toEqualTypeOf<{ ok: true; unchanged: true; version: string }>();
  if (!answer.ok) expectTypeOf(answer).toEqualTypeOf<{ ok: false; code: number; message: string }>();
  const success = {} as components['schemas']['DataBatchSuccess'];
  if (success.operationId === 'getHistoryTrend') expectTypeOf(success.data).toEqualTypeOf<TrendSeries[]>();
});

test('a need answer can be asked for one call', () => {
  expectTypeOf<Extract<NeedAnswer<'getHistoryTrend'>, { ok: true; unchanged?: undefined }>['data']>().toEqualTypeOf<
    TrendSeries[]
  >();
});
