// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from "vitest";
import { LANGUAGE_COOKIE, LANGUAGE_STORAGE_KEY, isLanguage } from "../../core/i18n/language.ts";
import { LanguageSelector } from "../../app/i18n/language-selector.tsx";
import { domPage, click, until } from "../helpers/dom-page.tsx";
import { Where } from "../helpers/site-fixtures.tsx";

// Spec README decisions 17 and 19: the choice is remembered (preferredLanguage) and sent to the server;
// under /en or /fr the same page opens in the other prefix, on a plain address the server renders again.
const page = domPage();
let container: HTMLElement;
let loaderCalls = 0;

beforeEach(() => {
  document.cookie = `${LANGUAGE_COOKIE}=; Max-Age=0; Path=/`;
  localStorage.clear();
  loaderCalls = 0;
});

function cookieLanguage() {
  return /(?:^|; )preferredLanguage=(\w+)/.exec(document.cookie)?.[1];
}

async function render(path: string) {
  container = await page.renderRoutes(
    [
      {
        id: "root",
        path: "/",
        // Like the real root loader: the /en or /fr prefix, else the remembered language, else English.
        loader: ({ params }) => {
          loaderCalls++;
          const cookie = cookieLanguage();
          return { language: isLanguage(params.lang) ? params.lang : isLanguage(cookie) ? cookie : "en" };
        },
        // The real root has a clientLoader, which React Router runs again on every navigation.
        shouldRevalidate: () => true,
        Component: () => (
          <>
            <LanguageSelector variant="inline" />
            <Where />
          </>
        ),
        children: [{ path: ":lang?/*", Component: () => null }],
      },
    ],
    "en",
    { path },
  );
  await until(() => container.querySelector("button[aria-pressed=true]"));
  const button = (name: string) =>
    [...container.querySelectorAll("button")].find((b) => b.textContent?.includes(name))!;
  const pressed = () => [...container.querySelectorAll("button[aria-pressed=true]")].map((b) => b.textContent);
  const where = () => container.querySelector("[data-testid=where]")!.textContent;
  return { button, pressed, where };
}

/** Chooses a language: the page has answered once that language's button is pressed. */
async function choose(view: { button(name: string): HTMLElement; pressed(): (string | null)[] }, name: string) {
  await click(view.button(name));
  await until(() => view.pressed().includes(name));
}

describe("language selector", () => {
  it("on a plain address remembers the choice and asks the server for the page again", async () => {
    const view = await render("/about");
    expect(view.pressed()).toEqual(["English"]);
    const before = loaderCalls;
    await choose(view, "Français");
    expect(cookieLanguage()).toBe("fr");
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe("fr");
    expect(loaderCalls).toBeGreaterThan(before);
    expect(view.where()).toBe("/about");
    expect(view.pressed()).toEqual(["Français"]);
  });

  it("under a language prefix opens the same page, query and anchor in the other prefix", async () => {
    const view = await render("/fr/posts/3?page=2#comments");
    expect(view.pressed()).toEqual(["Français"]);
    await choose(view, "English");
    expect(view.where()).toBe("/en/posts/3?page=2#comments");
    expect(cookieLanguage()).toBe("en");
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe("en");
    expect(view.pressed()).toEqual(["English"]);
  });

  it("choosing the language already shown changes nothing but remembers it", async () => {
    const view = await render("/about");
    const before = loaderCalls;
    await choose(view, "English");
    expect(loaderCalls).toBe(before);
    expect(view.where()).toBe("/about");
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe("en");
  });

  it("names each language in its own language", async () => {
    await render("/");
    expect(container.querySelector("[lang=fr]")?.textContent).toBe("Français");
    expect(container.querySelector("[lang=en]")?.textContent).toBe("English");
    expect(container.querySelector("[role=group]")?.getAttribute("aria-label")).toBe("Language");
  });
});
