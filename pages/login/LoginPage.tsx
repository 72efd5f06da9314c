import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { useScreenLocation } from '../../runtime/shell/screenLocation';
import { ApiCallError } from '../../runtime/api/client';
import { LANDING_PATH, returnPath, session, type Credentials } from '../../runtime/auth/session';
import { LANGUAGES, THEMES, type Language, type ThemeName } from '../../runtime/preferences/preferences';
import { usePreferences, useRuntime } from '../../runtime/RuntimeContext';
import './login.css';

/** Codes with which sign-in asks for a captcha (required, or the one typed was wrong). */
const CAPTCHA_CODES = new Set([40005, 40006]);

type Field = 'username' | 'password' | 'captcha';

/** What a screen that sends the user here may tell them (the router's state): why they are to sign in again. */
export interface SignInState {
  notice?: string;
}

/**
 * A labelled text field with its message beside it. The sign-in page is drawn without the
 * component library: it loads alone, before anything else, and the library would be most of its
 * bytes (docs/decisions.md, "The sign-in page").
 */
function TextField({
  name,
  label,
  type = 'text',
  autoComplete,
  maxLength,
  error,
  onInput,
}: {
  name: Field;
  label: string;
  type?: 'text' | 'password';
  autoComplete: string;
  maxLength?: number;
  error: string | undefined;
  onInput: () => void;
}) {
  const id = `login-${name}`;
  return (
    <div className="app-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onInput={onInput}
      />
      {error ? (
        <div id={`${id}-error`} className="app-field-error">
          {error}
        </div>
      ) : null}
    </div>
  );
}

/** Language and theme, as native selects (the shell's are Ant Design's). */
function StartSwitches() {
  const { t } = useTranslation();
  const { preferences } = useRuntime();
  const { language, theme } = usePreferences();
  return (
    <div className="login-switches">
      <select
        className="app-select"
        aria-label={t('common.language')}
        value={language}
        onChange={(event) => preferences.getState().choose({ language: event.target.value as Language })}
      >
        {LANGUAGES.map((lng) => (
          <option key={lng} value={lng}>
            {t(`common.languages.${lng}`)}
          </option>
        ))}
      </select>
      <select
        className="app-select"
        aria-label={t('common.theme')}
        value={theme}
        onChange={(event) => preferences.getState().choose({ theme: event.target.value as ThemeName })}
      >
        {THEMES.map((name) => (
          <option key={name} value={name}>
            {t(`common.themes.${name}`)}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The login screen: user name and password (and a captcha after repeated failures), then the page
 * the user was sent here from (`?redirect=`), else the landing page. A user already signed in
 * (Back from the first screen after signing in) is taken there at once, not shown the form.
 */
export function LoginPage() {
  const location = useScreenLocation();
  // Read as the page opens: the sign-in this page makes navigates on by itself.
  const [signedIn] = useState(() => session.user() !== undefined);
  if (signedIn) return <Navigate to={returnPath(location.search, LANDING_PATH)} replace />;
  return <SignInForm />;
}

function SignInForm() {
  const { t } = useTranslation();
  const { api } = useRuntime();
  const navigate = useNavigate();
  const location = useScreenLocation();
  const [error, setError] = useState<string>();
  const [missing, setMissing] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  const [captcha, setCaptcha] = useState<{ key: string; image: string }>();
  const notice = (location.state as SignInState | null)?.notice;

  const newCaptcha = async () => setCaptcha(await api.call('getCaptcha', {}, { silent: true }));
  const typed = (field: Field) => () => setMissing(({ [field]: _, ...rest }) => rest);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (field: Field) => String(form.get(field) ?? '');
    const required: [Field, string][] = [
      ['username', t('login.usernameRequired')],
      ['password', t('login.passwordRequired')],
      ...(captcha ? [['captcha', t('errors.captchaRequired')] as [Field, string]] : []),
    ];
    const empty = Object.fromEntries(required.filter(([field]) => value(field).trim() === ''));
    setMissing(empty);
    if (Object.keys(empty).length > 0) {
      event.currentTarget.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    const credentials: Credentials = {
      username: value('username'),
      password: value('password'),
      ...(captcha ? { captcha: value('captcha'), captchaKey: captcha.key } : {}),
    };
    setBusy(true);
    setError(undefined);
    try {
      await session.signIn(api, credentials);
      void navigate(returnPath(location.search, LANDING_PATH));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      if (failure instanceof ApiCallError && (CAPTCHA_CODES.has(failure.code) || captcha)) await newCaptcha();
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="login">
      <StartSwitches />
      <section className="login-card" aria-labelledby="login-title">
        <h1 id="login-title">{t('app.title')}</h1>
        <p className="login-subtitle">{t('login.title')}</p>
        {error ? (
          <div className="login-error" role="alert">
            {error}
          </div>
        ) : notice ? (
          <div className="login-notice" role="status">
            {notice}
          </div>
        ) : null}
        <form noValidate onSubmit={(event) => void submit(event)}>
          <TextField
            name="username"
            label={t('login.username')}
            autoComplete="username"
            error={missing.username}
            onInput={typed('username')}
          />
          <TextField
            name="password"
            type="password"
            label={t('login.password')}
            autoComplete="current-password"
            error={missing.password}
            onInput={typed('password')}
          />
          {captcha ? (
            <div className="login-captcha">
              <TextField
                name="captcha"
                label={t('login.captcha')}
                autoComplete="off"
                maxLength={8}
                error={missing.captcha}
                onInput={typed('captcha')}
              />
              <button type="button" className="app-button" aria-label={t('login.newCaptcha')} onClick={() => void newCaptcha()}>
                <img src={captcha.image} alt={t('login.captchaImage')} width={120} height={40} />
              </button>
            </div>
          ) : null}
          <button type="submit" className="app-button app-button-primary login-submit" disabled={busy} aria-busy={busy}>
            {t('login.submit')}
          </button>
        </form>
      </section>
    </main>
  );
}
