import "server-only";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { SchemaEngine } from "@prisma/schema-engine-wasm";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import type { SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";

// Prisma's native schema engine cannot be downloaded here, so migrations run on
// its WebAssembly build. Node 20 cannot import a .wasm module directly: the
// bytes are instantiated by hand against the package's JS glue.

type WasmGlue = {
  __wbg_set_wasm(exports: WebAssembly.Exports): void;
  SchemaEngine: { new: (...args: unknown[]) => Promise<SchemaEngine> };
};

let glue: Promise<WasmGlue> | undefined;

async function loadGlue(): Promise<WasmGlue> {
  const bg = (await import("@prisma/schema-engine-wasm/schema_engine_bg")) as unknown as WasmGlue;
  const bytes = await readFile(path.resolve(/*turbopackIgnore: true*/ process.cwd(), "node_modules/@prisma/schema-engine-wasm/schema_engine_bg.wasm"));
  const { instance } = await WebAssembly.instantiate(bytes, {
    "./schema_engine_bg.js": bg as unknown as WebAssembly.ModuleImports,
  });
  bg.__wbg_set_wasm(instance.exports);
  (instance.exports as { __wbindgen_start?: () => void }).__wbindgen_start?.();
  return bg;
}

export async function createSchemaEngine(
  schemaFiles: [string, string][],
  factory: SqlMigrationAwareDriverAdapterFactory,
  onLog: (message: string) => void = () => {},
): Promise<SchemaEngine> {
  glue ??= loadGlue();
  const mod = await glue;
  return mod.SchemaEngine.new({ datamodels: schemaFiles }, onLog, bindMigrationAwareSqlAdapterFactory(factory));
}
