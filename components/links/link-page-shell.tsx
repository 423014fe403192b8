import { OwnerLink } from "@/components/pages/owner-link";
import { ArrowLeft } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { linksStrings } from "@/lib/strings/links";

const strings = { links: linksStrings };

/** `wide`: a block's form with its preview beside it. */
export function LinkPageShell({
  title,
  description,
  wide = false,
  children,
}: {
  title: string;
  description: string;
  wide?: boolean;
  children: React.ReactNode;
}) {
  return (
    <div className={`mx-auto w-full px-4 py-8 sm:px-6 ${wide ? "max-w-3xl" : "max-w-xl"}`}>
      <OwnerLink href="/dashboard" className="inline-flex items-center gap-1.5 text-sm font-medium text-muted-foreground hover:text-foreground">
        <ArrowLeft className="size-4" aria-hidden="true" />
        {strings.links.backToDashboard}
      </OwnerLink>
      <Card className="mt-4">
        <CardHeader>
          <CardTitle>
            <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </div>
  );
}
