// @vitest-environment jsdom
import { describe, expect, it, vi } from "vitest";

/**
 * The translations the server writes into the page: text that cannot end the <script> element early,
 * and, read back in the browser, only the namespaces the browser may hold.
 */
async function freshModule() {
  vi.resetModules();
  return import("../../app/i18n/inline-resources.tsx");
}

function pageWith(text: string) {
  document.body.innerHTML = "";
  const script = document.createElement("script");
  script.id = "i18n-resources";
  script.type = "application/json";
  script.textContent = text;
  document.body.append(script);
}

describe("inlined translations", () => {
  it("serialises so that a translation cannot close the script element or start a comment", async () => {
    const { serializeForScript } = await freshModule();
    const text = serializeForScript({
      common: { evil: "</script><script>alert(1)</script>", comment: "<!--", separator: "a\u2028b" },
    });
    expect(text).not.toContain("</script");
    expect(text).not.toContain("<!--");
    expect(text).not.toContain("\u2028");
    expect(JSON.parse(text)).toEqual({
      common: { evil: "</script><script>alert(1)</script>", comment: "<!--", separator: "a\u2028b" },
    });
  });

  it("reads back the language and the browser's namespaces, dropping any server-only one", async () => {
    const { readInlinedResources, serializeForScript } = await freshModule();
    pageWith(
      serializeForScript({
        language: "fr",
        resources: { common: { hello: "Bonjour" }, mail: { signOff: "Cordialement," }, nope: {} },
        partial: ["common", "mail", "nope"],
      }),
    );
    expect(readInlinedResources()).toEqual({
      language: "fr",
      resources: { common: { hello: "Bonjour" } },
      partial: ["common"],
    });
  });

  it("leaves out of the page what it shows only once a form is sent: schemas' messages, e-mails, staff words", async () => {
    const { inlinedPart } = await import("../../app/i18n/inlined-part.ts");
    const contact = {
      section: { title: "Get in touch" },
      validation: { nameRequired: "Please enter your name." },
      email: { subject: "New message" },
    };
    expect(inlinedPart("contact", contact)).toEqual({ bundle: { section: { title: "Get in touch" } }, partial: true });
    const cart = { page: { title: "Cart" }, promoAdmin: { created: "Promo code created." } };
    expect(inlinedPart("cart", cart)).toEqual({ bundle: { page: { title: "Cart" } }, partial: true });
    // The errors namespace keeps only what the form layer says when its own code cannot be fetched.
    const errors = { network: "Could not reach the server.", invalidValue: "Invalid value.", crossSite: "Refused." };
    expect(inlinedPart("errors", errors)).toEqual({
      bundle: { network: "Could not reach the server." },
      partial: true,
    });
    // A namespace with nothing to leave out is whole, and said to be.
    expect(inlinedPart("legal", { privacy: { title: "Privacy" } })).toEqual({
      bundle: { privacy: { title: "Privacy" } },
      partial: false,
    });
  });

  it("carries of a page's namespaces only what its first-load code shows, where the page says so", async () => {
    const { inlinedPart } = await import("../../app/i18n/inlined-part.ts");
    const assistant = {
      chat: { open: "Open the chat", close: "Close the chat", welcome: "Hello!" },
      voice: { open: "Talk", idle: "Press to talk" },
      transcript: { title: "Transcript" },
    };
    expect(inlinedPart("assistant", assistant, "lang-home")).toEqual({
      bundle: { chat: { open: "Open the chat", close: "Close the chat" }, voice: { open: "Talk" } },
      partial: true,
    });
    // Another page carries the namespace whole, and says it is whole.
    expect(inlinedPart("assistant", assistant, "about")).toEqual({ bundle: assistant, partial: false });
    // The form-only parts stay out on every page.
    const contact = {
      section: { title: "Contact" },
      validation: { nameRequired: "Name?" },
      inquiryTypes: { quote: "Quote" },
    };
    expect(inlinedPart("contact", contact, "home")).toEqual({
      bundle: { section: { title: "Contact" } },
      partial: true,
    });
  });

  it("gives nothing for a missing, garbled or foreign-language block", async () => {
    let module = await freshModule();
    document.body.innerHTML = "";
    expect(module.readInlinedResources()).toBeNull();
    module = await freshModule();
    pageWith("{not json");
    expect(module.readInlinedResources()).toBeNull();
    module = await freshModule();
    pageWith(JSON.stringify({ language: "de", resources: { common: {} } }));
    expect(module.readInlinedResources()).toBeNull();
  });
});
