-- The admin search (contains on name, username, e-mail) uses trigram indexes.
-- pg_trgm is a trusted extension: a database owner may create it (PostgreSQL 13+);
-- the embedded database loads it in lib/server/database.ts (newPGlite).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- CreateIndex
CREATE INDEX "User_name_trgm_idx" ON "User" USING GIN ("name" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "User_username_trgm_idx" ON "User" USING GIN ("username" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "User_email_trgm_idx" ON "User" USING GIN ("email" gin_trgm_ops);
