-- The identity provider's tokens are no longer kept (docs/security.md "Accounts"): nothing calls
-- the provider after sign-in, so those already stored go. The columns stay: Better Auth's schema has them.
UPDATE "accounts" SET "access_token" = NULL, "refresh_token" = NULL, "id_token" = NULL
WHERE "access_token" IS NOT NULL OR "refresh_token" IS NOT NULL OR "id_token" IS NOT NULL;
