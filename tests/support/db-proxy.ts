/**
 * A TCP proxy the test can cut, standing between the code under test and PostgreSQL: `cut()` refuses new
 * connections and drops the open ones (the database refusing connections), `restore()` lets them through again.
 */
import net from "node:net";
import type { AddressInfo } from "node:net";

export async function startDbProxy(pgUrl: string) {
  const target = new URL(pgUrl);
  const sockets = new Set<net.Socket>();
  let open = true;
  const proxy = net.createServer((client) => {
    if (!open) return client.destroy();
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    client.pipe(upstream).pipe(client);
    const close = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on("error", close).on("close", close);
    upstream.on("error", close).on("close", close);
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  const url = new URL(pgUrl);
  url.port = String((proxy.address() as AddressInfo).port);
  return {
    /** The database's address through the proxy */
    url: url.toString(),
    cut() {
      open = false;
      for (const s of sockets) s.destroy();
    },
    restore() {
      open = true;
    },
    async close() {
      open = false;
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => proxy.close(resolve));
    },
  };
}
