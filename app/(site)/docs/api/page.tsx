import type { Metadata } from "next";
import { ApiReference } from "@/components/api-docs/api-reference";
import { apiReferenceStrings } from "@/lib/strings/api-reference";

// /docs/api: the API's reference, from /api/openapi.json's document (server-rendered).

export const metadata: Metadata = { title: apiReferenceStrings.pageTitle };

export default function ApiDocsPage() {
  return (
    <div className="mx-auto max-w-3xl space-y-4 p-4">
      <h1 className="text-2xl font-bold">{apiReferenceStrings.pageTitle}</h1>
      <ApiReference />
    </div>
  );
}
