/**
 * The invitation e-mail and its link (DESIGN.md section 8). The link is
 * `{base}/accept-invite/{token}`, base = PUBLIC_URL (for e-mail, always; decision 0103) or,
 * when nothing is e-mailed, the origin of the inviter's own page.
 */
import { format } from 'date-fns/format';
import type { InvitationSent, TeamMember } from '../../../contracts/team.js';
import { escapeHtml, type Mailer } from '../../mail/mailer.js';

export interface InvitationMail {
  to: string;
  token: string;
  /** Origin the link starts with, without a trailing slash, e.g. https://stock.example.com. */
  baseUrl: string;
  organizationName: string;
  inviterName: string;
  role: string;
  expiresAt: Date;
}

/** The acceptance link for a token. */
export function inviteUrlOf(baseUrl: string, token: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/accept-invite/${token}`;
}

/**
 * Sends the invitation; answers what the inviter's dialog needs: whether it was e-mailed, and the
 * link when it was not (no SMTP_URL, or delivery failed; the mailer has logged it then).
 */
export async function sendInvitation(mailer: Mailer, member: TeamMember, mail: InvitationMail): Promise<InvitationSent> {
  const url = inviteUrlOf(mail.baseUrl, mail.token);
  const expires = format(mail.expiresAt, 'MMM d, yyyy');
  const subject = `${mail.inviterName} invited you to ${mail.organizationName} on StockTally`;
  const text = [
    `${mail.inviterName} invited you to join ${mail.organizationName} on StockTally as ${mail.role}.`,
    '',
    `Accept the invitation: ${url}`,
    '',
    `The link works once and expires on ${expires}.`,
    'If you did not expect this invitation, you can ignore this e-mail.',
  ].join('\n');
  const html = [
    `<p>${escapeHtml(mail.inviterName)} invited you to join <strong>${escapeHtml(mail.organizationName)}</strong> on StockTally as ${escapeHtml(mail.role)}.</p>`,
    `<p><a href="${escapeHtml(url)}">Accept the invitation</a></p>`,
    `<p>The link works once and expires on ${escapeHtml(expires)}. If you did not expect this invitation, you can ignore this e-mail.</p>`,
  ].join('\n');
  const { delivered } = await mailer.send({ to: mail.to, subject, text, html });
  return { member, emailed: delivered, inviteUrl: delivered ? null : url };
}
