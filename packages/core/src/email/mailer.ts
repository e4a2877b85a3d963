/**
 * The e-mail port: the one thing core needs from an e-mail service. In AWS and in local mode
 * it is Amazon SES's SendEmail (packages/functions/src/lib/ses.ts), pointed at the local SES
 * stand-in by the SDK's endpoint setting.
 */
export interface OutgoingEmail {
  to: string;
  subject: string;
  /** Both parts are always sent: the plain text and the HTML (escaped, see email/html.ts). */
  text: string;
  html: string;
}

export interface Mailer {
  send(email: OutgoingEmail): Promise<{ messageId: string }>;
}
