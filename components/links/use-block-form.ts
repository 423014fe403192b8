"use client";

import { useState } from "react";
import { useForm, type FieldValues, type Path, type Resolver } from "react-hook-form";
import { useQueryClient } from "@tanstack/react-query";
import { useOwnerRouter } from "@/components/pages/owner-link";
import { toast } from "@/components/ui/use-toast";
import { ApiError, api } from "@/lib/client/api";
import { drawnRegister } from "@/lib/client/drawn-register";
import { queryKeys } from "@/lib/client/query-client";
import { useReplayableForm } from "@/lib/client/replayable-form";
import { apiSchemaResolver } from "./block-form-parts";
import type { LinkDto } from "@/lib/links/link-dto";
import { linksStrings } from "@/lib/strings/links";

const t = linksStrings;

// What every block kind's editor does around its own fields
// (components/blocks/block-editors.tsx): the values it starts from (also in
// the HTML the server draws), the API's POST (add) or PUT (edit), the list's
// refresh, the toast, back to the dashboard, and the server's field messages
// put on the form's fields (a path's last part: pix.key → key).

interface BlockFormOptions<Values extends FieldValues, Out> {
  /** The kind's name (the POST body's `kind`). */
  kind: string;
  /** The block being edited; absent when adding one. */
  link?: LinkDto;
  /** The form's first values of its own, read once (title and active default to the block's). */
  initial: () => Omit<Values, "title" | "active"> & Partial<Values>;
  /** The PUT body of an edited block; a new one's POST adds its kind. */
  toBody: (values: Out) => Record<string, unknown>;
  /** By default the API's own schema checks the body (apiSchemaResolver). */
  resolver?: Resolver<Values, unknown, Out>;
  /** The form's fields that show the server's messages. */
  fields: readonly Path<Values>[];
  /** The toast after adding (the kind's words). */
  added: string;
  /** Where to go once saved, given the saved block (default: the dashboard). */
  next?: (saved: LinkDto) => string;
}

export function useBlockForm<Values extends FieldValues, Out = Values>({
  kind,
  link,
  initial,
  toBody,
  resolver,
  fields,
  added,
  next,
}: BlockFormOptions<Values, Out>) {
  const router = useOwnerRouter();
  const qc = useQueryClient();
  const editing = Boolean(link);
  const [drawnValues] = useState<Values>(() => ({ title: link?.title ?? "", active: link?.active ?? true, ...initial() }) as unknown as Values);
  const checked =
    resolver ?? (apiSchemaResolver<Values>((values) => ({ kind, ...toBody(values as unknown as Out) }), fields) as unknown as Resolver<Values, unknown, Out>);
  const form = useForm<Values, unknown, Out>({ resolver: checked, defaultValues: drawnValues as never });
  // The fields' values in the page the server draws, not only once React has it.
  const drawn = drawnRegister(form.register, drawnValues);

  const onSubmit = form.handleSubmit(async (values) => {
    const body = toBody(values);
    try {
      const saved = link ? await api<LinkDto>(`/api/links/${link.id}`, { method: "PUT", body }) : await api<LinkDto>("/api/links", { body: { kind, ...body } });
      await qc.invalidateQueries({ queryKey: queryKeys.links });
      toast({ title: editing ? t.updated : added });
      router.push(next?.(saved) ?? "/dashboard");
    } catch (error) {
      if (error instanceof ApiError) {
        for (const [path, message] of Object.entries(error.errors)) {
          const field = path.split(".").at(-1) as Path<Values>;
          if (fields.includes(field)) form.setError(field, { type: "server", message });
        }
      }
      toast({ variant: "destructive", title: t.errorTitle, description: editing ? t.updateFailed : t.addFailed });
    }
  });
  // Sent by its script; before React has the page, React keeps the submit (lib/client/replayable-form.ts).
  const replayable = useReplayableForm(() => onSubmit());
  return { form, drawn, replayable, editing, errors: form.formState.errors, busy: form.formState.isSubmitting };
}
