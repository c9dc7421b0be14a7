import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A software passkey for tests (issue 36): one ES256 credential that answers WebAuthn creation options
 * with a 'none' attestation and request options with a signed assertion, as a browser would pass
 * them on (the JSON of @simplewebauthn/browser). Hand-made CBOR: only the few shapes WebAuthn needs.
 */

const b64u = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

/** CBOR's head of a major type with a length. */
function cabeza(mayor: number, largo: number): Buffer {
  if (largo < 24) return Buffer.from([(mayor << 5) | largo]);
  if (largo < 256) return Buffer.from([(mayor << 5) | 24, largo]);
  return Buffer.from([(mayor << 5) | 25, largo >> 8, largo & 0xff]);
}
const texto = (t: string) => Buffer.concat([cabeza(3, Buffer.byteLength(t)), Buffer.from(t)]);
const bytes = (b: Uint8Array) => Buffer.concat([cabeza(2, b.length), Buffer.from(b)]);

export class PasskeyDePrueba {
  readonly credencial = randomBytes(16);
  private readonly privada: KeyObject;
  private readonly x: Buffer;
  private readonly y: Buffer;
  private contador = 0;

  constructor(
    private readonly origin: string,
    private readonly rpID = new URL(origin).hostname,
  ) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privada = privateKey;
    const jwk = publicKey.export({ format: 'jwk' });
    this.x = Buffer.from(jwk.x!, 'base64url');
    this.y = Buffer.from(jwk.y!, 'base64url');
  }

  get id() {
    return b64u(this.credencial);
  }

  /** The COSE_Key of the public key: {1: 2 (EC2), 3: -7 (ES256), -1: 1 (P-256), -2: x, -3: y}. */
  private cose(): Buffer {
    return Buffer.concat([
      Buffer.from([0xa5, 0x01, 0x02, 0x03, 0x26, 0x20, 0x01, 0x21]),
      bytes(this.x),
      Buffer.from([0x22]),
      bytes(this.y),
    ]);
  }

  private clientData(tipo: 'webauthn.create' | 'webauthn.get', challenge: string, origin = this.origin) {
    return Buffer.from(JSON.stringify({ type: tipo, challenge, origin, crossOrigin: false }));
  }

  /** The answer to creation options (navigator.credentials.create). */
  crear(opciones: { challenge: string }) {
    const largo = Buffer.from([this.credencial.length >> 8, this.credencial.length & 0xff]);
    const authData = Buffer.concat([
      sha256(this.rpID),
      Buffer.from([0x45]), // UP, UV, AT
      Buffer.from([0, 0, 0, 0]),
      Buffer.alloc(16), // AAGUID
      largo,
      this.credencial,
      this.cose(),
    ]);
    const attestationObject = Buffer.concat([
      Buffer.from([0xa3]),
      texto('fmt'),
      texto('none'),
      texto('attStmt'),
      Buffer.from([0xa0]),
      texto('authData'),
      bytes(authData),
    ]);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64u(this.clientData('webauthn.create', opciones.challenge)),
        attestationObject: b64u(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    };
  }

  /** The answer to request options (navigator.credentials.get); `origin` to play a phishing page. */
  firmar(opciones: { challenge: string }, { origin }: { origin?: string } = {}) {
    this.contador += 1;
    const authData = Buffer.concat([
      sha256(this.rpID),
      Buffer.from([0x05]), // UP, UV
      Buffer.from([(this.contador >> 24) & 0xff, (this.contador >> 16) & 0xff, (this.contador >> 8) & 0xff, this.contador & 0xff]),
    ]);
    const clientDataJSON = this.clientData('webauthn.get', opciones.challenge, origin);
    const firma = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.privada);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64u(clientDataJSON),
        authenticatorData: b64u(authData),
        signature: b64u(firma),
      },
      clientExtensionResults: {},
    };
  }
}
