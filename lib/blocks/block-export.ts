import { blocks, type BlockRegistry } from "./registry";

// A block in the links' JSON export (GET /api/links/export): what POST
// /api/links and the import take back, its kind's own data under its field.

interface ExportableBlock {
  kind: string;
  title: string;
  url: string | null;
  active: boolean;
  highlighted: boolean;
  startsAt: string | null;
  endsAt: string | null;
  sensitive: boolean;
  openInApp: boolean;
}

export function exportedBlock(link: ExportableBlock & Record<string, unknown>, registry: BlockRegistry = blocks): Record<string, unknown> {
  const field = registry.get(link.kind)?.data?.field;
  const { kind, title, url, active, highlighted, startsAt, endsAt, sensitive, openInApp } = link;
  return { kind, title, url, ...(field ? { [field]: link[field] ?? null } : {}), active, highlighted, startsAt, endsAt, sensitive, openInApp };
}

/** Whether the links CSV (title, url, active) has a row for it: only the kinds that say so. */
export function inLinksCsv(kind: string, registry: BlockRegistry = blocks): boolean {
  return Boolean(registry.get(kind)?.csv);
}
