import type { PageRole } from "@/lib/permissions/page-permissions";
import { pagesStrings } from "@/lib/strings/pages";

// Each role's name on the screens (the 'Páginas' list, the switcher, the team).

const ROLE_LABELS: Record<PageRole, string> = { owner: pagesStrings.roleOwner, editor: pagesStrings.roleEditor };

export const roleLabel = (role: PageRole): string => ROLE_LABELS[role];
