import { describe, expect, test } from 'vitest';
import { returnPath, signInPath } from './session';

describe('the page a sign-in returns to', () => {
  test.each([
    ['?redirect=%2Fmain%2Franking%3Flng%3Den', '/main/ranking?lng=en'],
    ['?lng=en&redirect=%2Fmain%2Fappliance%2Fsales', '/main/appliance/sales'],
    ['', '/landing'],
    ['?lng=en', '/landing'],
    // Not a path of this application: another site, a protocol-relative address, the sign-in page itself.
    ['?redirect=https%3A%2F%2Fexample.com%2F', '/landing'],
    ['?redirect=%2F%2Fexample.com%2Fx', '/landing'],
    ['?redirect=%2F%5Cexample.com', '/landing'],
    ['?redirect=javascript%3Aalert(1)', '/landing'],
    ['?redirect=%2Flogin%3Fredirect%3D%2Fmain', '/landing'],
  ])('%s returns to %s', (search, path) => {
    expect(returnPath(search, '/landing')).toBe(path);
  });

  test('the sign-in page carries the page asked for, and gives it back', () => {
    const path = '/main/appliance/customer?name=a&b=c';
    const login = signInPath(path);
    expect(login).toBe('/login?redirect=%2Fmain%2Fappliance%2Fcustomer%3Fname%3Da%26b%3Dc');
    expect(returnPath(login.slice(login.indexOf('?')), '/landing')).toBe(path);
  });
});
