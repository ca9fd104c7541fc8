import { refusal } from "../lib/refusal.ts";

/** Any address no page claims: the layout's error boundary renders "Page Not Found" with status 404. */
export function loader() {
  throw refusal(404);
}

export default function NotFound() {
  return null;
}
