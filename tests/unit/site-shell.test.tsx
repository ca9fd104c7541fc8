// @vitest-environment jsdom
import { act } from "react";
import { describe, expect, it } from "vitest";
import type { CurrentUser } from "../../core/auth/schema.ts";
import { SiteShell } from "../../app/layout/site-shell.tsx";
import { domPage, until } from "../helpers/dom-page.tsx";
import { publicConfig, rootData } from "../helpers/site-fixtures.tsx";

// Spec document 000, section 2 "App navigation bar" and the footer of the home page.
const config = publicConfig();

const user = (overrides: Partial<CurrentUser>): CurrentUser => ({
  id: "u1",
  firstName: "Camille",
  lastName: "Durand",
  email: "camille.durand@example.com",
  profileImageUrl: null,
  username: null,
  role: "customer",
  ...overrides,
});

const page = domPage();

/** Presses the menu button and waits for the drawer, whose code loads on first use. */
async function openDrawer(toggle: HTMLButtonElement): Promise<Element> {
  await act(async () => toggle.click());
  await until(() => document.querySelector("[role=dialog]"));
  return document.querySelector("[role=dialog]")!;
}

async function renderShell({ signedIn = null as CurrentUser | null, path = "/", language = "en" as "en" | "fr" } = {}) {
  const container = await page.renderRoutes(
    [
      {
        id: "root",
        path: "/",
        loader: () => null,
        Component: () => (
          <SiteShell>
            <main id="main">page</main>
          </SiteShell>
        ),
        children: [{ path: "*", Component: () => null }],
      },
    ],
    language,
    {
      path,
      cart: true,
      loaderData: { root: rootData(language, { user: signedIn, config }) },
    },
  );
  const header = container.querySelector("header")!;
  const footer = container.querySelector("footer")!;
  const links = (scope: Element) =>
    [...scope.querySelectorAll("a")].map((a) => ({ text: a.textContent?.trim() ?? "", href: a.getAttribute("href") }));
  return { header, footer, links };
}

describe("the site header", () => {
  it("leads to the home page's sections, the blog, tutorials, classes, the portfolio, reviews and hot deals, with a Login link that is a full navigation to /api/login", async () => {
    const { header, links } = await renderShell({ path: "/posts" });
    const nav = header.querySelector("nav")!;
    expect(links(nav)).toEqual([
      { text: "Home", href: "/" },
      { text: "About", href: "/#about" },
      { text: "Services", href: "/#services" },
      { text: "Contact", href: "/#contact" },
      { text: "Blog", href: "/posts" },
      { text: "Tutorials", href: "/tutorials" },
      { text: "Classes", href: "/classes" },
      { text: "Portfolio", href: "/media" },
      { text: "Reviews", href: "/testimonials" },
      { text: "Hot Deals", href: "/hot-deals" },
    ]);
    // Portfolio, Reviews and Hot Deals share the Explore menu.
    const explore = [...nav.querySelectorAll("button")].find((button) => button.textContent === "Explore")!;
    expect(explore.getAttribute("aria-haspopup")).toBe("menu");
    expect(
      document.getElementById(explore.getAttribute("aria-controls")!)?.querySelectorAll("[role=menuitem]"),
    ).toHaveLength(3);
    expect(links(header)).toContainEqual({ text: "Login", href: "/api/login" });
    expect(links(header)).toContainEqual({ text: "Book Consultation", href: "/#consultation" });
    expect(links(header).some((link) => link.href === "/api/logout")).toBe(false);
    expect(header.querySelector("a[href='/cart']")).not.toBeNull();
  });

  it("never links to pages that are not built yet", async () => {
    const { header, links } = await renderShell({ signedIn: user({ role: "admin" }) });
    const drawer = await openDrawer(header.querySelector<HTMLButtonElement>("button[aria-haspopup=dialog]")!);
    const all = [...links(header), ...links(drawer)].map((link) => link.href);
    for (const unbuilt of ["/calls"]) expect(all).not.toContain(unbuilt);
    expect(all).toContain("/tutorials");
    expect(all).toContain("/classes");
    expect(all).toContain("/media");
    // The lead desk exists: staff reach it from the header (decision 14).
    expect(all).toContain("/leads");
  });

  it("keeps visitors under /fr in French", async () => {
    const { header, links } = await renderShell({ path: "/fr/posts", language: "fr" });
    expect(links(header.querySelector("nav")!).map((link) => link.href)).toEqual([
      "/fr",
      "/fr#about",
      "/fr#services",
      "/fr#contact",
      "/fr/posts",
      "/fr/tutorials",
      "/fr/classes",
      "/fr/media",
      "/fr/testimonials",
      "/fr/hot-deals",
    ]);
    expect(header.querySelector("nav a[aria-current=page]")?.textContent).toBe("Blog");
    expect(links(header)).toContainEqual({ text: "Connexion", href: "/api/login" });
    expect(links(header)).toContainEqual({ text: "Réserver une consultation", href: "/fr#consultation" });
  });

  it("shows a customer's first name and a Logout link, but no staff link", async () => {
    const { header, links } = await renderShell({ signedIn: user({ role: "customer" }) });
    expect(header.querySelector("[data-testid=nav-user]")?.textContent).toBe("CD");
    expect(header.querySelector("[aria-label='Your account: Camille']")?.getAttribute("aria-haspopup")).toBe("menu");
    expect(header.querySelector("[data-testid=account-summary]")?.textContent).toBe(
      "Camillecamille.durand@example.com",
    );
    expect(links(header)).toContainEqual({ text: "Logout", href: "/api/logout" });
    expect(links(header)).toContainEqual({ text: "Change password", href: "/account/password" });
    expect(links(header).some((link) => link.href === "/api/login")).toBe(false);
    expect(links(header).map((link) => link.href)).not.toContain("/admin");
  });

  it.each(["staff", "admin"] as const)(
    "shows the Admin and Leads links to %s accounts, in their account menu",
    async (role) => {
      const { header, links } = await renderShell({ signedIn: user({ role }) });
      const menu = document.getElementById(
        header.querySelector("[aria-label='Your account: Camille']")!.getAttribute("aria-controls")!,
      )!;
      expect(links(menu)).toEqual([
        { text: "Admin", href: "/admin" },
        { text: "Leads", href: "/leads" },
        { text: "Change password", href: "/account/password" },
        { text: "Logout", href: "/api/logout" },
      ]);
    },
  );

  it("names the user by the e-mail's local part without a first name, else 'User'", async () => {
    const byEmail = await renderShell({
      signedIn: user({ firstName: null, lastName: null, email: "jo.martin@example.com" }),
    });
    expect(byEmail.header.querySelector("[data-testid=account-summary] p")?.textContent).toBe("jo.martin");
    const anonymous = await renderShell({ signedIn: user({ firstName: null, lastName: null, email: "" }) });
    expect(anonymous.header.querySelector("[data-testid=account-summary] p")?.textContent).toBe("User");
  });

  it("shows the profile picture when there is one", async () => {
    const { header } = await renderShell({ signedIn: user({ profileImageUrl: "https://images.example/camille.jpg" }) });
    expect(header.querySelector("[data-testid=nav-user] img")?.getAttribute("src")).toBe(
      "https://images.example/camille.jpg",
    );
  });

  it("opens a labelled drawer from the menu button that shows the e-mail, and Escape closes it", async () => {
    const { header } = await renderShell({ signedIn: user({}), path: "/posts" });
    const toggle = header.querySelector<HTMLButtonElement>("button[aria-haspopup=dialog]")!;
    expect(toggle.getAttribute("aria-label")).toBe("Open menu");
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    const drawer = await openDrawer(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(toggle.getAttribute("aria-controls")).toBe(drawer.id);
    expect(drawer.getAttribute("aria-labelledby")).toBeTruthy();
    expect(drawer.querySelector("[data-testid=drawer-user]")?.textContent).toContain("camille.durand@example.com");
    expect(drawer.contains(document.activeElement)).toBe(true);
    const drawerLinks = [...drawer.querySelectorAll("a")].map((a) => [a.textContent, a.getAttribute("href")]);
    expect(drawerLinks).toEqual(
      expect.arrayContaining([
        ["About", "/#about"],
        ["Book Consultation", "/#consultation"],
        ["Blog", "/posts"],
        ["Reviews", "/testimonials"],
        ["Hot Deals", "/hot-deals"],
        ["Change password", "/account/password"],
        ["Logout", "/api/logout"],
      ]),
    );
    await act(async () => {
      document.activeElement!.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
    });
    expect(document.querySelector("[role=dialog]")).toBeNull();
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
  });
});

describe("footer", () => {
  it("has the quick links, the company's contact details and social links, and the legal pages", async () => {
    const { footer, links } = await renderShell();
    const all = links(footer);
    for (const [text, href] of [
      ["Home", "/"],
      ["Services", "/#services"],
      ["About", "/#about"],
      ["Contact", "/#contact"],
      ["Blog", "/posts"],
      ["Privacy policy", "/privacy"],
      ["Terms of use", "/terms"],
    ]) {
      expect(all).toContainEqual({ text, href });
    }
    const hrefs = all.map((link) => link.href);
    expect(hrefs).toContain("mailto:bonjour@studio-nord.example");
    expect(hrefs).toContain("tel:+33123456789");
    expect(hrefs).toContain("https://www.studio-nord.example/");
    for (const url of Object.values(config.social)) {
      const anchor = footer.querySelector(`a[href="${url}"]`)!;
      expect(anchor.getAttribute("rel")).toBe("noopener noreferrer");
      expect(anchor.textContent).toMatch(/^Studio Nord on (Facebook|Instagram|TikTok)/);
    }
    expect(footer.textContent).toContain(`© ${new Date().getFullYear()} Studio Nord. All rights reserved.`);
  });

  it("keeps the legal links in the visitor's language tree", async () => {
    const { footer, links } = await renderShell({ path: "/fr/terms", language: "fr" });
    expect(links(footer)).toContainEqual({ text: "Politique de confidentialité", href: "/fr/privacy" });
    expect(links(footer)).toContainEqual({ text: "Services", href: "/fr#services" });
    expect(links(footer)).toContainEqual({ text: "À propos", href: "/fr#about" });
  });
});
