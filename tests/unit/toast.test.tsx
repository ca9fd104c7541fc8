// @vitest-environment jsdom
import { act } from "react";
import { useNavigate } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { domPage } from "../helpers/dom-page.tsx";

// Sonner as a spy: the facade must import it on the first toast only, forward every call in order, and
// the host must mount its Toaster with the app's settings (one toast at a time, 5 s) at that moment.
const loaded = vi.hoisted(() => ({ count: 0 }));
const sonnerToast = vi.hoisted(() => ({
  success: vi.fn(),
  error: vi.fn(),
  warning: vi.fn(),
  info: vi.fn(),
  dismiss: vi.fn(),
}));
const toasterProps = vi.hoisted(() => [] as Array<Record<string, unknown>>);
vi.mock("sonner", () => {
  loaded.count += 1;
  return {
    toast: sonnerToast,
    Toaster: (props: Record<string, unknown>) => {
      toasterProps.push(props);
      return <section data-testid="toaster" />;
    },
  };
});

const { toast } = await import("../../app/components/ui/toast.ts");
const { ToastHost } = await import("../../app/components/ui/toast-host.tsx");

const page = domPage();

let navigate: ((to: string) => void) | undefined;
function NavigateProbe() {
  const go = useNavigate();
  navigate = (to) => void go(to);
  return null;
}

/** The host where the app has it: inside the router (it follows navigations) and the translations. */
function renderHost(language: "en" | "fr", props: Parameters<typeof ToastHost>[0] = {}) {
  return page.render(
    <>
      <NavigateProbe />
      <ToastHost {...props} />
    </>,
    language,
    { path: "/" },
  );
}

describe("toast facade", () => {
  it("loads nothing and renders nothing before the first toast, then mounts one Toaster and forwards calls in order", async () => {
    const container = await renderHost("en", { visibleToasts: 1, duration: 5000 });
    expect(container.innerHTML).toBe("");
    expect(loaded.count).toBe(0);

    await act(async () => {
      toast.success("Added", { description: "Logo design is in your cart" });
      toast.error("Failed");
      toast.warning("Careful");
    });
    await vi.waitFor(() => expect(container.querySelector("[data-testid=toaster]")).not.toBeNull());

    expect(loaded.count).toBe(1);
    expect(sonnerToast.success).toHaveBeenCalledWith("Added", { description: "Logo design is in your cart" });
    const order = [sonnerToast.success, sonnerToast.error, sonnerToast.warning].map(
      (spy) => spy.mock.invocationCallOrder[0],
    );
    expect(order).toEqual([...order].sort((a, b) => a - b));
    // At the bottom (right on wide screens, full width on phones), clear of the sticky header, named in the page's language.
    expect(toasterProps.at(-1)).toMatchObject({
      visibleToasts: 1,
      duration: 5000,
      position: "bottom-right",
      customAriaLabel: "Notifications (Alt+T)",
    });
    expect(toasterProps.at(-1)?.toastOptions).toEqual({ closeButtonAriaLabel: "Close notification" });

    await act(async () => toast.info("Again"));
    await vi.waitFor(() => expect(sonnerToast.info).toHaveBeenCalledWith("Again", undefined));
    expect(container.querySelectorAll("[data-testid=toaster]")).toHaveLength(1);
    expect(loaded.count).toBe(1);
  });

  it("takes the toasts away when the visitor moves to another page, and speaks French", async () => {
    const container = await renderHost("fr");
    await act(async () => toast.success("Ajouté"));
    await vi.waitFor(() => expect(container.querySelector("[data-testid=toaster]")).not.toBeNull());
    expect(toasterProps.at(-1)?.toastOptions).toEqual({ closeButtonAriaLabel: "Fermer la notification" });
    sonnerToast.dismiss.mockClear();
    await act(async () => navigate!("/?tab=2"));
    expect(sonnerToast.dismiss).not.toHaveBeenCalled();
    await act(async () => navigate!("/cart"));
    await vi.waitFor(() => expect(sonnerToast.dismiss).toHaveBeenCalledTimes(1));
  });
});
