"use client";

import { useState } from "react";
import { Loader2, ShieldCheck, ShieldOff } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { toast } from "@/components/ui/use-toast";
import { ApiError, api } from "@/lib/client/api";
import { useRefreshCurrentUser } from "@/lib/client/use-refresh-current-user";
import { securityStrings } from "@/lib/strings/security";
import { DisableTwoFactorDialog } from "./disable-two-factor-dialog";
import { RecoveryCodes } from "./recovery-codes";
import { TwoFactorSetup } from "./two-factor-setup";

const strings = { security: securityStrings };

const s = strings.security;

type View = { kind: "off" } | { kind: "setup"; secret: string; otpauthUrl: string } | { kind: "codes"; codes: string[] } | { kind: "on" };

/** Two-factor sign-in: turn on (QR, key, code, recovery codes) and off. */
export function TwoFactorCard({ enabled, hasPassword }: { enabled: boolean; hasPassword: boolean }) {
  const [view, setView] = useState<View>({ kind: enabled ? "on" : "off" });
  const [starting, setStarting] = useState(false);
  const [disabling, setDisabling] = useState(false);
  const refreshUser = useRefreshCurrentUser();
  const isOn = view.kind === "on" || view.kind === "codes";

  const start = async () => {
    setStarting(true);
    try {
      const { secret, otpauthUrl } = await api<{ secret: string; otpauthUrl: string }>("/api/user/2fa/setup", { body: {} });
      setView({ kind: "setup", secret, otpauthUrl });
    } catch (error) {
      toast({ variant: "destructive", title: s.errorTitle, description: error instanceof ApiError ? error.message : s.errorTitle });
    } finally {
      setStarting(false);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          <h2 className="text-lg">{s.twoFactorTitle}</h2>
          <span
            className={
              isOn
                ? "rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-900"
                : "rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-muted-foreground"
            }
            data-testid="two-factor-status"
          >
            {isOn ? s.twoFactorOn : s.twoFactorOff}
          </span>
        </CardTitle>
        <CardDescription>{s.twoFactorHint}</CardDescription>
      </CardHeader>
      <CardContent>
        {view.kind === "off" ? (
          <Button type="button" onClick={() => void start()} disabled={starting}>
            {starting ? <Loader2 className="animate-spin" aria-hidden="true" /> : <ShieldCheck aria-hidden="true" />}
            {starting ? s.startingSetup : s.turnOn}
          </Button>
        ) : null}
        {view.kind === "setup" ? (
          <TwoFactorSetup
            secret={view.secret}
            otpauthUrl={view.otpauthUrl}
            onCancel={() => setView({ kind: "off" })}
            onEnabled={(codes) => {
              toast({ title: s.enabledToast });
              setView({ kind: "codes", codes });
            }}
          />
        ) : null}
        {view.kind === "codes" ? (
          <RecoveryCodes
            codes={view.codes}
            onDone={() => {
              setView({ kind: "on" });
              void refreshUser();
            }}
          />
        ) : null}
        {view.kind === "on" ? (
          <Button type="button" variant="outline" onClick={() => setDisabling(true)}>
            <ShieldOff aria-hidden="true" />
            {s.turnOff}
          </Button>
        ) : null}
        <DisableTwoFactorDialog
          open={disabling}
          hasPassword={hasPassword}
          onOpenChange={setDisabling}
          onDisabled={() => {
            setDisabling(false);
            setView({ kind: "off" });
            toast({ title: s.disabledToast });
            void refreshUser();
          }}
        />
      </CardContent>
    </Card>
  );
}
