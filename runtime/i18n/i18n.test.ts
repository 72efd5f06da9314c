import { expect, test, vi } from 'vitest';

test("the screens' labels (the entities' among them) load when a screen asks for them, into each language read then and read later", async () => {
  // A module of its own: the test set-up has loaded every label into the shared one.
  vi.resetModules();
  const { i18nFor, loadLanguage, withLabels } = await import('./i18n');
  await loadLanguage('en');
  const en = i18nFor('en');
  expect(en.t('common.home')).toBe('Home');
  expect(en.exists('entities.customer.title')).toBe(false);

  const screen = await withLabels('screens', () => Promise.resolve('the screen code'))();
  expect(screen).toBe('the screen code');
  expect(en.t('entities.customer.title')).toBe('Customer');

  await loadLanguage('zh');
  expect(i18nFor('zh').t('entities.customer.title')).toBe('客户');
});

test("the sign-in page's labels load alone; the other screens' labels load when a screen asks for them", async () => {
  vi.resetModules();
  const { i18nFor, loadLanguage, requireLabels } = await import('./i18n');
  await loadLanguage('en');
  const en = i18nFor('en');
  expect(en.t('login.submit')).toBe('Sign in');
  expect(en.exists('routes.LearningVideos.title')).toBe(false);
  await requireLabels('main');
  expect(en.t('routes.LearningVideos.title')).toBe('Video courses');
});
