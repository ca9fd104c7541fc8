import type { ReactNode } from "react";
import { useSearchParams } from "react-router";
import type { z } from "zod";
import { useTranslation } from "../../i18n/react.tsx";
import { FormAlert } from "../../components/ui/form-alert.tsx";
import { AuthLayout, SubmitButton, useAuthForm, useSignInDestination } from "./auth-form.tsx";

/**
 * The page an e-mailed single-use link opens (a sign-up to confirm, a new browser to sign in). Opening it
 * uses nothing up (mail scanners follow links): the link's token is posted when the person presses the
 * button. `texts` names the `auth:` group with its title, intro, submit, busy and missing texts.
 */
export function SingleUseLinkPage(props: {
  texts: "registerConfirm" | "loginConfirm";
  endpoint: string;
  loadSchema: () => Promise<z.ZodType>;
  footer: ReactNode;
}) {
  const { t } = useTranslation("auth");
  const [searchParams] = useSearchParams();
  const { destination } = useSignInDestination();
  const token = searchParams.get("token") ?? "";
  const form = useAuthForm({ loadSchema: props.loadSchema, endpoint: props.endpoint, destination });
  const text = (key: string) => t(`${props.texts}.${key}`);

  return (
    <AuthLayout title={text("title")} intro={text("intro")} footer={props.footer}>
      {token ? (
        <form
          ref={form.formRef}
          method="post"
          noValidate
          onSubmit={form.onSubmit}
          className="space-y-5"
          aria-label={text("title")}
        >
          <FormAlert message={form.formError ?? form.fieldErrors.token ?? null} />
          <input type="hidden" name="token" value={token} />
          <SubmitButton busy={form.busy} hydrated={form.hydrated} label={text("submit")} busyLabel={text("busy")} />
        </form>
      ) : (
        <FormAlert message={text("missing")} />
      )}
    </AuthLayout>
  );
}
