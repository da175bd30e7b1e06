import { connect, createServer, type Server, type Socket } from 'node:net';

/** A TCP proxy in front of the database that can cut all connections and refuse new ones. */
export async function startProxy(initial: { host: string; port: number }) {
  let target = initial;
  let down = false;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    if (down) {
      client.destroy();
      return;
    }
    const upstream = connect(target.port, target.host);
    sockets.add(client);
    sockets.add(upstream);
    const close = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', close).on('close', close);
    upstream.on('error', close).on('close', close);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    /** Drops every open connection and refuses new ones. */
    cut() {
      down = true;
      for (const socket of sockets) socket.destroy();
      sockets.clear();
    },
    restore(next?: { host: string; port: number }) {
      if (next) target = next;
      down = false;
    },
    close() {
      this.cut();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Host and port of a database URL. */
export const hostPort = (url: string) => {
  const parsed = new URL(url);
  return { host: parsed.hostname, port: Number(parsed.port || 5432) };
};
