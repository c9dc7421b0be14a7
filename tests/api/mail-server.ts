import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server on 127.0.0.1 that keeps every message it receives, for the recovery tests. */
export async function startTestSmtp() {
  const messages: { to: string[]; raw: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        messages.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw: Buffer.concat(chunks).toString() });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** The 6-digit code of the last message sent to `to`. */
    lastCode(to: string): string {
      const message = [...messages].reverse().find((m) => m.to.includes(to));
      const code = message && /código de verificación es: (\d{6})/.exec(decodeParts(message.raw))?.[1];
      if (!code) throw new Error(`No llegó un código para ${to}`);
      return code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The decoded bodies of a MIME message's parts (quoted-printable or base64), joined. */
export function decodeParts(raw: string): string {
  return raw
    .split(/\r?\n--[^\r\n]+\r?\n/)
    .map((part) => {
      const [head = '', ...rest] = part.split(/\r?\n\r?\n/);
      const body = rest.join('\n\n');
      const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(head)?.[1]?.toLowerCase();
      if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
      if (encoding === 'quoted-printable') {
        const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
        return Buffer.from(bytes, 'latin1').toString('utf8');
      }
      return body;
    })
    .join('\n');
}
