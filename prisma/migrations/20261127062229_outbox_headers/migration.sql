-- AlterTable
ALTER TABLE "OutboxMessage" ADD COLUMN     "headers" TEXT;
