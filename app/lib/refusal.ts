import { data } from "react-router";

// React Router gives a thrown data() without a status text "Internal Server Error" whatever its status.
const STATUS_TEXTS = { 400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found" } as const;

/** What a loader throws to refuse a request: the status with its own status text, and a body. */
export function refusal(status: keyof typeof STATUS_TEXTS, body: unknown = null) {
  return data(body, { status, statusText: STATUS_TEXTS[status] });
}
