import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/** A TCP proxy in front of a database that can be made to stop answering, and restored. */
export interface FaultProxy {
  port: number;
  /** From now on nothing gets through: open connections go silent, new ones are accepted and never answered. */
  blackhole(): void;
  /** New connections reach the database again; connections that went silent stay silent, as after a partition. */
  restore(): void;
  close(): Promise<void>;
}

/** Starts a proxy on 127.0.0.1 (a free port) to `target`. */
export async function startFaultProxy(target: { host: string; port: number }): Promise<FaultProxy> {
  let silent = false;
  const sockets = new Set<Socket>();
  const links = new Set<{ alive: boolean }>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  };
  const server: Server = createServer((client) => {
    track(client);
    if (silent) return void client.resume();
    const upstream = connect(target.port, target.host);
    track(upstream);
    const link = { alive: true };
    links.add(link);
    client.on('data', (chunk) => link.alive && upstream.write(chunk));
    upstream.on('data', (chunk) => link.alive && client.write(chunk));
    client.on('close', () => link.alive && upstream.destroy());
    upstream.on('close', () => link.alive && client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    blackhole() {
      silent = true;
      for (const link of links) link.alive = false;
    },
    restore() {
      silent = false;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A server that accepts connections and never answers: a database host that hangs. */
export async function startSilentServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.resume();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
