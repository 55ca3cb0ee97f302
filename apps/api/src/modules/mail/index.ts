/**
 * The mail module's face: sendMail (SMTP through nodemailer when SMTP_URL is set, else the
 * tenant's outbox table), the templates of the e-mails the product sends, and the outbox route.
 */
export { mailRoutes } from './mail.routes';
export { mailDepsOf, sendMail, type MailDeps, type MailMessage } from './mail.service';
export { invitationMail, notificationMail, passwordResetMail, type InvitationFacts, type MailContent } from './mail.templates';
