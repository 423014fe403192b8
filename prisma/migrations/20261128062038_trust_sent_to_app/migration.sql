-- AlterTable
ALTER TABLE "DailyProfileStat" ADD COLUMN     "sentToApp" INTEGER NOT NULL DEFAULT 0;
