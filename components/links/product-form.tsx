"use client";

import { useWatch } from "react-hook-form";
import { FormField, fieldAria } from "@/components/auth/form-field";
import type { BlockEditorProps } from "@/components/blocks/block-editors";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { keepTyped } from "@/lib/client/kept-typing";
import { DESCRIPTION_MAX, type ProductData } from "@/lib/blocks/kinds/product/product-data";
import { parseReais, reaisInput } from "@/lib/selling/money";
import { sellingBlocksStrings } from "@/lib/strings/selling-blocks";
import { sellingLookStrings } from "@/lib/strings/selling-kinds";
import { ActiveSwitch, BlockFormActions } from "./block-form-parts";
import { ProductFileField } from "./product-file-field";
import { ThumbnailField } from "./thumbnail-field";
import { useBlockForm } from "./use-block-form";

const t = sellingBlocksStrings;

// The product block's own form (api.md, Selling with Pix): the API's schema
// checks it (lib/blocks/kinds/product/product-data.ts); the price is typed in
// reais ("29,90") and sent in centavos. Its image and its file belong to a
// saved block: a new product delivered by file goes on to its edit screen,
// where the file is sent.

interface ProductFormValues {
  title: string;
  description: string;
  /** As typed, Brazilian style: "29,90". */
  priceCents: string;
  delivery: ProductData["delivery"];
  url: string;
  /** As typed: blank for no limit. */
  stock: string;
  active: boolean;
}

const FIELDS = ["title", "description", "priceCents", "delivery", "url", "stock"] as const;

/** "1.000" or "12" → the number; blank → null; anything else a value the schema refuses. */
function parseStock(typed: string): number | string | null {
  const text = typed.trim().replace(/\./g, "");
  if (!text) return null;
  return /^\d+$/.test(text) ? Number(text) : typed;
}

function toBody(values: ProductFormValues) {
  const price = parseReais(values.priceCents);
  return {
    title: values.title,
    active: values.active,
    product: {
      description: values.description.trim() || null,
      // Blank: the schema's own "required" message; not an amount: its "invalid" one.
      priceCents: price === null ? undefined : Number.isNaN(price) ? values.priceCents : price,
      delivery: values.delivery,
      url: values.delivery === "link" ? values.url : null,
      stock: parseStock(values.stock),
    },
  };
}

export function ProductForm({ kind, link }: BlockEditorProps) {
  const stored = link?.product;
  const { form, drawn, replayable, editing, errors, busy } = useBlockForm<ProductFormValues>({
    kind,
    link,
    initial: () => ({
      description: stored?.description ?? "",
      priceCents: reaisInput(stored?.priceCents),
      delivery: stored?.delivery ?? "file",
      url: stored?.url ?? "",
      stock: stored?.stock == null ? "" : String(stored.stock),
    }),
    toBody,
    fields: FIELDS,
    added: sellingLookStrings.productAdded,
    // A new product delivered by file still needs its file: on to its edit screen.
    next: (saved) => (!link && saved?.product?.delivery === "file" ? `/dashboard/edit/${saved.id}` : "/dashboard"),
  });
  const delivery = useWatch({ control: form.control, name: "delivery" });
  const deliveryField = form.register("delivery");
  const error = (name: (typeof FIELDS)[number]) => errors[name]?.message;

  return (
    <div className="grid gap-6">
      <form {...replayable} noValidate className="grid grid-cols-1 gap-5">
        <FormField id="product-title" label={t.productTitleLabel} error={error("title")}>
          <Input {...drawn("title")} {...fieldAria("product-title", error("title"))} placeholder={t.productTitlePlaceholder} maxLength={100} autoFocus />
        </FormField>
        <FormField id="product-description" label={t.descriptionLabel} error={error("description")}>
          <Textarea {...drawn("description")} {...fieldAria("product-description", error("description"))} rows={3} maxLength={DESCRIPTION_MAX} />
        </FormField>
        <FormField id="product-price" label={t.priceLabel} error={error("priceCents")} hint={t.priceHint}>
          <Input {...drawn("priceCents")} {...fieldAria("product-price", error("priceCents"), true)} inputMode="decimal" placeholder={t.pricePlaceholder} />
        </FormField>
        <fieldset className="grid gap-3" aria-describedby={error("delivery") ? "product-delivery-error" : undefined}>
          <legend className="mb-1 text-sm font-medium">{t.deliveryLabel}</legend>
          {(["file", "link"] as const).map((value) => (
            <label
              key={value}
              className="flex cursor-pointer items-start gap-3 rounded-lg border p-3 has-[:checked]:border-primary has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
            >
              <input
                type="radio"
                value={value}
                defaultChecked={(stored?.delivery ?? "file") === value}
                {...deliveryField}
                ref={keepTyped(deliveryField.ref)}
                aria-describedby={`product-delivery-${value}-hint`}
                className="mt-0.5 size-4 shrink-0 accent-primary outline-none"
              />
              <span className="grid gap-1">
                <span className="text-sm leading-snug font-medium">{value === "file" ? t.deliveryFile : t.deliveryLink}</span>
                <span id={`product-delivery-${value}-hint`} className="text-xs text-muted-foreground">
                  {value === "file" ? t.deliveryFileHint : t.deliveryLinkHint}
                </span>
              </span>
            </label>
          ))}
          {error("delivery") ? (
            <p id="product-delivery-error" className="text-sm font-medium text-destructive">
              {error("delivery")}
            </p>
          ) : null}
        </fieldset>
        {delivery === "link" ? (
          <FormField id="product-url" label={t.deliveryUrlLabel} error={error("url")} hint={t.deliveryUrlHint}>
            <Input
              {...drawn("url")}
              {...fieldAria("product-url", error("url"), true)}
              type="url"
              inputMode="url"
              placeholder="https://"
              autoCapitalize="none"
              spellCheck={false}
            />
          </FormField>
        ) : null}
        <FormField id="product-stock" label={t.stockLabel} error={error("stock")} hint={t.stockHint}>
          <Input {...drawn("stock")} {...fieldAria("product-stock", error("stock"), true)} inputMode="numeric" />
        </FormField>
        <ActiveSwitch control={form.control} />
        <BlockFormActions editing={editing} busy={busy} />
      </form>
      {link ? (
        <>
          {stored?.delivery === "file" ? (
            <ProductFileField blockId={link.id} />
          ) : delivery === "file" ? (
            <p className="text-sm text-muted-foreground">{t.fileAfterSave}</p>
          ) : null}
          <ThumbnailField link={link} />
        </>
      ) : (
        <p className="text-sm text-muted-foreground">{delivery === "file" ? `${t.fileAfterSave} ${t.imageNote}` : t.imageNote}</p>
      )}
    </div>
  );
}
