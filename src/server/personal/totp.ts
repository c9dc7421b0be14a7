import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { TIENDA } from '../../lib/tienda.ts';

/**
 * The authenticator app's codes (RFC 6238): SHA-1, 6 digits, 30-second steps, one step either side
 * accepted for a phone's clock. The issuer the app shows is the shop's name.
 */
export const EMISOR_TOTP = TIENDA.nombre;
const PERIODO = 30;

const totpDe = (secreto: string, correo = '') =>
  new TOTP({ issuer: EMISOR_TOTP, label: correo, algorithm: 'SHA1', digits: 6, period: PERIODO, secret: Secret.fromBase32(secreto) });

/** A new secret (160 bits, base32). */
export const nuevoSecretoTotp = () => new Secret({ size: 20 }).base32;

/** The otpauth:// URI an app reads, and the same as a QR code (an SVG document). */
export async function inscripcionTotp(secreto: string, correo: string): Promise<{ uri: string; qrSvg: string }> {
  const uri = totpDe(secreto, correo).toString();
  const qrSvg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { uri, qrSvg };
}

/** The time step a 6-digit `codigo` belongs to at `ahora` (±1 step), or null when it is not the secret's. */
export function pasoDelCodigo(secreto: string, codigo: string, ahora: Date): number | null {
  if (!/^\d{6}$/.test(codigo)) return null;
  const delta = totpDe(secreto).validate({ token: codigo, timestamp: ahora.getTime(), window: 1 });
  return delta === null ? null : Math.floor(ahora.getTime() / 1000 / PERIODO) + delta;
}

/** The code of `ahora` (tests and the command line's checks). */
export const codigoTotp = (secreto: string, ahora: Date) => totpDe(secreto).generate({ timestamp: ahora.getTime() });
