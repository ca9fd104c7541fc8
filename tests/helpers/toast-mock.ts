import { vi } from "vitest";

/**
 * The site's toasts (app/components/ui/toast.ts) as component tests see them: each kind a mock that
 * records what a page announced, reset before every test by domPage. A test file replaces the module
 * with this one and reads `toast` from here:
 *
 *   vi.mock("../../app/components/ui/toast.ts", () => import("../helpers/toast-mock.ts"));
 *   import { toast } from "../helpers/toast-mock.ts";
 */
export const toast = {
  dismissAll: vi.fn(),
  success: vi.fn(),
  error: vi.fn(),
  warning: vi.fn(),
  info: vi.fn(),
};

/** The toast host's subscription: no toast is ever rendered here, so nobody needs to hear of one. */
export const toastRequests = {
  subscribe: () => () => undefined,
  requested: () => false,
};

export function resetToasts(): void {
  for (const mock of Object.values(toast)) mock.mockReset();
}
