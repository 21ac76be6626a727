import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer, escapeHtml, mailLinkOrigin } from './mailer.js';
import { startSmtpSink, type SmtpSink } from '../test-support/smtp-sink.js';

const logged: Array<{ level: string; obj: object; msg: string }> = [];
const log = {
  info: (obj: object, msg: string) => logged.push({ level: 'info', obj, msg }),
  error: (obj: object, msg: string) => logged.push({ level: 'error', obj, msg }),
};

describe('mailer', () => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    await sink.close();
  });

  it('delivers through a real SMTP server, link intact', async () => {
    const mailer = createMailer({ smtpUrl: sink.url, smtpFrom: 'StockTally <team@example.test>' }, log);
    const link = 'http://localhost:5000/accept-invite/' + 'x'.repeat(90);
    const result = await mailer.send({ to: 'Ana@Example.test', subject: 'You are invited', text: `Open ${link} to join.` });
    mailer.close();
    expect(result).toEqual({ delivered: true });
    const mail = await sink.waitFor('ana@example.test');
    expect(mail.subject).toBe('You are invited');
    expect(mail.text).toContain(link);
  });

  it('without SMTP_URL logs the message and reports it undelivered', async () => {
    const mailer = createMailer({ smtpUrl: undefined, smtpFrom: 'x@example.test' }, log);
    expect(mailer.configured).toBe(false);
    const result = await mailer.send({ to: 'bo@example.test', subject: 'Task', text: 'link http://x/tasks' });
    expect(result).toEqual({ delivered: false });
    expect(logged.at(-1)).toMatchObject({ level: 'info', obj: { to: 'bo@example.test', text: 'link http://x/tasks' } });
  });

  it('an SMTP server that refuses is logged, not thrown', async () => {
    const mailer = createMailer({ smtpUrl: 'smtp://127.0.0.1:1', smtpFrom: 'x@example.test' }, log);
    await expect(mailer.send({ to: 'c@example.test', subject: 's', text: 't' })).resolves.toEqual({ delivered: false });
    expect(logged.at(-1)!.level).toBe('error');
    mailer.close();
  });

  it('escapes HTML', () => {
    expect(escapeHtml(`<a href="x">O'Neil & co</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;O&#39;Neil &amp; co&lt;/a&gt;');
  });
});

describe('mailLinkOrigin', () => {
  it('is PUBLIC_URL for a mailer that sends; the page\'s origin only for one that sends nothing', () => {
    const sending = createMailer({ smtpUrl: 'smtp://127.0.0.1:1', smtpFrom: 'x <x@example.test>' }, log);
    const logOnly = createMailer({ smtpUrl: undefined, smtpFrom: 'x <x@example.test>' }, log);
    try {
      expect(mailLinkOrigin('https://stock.example.com/', sending, 'http://evil.example')).toBe('https://stock.example.com');
      expect(mailLinkOrigin('https://stock.example.com', logOnly, 'http://evil.example')).toBe('https://stock.example.com');
      expect(mailLinkOrigin(undefined, logOnly, 'http://10.0.0.5:5000')).toBe('http://10.0.0.5:5000');
      expect(() => mailLinkOrigin(undefined, sending, 'http://evil.example')).toThrow(/PUBLIC_URL/);
    } finally {
      sending.close();
      logOnly.close();
    }
  });
});
