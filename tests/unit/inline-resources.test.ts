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
      }),
    );
    expect(readInlinedResources()).toEqual({ language: "fr", resources: { common: { hello: "Bonjour" } } });
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
