import type { Language } from '@carbonledger/contracts';

/** An e-mail ready to send: the same content as plain text and as HTML. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/** Names come from user input: HTML bodies escape everything they interpolate. */
function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function dateOf(language: Language, at: Date): string {
  const locale = { en: 'en-GB', pt: 'pt-BR', es: 'es-ES' }[language];
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(at) + ' UTC';
}

/** Paragraphs of text (each may hold the link once, as `{link}`) rendered as plain text and as HTML. */
function render(subject: string, paragraphs: readonly string[], link: string): MailContent {
  const text = paragraphs.map((paragraph) => paragraph.replace('{link}', link)).join('\n\n');
  const html = paragraphs
    .map((paragraph) => {
      const [before, after] = paragraph.split('{link}').map(escapeHtml);
      return after === undefined ? `<p>${before}</p>` : `<p>${before}<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>${after}</p>`;
    })
    .join('\n');
  return { subject, text, html: `<!doctype html>\n<html><body style="font-family: sans-serif">\n${html}\n</body></html>\n` };
}

export interface InvitationFacts {
  firstName: string;
  companyName: string;
  link: string;
  expiresAt: Date;
  /** The administrator gave a temporary password (never sent by e-mail); else the link sets the password. */
  hasTemporaryPassword: boolean;
}

const invitationTexts = {
  en: {
    subject: 'You are invited to Carbonledger',
    hello: (name: string) => `Hello ${name},`,
    invited: (company: string) => `You have been invited to join ${company} on Carbonledger. Accept the invitation here: {link}`,
    temporary: 'Then sign in with the temporary password your administrator gave you; you will choose your own password at the first sign-in.',
    choose: 'Opening the link lets you choose your password.',
    expiry: (date: string) => `The link can be used once and expires on ${date}.`,
  },
  pt: {
    subject: 'Você foi convidado para a Carbonledger',
    hello: (name: string) => `Olá ${name},`,
    invited: (company: string) => `Você foi convidado a participar de ${company} na Carbonledger. Aceite o convite aqui: {link}`,
    temporary: 'Depois, entre com a senha temporária que o seu administrador lhe deu; você escolherá a sua própria senha no primeiro acesso.',
    choose: 'Ao abrir o link, você escolhe a sua senha.',
    expiry: (date: string) => `O link pode ser usado uma vez e expira em ${date}.`,
  },
  es: {
    subject: 'Ha sido invitado a Carbonledger',
    hello: (name: string) => `Hola ${name},`,
    invited: (company: string) => `Ha sido invitado a unirse a ${company} en Carbonledger. Acepte la invitación aquí: {link}`,
    temporary: 'Después, inicie sesión con la contraseña temporal que le dio su administrador; elegirá su propia contraseña en el primer inicio de sesión.',
    choose: 'Al abrir el enlace podrá elegir su contraseña.',
    expiry: (date: string) => `El enlace puede usarse una vez y caduca el ${date}.`,
  },
} as const;

export function invitationMail(language: Language, facts: InvitationFacts): MailContent {
  const texts = invitationTexts[language];
  return render(
    texts.subject,
    [
      texts.hello(facts.firstName),
      texts.invited(facts.companyName),
      facts.hasTemporaryPassword ? texts.temporary : texts.choose,
      texts.expiry(dateOf(language, facts.expiresAt)),
    ],
    facts.link,
  );
}

const resetTexts = {
  en: {
    subject: 'Reset your Carbonledger password',
    hello: (name: string) => `Hello ${name},`,
    asked: 'Someone asked to reset the password of your Carbonledger account. Choose a new password here: {link}',
    expiry: (minutes: number) => `The link can be used once and expires in ${minutes} minutes. Your other sessions end when the password changes.`,
    ignore: 'If it was not you, ignore this e-mail: your password stays as it is.',
  },
  pt: {
    subject: 'Redefina a sua senha da Carbonledger',
    hello: (name: string) => `Olá ${name},`,
    asked: 'Alguém pediu para redefinir a senha da sua conta Carbonledger. Escolha uma nova senha aqui: {link}',
    expiry: (minutes: number) => `O link pode ser usado uma vez e expira em ${minutes} minutos. As suas outras sessões terminam quando a senha mudar.`,
    ignore: 'Se não foi você, ignore este e-mail: a sua senha continua a mesma.',
  },
  es: {
    subject: 'Restablezca su contraseña de Carbonledger',
    hello: (name: string) => `Hola ${name},`,
    asked: 'Alguien pidió restablecer la contraseña de su cuenta de Carbonledger. Elija una nueva contraseña aquí: {link}',
    expiry: (minutes: number) => `El enlace puede usarse una vez y caduca en ${minutes} minutos. Sus otras sesiones terminan cuando cambie la contraseña.`,
    ignore: 'Si no fue usted, ignore este correo: su contraseña sigue siendo la misma.',
  },
} as const;

export function passwordResetMail(language: Language, facts: { firstName: string; link: string; validMinutes: number }): MailContent {
  const texts = resetTexts[language];
  return render(texts.subject, [texts.hello(facts.firstName), texts.asked, texts.expiry(facts.validMinutes), texts.ignore], facts.link);
}

/** A notification sent on the e-mail channel: its title as the subject, its message and the absolute link it opens, if any. */
export function notificationMail(notification: { title: string; message: string; link: string | null }): MailContent {
  const paragraphs = notification.link ? [notification.message, '{link}'] : [notification.message];
  return render(notification.title, paragraphs, notification.link ?? '');
}
