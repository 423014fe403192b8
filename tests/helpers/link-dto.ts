import type { LinkDto } from "@/lib/links/link-dto";

/**
 * A link object as the API answers it, for components' tests: a plain active
 * link unless `fields` says otherwise (a kind's data under its field, the
 * other kinds' fields null). `kind` may name one the app does not know, to
 * test how it is drawn.
 */
export function linkDto(fields: Partial<Record<keyof LinkDto, unknown>> = {}): LinkDto {
  return {
    id: "l1",
    kind: "link",
    title: "Vídeo",
    url: "https://exemplo.com",
    active: true,
    order: 0,
    clicks: 0,
    startsAt: null,
    endsAt: null,
    highlighted: false,
    thumbnailUrl: null,
    sensitive: false,
    openInApp: false,
    pix: null,
    subscribe: null,
    product: null,
    tip: null,
    ...fields,
  } as LinkDto;
}
