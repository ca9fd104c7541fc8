import { useState } from "react";
import { useRevalidator } from "react-router";
import { toast } from "../../components/ui/toast.ts";
import { ApiError } from "../../lib/api.ts";

/** What a staff change says when it is done, and when it failed (the server's reason below). */
export interface ChangeMessages {
  done: string;
  failed: string;
}

/**
 * A staff change to one listed thing (approve, reject, publish, delete...): one at a time per thing (its
 * buttons are disabled while `busyId` is its id), then the dashboard's data reloaded and a toast that
 * says how it went. `change` resolves to whether it worked.
 */
export function useStaffChange() {
  const revalidator = useRevalidator();
  const [busyId, setBusyId] = useState<number | null>(null);

  async function change(id: number, call: () => Promise<unknown>, messages: ChangeMessages): Promise<boolean> {
    setBusyId(id);
    try {
      await call();
      await revalidator.revalidate();
      toast.success(messages.done);
      return true;
    } catch (error) {
      toast.error(messages.failed, { description: error instanceof ApiError ? error.message : undefined });
      return false;
    } finally {
      setBusyId(null);
    }
  }

  return { busyId, change };
}
