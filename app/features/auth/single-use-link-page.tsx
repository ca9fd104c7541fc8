import type { ReactNode } from "react";
import { useSearchParams } from "react-router";
import type { z } from "zod";
import { useTranslation } from "../../i18n/react.tsx";
import { FormAlert, FormError } from "../../components/ui/form-alert.tsx";
import { SubmitButton } from "../../components/ui/submit-button.tsx";
import { api } from "../../lib/api.ts";
import { Form, useForm } from "../../lib/form.tsx";
import { AuthLayout, replacePage, useSignInDestination } from "./auth-form.tsx";

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
  const form = useForm({
    schema: props.loadSchema,
    submit: ({ value }) => api(props.endpoint, { json: value }),
    onSuccess: () => replacePage(destination),
  });
  const text = (key: string) => t(`${props.texts}.${key}`);

  return (
    <AuthLayout title={text("title")} intro={text("intro")} footer={props.footer}>
      {token ? (
        <Form form={form} method="post" className="space-y-5" aria-label={text("title")}>
          {/* The token is a hidden field: its refusal is the form's error. */}
          <FormError form={form} />
          <input type="hidden" name="token" value={token} />
          <SubmitButton
            form={form}
            size="lg"
            className="w-full text-base"
            label={text("submit")}
            busyLabel={text("busy")}
          />
        </Form>
      ) : (
        <FormAlert message={text("missing")} />
      )}
    </AuthLayout>
  );
}
