"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { toast } from "@/components/ui/use-toast";
import { api } from "@/lib/client/api";
import { commonStrings } from "@/lib/strings/common";
import { salesStrings as t } from "@/lib/strings/sales";

/** 'Desconectar' (owner): DELETE /api/payments/account after a confirmation; the server-drawn screen is then read again. */
export function DisconnectButton() {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const disconnect = async () => {
    setBusy(true);
    try {
      await api("/api/payments/account", { method: "DELETE" });
      setOpen(false);
      toast({ title: t.disconnected });
      router.refresh();
    } catch (error) {
      toast({ variant: "destructive", title: commonStrings.error, description: (error as Error).message });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        {t.disconnect}
      </Button>
      <ConfirmDialog
        open={open}
        title={t.disconnectTitle}
        description={t.disconnectText}
        confirmLabel={t.disconnect}
        destructive
        busy={busy}
        onConfirm={disconnect}
        onOpenChange={setOpen}
      />
    </>
  );
}
