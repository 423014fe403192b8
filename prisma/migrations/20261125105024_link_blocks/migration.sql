-- AlterTable
ALTER TABLE "Link" ADD COLUMN     "pix" JSONB;
