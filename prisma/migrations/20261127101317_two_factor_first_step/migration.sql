-- AlterTable
ALTER TABLE "TwoFactorChallenge" ADD COLUMN     "firstStep" TEXT NOT NULL DEFAULT 'password';
