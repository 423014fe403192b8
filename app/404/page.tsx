import { notFound } from "next/navigation";

// /404 is a route of its own in the spec; it answers HTTP 404 with the view.
export default function NotFoundRoute() {
  notFound();
}
