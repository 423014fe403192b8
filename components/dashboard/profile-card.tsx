import { OwnerLink } from "@/components/pages/owner-link";
import { Camera, Palette, Pencil, Plug } from "lucide-react";
import { UserAvatar } from "@/components/auth/user-avatar";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import type { UserDto } from "@/lib/accounts/user-dto";
import { formatPhone } from "@/lib/accounts/phone-format";
import { dashboardStrings } from "@/lib/strings/dashboard";
import { authStrings } from "@/lib/strings/auth";

const strings = { dashboard: dashboardStrings, auth: authStrings };

export function ProfileCard({ user }: { user: UserDto }) {
  const t = strings.dashboard;
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{t.profileCard}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-5">
        <div className="flex items-center gap-4">
          <UserAvatar name={user.name} src={user.avatarUrl} className="size-16 text-lg" />
          <div className="min-w-0">
            <p className="truncate text-lg font-semibold">{user.name}</p>
            <p className="truncate text-sm text-muted-foreground">@{user.username}</p>
          </div>
        </div>
        <dl className="grid grid-cols-1 gap-2 text-sm">
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">{strings.auth.email}</dt>
            <dd className="truncate font-medium">{user.email}</dd>
          </div>
          {user.phone ? (
            <div className="flex justify-between gap-4">
              <dt className="text-muted-foreground">{strings.auth.phone}</dt>
              <dd className="font-medium">{formatPhone(user.phone)}</dd>
            </div>
          ) : null}
        </dl>
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          <Button asChild variant="outline">
            <OwnerLink href="/settings" prefetch={false}>
              <Pencil aria-hidden="true" />
              {t.editProfile}
            </OwnerLink>
          </Button>
          <Button asChild variant="outline">
            <OwnerLink href="/settings#foto" prefetch={false}>
              <Camera aria-hidden="true" />
              {t.changePhoto}
            </OwnerLink>
          </Button>
          <Button asChild variant="outline">
            <OwnerLink href="/cover" prefetch={false}>
              <Palette aria-hidden="true" />
              {t.customize}
            </OwnerLink>
          </Button>
          <Button asChild variant="outline">
            <OwnerLink href="/settings?aba=integracoes" prefetch={false}>
              <Plug aria-hidden="true" />
              {t.integrations}
            </OwnerLink>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
