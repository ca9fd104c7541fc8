import { act, type ReactNode } from "react";
import { createRoot, type Root } from "react-dom/client";
import { MemoryRouter, createRoutesStub } from "react-router";
import { CartProvider } from "../../app/components/cart/cart-context.tsx";
import { afterEach, beforeAll, beforeEach, vi } from "vitest";
import { resetToasts } from "./toast-mock.ts";
import { createI18n } from "../../core/i18n/instance.ts";
import { I18nProvider } from "../../app/i18n/react.tsx";
import { resources } from "../../app/locales/resources.ts";

/** A JSON answer as the API gives it. */
export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** The timer the document had when this module loaded: fake timers (vi.useFakeTimers) replace it. */
const realSetTimeout = globalThis.setTimeout;

/**
 * Lets effects and answered requests run to their end. When setTimeout is faked (vi.useFakeTimers), it
 * runs the timers due now instead of waiting for one that would never fire.
 */
export const settle = () =>
  act(async () =>
    globalThis.setTimeout === realSetTimeout
      ? new Promise<void>((resolve) => setTimeout(resolve, 0))
      : void (await vi.advanceTimersByTimeAsync(0)),
  );

/**
 * Waits until `condition` holds, letting React render and timers run between looks; fails after
 * `timeoutMs`. What a test waits for, instead of a fixed delay.
 */
export async function until(condition: () => unknown, timeoutMs = 3_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`still waiting after ${timeoutMs} ms for ${String(condition)}`);
    await act(async () => new Promise((resolve) => setTimeout(resolve, 10)));
  }
  await settle();
}

/** Clicks an element and lets what the click started (effects, answered requests) run to their end. */
export async function click(element: HTMLElement, options: { until?: () => boolean } = {}): Promise<void> {
  await act(async () => element.click());
  // A form's first submit loads its code and schema (the form layer): wait while its button is busy, or
  // until what the test waits for has happened (a request sent whose answer the test holds back).
  for (
    let tries = 0;
    tries < 200 && element.isConnected && element.getAttribute("aria-busy") === "true" && !options.until?.();
    tries++
  )
    await act(async () => new Promise((resolve) => setTimeout(resolve, 10)));
  await settle();
}

/** Types a value into an input as a person would: React sees the input event. */
export function typeInto(input: HTMLInputElement, value: string): void {
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(input, value);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

export interface RenderOptions {
  /** Inside a memory router at this address (links and hooks of react-router work). */
  path?: string;
  /** Inside the site's cart (CartProvider, kept in this document's localStorage). */
  cart?: boolean;
}

/** The routes of `renderRoutes`, as react-router's `createRoutesStub` takes them. */
export type StubRoutes = Parameters<typeof createRoutesStub>[0];

export interface RoutesOptions {
  /** The address the router starts at ("/" unless told). */
  path?: string;
  /** Inside the site's cart (CartProvider, kept in this document's localStorage). */
  cart?: boolean;
  /** Loader data the page starts with, by route id (as the server would have rendered it): those loaders do not run first. */
  loaderData?: Record<string, unknown>;
  /** What the routes' loaders and actions receive as `context`. */
  context?: Parameters<typeof createRoutesStub>[1];
}

/**
 * A jsdom test file's page: `fetch` stubbed (a fresh mock before each test), and `render` mounting an
 * element in the document with the site's translations in a language, and on request a router and the
 * cart; `renderRoutes` mounting routes in react-router's `createRoutesStub` (loaders, actions, fetchers and
 * navigations work) the same way; the page is emptied after each test. The one set-up of the component tests (tests/unit/*.tsx).
 * Call it once at the top of the file.
 */
export function domPage() {
  const fetchMock = vi.fn<typeof fetch>();
  let root: Root | null = null;
  let container: HTMLElement | null = null;

  beforeAll(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  });
  beforeEach(() => {
    fetchMock.mockReset();
    resetToasts();
    vi.stubGlobal("fetch", fetchMock);
  });
  const unmount = () => {
    act(() => root?.unmount());
    root = null;
    container?.remove();
    document.body.innerHTML = "";
  };
  afterEach(() => {
    unmount();
    vi.unstubAllGlobals();
  });

  /** Mounts a tree (in place of what was mounted) with the translations in `language`; returns its container. */
  async function mount(tree: ReactNode, language: "en" | "fr"): Promise<HTMLElement> {
    unmount();
    const mounted = document.createElement("div");
    document.body.appendChild(mounted);
    container = mounted;
    root = createRoot(mounted);
    await act(async () => {
      root!.render(<I18nProvider i18n={createI18n(language, resources)}>{tree}</I18nProvider>);
    });
    await settle();
    return mounted;
  }

  async function render(
    element: ReactNode,
    language: "en" | "fr" = "en",
    { path, cart = false }: RenderOptions = {},
  ): Promise<HTMLElement> {
    let tree = cart ? <CartProvider>{element}</CartProvider> : element;
    if (path !== undefined) tree = <MemoryRouter initialEntries={[path]}>{tree}</MemoryRouter>;
    return mount(tree, language);
  }

  /** Mounts `routes` at `path`, as `render` mounts an element. */
  async function renderRoutes(
    routes: StubRoutes,
    language: "en" | "fr" = "en",
    { path = "/", cart = false, loaderData, context }: RoutesOptions = {},
  ): Promise<HTMLElement> {
    const Stub = createRoutesStub(routes, context);
    const stub = <Stub initialEntries={[path]} hydrationData={loaderData && { loaderData }} />;
    return mount(cart ? <CartProvider>{stub}</CartProvider> : stub, language);
  }

  return { fetchMock, render, renderRoutes };
}
