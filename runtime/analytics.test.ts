import { describe, expect, test, vi } from 'vitest';
import { createAnalytics } from './analytics';

describe('analytics', () => {
  test('without a destination nothing is sent', () => {
    const send = vi.fn();
    createAnalytics(undefined, send).pageView({ path: '/main/appliance/customer', time: 1 });
    createAnalytics('', send).pageView({ path: '/main', time: 2 });
    expect(send).not.toHaveBeenCalled();
  });

  test('with a destination each page view is sent there', () => {
    const send = vi.fn();
    createAnalytics('https://stats.example/collect', send).pageView({
      path: '/main/overview',
      route: 'EnterpriseHeadlines',
      time: 3,
    });
    expect(send).toHaveBeenCalledWith(
      'https://stats.example/collect',
      '{"path":"/main/overview","route":"EnterpriseHeadlines","time":3}',
    );
  });
});
