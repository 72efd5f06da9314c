import { expectTypeOf, test } from 'vitest';
import type { Customer, CustomerState, LoginRequest } from '../../generated/types';
import type { CallInput, CallResult } from './client';

test('calls are typed from the OpenAPI document', () => {
  expectTypeOf<CallResult<'getCustomerInfoById'>>().toEqualTypeOf<Customer>();
  expectTypeOf<CallResult<'getCustomerList'>['records']>().toEqualTypeOf<Customer[]>();
  expectTypeOf<CallResult<'deleteCustomer'>>().toEqualTypeOf<boolean>();
  expectTypeOf<CallResult<'getClientToken'>['access_token']>().toEqualTypeOf<string>();
  expectTypeOf<NonNullable<CallInput<'pcLogin'>['body']>>().toEqualTypeOf<LoginRequest>();
});

test('entity types carry the enumerations of the schemas', () => {
  expectTypeOf<Customer['state']>().toEqualTypeOf<CustomerState | undefined>();
  expectTypeOf<CustomerState>().toEqualTypeOf<'developing' | 'deal' | 'repeat_deal' | 'lost'>();
  expectTypeOf<Customer['name']>().toEqualTypeOf<string>();
});
