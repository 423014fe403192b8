import { notFound } from "next/navigation";
import { connection } from "next/server";

// /404 is a route of its own in the spec; it answers HTTP 404 with the view.
// Dynamic, like every page: its scripts need the request's CSP nonce.
export default async function NotFoundRoute() {
  await connection();
  notFound();
}
