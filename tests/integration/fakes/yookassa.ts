import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A YooKassa-shaped fake on 127.0.0.1 for the integration tests (started by vitest.config.ts, so
 * the worker's adapter makes real HTTP requests to it): POST /v3/payments creates a pending
 * payment (the same one again for a repeated Idempotence-Key), GET /v3/payments/{id} answers its
 * state. Both want the shop's Basic credentials. The tests steer it through /_control: set a
 * payment's status, read the requests it received.
 */
export const FAKE_SHOP = { id: "test-shop", key: "test-secret-key" } as const;

type FakePayment = { id: string; status: string; paid: boolean; amount: { value: string; currency: string }; metadata: Record<string, string> };

export async function startFakeYooKassa(): Promise<{ url: string; close: () => void }> {
  const payments = new Map<string, FakePayment>();
  const byKey = new Map<string, string>();
  const requests: { method: string; path: string; headers: Record<string, string | string[] | undefined>; body: string }[] = [];
  const auth = `Basic ${Buffer.from(`${FAKE_SHOP.id}:${FAKE_SHOP.key}`).toString("base64")}`;
  let serial = 0;

  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => {
      body += c;
    });
    req.on("end", () => {
      const path = req.url ?? "/";
      const send = (status: number, value: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(value));
      };
      if (path.startsWith("/_control/")) {
        if (req.method === "GET" && path === "/_control/requests") return send(200, requests);
        const m = /^\/_control\/payments\/([^/]+)$/.exec(path);
        const p = m ? payments.get(decodeURIComponent(m[1])) : undefined;
        if (!p) return send(404, { type: "error" });
        p.status = (JSON.parse(body) as { status: string }).status;
        p.paid = p.status === "succeeded";
        return send(200, p);
      }
      requests.push({ method: req.method ?? "", path, headers: req.headers, body });
      if (req.headers.authorization !== auth) return send(401, { type: "error", code: "invalid_credentials" });
      if (req.method === "POST" && path === "/v3/payments") {
        const key = String(req.headers["idempotence-key"] ?? "");
        if (!key) return send(400, { type: "error", code: "invalid_request" });
        const known = byKey.get(key);
        if (known)
          return send(200, { ...payments.get(known), confirmation: { type: "redirect", confirmation_url: `https://yoomoney.test/checkout?orderId=${known}` } });
        const input = JSON.parse(body) as { amount: FakePayment["amount"]; metadata?: Record<string, string> };
        const id = `yk-${++serial}`;
        payments.set(id, { id, status: "pending", paid: false, amount: input.amount, metadata: input.metadata ?? {} });
        byKey.set(key, id);
        return send(200, { ...payments.get(id), confirmation: { type: "redirect", confirmation_url: `https://yoomoney.test/checkout?orderId=${id}` } });
      }
      const m = /^\/v3\/payments\/([^/]+)$/.exec(path);
      if (req.method === "GET" && m) {
        const p = payments.get(decodeURIComponent(m[1]));
        return p ? send(200, p) : send(404, { type: "error", code: "not_found" });
      }
      return send(404, { type: "error" });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  server.unref();
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => server.close() };
}
