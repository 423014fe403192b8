import "server-only";
import { notFound, redirect } from "next/navigation";
import { cache } from "react";
import { toUserDto, type UserDto } from "@/lib/accounts/user-dto";
import { resolvePage, type PageAccess } from "./page-access";
import { listPages, type PageSummary } from "./page-queries";
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/errors";
import { requireSession } from "@/lib/server/current-user";

// The owner screens (dashboard, statistics, settings, cover) name their page
// in their address, ?page=USERNAME (absent: the account's first page), so a
// person can bookmark one or send it to a member. A page the person does not
// manage is not found, as in the API. A person left with no page at all (a
// co-owner deleted it, or they left it) goes to 'Páginas' to create one.

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export interface OwnerPage {
  sid: string;
  /** The user object with the page named by the address (its username, profile, appearance). */
  user: UserDto;
  page: PageAccess;
  /** Every page the person manages, for the switcher (one: no switcher). */
  pages: PageSummary[];
}

/** `?page=` of a screen's search params. */
export async function pageParamOf(searchParams: SearchParams | undefined): Promise<string | null> {
  const value = (await searchParams)?.page;
  return typeof value === "string" && value ? value : null;
}

export async function requireOwnerPage(searchParams: SearchParams | undefined): Promise<OwnerPage> {
  return ownerPage(await pageParamOf(searchParams));
}

/** Once per request and page name (a screen's metadata and body both ask). */
const ownerPage = cache(async (name: string | null): Promise<OwnerPage> => {
  const session = await requireSession();
  let page: PageAccess;
  try {
    page = await resolvePage(session.user.id, name, "page.view");
  } catch (error) {
    if (error instanceof AppError && error.status === 404) {
      if (name === null) redirect("/pages");
      notFound();
    }
    throw error;
  }
  const [user, pages] = await Promise.all([
    page.username === session.user.username
      ? session.user
      : db.page
          .findUniqueOrThrow({ where: { id: page.id } })
          .then(async (row) => toUserDto(await db.user.findUniqueOrThrow({ where: { id: session.user.id } }), row)),
    listPages(session.user.id),
  ]);
  return { sid: session.sid, user, page, pages };
});
