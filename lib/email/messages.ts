import "server-only";
import type { PageRole } from "@/lib/permissions/page-permissions";
import { audienceStrings } from "@/lib/strings/audience";
import { escapeHtml } from "@/lib/server/escape-html";
import { emailStrings } from "@/lib/strings/email";
import { appLink } from "./mail-config";
import type { OutgoingEmail } from "./outbox";

const strings = { email: emailStrings };

// The messages Vitrine sends: pt-BR, short, plain text plus a simple HTML
// part with no remote images; links absolute on NEXT_PUBLIC_APP_URL.

const s = strings.email;

interface Parts {
  name: string;
  paragraphs: string[];
  link?: { url: string; label: string };
  ignoreNote?: boolean;
}

function compose({ name, paragraphs, link, ignoreNote }: Parts): { text: string; html: string } {
  const tail = ignoreNote ? [s.ignore] : [];
  const text = [
    s.greeting(name),
    "",
    ...paragraphs.flatMap((p) => [p, ""]),
    ...(link ? [link.url, ""] : []),
    ...tail.flatMap((p) => [p, ""]),
    s.signature,
    "",
  ].join("\n");
  const p = (t: string) => `<p style="margin:0 0 16px">${escapeHtml(t)}</p>`;
  const button = link
    ? `<p style="margin:0 0 16px"><a href="${escapeHtml(link.url)}" style="display:inline-block;background:#111827;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none">${escapeHtml(link.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#4b5563;word-break:break-all">${escapeHtml(link.url)}</p>`
    : "";
  const html =
    `<!doctype html><html lang="pt-BR"><body style="margin:0;padding:24px;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#111827;line-height:1.5">` +
    `<div style="max-width:520px;margin:0 auto">${p(s.greeting(name))}${paragraphs.map(p).join("")}${button}${tail.map(p).join("")}${p(s.signature)}</div></body></html>`;
  return { text, html };
}

interface Recipient {
  id: string;
  name: string;
}

export function verificationEmail(user: Recipient, to: string, token: string): OutgoingEmail {
  const url = appLink(`/verify-email?token=${encodeURIComponent(token)}`);
  return {
    userId: user.id,
    to,
    subject: s.verifySubject,
    ...compose({ name: user.name, paragraphs: [s.verifyText], link: { url, label: s.verifyButton }, ignoreNote: true }),
  };
}

export function emailChangeEmail(user: Recipient, to: string, token: string): OutgoingEmail {
  const url = appLink(`/verify-email?token=${encodeURIComponent(token)}`);
  return {
    userId: user.id,
    to,
    subject: s.changeSubject,
    ...compose({ name: user.name, paragraphs: [s.changeText(to)], link: { url, label: s.verifyButton }, ignoreNote: true }),
  };
}

export function emailChangeNotice(user: Recipient, oldAddress: string, newAddress: string): OutgoingEmail {
  return { userId: user.id, to: oldAddress, subject: s.changeNoticeSubject, ...compose({ name: user.name, paragraphs: [s.changeNoticeText(newAddress)] }) };
}

export function passwordResetEmail(user: Recipient, to: string, token: string): OutgoingEmail {
  const url = appLink(`/reset-password?token=${encodeURIComponent(token)}`);
  return {
    userId: user.id,
    to,
    subject: s.resetSubject,
    ...compose({ name: user.name, paragraphs: [s.resetText], link: { url, label: s.resetButton }, ignoreNote: true }),
  };
}

export function passwordChangedNotice(user: Recipient, to: string): OutgoingEmail {
  return { userId: user.id, to, subject: s.passwordChangedSubject, ...compose({ name: user.name, paragraphs: [s.passwordChangedText] }) };
}

/** Each role's name in an invitation (one entry per role of the table). */
const inviteRoleNames: Record<PageRole, string> = { owner: s.inviteRoleOwner, editor: s.inviteRoleEditor };

/**
 * An invitation to manage a page. The token rides after `#`: no server
 * (ours, a proxy's log, a mail scanner's request) ever receives it; the page
 * it opens sends it in a POST body once the person accepts. The code is also
 * written out, for a browser without JavaScript (that page's form takes it pasted).
 */
export function invitationEmail(invite: { inviter: string; page: string; role: PageRole; to: string; token: string }): OutgoingEmail {
  const url = appLink(`/invite#${encodeURIComponent(invite.token)}`);
  const role = inviteRoleNames[invite.role];
  return {
    userId: null,
    to: invite.to,
    subject: s.inviteSubject(invite.page),
    ...compose({
      name: invite.to.split("@")[0] ?? invite.to,
      paragraphs: [s.inviteText(invite.inviter, invite.page, role), s.inviteCode(appLink("/invite"), invite.token)],
      link: { url, label: s.inviteButton },
      ignoreNote: true,
    }),
  };
}

/**
 * A subscribe block's confirmation (api.md, Audience). The link opens a page
 * whose button confirms (a mail scanner that opens it confirms nothing).
 * Like every message to a subscriber, it carries the unsubscribe page's link
 * and the one-click List-Unsubscribe headers (RFC 8058), which a mail client
 * POSTs to without opening anything.
 */
export function subscribeConfirmationEmail(m: { to: string; page: string; confirmToken: string; unsubscribeToken: string }): OutgoingEmail {
  const a = audienceStrings;
  const confirmUrl = appLink(`/inscricao/confirmar?token=${encodeURIComponent(m.confirmToken)}`);
  const unsubscribeUrl = appLink(`/inscricao/cancelar?token=${encodeURIComponent(m.unsubscribeToken)}`);
  const oneClickUrl = appLink(`/api/subscribe/unsubscribe?token=${encodeURIComponent(m.unsubscribeToken)}`);
  const paragraphs = [a.confirmText(m.page)];
  const text = [a.greeting, "", ...paragraphs, "", confirmUrl, "", a.confirmIgnore, "", a.unsubscribeLine(unsubscribeUrl), ""].join("\n");
  const p = (t: string, style = "margin:0 0 16px") => `<p style="${style}">${escapeHtml(t)}</p>`;
  const html =
    `<!doctype html><html lang="pt-BR"><body style="margin:0;padding:24px;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#111827;line-height:1.5">` +
    `<div style="max-width:520px;margin:0 auto">${p(a.greeting)}${paragraphs.map((t) => p(t)).join("")}` +
    `<p style="margin:0 0 16px"><a href="${escapeHtml(confirmUrl)}" style="display:inline-block;background:#111827;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none">${escapeHtml(a.confirmButton)}</a></p>` +
    `<p style="margin:0 0 16px;font-size:13px;color:#4b5563;word-break:break-all">${escapeHtml(confirmUrl)}</p>${p(a.confirmIgnore)}` +
    `<p style="margin:24px 0 0;font-size:13px;color:#4b5563"><a href="${escapeHtml(unsubscribeUrl)}" style="color:#4b5563">${escapeHtml(a.unsubscribeButton)}</a></p></div></body></html>`;
  return {
    userId: null,
    to: m.to,
    subject: a.confirmSubject(m.page),
    text,
    html,
    headers: { "List-Unsubscribe": `<${oneClickUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}
