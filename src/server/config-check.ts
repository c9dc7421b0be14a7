import { JWT_SECRET_MINIMO_BYTES, comprobantesFromEnv, pagoPruebaFromEnv, pruebasFromEnv } from './config.ts';
import { isLoopbackHost } from './http/ip.ts';

type Env = Record<string, string | undefined>;

/**
 * What a production deployment (NODE_ENV=production) is missing, one Spanish sentence per problem;
 * empty when it is ready or when it is not a production deployment. Netlify is recognised by its
 * NETLIFY variable, or by `netlify` for the function, which always runs there.
 */
export function productionProblems(env: Env, { netlify = Boolean(env.NETLIFY) }: { netlify?: boolean } = {}): string[] {
  if (env.NODE_ENV !== 'production') return [];
  const problems: string[] = [];
  const secretBytes = Buffer.byteLength(env.JWT_SECRET ?? '', 'utf8');
  if (secretBytes === 0)
    problems.push(`JWT_SECRET no está definido: define uno de al menos ${JWT_SECRET_MINIMO_BYTES} bytes (openssl rand -base64 48).`);
  else if (secretBytes < JWT_SECRET_MINIMO_BYTES)
    problems.push(
      `JWT_SECRET es demasiado corto (${secretBytes} bytes): debe tener al menos ${JWT_SECRET_MINIMO_BYTES} (openssl rand -base64 48).`,
    );
  if (!isHttps(env.SITE_URL))
    problems.push(
      `SITE_URL debe ser la dirección pública https de la tienda, por ejemplo https://kbeautyperu.pe (recibido: ${env.SITE_URL ? `"${env.SITE_URL}"` : 'nada'}).`,
    );
  if (netlify && !env.DATABASE_URL)
    problems.push(
      'DATABASE_URL no está definido: en Netlify la tienda necesita un servidor PostgreSQL (el disco de una función no se conserva).',
    );
  if (!env.MP_ACCESS_TOKEN)
    problems.push(
      'MP_ACCESS_TOKEN no está definido: sin el token de acceso de Mercado Pago no se puede cobrar (el modo de prueba es solo para desarrollo).',
    );
  if (!env.MP_WEBHOOK_SECRET)
    problems.push(
      'MP_WEBHOOK_SECRET no está definido: sin la clave secreta de las notificaciones de Mercado Pago no se pueden confirmar los pagos.',
    );
  if (!env.NUBEFACT_URL || !env.NUBEFACT_TOKEN)
    problems.push(
      'NUBEFACT_URL y NUBEFACT_TOKEN no están definidos: sin proveedor de comprobantes electrónicos las ventas no tendrían boleta ni factura ante SUNAT (el modo de prueba es solo para desarrollo).',
    );
  if (!env.SMTP_URL)
    problems.push(
      'SMTP_URL no está definido: sin servidor de correo los mensajes a los clientes se quedarían en una carpeta local (solo para desarrollo).',
    );
  return problems;
}

/** The message a production start is refused with, listing every problem; undefined when there is none. */
export function productionRefusal(env: Env, options: { netlify?: boolean } = {}): string | undefined {
  const problems = productionProblems(env, options);
  if (problems.length === 0) return undefined;
  return [
    'La tienda no arranca en producción (NODE_ENV=production) porque falta configuración:',
    ...problems.map((problem) => `  - ${problem}`),
    'Define esas variables (ver docs/configuration.md) o, para desarrollo, quita NODE_ENV=production.',
  ].join('\n');
}

/**
 * The message a start is refused with: production's missing settings (productionRefusal), the test
 * mode asked for where it must not run (pagoPruebaFromEnv), or a test mode served beyond this machine
 * (hostRefusal); undefined when the shop may start.
 */
export function startRefusal(env: Env, options: { netlify?: boolean } = {}): string | undefined {
  const prueba =
    pagoPruebaFromEnv(env, { netlify: options.netlify ?? false }).refusal ??
    comprobantesFromEnv(env, { netlify: options.netlify ?? false }).refusal ??
    hostRefusal(env);
  return productionRefusal(env, options) ?? (prueba && `La tienda no arranca: ${prueba}`);
}

/**
 * Why HOST may not be served while a test mode is on: anyone who reaches a test mode approves orders
 * without paying, so it listens on this machine's loopback only (the default HOST then), whatever the network.
 */
export function hostRefusal(env: Env): string | undefined {
  const host = env.HOST?.trim();
  const modes = pruebasFromEnv(env);
  if (!host || modes.length === 0 || isLoopbackHost(host)) return undefined;
  return (
    `HOST=${host} abriría a otras máquinas el modo de prueba (${modes.join(', ')}), con el que cualquiera aprueba pedidos sin pagar. ` +
    'Quita HOST (o usa HOST=127.0.0.1) para probar en esta máquina; para abrir la tienda a la red apaga los modos de prueba: ' +
    'MP_TEST_MODE=false y RECEIPTS_TEST_MODE=false, o MP_ACCESS_TOKEN (no de prueba), MP_WEBHOOK_SECRET, NUBEFACT_URL y NUBEFACT_TOKEN.'
  );
}

function isHttps(value: string | undefined): boolean {
  try {
    return new URL(value ?? '').protocol === 'https:';
  } catch {
    return false;
  }
}
