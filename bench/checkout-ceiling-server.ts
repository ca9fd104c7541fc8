/**
 * The ceiling of bench/checkout-load.ts: a bare node:http server, in a process of its own like the app,
 * that answers the three requests of a checkout at once with bodies of the real answers' sizes. What the
 * load client drives against it is the most the client itself can do on this machine.
 *
 *   node bench/checkout-ceiling-server.ts <port>
 */
import http from "node:http";
import { randomUUID } from "node:crypto";

const port = Number(process.argv[2]);
// An order answer of a real order's size (about 2 kB), an intent and a payment outcome.
const order = (id: string) =>
  JSON.stringify({ data: { id, number: id.slice(0, 8).toUpperCase(), status: "pending", padding: "x".repeat(1_800) } });
const intent = JSON.stringify({
  data: {
    clientSecret: `pi_ceiling_secret_${"x".repeat(24)}`,
    provider: "sandbox",
    publishableKey: null,
    amountCents: 75_000,
  },
});
const paid = JSON.stringify({ data: { status: "succeeded" } });

http
  .createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      if (request.method === "POST" && request.url === "/api/orders/guest") {
        response.writeHead(201, {
          "content-type": "application/json",
          "set-cookie": "atelier.orders=ceiling; Path=/; HttpOnly",
        });
        response.end(order(randomUUID()));
      } else if (request.method === "GET" && request.url?.endsWith("/payment-intent")) {
        response.writeHead(200, { "content-type": "application/json" });
        response.end(intent);
      } else if (request.method === "POST" && request.url === "/api/payments/sandbox/confirm") {
        response.writeHead(200, { "content-type": "application/json" });
        response.end(paid);
      } else if (request.url === "/api/health") {
        response.writeHead(200, { "content-type": "application/json" });
        response.end('{"status":"ok"}');
      } else {
        response.writeHead(404);
        response.end();
      }
    });
  })
  .listen(port, "127.0.0.1", () => process.send?.("listening"));
