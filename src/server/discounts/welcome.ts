/** Every new account gets a one-use welcome coupon. */
export const BIENVENIDA_PORCENTAJE = 10;

/** The welcome coupon's code: BIENVENIDA-{USUARIO}. */
export const welcomeCode = (usuario: string) => `BIENVENIDA-${usuario.toUpperCase()}`;
