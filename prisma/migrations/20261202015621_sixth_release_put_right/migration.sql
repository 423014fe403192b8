-- DropIndex
DROP INDEX "CustomDomain_domain_key";

-- AlterTable
ALTER TABLE "WebhookEndpoint" ADD COLUMN     "createdById" TEXT;

-- CreateIndex
CREATE INDEX "CustomDomain_domain_idx" ON "CustomDomain"("domain");

-- CreateIndex
CREATE UNIQUE INDEX "CustomDomain_active_domain_key" ON "CustomDomain"("domain") WHERE (status = 'active');

-- CreateIndex
CREATE INDEX "WebhookEndpoint_createdById_idx" ON "WebhookEndpoint"("createdById");

-- AddForeignKey
ALTER TABLE "WebhookEndpoint" ADD CONSTRAINT "WebhookEndpoint_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Endpoints made before creators were recorded: their page's earliest owner made them.
UPDATE "WebhookEndpoint" AS e SET "createdById" = (
  SELECT m."userId" FROM "PageMember" AS m WHERE m."pageId" = e."pageId" AND m."role" = 'owner' ORDER BY m."createdAt", m."userId" LIMIT 1
) WHERE e."createdById" IS NULL;
