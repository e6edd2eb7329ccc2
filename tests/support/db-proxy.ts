/**
 * A TCP proxy the test can cut, standing between the code under test and PostgreSQL: `cut()` refuses new
 * connections and drops the open ones (the database refusing connections); `freeze()` keeps every connection open
 * and lets nothing through either way (a database that has stopped answering); `restore()` undoes both.
 */
import net from "node:net";
import type { AddressInfo } from "node:net";

export async function startDbProxy(pgUrl: string) {
  const target = new URL(pgUrl);
  const sockets = new Set<net.Socket>();
  let open = true;
  let frozen = false;
  const pairs = new Set<[net.Socket, net.Socket]>();
  const proxy = net.createServer((client) => {
    if (!open) return client.destroy();
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    const pair: [net.Socket, net.Socket] = [client, upstream];
    pairs.add(pair);
    client.on("close", () => pairs.delete(pair));
    client.pipe(upstream).pipe(client);
    if (frozen) {
      client.pause();
      upstream.pause();
    }
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
    freeze() {
      frozen = true;
      for (const [a, b] of pairs) {
        a.unpipe(b);
        b.unpipe(a);
        a.pause();
        b.pause();
      }
    },
    restore() {
      open = true;
      if (frozen) {
        frozen = false;
        for (const [a, b] of pairs) {
          a.pipe(b);
          b.pipe(a);
        }
      }
    },
    async close() {
      open = false;
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => proxy.close(resolve));
    },
  };
}
