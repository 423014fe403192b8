-- CreateTable
CREATE TABLE "UnsubscribeLink" (
    "tokenHash" TEXT NOT NULL,
    "subscriberId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "UnsubscribeLink_pkey" PRIMARY KEY ("tokenHash")
);

-- CreateTable
CREATE TABLE "SignUpMailGate" (
    "pageId" TEXT NOT NULL,
    "hourStartedAt" TIMESTAMP(3) NOT NULL,
    "hourCount" INTEGER NOT NULL DEFAULT 0,
    "dayStartedAt" TIMESTAMP(3) NOT NULL,
    "dayCount" INTEGER NOT NULL DEFAULT 0,
    "stoppedAt" TIMESTAMP(3),
    "liftedAt" TIMESTAMP(3),

    CONSTRAINT "SignUpMailGate_pkey" PRIMARY KEY ("pageId")
);

-- CreateTable
CREATE TABLE "ConfirmationMail" (
    "id" TEXT NOT NULL,
    "pageId" TEXT NOT NULL,
    "subscriberId" TEXT,
    "sentAt" TIMESTAMP(3) NOT NULL,
    "confirmedAt" TIMESTAMP(3),

    CONSTRAINT "ConfirmationMail_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "UnsubscribeLink_subscriberId_idx" ON "UnsubscribeLink"("subscriberId");

-- CreateIndex
CREATE INDEX "UnsubscribeLink_createdAt_idx" ON "UnsubscribeLink"("createdAt");

-- CreateIndex
CREATE INDEX "SignUpMailGate_stoppedAt_idx" ON "SignUpMailGate"("stoppedAt");

-- CreateIndex
CREATE INDEX "ConfirmationMail_pageId_sentAt_idx" ON "ConfirmationMail"("pageId", "sentAt");

-- CreateIndex
CREATE INDEX "ConfirmationMail_subscriberId_idx" ON "ConfirmationMail"("subscriberId");

-- CreateIndex
CREATE INDEX "ConfirmationMail_sentAt_idx" ON "ConfirmationMail"("sentAt");

-- AddForeignKey
ALTER TABLE "UnsubscribeLink" ADD CONSTRAINT "UnsubscribeLink_subscriberId_fkey" FOREIGN KEY ("subscriberId") REFERENCES "Subscriber"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SignUpMailGate" ADD CONSTRAINT "SignUpMailGate_pageId_fkey" FOREIGN KEY ("pageId") REFERENCES "Page"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ConfirmationMail" ADD CONSTRAINT "ConfirmationMail_pageId_fkey" FOREIGN KEY ("pageId") REFERENCES "Page"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ConfirmationMail" ADD CONSTRAINT "ConfirmationMail_subscriberId_fkey" FOREIGN KEY ("subscriberId") REFERENCES "Subscriber"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Every existing unsubscribe link (the SHA-256 of HMAC(AUTH_SECRET, id), as
-- the fourth release stored it) becomes a stored link: it keeps working
-- whatever AUTH_SECRET becomes from now on.
INSERT INTO "UnsubscribeLink" ("tokenHash", "subscriberId", "createdAt")
SELECT "unsubscribeTokenHash", "id", "createdAt" FROM "Subscriber" WHERE "unsubscribeTokenHash" IS NOT NULL;

-- DropIndex
DROP INDEX "Subscriber_unsubscribeTokenHash_key";

-- AlterTable
ALTER TABLE "Subscriber" DROP COLUMN "unsubscribeTokenHash";

