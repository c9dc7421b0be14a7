import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Nubefact's JSON API (never the internet): one RUTA, a token, `generar_comprobante`
 * and `consultar_comprobante` with Nubefact's answers and error codes. Documents are kept by type,
 * series and number, so a repeated number answers code 23 as the real one does. `modo` scripts what
 * happens next, with SUNAT's codes in Nubefact's answer fields (`aceptada_por_sunat`, `sunat_responsecode`,
 * `sunat_description`, `sunat_note`): accept; accept with SUNAT's observations (4000+, in `sunat_note`);
 * reject as SUNAT would (2000–3999: the document stays on record as rejected, its number used); answer
 * SUNAT's exception (0100–1999: not processed, the same number may be sent again); refuse it before SUNAT
 * (Nubefact's own validation, HTTP 400 `errors`/`codigo`, nothing kept); fail (500); or keep the document
 * but answer too late. `codigo` overrides the SUNAT code of 'rechaza', 'observa' and 'excepcion'.
 */
export type ModoStub = 'acepta' | 'observa' | 'rechaza' | 'excepcion' | 'invalido' | 'cae' | 'lento';

export interface NubefactStub {
  url: string;
  token: string;
  modo: ModoStub;
  /** Every request body received, in order. */
  recibidos: Record<string, unknown>[];
  /** The documents it holds, by `tipo-serie-numero`. */
  documentos: Map<string, Record<string, unknown>>;
  /** How long the 'lento' mode waits before answering. */
  demoraMs: number;
  /** The SUNAT code of the next 'rechaza', 'observa' or 'excepcion' answer (2800, 4287, 0109 unless set). */
  codigo?: string;
  close(): Promise<void>;
}

const clave = (body: Record<string, unknown>) => `${body.tipo_de_comprobante}-${body.serie}-${body.numero}`;

async function leer(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startNubefactStub(): Promise<NubefactStub> {
  const token = 'token-de-prueba-0123456789abcdef';
  const documentos = new Map<string, Record<string, unknown>>();
  const recibidos: Record<string, unknown>[] = [];
  const sockets = new Set<import('node:net').Socket>();
  const stub: { modo: ModoStub; demoraMs: number; codigo?: string } = { modo: 'acepta', demoraMs: 400 };
  const answer = (res: import('node:http').ServerResponse, status: number, body: unknown) => {
    if (res.destroyed) return;
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const server: Server = createServer(async (req, res) => {
    if (req.method !== 'POST' || req.url !== '/api/v1/ruta-de-prueba')
      return answer(res, 404, { errors: 'La ruta o URL que estás usando no es correcta', codigo: 11 });
    if (req.headers.authorization !== `Token token="${token}"`)
      return answer(res, 401, { errors: 'No se pudo autenticar, token incorrecto o eliminado', codigo: 10 });
    if (!(req.headers['content-type'] ?? '').startsWith('application/json'))
      return answer(res, 400, { errors: 'La cabecera no contiene un Content-Type correcto', codigo: 12 });
    const body = JSON.parse(await leer(req)) as Record<string, unknown>;
    recibidos.push(body);
    const key = clave(body);
    if (body.operacion === 'consultar_comprobante') {
      const doc = documentos.get(key);
      return doc
        ? answer(res, 200, doc)
        : answer(res, 400, { errors: 'El documento indicado no existe o no fue enviado a NubeFacT', codigo: 24 });
    }
    if (body.operacion !== 'generar_comprobante')
      return answer(res, 400, { errors: 'El archivo enviado no cumple con el formato establecido', codigo: 20 });
    if (stub.modo === 'cae') return answer(res, 500, { errors: 'Error interno desconocido' });
    // A document SUNAT answered with an exception was not processed: Nubefact sends it again when asked again.
    const previo = documentos.get(key);
    if (previo && !String(previo.sunat_responsecode ?? '').match(/^0[1-9]\d\d$|^1\d{3}$/))
      return answer(res, 400, { errors: 'Este documento ya existe en NubeFacT', codigo: 23 });
    if (stub.modo === 'invalido') {
      // Nubefact's own validation, before SUNAT: nothing is kept, the number is still free.
      return answer(res, 400, {
        errors: 'El número de documento de identidad del cliente no es válido para el tipo de documento indicado',
        codigo: 21,
      });
    }
    const base = {
      tipo_de_comprobante: body.tipo_de_comprobante,
      serie: body.serie,
      numero: body.numero,
      enlace: `https://nubefact.example/cpe/${key}`,
    };
    const nombre = `La ${body.tipo_de_comprobante === 2 ? 'Boleta' : body.tipo_de_comprobante === 1 ? 'Factura' : 'Nota de Credito'} numero ${body.serie}-${body.numero}`;
    const aceptada = {
      ...base,
      aceptada_por_sunat: true,
      sunat_description: `${nombre}, ha sido aceptada`,
      sunat_note: null as string | null,
      sunat_responsecode: '0',
      sunat_soap_error: '',
      enlace_del_pdf: `https://nubefact.example/cpe/${key}.pdf`,
      enlace_del_xml: `https://nubefact.example/cpe/${key}.xml`,
      enlace_del_cdr: `https://nubefact.example/cpe/${key}.cdr`,
    };
    const doc =
      stub.modo === 'rechaza'
        ? {
            ...base,
            aceptada_por_sunat: false,
            sunat_description: 'El dato ingresado en el tipo de documento de identidad del receptor no esta permitido.',
            sunat_note: null,
            sunat_responsecode: stub.codigo ?? '2800',
            sunat_soap_error: '',
            // SUNAT's CDR of the rejection, and the XML sent, as Nubefact links them.
            enlace_del_pdf: '',
            enlace_del_xml: `https://nubefact.example/cpe/${key}.xml`,
            enlace_del_cdr: `https://nubefact.example/cpe/${key}.cdr`,
          }
        : stub.modo === 'excepcion'
          ? {
              ...base,
              aceptada_por_sunat: false,
              sunat_description: 'El sistema no puede responder su solicitud. (El servicio de autenticación no está disponible)',
              sunat_note: null,
              sunat_responsecode: stub.codigo ?? '0109',
              sunat_soap_error: '',
            }
          : stub.modo === 'observa'
            ? { ...aceptada, sunat_note: `${stub.codigo ?? '4287'} - El precio unitario ingresado no corresponde al valor calculado.` }
            : aceptada;
    // SUNAT keeps a rejected receipt on record: its number is used, a second send answers 23.
    documentos.set(key, doc);
    if (stub.modo === 'lento') await new Promise((resolve) => setTimeout(resolve, stub.demoraMs));
    answer(res, 200, doc);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(stub, {
    url: `http://127.0.0.1:${port}/api/v1/ruta-de-prueba`,
    token,
    recibidos,
    documentos,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  });
}
