import { data } from "react-router";

/** Any address no page claims: the layout's error boundary renders "Page Not Found" with status 404. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
