import "server-only";
import { publicProfile } from "@/lib/profile/public-page";
import { lookUpHost } from "./host-list";

// A page's own domain serves the images its page shows (api.md, Custom
// domains: the photo, the cover, the links' thumbnails), and no other page's:
// stored names are random, but one domain must not become a mirror of every
// upload. The check is the page's public profile, from memory when warm (the
// page was just drawn), in the route that serves the image: proxy.ts stays
// string work.

/** Whether an image stored at `url` (`/uploads/…`) may be answered on `host`: any on the app's own host. */
export async function imageServedOn(host: string | null, url: string): Promise<boolean> {
  const site = lookUpHost(host);
  if (!site) return true;
  const profile = await publicProfile(site.username);
  if (!profile) return false;
  const { user, links } = profile;
  return user.avatarUrl === url || user.coverUrl === url || links.some((link) => link.thumbnailUrl === url);
}
