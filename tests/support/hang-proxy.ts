/**
 * A TCP proxy that either passes connections on to `target` or hangs them: it takes what is sent and never answers
 * (a service that has stopped responding without closing anything). Connections keep the mode they began in.
 */
import net from "node:net";
import type { AddressInfo } from "node:net";

export async function startHangProxy(target: { host: string; port: number }) {
  let mode: "pass" | "hang" = "pass";
  let hung = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on("close", () => sockets.delete(client));
    client.on("error", () => client.destroy());
    if (mode === "hang") {
      hung++;
      client.resume();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    sockets.add(upstream);
    upstream.on("close", () => sockets.delete(upstream));
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    upstream.on("error", close).on("close", close);
    client.on("close", close);
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    port: (server.address() as AddressInfo).port,
    hang() {
      mode = "hang";
    },
    pass() {
      mode = "pass";
    },
    /** How many connections were hung */
    hung: () => hung,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
