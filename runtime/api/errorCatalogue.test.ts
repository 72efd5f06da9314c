import { describe, expect, test } from 'vitest';
import { createI18n } from '../i18n/i18n';
import { statusMessageKey } from './errorCatalogue';

describe('HTTP error catalogue', () => {
  const en = createI18n('en').t;
  const zh = createI18n('zh').t;
  const message = (t: typeof en, status: number) => {
    const { key, params } = statusMessageKey(status);
    return String(t(key as never, params as never));
  };

  test.each([
    [400, 'Request error', '请求错误'],
    [401, 'Login timed out, please sign in again', '登录超时，请重新登录'],
    [403, 'Access denied', '拒绝访问'],
    [404, 'Request error', '请求错误'],
    [408, 'Request timeout', '请求超时'],
    [500, 'Server error', '服务器错误'],
    [501, 'Service not implemented', '服务未实现'],
    [502, 'Network error', '网络错误'],
    [503, 'Service unavailable', '服务不可用'],
    [504, 'Network timeout', '网络超时'],
    [505, 'HTTP version not supported', 'HTTP版本不受支持'],
  ])('%i has its own message', (status, english, chinese) => {
    expect(message(en, status)).toBe(english);
    expect(message(zh, status)).toBe(chinese);
  });

  test('any other status is a connection error with the code', () => {
    expect(message(en, 418)).toBe('Connection error 418');
    expect(message(zh, 507)).toBe('连接错误507');
  });
});
