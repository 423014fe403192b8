-- AlterTable
ALTER TABLE "DailyProfileStat" ADD COLUMN     "visitors" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "DailyBreakdownStat" (
    "userId" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "kind" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "views" INTEGER NOT NULL DEFAULT 0,
    "clicks" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "DailyBreakdownStat_pkey" PRIMARY KEY ("userId","day","kind","value")
);

-- CreateTable
CREATE TABLE "DailyLinkSourceStat" (
    "linkId" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "source" TEXT NOT NULL,
    "clicks" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "DailyLinkSourceStat_pkey" PRIMARY KEY ("linkId","day","source")
);

-- CreateTable
CREATE TABLE "DailyVisitorMark" (
    "userId" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "hash" TEXT NOT NULL,

    CONSTRAINT "DailyVisitorMark_pkey" PRIMARY KEY ("userId","day","hash")
);

-- CreateTable
CREATE TABLE "VisitorKey" (
    "day" DATE NOT NULL,
    "key" TEXT NOT NULL,

    CONSTRAINT "VisitorKey_pkey" PRIMARY KEY ("day")
);

-- CreateIndex
CREATE INDEX "DailyBreakdownStat_day_idx" ON "DailyBreakdownStat"("day");

-- CreateIndex
CREATE INDEX "DailyLinkSourceStat_day_idx" ON "DailyLinkSourceStat"("day");

-- CreateIndex
CREATE INDEX "DailyVisitorMark_day_idx" ON "DailyVisitorMark"("day");

-- CreateIndex
CREATE INDEX "DailyLinkStat_day_idx" ON "DailyLinkStat"("day");

-- AddForeignKey
ALTER TABLE "DailyBreakdownStat" ADD CONSTRAINT "DailyBreakdownStat_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DailyLinkSourceStat" ADD CONSTRAINT "DailyLinkSourceStat_linkId_fkey" FOREIGN KEY ("linkId") REFERENCES "Link"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DailyVisitorMark" ADD CONSTRAINT "DailyVisitorMark_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
