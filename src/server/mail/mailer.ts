/**
 * Outgoing e-mail (DESIGN.md sections 8 and 9): invitations and task assignments.
 *
 * `createMailer(config, log)` sends through nodemailer over `SMTP_URL`. Without `SMTP_URL` the
 * mailer is not `configured`: `send` delivers nothing, logs the message (so an operator can copy an
 * invitation link from the log) and answers `{ delivered: false }`; callers then show the link to
 * the person who asked instead. A failing SMTP server is logged and answered `{ delivered: false }`
 * too: an invitation or a task is never lost because a mail could not go out.
 */
import type { Transporter } from 'nodemailer';
import type { Config } from '../config.js';

export interface MailMessage {
  /** One recipient address. */
  to: string;
  subject: string;
  /** Plain-text body; links written out in full. */
  text: string;
  /** Optional HTML body (escape every user-supplied value with `escapeHtml`). */
  html?: string;
}

export interface MailResult {
  /** True when the SMTP server accepted the message. */
  delivered: boolean;
}

export interface Mailer {
  /** True when `SMTP_URL` is set. */
  readonly configured: boolean;
  send(message: MailMessage): Promise<MailResult>;
  /** Closes the SMTP connection pool (app shutdown). */
  close(): void;
}

/** The slice of a Fastify/pino logger the mailer writes to. */
export interface MailLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * A mailer for `config.smtpUrl` (absent: log-only, see module docs). nodemailer is loaded and the
 * transport made on the first message, so a server that sends none does not hold them.
 */
export function createMailer(config: Pick<Config, 'smtpUrl' | 'smtpFrom'>, log: MailLog): Mailer {
  const smtpUrl = config.smtpUrl;
  let transport: Promise<Transporter> | undefined;
  const connect = (url: string) => (transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(url)));
  return {
    configured: Boolean(smtpUrl),
    async send(message) {
      if (!smtpUrl) {
        log.info({ to: message.to, subject: message.subject, text: message.text }, 'e-mail not sent (SMTP_URL is not set)');
        return { delivered: false };
      }
      try {
        await (await connect(smtpUrl)).sendMail({ from: config.smtpFrom, ...message });
        return { delivered: true };
      } catch (err) {
        log.error({ err, to: message.to, subject: message.subject }, 'e-mail could not be sent');
        return { delivered: false };
      }
    },
    close() {
      void transport?.then((t) => t.close(), () => undefined);
    },
  };
}

/** Escapes text for an HTML e-mail body. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/**
 * The origin the links of an e-mail start with (DESIGN.md section 8; decision 0103): PUBLIC_URL,
 * never a request header (the sender of the request controls `Host`). Only a mailer that sends
 * nothing (no SMTP_URL: the message is logged and the link shown to the person who asked) may use
 * `pageOrigin`, the origin of that person's own page. loadConfig refuses SMTP_URL without
 * PUBLIC_URL, so a configured mailer always has one.
 * @returns an origin without a trailing slash, e.g. `https://stock.example.com`.
 * @throws Error for a configured mailer without PUBLIC_URL (a mailer built around loadConfig).
 */
export function mailLinkOrigin(publicUrl: string | undefined, mailer: Mailer, pageOrigin: string): string {
  if (publicUrl) return publicUrl.replace(/\/+$/, '');
  if (mailer.configured) throw new Error('PUBLIC_URL must be set for e-mail with links (SMTP_URL is set)');
  return pageOrigin;
}
