import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { rateLimits } from "../../db/schema/rate-limits.ts";
import { seedReferenceData } from "../../db/seed-reference.server.ts";
import { createLogger } from "../../server/logger.server.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

/**
 * A local fake of an OpenAI-compatible chat completions API: it records each request and answers what the
 * test queued (a reply, a tool call, a delay longer than the time-out, an error).
 */
function fakeModel() {
  const requests: Array<{ path: string; authorization?: string; body: Record<string, unknown> }> = [];
  const answers: Array<{ status?: number; delayMs?: number; message?: Record<string, unknown> }> = [];
  const server = http.createServer((req, res) => {
    let text = "";
    req.on("data", (chunk) => (text += chunk));
    req.on("end", () => {
      requests.push({ path: req.url ?? "", authorization: req.headers.authorization, body: JSON.parse(text) });
      const answer = answers.shift() ?? { message: { role: "assistant", content: "ok" } };
      setTimeout(() => {
        if (res.destroyed) return;
        res.writeHead(answer.status ?? 200, { "content-type": "application/json" });
        res.end(
          JSON.stringify({
            id: "chatcmpl-1",
            object: "chat.completion",
            choices: [{ index: 0, message: answer.message, finish_reason: "stop" }],
          }),
        );
      }, answer.delayMs ?? 0);
    });
  });
  return { server, requests, answers };
}

describe("the assistant with an OpenAI-compatible language model", () => {
  const fake = fakeModel();
  let t: TestApp;
  const say = async (message: string, language = "en") => {
    const response = await t.client().request("/api/chatbot", {
      method: "POST",
      json: { message, conversationHistory: [{ role: "user", content: "earlier question" }], language },
      headers: { "x-forwarded-for": "203.0.113.77" },
    });
    expect(response.status).toBe(200);
    return response.json();
  };

  beforeAll(async () => {
    await new Promise<void>((resolve) => fake.server.listen(0, "127.0.0.1", resolve));
    const { port } = fake.server.address() as AddressInfo;
    t = await createTestApp({
      TRUST_PROXY: "true",
      LLM_BASE_URL: `http://127.0.0.1:${port}/v1`,
      LLM_API_KEY: "sk-test-key",
      LLM_MODEL: "tiny-model",
      LLM_TIMEOUT_MS: "300",
    });
    await seedReferenceData(t.services, createLogger("silent"));
  });
  afterAll(async () => {
    await t.close();
    fake.server.closeAllConnections();
    await new Promise((resolve) => fake.server.close(resolve));
  });
  beforeEach(async () => {
    fake.requests.length = 0;
    fake.answers.length = 0;
    await t.services.database.db.delete(rateLimits);
  });

  it("answers free text with the model, told the catalogue's prices, the company and the flows as tools", async () => {
    fake.answers.push({ message: { role: "assistant", content: "We design logos from our Logo Design service." } });
    const reply = await say("Do you work with startups?");
    expect(reply).toMatchObject({
      response: "We design logos from our Logo Design service.",
      kind: "model",
      flow: null,
    });
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request.path).toBe("/v1/chat/completions");
    expect(request.authorization).toBe("Bearer sk-test-key");
    expect(request.body.model).toBe("tiny-model");
    const messages = request.body.messages as Array<{ role: string; content: string }>;
    expect(messages[0].role).toBe("system");
    const logo = await t.services.catalogue.find("logo_design");
    expect(messages[0].content).toContain(`$${(logo!.fixedPriceCents! / 100).toLocaleString("en-US")}`);
    expect(messages.slice(1)).toEqual([
      { role: "user", content: "earlier question" },
      { role: "user", content: "Do you work with startups?" },
    ]);
    expect((request.body.tools as Array<{ function: { name: string } }>).map((tool) => tool.function.name)).toEqual([
      "start_booking",
      "start_contact_capture",
    ]);
  });

  it("starts a flow when the model calls its tool; the flow itself is the engine's", async () => {
    fake.answers.push({
      message: {
        role: "assistant",
        content: null,
        tool_calls: [{ id: "call_1", type: "function", function: { name: "start_booking", arguments: "{}" } }],
      },
    });
    const reply = await say("Could we talk next week about my project?");
    expect(reply.flow).toEqual({ kind: "booking", step: "name" });
    expect(reply.response).toContain("What is your full name?");
  });

  it("does not ask the model for the flows' triggers", async () => {
    const reply = await say("I want to book a consultation");
    expect(reply.flow).toEqual({ kind: "booking", step: "name" });
    expect(fake.requests).toHaveLength(0);
  });

  it("falls back to the keyword replies when the model is too slow or fails", async () => {
    fake.answers.push({ delayMs: 2_000, message: { role: "assistant", content: "too late" } });
    const slow = await say("How much does it cost?");
    expect(slow.kind).toBe("keyword");
    expect(slow.response).toContain("Here are our prices:");
    fake.answers.push({ status: 500, message: {} });
    const failed = await say("Bonjour", "fr");
    expect(failed.kind).toBe("keyword");
    expect(failed.response).toContain("Bonjour et bienvenue");
  });
});
