"use client";

import { useState } from "react";
import type { UseMutationResult } from "@tanstack/react-query";
import { toast } from "@/components/ui/use-toast";
import { ApiError } from "@/lib/client/api";
import { commonStrings } from "@/lib/strings/common";

const strings = { common: commonStrings };

/**
 * The row an admin is about to toggle, and the confirmed toggle itself with
 * the §8 toasts (the server's message on failure, else `failed`).
 */
export function useConfirmedToggle<R extends { id: string }, D>(
  toggle: UseMutationResult<D, Error, { id: string; reason?: string }>,
  texts: { changedTitle?: string; changedText: string; changeFailed: string },
) {
  const [target, setTarget] = useState<R | null>(null);
  /** `reason`: a page's deactivation, for its owner. */
  function confirm(reason?: string) {
    if (!target) return;
    toggle.mutate(
      { id: target.id, ...(reason ? { reason } : {}) },
      {
        onSuccess: () => toast({ title: texts.changedTitle, description: texts.changedText }),
        onError: (error) =>
          toast({ variant: "destructive", title: strings.common.error, description: error instanceof ApiError ? error.message : texts.changeFailed }),
        onSettled: () => setTarget(null),
      },
    );
  }
  return { target, setTarget, confirm };
}
