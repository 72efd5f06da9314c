import { createTransport } from 'nodemailer';

/** Where reports are mailed from: any SMTP server, set by the environment. */
export interface SmtpSettings {
  host: string;
  port: number;
  /** TLS from the start (port 465); otherwise STARTTLS is used when the server offers it. */
  secure: boolean;
  user?: string;
  pass?: string;
  /** The sender's address. */
  from: string;
}

/**
 * The SMTP settings of the environment: `SMTP_HOST` (none: reports are kept in the platform,
 * not mailed), `SMTP_PORT` (587; 465 when secure), `SMTP_SECURE` (1/true: TLS from the start),
 * `SMTP_USER` and `SMTP_PASS` (no login when absent), `SMTP_FROM` (the sender; by default
 * `reports@` the host).
 */
export function smtpFromEnv(env: NodeJS.ProcessEnv = process.env): SmtpSettings | undefined {
  const host = env.SMTP_HOST?.trim();
  if (!host) return undefined;
  const secure = ['1', 'true'].includes((env.SMTP_SECURE ?? '').toLowerCase());
  return {
    host,
    port: Number(env.SMTP_PORT || (secure ? 465 : 587)),
    secure,
    ...(env.SMTP_USER ? { user: env.SMTP_USER } : {}),
    ...(env.SMTP_PASS ? { pass: env.SMTP_PASS } : {}),
    from: env.SMTP_FROM || `reports@${host}`,
  };
}

export interface ReportMail {
  to: string[];
  subject: string;
  text: string;
  attachments: { filename: string; content: Buffer; contentType: string }[];
}

/** How long a delivery waits for the SMTP server before it counts as refused (ms). */
const SMTP_TIMEOUT_MS = 30_000;

/**
 * Sends a report's mail through the SMTP server; rejects when the server refuses it (a
 * recipient, the message, the login) or cannot be reached, with the server's answer.
 */
export async function sendReportMail(settings: SmtpSettings, mail: ReportMail): Promise<void> {
  const transport = createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    ...(settings.user ? { auth: { user: settings.user, pass: settings.pass ?? '' } } : {}),
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
  try {
    await transport.sendMail({ from: settings.from, ...mail });
  } finally {
    transport.close();
  }
}
