"use client";

import { useState } from "react";
import { Download, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { securityStrings } from "@/lib/strings/security";
import { DeleteAccountDialog } from "./delete-account-dialog";

const strings = { security: securityStrings };

const s = strings.security;

/** 'Seus dados' (LGPD): a copy of everything, or the account deleted. */
export function DataCard({ username, hasPassword }: { username: string; hasPassword: boolean }) {
  const [deleting, setDeleting] = useState(false);
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg">{s.dataTitle}</h2>
        </CardTitle>
        <CardDescription>{s.dataHint}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <div className="grid gap-2">
          <p className="text-sm text-muted-foreground">{s.downloadHint}</p>
          <Button asChild variant="outline" className="w-fit">
            <a href="/api/user/export" download={`vitrine-${username}.json`}>
              <Download aria-hidden="true" />
              {s.download}
            </a>
          </Button>
        </div>
        <div className="grid gap-2 border-t pt-6">
          <p className="text-sm text-muted-foreground">{s.deleteHint}</p>
          <Button type="button" variant="destructive" className="w-fit" onClick={() => setDeleting(true)}>
            <Trash2 aria-hidden="true" />
            {s.deleteAccount}
          </Button>
        </div>
        <DeleteAccountDialog open={deleting} username={username} hasPassword={hasPassword} onOpenChange={setDeleting} />
      </CardContent>
    </Card>
  );
}
